//! One test per rule of docs/rules.md (Mapello and the classic variants).

use super::*;
use crate::bits::{S10, S6, S8};
use crate::map::Limits;
use crate::perft::{Perft, OTHELLO_PERFT};

/// The position after a random legal move of `pos`, or after a pass when
/// it has none; `None` once the game is over. For the tests that walk
/// random games.
pub(crate) fn random_reply<S: Size>(
    board: &impl Rules<S>,
    pos: &Position<S>,
    rng: &mut impl rand_core::Rng,
) -> Option<Position<S>> {
    let moves: Vec<u32> = crate::bits::Squares(board.moves(pos)).collect();
    if moves.is_empty() {
        let passed = pos.passed();
        return (!board.moves(&passed).is_empty()).then_some(passed);
    }
    Some(board.play_legal(pos, moves[rng.next_u32() as usize % moves.len()]))
}

fn square8(name: &str) -> Square {
    Square::parse(name, 8).unwrap()
}

fn sq8(name: &str) -> u32 {
    Square::parse(name, 8).unwrap().index()
}

/// The squares named, as a bitboard of the 8 x 8 board.
pub(crate) fn set(names: &str) -> u64 {
    names.split_whitespace().fold(0, |b, n| b | 1 << sq8(n))
}

/// The names of the legal moves of `pos`, in the board's order.
fn legal_names(board: &Board<S8>, pos: &Position<S8>) -> Vec<String> {
    board
        .move_list(pos)
        .iter()
        .map(|s| s.name(8).to_string())
        .collect()
}

/// A position on 8 x 8 with no bonus on the board or taken.
pub(crate) fn on8(me: u64, opp: u64, side: Colour) -> Position<S8> {
    Position {
        me,
        opp,
        bonus: 0,
        taken: [0, 0],
        side,
    }
}

fn mapello_with(pieces: &[(u32, u32, Piece)]) -> Board<S8> {
    let mut map = Map::empty(8).unwrap();
    for &(x, y, p) in pieces {
        map.set(x, y, Some(p), &Limits::UNLIMITED).unwrap();
    }
    Board::new(Variant::Mapello, &map).unwrap()
}

/// Perft from the start of `board` equals Othello's to `depth`.
fn assert_othello_perft(board: &Board<S8>, depth: usize) {
    let start = board.start();
    for (d, want) in OTHELLO_PERFT.iter().enumerate().take(depth) {
        assert_eq!(board.perft(&start, d as u32 + 1), *want, "depth {}", d + 1);
    }
}

#[test]
fn perft_matches_the_published_othello_values() {
    let board = Board::<S8>::new(Variant::Othello, &Map::empty(8).unwrap()).unwrap();
    assert_othello_perft(&board, 9);
}

#[test]
fn perft_from_the_mapello_start_on_an_empty_map_mirrors_othello() {
    assert_othello_perft(&mapello_with(&[]), 8);
}

#[test]
fn start_rule_mapello_black_on_d4_e5_white_on_e4_d5_black_first() {
    let board = mapello_with(&[]);
    let p = board.start();
    assert_eq!(p.side, Colour::Black);
    assert_eq!(p.me, set("d4 e5"));
    assert_eq!(p.opp, set("e4 d5"));
}

#[test]
fn othello_start_allows_f5_first() {
    let board = Board::<S8>::new(Variant::Othello, &Map::empty(8).unwrap()).unwrap();
    assert_eq!(
        legal_names(&board, &board.start()),
        ["d3", "c4", "f5", "e6"]
    );
}

#[test]
fn move_rule_a_run_ending_at_a_joker_is_flipped() {
    // Joker on the ring left of a4 (outer (0, 4)); black plays d4 ... build by hand:
    // row 4: [joker] a4=O b4=O c4=empty -> black on c4 flips a4, b4.
    let board = mapello_with(&[(0, 4, Piece::Joker)]);
    let pos = on8(set("h8"), set("a4 b4"), Colour::Black);
    assert_eq!(board.flips(&pos, sq8("c4")), set("a4 b4"));
    assert!(board.moves(&pos) & set("c4") != 0);
    // The same run without the joker flips nothing.
    let plain = mapello_with(&[]);
    assert_eq!(plain.flips(&pos, sq8("c4")), 0);
}

#[test]
fn move_rule_a_joker_counts_for_whoever_moves() {
    let board = mapello_with(&[(0, 4, Piece::Joker)]);
    let white_to_move = on8(set("h8"), set("a4"), Colour::White);
    assert_eq!(board.flips(&white_to_move, sq8("b4")), set("a4"));
}

#[test]
fn move_rule_corner_jokers_anchor_diagonals() {
    // Joker on the top-left ring corner: a1 O, black plays b2? No: the run is a1..; the
    // move must be beyond the run, so white a1 and b2 flank from c3.
    let board = mapello_with(&[(0, 0, Piece::Joker)]);
    let pos = on8(set("h1"), set("a1 b2"), Colour::Black);
    assert_eq!(board.flips(&pos, sq8("c3")), set("a1 b2"));
}

#[test]
fn move_rule_runs_ending_at_a_wall_empty_bonus_or_edge_flip_nothing() {
    let board = mapello_with(&[(1, 4, Piece::Wall), (8, 4, Piece::Bonus)]);
    let mut pos = Position {
        bonus: set("h4"),
        ..on8(0, set("b4 c4 f4 g4"), Colour::Black)
    };
    // d4 -> c4, b4, then the wall on a4: nothing; d4 -> e4 is empty; e4 -> f4, g4, bonus h4: nothing.
    assert_eq!(board.flips(&pos, sq8("d4")), 0);
    assert_eq!(board.flips(&pos, sq8("e4")), 0);
    // Plain edge: a run along the top edge to a1 with no joker flips nothing.
    pos.opp = set("a1 b1");
    assert_eq!(board.flips(&pos, sq8("c1")), 0);
}

#[test]
fn move_rule_walls_cannot_be_played_on() {
    let board = mapello_with(&[(3, 3, Piece::Wall)]);
    let pos = board.start();
    assert_eq!(board.moves(&pos) & set("c3"), 0);
    assert!(board.play(&pos, square8("c3")).is_none());
}

#[test]
fn move_rule_a_move_must_flip_and_go_on_a_free_square() {
    let board = mapello_with(&[]);
    let pos = board.start();
    assert!(board.play(&pos, square8("a1")).is_none());
    assert!(board.play(&pos, square8("d4")).is_none());
    assert!(board
        .play(&pos, Square::from_index(64, 10).unwrap())
        .is_none());
    assert_eq!(legal_names(&board, &pos), ["e3", "f4", "c5", "d6"]);
}

#[test]
fn bonus_rule_playing_on_a_bonus_takes_three_points_kept_after_a_flip() {
    // Bonus on e3 (outer (5, 3)); black e3 flips e4.
    let board = mapello_with(&[(5, 3, Piece::Bonus)]);
    let pos = board.start();
    let after = board.play(&pos, square8("e3")).unwrap();
    assert_eq!(after.taken, [1, 0]);
    assert_eq!(after.bonus, 0);
    assert_eq!(board.score(&after, Colour::Black), 4 + 3);
    // White flips e3 back later: the bonus stays with black.
    let flipped = Position {
        opp: after.opp & !set("e3"),
        me: after.me | set("e3"),
        ..after
    };
    assert_eq!(board.score(&flipped, Colour::Black), 3 + 3);
}

#[test]
fn bonus_rule_an_untaken_bonus_never_changes_colour_or_anchors() {
    let board = mapello_with(&[(5, 3, Piece::Bonus)]);
    let pos = board.start();
    assert_eq!(pos.bonus, set("e3"));
    assert_eq!(pos.occupied() & pos.bonus, 0);
}

#[test]
fn pass_rule_a_player_without_moves_passes_and_the_game_ends_when_neither_can() {
    let board = mapello_with(&[]);
    // Black a1 b1, white nothing... black to move with only its discs: game over.
    let over = on8(0b11, 0, Colour::Black);
    assert_eq!(board.status(&over), Status::GameOver);
    // White c1 flanked by black? White to move at a1 b1 X, c1 O: O has no move, X can play d1.
    let must_pass = on8(set("c1"), set("a1 b1"), Colour::White);
    assert_eq!(board.status(&must_pass), Status::MustPass);
    assert_eq!(board.status(&must_pass.passed()), Status::ToMove);
}

#[test]
fn score_rule_discs_plus_three_per_bonus_empty_squares_count_for_nobody() {
    let board = mapello_with(&[]);
    let pos = Position {
        taken: [2, 1],
        ..on8(0b111, 0b1000, Colour::Black)
    };
    assert_eq!(board.score(&pos, Colour::Black), 3 + 6);
    assert_eq!(board.score(&pos, Colour::White), 1 + 3);
    assert_eq!(board.final_margin(&pos), 9 - 4);
}

#[test]
fn othello_rule_empty_squares_go_to_the_winner_at_the_end() {
    let board = Board::<S8>::new(Variant::Othello, &Map::empty(8).unwrap()).unwrap();
    let pos = on8(0b111, 0, Colour::Black);
    assert_eq!(board.status(&pos), Status::GameOver);
    assert_eq!(board.score(&pos, Colour::Black), 64);
    assert_eq!(board.score(&pos, Colour::White), 0);
    assert_eq!(board.final_margin(&pos), 64);
    assert_eq!(board.final_margin(&pos.passed()), -64);
    // A draw shares them: a1 against h8, and neither can move.
    let draw = Position::<S8> {
        me: 1,
        opp: 1 << 63,
        ..pos
    };
    assert_eq!(board.status(&draw), Status::GameOver);
    assert_eq!(board.score(&draw, Colour::Black), 32);
    assert_eq!(board.score(&draw, Colour::White), 32);
    assert_eq!(board.final_margin(&draw), 0);
}

#[test]
fn othello_and_reversi_refuse_special_pieces() {
    let mut map = Map::empty(8).unwrap();
    map.set(1, 1, Some(Piece::Wall), &Limits::default())
        .unwrap();
    assert!(Board::<S8>::new(Variant::Othello, &map).is_err());
    assert!(Board::<S8>::new(Variant::Reversi, &map).is_err());
    assert!(Board::<S6>::new(Variant::Mapello, &map).is_err());
}

#[test]
fn reversi_rule_the_first_four_moves_fill_the_centre_without_capture() {
    let board = Board::<S8>::new(Variant::Reversi, &Map::empty(8).unwrap()).unwrap();
    let mut pos = board.start();
    assert_eq!(pos.occupied(), 0);
    for (i, name) in ["d4", "e4", "d5", "e5"].iter().enumerate() {
        assert_eq!(board.moves(&pos), S8::CENTRE & !pos.occupied(), "move {i}");
        assert_eq!(
            pos.side,
            if i % 2 == 0 {
                Colour::Black
            } else {
                Colour::White
            }
        );
        pos = board.play(&pos, square8(name)).unwrap();
    }
    // Parallel opening reached (black d4 d5, white e4 e5); normal play follows.
    assert_eq!(pos.side, Colour::Black);
    assert_eq!(pos.me, set("d4 d5"));
    assert_eq!(legal_names(&board, &pos), ["f3", "f4", "f5", "f6"]);
}

#[test]
fn sizes_rule_six_and_ten_start_from_the_centre() {
    let b6 = Board::<S6>::new(Variant::Othello, &Map::empty(6).unwrap()).unwrap();
    assert_eq!(b6.perft(&b6.start(), 1), 4);
    assert_eq!(b6.perft(&b6.start(), 2), 12);
    let b10 = Board::<S10>::new(Variant::Othello, &Map::empty(10).unwrap()).unwrap();
    assert_eq!(b10.perft(&b10.start(), 1), 4);
    assert_eq!(b10.perft(&b10.start(), 3), 56);
    let m10 = Board::<S10>::new(Variant::Mapello, &Map::empty(10).unwrap()).unwrap();
    assert_eq!(m10.perft(&m10.start(), 4), 244);
}

/// Random positions on random maps of every size: both ways of finding a
/// ray's first blocker (see `Board::flips_by`) give the same flips on every
/// free square, with and without jokers; and where no joker can anchor a
/// run of the opponent (see `Board::jokers_matter`), the moves and flips
/// without jokers are those with them.
#[test]
fn both_flip_methods_agree() {
    use crate::bits::{Size, Squares};
    use crate::map::Counts;
    use rand_core::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Returns the squares checked, and how many positions on maps with
    /// jokers had them idle and how many did not.
    fn check<S: Size>(rng: &mut Xoshiro256PlusPlus) -> [usize; 3] {
        let n = S::N;
        let mut seen = [0; 3];
        for _ in 0..300 {
            let counts = Counts {
                walls: rng.next_u32() % (n * n / 4),
                bonuses: rng.next_u32() % 4,
                jokers: rng.next_u32() % (4 * n + 5),
            };
            let board =
                Board::<S>::new(Variant::Mapello, &Map::random(n, counts, rng).unwrap()).unwrap();
            let mut pos = board.start();
            for _ in 0..rng.next_u32() % (n * n) {
                let moves: Vec<u32> = Squares(board.moves(&pos)).collect();
                if moves.is_empty() {
                    pos = pos.passed();
                } else {
                    pos = board.play_legal(&pos, moves[rng.next_u32() as usize % moves.len()]);
                }
            }
            // Every joker on the ring anchors some run.
            assert_eq!(board.has_jokers(), board.map().counts().jokers > 0);
            let (p, o) = (pos.me, pos.opp);
            let idle = !board.jokers_matter(o);
            if board.has_jokers() {
                seen[if idle { 1 } else { 2 }] += 1;
            }
            if idle {
                assert_eq!(
                    board.moves_with::<false>(p, o),
                    board.moves_with::<true>(p, o),
                    "{pos:?}"
                );
            }
            for sq in Squares(board.free(&pos)) {
                let fill = board.flips_by::<true, false>(p, o, sq);
                assert_eq!(board.flips_by::<true, true>(p, o, sq), fill, "{pos:?} {sq}");
                if idle {
                    assert_eq!(
                        board.flips_by::<false, false>(p, o, sq),
                        fill,
                        "{pos:?} {sq}"
                    );
                    assert_eq!(
                        board.flips_by::<false, true>(p, o, sq),
                        fill,
                        "{pos:?} {sq}"
                    );
                }
                seen[0] += 1;
            }
        }
        seen
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut seen = [0; 3];
    for counts in [
        check::<S6>(&mut rng),
        check::<S8>(&mut rng),
        check::<S10>(&mut rng),
    ] {
        for (all, these) in seen.iter_mut().zip(counts) {
            *all += these;
        }
    }
    assert!(seen[0] > 10_000, "{seen:?}");
    assert!(seen[1] > 50 && seen[2] > 50, "{seen:?}");
}
