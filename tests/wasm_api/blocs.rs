//! The Blocs API: a game with undo, redo and transcripts, its hints and
//! AI levels, and arguments checked like the rest of the API.

use mapello::wasm::blocs::BlocsGame;
use mapello::wasm::catalogue::catalogue;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

use super::{get, ok, options, refused, revoked, strings};

fn text(state: &JsValue, key: &str) -> Option<String> {
    get(state, key).as_string()
}

/// The 16 placements that fill the board with a1 to d1 and d4 black.
const FILL: &str = "a1Xb1Xc1Xd1Xa2Ob2Oc2Od2Oa3Ob3Oc3Od3Oa4Ob4Oc4Od4X";

#[wasm_bindgen_test]
fn the_catalogue_lists_blocs_after_the_reversi_games() {
    let list = js_sys::Array::from(&get(&ok(catalogue()), "games"));
    let ids: Vec<String> = list.iter().map(|g| text(&g, "id").unwrap()).collect();
    assert_eq!(ids, ["mapello", "othello", "reversi", "troll", "blocs"]);
    let blocs = list.get(4);
    assert_eq!(text(&blocs, "name").as_deref(), Some("Blocs"));
    assert_eq!(get(&blocs, "maps").as_bool(), Some(false));
    assert_eq!(
        js_sys::Array::from(&get(&blocs, "sizes")).to_vec(),
        [JsValue::from(4)]
    );
    assert_eq!(text(&blocs, "engine").as_deref(), Some("blocs"));
}

#[wasm_bindgen_test]
fn a_game_runs_through_both_phases_with_undo_and_redo() {
    let mut game = ok(BlocsGame::new(JsValue::UNDEFINED));
    let state = ok(game.snapshot());
    assert_eq!(text(&state, "cells").as_deref(), Some("................"));
    assert_eq!(text(&state, "phase").as_deref(), Some("placement"));
    assert_eq!(text(&state, "toMove").as_deref(), Some("X"));
    assert_eq!(text(&state, "status").as_deref(), Some("toMove"));
    assert_eq!(strings(get(&state, "legal")).len(), 32);
    ok(game.load_moves(FILL.into()));
    let state = ok(game.snapshot());
    assert_eq!(text(&state, "phase").as_deref(), Some("flipping"));
    assert_eq!(text(&state, "cells").as_deref(), Some("XXXXOOOOOOOOOOOX"));
    assert_eq!(strings(get(&state, "legal")).len(), 26);
    ok(game.play("a1-d4".into()));
    ok(game.play("a2-c4".into()));
    let state = ok(game.snapshot());
    assert_eq!(text(&state, "cells").as_deref(), Some("OOOOOOOXOOOXOOOO"));
    assert_eq!(text(&state, "lastMove").as_deref(), Some("a2-c4"));
    assert_eq!(get(&state, "ply").as_f64(), Some(18.0));
    ok(game.play("d2-d3".into()));
    let state = ok(game.snapshot());
    assert_eq!(text(&state, "winner").as_deref(), Some("X"));
    assert_eq!(text(&state, "status").as_deref(), Some("gameOver"));
    let score = js_sys::Array::from(&get(&state, "score")).to_vec();
    assert_eq!(score, [JsValue::from(1), JsValue::from(0)]);
    assert!(strings(get(&state, "legal")).is_empty());
    assert_eq!(game.transcript(), format!("{FILL}a1-d4a2-c4d2-d3"));
    assert!(game.undo());
    assert!(get(&ok(game.snapshot()), "winner").as_string().is_none());
    assert!(get(&ok(game.snapshot()), "canRedo").as_bool().unwrap());
    assert!(game.redo());
    assert!(!game.redo());
    let copy = ok(BlocsGame::new(options(&[(
        "moves",
        game.transcript().into(),
    )])));
    assert_eq!(copy.diagram(), game.diagram());
    assert_eq!(
        copy.start_diagram(),
        "....\n....\n....\n....\n".replace("....", ". . . .") + "X to move\nplacement phase\n"
    );
}

#[wasm_bindgen_test]
fn refused_moves_give_the_reason_and_change_nothing() {
    let mut game = ok(BlocsGame::new(options(&[("moves", "a1X".into())])));
    assert_eq!(refused(game.play("a1O".into())), "a1 is not empty");
    assert_eq!(
        refused(game.play("b1".into())),
        "b1 is a flip, but discs are still being placed"
    );
    assert_eq!(
        refused(game.play("e9X".into())),
        "'e9' is not a square of the 4 x 4 board (a1 to d4)"
    );
    assert_eq!(refused(game.play(5.into())), "move must be a string, not 5");
    assert_eq!(game.transcript(), "a1X");
    ok(game.load_moves(FILL.into()));
    assert_eq!(
        ok(game.refusal("a1-b2".into())).as_deref(),
        Some("a1-b2: its lower-right disc b2 shows white")
    );
    assert_eq!(ok(game.refusal("a1-d4".into())), None);
    assert_eq!(
        refused(game.load_moves("a1Xa1X".into())),
        "move 2 (a1X): a1 is not empty"
    );
    assert_eq!(game.transcript(), FILL);
    let cases: [(JsValue, &str); 4] = [
        (
            5.into(),
            "options must be an object with some of the keys position, moves or undefined, not 5",
        ),
        (
            options(&[("position", "XX\n".into())]),
            "line 1, column 3: 2 cells in a row, expected 4",
        ),
        (
            options(&[("moves", "a1Xb".into())]),
            "move 2 at character 4: ",
        ),
        (
            options(&[("size", 4.into())]),
            "options has an unknown key 'size' (known: position, moves)",
        ),
    ];
    for (options, want) in cases {
        let got = refused(BlocsGame::new(options));
        assert!(got.starts_with(want), "{got} / {want}");
    }
}

#[wasm_bindgen_test]
fn hints_mark_every_winning_move_and_the_top_level_plays_one() {
    let corner = "OOOO\nOOOO\nOOOO\nOOOX\n";
    let game = ok(BlocsGame::new(options(&[("position", corner.into())])));
    assert!(game.wins());
    let hints = game.hints();
    assert!(hints.contains(&"d4".to_string()), "{hints:?}");
    let best = ok(game.ai_move(5.into(), 1.into())).unwrap();
    assert!(hints.contains(&best), "{best} {hints:?}");
    let start = ok(BlocsGame::new(JsValue::UNDEFINED));
    assert!(!start.wins());
    assert!(start.hints().is_empty());
    assert_eq!(
        refused(start.ai_move(6.into(), 1.into())),
        "level must be a whole number from 1 to 5, not 6"
    );
    assert_eq!(ok(start.perft(2.into())), 960.0);
    let err = refused(start.perft(7.into()));
    assert!(
        err.starts_with(
            "depth must be a whole number from 0 to 6, not 7: perft 7 from the start would take about "
        ),
        "{err}"
    );
    let err = refused(start.perft(1e21.into()));
    assert!(
        err.ends_with(
            "not 1e+21: perft 1e+21 from the start would take over a million years natively"
        ),
        "{err}"
    );
    assert_eq!(
        refused(start.perft(2.5.into())),
        "depth must be a whole number from 0 to 6, not 2.5"
    );
}

#[wasm_bindgen_test]
fn a_revoked_proxy_is_refused_and_leaves_the_game_as_it_was() {
    let mut game = ok(BlocsGame::new(options(&[("moves", "b2X".into())])));
    let before = ok(game.snapshot());
    let before = js_sys::JSON::stringify(&before).unwrap();
    let errors = [
        refused(game.play(revoked())),
        refused(game.load_moves(revoked())),
        refused(game.refusal(revoked())),
        refused(game.ai_move(revoked(), 1.into())),
        refused(game.ai_move(1.into(), revoked())),
        refused(game.perft(revoked())),
        refused(BlocsGame::new(revoked())),
    ];
    for err in errors {
        assert!(err.ends_with("not a revoked Proxy"), "{err}");
    }
    let after = js_sys::JSON::stringify(&ok(game.snapshot())).unwrap();
    assert_eq!(after, before);
    ok(game.play("c3O".into()));
    assert_eq!(game.transcript(), "b2Xc3O");
}
