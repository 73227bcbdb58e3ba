//! Tests of the JavaScript API, shared by the Node and the browser runs.

use mapello::wasm::ai::solve;
use mapello::wasm::{Game, MapDraft};
use wasm_bindgen::{JsError, JsValue};
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
    let state = ok(ok(Game::new(JsValue::UNDEFINED)).state());
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
fn moves_undo_redo_and_transcripts_round_trip() {
    let mut game = ok(Game::new(JsValue::UNDEFINED));
    ok(game.play("e3"));
    ok(game.play("F3"));
    assert_eq!(game.transcript(), "e3f3");
    let state = ok(game.state());
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
    ok(game.play("e3"));
    assert_eq!(
        message(game.play("a1").unwrap_err()),
        "a1 is not a legal move"
    );
    assert!(message(game.play("z99").unwrap_err()).contains("z99"));
    assert_eq!(
        message(game.play("pass").unwrap_err()),
        "cannot pass: a legal move exists"
    );
    let err = message(game.load_moves("e3 f3 a1").unwrap_err());
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
        assert_eq!(game.perft(8), leaves, "{code}");
    }
}

#[wasm_bindgen_test]
fn other_variants_and_sizes_start_as_the_rules_say() {
    let othello = ok(Game::new(options(&[("variant", "othello".into())])));
    assert_eq!(
        strings(get(&ok(othello.state()), "legal")),
        ["d3", "c4", "f5", "e6"]
    );
    assert_eq!(othello.perft(3), 56.0);
    let reversi = ok(Game::new(options(&[
        ("variant", "reversi".into()),
        ("size", 6.into()),
    ])));
    let state = ok(reversi.state());
    assert_eq!(get(&state, "size").as_f64(), Some(6.0));
    assert_eq!(strings(get(&state, "legal")), ["c3", "d3", "c4", "d4"]);
}

#[wasm_bindgen_test]
fn the_map_editor_refuses_with_a_reason() {
    let mut draft = ok(MapDraft::new(8));
    ok(draft.set(2, 2, "wall"));
    ok(draft.set(0, 0, "joker"));
    ok(draft.set(3, 1, "bonus"));
    assert!(message(draft.set(4, 4, "wall").unwrap_err()).contains("centre"));
    assert!(message(draft.set(3, 3, "joker").unwrap_err()).contains("ring"));
    assert!(message(draft.set(0, 3, "wall").unwrap_err()).contains("inner board"));
    assert!(message(draft.set(1, 1, "dragon").unwrap_err()).contains("dragon"));
    assert!(ok(draft.refusal(5, 5, "bonus")).unwrap().contains("centre"));
    assert_eq!(ok(draft.refusal(1, 1, "bonus")), None);
    for x in 1..=7 {
        ok(draft.set(x, 7, "wall"));
    }
    assert_eq!(
        message(draft.set(8, 8, "wall").unwrap_err()),
        "too many walls: at most 8"
    );
    assert!(draft.set_limits(4, 8, 8).is_err());
    ok(draft.set_limits(9, 8, 8));
    ok(draft.set(8, 8, "wall"));
    let counts = ok(draft.counts());
    assert_eq!(get(&counts, "walls").as_f64(), Some(9.0));
    let code = draft.code();
    let back = ok(MapDraft::from_code(&code));
    assert_eq!(back.cells(), draft.cells());
    let game = ok(Game::new(options(&[("map", code.clone().into())])));
    assert_eq!(game.map_code(), code);
    let cells = get(&ok(game.state()), "cells").as_string().unwrap();
    assert_eq!(cells.chars().next(), Some('*'));
    assert_eq!(cells.chars().nth(22), Some('#'));
}

#[wasm_bindgen_test]
fn random_maps_are_reproducible_from_a_seed() {
    let a = ok(MapDraft::random(8, 8, 8, 8, 42));
    let b = ok(MapDraft::random(8, 8, 8, 8, 42));
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
    let solved = ok(solve(position));
    assert_eq!(get(&solved, "best").as_string().as_deref(), Some("c7"));
    assert_eq!(get(&solved, "score").as_f64(), Some(24.0));
    assert!(get(&solved, "nodes").as_f64().unwrap() > 0.0);
    let err = message(solve("O--OOOOX-OOOOOOXOOXXOOOZ X").unwrap_err());
    assert!(
        err.starts_with("OBF character 24:") && err.contains("'Z'"),
        "{err}"
    );
}
