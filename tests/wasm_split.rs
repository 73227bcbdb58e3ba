//! A move split between workers, in the AI's JavaScript API (Node): into
//! how many parts `searchParts` splits a search, a part's options, and
//! `combineMoves` making one answer of the parts' reports, hostile
//! reports refused with the reason; and how many workers `solveThreads`
//! gives a move's solves, with the `threads` option they take.
#![cfg(target_arch = "wasm32")]

use mapello::wasm::ai::{
    best_move, combine_moves, search_parts, solve, solve_shares, solve_threads,
};
use mapello::wasm::Game;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

fn game(variant: &str, moves: &str) -> Game {
    let options = js_sys::JSON::parse(&format!(
        r#"{{"variant":"{variant}","size":8,"moves":"{moves}"}}"#
    ));
    Game::new(options.unwrap()).unwrap()
}

fn json(text: &str) -> JsValue {
    js_sys::JSON::parse(text).unwrap()
}

fn field(obj: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(obj, &key.into()).unwrap()
}

fn message(err: JsError) -> String {
    field(&JsValue::from(err), "message").as_string().unwrap()
}

/// The options of a move at `level` with its time limit, as the page asks.
fn timed(level: u32) -> JsValue {
    json(&format!(r#"{{"level":{level},"timed":true}}"#))
}

/// An Othello midgame with several moves for black.
const MIDGAME: &str = "f5d6c3d3c4f4f6f3e6e7";

#[wasm_bindgen_test]
fn the_expert_levels_split_their_moves_over_the_cores_they_have() {
    let g = game("othello", MIDGAME);
    assert_eq!(search_parts(&g, timed(10), 2).unwrap(), 2);
    assert_eq!(search_parts(&g, timed(9), 3).unwrap(), 3);
    // Four at most, however many cores.
    assert_eq!(search_parts(&g, timed(10), 16).unwrap(), 4);
    assert_eq!(search_parts(&g, timed(10), 1).unwrap(), 1);
    assert_eq!(search_parts(&g, timed(10), 0).unwrap(), 1);
    // The levels below the expert ones answer quickly alone.
    assert_eq!(search_parts(&g, timed(8), 4).unwrap(), 1);
    // Troll's search does not split.
    assert_eq!(search_parts(&game("troll", "d4"), timed(10), 4).unwrap(), 1);
    // Options are checked as bestMove checks them.
    let err = message(search_parts(&g, json(r#"{"level":11}"#), 2).unwrap_err());
    assert!(err.contains("options.level"), "{err}");
}

/// Every report of one part's search of `g` within a small node budget.
fn part(g: &Game, index: u32, count: u32) -> js_sys::Array {
    let reports = js_sys::Array::new();
    let collect = {
        let reports = reports.clone();
        Closure::<dyn Fn(JsValue)>::new(move |r: JsValue| {
            reports.push(&r);
        })
    };
    let options = json(&format!(
        r#"{{"nodes":40000,"seed":1,"part":{{"index":{index},"count":{count}}}}}"#
    ));
    best_move(g, options, collect.as_ref().clone()).unwrap();
    reports
}

#[wasm_bindgen_test]
fn the_parts_reports_make_one_move_of_the_best_part() {
    let g = game("othello", MIDGAME);
    let parts: Vec<js_sys::Array> = (0..2).map(|i| part(&g, i, 2)).collect();
    let all = js_sys::Array::new();
    for p in &parts {
        all.push(p);
    }
    let combined = combine_moves(&g, all.into()).unwrap();
    let depth = field(&combined, "depth").as_f64().unwrap();
    // The deepest depth both parts completed, and the better part's move
    // and value there.
    let at = |p: &js_sys::Array| {
        p.iter()
            .rev()
            .find(|r| field(r, "depth").as_f64() == Some(depth))
            .expect("both parts completed the depth")
    };
    let (a, b) = (at(&parts[0]), at(&parts[1]));
    let better = if field(&b, "score").as_f64() > field(&a, "score").as_f64() {
        b
    } else {
        a
    };
    assert_eq!(field(&combined, "move"), field(&better, "move"));
    assert_eq!(field(&combined, "score"), field(&better, "score"));
    assert!(depth >= 3.0, "depth {depth}");
    // Different shares: the parts' last moves differ.
    let last = |p: &js_sys::Array| field(&p.get(p.length() - 1), "move").as_string();
    assert_ne!(last(&parts[0]), last(&parts[1]));
    // A part that has reported nothing yet: no answer yet.
    let waiting = js_sys::Array::of2(&parts[0], &js_sys::Array::new());
    assert!(combine_moves(&g, waiting.into()).unwrap().is_undefined());
}

#[wasm_bindgen_test]
fn a_part_that_is_no_share_is_refused_with_the_reason() {
    let g = game("othello", MIDGAME);
    for (part, says) in [
        (r#"{"index":0,"count":1}"#, "options.part.count"),
        (r#"{"index":0,"count":5}"#, "options.part.count"),
        (r#"{"index":2,"count":2}"#, "options.part.index"),
        (r#"{"count":2}"#, "options.part.index is missing"),
        (r#"{"index":0,"count":2,"of":3}"#, "unknown key"),
        (r#"3"#, "options.part must be an object"),
    ] {
        let options = json(&format!(r#"{{"nodes":1000,"part":{part}}}"#));
        let err = message(best_move(&g, options, JsValue::UNDEFINED).unwrap_err());
        assert!(err.contains(says), "{part}: {err}");
    }
}

#[wasm_bindgen_test]
fn hostile_reports_are_refused_with_the_reason() {
    let g = game("othello", MIDGAME);
    let report = |mv: &str, score: &str| {
        format!(
            r#"{{"move":"{mv}","score":{score},"depth":3,"nodes":10,"pv":["{mv}"],"exact":false,"book":false}}"#
        )
    };
    let good = report("c5", "1");
    for (parts, says) in [
        ("3".to_string(), "the parts is not an array"),
        ("[]".to_string(), "there are no parts"),
        (
            format!("[[{good}],[{good}],[{good}],[{good}],[{good}]]"),
            "the parts has over 4 items",
        ),
        ("[3]".to_string(), "a part is not an array"),
        (format!("[[{}]]", report("z9", "1")), "'z9' is not a move"),
        (
            format!("[[{}]]", r#"{"move":"c5"}"#),
            "a report's depth is not a number",
        ),
        (
            format!("[[{}]]", report("c5", "1e999")),
            "a report's score is not a number",
        ),
        (
            format!("[[{}]]", report("c5", "\"1\"")),
            "a report's score is not a number",
        ),
    ] {
        let err = message(combine_moves(&g, json(&parts)).unwrap_err());
        assert!(
            err.starts_with("the parts' reports are unusable: "),
            "{parts}: {err}"
        );
        assert!(err.contains(says), "{parts}: {err}");
    }
    let over: Vec<String> = (0..201).map(|_| good.clone()).collect();
    let err = message(combine_moves(&g, json(&format!("[[{}]]", over.join(",")))).unwrap_err());
    assert!(err.contains("a part has over 200 items"), "{err}");
    // A good one passes.
    let one = combine_moves(&g, json(&format!("[[{good}]]"))).unwrap();
    assert_eq!(field(&one, "move").as_string().as_deref(), Some("c5"));
}

#[wasm_bindgen_test]
fn workers_that_solve_a_share_each_solve_the_position_together() {
    // An Othello endgame with 12 empty squares and 9 moves for black.
    let obf = "OOOOOOOO-OOXXO--XOOXXOOOXXOXOX--XOXXXXOOXXXXXXO--XXXO-X--XXXXO-- X";
    let whole = solve(obf.into(), JsValue::UNDEFINED).unwrap();
    let score = |v: &JsValue| field(v, "score").as_f64().unwrap();
    for count in 2..=3 {
        let parts: Vec<JsValue> = (0..count)
            .map(|index| {
                let options = json(&format!(
                    r#"{{"part":{{"index":{index},"count":{count}}}}}"#
                ));
                solve(obf.into(), options).unwrap()
            })
            .collect();
        let best = parts
            .iter()
            .max_by(|a, b| score(a).total_cmp(&score(b)))
            .unwrap();
        assert_eq!(score(best), score(&whole), "{count} parts");
        // Each solved moves of its own.
        let mut moves: Vec<String> = parts
            .iter()
            .map(|p| field(p, "best").as_string().unwrap())
            .collect();
        moves.sort();
        moves.dedup();
        assert_eq!(moves.len(), count as usize);
    }
    let err = message(solve(obf.into(), json(r#"{"part":{"index":3,"count":3}}"#)).unwrap_err());
    assert!(err.contains("options.part.index"), "{err}");
}

/// An Othello game at 21 empties, white to move: level 10's win-draw-loss
/// range (exact from 20, for the win from 22), beyond level 9's (20).
const ENDGAME: &str =
    "e6f4c3c4d3d6f6c6d7c7f5c2b3c5b4d2e7b5a5b6f3e8c8f8f7e3e2e1a6d8b2b8b7a3f1a4a2g1f2";

#[wasm_bindgen_test]
fn the_expert_levels_share_their_solves_over_the_cores_they_have() {
    let g = game("othello", ENDGAME);
    assert_eq!(solve_threads(&g, timed(10), 2).unwrap(), 2);
    // Eight at most, however many cores; one core shares nothing.
    assert_eq!(solve_threads(&g, timed(10), 64).unwrap(), 8);
    assert_eq!(solve_threads(&g, timed(10), 1).unwrap(), 1);
    assert_eq!(solve_threads(&g, timed(10), 0).unwrap(), 1);
    // Level 9 does not solve yet at 21 empties, and level 8 is no expert.
    assert_eq!(solve_threads(&g, timed(9), 2).unwrap(), 1);
    assert_eq!(solve_threads(&g, timed(8), 2).unwrap(), 1);
    // A midgame search does not solve; Troll's solver does not share.
    assert_eq!(
        solve_threads(&game("othello", MIDGAME), timed(10), 2).unwrap(),
        1
    );
    assert_eq!(
        solve_threads(&game("troll", "d4"), timed(10), 2).unwrap(),
        1
    );
    let err = message(solve_threads(&g, json(r#"{"level":11}"#), 2).unwrap_err());
    assert!(err.contains("options.level"), "{err}");
    // This module has no threads: asked to share, it solves alone, and
    // finds what it finds alone.
    assert!(!solve_shares());
    let exact = |threads: u32| {
        let options = json(&format!(r#"{{"level":10,"seed":1,"threads":{threads}}}"#));
        let found = best_move(&g, options, JsValue::UNDEFINED).unwrap();
        assert_eq!(field(&found, "exact").as_bool(), Some(true));
        (
            field(&found, "move").as_string().unwrap(),
            field(&found, "score").as_f64().unwrap(),
        )
    };
    assert_eq!(exact(2), exact(1));
    assert_eq!(exact(1), ("a8".to_string(), 32.0));
}

#[wasm_bindgen_test]
fn the_threads_option_is_checked_by_name() {
    let g = game("othello", ENDGAME);
    for bad in ["0", "9", "1.5", "\"2\""] {
        let options = json(&format!(r#"{{"level":10,"threads":{bad}}}"#));
        let err = message(best_move(&g, options, JsValue::UNDEFINED).unwrap_err());
        assert!(
            err.starts_with("options.threads must be a whole number from 1 to 8"),
            "{err}"
        );
    }
    let position = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOXOOXX---OOOXX---OOXXX--OOOOOO X";
    let both = json(r#"{"threads":2,"part":{"index":0,"count":2}}"#);
    assert_eq!(
        message(solve(position.into(), both).unwrap_err()),
        "options.part and options.threads cannot be combined"
    );
    let solved = solve(position.into(), json(r#"{"threads":2}"#)).unwrap();
    assert_eq!(field(&solved, "score").as_f64(), Some(24.0));
}
