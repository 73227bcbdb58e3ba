//! The AI: search, exact endgame solver, evaluation, levels and baseline
//! players, generic over the board size and every variant.

pub mod balance;
pub mod book;
pub(crate) mod budget;
pub(crate) mod clock;
pub(crate) mod endgame;
pub mod engine;
pub(crate) mod eval;
mod last_flip;
pub mod levels;
pub mod matches;
pub(crate) mod net;
pub mod players;
pub(crate) mod pos;
mod pvs;
pub mod review;
pub(crate) mod search;
pub(crate) mod stability;
pub(crate) mod terrain;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod train;
pub(crate) mod troll;
pub(crate) mod tt;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod tune;
pub(crate) mod weights;

use std::sync::atomic::AtomicBool;

pub use budget::Budget;
pub use levels::{Level, LEVELS, MAX_LEVEL};
pub use players::{Kind, KindError};
pub use search::Options;

use crate::game::AnyGame;
use crate::square::Move;
use engine::Engine;

/// An exact result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// A best move (a pass when the side to move has none).
    pub best: Move,
    /// For the side to move: the exact final margin, bonus points
    /// included; in Troll 1 a win, 0 a draw, -1 a loss.
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Solves the current position of `game` exactly within `budget` (the
/// Reversi family's solves need none: [`Budget::default`]); `None` when
/// the budget ran out or `cancel` was raised first.
pub fn solve(game: &AnyGame, budget: Budget, cancel: Option<&AtomicBool>) -> Option<Solved> {
    crate::with_game!(game, g => g.rules().solve(g.position(), budget, cancel))
}

/// What `bestmove` reports.
#[derive(Clone, Debug, PartialEq)]
pub struct BestMove {
    /// The move to play (a pass when there is none).
    pub best: Move,
    /// For the side to move, in the game's unit (see [`Engine::best_move`]):
    /// the expected final margin in points (exact when `exact`), bonus
    /// points already taken included; in Troll discs of chain.
    pub score: f64,
    /// Deepest completed iteration (empties when exact).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line.
    pub pv: Vec<Move>,
    /// True when the score is exact.
    pub exact: bool,
    /// True when the move is the opening book's (no search: depth and
    /// nodes are 0, the score is the book's value).
    pub book: bool,
}

/// Searches the current position of `game` with `options`, calling
/// `progress` after each iteration.
pub fn best_move(
    game: &AnyGame,
    options: &search::Options,
    cancel: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&BestMove),
) -> BestMove {
    crate::with_game!(game, g => g.rules().best_move(g.position(), options, cancel, progress))
}

/// Whether `game`'s strongest evaluation would add pattern tables the
/// program does not have yet: the page's worker then fetches the file for
/// [`install_patterns`].
pub fn wants_patterns(game: &AnyGame) -> bool {
    crate::with_game!(game, g => g.rules().wants_patterns())
}

/// Makes the pattern tables of the file `bytes` (`src/ai/net/o8.bin`) the
/// program's, for the searches that start after; returns the weights they
/// set, or why the file is refused. Tables installed already stay.
pub fn install_patterns(bytes: &[u8]) -> Result<usize, impl std::error::Error> {
    net::patterns::install(bytes)
}

/// The value of every legal move of `game`'s position, best first, for the
/// side to move in the game's unit (points, bonus points already taken
/// included; in Troll discs of chain).
pub fn hints(
    game: &AnyGame,
    options: &search::Options,
    cancel: Option<&AtomicBool>,
) -> Vec<(Move, f64)> {
    crate::with_game!(game, g => g.rules().hints(g.position(), options, cancel))
}
