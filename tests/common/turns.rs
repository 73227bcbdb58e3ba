//! What the two plain references (tests/reference.rs for Mapello, Othello
//! and Reversi, tests/troll_reference.rs for Troll) share: the directions a
//! move walks, and a status that follows from the legal moves alone.

use mapello::Status;

/// The eight directions a move walks from its square, as (dx, dy).
pub(crate) const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// A reference state that knows its legal moves and can pass.
pub(crate) trait Turns: Sized {
    /// The squares the side to move may play, as (x, y).
    fn legal(&self) -> Vec<(i32, i32)>;

    /// The same state with the other side to move.
    fn passed(&self) -> Self;

    /// In every variant the side to move passes only when it has no move
    /// and its opponent has one; the game ends when neither has.
    fn status(&self) -> Status {
        if !self.legal().is_empty() {
            Status::ToMove
        } else if !self.passed().legal().is_empty() {
            Status::MustPass
        } else {
            Status::GameOver
        }
    }
}
