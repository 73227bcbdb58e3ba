//! How many discs the last move of a game flips, on an open 8 x 8 board
//! (no walls, no jokers), without building the flip set.
//!
//! With one empty square left, every other square holds a disc, so along
//! each of the four lines through the empty square the opponent's discs are
//! simply the squares that are not the mover's. The mover's discs on a line
//! are gathered into one byte (bit `i` for the line's `i`-th square), and a
//! table gives the discs flipped on that line for every byte and every
//! position of the empty square. Squares a diagonal lacks read as zero bits
//! past one end of the line: a run reaching them never meets an anchor, so
//! it flips nothing, exactly as at the edge.

/// `FLIPPED[pos][line]`: discs flipped on a full line of eight by a move on
/// square `pos`, for the mover's discs `line` (every other square, but
/// `pos`, is the opponent's).
static FLIPPED: [[u8; 256]; 8] = flipped_table();

const fn flipped_table() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut line = 0;
        while line < 256 {
            table[pos][line] = run(line, pos as i32, 1) + run(line, pos as i32, -1);
            line += 1;
        }
        pos += 1;
    }
    table
}

/// Opponent squares from `pos` (exclusive) in direction `step` up to the
/// mover's first disc, or 0 when the line ends first.
const fn run(line: usize, pos: i32, step: i32) -> u8 {
    let mut i = pos + step;
    let mut count = 0;
    while i >= 0 && i < 8 {
        if line >> i & 1 == 1 {
            return count;
        }
        count += 1;
        i += step;
    }
    0
}

/// Gathers the column-`0` squares of `b` (bits 0, 8, ..., 56) into one byte,
/// row `r` as bit `r`: the partial products of the multiplication never
/// overlap, so no carry disturbs the top byte.
#[inline(always)]
fn column_byte(b: u64) -> usize {
    ((b & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// Gathers a line holding at most one square per column into one byte,
/// column `c` as bit `c`: the multiplication adds up the eight bytes, whose
/// bits never overlap.
#[inline(always)]
fn by_columns(b: u64) -> usize {
    (b.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

/// The two diagonals through each square: `(down-right, down-left)` masks.
static DIAGONALS: [(u64, u64); 64] = diagonals();

const fn diagonals() -> [(u64, u64); 64] {
    let mut out = [(0u64, 0u64); 64];
    let mut sq = 0;
    while sq < 64 {
        let (x, y) = (sq % 8, sq / 8);
        let mut i = 0;
        while i < 64 {
            let (u, v) = (i % 8, i / 8);
            if u + y == v + x {
                out[sq].0 |= 1 << i;
            }
            if u + v == x + y {
                out[sq].1 |= 1 << i;
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// Discs flipped by `mover` playing on `sq`, the only empty square of an
/// open 8 x 8 board.
#[inline(always)]
pub(super) fn count(mover: u64, sq: u32) -> u32 {
    let (x, y) = ((sq % 8) as usize, (sq / 8) as usize);
    let (down_right, down_left) = DIAGONALS[sq as usize];
    let row = (mover >> (8 * y)) as u8 as usize;
    let column = column_byte(mover >> x);
    let diagonal = by_columns(mover & down_right);
    let anti = by_columns(mover & down_left);
    u32::from(FLIPPED[x][row])
        + u32::from(FLIPPED[y][column])
        + u32::from(FLIPPED[x][diagonal])
        + u32::from(FLIPPED[x][anti])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::S8;
    use crate::map::Map;
    use crate::rules::{Board, Variant};
    use rand_core::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn counts_agree_with_the_rules_on_full_boards() {
        let board = Board::<S8>::new(Variant::Othello, &Map::empty(8).unwrap()).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(40);
        for i in 0..200_000u64 {
            let sq = (i % 64) as u32;
            let empty = 1u64 << sq;
            // Sparse, dense and balanced boards all come up.
            let mover = match i % 3 {
                0 => rng.next_u64(),
                1 => rng.next_u64() & rng.next_u64(),
                _ => rng.next_u64() | rng.next_u64(),
            } & !empty;
            let opp = !mover & !empty;
            let want = board.flips_with::<false>(mover, opp, sq).count_ones();
            assert_eq!(count(mover, sq), want, "mover {mover:#x} square {sq}");
        }
    }
}
