// What the browser benchmarks share: the Mapello positions they search
// (built in the page from level-2 moves, on the empty map and on random
// maps), one timed search on the page's main thread, and the median.

/** The median of `values` (not empty). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * `count` positions `{ name, game }` built in `page` (a page of the site,
 * e.g. its `mapello_ai.js`): even ones on the empty map, odd ones on a
 * random map of `size` with 8 walls, 8 bonuses and 8 jokers, each after
 * `plies` moves of level 2 or as soon as no more than `empties` squares
 * are empty, `game` being `{ variant, map, moves }` as `Game` takes it.
 */
export function benchPositions(page, { count, plies, empties = 0, size = 8 }) {
  return page.evaluate(
    async ({ count, plies, empties, size }) => {
      const free = (snap) => {
        let k = 0;
        for (let y = 1; y <= snap.size; y += 1) {
          for (let x = 1; x <= snap.size; x += 1) k += ".+".includes(snap.cells[y * (snap.size + 2) + x]) ? 1 : 0;
        }
        return k;
      };
      const wasm = await import(new URL("mapello_ai.js", location.href).href);
      await wasm.default();
      const out = [];
      for (let i = 0; i < count; i += 1) {
        const map = i % 2 === 0 ? undefined : wasm.MapDraft.random(size, 8, 8, 8, 1000 + i).code();
        const game = new wasm.Game({ variant: "mapello", size, map });
        for (let k = 0; k < plies && game.snapshot().status !== "gameOver" && free(game.snapshot()) > empties; k += 1) {
          game.play(wasm.bestMove(game, { level: 2, seed: i * 100 + k }).move);
        }
        const name = `${map ? "random map" : "empty map"} #${i} (${free(game.snapshot())} empty)`;
        out.push({ name, game: { variant: "mapello", map: game.mapCode(), moves: game.transcript() } });
      }
      return out;
    },
    { count, plies, empties, size },
  );
}

/**
 * One `bestMove(game, options)` on `page`'s main thread (options as the
 * wasm API takes them: `{ level }` or `{ nodes }`, seeded 1):
 * `{ ms, nodes, depth }`.
 */
export function timedSearch(page, game, options) {
  return page.evaluate(
    async ({ game, options }) => {
      const wasm = await import(new URL("mapello_ai.js", location.href).href);
      await wasm.default();
      const g = new wasm.Game(game);
      const start = performance.now();
      const found = wasm.bestMove(g, { ...options, seed: 1 });
      g.free();
      return { ms: performance.now() - start, nodes: found.nodes, depth: found.depth };
    },
    { game, options },
  );
}
