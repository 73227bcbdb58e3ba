//! The catalogue of rule facts the page reads: each fact is the one the
//! rest of the API acts on.

use mapello::games::GAMES;
use mapello::wasm::ai::{best_move, review_move};
use mapello::wasm::blocs::BlocsGame;
use mapello::wasm::catalogue::catalogue;
use mapello::wasm::Game;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

use super::{get, ok, options, refused, strings};

fn number(obj: &JsValue, key: &str) -> u32 {
    get(obj, key).as_f64().unwrap() as u32
}

fn list(obj: &JsValue, key: &str) -> Vec<JsValue> {
    js_sys::Array::from(&get(obj, key)).to_vec()
}

#[wasm_bindgen_test]
fn the_games_are_the_catalogues_with_their_default_size_and_engine() {
    let facts = ok(catalogue());
    let offered = list(&facts, "games");
    assert_eq!(offered.len(), GAMES.len());
    for (game, core) in offered.iter().zip(GAMES) {
        assert_eq!(get(game, "id").as_string().as_deref(), Some(core.id));
        assert_eq!(get(game, "maps").as_bool(), Some(core.maps));
    }
    let facts: Vec<(String, u32, String, Option<String>)> = offered
        .iter()
        .map(|g| {
            (
                get(g, "id").as_string().unwrap(),
                number(g, "defaultSize"),
                get(g, "engine").as_string().unwrap(),
                get(g, "reviewUnit").as_string(),
            )
        })
        .collect();
    let row = |id: &str, size, engine: &str, unit: Option<&str>| {
        (
            id.to_string(),
            size,
            engine.to_string(),
            unit.map(str::to_string),
        )
    };
    assert_eq!(
        facts,
        [
            row("mapello", 8, "board", Some("points")),
            row("othello", 8, "board", Some("points")),
            row("reversi", 8, "board", Some("points")),
            row("troll", 8, "board", Some("chain")),
            row("blocs", 4, "blocs", None),
        ]
    );
}

#[wasm_bindgen_test]
fn the_levels_are_those_the_computer_plays() {
    let facts = ok(catalogue());
    let levels = get(&facts, "levels");
    let max = number(&levels, "max");
    let game = ok(Game::new(JsValue::UNDEFINED));
    let at = |level: u32| options(&[("level", level.into()), ("nodes", 1.into())]);
    ok(best_move(&game, at(max), JsValue::UNDEFINED));
    assert!(
        refused(best_move(&game, at(max + 1), JsValue::UNDEFINED)).contains(&format!("1 to {max}"))
    );
    let timed: Vec<(u32, u32)> = list(&levels, "timed")
        .iter()
        .map(|t| (number(t, "level"), number(t, "timeMs")))
        .collect();
    assert_eq!(timed, [(9, 1000), (10, 3000)]);
    let blocs = number(&get(&facts, "blocsLevels"), "max");
    let start = ok(BlocsGame::new(JsValue::UNDEFINED));
    assert!(ok(start.ai_move(blocs.into(), 1.into())).is_some());
    refused(start.ai_move((blocs + 1).into(), 1.into()));
}

#[wasm_bindgen_test]
fn the_review_levels_and_classes_are_the_reviews() {
    let facts = ok(catalogue());
    let review = get(&facts, "review");
    let levels = list(&review, "levels");
    let words: Vec<(u32, u32, u32)> = levels
        .iter()
        .map(|l| (number(l, "level"), number(l, "depth"), number(l, "exact")))
        .collect();
    assert_eq!(
        words,
        [(1, 2, 8), (2, 4, 10), (3, 6, 12), (4, 7, 14), (5, 8, 16)]
    );
    assert_eq!(number(&review, "defaultLevel"), 3);
    let classes: Vec<String> = list(&review, "classes")
        .iter()
        .map(|c| c.as_string().unwrap())
        .collect();
    assert_eq!(classes, ["inaccuracy", "mistake", "blunder"]);
    let game = ok(Game::new(options(&[
        ("variant", "othello".into()),
        ("moves", "f5".into()),
    ])));
    let at = |level: usize| options(&[("level", level.into())]);
    ok(review_move(&game, 0.into(), at(levels.len())));
    refused(review_move(&game, 0.into(), at(levels.len() + 1)));
}

#[wasm_bindgen_test]
fn bonus_points_troll_cap_and_text_caps_are_named() {
    let facts = ok(catalogue());
    assert_eq!(number(&facts, "bonusPoints"), 3);
    assert_eq!(number(&facts, "trollChainCap"), 16);
    let cap = number(&facts, "maxTextChars");
    let mut game = ok(Game::new(JsValue::UNDEFINED));
    refused(game.load_moves(" ".repeat(cap as usize + 1).into()));
    ok(game.load_moves(" ".repeat(cap as usize).into()));
    let code = number(&facts, "maxCodeChars") as usize;
    let long = options(&[("map", "1".repeat(code + 1).into())]);
    assert!(refused(Game::new(long)).contains(&code.to_string()));
}

#[wasm_bindgen_test]
fn troll_edges_are_the_squares_a_side_must_join() {
    let edges = get(&ok(catalogue()), "trollEdges");
    let black = strings(get(&edges, "black"));
    let white = strings(get(&edges, "white"));
    assert_eq!((black.len(), white.len()), (16, 16));
    let both: Vec<&String> = black.iter().filter(|s| white.contains(s)).collect();
    assert_eq!(both, ["a1", "h1", "a8", "h8"]);
    assert!(black.contains(&"d1".to_string()) && black.contains(&"e8".to_string()));
    assert!(white.contains(&"a4".to_string()) && white.contains(&"h5".to_string()));
    // At the start no move flips on the edges: Black may play on its own
    // edges and on none of White's.
    let game = ok(Game::new(options(&[("variant", "troll".into())])));
    for square in &white {
        let refusal = ok(game.refusal(square.as_str().into()));
        let reason = get(&refusal, "reason").as_string();
        assert_eq!(reason.as_deref(), Some("opponentEdge"), "{square}");
    }
    for square in black.iter().filter(|s| !white.contains(s)) {
        assert!(
            ok(game.refusal(square.as_str().into())).is_undefined(),
            "{square}"
        );
    }
}

#[wasm_bindgen_test]
fn no_game_has_more_moves_or_points_than_the_caps() {
    let facts = ok(catalogue());
    let (max_moves, max_points) = (number(&facts, "maxMoves"), number(&facts, "maxPoints"));
    assert_eq!((max_moves, max_points), (200, 400));
    // A whole game on the 10 x 10 board: every move counted, every point within.
    let mut game = ok(Game::new(options(&[("size", 10.into())])));
    loop {
        let state = ok(game.snapshot());
        if get(&state, "status").as_string().as_deref() == Some("gameOver") {
            let moves = js_sys::Array::from(&get(&state, "moves")).length();
            assert!(moves <= max_moves, "{moves}");
            let score = js_sys::Array::from(&get(&state, "score"));
            assert!(score
                .iter()
                .all(|s| s.as_f64().unwrap() as u32 <= max_points));
            break;
        }
        let legal = strings(get(&state, "legal"));
        let mv = legal.first().cloned().unwrap_or_else(|| "pass".into());
        ok(game.play(mv.into()));
    }
    let longest = number(&facts, "maxMoveChars") as usize;
    let mut start = ok(Game::new(JsValue::UNDEFINED));
    let said = refused(start.play("e".repeat(longest + 1).into()));
    assert!(
        said.contains(&format!("at most {longest} characters")),
        "{said}"
    );
}
