//! Blocs, a game for Othello discs on a 4 x 4 board (seed 003, RULES.md).
//!
//! Players take turns putting a disc on an empty square with either face up
//! (they own no colour). Once the board is full the turns run on and each
//! move flips every disc of a rectangle whose lower-right disc shows black.
//! Whoever makes the last move (the board all white) wins.
//!
//! The board is two 16-bit masks, bit `i` for square `i` in reading order
//! (`a1` top-left, `d4` lower-right). [`Solver`] solves both phases exactly;
//! [`ai`] plays at several levels on top of it.
//!
//! ```
//! use mapello::blocs::{Move, Position, Solver};
//!
//! let mut pos = Position::START;
//! for text in ["a1X", "b1O"] {
//!     pos = pos.play(text.parse::<Move>().unwrap()).unwrap();
//! }
//! assert_eq!(pos.moves().len(), 2 * 14);
//! let solver = Solver::shared();
//! assert_eq!(solver.winning_moves(&pos).is_empty(), !solver.wins(&pos));
//! ```

pub mod ai;
pub mod diagram;
mod moves;
mod position;
mod solver;
mod square;
pub mod transcript;

pub use moves::{Move, NotationError, Rect};

/// Moves of the longest game: 16 placements, then 1,007 flips from an
/// all-black board (tests/blocs.rs finds it by search). Every flip lowers
/// the black mask read as a number, so no game is longer.
pub const LONGEST_GAME: usize = 16 + 1007;
pub use position::{perft, IllegalMove, MoveError, Phase, Position, SetupError, FULL};
pub use solver::{Solution, Solver};
pub use square::{Face, Player, Square};

#[cfg(test)]
mod tests;
