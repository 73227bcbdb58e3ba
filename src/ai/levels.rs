//! The AI levels, weakest first. Every budget is a node count, so a match
//! replays exactly for a seed whatever the machine; the strongest answers
//! in about a second in the browser.
//!
//! | level | midgame search | exact from | noise (points) |
//! |---|---|---|---|
//! | 1 | depth 1 | 4 empties | 8 |
//! | 2 | depth 1 | 6 empties | 2 |
//! | 3 | depth 2 | 8 empties | 0 |
//! | 4 | depth 3 | 10 empties | 0 |
//! | 5 | depth 4, 15 000 nodes | 12 empties | 0 |
//! | 6 | 25 000 nodes | 12 empties | 0 |
//! | 7 | 150 000 nodes | 14 empties | 0 |
//! | 8 | 800 000 nodes | 16 empties | 0 |
//!
//! The exact solve shares the node budget: when it cannot finish, the
//! midgame result stands.

use super::budget::Budget;
use super::search::Options;

/// One level's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// Deepest midgame iteration.
    pub depth: Option<u32>,
    /// Node budget of a move.
    pub nodes: Option<u64>,
    /// Free squares from which the level solves exactly.
    pub endgame: u32,
    /// Random amount added to each move's value, in points.
    pub noise: f64,
}

/// Every level, weakest first (level `k` is `LEVELS[k - 1]`).
pub const LEVELS: [Level; 8] = [
    level(Some(1), None, 4, 8.0),
    level(Some(1), None, 6, 2.0),
    level(Some(2), None, 8, 0.0),
    level(Some(3), None, 10, 0.0),
    level(Some(4), Some(15_000), 12, 0.0),
    level(None, Some(25_000), 12, 0.0),
    level(None, Some(150_000), 14, 0.0),
    level(None, Some(800_000), 16, 0.0),
];

const fn level(depth: Option<u32>, nodes: Option<u64>, endgame: u32, noise: f64) -> Level {
    Level {
        depth,
        nodes,
        endgame,
        noise,
    }
}

/// The strongest level.
pub const MAX_LEVEL: u32 = LEVELS.len() as u32;

impl Level {
    /// Level `k` (1-based), if it exists.
    pub fn get(k: u32) -> Option<Level> {
        LEVELS.get((k as usize).checked_sub(1)?).copied()
    }

    /// Search options for this level with `seed`.
    pub fn options(&self, seed: u64) -> Options {
        Options {
            budget: Budget {
                depth: self.depth,
                nodes: self.nodes,
                time_ms: None,
            },
            endgame: self.endgame,
            noise: self.noise,
            seed,
        }
    }
}
