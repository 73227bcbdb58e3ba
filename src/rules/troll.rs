//! Troll: the Reversi family's discs and flips on an empty 8 x 8 board, won
//! by joining one's own two edges with an orthogonal chain (docs/rules.md,
//! "Troll"). Black owns the top and bottom rows, White the left and right
//! columns; the corners belong to both.

use crate::bits::{shift, Bits, Size};
use crate::position::{Colour, Position};

use super::Board;

/// The only side length Troll is played on.
pub const SIZE: u32 = 8;

/// The two edges `c` must join: Black's top and bottom rows, White's left
/// and right columns.
#[inline(always)]
pub fn edges<S: Size>(c: Colour) -> [S::B; 2] {
    match c {
        Colour::Black => [S::FULL & !(S::FULL << S::N), S::FULL & !(S::FULL >> S::N)],
        Colour::White => [S::FULL & !S::NOT_A, S::FULL & !S::NOT_LAST],
    }
}

/// Every square of `c`'s edges.
#[inline(always)]
pub fn edge_squares<S: Size>(c: Colour) -> S::B {
    let [a, b] = edges::<S>(c);
    a | b
}

/// The squares of `discs` joined to `from` by orthogonal steps within
/// `discs`, found by spreading one step in the four directions at a time.
#[inline(always)]
fn fill<S: Size>(discs: S::B, from: S::B) -> S::B {
    let mut reached = discs & from;
    loop {
        let spread = reached
            | shift::<S>(reached, 0)
            | shift::<S>(reached, 1)
            | shift::<S>(reached, 2)
            | shift::<S>(reached, 3);
        let next = spread & discs;
        if next == reached {
            return reached;
        }
        reached = next;
    }
}

/// The discs of `discs` (all of colour `c`) on a chain joining `c`'s two
/// edges: those reached from both edges. Empty when `c` has not connected.
pub fn chain<S: Size>(discs: S::B, c: Colour) -> S::B {
    let [a, b] = edges::<S>(c);
    let from_a = fill::<S>(discs, a);
    if (from_a & b).is_empty() {
        return S::B::ZERO;
    }
    from_a & fill::<S>(discs, b)
}

/// True when the discs `discs` of colour `c` join `c`'s two edges.
#[inline(always)]
pub fn connected<S: Size>(discs: S::B, c: Colour) -> bool {
    let [a, b] = edges::<S>(c);
    !(fill::<S>(discs, a) & b).is_empty()
}

/// The colour that has connected in `pos`, if any. Only the last mover can
/// have (flips only add to the mover's discs), and two chains could not both
/// exist: they would cross on a square.
pub fn connector<S: Size>(pos: &Position<S>) -> Option<Colour> {
    let last = pos.side.other();
    if connected::<S>(pos.opp, last) {
        Some(last)
    } else if connected::<S>(pos.me, pos.side) {
        Some(pos.side)
    } else {
        None
    }
}

/// The legal moves of `side` with discs `p` against `o`: any empty square
/// off the opponent's edges, and a square on them only when it flips. None
/// once either side has connected.
#[inline]
pub fn moves_of<S: Size>(board: &Board<S>, p: S::B, o: S::B, side: Colour) -> S::B {
    if connected::<S>(o, side.other()) || connected::<S>(p, side) {
        return S::B::ZERO;
    }
    let theirs = edge_squares::<S>(side.other());
    let free = S::FULL & !(p | o);
    (free & !theirs) | (board.moves_of(p, o) & theirs)
}

/// [`moves_of`] for a position.
#[inline]
pub fn moves<S: Size>(board: &Board<S>, pos: &Position<S>) -> S::B {
    moves_of(board, pos.me, pos.opp, pos.side)
}

/// The position after the side to move plays `sq`, or `None` when that is
/// not a legal move.
pub fn play<S: Size>(board: &Board<S>, pos: &Position<S>, sq: u32) -> Option<Position<S>> {
    if sq >= S::N * S::N || !moves(board, pos).has(sq) {
        return None;
    }
    Some(board.apply(pos, sq, board.flips(pos, sq)))
}

#[cfg(test)]
pub(crate) mod tests;
