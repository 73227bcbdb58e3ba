// Ready-made maps for the editor, as share codes (docs/formats.md), all within
// the default limits of 8 walls, 8 bonuses and 8 jokers.

/** `{ id, name, description, code }` for each preset, in menu order. */
export const PRESETS = [
  {
    id: "rulebook",
    name: "Rulebook example",
    description: "The example map of the rulebook: 3 walls, 3 bonuses, 4 jokers.",
    code: "18EwAAAAMAABIAABJRhCAAQAA",
  },
  {
    id: "open",
    name: "Open board",
    description: "No pieces at all: Othello with the Mapello start.",
    code: "18AAAAAAAAAAAAAAAAAAAAAAA",
  },
  {
    id: "fortress",
    name: "Fortress",
    description: "Walls around the centre and in the corners, four bonuses on the edges, jokers in the ring's corners.",
    code: "18NwkAG6UAAB0DAAlXAQIABAg",
  },
  {
    id: "joker-ring",
    name: "Joker ring",
    description: "Eight jokers in the middle of the ring's sides, nothing inside.",
    code: "18AAAAAAAAAAAAAAAAMAAPwAA",
  },
  {
    id: "bonus-hunt",
    name: "Bonus hunt",
    description: "Eight bonuses worth 3 points each, two walls in the way.",
    code: "18oqKiUaIAogABAgICAAAAAAA",
  },
  {
    id: "crossroads",
    name: "Crossroads",
    description: "Walls block the middle of every edge; jokers sit by the ring's corners.",
    code: "18bAAAAFFRAQEAAAAEAjHACAQ",
  },
  {
    id: "crowded",
    name: "Crowded",
    description: "Nearly every piece in the box: 8 walls, 7 bonuses, 8 jokers.",
    code: "18EiSiAAFTCQKiCQGNQghJIAE",
  },
];

/** The preset with this id, or undefined. */
export function presetById(id) {
  return PRESETS.find((p) => p.id === id);
}
