//! One test per rule of RULES.md's Blocs section, then perft, notation and diagrams.

use super::*;

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn play_all(pos: Position, moves: &str) -> Position {
    moves
        .split_whitespace()
        .fold(pos, |p, m| p.play(mv(m)).unwrap())
}

/// A full board from a diagram of its 16 cells.
fn full(cells: &str, to_move: Player) -> Position {
    let black = cells
        .split_whitespace()
        .flat_map(str::chars)
        .enumerate()
        .filter(|&(_, c)| c == 'X')
        .fold(0u16, |m, (i, _)| m | 1 << i);
    Position::flipping(black, to_move)
}

/// Sixteen placements: every square in reading order, black on the squares in `black`.
fn fill(black: &[&str]) -> Position {
    Square::ALL.iter().fold(Position::START, |p, &s| {
        let face = if black.contains(&s.to_string().as_str()) {
            Face::Black
        } else {
            Face::White
        };
        p.play(Move::Place(s, face)).unwrap()
    })
}

#[test]
fn board_is_4_by_4_from_a1_top_left_to_d4_lower_right() {
    assert_eq!(Square::ALL.len(), 16);
    assert_eq!((sq("a1").col(), sq("a1").row()), (0, 0));
    assert_eq!((sq("d1").col(), sq("d1").row()), (3, 0));
    assert_eq!((sq("a4").col(), sq("a4").row()), (0, 3));
    assert_eq!(sq("d4").index(), 15);
    assert_eq!(Position::START.occupied(), 0);
    assert_eq!(Position::START.to_move(), Player::X);
}

#[test]
fn placement_rule_a_disc_goes_on_any_empty_square_with_either_face() {
    let moves = Position::START.moves();
    assert_eq!(moves.len(), 32);
    for s in Square::ALL {
        for face in [Face::Black, Face::White] {
            assert!(moves.contains(&Move::Place(s, face)));
            let after = Position::START.play(Move::Place(s, face)).unwrap();
            assert_eq!(after.face(s), Some(face));
            assert_eq!(after.occupied(), s.bit());
        }
    }
    let pos = play_all(Position::START, "b2X c3O");
    assert_eq!(pos.moves().len(), 28);
    assert!(pos
        .moves()
        .iter()
        .all(|m| matches!(m, Move::Place(s, _) if *s != sq("b2") && *s != sq("c3"))));
}

#[test]
fn placement_rule_an_occupied_square_is_refused() {
    let pos = play_all(Position::START, "b2X");
    for face in ["X", "O"] {
        let m = mv(&format!("b2{face}"));
        assert_eq!(pos.play(m), Err(IllegalMove::Occupied(sq("b2"))));
    }
    assert_eq!(
        pos.play_text("b2O").map_err(|e| e.to_string()),
        Err("b2 is not empty".to_string())
    );
    assert_eq!(
        pos.play_text("b2Q"),
        Err(MoveError::Notation(NotationError::NotAMove("b2Q".into())))
    );
    assert_eq!(pos.play_text(" c2O").unwrap().0, mv("c2O"));
}

#[test]
fn players_own_no_colour_so_either_may_place_either_face() {
    let pos = play_all(Position::START, "a1O b1X c1X d1O");
    assert_eq!(pos.face(sq("a1")), Some(Face::White));
    assert_eq!(pos.face(sq("b1")), Some(Face::Black));
    assert_eq!(pos.face(sq("c1")), Some(Face::Black));
    assert_eq!(pos.face(sq("d1")), Some(Face::White));
    assert_eq!(pos.to_move(), Player::X);
}

#[test]
fn placement_phase_lasts_until_the_board_is_full() {
    let mut pos = Position::START;
    for (i, s) in Square::ALL.into_iter().enumerate() {
        assert_eq!(pos.phase(), Phase::Placement, "after {i} placements");
        let flip = Move::Flip(Rect::single(sq("a1")));
        assert_eq!(pos.play(flip), Err(IllegalMove::FlipBeforeFull(flip)));
        pos = pos.play(Move::Place(s, Face::Black)).unwrap();
    }
    assert_eq!(pos.phase(), Phase::Flipping);
    assert_eq!(pos.occupied(), FULL);
    assert_eq!(pos.moves().len(), 100);
    let place = mv("a1O");
    assert_eq!(pos.play(place), Err(IllegalMove::PlacementWhenFull(place)));
}

#[test]
fn flipping_rule_the_lower_right_disc_must_show_black() {
    let pos = full("OOOO OXOO OOOO OOOX", Player::X);
    assert_eq!(
        pos.play(mv("a1-c3")),
        Err(IllegalMove::CornerWhite(
            Rect::new(sq("a1"), sq("c3")).unwrap()
        ))
    );
    assert_eq!(
        pos.play(mv("a1-c3")).unwrap_err().to_string(),
        "a1-c3: its lower-right disc c3 shows white"
    );
    assert!(pos.play(mv("a1-b2")).is_ok());
    assert!(pos.play(mv("b2-d4")).is_ok());
    // The upper-left corner showing black does not make a rectangle playable.
    assert!(pos.play(mv("b2-c3")).is_err());
    let moves = pos.moves();
    // Rectangles ending on b2 (4) and on d4 (16).
    assert_eq!(moves.len(), 20);
    for m in moves {
        let Move::Flip(r) = m else {
            panic!("{m} is not a flip")
        };
        assert_eq!(pos.face(r.lower_right()), Some(Face::Black), "{m}");
    }
}

#[test]
fn flipping_rule_every_disc_of_the_rectangle_turns() {
    let pos = full("XOXO OXOX XOXO OXOX", Player::X);
    let after = pos.play(mv("b1-c3")).unwrap();
    for s in Square::ALL {
        let inside = (1..=2).contains(&s.col()) && s.row() <= 2;
        let turned = pos.face(s) != after.face(s);
        assert_eq!(inside, turned, "{s}");
    }
    let single = pos.play(mv("a1")).unwrap();
    assert_eq!(single.black(), pos.black() & !sq("a1").bit());
    let whole = full("XXXX XXXX XXXX XXXX", Player::O)
        .play(mv("a1-d4"))
        .unwrap();
    assert!(whole.is_over());
}

#[test]
fn flipping_rule_rectangles_run_from_one_disc_to_the_whole_board() {
    let all_black = full("XXXX XXXX XXXX XXXX", Player::X);
    let sizes: Vec<u32> = all_black
        .moves()
        .iter()
        .map(|m| match m {
            Move::Flip(r) => r.mask().count_ones(),
            Move::Place(..) => 0,
        })
        .collect();
    assert_eq!(sizes.len(), 100);
    assert_eq!(sizes.iter().min(), Some(&1));
    assert_eq!(sizes.iter().max(), Some(&16));
}

#[test]
fn both_players_view_the_board_from_the_same_side() {
    let cells = "OXOO XOOX OOXO XOOO";
    let (x, o) = (full(cells, Player::X), full(cells, Player::O));
    assert_eq!(x.moves(), o.moves());
    // A player sitting opposite would check the upper-left corner instead:
    // a2-b3 has that one black and its lower-right white, and both are refused it.
    for pos in [x, o] {
        assert!(pos.play(mv("a1-a2")).is_ok());
        assert!(pos.play(mv("a2-b3")).is_err());
    }
}

#[test]
fn turn_order_of_the_placement_phase_runs_on_into_the_flipping_phase() {
    let mut pos = Position::START;
    for (i, s) in Square::ALL.into_iter().enumerate() {
        let due = if i % 2 == 0 { Player::X } else { Player::O };
        assert_eq!(pos.to_move(), due);
        pos = pos.play(Move::Place(s, Face::Black)).unwrap();
    }
    // O placed the sixteenth disc, so X makes the first flip.
    assert_eq!(pos.to_move(), Player::X);
    let pos = pos.play(mv("a1")).unwrap();
    assert_eq!(pos.to_move(), Player::O);
    assert_eq!(pos.play(mv("b1")).unwrap().to_move(), Player::X);
}

#[test]
fn last_mover_wins_when_the_board_becomes_all_white() {
    let pos = full("OOOO OOOO OOXO OOOO", Player::O);
    assert_eq!(pos.winner(), None);
    let end = pos.play(mv("c3")).unwrap();
    assert!(end.is_over());
    assert_eq!(end.winner(), Some(Player::O));
    assert!(end.moves().is_empty());
    assert_eq!(end.play(mv("c3")), Err(IllegalMove::GameOver));
    assert_eq!(Solver::shared().solve(&end), None);
}

#[test]
fn a_board_filled_all_white_loses_for_the_player_due_to_move() {
    let pos = fill(&[]);
    assert_eq!(pos.to_move(), Player::X);
    assert!(pos.is_over());
    assert_eq!(pos.winner(), Some(Player::O));
    let one_black = fill(&["d4"]);
    assert!(!one_black.is_over());
    assert_eq!(one_black.play(mv("d4")).unwrap().winner(), Some(Player::X));
}

#[test]
fn every_game_ends_as_each_flip_lowers_the_black_mask() {
    for black in (1..=FULL).step_by(97) {
        let pos = Position::flipping(black, Player::X);
        for m in pos.moves() {
            assert!(
                pos.play(m).unwrap().black() < black,
                "{m} from {black:#06x}"
            );
        }
    }
}

#[test]
fn perft_from_the_empty_start() {
    // Every placement is legal with both faces: 32 x 30 x 28 ...
    let want = [32, 960, 26_880, 698_880, 16_773_120];
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(perft(&Position::START, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn perft_counts_a_finished_game_as_one_leaf_and_crosses_into_flipping() {
    let pos = Position::new(FULL & !sq("d4").bit(), 0, Player::O).unwrap();
    // d4O ends the game (one leaf); d4X leaves the 16 rectangles ending on d4.
    assert_eq!(perft(&pos, 1), 2);
    assert_eq!(perft(&pos, 2), 1 + 16);
    assert_eq!(perft(&pos, 3), 1 + perft(&pos.play(mv("d4X")).unwrap(), 2));
    assert_eq!(perft(&Position::flipping(0, Player::X), 5), 1);
}

#[test]
fn setup_refuses_inconsistent_masks() {
    assert_eq!(
        Position::new(0b10, 0b11, Player::O),
        Err(SetupError::BlackOnEmpty)
    );
    let e = Position::new(0b11, 0, Player::O).unwrap_err();
    assert_eq!(e.to_string(), "2 discs are placed, so X is to move, not O");
    assert!(Position::new(FULL, 5, Player::O).is_ok());
}

#[test]
fn diagrams_round_trip_with_side_and_phase() {
    let cases = [
        Position::START,
        play_all(Position::START, "a1X d4O c2X"),
        full("XOXO OXOX XOXO OXOX", Player::O),
        full("OOOO OOOO OOOO OOOO", Player::X),
    ];
    for pos in cases {
        let text = diagram::write(&pos);
        assert_eq!(diagram::read(&text), Ok(pos), "{text}");
    }
    assert_eq!(
        diagram::write(&full("XOXO OXOX XOXO OXOO", Player::O)),
        "X O X O\nO X O X\nX O X O\nO X O O\nO to move\nflipping phase\n"
    );
    let text = "; a comment\n\nX...\n. . . .\n\n....\n....\n";
    let pos = diagram::read(text).unwrap();
    assert_eq!((pos.black(), pos.to_move()), (1, Player::O));
    assert_eq!(
        diagram::read("XXXX\nXXXX\nXXXX\nXXXX\n").unwrap().to_move(),
        Player::X
    );
}

#[test]
fn bad_diagrams_are_refused_with_line_and_column() {
    let cases = [
        ("", "line 1, column 1: 0 board rows, expected 4"),
        (
            "....\n....\n....\n",
            "line 3, column 1: 3 board rows, expected 4",
        ),
        (
            "....\n....\n....\n....\n....\n",
            "line 5, column 1: more than 4 board rows",
        ),
        (
            "..#.\n",
            "line 1, column 3: '#' is not a Blocs cell (. X O)",
        ),
        (
            "..x.\n",
            "line 1, column 3: 'x' is not a Blocs cell (. X O)",
        ),
        (
            "....\n.....\n",
            "line 2, column 5: more than 4 cells in a row",
        ),
        (
            "....\n. .\n",
            "line 2, column 4: 2 cells in a row, expected 4",
        ),
        (
            "X...\n....\n....\n....\nX to move\n",
            "line 5, column 1: 1 discs are placed, so O is to move, not X",
        ),
        (
            "....\n....\n....\n....\nX to move\nO to move\n",
            "line 6, column 1: the side to move is given twice",
        ),
        (
            "....\n....\n....\n....\nX to\n",
            "line 5, column 1: expected 'X to move' or 'O to move'",
        ),
        (
            "....\n....\n....\n....\nY to move\n",
            "line 5, column 1: expected 'X to move' or 'O to move'",
        ),
        (
            "....\n....\n....\n....\nflipping phase\n",
            "line 5, column 1: flipping phase, but the board has empty squares",
        ),
        (
            "XXXX\nXXXX\nXXXX\nXXXX\n placement phase\n",
            "line 5, column 2: placement phase, but the board is full",
        ),
        (
            "....\n....\n....\n....\nsetup phase\n",
            "line 5, column 1: expected 'placement phase' or 'flipping phase'",
        ),
        (
            "....\n....\n....\nX to move\n....\n",
            "line 5, column 1: a board row after the side to move or the phase",
        ),
        (
            "é...\n",
            "line 1, column 1: 'é' is not a Blocs cell (. X O)",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(
            diagram::read(text).map_err(|e| e.to_string()),
            Err(want.to_string()),
            "{text:?}"
        );
    }
}
