//! `linkMoves`: the moves of a share link as the page keeps them, and the
//! sentence for each damage; a game replays what it keeps.

use super::{get, ok, options, refused, strings};
use mapello::wasm::catalogue::catalogue;
use mapello::wasm::link::link_moves;
use mapello::wasm::Game;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// The moves kept, run together, and the problem, if any.
fn read(text: &str) -> (String, Option<String>) {
    let answer = ok(link_moves(text.into()));
    let moves = strings(get(&answer, "moves")).concat();
    (moves, get(&answer, "problem").as_string())
}

#[wasm_bindgen_test]
fn a_link_keeps_its_moves_lower_case_as_it_spells_them() {
    assert_eq!(read("F5 D6,c3pa"), ("f5d6c3pa".into(), None));
    assert_eq!(read("a10 j10 pass--ps"), ("a10j10pass--ps".into(), None));
    assert_eq!(read(""), (String::new(), None));
    let answer = ok(link_moves("f5".into()));
    assert!(!js_sys::Reflect::has(&answer, &"problem".into()).unwrap());
}

#[wasm_bindgen_test]
fn damaged_moves_keep_the_moves_before_the_damage_with_a_sentence() {
    let cases = [
        ("<script>", "", "damaged from the first move"),
        ("f5z9", "f5", "damaged after move 1"),
        ("f5d6f0c3", "f5d6", "damaged after move 2"),
    ];
    for (text, kept, why) in cases {
        let (moves, problem) = read(text);
        assert_eq!(moves, kept, "{text}");
        let problem = problem.unwrap();
        assert_eq!(
            problem,
            format!("The moves in the link are {why}: the game stops there.")
        );
    }
}

#[wasm_bindgen_test]
fn a_link_keeps_no_more_moves_than_a_game_has() {
    let max = get(&ok(catalogue()), "maxMoves").as_f64().unwrap() as usize;
    let (moves, problem) = read(&"f5".repeat(max + 50));
    assert_eq!(moves, "f5".repeat(max));
    assert_eq!(
        problem.as_deref(),
        Some(
            format!(
                "The moves in the link are longer than any game after move {max}: the game stops there."
            )
            .as_str()
        )
    );
    // Far more text than the API copies: the moves are read from its start.
    let (moves, problem) = read(&"f5".repeat(100_000));
    assert_eq!(moves.len(), 2 * max);
    assert!(problem.unwrap().contains("longer than any game"));
    let (moves, problem) = read(&format!("f5d6{}", " ".repeat(20_000)));
    assert_eq!(moves, "f5d6");
    assert!(problem.unwrap().contains("damaged after move 2"));
}

#[wasm_bindgen_test]
fn a_game_plays_the_moves_a_link_keeps() {
    let mut game = ok(Game::new(options(&[("variant", "othello".into())])));
    for mv in strings(get(&ok(link_moves("F5 d6,C3".into())), "moves")) {
        ok(game.play(mv.into()));
    }
    assert_eq!(game.transcript(), "f5d6c3");
}

#[wasm_bindgen_test]
fn link_moves_refuses_what_is_not_a_string() {
    assert_eq!(
        refused(link_moves(5.into())),
        "text must be a string, not 5"
    );
    assert_eq!(
        refused(link_moves(JsValue::UNDEFINED)),
        "text must be a string, not undefined"
    );
}
