//! Tests of the JavaScript API, shared by the Node and the browser runs.

mod blocs;
mod catalogue;
mod ggf;
mod link;
mod refusal;

use mapello::wasm::ai::{balanced_map, best_move, hints, review_move, solve};
use mapello::wasm::{Game, MapDraft};
use wasm_bindgen::{JsCast, JsError, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn get(obj: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(obj, &key.into()).unwrap()
}

fn strings(v: JsValue) -> Vec<String> {
    js_sys::Array::from(&v)
        .iter()
        .map(|s| s.as_string().unwrap())
        .collect()
}

fn message(e: JsError) -> String {
    get(&JsValue::from(e), "message").as_string().unwrap()
}

fn ok<T>(r: Result<T, JsError>) -> T {
    r.map_err(JsValue::from).unwrap()
}

fn options(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = js_sys::Object::new();
    for (k, v) in pairs {
        js_sys::Reflect::set(&o, &(*k).into(), v).unwrap();
    }
    o.into()
}

#[wasm_bindgen_test]
fn a_new_game_is_the_mapello_start_with_black_to_move() {
    let state = ok(ok(Game::new(JsValue::UNDEFINED)).snapshot());
    assert_eq!(get(&state, "size").as_f64(), Some(8.0));
    assert_eq!(get(&state, "ring").as_bool(), Some(true));
    assert_eq!(get(&state, "toMove").as_string().as_deref(), Some("X"));
    assert_eq!(get(&state, "status").as_string().as_deref(), Some("toMove"));
    let cells = get(&state, "cells").as_string().unwrap();
    assert_eq!(&cells[44..46], "XO");
    assert_eq!(&cells[54..56], "OX");
    assert_eq!(strings(get(&state, "legal")), ["e3", "f4", "c5", "d6"]);
}

#[wasm_bindgen_test]
fn a_finished_game_has_no_side_to_move_and_names_its_winner() {
    let mut game = ok(Game::new(options(&[
        ("variant", "othello".into()),
        ("size", 6.into()),
    ])));
    let state = loop {
        let state = ok(game.snapshot());
        let status = get(&state, "status").as_string();
        if status.as_deref() == Some("gameOver") {
            break state;
        }
        assert!(get(&state, "winner").is_undefined());
        match status.as_deref() {
            Some("mustPass") => ok(game.play("pass".into())),
            _ => ok(game.play(strings(get(&state, "legal"))[0].clone().into())),
        }
    };
    assert!(get(&state, "toMove").is_undefined());
    let score: Vec<f64> = js_sys::Array::from(&get(&state, "score"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    let want = match score[0].total_cmp(&score[1]) {
        std::cmp::Ordering::Greater => "X",
        std::cmp::Ordering::Less => "O",
        std::cmp::Ordering::Equal => "draw",
    };
    assert_eq!(get(&state, "winner").as_string().as_deref(), Some(want));
}

#[wasm_bindgen_test]
fn moves_undo_redo_and_transcripts_round_trip() {
    let mut game = ok(Game::new(JsValue::UNDEFINED));
    ok(game.play("e3".into()));
    ok(game.play("F3".into()));
    assert_eq!(game.transcript(), "e3f3");
    let state = ok(game.snapshot());
    assert_eq!(get(&state, "lastMove").as_string().as_deref(), Some("f3"));
    assert!(game.undo());
    assert_eq!(game.transcript(), "e3");
    assert!(game.redo());
    assert!(!game.redo());
    let copy = ok(Game::new(options(&[("moves", "e3 f3".into())])));
    assert_eq!(copy.transcript(), "e3f3");
}

#[wasm_bindgen_test]
fn illegal_input_throws_the_core_message_and_changes_nothing() {
    let mut game = ok(Game::new(JsValue::UNDEFINED));
    ok(game.play("e3".into()));
    assert_eq!(
        message(game.play("a1".into()).unwrap_err()),
        "a1 is not a legal move"
    );
    assert!(message(game.play("z99".into()).unwrap_err()).contains("z99"));
    assert_eq!(
        message(game.play("pass".into()).unwrap_err()),
        "cannot pass: a legal move exists"
    );
    let err = message(game.load_moves("e3 f3 a1".into()).unwrap_err());
    assert!(err.contains("move 3") && err.contains("a1"), "{err}");
    assert_eq!(game.transcript(), "e3");
    let bad = [
        options(&[("variant", "chess".into())]),
        options(&[("map", "1#broken".into())]),
        options(&[("size", 7.into())]),
        options(&[("colour", "red".into())]),
    ];
    for o in bad {
        let shown = js_sys::JSON::stringify(&o).unwrap();
        let err = Game::new(o)
            .err()
            .unwrap_or_else(|| panic!("accepted {shown:?}"));
        assert!(!message(err).is_empty());
    }
}

/// Perft in wasm on maps with walls, bonuses and jokers of every size, against
/// the native command line's counts (`mapello perft 8 --position CODE`): wasm
/// finds flips its own way (see `Board::flips_by`).
#[wasm_bindgen_test]
fn perft_on_maps_of_every_size_matches_the_native_counts() {
    for (code, leaves) in [
        ("16AFcAQAJRAIXMwQA", 47_351.0),
        ("18cg8AA6IGAAABqzQCMEnIAAA", 163_453.0),
        ("110AgAAUQAAAAAJAAAAEgAACQMABgBQMBAkiAI", 337_842.0),
    ] {
        let game = ok(Game::new(options(&[("map", code.into())])));
        assert_eq!(ok(game.perft(8.into())), leaves, "{code}");
    }
}

#[wasm_bindgen_test]
fn other_variants_and_sizes_start_as_the_rules_say() {
    let othello = ok(Game::new(options(&[("variant", "othello".into())])));
    assert_eq!(
        strings(get(&ok(othello.snapshot()), "legal")),
        ["d3", "c4", "f5", "e6"]
    );
    assert_eq!(ok(othello.perft(3.into())), 56.0);
    let reversi = ok(Game::new(options(&[
        ("variant", "reversi".into()),
        ("size", 6.into()),
    ])));
    let state = ok(reversi.snapshot());
    assert_eq!(get(&state, "size").as_f64(), Some(6.0));
    assert_eq!(strings(get(&state, "legal")), ["c3", "d3", "c4", "d4"]);
}

#[wasm_bindgen_test]
fn troll_plays_to_a_connection_and_names_the_chain() {
    let troll = ok(Game::new(options(&[
        ("variant", "troll".into()),
        ("moves", "d1 d2 d3 d4 d5 d6 d7 a2".into()),
    ])));
    assert_eq!(
        ok(Game::new(options(&[("variant", "troll".into())])))
            .perft(2.into())
            .map_err(JsValue::from)
            .unwrap(),
        2268.0
    );
    let mut troll = troll;
    ok(troll.play("d8".into()));
    let state = ok(troll.snapshot());
    assert_eq!(get(&state, "variant").as_string().as_deref(), Some("troll"));
    assert_eq!(
        get(&state, "status").as_string().as_deref(),
        Some("gameOver")
    );
    assert_eq!(get(&state, "winner").as_string().as_deref(), Some("X"));
    assert_eq!(
        strings(get(&state, "chain")),
        ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"]
    );
    let refused = Game::new(options(&[("variant", "troll".into()), ("size", 6.into())]));
    assert_eq!(
        message(refused.err().unwrap()),
        "troll is played on 8 x 8 only, not 6 x 6"
    );
}

#[wasm_bindgen_test]
fn the_map_editor_refuses_with_a_reason() {
    let mut draft = ok(MapDraft::new(8.into()));
    ok(draft.set(2.into(), 2.into(), "wall".into()));
    ok(draft.set(0.into(), 0.into(), "joker".into()));
    ok(draft.set(3.into(), 1.into(), "bonus".into()));
    assert!(message(draft.set(4.into(), 4.into(), "wall".into()).unwrap_err()).contains("centre"));
    assert!(message(draft.set(3.into(), 3.into(), "joker".into()).unwrap_err()).contains("ring"));
    assert!(
        message(draft.set(0.into(), 3.into(), "wall".into()).unwrap_err()).contains("inner board")
    );
    assert!(
        message(draft.set(1.into(), 1.into(), "dragon".into()).unwrap_err()).contains("dragon")
    );
    assert!(ok(draft.refusal(5.into(), 5.into(), "bonus".into()))
        .unwrap()
        .contains("centre"));
    assert_eq!(ok(draft.refusal(1.into(), 1.into(), "bonus".into())), None);
    for x in 1..=7 {
        ok(draft.set(x.into(), 7.into(), "wall".into()));
    }
    assert_eq!(
        message(draft.set(8.into(), 8.into(), "wall".into()).unwrap_err()),
        "too many walls: at most 8"
    );
    assert!(draft.set_limits(4.into(), 8.into(), 8.into()).is_err());
    ok(draft.set_limits(9.into(), 8.into(), 8.into()));
    ok(draft.set(8.into(), 8.into(), "wall".into()));
    let counts = ok(draft.counts());
    assert_eq!(get(&counts, "walls").as_f64(), Some(9.0));
    let code = draft.code();
    let back = ok(MapDraft::from_code(code.clone().into()));
    assert_eq!(back.cells(), draft.cells());
    let game = ok(Game::new(options(&[("map", code.clone().into())])));
    assert_eq!(game.map_code(), code);
    let cells = get(&ok(game.snapshot()), "cells").as_string().unwrap();
    assert_eq!(cells.chars().next(), Some('*'));
    assert_eq!(cells.chars().nth(22), Some('#'));
}

#[wasm_bindgen_test]
fn random_maps_are_reproducible_from_a_seed() {
    let a = ok(random_map(8.into(), 42.into()));
    let b = ok(random_map(8.into(), 42.into()));
    assert_eq!(a.code(), b.code());
    let counts = ok(a.counts());
    assert_eq!(get(&counts, "jokers").as_f64(), Some(8.0));
    assert!(mapello::wasm::random_seed().is_ok());
}

#[wasm_bindgen_test]
fn solve_reads_obf_and_gives_the_exact_score() {
    // FFO #40 after d8 f8 g7 h8 g8 pass e8 c8 f7 d7: 11 empties, and
    // `mapello solve` gives c7 +24 (every other move is at most +20).
    let position = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOXOOXX---OOOXX---OOXXX--OOOOOO X";
    let solved = ok(solve(position.into(), JsValue::UNDEFINED));
    assert_eq!(get(&solved, "best").as_string().as_deref(), Some("c7"));
    assert_eq!(get(&solved, "score").as_f64(), Some(24.0));
    assert!(get(&solved, "nodes").as_f64().unwrap() > 0.0);
    let err = message(solve("O--OOOOX-OOOOOOXOOXXOOOZ X".into(), JsValue::UNDEFINED).unwrap_err());
    assert!(
        err.starts_with("OBF character 24:") && err.contains("'Z'"),
        "{err}"
    );
}

/// A random 8 x 8 map with `walls` walls, 8 bonuses and 8 jokers.
fn random_map(walls: JsValue, seed: JsValue) -> Result<MapDraft, JsError> {
    MapDraft::random(8.into(), walls, 8.into(), 8.into(), seed)
}

/// The message of a call that must be refused with a plain `Error`.
fn refused<T>(r: Result<T, JsError>) -> String {
    let value = JsValue::from(r.err().expect("the call should be refused"));
    assert!(value.is_instance_of::<js_sys::Error>());
    message_of(&value)
}

fn message_of(value: &JsValue) -> String {
    get(value, "message").as_string().unwrap()
}

fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    options(pairs)
}

/// A Proxy already revoked: `Array.isArray` and every trap throw on it.
fn revoked() -> JsValue {
    let pair = js_sys::Proxy::revocable(&js_sys::Object::new(), &js_sys::Object::new());
    let revoke: js_sys::Function = get(&pair, "revoke").into();
    revoke.call0(&JsValue::NULL).unwrap();
    get(&pair, "proxy")
}

#[wasm_bindgen_test]
fn a_revoked_proxy_is_refused_everywhere_and_changes_nothing() {
    let mut game = ok(Game::new(options(&[("moves", "e3f3".into())])));
    let before = js_sys::JSON::stringify(&ok(game.snapshot())).unwrap();
    let errors = [
        refused(game.play(revoked())),
        refused(game.load_moves(revoked())),
        refused(game.perft(revoked())),
        refused(best_move(&game, revoked(), JsValue::UNDEFINED)),
        refused(best_move(&game, JsValue::UNDEFINED, revoked())),
        refused(hints(&game, revoked())),
        refused(review_move(&game, revoked(), JsValue::UNDEFINED)),
        refused(review_move(&game, 0.into(), revoked())),
        refused(Game::new(revoked())),
        refused(Game::new(object(&[("variant", revoked())]))),
        refused(MapDraft::new(revoked())),
        refused(solve(revoked(), JsValue::UNDEFINED)),
        refused(balanced_map(revoked(), JsValue::UNDEFINED)),
        refused(balanced_map(1.into(), revoked())),
    ];
    for err in errors {
        assert!(err.ends_with("not a revoked Proxy"), "{err}");
    }
    let after = js_sys::JSON::stringify(&ok(game.snapshot())).unwrap();
    assert_eq!(after, before);
    let next = strings(get(&ok(game.snapshot()), "legal"))[0].clone();
    ok(game.play(next.clone().into()));
    assert_eq!(game.transcript(), format!("e3f3{next}"));
}

#[wasm_bindgen_test]
fn numbers_in_errors_are_written_as_javascript_writes_them_and_short() {
    let game = ok(Game::new(JsValue::UNDEFINED));
    let cases = [
        (
            refused(Game::new(f64::MAX.into())),
            "options must be an object with some of the keys variant, size, map, start, moves or \
             undefined, not 1.7976931348623157e+308",
        ),
        (
            refused(Game::new(object(&[("size", 1e21.into())]))),
            "options.size must be 6, 8 or 10, not 1e+21",
        ),
        (
            refused(best_move(
                &game,
                object(&[("seed", 5e-324.into())]),
                JsValue::UNDEFINED,
            )),
            "options.seed must be a whole number from 0 to 2^53 - 1 or a BigInt from 0 to \
             2^64 - 1, not 5e-324",
        ),
        (
            refused(game.perft((-1e-7).into())),
            "depth must be a whole number from 0 to 20, not -1e-7",
        ),
        (
            refused(game.perft(123_456.789_012_345_67.into())),
            "depth must be a whole number from 0 to 20, not 123456.78901234567",
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
        assert!(got.len() < 200, "{got}");
    }
}

#[wasm_bindgen_test]
fn a_game_refuses_bad_arguments_by_name_and_stays_usable() {
    let mut game = ok(Game::new(JsValue::UNDEFINED));
    let nan = JsValue::from(f64::NAN);
    for (depth, shown) in [
        (JsValue::from(-1), "-1"),
        (JsValue::from(1e9), "1000000000"),
        (JsValue::from(21), "21"),
        (JsValue::from(2.5), "2.5"),
        (nan.clone(), "NaN"),
        (JsValue::from(f64::INFINITY), "Infinity"),
        (JsValue::from("3"), "'3'"),
        (JsValue::UNDEFINED, "undefined"),
    ] {
        assert_eq!(
            refused(game.perft(depth)),
            format!("depth must be a whole number from 0 to 20, not {shown}")
        );
    }
    for (message, want) in [
        (refused(game.play(5.into())), "move must be a string, not 5"),
        (
            refused(game.play(js_sys::Object::new().into())),
            "move must be a string, not an object",
        ),
        (
            refused(game.play("e3".repeat(50).into())),
            "move must be at most 16 characters long, not 100",
        ),
        (
            refused(game.load_moves(js_sys::Array::new().into())),
            "text must be a string, not an array",
        ),
        (
            refused(game.load_moves("e3 ".repeat(4000).into())),
            "text must be at most 10000 characters long, not 12000",
        ),
    ] {
        assert_eq!(message, want);
    }
    ok(game.play("e3".into()));
    assert_eq!(game.transcript(), "e3");
    assert_eq!(ok(game.perft(1.into())), 3.0);
}

#[wasm_bindgen_test]
fn game_options_are_checked_key_by_key() {
    let map = js_sys::Map::new();
    map.set(&"size".into(), &6.into());
    let cases: [(JsValue, &str); 9] = [
        (5.into(), "options must be an object with some of the keys variant, size, map, start, moves or undefined, not 5"),
        (js_sys::Array::new().into(), "options must be an object with some of the keys variant, size, map, start, moves or undefined, not an array"),
        (map.into(), "options must be an object with some of the keys variant, size, map, start, moves or undefined, not an object"),
        (object(&[("size", "8".into())]), "options.size must be 6, 8 or 10, not '8'"),
        (object(&[("size", 7.into())]), "options.size must be 6, 8 or 10, not 7"),
        (object(&[("variant", 1.into())]), "options.variant must be 'mapello', 'othello', 'reversi' or 'troll', not 1"),
        (object(&[("map", 18.into())]), "options.map must be a string, not 18"),
        (object(&[("moves", true.into())]), "options.moves must be a string, not true"),
        (object(&[("colour", "red".into())]), "options has an unknown key 'colour' (known: variant, size, map, start, moves)"),
    ];
    for (options, want) in cases {
        assert_eq!(refused(Game::new(options)), want);
    }
    let getter = js_sys::Function::new_no_args("throw new Error('no')");
    let tricky = js_sys::Object::new();
    let descriptor = object(&[("get", getter.into())]);
    js_sys::Object::define_property(&tricky, &"size".into(), descriptor.unchecked_ref());
    assert_eq!(
        refused(Game::new(tricky.into())),
        "options.size cannot be read"
    );
    // undefined and null keys count as absent, as in most JavaScript APIs.
    ok(Game::new(object(&[
        ("size", JsValue::UNDEFINED),
        ("moves", JsValue::NULL),
    ])));
}

#[wasm_bindgen_test]
fn the_map_editor_refuses_bad_arguments_by_name_and_stays_usable() {
    assert_eq!(
        refused(MapDraft::new(7.into())),
        "size must be 6, 8 or 10, not 7"
    );
    assert_eq!(
        refused(MapDraft::new("8".into())),
        "size must be 6, 8 or 10, not '8'"
    );
    assert_eq!(
        refused(MapDraft::from_code(JsValue::NULL)),
        "code must be a string, not null"
    );
    let mut draft = ok(MapDraft::new(8.into()));
    assert_eq!(
        refused(draft.set(1.into(), 1.into(), 7.into())),
        "piece must be 'wall', 'bonus', 'joker' or 'empty', not 7"
    );
    assert_eq!(
        refused(draft.set((-1).into(), 1.into(), "wall".into())),
        "x must be a whole number from 0 to 9, not -1"
    );
    assert_eq!(
        refused(draft.refusal(1.into(), 1.5.into(), "wall".into())),
        "y must be a whole number from 0 to 9, not 1.5"
    );
    assert_eq!(
        refused(draft.get(10.into(), 0.into())),
        "x must be a whole number from 0 to 9, not 10"
    );
    assert_eq!(
        refused(draft.set_limits((-1).into(), 8.into(), 8.into())),
        "walls must be a whole number from 0 to 100, not -1"
    );
    assert_eq!(
        refused(draft.set_limits(8.into(), 8.into(), 4294967296.0.into())),
        "jokers must be a whole number from 0 to 100, not 4294967296"
    );
    let seed_error =
        "seed must be a whole number from 0 to 2^53 - 1 or a BigInt from 0 to 2^64 - 1, not ";
    assert_eq!(
        refused(random_map(8.into(), (-1).into())),
        format!("{seed_error}-1")
    );
    assert_eq!(
        refused(random_map(8.into(), 2f64.powi(53).into())),
        format!("{seed_error}9007199254740992")
    );
    assert_eq!(
        refused(random_map(200.into(), 1.into())),
        "walls must be a whole number from 0 to 100, not 200"
    );
    // A seed from randomSeed() is a BigInt; the same value as a number
    // gives the same map.
    let big = ok(random_map(8.into(), js_sys::BigInt::from(42u64).into()));
    let small = ok(random_map(8.into(), 42.into()));
    assert_eq!(big.code(), small.code());
    ok(draft.set(2.into(), 2.into(), "wall".into()));
    assert_eq!(ok(draft.get(2.into(), 2.into())), "wall");
}

#[wasm_bindgen_test]
fn the_moves_as_othello_programs_print_them_leave_the_passes_out_and_load_back() {
    let whole = "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";
    let map = || ("map", JsValue::from("18EwAAAAMAABIAABJRhCAAQAA"));
    let game = ok(Game::new(options(&[map(), ("moves", whole.into())])));
    let squares = game.transcript_without_passes();
    assert_eq!(squares, whole.replace("pa", ""));
    let mut again = ok(Game::new(options(&[map()])));
    ok(again.load_moves(squares.into()));
    assert_eq!(again.transcript(), whole);
}

#[wasm_bindgen_test]
fn best_move_refuses_a_finished_game_with_its_result() {
    // A whole game on the first visit's map, ending in a pass by black: white wins 43 to 27.
    let whole = "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";
    let game = ok(Game::new(options(&[
        ("map", "18EwAAAAMAABIAABJRhCAAQAA".into()),
        ("moves", whole.into()),
    ])));
    let err = refused(best_move(&game, JsValue::UNDEFINED, JsValue::UNDEFINED));
    assert_eq!(err, "the game is over: O wins, score X 27 O 43");
}

#[wasm_bindgen_test]
fn solve_refuses_more_empties_than_its_limit_unless_raised() {
    let start = "---------------------------OX------XO--------------------------- X";
    let err = refused(solve(start.into(), JsValue::UNDEFINED));
    assert!(
        err.starts_with("solve takes at most 26 empty squares and the position has 60"),
        "{err}"
    );
    assert!(
        err.contains("that solve would take over a million years natively"),
        "{err}"
    );
    let full = format!("{}{} O", "X".repeat(32), "O".repeat(32));
    assert_eq!(
        refused(solve(full.into(), JsValue::UNDEFINED)),
        "the game is over: a draw, score X 32 O 32"
    );
    let eleven = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOXOOXX---OOOXX---OOXXX--OOOOOO X";
    let err = refused(solve(eleven.into(), object(&[("maxEmpties", 10.into())])));
    assert!(
        err.starts_with("solve takes at most 10 empty squares and the position has 11"),
        "{err}"
    );
    assert_eq!(
        refused(solve(eleven.into(), object(&[("maxEmpties", 101.into())]))),
        "options.maxEmpties must be a whole number from 0 to 100, not 101"
    );
    assert_eq!(
        refused(solve(5.into(), JsValue::UNDEFINED)),
        "position must be a string, not 5"
    );
    let solved = ok(solve(eleven.into(), object(&[("maxEmpties", 11.into())])));
    assert_eq!(get(&solved, "score").as_f64(), Some(24.0));
}
