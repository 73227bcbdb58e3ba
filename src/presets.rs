//! The ready-made Mapello maps: a catalogue for each board size, which the
//! page's editor offers and whose first map of a size is the one a new
//! Mapello game of that size starts on. Each is a share code
//! (docs/formats.md) within the default limits of 8 of each piece; their
//! balance, as the AI measures it, is listed in docs/formats.md and checked
//! by tests/presets.rs.
//!
//! ```
//! use mapello::presets;
//!
//! assert_eq!(presets::default_for(8).unwrap().id, "rulebook");
//! assert_eq!(presets::by_id("fortress-10").unwrap().size, 10);
//! assert!(presets::default_for(7).is_none());
//! ```

use serde::Serialize;

/// One ready-made map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Preset {
    /// A name unique in the catalogue, kept stable for links and tests.
    pub id: &'static str,
    /// The name players read.
    pub name: &'static str,
    /// One sentence on what is on the map.
    pub description: &'static str,
    /// The inner side of the board.
    pub size: u32,
    /// The map as a share code.
    pub code: &'static str,
}

/// Every preset, grouped by size, each size's default first. The 6 x 6 and
/// 10 x 10 maps follow the 8 x 8 themes, their pieces moved a square or two
/// until the balance meter read near 0.
#[rustfmt::skip]
pub const PRESETS: &[Preset] = &[
    Preset { id: "starter-6", name: "Starter", size: 6, code: "16AAkCAFcAAAQIAQI",
        description: "A first map for the small board: 2 walls, 2 bonuses, 4 jokers." },
    Preset { id: "open-6", name: "Open board", size: 6, code: "16AAAAAAAAAAAAAAA",
        description: "No pieces at all: Othello with the Mapello start." },
    Preset { id: "fortress-6", name: "Fortress", size: 6, code: "16N20Sqxs5A4EAEAg",
        description: "Walls around the centre and in the corners, four bonuses on the edges, jokers in the ring's corners." },
    Preset { id: "joker-ring-6", name: "Joker ring", size: 6, code: "16AAAAAAAAABhwQgE",
        description: "Eight jokers about the middle of the ring's sides, nothing inside." },
    Preset { id: "bonus-hunt-6", name: "Bonus hunt", size: 6, code: "16qA8GAFM4AgAAAAA",
        description: "Eight bonuses worth 3 points each, two walls in the way." },
    Preset { id: "crossroads-6", name: "Crossroads", size: 6, code: "16CQAJUQBRAEIJLAQ",
        description: "Walls block the middle of every edge; jokers sit by the ring's corners." },
    Preset { id: "rulebook", name: "Rulebook", size: 8, code: "18EwAAAAMAABIAABJRhCAAQAA",
        description: "The example map of the rulebook: 3 walls, 3 bonuses, 4 jokers." },
    Preset { id: "open", name: "Open board", size: 8, code: "18AAAAAAAAAAAAAAAAAAAAAAA",
        description: "No pieces at all: Othello with the Mapello start." },
    Preset { id: "fortress", name: "Fortress", size: 8, code: "18NwkAG6UAAB0DAAlXAQIABAg",
        description: "Walls around the centre and in the corners, four bonuses on the edges, jokers in the ring's corners." },
    Preset { id: "joker-ring", name: "Joker ring", size: 8, code: "18AAAAAAAAAAAAAAAAMAAPwAA",
        description: "Eight jokers in the middle of the ring's sides, nothing inside." },
    Preset { id: "bonus-hunt", name: "Bonus hunt", size: 8, code: "18oqKiUaIAogABAgICAAAAAAA",
        description: "Eight bonuses worth 3 points each, two walls in the way." },
    Preset { id: "crossroads", name: "Crossroads", size: 8, code: "18bAAAAFFRAQEAAAAEAjHACAQ",
        description: "Walls block the middle of every edge; jokers sit by the ring's corners." },
    Preset { id: "crowded", name: "Crowded", size: 8, code: "18EiSiAAFTCQKiCQGNQghJIAE",
        description: "Nearly every piece in the box: 8 walls, 7 bonuses, 8 jokers." },
    Preset { id: "starter-10", name: "Starter", size: 10, code: "110AAADAAAFAAAAqABRAAAAAFcAAACIAAIEEAE",
        description: "A first map for the large board: 4 walls, 4 bonuses, 6 jokers." },
    Preset { id: "open-10", name: "Open board", size: 10, code: "110AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        description: "No pieces at all: Othello with the Mapello start." },
    Preset { id: "fortress-10", name: "Fortress", size: 10, code: "110AVEAAKIAAAEdAAkCAAABAAYDAAEBCAAAAQg",
        description: "Walls around the centre and in the corners, four bonuses on the edges, jokers in the ring's corners." },
    Preset { id: "joker-ring-10", name: "Joker ring", size: 10, code: "110AAAAAAAAAAAAAAAAAAAAAAAAAABgAPAAYAA",
        description: "Eight jokers in the middle of the ring's sides, nothing inside." },
    Preset { id: "bonus-hunt-10", name: "Bonus hunt", size: 10, code: "110AAASElc2AAAAAAAAABKrNjYAAAAAAAAAAAA",
        description: "Eight bonuses worth 3 points each, two walls in the way." },
    Preset { id: "crossroads-10", name: "Crossroads", size: 10, code: "110UQMAAAAAAAABJAABAAAAAAAABAACNADAAgQ",
        description: "Walls block the middle of every edge, the top pair set apart to even the game; jokers sit by the ring's corners." },
];

/// Every preset of boards of side `size`, the default first.
pub fn of_size(size: u32) -> impl Iterator<Item = &'static Preset> {
    PRESETS.iter().filter(move |p| p.size == size)
}

/// The map a new Mapello game of side `size` starts on, if the size has presets.
pub fn default_for(size: u32) -> Option<&'static Preset> {
    of_size(size).next()
}

/// The preset named `id`.
pub fn by_id(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}
