//! Perft: the number of move sequences of a given length, the standard check
//! of a move generator. A pass is a ply; a game that ends early is one leaf.

use crate::bits::{Bits, Size, Squares};
use crate::position::Position;
use crate::rules::Board;

/// Leaves of the game tree `depth` plies below `pos`.
pub fn perft<S: Size>(board: &Board<S>, pos: &Position<S>, depth: u32) -> u64 {
    perft_all(board, pos, depth).last().copied().unwrap_or(1)
}

/// Leaves at every depth `1..=depth` below `pos`, in one walk of the tree
/// (element `d - 1` is perft `d`); it costs no more than perft `depth` alone.
pub fn perft_all<S: Size>(board: &Board<S>, pos: &Position<S>, depth: u32) -> Vec<u64> {
    let mut counts = vec![0; depth as usize];
    if depth > 0 {
        walk(board, pos, 0, &mut counts);
    }
    counts
}

/// Adds the leaves below `pos`, which stands `ply` plies below the root, to
/// `counts`; the last ply is counted in bulk from the move sets.
fn walk<S: Size>(board: &Board<S>, pos: &Position<S>, ply: usize, counts: &mut [u64]) {
    let depth = counts.len();
    let moves = board.moves(pos);
    if moves.is_empty() {
        let passed = pos.passed();
        if board.moves(&passed).is_empty() {
            // The game is over: one leaf at every depth beyond this one.
            for c in &mut counts[ply..] {
                *c += 1;
            }
            return;
        }
        counts[ply] += 1;
        if ply + 1 < depth {
            walk(board, &passed, ply + 1, counts);
        }
        return;
    }
    counts[ply] += u64::from(moves.count());
    if ply + 2 == depth {
        // The grandchildren are counted right here, saving a call per child;
        // a child without moves (a pass or the end) is one leaf.
        counts[ply + 1] += Squares(moves)
            .map(|sq| u64::from(board.moves(&board.play_legal(pos, sq)).count().max(1)))
            .sum::<u64>();
    } else if ply + 2 < depth {
        for sq in Squares(moves) {
            walk(board, &board.play_legal(pos, sq), ply + 1, counts);
        }
    }
}
