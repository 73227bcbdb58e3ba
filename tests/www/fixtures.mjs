// What several unit test files build alike: a Storage in memory and an
// entry of the saved games.

/** The rulebook map's code. */
export const MAP = "18EwAAAAMAABIAABJRhCAAQAA";

/** A Storage held in memory, its `items` open to the test. */
export function memory(initial = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    removeItem: (k) => items.delete(k),
    items,
  };
}

/** A saved games entry of a game against the computer on the rulebook map after `moves`; `more` overrides. */
export function archived(moves, more = {}) {
  return {
    id: "id",
    date: "2026-11-26T10:00:00.000Z",
    game: { map: MAP, variant: "mapello", moves },
    players: ["Black (you)", "White (computer, level 4)"],
    seat: "black",
    result: "",
    state: "abandoned",
    ...more,
  };
}
