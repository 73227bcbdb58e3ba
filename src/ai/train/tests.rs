use std::path::PathBuf;

use super::{data, fit, patterns};

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mapello-train-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

const PLAN: data::Plan = data::Plan {
    n: 8,
    games: 6,
    seed: 7,
    level: 2,
    solve_at: 8,
    othello_only: false,
    tables: false,
};

#[test]
fn the_games_are_the_same_for_a_seed_and_differ_between_seeds() {
    let (a, b, c) = (scratch("same-a"), scratch("same-b"), scratch("same-c"));
    data::generate(&PLAN, &a, None, 1, &|_, _| {}).unwrap();
    data::generate(&PLAN, &b, None, 2, &|_, _| {}).unwrap();
    let other = data::Plan { seed: 8, ..PLAN };
    data::generate(&other, &c, None, 1, &|_, _| {}).unwrap();
    let read = |d: &PathBuf| std::fs::read_to_string(data::chunk_path(d, 0)).unwrap();
    assert_eq!(read(&a), read(&b));
    assert_ne!(read(&a), read(&c));
    let text = read(&a);
    assert_eq!(text.lines().filter(|l| l.starts_with("game ")).count(), 6);
    // One game in three is Othello; the others are Mapello maps.
    assert!(text.lines().next().unwrap().starts_with("game othello "));
    assert!(text.contains("game mapello "));
    for d in [a, b, c] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn a_chunk_on_disk_is_kept_and_only_missing_ones_are_played() {
    let dir = scratch("resume");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(data::chunk_path(&dir, 0), "kept\n").unwrap();
    let calls = std::sync::Mutex::new(Vec::new());
    data::generate(&PLAN, &dir, None, 1, &|done, total| {
        calls.lock().unwrap().push((done, total))
    })
    .unwrap();
    assert_eq!(
        std::fs::read_to_string(data::chunk_path(&dir, 0)).unwrap(),
        "kept\n"
    );
    assert_eq!(calls.into_inner().unwrap(), vec![(1, 1)]);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_labels_are_exact_once_the_game_is_solved() {
    let dir = scratch("labels");
    data::generate(&PLAN, &dir, None, 1, &|_, _| {}).unwrap();
    let text = std::fs::read_to_string(data::chunk_path(&dir, 0)).unwrap();
    let (mut positions, mut solved) = (0, 0);
    let mut othello = false;
    for line in text.lines() {
        if let Some(game) = line.strip_prefix("game ") {
            othello = game.starts_with("othello ");
            continue;
        }
        let w: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(w.len(), 5, "{line}");
        let bits = |k: usize| u64::from_str_radix(w[k], 16).unwrap();
        let (me, opp) = (bits(0), bits(1));
        assert_eq!(me & opp, 0, "{line}");
        let result: f64 = w[3].parse().unwrap();
        let value: f64 = w[4].parse().unwrap();
        // Othello has no walls, so its free squares are the empty ones.
        if othello && 64 - (me | opp).count_ones() <= PLAN.solve_at {
            assert_eq!(result, value, "{line}");
            solved += 1;
        }
        positions += 1;
    }
    assert!(solved >= 2 * 6, "{solved} solved positions");
    assert!(positions > 6 * 30, "{positions} positions");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn broken_game_files_are_refused_with_the_line() {
    let dir = scratch("broken");
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        ("1 2 0 3 4.0\n", "line 1: a position before any game"),
        (
            "game othello 18AAAAAAAAAAAAAAAAAAAAAAA\nzz 2 0 3 4\n",
            "line 2: a square set that is not hexadecimal",
        ),
        (
            "game othello 18AAAAAAAAAAAAAAAAAAAAAAA\n1 2 0 x 4\n",
            "line 2: a result that is not a number",
        ),
        (
            "game othello 18AAAAAAAAAAAAAAAAAAAAAAA\n1 2 0\n",
            "line 2: not a position line",
        ),
        (
            "game chess 18AAAAAAAAAAAAAAAAAAAAAAA\n",
            "line 1: an unknown variant",
        ),
        (
            "game troll 18AAAAAAAAAAAAAAAAAAAAAAA\n1 2 0 3 4\n",
            "line 1: troll games train no network",
        ),
        ("game othello !!\n", "line 1: "),
        ("", "games-0000.txt holds no games; delete it"),
        (
            "game othello 18AAAAAAAAAAAAAAAAAAAAAAA\n1 2 0 3 4\ngame othello 16AAAAAAAAAAAAAAA\n1 2 0 3 4\n",
            "line 4: a board of another size than the games before",
        ),
        (
            "game othello 16AAAAAAAAAAAAAAA\n1000000000 2 0 3 4\n",
            "line 2: a square set off the board",
        ),
    ];
    for (text, want) in cases {
        std::fs::write(data::chunk_path(&dir, 0), text).unwrap();
        let err = fit::load(&[(&dir, 1)], fit::BLEND)
            .err()
            .expect("refused")
            .to_string();
        assert!(err.contains(want), "{err:?} lacks {want:?}");
    }
    std::fs::write(
        data::chunk_path(&dir, 0),
        "game othello 18AAAAAAAAAAAAAAAAAAAAAAA\n",
    )
    .unwrap();
    let err = fit::load(&[(&dir, 2)], fit::BLEND)
        .err()
        .expect("refused")
        .to_string();
    assert!(err.contains("games-0001.txt"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn fitting_lowers_the_error_and_resumes_to_the_same_weights() {
    let dir = scratch("fit");
    let plan = data::Plan { games: 30, ..PLAN };
    data::generate(&plan, &dir, None, 2, &|_, _| {}).unwrap();
    let (samples, _) = fit::load(&[(&dir, 1)], fit::BLEND).unwrap();
    let start = fit::State::new(1, 8);
    let before = fit::error(&start.params, &samples);
    let mut straight = start.clone();
    straight.epoch(&samples, 1);
    straight.epoch(&samples, 1);
    assert!(fit::error(&straight.params, &samples) < before);
    let mut resumed = start;
    resumed.epoch(&samples, 1);
    let mut resumed = fit::State::from_bytes(&resumed.to_bytes(), 1, 8).unwrap();
    resumed.epoch(&samples, 1);
    assert_eq!(resumed, straight);
    assert!(fit::State::from_bytes(&straight.to_bytes()[1..], 1, 8).is_none());
    // The integer model reads back.
    let model = straight.params.model();
    assert_eq!(crate::ai::net::Model::parse(&model.to_bytes()), Ok(model));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_fit_from_weights_starts_from_those_weights() {
    let model = crate::ai::net::builtin(8).expect("an 8 x 8 network");
    assert_eq!(&fit::Params::of(model).model(), model);
    let state = fit::State::from_model(model);
    assert_eq!(state.epoch, 0);
    assert_eq!(&state.params.model(), model);
    // Its checkpoint reads back as any fit's does.
    assert_eq!(fit::State::from_bytes(&state.to_bytes(), 1, 8), Some(state));
}

#[test]
fn a_later_generation_plays_with_the_fitted_network_and_other_games() {
    let (a, b, c) = (scratch("gen-a"), scratch("gen-b"), scratch("gen-c"));
    data::generate(&PLAN, &a, None, 1, &|_, _| {}).unwrap();
    let model = crate::ai::net::builtin(8).expect("an 8 x 8 network");
    data::generate(&PLAN, &b, Some(model), 1, &|_, _| {}).unwrap();
    assert_eq!(data::generation_seed(PLAN.seed, 0), PLAN.seed);
    let next = data::Plan {
        seed: data::generation_seed(PLAN.seed, 1),
        ..PLAN
    };
    data::generate(&next, &c, Some(model), 1, &|_, _| {}).unwrap();
    let read = |d: &PathBuf| std::fs::read_to_string(data::chunk_path(d, 0)).unwrap();
    let maps = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("game "))
            .map(str::to_string)
            .collect()
    };
    // The same maps and openings, played otherwise by the network.
    assert_eq!(maps(&read(&a)), maps(&read(&b)));
    assert_ne!(read(&a), read(&b));
    // The next generation's seed gives other maps.
    assert_ne!(maps(&read(&b)), maps(&read(&c)));
    // A fit reads every generation.
    let count = |parts: &[(&std::path::Path, u32)]| {
        let (fit, held) = fit::load(parts, fit::BLEND).unwrap();
        fit.len() + held.len()
    };
    assert_eq!(
        count(&[(&a, 1), (&c, 1)]),
        count(&[(&a, 1)]) + count(&[(&c, 1)])
    );
    for d in [a, b, c] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn every_board_size_trains_its_own_network() {
    for n in [6, 10] {
        let dir = scratch(&format!("size-{n}"));
        let plan = data::Plan { n, ..PLAN };
        data::generate(&plan, &dir, None, 1, &|_, _| {}).unwrap();
        let text = std::fs::read_to_string(data::chunk_path(&dir, 0)).unwrap();
        let first = text.lines().next().unwrap();
        let code = first.split_whitespace().last().unwrap();
        assert_eq!(crate::sharecode::decode(code).unwrap().size(), n, "{first}");
        let (samples, _) = fit::load(&[(&dir, 1)], fit::BLEND).unwrap();
        assert_eq!(samples.size(), n);
        let mut state = fit::State::new(1, n);
        let before = fit::error(&state.params, &samples);
        state.epoch(&samples, 1);
        assert!(fit::error(&state.params, &samples) < before);
        let model = state.params.model();
        assert_eq!(model.n, n);
        assert_eq!(model.input.len(), crate::ai::net::inputs::count(n));
        assert!(fit::State::from_bytes(&state.to_bytes(), 1, 8).is_none());
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn the_pattern_games_play_with_the_tables_and_a_fit_reads_every_generation() {
    let (a, b) = (scratch("pat-a"), scratch("pat-b"));
    // 50 games: the last is held out.
    let plan = data::Plan {
        games: 50,
        othello_only: true,
        ..PLAN
    };
    let model = crate::ai::net::builtin(8).expect("an 8 x 8 network");
    data::generate(&plan, &a, Some(model), 1, &|_, _| {}).unwrap();
    let second = data::Plan {
        tables: true,
        ..plan
    };
    data::generate(&second, &b, Some(model), 1, &|_, _| {}).unwrap();
    let read = |d: &PathBuf| std::fs::read_to_string(data::chunk_path(d, 0)).unwrap();
    let (first, tabled) = (read(&a), read(&b));
    assert!(first.lines().next().unwrap().starts_with("game othello "));
    // The same openings, played otherwise with the tables.
    let games = |text: &str| text.lines().filter(|l| l.starts_with("game ")).count();
    assert_eq!(games(&first), 50);
    assert_eq!(games(&tabled), 50);
    assert_ne!(first, tabled);
    let count = |dirs: &[PathBuf]| {
        let (fit, held) = patterns::load(dirs, 0.5).unwrap();
        (fit.len(), held.len())
    };
    let (one, two) = (
        count(std::slice::from_ref(&a)),
        count(std::slice::from_ref(&b)),
    );
    let (fit, held) = patterns::load(&[a.clone(), b.clone()], 0.5).unwrap();
    assert_eq!((fit.len(), held.len()), (one.0 + two.0, one.1 + two.1));
    assert!(!held.is_empty() && fit.len() > held.len());
    // The fit lowers the error of the positions it was fitted to.
    let tables = patterns::fit(&fit, None, 20.0, 20, 2);
    let (before, after) = patterns::errors(&fit, &tables);
    assert!(after < before, "{before} -> {after}");
    // A fit from earlier tables: held hard, it keeps them; held as a few
    // positions, it learns the new games, from where the tables left them.
    let (first, _) = patterns::load(std::slice::from_ref(&a), 0.5).unwrap();
    let (second, _) = patterns::load(std::slice::from_ref(&b), 0.5).unwrap();
    let earlier = patterns::fit(&first, None, 20.0, 20, 2);
    let fit_from = |share: f32| {
        let prior = patterns::Prior {
            tables: &earlier,
            share,
        };
        patterns::fit(&second, Some(&prior), 20.0, 20, 2)
    };
    let kept = fit_from(1e6);
    let moved = |t: &crate::ai::net::patterns::Patterns| {
        t.weights()
            .iter()
            .zip(earlier.weights())
            .filter(|(x, y)| **x != *y)
            .count()
    };
    assert_eq!(moved(&kept), 0);
    let learned = fit_from(0.1);
    assert!(moved(&learned) > 0);
    let held_more = fit_from(10.0);
    let error = |t| patterns::errors(&second, t).1;
    assert!(error(&learned) < error(&earlier));
    assert!(error(&learned) < error(&held_more));
    assert!(error(&held_more) < error(&earlier) + 1e-9);
    for d in [a, b] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn a_target_blends_the_result_and_the_value_as_asked() {
    let dir = scratch("blend");
    std::fs::create_dir_all(&dir).unwrap();
    // The start of Othello, whose game ended 60 points up while the search
    // saw 40: far above what any evaluation gives the start.
    std::fs::write(
        data::chunk_path(&dir, 0),
        "game othello 18AAAAAAAAAAAAAAAAAAAAAAA\n810000000 1008000000 0 60 40.0\n",
    )
    .unwrap();
    let error = |blend: f32| {
        let (samples, _) = fit::load(&[(&dir, 1)], blend).unwrap();
        assert_eq!(samples.len(), 1);
        fit::error(&fit::Params::hand_made(8), &samples)
    };
    let (result, value, half) = (error(1.0), error(0.0), error(0.5));
    assert!((result - value - 20.0).abs() < 1e-3, "{result} {value}");
    assert!((half - (result + value) / 2.0).abs() < 1e-3, "{half}");
    std::fs::remove_dir_all(dir).unwrap();
}
