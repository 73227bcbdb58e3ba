//! Troll's evaluation: how many discs each side still needs to join its
//! edges, found by growing, one disc at a time, the squares its chains could
//! reach.
//!
//! A side's own discs cost nothing to pass through, an empty square one
//! disc, and the opponent's discs block (a flip could open them, which the
//! search sees). Empty squares on the opponent's edges are left out: a disc
//! goes there only with a flip, and a chain between one's own edges never
//! needs them.

use crate::bits::{shift, Bits, Size};
use crate::position::Colour;
use crate::rules::troll::{edge_squares, edges};

/// Evaluation units per disc of chain.
pub(crate) const UNIT: i32 = 16;

/// The longest distance the evaluation counts for either side: a value
/// that reaches it is a connection the search foresees, no longer a count
/// of discs (the page words it so, through the wasm catalogue).
pub(crate) const CHAIN_CAP: u32 = 16;

/// More discs than any chain can need: the side cannot connect any more.
pub(crate) const CUT: u32 = 64;

/// The squares of `area` joined to `from` (within `area`) orthogonally.
#[inline(always)]
fn fill<S: Size>(area: S::B, from: S::B) -> S::B {
    let mut reached = area & from;
    loop {
        let next = area
            & (reached
                | shift::<S>(reached, 0)
                | shift::<S>(reached, 1)
                | shift::<S>(reached, 2)
                | shift::<S>(reached, 3));
        if next == reached {
            return reached;
        }
        reached = next;
    }
}

/// The orthogonal neighbours of `b`.
#[inline(always)]
fn around<S: Size>(b: S::B) -> S::B {
    shift::<S>(b, 0) | shift::<S>(b, 1) | shift::<S>(b, 2) | shift::<S>(b, 3)
}

/// Discs `c` must still add to join its edges, with `own` its discs and
/// `theirs` the opponent's; [`CUT`] when no way is left.
pub(crate) fn distance<S: Size>(own: S::B, theirs: S::B, c: Colour) -> u32 {
    needed::<S>(own & !threatened::<S>(own, theirs), theirs, c)
}

/// Discs `c` must still add to join its edges, with `own` its discs (all
/// of them counted safe) and `theirs` the opponent's: 0 once joined,
/// [`CUT`] when no way is left. The race as a player sees it; the search
/// uses [`distance`], which also discounts discs a capture could take.
#[inline(always)]
pub(crate) fn needed<S: Size>(own: S::B, theirs: S::B, c: Colour) -> u32 {
    let [first, second] = edges::<S>(c);
    grow::<S>(own, theirs, c, first, second, &mut [S::B::ZERO; LAYERS])
}

/// Most rounds [`grow`] keeps: a chain needing more is as good as cut.
const LAYERS: usize = 24;

/// The rounds of a chain of `c` growing from edge `from` towards edge `to`:
/// `layers[k]` holds the squares it reaches with at most `k` new discs. Each
/// round adds the squares next to it (or on `from`), then every own disc
/// joined to those. An empty square costs one disc, an opponent's disc two
/// (a disc to flank it, which the chain may not use): a wall of the
/// opponent's discs slows a chain, it does not close it, since flips open
/// it. Returns the rounds needed to reach `to`, or [`CUT`].
fn grow<S: Size>(
    own: S::B,
    theirs: S::B,
    c: Colour,
    from: S::B,
    to: S::B,
    layers: &mut [S::B; LAYERS],
) -> u32 {
    let open = S::FULL & !(own | theirs) & !edge_squares::<S>(c.other());
    // No move can flip a corner.
    let corners = edge_squares::<S>(Colour::Black) & edge_squares::<S>(Colour::White);
    let flippable = theirs & !corners;
    let mut reached = fill::<S>(own, from);
    let mut later = S::B::ZERO;
    for (k, layer) in layers.iter_mut().enumerate() {
        *layer = reached;
        if !(reached & to).is_empty() {
            return k as u32;
        }
        let frontier = (around::<S>(reached) | from) & !reached;
        let step = (frontier & open) | later;
        later = frontier & flippable & !step;
        if step.is_empty() && later.is_empty() {
            return CUT;
        }
        reached = fill::<S>(own | reached | step, reached | step);
    }
    CUT
}

/// The empty squares on some shortest chain of `c` (none when cut): where
/// its next disc helps, or the opponent's next disc hurts. A square entered
/// in round `i` from one edge and round `j` from the other lies on a chain
/// of `i + j - 1` discs.
pub(crate) fn on_paths<S: Size>(own: S::B, theirs: S::B, c: Colour) -> S::B {
    let [first, second] = edges::<S>(c);
    let (mut down, mut up) = ([S::B::ZERO; LAYERS], [S::B::ZERO; LAYERS]);
    let d = grow::<S>(own, theirs, c, first, second, &mut down) as usize;
    if d == CUT as usize || d == 0 {
        return S::B::ZERO;
    }
    grow::<S>(own, theirs, c, second, first, &mut up);
    let empty = S::FULL & !(own | theirs);
    let mut on = S::B::ZERO;
    for i in 1..=d {
        let j = d + 1 - i;
        on |= (down[i] & !down[i - 1]) & (up[j] & !up[j - 1]);
    }
    on & empty
}

/// Discs of `own` that one move of the opponent could flip: in some
/// direction, a run of them with an opponent's disc behind it and an empty
/// square past its end.
pub(crate) fn threatened<S: Size>(own: S::B, theirs: S::B) -> S::B {
    let empty = S::FULL & !(own | theirs);
    let mut all = S::B::ZERO;
    for d in 0..8 {
        // `d ^ 1` is the opposite direction in DIRECTIONS.
        let back = d ^ 1;
        let (mut from_theirs, mut from_empty) = (S::B::ZERO, S::B::ZERO);
        let (mut a, mut b) = (shift::<S>(theirs, d) & own, shift::<S>(empty, back) & own);
        while !(a | b).is_empty() {
            from_theirs |= a;
            from_empty |= b;
            a = shift::<S>(a, d) & own;
            b = shift::<S>(b, back) & own;
        }
        all |= from_theirs & from_empty;
    }
    all
}

/// The distance of `c` (as [`distance`]) and how many of its shortest
/// chains' rounds pass through a single empty square: a chain with such a
/// narrow point is stopped by one disc there, a wide one needs more.
pub(crate) fn profile<S: Size>(own: S::B, theirs: S::B, c: Colour) -> (u32, u32) {
    let [first, second] = edges::<S>(c);
    let own = own & !threatened::<S>(own, theirs);
    let (mut down, mut up) = ([S::B::ZERO; LAYERS], [S::B::ZERO; LAYERS]);
    let d = grow::<S>(own, theirs, c, first, second, &mut down);
    if d == CUT || d == 0 {
        return (d, 0);
    }
    grow::<S>(own, theirs, c, second, first, &mut up);
    let empty = S::FULL & !(own | theirs);
    let d = d as usize;
    let narrow = (1..=d)
        .filter(|&i| {
            let j = d + 1 - i;
            ((down[i] & !down[i - 1]) & (up[j] & !up[j - 1]) & empty).count() == 1
        })
        .count();
    (d as u32, narrow as u32)
}

/// The value of a chain's narrow points, per point.
const NARROW: i32 = UNIT / 4;

/// The value for the side to move (`me`, of colour `side`) against `opp`:
/// the opponent's distance minus its own, in [`UNIT`]s, plus half a disc
/// for the move in hand, less a little for each narrow point of one's own
/// shortest chains (more for the opponent's, which the move in hand can
/// take). A side to move one disc from connecting has won.
pub(crate) fn evaluate<S: Size>(me: S::B, opp: S::B, side: Colour) -> i32 {
    let (mine, my_narrow) = profile::<S>(me, opp, side);
    let (theirs, their_narrow) = profile::<S>(opp, me, side.other());
    match (mine, theirs) {
        (CUT, CUT) => 0,
        (1, _) => WON,
        _ => {
            (theirs.min(CHAIN_CAP) as i32 - mine.min(CHAIN_CAP) as i32) * UNIT
                + UNIT / 2
                + (their_narrow as i32 - my_narrow as i32) * NARROW
        }
    }
}

/// The value of a position won next move: beyond any difference of
/// distances, short of a proven win.
pub(crate) const WON: i32 = 40 * UNIT;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::S8;
    use crate::rules::troll::tests::set;

    #[test]
    fn an_empty_board_needs_a_full_line() {
        assert_eq!(distance::<S8>(0, 0, Colour::Black), 8);
        assert_eq!(distance::<S8>(0, 0, Colour::White), 8);
    }

    #[test]
    fn own_discs_are_free_and_the_opponents_block() {
        let column = set("d2 d3 d4 d5 d6 d7");
        assert_eq!(distance::<S8>(column, 0, Colour::Black), 2);
        // White crosses column d on its own discs: a, b, c, e, f, g and h.
        assert_eq!(distance::<S8>(column, 0, Colour::White), 7);
        // A wall of white across row 4 but for h4, which is White's edge:
        // Black gets through only by a flip, one disc dearer.
        let wall = set("a4 b4 c4 d4 e4 f4 g4");
        assert_eq!(distance::<S8>(0, wall, Colour::Black), 9);
        // Discs White could flip next move (from c5: d5 by e5, d4 by e3,
        // d6 by e7) count as discs still to put.
        assert_eq!(threatened::<S8>(column, set("c5")), set("d4 d5 d6"));
        assert_eq!(distance::<S8>(column, set("c5"), Colour::Black), 5);
        // With a gap at d4, the shortest chain bends through it.
        let gap = set("a4 b4 c4 e4 f4 g4 h4");
        assert_eq!(distance::<S8>(0, gap, Colour::Black), 8);
        assert_eq!(distance::<S8>(gap, 0, Colour::White), 1);
    }

    #[test]
    fn a_chain_through_single_squares_has_narrow_points() {
        // Column d needs d1 and d8, each the only square of its round.
        assert_eq!(
            profile::<S8>(set("d2 d3 d4 d5 d6 d7"), 0, Colour::Black),
            (2, 2)
        );
        // Two columns side by side can end on either: no narrow point.
        let wide = set("d2 d3 d4 d5 d6 d7 e2 e3 e4 e5 e6 e7");
        assert_eq!(profile::<S8>(wide, 0, Colour::Black), (2, 0));
        let narrow = evaluate::<S8>(0, set("d2 d3 d4 d5 d6 d7"), Colour::White);
        assert!(evaluate::<S8>(0, wide, Colour::White) < narrow);
    }

    #[test]
    fn one_disc_from_connecting_with_the_move_is_won() {
        let column = set("d1 d2 d3 d4 d5 d6 d7");
        assert_eq!(evaluate::<S8>(column, 0, Colour::Black), WON);
        assert!(evaluate::<S8>(0, column, Colour::White) < 0);
    }

    #[test]
    fn the_side_closer_to_connecting_scores_higher() {
        let column = set("d2 d3 d4 d5 d6 d7");
        assert!(evaluate::<S8>(column, 0, Colour::Black) > 0);
        assert!(evaluate::<S8>(0, column, Colour::White) < 0);
    }
}
