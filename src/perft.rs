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
/// `counts`. Past the Reversi opening the walk goes on in [`walk_discs`].
fn walk<S: Size>(board: &Board<S>, pos: &Position<S>, ply: usize, counts: &mut [u64]) {
    if !board.in_opening(pos) {
        if board.has_jokers() {
            walk_discs::<S, true>(board, pos.me, pos.opp, ply, counts);
        } else {
            walk_discs::<S, false>(board, pos.me, pos.opp, ply, counts);
        }
        return;
    }
    // Every opening move is legal and there is no pass.
    let moves = board.moves(pos);
    counts[ply] += u64::from(moves.count());
    if ply + 1 < counts.len() {
        for sq in Squares(moves) {
            walk(board, &board.play_legal(pos, sq), ply + 1, counts);
        }
    }
}

/// [`walk`] after the opening, on the discs alone (`p` the mover's, `o` the
/// opponent's): bonuses and the side to move never change a count. The last
/// ply is counted in bulk from the move sets.
fn walk_discs<S: Size, const JOKERS: bool>(
    board: &Board<S>,
    p: S::B,
    o: S::B,
    ply: usize,
    counts: &mut [u64],
) {
    let depth = counts.len();
    let moves = board.moves_with::<JOKERS>(p, o);
    if moves.is_empty() {
        if board.moves_with::<JOKERS>(o, p).is_empty() {
            // The game is over: one leaf at every depth beyond this one.
            for c in &mut counts[ply..] {
                *c += 1;
            }
            return;
        }
        counts[ply] += 1;
        if ply + 1 < depth {
            walk_discs::<S, JOKERS>(board, o, p, ply + 1, counts);
        }
        return;
    }
    counts[ply] += u64::from(moves.count());
    if ply + 2 == depth {
        // The grandchildren are counted right here, saving a call per child;
        // a child without moves (a pass or the end) is one leaf.
        let mut leaves = 0;
        for sq in Squares(moves) {
            let flips = board.flips_with::<JOKERS>(p, o, sq);
            let child = board.moves_with::<JOKERS>(o & !flips, p | flips | S::B::bit(sq));
            leaves += u64::from(child.count().max(1));
        }
        counts[ply + 1] += leaves;
    } else if ply + 2 < depth {
        for sq in Squares(moves) {
            let flips = board.flips_with::<JOKERS>(p, o, sq);
            walk_discs::<S, JOKERS>(
                board,
                o & !flips,
                p | flips | S::B::bit(sq),
                ply + 1,
                counts,
            );
        }
    }
}
