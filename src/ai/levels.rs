//! The AI levels, weakest first. Every budget is a node count, so a match
//! replays exactly for a seed whatever the machine. Level 8 answers in
//! well under a second in the browser.
//!
//! The expert levels 9 and 10 have a time as well, for a player who waits
//! for them: the page plays them by [`Level::timed`], at most about 1 s
//! and 3 s a move on whatever machine it runs on, where a node budget took
//! 18 s in a loaded browser. A timed search starts no new
//! iteration once 40% of its time is gone (the next one would cost several
//! times the last) and stops the one in progress at the deadline, keeping
//! the last completed iteration's move unless the unfinished one already
//! found a better one. The command line keeps the node budgets, so
//! `mapello match` and `bestmove --level` replay exactly for a seed.
//!
//! | level | midgame search | timed (the page) | exact from | win-draw-loss from | noise (points) |
//! |---|---|---|---|---|---|
//! | 1 | depth 1 | | 4 empties | | 8 |
//! | 2 | depth 1 | | 6 empties | | 2 |
//! | 3 | depth 2 | | 8 empties | | 0 |
//! | 4 | depth 3 | | 10 empties | | 0 |
//! | 5 | depth 4, 15 000 nodes | | 12 empties | | 0 |
//! | 6 | 25 000 nodes | | 12 empties | | 0 |
//! | 7 | 150 000 nodes | | 14 empties | | 0 |
//! | 8 | 800 000 nodes | | 16 empties | | 0 |
//! | 9 | 9 000 000 nodes (6 x 6: 2 300 000, 10 x 10: 4 000 000) | 1 000 ms | 18 empties | 20 empties | 0 |
//! | 10 | 25 000 000 nodes (6 x 6: 7 000 000, 10 x 10: 10 000 000) | 3 000 ms | 20 empties | 22 empties | 0 |
//!
//! Levels 6 and up play the opening book's moves on 8 x 8 Othello
//! ([`super::book`]).
//!
//! A solve shares the node budget: when it cannot finish, the midgame
//! result stands (a shallow one: the search before a solve stops early,
//! at depth 8 or a quarter of the budget). A win-draw-loss solve (is the
//! value above or below zero?) costs a tenth to a hundredth of an exact
//! one, so the expert levels prove the game's result two empties before
//! they solve its margin, as strong engines do, and go on to solve the
//! margin with whatever budget the proof leaves. Each level's points are
//! the largest whose solves nearly always finish within its node budget
//! (docs/benchmarks.md, "The expert levels' solve points"; before them
//! levels 9 and 10 solved exactly from 17 and 18 empties only: the
//! `plain:` players).
//!
//! How the expert budgets were calibrated, with the figures measured:
//! docs/benchmarks.md, "Calibrating the expert levels".

use crate::map::SIZES;

use super::budget::Budget;
use super::search::Options;

/// One level's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// Deepest midgame iteration.
    pub depth: Option<u32>,
    /// Node budget of a move on each board size of [`SIZES`].
    pub nodes: Option<[u64; SIZES.len()]>,
    /// Milliseconds a move when a player waits for it ([`Level::timed`]).
    pub time_ms: Option<f64>,
    /// Free squares from which the level solves exactly.
    pub endgame: u32,
    /// Free squares from which it solves for the win, draw or loss alone
    /// (as many as `endgame` when it does not).
    pub wld: u32,
    /// Random amount added to each move's value, in points.
    pub noise: f64,
    /// Plays from the opening book where it has the position.
    pub book: bool,
    /// The exact point before the win-draw-loss solves and the book (the
    /// `plain:` players keep it, to measure the change against).
    pub plain_endgame: u32,
}

/// Every level, weakest first (level `k` is `LEVELS[k - 1]`).
pub const LEVELS: [Level; 10] = [
    level(Some(1), None, 4, 8.0, false),
    level(Some(1), None, 6, 2.0, false),
    level(Some(2), None, 8, 0.0, false),
    level(Some(3), None, 10, 0.0, false),
    level(Some(4), Some(15_000), 12, 0.0, false),
    level(None, Some(25_000), 12, 0.0, true),
    level(None, Some(150_000), 14, 0.0, true),
    level(None, Some(800_000), 16, 0.0, true),
    expert([2_300_000, 9_000_000, 4_000_000], 1_000.0, [18, 20], 17),
    expert([7_000_000, 25_000_000, 10_000_000], 3_000.0, [20, 22], 18),
];

/// A level with the same budget on every board size.
const fn level(
    depth: Option<u32>,
    nodes: Option<u64>,
    endgame: u32,
    noise: f64,
    book: bool,
) -> Level {
    Level {
        depth,
        nodes: match nodes {
            Some(k) => Some([k; SIZES.len()]),
            None => None,
        },
        time_ms: None,
        endgame,
        wld: endgame,
        noise,
        book,
        plain_endgame: endgame,
    }
}

/// An expert level: a node budget for each board size, so that it thinks
/// for about `time_ms` on each, and that time for a player who waits; it
/// solves exactly and for the win from `[exact, wld]` empties, where it
/// solved exactly from `plain_endgame` before.
const fn expert(
    nodes: [u64; SIZES.len()],
    time_ms: f64,
    [endgame, wld]: [u32; 2],
    plain_endgame: u32,
) -> Level {
    Level {
        depth: None,
        nodes: Some(nodes),
        time_ms: Some(time_ms),
        endgame,
        wld,
        noise: 0.0,
        book: true,
        plain_endgame,
    }
}

/// The strongest level.
pub const MAX_LEVEL: u32 = LEVELS.len() as u32;

impl Level {
    /// Level `k` (1-based), if it exists.
    pub fn get(k: u32) -> Option<Level> {
        LEVELS.get((k as usize).checked_sub(1)?).copied()
    }

    /// The node budget of a move on an `n` x `n` board (8 x 8's on a
    /// size the game does not have).
    pub fn nodes(&self, n: u32) -> Option<u64> {
        let i = SIZES.iter().position(|&s| s == n).unwrap_or(1);
        self.nodes.map(|k| k[i])
    }

    /// Search options for this level on an `n` x `n` board with `seed`.
    pub fn options(&self, n: u32, seed: u64) -> Options {
        Options {
            budget: Budget {
                depth: self.depth,
                nodes: self.nodes(n),
                time_ms: None,
            },
            endgame: self.endgame,
            wld: self.wld,
            book: self.book,
            noise: self.noise,
            seed,
            part: None,
            threads: 1,
        }
    }

    /// The level as it was before the win-draw-loss solves and the book:
    /// the `plain:` players.
    pub fn plain(&self) -> Level {
        Level {
            endgame: self.plain_endgame,
            wld: self.plain_endgame,
            book: false,
            ..*self
        }
    }

    /// As [`Level::options`], but a level with a time thinks for that time
    /// instead of its node budget, whatever the machine's speed.
    pub fn timed(&self, n: u32, seed: u64) -> Options {
        let mut options = self.options(n, seed);
        if let Some(time_ms) = self.time_ms {
            options.budget = Budget::time(time_ms);
        }
        options
    }
}
