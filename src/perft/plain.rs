//! Perft as defined: one position at a time, through the rules' public
//! calls alone. [`super::stream`] counts the same, many times faster; the
//! tests hold the two to agreement.

use crate::bits::{Bits, Size, Squares};
use crate::position::Position;
use crate::rules::{Rules, Status};

/// Leaves at every depth `1..=depth` below `pos` (element `d - 1` is perft
/// `d`), as [`super::Perft::perft_all`] counts them.
pub fn perft_all<S: Size, R: Rules<S>>(board: &R, pos: &Position<S>, depth: u32) -> Vec<u64> {
    let mut counts = vec![0; depth as usize];
    walk(board, pos, 0, &mut counts);
    counts
}

/// Adds the leaves below `pos`, which stands `ply` plies below the root, to
/// `counts`: a move or a pass is a ply, and a finished game is one leaf at
/// every depth beyond it.
fn walk<S: Size, R: Rules<S>>(board: &R, pos: &Position<S>, ply: usize, counts: &mut [u64]) {
    if ply == counts.len() {
        return;
    }
    match board.status(pos) {
        Status::GameOver => {
            for c in &mut counts[ply..] {
                *c += 1;
            }
        }
        Status::MustPass => {
            counts[ply] += 1;
            walk(board, &pos.passed(), ply + 1, counts);
        }
        Status::ToMove => {
            let moves = board.moves(pos);
            counts[ply] += u64::from(moves.count());
            for sq in Squares(moves) {
                walk(board, &board.play_legal(pos, sq), ply + 1, counts);
            }
        }
    }
}
