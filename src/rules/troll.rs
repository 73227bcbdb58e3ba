//! Troll: the Reversi family's discs and flips on an empty 8 x 8 board, won
//! by joining one's own two edges with an orthogonal chain (docs/rules.md,
//! "Troll"). Black owns the top and bottom rows, White the left and right
//! columns; the corners belong to both.

use crate::bits::{shift, Bits, Size};
use crate::position::{Colour, Position};

use crate::map::Map;
use crate::rules::variant::{Spec, Start};
use crate::rules::{Board, BoardError, Refusal, Rules, Variant};
use crate::square::Square;

impl Variant {
    /// Empty 8 x 8 start; the first to join their two edges wins. Played by
    /// its own rules, [`Troll`].
    #[allow(non_upper_case_globals)]
    pub const Troll: Variant = Variant::of(&Spec {
        name: "troll",
        maps: false,
        start: Start::EMPTY,
        centre_first: false,
        empties_to_winner: false,
        reversi_family: false,
    });
}

/// The only side length Troll is played on.
pub(crate) const SIZE: u32 = 8;

/// The two edges `c` must join: Black's top and bottom rows, White's left
/// and right columns.
#[inline(always)]
pub(crate) fn edges<S: Size>(c: Colour) -> [S::B; 2] {
    match c {
        Colour::Black => [S::FULL & !(S::FULL << S::N), S::FULL & !(S::FULL >> S::N)],
        Colour::White => [S::FULL & !S::NOT_A, S::FULL & !S::NOT_LAST],
    }
}

/// Every square of `c`'s edges.
#[inline(always)]
pub(crate) fn edge_squares<S: Size>(c: Colour) -> S::B {
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
pub(crate) fn chain<S: Size>(discs: S::B, c: Colour) -> S::B {
    let [a, b] = edges::<S>(c);
    let from_a = fill::<S>(discs, a);
    if (from_a & b).is_empty() {
        return S::B::ZERO;
    }
    from_a & fill::<S>(discs, b)
}

/// True when the discs `discs` of colour `c` join `c`'s two edges.
#[inline(always)]
pub(crate) fn connected<S: Size>(discs: S::B, c: Colour) -> bool {
    let [a, b] = edges::<S>(c);
    !(fill::<S>(discs, a) & b).is_empty()
}

/// The colour that has connected in `pos`, if any. Only the last mover can
/// have (flips only add to the mover's discs), and two chains could not both
/// exist: they would cross on a square.
pub(crate) fn connector<S: Size>(pos: &Position<S>) -> Option<Colour> {
    let last = pos.side.other();
    if connected::<S>(pos.opp, last) {
        Some(last)
    } else if connected::<S>(pos.me, pos.side) {
        Some(pos.side)
    } else {
        None
    }
}

/// Troll's rules: the Reversi family's flips on an empty 8 x 8 board, moves
/// on the opponent's edges only where they flip, and a game won by joining
/// one's own edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Troll<S: Size> {
    /// Othello's flips from an empty start, on an empty map.
    board: Board<S>,
}

impl<S: Size> Troll<S> {
    /// Troll on `map`, which must be an empty 8 x 8 map.
    pub fn new(map: &Map) -> Result<Troll<S>, BoardError> {
        if map.pieces().next().is_some() {
            return Err(BoardError::PiecesNotAllowed(Variant::Troll.name()));
        }
        if map.size() != SIZE || S::N != SIZE {
            return Err(BoardError::TrollSize(map.size()));
        }
        Ok(Troll {
            board: Board::plain(Variant::Troll, map),
        })
    }

    /// The legal moves of `side` with discs `p` against `o`: any empty
    /// square off the opponent's edges, and a square on them only when it
    /// flips. None once either side has connected.
    #[inline]
    pub fn moves_of(&self, p: S::B, o: S::B, side: Colour) -> S::B {
        if connected::<S>(o, side.other()) || connected::<S>(p, side) {
            return S::B::ZERO;
        }
        let theirs = edge_squares::<S>(side.other());
        let free = S::FULL & !(p | o);
        (free & !theirs) | (self.flipping(p, o) & theirs)
    }

    /// The squares where the mover's discs `p` would flip some of `o`.
    #[inline]
    pub fn flipping(&self, p: S::B, o: S::B) -> S::B {
        self.board.moves_of(p, o)
    }

    /// The discs of `o` a disc of the mover's on `sq` would flip.
    #[inline]
    pub fn flips_of(&self, p: S::B, o: S::B, sq: u32) -> S::B {
        self.board.flips_of(p, o, sq)
    }
}

impl<S: Size> Rules<S> for Troll<S> {
    fn refusal_of_empty(&self, pos: &Position<S>, sq: u32) -> Refusal {
        let theirs = pos.side.other();
        if edge_squares::<S>(theirs).has(sq) {
            Refusal::OpponentEdge(theirs)
        } else {
            Refusal::NoFlip
        }
    }

    fn variant(&self) -> Variant {
        Variant::Troll
    }

    fn map(&self) -> &Map {
        self.board.map()
    }

    /// The empty board, Black to move.
    fn start(&self) -> Position<S> {
        self.board.start()
    }

    #[inline]
    fn moves(&self, pos: &Position<S>) -> S::B {
        self.moves_of(pos.me, pos.opp, pos.side)
    }

    fn play(&self, pos: &Position<S>, sq: Square) -> Option<Position<S>> {
        let sq = sq.index();
        if sq >= S::N * S::N || !self.moves(pos).has(sq) {
            return None;
        }
        Some(self.play_legal(pos, sq))
    }

    #[inline]
    fn play_legal(&self, pos: &Position<S>, sq: u32) -> Position<S> {
        self.board.apply(pos, sq, self.board.flips(pos, sq))
    }

    /// The side that connected.
    fn winner(&self, pos: &Position<S>) -> Option<Colour> {
        connector(pos)
    }

    /// The discs on the board.
    fn score(&self, pos: &Position<S>, c: Colour) -> i32 {
        self.board.score(pos, c)
    }

    /// None: a connection decides the game, not points.
    fn awarded(&self, _pos: &Position<S>, _forfeit: bool) -> u32 {
        0
    }

    /// The winning chain.
    fn chain(&self, pos: &Position<S>) -> S::B {
        match connector(pos) {
            Some(c) => chain::<S>(pos.discs(c), c),
            None => S::B::ZERO,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
