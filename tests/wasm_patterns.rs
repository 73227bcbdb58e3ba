//! The pattern tables in the AI's JavaScript API, tested in Node: which
//! games want them, a file refused, the tables installed and used. A file
//! of its own, as the tables, once installed, stay for the module's life.
#![cfg(target_arch = "wasm32")]

use mapello::wasm::ai::{best_move, install_patterns, wants_patterns};
use mapello::wasm::Game;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// The tables file the site serves as `net/o8.bin`.
static TABLES: &[u8] = include_bytes!("../src/ai/net/o8.bin");

fn game(variant: &str, size: u32, moves: &str) -> Game {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"variant".into(), &variant.into()).unwrap();
    js_sys::Reflect::set(&options, &"size".into(), &size.into()).unwrap();
    js_sys::Reflect::set(&options, &"moves".into(), &moves.into()).unwrap();
    Game::new(options.into()).unwrap()
}

fn field(obj: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(obj, &key.into()).unwrap()
}

/// A search of an Othello midgame within a fixed node budget: its move,
/// value and line.
fn search(g: &Game) -> (JsValue, JsValue, String) {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"nodes".into(), &20_000.into()).unwrap();
    js_sys::Reflect::set(&options, &"seed".into(), &1.into()).unwrap();
    let found = best_move(g, options.into(), JsValue::UNDEFINED).unwrap();
    let pv = js_sys::Array::from(&field(&found, "pv")).join(" ");
    (field(&found, "move"), field(&found, "score"), pv.into())
}

#[wasm_bindgen_test]
fn the_open_8_x_8_board_fetches_the_tables_once_and_plays_with_them() {
    let othello = game("othello", 8, "f5d6c3d3c4f4f6f3e6e7");
    assert!(wants_patterns(&othello));
    assert!(wants_patterns(&game("reversi", 8, "")));
    // Boards the tables are not for: other sizes, a map with pieces, Troll.
    assert!(!wants_patterns(&game("othello", 10, "")));
    assert!(!wants_patterns(&game("othello", 6, "")));
    let rulebook = Game::new(
        js_sys::JSON::parse(r#"{"variant":"mapello","map":"18EwAAAAMAABIAABJRhCAAQAA"}"#).unwrap(),
    )
    .unwrap();
    assert!(!wants_patterns(&rulebook));
    // Mapello's empty map is the open board too.
    assert!(wants_patterns(&game("mapello", 8, "")));
    assert!(!wants_patterns(&game("troll", 8, "")));

    // A file that is not one is refused with the reason, and changes nothing.
    let before = search(&othello);
    for bad in [&b"MAPMODEL"[..], &TABLES[..TABLES.len() / 2], &[]] {
        let err = JsValue::from(install_patterns(bad).unwrap_err());
        let message = field(&err, "message").as_string().unwrap();
        assert!(message.contains("pattern file"), "{message}");
    }
    assert!(wants_patterns(&othello));
    assert_eq!(search(&othello), before);

    // The site's file sets its weights; the search then adds them.
    let set = install_patterns(TABLES).unwrap();
    assert!(set > 100_000, "{set} weights set");
    assert!(!wants_patterns(&othello));
    let after = search(&othello);
    assert_ne!(after, before, "the same search with and without the tables");
    // A second file is ignored: the first stays.
    install_patterns(TABLES).unwrap();
    assert_eq!(search(&othello), after);
}
