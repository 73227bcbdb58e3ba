//! The AI's JavaScript API, tested in Node.
#![cfg(target_arch = "wasm32")]

use mapello::wasm::ai::{balanced_map, best_move, game_balance, hints, map_balance, review_move};
use mapello::wasm::Game;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn get(obj: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(obj, &key.into()).unwrap()
}

fn options(pairs: &[(&str, f64)]) -> JsValue {
    let obj = js_sys::Object::new();
    for (k, v) in pairs {
        js_sys::Reflect::set(&obj, &(*k).into(), &(*v).into()).unwrap();
    }
    obj.into()
}

fn start() -> Game {
    Game::new(JsValue::UNDEFINED).unwrap()
}

#[wasm_bindgen_test]
fn best_move_names_a_legal_move_and_reports_progress() {
    let game = start();
    let calls = js_sys::Array::new();
    let record = js_sys::Function::new_with_args("p", "this.push(p.depth)").bind0(&calls);
    let found = best_move(
        &game,
        options(&[("level", 5.0), ("seed", 3.0)]),
        record.into(),
    )
    .unwrap();
    let mv = get(&found, "move").as_string().unwrap();
    let legal = js_sys::Array::from(&get(&game.snapshot().unwrap(), "legal"));
    assert!(legal.iter().any(|m| m.as_string().unwrap() == mv), "{mv}");
    assert!(calls.length() >= 2);
    assert_eq!(get(&found, "depth"), calls.get(calls.length() - 1));
    assert!(get(&found, "nodes").as_f64().unwrap() > 0.0);
    assert!(js_sys::Array::from(&get(&found, "pv")).length() >= 1);
}

#[wasm_bindgen_test]
fn best_move_is_deterministic_for_a_seed_and_keeps_a_node_budget() {
    let game = start();
    let a = best_move(
        &game,
        options(&[("nodes", 5000.0), ("seed", 1.0)]),
        JsValue::UNDEFINED,
    )
    .unwrap();
    let b = best_move(
        &game,
        options(&[("nodes", 5000.0), ("seed", 1.0)]),
        JsValue::UNDEFINED,
    )
    .unwrap();
    assert_eq!(get(&a, "move"), get(&b, "move"));
    assert_eq!(get(&a, "nodes"), get(&b, "nodes"));
    assert!(get(&a, "nodes").as_f64().unwrap() <= 5000.0 + 4096.0);
}

#[wasm_bindgen_test]
fn a_time_budget_uses_the_javascript_clock() {
    let found = best_move(&start(), options(&[("timeMs", 50.0)]), JsValue::UNDEFINED).unwrap();
    assert!(get(&found, "depth").as_f64().unwrap() >= 1.0);
}

#[wasm_bindgen_test]
fn a_timed_search_reports_its_deadline_with_each_best_move_so_far() {
    let game = start();
    let legal = js_sys::Array::from(&get(&game.snapshot().unwrap(), "legal"));
    let is_legal = |mv: JsValue| legal.iter().any(|m| m == mv);
    let reports = js_sys::Array::new();
    let record = js_sys::Function::new_with_args("p", "this.push(p)").bind0(&reports);
    let found = best_move(&game, options(&[("timeMs", 50.0)]), record.into()).unwrap();
    assert_eq!(get(&found, "timeMs").as_f64(), Some(50.0));
    assert!(is_legal(get(&found, "move")));
    assert!(reports.length() >= 1);
    for report in reports.iter() {
        assert_eq!(get(&report, "timeMs").as_f64(), Some(50.0));
        assert!(is_legal(get(&report, "move")));
    }
    // A node budget has no deadline to report.
    let found = best_move(&game, options(&[("level", 3.0)]), JsValue::UNDEFINED).unwrap();
    assert!(get(&found, "timeMs").is_undefined());
}

#[wasm_bindgen_test]
fn a_timed_expert_level_thinks_for_its_time_and_the_others_by_their_budget() {
    // Near the end (8 empty squares or fewer), level 9 solves at once,
    // well within its second.
    let mut game = start();
    for _ in 0..52 {
        let found = best_move(&game, options(&[("level", 1.0)]), JsValue::UNDEFINED).unwrap();
        if game.play(get(&found, "move")).is_err() {
            break;
        }
    }
    let timed = with("level", 9.into());
    js_sys::Reflect::set(&timed, &"timed".into(), &true.into()).unwrap();
    let found = best_move(&game, timed, JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&found, "timeMs").as_f64(), Some(1000.0));
    assert_eq!(get(&found, "exact").as_bool(), Some(true));
    let timed = with("level", 8.into());
    js_sys::Reflect::set(&timed, &"timed".into(), &true.into()).unwrap();
    let found = best_move(&game, timed, JsValue::UNDEFINED).unwrap();
    assert!(get(&found, "timeMs").is_undefined());
    let err = refused(best_move(
        &game,
        with("timed", "yes".into()),
        JsValue::UNDEFINED,
    ));
    assert_eq!(err, "options.timed must be true or false, not 'yes'");
}

#[wasm_bindgen_test]
fn a_huge_number_is_named_as_javascript_writes_it() {
    let err = refused(best_move(&start(), 1e300.into(), JsValue::UNDEFINED));
    assert!(err.ends_with("or undefined, not 1e+300"), "{err}");
    let err = refused(best_move(&start(), (-2.5e-9).into(), JsValue::UNDEFINED));
    assert!(err.ends_with("or undefined, not -2.5e-9"), "{err}");
}

#[wasm_bindgen_test]
fn the_expert_levels_are_offered_and_none_beyond() {
    // A node budget takes the level's place, so the strongest levels answer at once.
    for level in [9.0, 10.0] {
        let found = best_move(
            &start(),
            options(&[("level", level), ("nodes", 100.0)]),
            JsValue::UNDEFINED,
        )
        .unwrap();
        assert!(get(&found, "nodes").as_f64().unwrap() >= 1.0);
    }
    let err = refused(best_move(
        &start(),
        options(&[("level", 11.0)]),
        JsValue::UNDEFINED,
    ));
    assert_eq!(
        err,
        "options.level must be a whole number from 1 to 10, not 11"
    );
}

#[wasm_bindgen_test]
fn bad_options_are_refused() {
    assert!(best_move(&start(), options(&[("level", 99.0)]), JsValue::UNDEFINED).is_err());
    assert!(best_move(&start(), options(&[("depth", 3.0)]), JsValue::UNDEFINED).is_err());
}

fn refused<T: std::fmt::Debug>(r: Result<T, wasm_bindgen::JsError>) -> String {
    let value = JsValue::from(r.unwrap_err());
    assert!(value.is_instance_of::<js_sys::Error>());
    get(&value, "message").as_string().unwrap()
}

fn with(key: &str, value: JsValue) -> JsValue {
    let obj = js_sys::Object::new();
    js_sys::Reflect::set(&obj, &key.into(), &value).unwrap();
    obj.into()
}

#[wasm_bindgen_test]
fn budgets_that_would_never_stop_or_make_no_sense_are_refused() {
    let game = start();
    let time = "options.timeMs must be a number above 0 and at most 600000, not ";
    for (value, shown) in [
        (f64::NAN, "NaN"),
        (f64::INFINITY, "Infinity"),
        (0.0, "0"),
        (-5.0, "-5"),
        (600_001.0, "600001"),
    ] {
        let err = refused(best_move(
            &game,
            with("timeMs", value.into()),
            JsValue::UNDEFINED,
        ));
        assert_eq!(err, format!("{time}{shown}"));
        let err = refused(hints(&game, with("timeMs", value.into())));
        assert_eq!(err, format!("{time}{shown}"));
    }
    let nodes = "options.nodes must be a whole number from 1 to 1000000000, not ";
    for (value, shown) in [
        (0.0, "0"),
        (1.5, "1.5"),
        (2e9, "2000000000"),
        (f64::NAN, "NaN"),
    ] {
        let err = refused(best_move(
            &game,
            with("nodes", value.into()),
            JsValue::UNDEFINED,
        ));
        assert_eq!(err, format!("{nodes}{shown}"));
    }
    let err = refused(best_move(
        &game,
        with("level", "3".into()),
        JsValue::UNDEFINED,
    ));
    assert_eq!(
        err,
        "options.level must be a whole number from 1 to 10, not '3'"
    );
    let err = refused(best_move(
        &game,
        with("seed", (-1).into()),
        JsValue::UNDEFINED,
    ));
    assert!(
        err.starts_with("options.seed must be a whole number from 0"),
        "{err}"
    );
    let err = refused(best_move(&game, options(&[("level", 1.0)]), 5.into()));
    assert_eq!(err, "onProgress must be a function or undefined, not 5");
    let err = refused(best_move(&game, "fast".into(), JsValue::UNDEFINED));
    assert!(err.starts_with("options must be an object"), "{err}");
    // The game is as it was, and a sound call still works.
    let found = best_move(&game, options(&[("level", 1.0)]), JsValue::NULL).unwrap();
    assert!(get(&found, "move").as_string().is_some());
}

#[wasm_bindgen_test]
fn balance_arguments_are_checked_by_name() {
    let err = refused(balanced_map(f64::NAN.into(), JsValue::UNDEFINED));
    assert!(err.starts_with("seed must be a whole number"), "{err}");
    let err = refused(balanced_map(1.into(), with("walls", (-1).into())));
    assert_eq!(
        err,
        "counts.walls must be a whole number from 0 to 100, not -1"
    );
    let err = refused(balanced_map(1.into(), with("rocks", 1.into())));
    assert_eq!(
        err,
        "counts has an unknown key 'rocks' (known: walls, bonuses, jokers, size)"
    );
    let err = refused(balanced_map(1.into(), with("size", 12.into())));
    assert_eq!(
        err,
        "counts.size must be a whole number from 6 to 10, not 12"
    );
    assert_eq!(
        refused(map_balance(7.into())),
        "code must be a string, not 7"
    );
}

#[wasm_bindgen_test]
fn hints_value_every_legal_move() {
    let game = start();
    let list = js_sys::Array::from(&hints(&game, options(&[("level", 4.0)])).unwrap());
    assert_eq!(list.length(), 4);
    for h in list.iter() {
        assert!(get(&h, "score").as_f64().is_some());
    }
}

#[wasm_bindgen_test]
fn balance_of_a_map_and_a_balanced_random_map() {
    let v = game_balance(&start());
    assert!(v.abs() < 10.0);
    let made = balanced_map(7.into(), JsValue::UNDEFINED).unwrap();
    let code = get(&made, "code").as_string().unwrap();
    let balance = get(&made, "balance").as_f64().unwrap();
    assert!(balance.abs() <= 2.0, "{balance}");
    assert!((map_balance(code.clone().into()).unwrap() - balance).abs() < 0.06);
    assert!(map_balance("not a code".into()).is_err());
    let few = options(&[("walls", 2.0), ("bonuses", 0.0), ("jokers", 4.0)]);
    assert!(balanced_map(1.into(), few).is_ok());
    for size in [6.0, 10.0] {
        let made = balanced_map(3.into(), options(&[("size", size)])).unwrap();
        let code = get(&made, "code").as_string().unwrap();
        let draft = mapello::wasm::MapDraft::from_code(code.into()).unwrap();
        assert_eq!(f64::from(draft.size()), size);
    }
}

/// A random 6 x 6 Othello game whose 25th move (black's e6, 8 empties)
/// throws a draw-ish +2 away for -10.
const SIX_GAME: &str = "d5c5b2e3c6b4f3f2a5a4e5b3a3c2d1a2a1f4d2b5a6d6f5f6e6e4b6e1f1c1b1e2";

fn six_game() -> Game {
    let o = js_sys::Object::new();
    for (k, v) in [
        ("variant", JsValue::from("othello")),
        ("size", 6.into()),
        ("moves", SIX_GAME.into()),
    ] {
        js_sys::Reflect::set(&o, &k.into(), &v).unwrap();
    }
    Game::new(o.into()).unwrap()
}

#[wasm_bindgen_test]
fn review_move_marks_an_exact_blunder_for_the_mover_and_for_black() {
    let game = six_game();
    let r = review_move(&game, 24.into(), options(&[("level", 1.0)])).unwrap();
    let field = |r: &JsValue, k: &str| get(r, k);
    assert_eq!(field(&r, "unit"), "points");
    assert_eq!(field(&r, "mover"), "X");
    assert_eq!(field(&r, "played"), "e6");
    assert_eq!(field(&r, "best"), "b6");
    assert_eq!(field(&r, "playedValue"), -10);
    assert_eq!(field(&r, "bestValue"), 2);
    assert_eq!(field(&r, "loss"), 12);
    assert_eq!(field(&r, "class"), "blunder");
    assert_eq!(field(&r, "exact"), true);
    assert_eq!(field(&r, "depth"), 8);
    let r = review_move(&game, 25.into(), options(&[("level", 1.0)])).unwrap();
    assert_eq!(field(&r, "mover"), "O");
    assert_eq!(field(&r, "playedForBlack"), 8);
    assert_eq!(field(&r, "bestForBlack"), -10);
    let first = review_move(&game, 0.into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(field(&first, "exact"), false);
    assert_eq!(field(&first, "depth"), 6);
    assert!(field(&first, "class").is_null());
}

/// A Troll game where White's g7 (move 14) lets Black's column d reach
/// row 8 at d8, where e3, e5 or e7 would have cut it.
const TROLL_GAME: &str = "d1c5d2g2d3g3d4g4d5g5d6g6d7g7d8";

#[wasm_bindgen_test]
fn review_move_values_troll_in_chain_steps_and_marks_a_missed_block() {
    let o = js_sys::Object::new();
    for (k, v) in [("variant", "troll"), ("moves", TROLL_GAME)] {
        js_sys::Reflect::set(&o, &k.into(), &v.into()).unwrap();
    }
    let game = Game::new(o.into()).unwrap();
    let r = review_move(&game, 13.into(), options(&[("level", 1.0)])).unwrap();
    assert_eq!(get(&r, "unit"), "chain");
    assert_eq!(get(&r, "mover"), "O");
    assert_eq!(get(&r, "played"), "g7");
    assert_eq!(get(&r, "playedValue"), -100);
    assert_eq!(get(&r, "playedForBlack"), 100);
    let best = get(&r, "best").as_string().unwrap();
    assert!(["e3", "e5", "e7"].contains(&best.as_str()), "{best}");
    assert_eq!(get(&r, "class"), "blunder");
    assert_eq!(get(&r, "exact"), false);
    // The proven loss is named, so the page never counts it as 100 steps.
    assert_eq!(get(&r, "playedResult"), "lost");
    assert!(get(&r, "bestResult").is_null());
    let r = review_move(&game, 14.into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&r, "bestForBlack"), 100);
    assert_eq!(get(&r, "exact"), true);
    assert!(get(&r, "class").is_null());
    assert_eq!(get(&r, "playedResult"), "won");
    assert_eq!(get(&r, "bestResult"), "won");
}

fn troll(moves: &str) -> Game {
    let o = js_sys::Object::new();
    for (k, v) in [("variant", "troll"), ("moves", moves)] {
        js_sys::Reflect::set(&o, &k.into(), &v.into()).unwrap();
    }
    Game::new(o.into()).unwrap()
}

#[wasm_bindgen_test]
fn race_counts_the_discs_each_troll_side_needs() {
    let race = troll("").race().unwrap();
    assert_eq!(get(&race, "black"), 8);
    assert_eq!(get(&race, "white"), 8);
    // Black's d1 d2 d3 (d2 flipped): 5 to go; joined at the end.
    let race = troll("d1d2d3").race().unwrap();
    assert_eq!(get(&race, "black"), 5);
    let race = troll(TROLL_GAME).race().unwrap();
    assert_eq!(get(&race, "black"), 0);
    // Games scored by discs have no race.
    assert!(start().race().unwrap().is_null());
}

#[wasm_bindgen_test]
fn review_move_refuses_bad_indexes_and_levels_and_keeps_the_game() {
    let game = six_game();
    let err = refused(review_move(&game, 32.into(), JsValue::UNDEFINED));
    assert_eq!(err, "index must be a whole number from 0 to 31, not 32");
    let err = refused(review_move(&game, (-1).into(), JsValue::UNDEFINED));
    assert_eq!(err, "index must be a whole number from 0 to 31, not -1");
    let err = refused(review_move(&game, 0.into(), with("level", 6.into())));
    assert_eq!(
        err,
        "options.level must be a whole number from 1 to 5, not 6"
    );
    let err = refused(review_move(&start(), 0.into(), JsValue::UNDEFINED));
    assert_eq!(err, "the game has no moves to review");
    assert_eq!(game.transcript(), SIX_GAME);
}
