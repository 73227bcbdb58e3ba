//! A position set up by a player (the page's position mode): what the rules
//! refuse and the sentence each refusal gives, and the start code that
//! carries a set-up start in a share link.

use mapello::{startcode, AnyGame, Colour, Map, Piece, Setup, Square, Variant};

fn sq(name: &str, n: u32) -> Square {
    Square::parse(name, n).unwrap()
}

fn othello(black: &[&str], white: &[&str], side: Colour) -> Setup {
    Setup {
        variant: Variant::Othello,
        map: Map::empty(8).unwrap(),
        black: black.iter().map(|s| sq(s, 8)).collect(),
        white: white.iter().map(|s| sq(s, 8)).collect(),
        side,
        taken: [0, 0],
    }
}

fn problem(setup: &Setup) -> String {
    AnyGame::set_up(setup).unwrap_err().to_string()
}

#[test]
fn a_position_with_a_move_for_the_side_to_move_is_played() {
    let game = AnyGame::set_up(&othello(&["a1"], &["b1"], Colour::Black)).unwrap();
    assert_eq!(game.snapshot().legal, ["c1"]);
}

#[test]
fn a_disc_on_a_wall_is_refused() {
    let mut map = Map::empty(8).unwrap();
    map.set(3, 1, Some(Piece::Wall), &Default::default())
        .unwrap();
    let mut setup = Setup::start(Variant::Mapello, map);
    setup.black.push(sq("c1", 8));
    assert_eq!(problem(&setup), "c1 is a wall: no disc can stand on it");
}

#[test]
fn a_disc_on_a_bonus_is_refused() {
    let mut map = Map::empty(8).unwrap();
    map.set(3, 1, Some(Piece::Bonus), &Default::default())
        .unwrap();
    let mut setup = Setup::start(Variant::Mapello, map);
    setup.white.push(sq("c1", 8));
    assert_eq!(
        problem(&setup),
        "c1 holds a bonus: a disc there would have taken it, so take off the bonus or the disc"
    );
}

#[test]
fn a_side_without_discs_leaves_no_move() {
    let setup = othello(&["d4", "e5"], &[], Colour::Black);
    assert_eq!(
        problem(&setup),
        "white has no disc, so neither side can move: place discs of both colours"
    );
    let empty = othello(&[], &[], Colour::White);
    assert_eq!(
        problem(&empty),
        "black has no disc, so neither side can move: place discs of both colours"
    );
}

#[test]
fn a_position_where_neither_side_can_move_is_over() {
    // A full row: no empty square is next to a run to close.
    let setup = othello(&["a1"], &["h8"], Colour::Black);
    assert_eq!(
        problem(&setup),
        "the game would be over before it starts: neither side can move, or a side has already won"
    );
}

#[test]
fn the_side_to_move_must_have_a_move() {
    let setup = othello(&["a1"], &["b1"], Colour::White);
    assert_eq!(
        problem(&setup),
        "white to move has no move: let black move first"
    );
}

#[test]
fn reversi_may_start_with_its_centre_to_fill() {
    let setup = Setup {
        variant: Variant::Reversi,
        ..othello(&["d4"], &[], Colour::White)
    };
    assert!(AnyGame::set_up(&setup).is_ok());
}

#[test]
fn start_codes_round_trip_on_every_size() {
    for n in [6, 8, 10] {
        let map = Map::empty(n).unwrap();
        let mut setup = Setup::start(Variant::Mapello, map.clone());
        setup.black.push(Square::from_index(0, n).unwrap());
        setup.white.push(Square::from_index(n * n - 1, n).unwrap());
        setup.side = Colour::White;
        setup.taken = [1, 2];
        let code = startcode::encode(&setup);
        let mut back = startcode::decode(&code, Variant::Mapello, &map).unwrap();
        for s in [&mut setup, &mut back] {
            s.black.sort_by_key(|q| q.index());
            s.white.sort_by_key(|q| q.index());
        }
        assert_eq!(back, setup, "{code}");
    }
}

#[test]
fn damaged_start_codes_say_where() {
    let map = Map::empty(8).unwrap();
    let error = |code: &str| {
        startcode::decode(code, Variant::Othello, &map)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        error("Z"),
        "character 1: a start code begins with the side to move, X or O"
    );
    assert_eq!(
        error("XAA"),
        "character 2: the discs of a 8 x 8 board take 18 characters, not 2"
    );
    assert_eq!(
        error("XAAAAAAAAAAAAAAAAA!"),
        "character 19: '!' is not a start code character (A-Z a-z 0-9 - _ .)"
    );
    assert_eq!(
        error("X_________________w"),
        "character 2: a byte past the base-3 digits"
    );
    assert_eq!(
        error("XAAAAAAAAAAAAAAAAAA.1"),
        "character 20: the bonuses taken must be two whole numbers, each after a '.'"
    );
}
