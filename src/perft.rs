//! Perft: the number of move sequences of a given length, the standard check
//! of a move generator. A pass is a ply; a game that ends early is one leaf.

use crate::bits::{Bits, Size, Squares};
use crate::position::Position;
use crate::rules::Board;

/// Leaves of the game tree `depth` plies below `pos`.
pub fn perft<S: Size>(board: &Board<S>, pos: &Position<S>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves(pos);
    if depth == 1 {
        // No move means a pass or the end of the game: one leaf either way.
        return u64::from(moves.count().max(1));
    }
    if depth == 2 && !moves.is_empty() {
        // The children are counted in bulk right here, saving a call per child.
        return Squares(moves)
            .map(|sq| u64::from(board.moves(&board.play_legal(pos, sq)).count().max(1)))
            .sum();
    }
    if moves.is_empty() {
        let passed = pos.passed();
        if board.moves(&passed).is_empty() {
            return 1;
        }
        return perft(board, &passed, depth - 1);
    }
    Squares(moves)
        .map(|sq| perft(board, &board.play_legal(pos, sq), depth - 1))
        .sum()
}
