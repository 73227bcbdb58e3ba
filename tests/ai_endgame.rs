//! The exact solver against brute-force minimax over the rules core, on
//! every variant and size, with walls, bonuses and jokers.

use mapello::bits::{Bits, Size, Squares, S10, S6, S8};
use mapello::{
    ai, AnyGame, Board, Counts, Map, Move, Position, Rules, Setup, Square, Status, Variant,
};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The exact final margin for the side to move, by trying every line.
fn minimax<S: Size>(board: &Board<S>, pos: &Position<S>) -> i32 {
    match board.status(pos) {
        Status::GameOver => board.final_margin(pos),
        Status::MustPass => -minimax(board, &pos.passed()),
        Status::ToMove => Squares(board.moves(pos))
            .map(|sq| -minimax(board, &board.play_legal(pos, sq)))
            .max()
            .expect("a position to move has a move"),
    }
}

/// Plays random moves from the start until at most `empties` free squares remain.
fn random_position<S: Size>(
    board: &Board<S>,
    empties: u32,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<Position<S>> {
    let mut pos = board.start();
    loop {
        let free = S::FULL & !(pos.me() | pos.opp() | board.walls());
        if free.count() <= empties {
            return Some(pos);
        }
        match board.status(&pos) {
            Status::GameOver => return None,
            Status::MustPass => pos = pos.passed(),
            Status::ToMove => {
                let moves: Vec<u32> = Squares(board.moves(&pos)).collect();
                pos = board.play_legal(&pos, moves[rng.next_u32() as usize % moves.len()]);
            }
        }
    }
}

/// The game of a position on `map`, as the front ends build it.
fn game_of<S: Size>(board: &Board<S>, pos: &Position<S>) -> AnyGame {
    let mut setup = Setup::start(board.variant(), board.map().clone());
    let squares = |b: S::B| -> Vec<Square> {
        Squares(b)
            .map(|i| Square::from_index(i, S::N).unwrap())
            .collect()
    };
    let black = pos.discs(mapello::Colour::Black);
    let white = pos.discs(mapello::Colour::White);
    setup.black = squares(black);
    setup.white = squares(white);
    setup.side = pos.side();
    setup.taken = pos.taken();
    // Bonuses already taken leave the map.
    for sq in Squares(board.start().bonus() & !pos.bonus()) {
        let (x, y) = (sq % S::N + 1, sq / S::N + 1);
        setup
            .map
            .set(x, y, None, &mapello::Limits::UNLIMITED)
            .unwrap();
    }
    AnyGame::from_setup(&setup).unwrap()
}

/// Calls `check` on `games` random positions of `empties` (on random maps
/// for Mapello, the empty board otherwise) that `check` counts (it
/// answers true), with the map, the board and the position.
fn each_position<S: Size>(
    variant: Variant,
    counts: Counts,
    empties: u32,
    games: usize,
    seed: u64,
    mut check: impl FnMut(&Map, &Board<S>, &Position<S>) -> bool,
) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut checked = 0;
    while checked < games {
        let map = if variant == Variant::Mapello {
            Map::random(S::N, counts, &mut rng).unwrap()
        } else {
            Map::empty(S::N).unwrap()
        };
        let board = Board::<S>::new(variant, &map).unwrap();
        let Some(pos) = random_position(&board, empties, &mut rng) else {
            continue;
        };
        if check(&map, &board, &pos) {
            checked += 1;
        }
    }
}

fn check<S: Size>(variant: Variant, counts: Counts, empties: u32, games: usize, seed: u64) {
    each_position::<S>(variant, counts, empties, games, seed, |map, board, pos| {
        let want = minimax(board, pos);
        let game = game_of(board, pos);
        let solved = ai::solve(&game, ai::Budget::default(), None).unwrap();
        assert_eq!(solved.score, want, "{variant:?} {map:?} {pos:?}");
        // The move it gives reaches that value.
        let after = match solved.best {
            Move::Pass => {
                assert_eq!(board.status(pos), Status::MustPass);
                pos.passed()
            }
            Move::Play(sq) => board.play(pos, sq).expect("a legal best move"),
        };
        if board.status(pos) != Status::GameOver {
            assert_eq!(-minimax(board, &after), want, "best move {:?}", solved.best);
        }
        true
    });
}

#[test]
fn solver_is_exact_on_mapello_with_walls_bonuses_and_jokers() {
    let counts = Counts {
        walls: 4,
        bonuses: 6,
        jokers: 8,
    };
    check::<S6>(Variant::Mapello, counts, 10, 60, 1);
    check::<S8>(Variant::Mapello, counts, 9, 30, 2);
}

#[test]
fn solver_is_exact_when_bonuses_are_the_last_squares() {
    let counts = Counts::FULL_SET;
    check::<S6>(Variant::Mapello, counts, 11, 40, 3);
}

#[test]
fn solver_is_exact_on_othello_where_empties_go_to_the_winner() {
    check::<S8>(Variant::Othello, Counts::default(), 9, 40, 4);
    check::<S6>(Variant::Othello, Counts::default(), 11, 20, 5);
}

#[test]
fn solver_is_exact_on_reversi_and_the_10_by_10_board() {
    check::<S6>(Variant::Reversi, Counts::default(), 10, 20, 6);
    let counts = Counts::FULL_SET;
    check::<S10>(Variant::Mapello, counts, 8, 10, 7);
}

#[test]
fn ffo_40_is_a2_plus_38() {
    let setup =
        mapello::obf::read("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")
            .unwrap();
    let solved = ai::solve(
        &AnyGame::from_setup(&setup).unwrap(),
        ai::Budget::default(),
        None,
    )
    .unwrap();
    assert_eq!(solved.best.name(8), "a2");
    assert_eq!(solved.score, 38);
}

/// A search that solves for the win alone never plays a move that throws
/// a won game or a drawn one away, bonuses already taken counted, and
/// says which it is; with budget left, it then finds the exact score.
#[test]
fn a_win_draw_loss_solve_keeps_the_result() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let options = ai::Options {
        wld: 13,
        ..ai::Options::default()
    };
    let mut checked = 0;
    while checked < 24 {
        let map = if checked % 2 == 0 {
            Map::empty(8).unwrap()
        } else {
            Map::random(8, Counts::FULL_SET, &mut rng).unwrap()
        };
        let variant = if checked % 2 == 0 {
            Variant::Othello
        } else {
            Variant::Mapello
        };
        let board = Board::<S8>::new(variant, &map).unwrap();
        let Some(pos) = random_position(&board, 13, &mut rng) else {
            continue;
        };
        if board.status(&pos) != Status::ToMove {
            continue;
        }
        let game = game_of(&board, &pos);
        let want = ai::solve(&game, ai::Budget::default(), None).unwrap().score;
        // The proof's report, the last before the exact solve that the
        // budget left (none here) lets follow.
        let mut reports = Vec::new();
        let last = ai::best_move(&game, &options, None, &mut |r| reports.push(r.clone()));
        assert!(
            last.exact && last.score as i32 == want,
            "{last:?} against {want}"
        );
        let found = reports
            .iter()
            .rev()
            .find(|r| !r.exact)
            .expect("the proof's report")
            .clone();
        let Move::Play(sq) = found.best else {
            panic!("a move to play")
        };
        let after = board.play(&pos, sq).unwrap();
        let got = match board.status(&after) {
            Status::GameOver => -board.final_margin(&after),
            _ => {
                -ai::solve(&game_of(&board, &after), ai::Budget::default(), None)
                    .unwrap()
                    .score
            }
        };
        assert_eq!(
            got.signum().max(0),
            want.signum().max(0),
            "{variant:?} {pos:?}"
        );
        assert_eq!(
            (found.score as i32).signum(),
            want.signum(),
            "score {} against {want}",
            found.score
        );
        assert!(!found.exact);
        checked += 1;
    }
}

/// Solves positions of `empties` on two threads and on one: the same
/// score, and the two-thread move reaches it.
fn check_threads<S: Size>(variant: Variant, counts: Counts, empties: u32, games: usize, seed: u64) {
    each_position::<S>(variant, counts, empties, games, seed, |map, board, pos| {
        if board.status(pos) != Status::ToMove {
            return false;
        }
        let game = game_of(board, pos);
        let want = ai::solve(&game, ai::Budget::default(), None).unwrap().score;
        let solved = ai::solve_threads(&game, ai::Budget::default(), None, 2).unwrap();
        assert_eq!(solved.score, want, "{variant:?} {map:?} {pos:?}");
        let Move::Play(sq) = solved.best else {
            panic!("a move to play")
        };
        let after = board.play(pos, sq).expect("a legal best move");
        let got = match board.status(&after) {
            Status::GameOver => -board.final_margin(&after),
            _ => {
                -ai::solve(&game_of(board, &after), ai::Budget::default(), None)
                    .unwrap()
                    .score
            }
        };
        assert_eq!(got, want, "best move {:?} of {pos:?}", solved.best);
        true
    });
}

#[test]
fn two_threads_solve_as_one_does() {
    check_threads::<S8>(Variant::Othello, Counts::default(), 18, 24, 21);
    check_threads::<S8>(Variant::Mapello, Counts::FULL_SET, 16, 16, 22);
    check_threads::<S6>(Variant::Mapello, Counts::FULL_SET, 16, 8, 23);
    check_threads::<S10>(Variant::Mapello, Counts::FULL_SET, 15, 6, 24);
}

#[test]
fn ffo_40_on_three_threads_is_a2_plus_38() {
    let setup =
        mapello::obf::read("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")
            .unwrap();
    let game = AnyGame::from_setup(&setup).unwrap();
    let solved = ai::solve_threads(&game, ai::Budget::default(), None, 3).unwrap();
    assert_eq!(solved.best.name(8), "a2");
    assert_eq!(solved.score, 38);
}

#[test]
fn a_solve_on_two_threads_stops_when_told() {
    let setup =
        mapello::obf::read("--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O")
            .unwrap();
    let game = AnyGame::from_setup(&setup).unwrap();
    let start = std::time::Instant::now();
    let budget = ai::Budget {
        nodes: Some(200_000),
        ..ai::Budget::default()
    };
    assert_eq!(ai::solve_threads(&game, budget, None, 2), None);
    assert_eq!(
        ai::solve_threads(&game, ai::Budget::time(50.0), None, 2),
        None
    );
    let cancel = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(50));
            cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        let solved = ai::solve_threads(&game, ai::Budget::default(), Some(&cancel), 2);
        assert_eq!(solved, None);
    });
    // FFO #43 takes seconds; each of the three stops within a fraction.
    assert!(start.elapsed().as_secs_f64() < 1.5, "{:?}", start.elapsed());
}

/// Level 10's search of positions of `empties` with its solves shared
/// between two threads (`Options::threads`, as the page's threaded workers
/// share them) and on one, without a node budget (the helpers' nodes do
/// not count against one): the same exact score, or the same proven
/// result where it solves for the win alone; and `solve_sharing` gives the
/// cores to exactly those searches.
fn check_level_threads<S: Size>(
    variant: Variant,
    counts: Counts,
    empties: u32,
    games: usize,
    seed: u64,
) {
    let level = ai::Level::get(10).unwrap();
    each_position::<S>(variant, counts, empties, games, seed, |map, board, pos| {
        if board.status(pos) != Status::ToMove {
            return false;
        }
        let game = game_of(board, pos);
        let one = ai::Options {
            budget: ai::Budget::default(),
            ..level.options(S::N, 1)
        };
        let two = ai::Options { threads: 2, ..one };
        if empties > level.wld {
            assert_eq!(ai::solve_sharing(&game, &one, 4), 1, "{pos:?}");
            return true;
        }
        assert_eq!(ai::solve_sharing(&game, &one, 4), 4, "{pos:?}");
        assert_eq!(ai::solve_sharing(&game, &one, 64), 8, "{pos:?}");
        let alone = ai::best_move(&game, &one, None, &mut |_| {});
        let shared = ai::best_move(&game, &two, None, &mut |_| {});
        let context = format!(
            "{variant:?} {map:?} {pos:?}: {:?} against {:?}",
            shared.score, alone.score
        );
        assert_eq!(shared.exact, alone.exact, "{context}");
        if alone.exact {
            assert_eq!(shared.score, alone.score, "{context}");
        } else {
            assert_eq!(shared.score.signum(), alone.score.signum(), "{context}");
        }
        true
    });
}

#[test]
fn a_level_shares_its_solves_between_threads_as_asked() {
    check_level_threads::<S8>(Variant::Othello, Counts::default(), 18, 6, 31);
    check_level_threads::<S8>(Variant::Othello, Counts::default(), 21, 3, 32);
    check_level_threads::<S8>(Variant::Mapello, Counts::FULL_SET, 17, 4, 33);
    check_level_threads::<S8>(Variant::Othello, Counts::default(), 30, 1, 34);
}

#[test]
fn level_10_solves_past_its_exact_point_when_the_win_is_proven_with_budget_left() {
    // 21 empty squares, white to move and winning: the win-draw-loss proof
    // takes about ten thousand nodes of level 10's 25 million; the exact
    // solve then finishes with what is left (+32, where the depth-8 search
    // before the proof said +26).
    let setup =
        mapello::obf::read("----OOO-XXOOXX--XXOXXX--XOXXOX--XOOOXX--XXOOXX---XXOXX---OOOOO-- O")
            .unwrap();
    let game = AnyGame::from_setup(&setup).unwrap();
    let level = ai::Level::get(10).unwrap();
    assert!(level.endgame < 21 && 21 <= level.wld);
    let found = ai::best_move(&game, &level.options(8, 1), None, &mut |_| {});
    assert!(found.exact, "{found:?}");
    assert_eq!(
        (found.best.name(8).as_str(), found.score, found.depth),
        ("a8", 32.0, 21)
    );
    // With a budget the proof alone uses up, the proof's move stands.
    let short = ai::Options {
        budget: ai::Budget {
            nodes: Some(30_000),
            ..ai::Budget::default()
        },
        ..level.options(8, 1)
    };
    let proved = ai::best_move(&game, &short, None, &mut |_| {});
    assert!(!proved.exact && proved.score > 0.0, "{proved:?}");
}
