//! The search, the levels and the baseline players: determinism for a
//! seed, budgets kept, cancellation, legal moves on every variant.

use std::sync::atomic::AtomicBool;

use mapello::ai::{self, balance, matches, Budget, Kind, Level, Options, LEVELS, MAX_LEVEL};
use mapello::{AnyGame, Counts, Map, Move, Variant, SIZES};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn mapello_game(seed: u64) -> AnyGame {
    let counts = Counts::FULL_SET;
    let map = Map::random(8, counts, &mut Xoshiro256PlusPlus::seed_from_u64(seed)).unwrap();
    AnyGame::new(Variant::Mapello, map).unwrap()
}

fn nodes(n: u64) -> Options {
    Options {
        budget: Budget {
            nodes: Some(n),
            ..Budget::default()
        },
        endgame: 12,
        ..Options::default()
    }
}

#[test]
fn a_search_is_deterministic_for_a_seed() {
    let game = mapello_game(3);
    for level in 1..=MAX_LEVEL.min(6) {
        let options = Level::get(level).unwrap().options(game.size(), 42);
        let a = ai::best_move(&game, &options, None, &mut |_| {});
        let b = ai::best_move(&game, &options, None, &mut |_| {});
        assert_eq!(a, b, "level {level}");
    }
    let one = matches::play(&game, Kind::Level(3), Kind::Uct(200), 9, None);
    assert_eq!(
        one,
        matches::play(&game, Kind::Level(3), Kind::Uct(200), 9, None)
    );
}

#[test]
fn node_budgets_are_kept() {
    let game = mapello_game(4);
    for n in [1_000, 20_000, 100_000] {
        let found = ai::best_move(&game, &nodes(n), None, &mut |_| {});
        // The budget is checked every 2048 nodes.
        assert!(
            found.nodes <= n + 4096,
            "{} nodes for a budget of {n}",
            found.nodes
        );
        assert!(matches!(found.best, Move::Play(_)));
    }
}

#[test]
fn levels_keep_their_node_budgets_and_grow_stronger_in_budget() {
    let game = mapello_game(5);
    for (i, level) in LEVELS.iter().enumerate() {
        let found = ai::best_move(&game, &level.options(game.size(), 1), None, &mut |_| {});
        if let Some(n) = level.nodes(game.size()) {
            assert!(
                found.nodes <= n + 4096,
                "level {}: {} nodes",
                i + 1,
                found.nodes
            );
        }
        if let Some(d) = level.depth {
            assert!(found.depth <= d, "level {}: depth {}", i + 1, found.depth);
        }
    }
    for pair in LEVELS.windows(2) {
        assert!(pair[1].endgame >= pair[0].endgame);
        assert!(pair[1].noise <= pair[0].noise);
        for n in SIZES {
            if let (Some(a), Some(b)) = (pair[0].nodes(n), pair[1].nodes(n)) {
                assert!(b > a, "{n} x {n}: {b} nodes after {a}");
            }
        }
    }
}

#[test]
fn the_expert_levels_have_a_budget_for_each_board_size() {
    let expert = Level::get(MAX_LEVEL).unwrap();
    // A node costs about twice as much on 10 x 10 as on 8 x 8, and on
    // 6 x 6 the level mostly solves exactly early, with a smaller budget.
    assert_eq!(expert.nodes(8), Some(25_000_000));
    assert_eq!(expert.nodes(10), Some(10_000_000));
    assert_eq!(expert.nodes(6), Some(7_000_000));
    assert_eq!(expert.options(10, 1).budget.nodes, Some(10_000_000));
    let level8 = Level::get(8).unwrap();
    for n in SIZES {
        assert_eq!(level8.nodes(n), Some(800_000));
    }
}

#[test]
fn a_time_budget_stops_the_search_with_a_legal_move() {
    let game = mapello_game(6);
    let options = Options {
        budget: Budget {
            time_ms: Some(100.0),
            ..Budget::default()
        },
        ..Options::default()
    };
    let mut reports = Vec::new();
    let found = ai::best_move(&game, &options, None, &mut |p| reports.push(p.clone()));
    // Without the clock the search would go on to the end of the game.
    let empties = mapello::caps::empties(&game);
    assert!(
        found.depth >= 1 && found.depth < empties,
        "depth {}",
        found.depth
    );
    assert!(!found.exact);
    let legal = game.snapshot().legal;
    assert!(legal.contains(&found.best.name(game.size())));
    // Every report names a legal move: the best found so far.
    assert!(!reports.is_empty());
    for report in &reports {
        assert!(legal.contains(&report.best.name(game.size())));
    }
}

#[test]
fn the_expert_levels_think_for_a_time_where_a_player_waits() {
    for (level, ms) in [(9, 1_000.0), (10, 3_000.0)] {
        let expert = Level::get(level).unwrap();
        for n in SIZES {
            let timed = expert.timed(n, 5);
            assert_eq!(
                timed.budget,
                Budget {
                    depth: None,
                    nodes: None,
                    time_ms: Some(ms),
                },
                "level {level} on {n} x {n}"
            );
            assert_eq!(timed.endgame, expert.endgame);
            // The command line keeps the node budget, to replay exactly.
            let options = expert.options(n, 5);
            assert_eq!(options.budget.nodes, expert.nodes(n));
            assert_eq!(options.budget.time_ms, None);
        }
    }
    for level in 1..=8 {
        let l = Level::get(level).unwrap();
        assert_eq!(l.time_ms, None);
        assert_eq!(l.timed(8, 3), l.options(8, 3), "level {level}");
    }
}

#[test]
fn a_timed_expert_level_plays_a_legal_move() {
    let game = mapello_game(9);
    let options = Level::get(9).unwrap().timed(game.size(), 2);
    let found = ai::best_move(&game, &options, None, &mut |_| {});
    assert!(game
        .snapshot()
        .legal
        .contains(&found.best.name(game.size())));
    assert!(found.depth >= 1);
}

#[test]
fn a_raised_cancel_flag_stops_the_search_at_once() {
    let game = mapello_game(7);
    let cancel = AtomicBool::new(true);
    let found = ai::best_move(&game, &Options::default(), Some(&cancel), &mut |_| {});
    assert!(
        found.nodes <= 4096,
        "{} nodes after cancelling",
        found.nodes
    );
    assert!(
        matches!(found.best, Move::Play(_)),
        "a cancelled search still names a move"
    );
    let setup =
        mapello::obf::read("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")
            .unwrap();
    let ffo = AnyGame::from_setup(&setup).unwrap();
    assert!(ai::solve(&ffo, Budget::default(), Some(&cancel)).is_none());
}

#[test]
fn progress_is_reported_after_each_iteration() {
    let game = mapello_game(8);
    let mut depths = Vec::new();
    let found = ai::best_move(&game, &nodes(30_000), None, &mut |p| depths.push(p.depth));
    assert!(depths.len() >= 3);
    assert!(depths.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(*depths.last().unwrap(), found.depth);
}

#[test]
fn the_search_is_exact_near_the_end() {
    let setup =
        mapello::obf::read("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")
            .unwrap();
    let game = AnyGame::from_setup(&setup).unwrap();
    let options = Options {
        endgame: 20,
        ..Options::default()
    };
    let found = ai::best_move(&game, &options, None, &mut |_| {});
    assert!(found.exact);
    assert_eq!(found.score, 38.0);
    assert_eq!(found.best.name(8), "a2");
}

#[test]
fn every_player_finishes_games_on_every_variant_and_size() {
    let games = [
        mapello_game(9),
        AnyGame::new(Variant::Othello, Map::empty(6).unwrap()).unwrap(),
        AnyGame::new(Variant::Reversi, Map::empty(6).unwrap()).unwrap(),
        AnyGame::new(Variant::Mapello, Map::empty(10).unwrap()).unwrap(),
    ];
    for game in &games {
        for (a, b) in [
            (Kind::Level(4), Kind::Random),
            (Kind::Greedy, Kind::Uct(100)),
        ] {
            let out = matches::play(game, a, b, 1, None);
            assert!(out.plies >= 4);
            assert!(out.scores[0] + out.scores[1] > 4);
        }
    }
}

#[test]
fn players_parse_and_print_alike() {
    for text in ["1", "8", "10", "random", "greedy", "uct:10000"] {
        assert_eq!(text.parse::<Kind>().unwrap().to_string(), text);
    }
    for bad in ["0", "11", "uct:", "uct:0", "best", ""] {
        assert!(bad.parse::<Kind>().is_err(), "{bad}");
    }
}

#[test]
fn hints_value_every_legal_move_best_first() {
    let game = mapello_game(10);
    let hints = ai::hints(&game, &nodes(20_000), None);
    assert_eq!(hints.len(), game.snapshot().legal.len());
    assert!(hints.windows(2).all(|w| w[0].1 >= w[1].1));
}

#[test]
fn the_balanced_map_generator_returns_an_even_map() {
    let counts = Counts::FULL_SET;
    let (map, v) = balance::balanced_random_map(1, 8, counts).unwrap();
    assert_eq!(map.counts(), counts);
    assert!(v.abs() <= balance::BALANCED, "balance {v}");
    let again = balance::balance(&AnyGame::new(Variant::Mapello, map).unwrap());
    assert_eq!(again, v);
}

/// On the rulebook map (3 walls, 3 bonuses) no game ends beyond 61 squares
/// and 9 bonus points: the AI's move values, hints and review values stay
/// within 70 points, however one-sided the position it estimates (a
/// newcomer saw "it expects to win by about 82 points" there).
#[test]
fn no_value_is_wider_than_the_board_allows() {
    let map = mapello::sharecode::decode("18EwAAAAMAABIAABJRhCAAQAA").unwrap();
    let most = 70.0;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let options = Level::get(3).unwrap().options(8, 1);
    let mut widest: f64 = 0.0;
    for _ in 0..6 {
        let mut game = AnyGame::new(Variant::Mapello, map.clone()).unwrap();
        // Black plays the AI's move, White the first legal one: a rout.
        while let Some(side) = game.snapshot().to_move {
            let reply = ai::best_move(&game, &options, None, &mut |_| {});
            assert!(reply.score.abs() <= most, "a move valued {}", reply.score);
            widest = widest.max(reply.score.abs());
            for (_, v) in ai::hints(&game, &options, None) {
                assert!(v.abs() <= most, "a hint valued {v}");
            }
            let snap = game.snapshot();
            let mv = if side == mapello::Colour::Black || snap.legal.is_empty() {
                reply.best
            } else {
                let pick = rng.next_u32() as usize % snap.legal.len();
                game.parse_move(&snap.legal[pick]).unwrap()
            };
            if let Some(r) =
                ai::review::review_move(&game, mv, &ai::review::Options::level(1).unwrap(), None)
                    .unwrap()
            {
                assert!(
                    r.played_value.abs() <= 70 && r.best_value.abs() <= 70,
                    "review {} {}",
                    r.played_value,
                    r.best_value
                );
            }
            game.play(mv).unwrap();
        }
    }
    assert!(widest > 40.0, "the games were one-sided ({widest})");
}

/// Levels 6 and up open 8 x 8 Othello from the book at once, drawing
/// among near-equal moves; below 6, the `plain:` and `classic:` players
/// and every other game search.
#[test]
fn the_strong_levels_open_othello_from_the_book() {
    let othello = AnyGame::new(Variant::Othello, Map::empty(8).unwrap()).unwrap();
    let firsts = ["d3", "c4", "f5", "e6"];
    let mut drawn = std::collections::HashSet::new();
    for seed in 0..16 {
        let options = Level::get(6).unwrap().options(8, seed);
        let found = ai::best_move(&othello, &options, None, &mut |_| {});
        assert_eq!(found.nodes, 0);
        assert!(found.book, "the move says it is the book's");
        let Move::Play(sq) = found.best else {
            panic!("a first move")
        };
        drawn.insert(sq.name(8).to_string());
    }
    assert!(drawn.len() > 1, "{drawn:?}");
    assert!(
        drawn.iter().all(|m| firsts.contains(&m.as_str())),
        "{drawn:?}"
    );
    for options in [
        Level::get(5).unwrap().options(8, 1),
        Level::get(6).unwrap().plain().options(8, 1),
    ] {
        let found = ai::best_move(&othello, &options, None, &mut |_| {});
        assert!(found.nodes > 0 && !found.book);
    }
    let map = mapello_game(3);
    let options = Level::get(6).unwrap().options(8, 1);
    assert!(ai::best_move(&map, &options, None, &mut |_| {}).nodes > 0);
    let out = matches::play(&othello, Kind::Plain(6), Kind::Classic(6), 1, None);
    assert!(out.scores[0] + out.scores[1] <= 64);
    assert_eq!("plain:6".parse::<Kind>(), Ok(Kind::Plain(6)));
}

#[test]
fn a_move_splits_over_the_cores_in_the_midgame_only() {
    let level = Level::get(10).unwrap();
    let midgame = mapello_game(3);
    let options = level.options(midgame.size(), 1);
    assert_eq!(ai::parts(&midgame, &options, 2), 2);
    assert_eq!(ai::parts(&midgame, &options, 64), 4);
    assert_eq!(ai::parts(&midgame, &options, 1), 1);
    // A position the level solves (exactly or for the win) is solved on
    // one core: FFO #40 has 20 empty squares, #41 22.
    for obf in [
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
        "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X",
    ] {
        let endgame = AnyGame::from_setup(&mapello::obf::read(obf).unwrap()).unwrap();
        assert_eq!(ai::parts(&endgame, &level.options(8, 1), 4), 1, "{obf}");
        // Level 8 does not solve there: it splits.
        let eight = Level::get(8).unwrap().options(8, 1);
        assert!(ai::parts(&endgame, &eight, 4) > 1, "{obf}");
    }
    // Othello's first moves are the book's.
    let start = AnyGame::new(Variant::Othello, Map::empty(8).unwrap()).unwrap();
    assert_eq!(ai::parts(&start, &level.options(8, 1), 4), 1);
}
