// FFO endgame positions #40-#44 for the solver benches: number, OBF, the
// best moves and the exact score for the side to move.
export const FFO = [
  [40, "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X", ["a2"], 38],
  [41, "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X", ["h4"], 0],
  [42, "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X", ["g2"], 6],
  [43, "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O", ["g3", "c7"], -12],
  [44, "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O", ["d2", "b8"], -14],
];

/** Throws unless `best` and `score`, `who`'s solve of FFO #`number`, are one of `moves` and `want`. */
export function check(who, number, best, score, moves, want) {
  if (score !== want || !moves.includes(best)) {
    throw new Error(`FFO #${number} (${who}): ${best} ${score}, expected ${moves.join(" or ")} ${want}`);
  }
}
