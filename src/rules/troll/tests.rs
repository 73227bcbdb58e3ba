//! One test per rule of docs/rules.md, "Troll".

use super::*;
use crate::bits::{S6, S8};
use crate::map::Map;
use crate::rules::tests::on8;
// The AI's Troll tests name squares with set() from here.
use crate::perft::Perft;
pub(crate) use crate::rules::tests::set;
use crate::rules::{BoardError, Status, Variant};
use crate::square::Square;

fn board() -> Troll<S8> {
    Troll::new(&Map::empty(8).unwrap()).unwrap()
}

fn square(name: &str) -> Square {
    Square::parse(name, 8).unwrap()
}

fn sq(name: &str) -> u32 {
    Square::parse(name, 8).unwrap().index()
}

/// A position with Black's and White's discs and the side to move.
pub(crate) fn position(black: &str, white: &str, side: Colour) -> Position<S8> {
    let (b, w) = (set(black), set(white));
    if side == Colour::Black {
        on8(b, w, side)
    } else {
        on8(w, b, side)
    }
}

#[test]
fn start_rule_empty_8x8_board_black_first() {
    let start = board().start();
    assert_eq!((start.me, start.opp, start.side), (0, 0, Colour::Black));
    assert_eq!(
        Troll::<S6>::new(&Map::empty(6).unwrap()).unwrap_err(),
        BoardError::TrollSize(6)
    );
    // Troll is a game of its own, which the Reversi family's board refuses.
    assert_eq!(
        Board::<S8>::new(Variant::Troll, &Map::empty(8).unwrap()).unwrap_err(),
        BoardError::OwnRules("troll")
    );
}

#[test]
fn edges_rule_black_owns_top_and_bottom_white_left_and_right_corners_both() {
    let black = edge_squares::<S8>(Colour::Black);
    let white = edge_squares::<S8>(Colour::White);
    assert_eq!(
        black,
        set("a1 b1 c1 d1 e1 f1 g1 h1 a8 b8 c8 d8 e8 f8 g8 h8")
    );
    assert_eq!(
        white,
        set("a1 a2 a3 a4 a5 a6 a7 a8 h1 h2 h3 h4 h5 h6 h7 h8")
    );
    assert_eq!(black & white, set("a1 h1 a8 h8"));
}

#[test]
fn rule_1_any_empty_square_off_the_opponents_edges_is_legal_without_flipping() {
    let b = board();
    let pos = position("d4", "e4", Colour::Black);
    let moves = b.moves(&pos);
    // Black's own edge squares and inner squares, flipping or not.
    for name in ["b1", "d8", "c3", "g7"] {
        assert!(moves.has(sq(name)), "{name}");
        assert_eq!(b.flips_of(pos.me, pos.opp, sq(name)), 0, "{name}");
    }
    assert!(!moves.has(sq("d4")) && !moves.has(sq("e4")));
    assert_eq!(moves.count(), 48 - 2);
}

#[test]
fn rule_1_a_square_of_the_opponents_edges_needs_a_flip() {
    let b = board();
    // Black to move: a3 (White's edge) flips b3 from c3; a5 flips nothing.
    let pos = position("c3", "b3", Colour::Black);
    assert!(b.moves(&pos).has(sq("a3")));
    assert!(!b.moves(&pos).has(sq("a5")));
    assert_eq!(b.play(&pos, square("a5")), None);
    // Corners are on both players' edges: a flip is needed by either.
    let corner = position("c1", "b1", Colour::White);
    assert!(!b.moves(&corner).has(sq("a1")));
    let corner = position("c3", "b2", Colour::Black);
    assert!(b.moves(&corner).has(sq("a1")));
    assert!(!b.moves(&corner).has(sq("h8")));
}

#[test]
fn rule_2_flanked_discs_flip_as_in_othello() {
    let b = board();
    // From d2, c2 is flanked by b2 and e3 by f4; d3 has no black disc past it.
    let pos = position("b2 f4", "c2 e3 d3", Colour::Black);
    let after = b.play(&pos, square("d2")).unwrap();
    assert_eq!(after.opp, set("b2 f4 d2 c2 e3"));
    assert_eq!(after.me, set("d3"));
}

#[test]
fn rule_3_joining_the_two_edges_orthogonally_wins_at_once() {
    let b = board();
    let column = "d1 d2 d3 d4 d5 d6 d7";
    let pos = position(column, "a2 a3 a4", Colour::Black);
    assert_eq!(b.status(&pos), Status::ToMove);
    let after = b.play(&pos, square("d8")).unwrap();
    assert_eq!(b.status(&after), Status::GameOver);
    assert_eq!(b.moves(&after), 0);
    assert_eq!(b.winner(&after), Some(Colour::Black));
    assert_eq!(
        chain::<S8>(after.opp, Colour::Black),
        set(&format!("{column} d8"))
    );
    // A bend counts.
    let bent = position("g7", "a5 b5 c5 c4 d4 e4 f4 g4 h8", Colour::White);
    let won = b.play(&bent, square("h4")).unwrap();
    assert_eq!(b.winner(&won), Some(Colour::White));
    assert_eq!(
        chain::<S8>(won.opp, Colour::White),
        set("a5 b5 c5 c4 d4 e4 f4 g4 h4")
    );
}

#[test]
fn rule_3_diagonal_contact_does_not_connect() {
    let b = board();
    let diagonal = position("a1 b2 c3 d4 e5 f6 g7", "c1", Colour::Black);
    let after = b.play(&diagonal, square("g8")).unwrap();
    assert_eq!(b.status(&after), Status::ToMove);
    assert_eq!(b.winner(&after), None);
    assert!(!connected::<S8>(
        set("a1 b2 c3 d4 e5 f6 g7 h8"),
        Colour::Black
    ));
    assert!(!connected::<S8>(
        set("a1 b2 c3 d4 e5 f6 g7 h8"),
        Colour::White
    ));
}

#[test]
fn rule_3_a_move_that_flips_can_complete_the_chain() {
    let b = board();
    // Column e is black but for e4, which f4 flips (anchored by d4).
    let pos = position("e1 e2 e3 e5 e6 e7 e8 d4", "e4", Colour::Black);
    assert_eq!(b.winner(&pos), None);
    let after = b.play(&pos, square("f4")).unwrap();
    assert_eq!(b.winner(&after), Some(Colour::Black));
}

/// Black on the even squares of a checkerboard, White on the odd ones: no
/// two discs of a colour touch orthogonally, so nobody is connected.
fn checkerboard() -> (u64, u64) {
    (0..64).fold((0, 0), |(black, white), i: u64| {
        if (i % 8 + i / 8) % 2 == 0 {
            (black | 1 << i, white)
        } else {
            (black, white | 1 << i)
        }
    })
}

#[test]
fn rule_4_a_player_without_a_move_passes() {
    let b = board();
    // d1, on Black's edge, is the only empty square and White flips nothing
    // from it (every neighbour is white), so White must pass; Black may play
    // it without flipping.
    let around = set("c1 e1 c2 d2 e2");
    let (black, white) = checkerboard();
    let (black, white) = (black & !around & !set("d1"), (white | around) & !set("d1"));
    let pos = position("", "", Colour::White);
    let pos = Position {
        me: white,
        opp: black,
        ..pos
    };
    assert_eq!(b.winner(&pos), None);
    assert_eq!(b.moves(&pos), 0);
    assert_eq!(b.status(&pos), Status::MustPass);
    assert_eq!(b.moves(&pos.passed()), set("d1"));
}

#[test]
fn rule_4_a_full_board_without_a_chain_is_a_draw() {
    let b = board();
    let (black, white) = checkerboard();
    let pos = on8(black, white, Colour::Black);
    assert_eq!(b.status(&pos), Status::GameOver);
    assert_eq!(b.winner(&pos), None);
}

#[test]
fn rule_5_perft_from_the_empty_start() {
    let b = board();
    assert_eq!(b.perft_all(&b.start(), 4), [48, 2268, 104_940, 4_778_852]);
}
