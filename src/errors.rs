//! Error types shared by the readers and the rules.

use thiserror::Error;

use crate::square::Square;

/// Input that could not be read; the message says what and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct ParseError(pub String);

impl ParseError {
    /// An error with the given message.
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError(message.into())
    }
}

/// A move that the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The square is occupied, a wall, or flips nothing.
    #[error("{} is not a legal move", square.name(*size))]
    Illegal {
        /// The square played.
        square: Square,
        /// The board's side, which names the square.
        size: u32,
    },
    /// A pass while a move exists.
    #[error("cannot pass: a legal move exists")]
    PassWithMoves,
    /// Any move after the end.
    #[error("the game is over")]
    GameOver,
}
