//! `Game.refusal`: why a square cannot be played, one test per rule.

use super::{get, message, ok, options, strings};
use mapello::wasm::{Game, MapDraft};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn game(variant: &str) -> Game {
    ok(Game::new(options(&[("variant", variant.into())])))
}

/// `(reason, message)` of what a refusal method returned, or `None` for
/// `undefined`.
fn said(value: JsValue) -> Option<(String, String)> {
    if value.is_undefined() {
        return None;
    }
    let text = |key| get(&value, key).as_string().unwrap();
    Some((text("reason"), text("message")))
}

/// `(reason, message)` of a refusal, or `None` when the square is legal.
fn refused(game: &Game, square: &str) -> Option<(String, String)> {
    said(ok(game.refusal(square.into())))
}

fn reason(game: &Game, square: &str) -> Option<String> {
    refused(game, square).map(|(reason, _)| reason)
}

#[wasm_bindgen_test]
fn a_legal_move_is_not_refused() {
    let start = game("mapello");
    for square in strings(get(&ok(start.snapshot()), "legal")) {
        assert_eq!(refused(&start, &square), None, "{square}");
    }
}

#[wasm_bindgen_test]
fn a_square_holding_a_disc_is_taken() {
    assert_eq!(
        refused(&game("mapello"), "d4"),
        Some(("taken".into(), "d4 is taken.".into()))
    );
}

#[wasm_bindgen_test]
fn a_move_must_flip_a_disc() {
    let (reason, said) = refused(&game("othello"), "a1").unwrap();
    assert_eq!(reason, "noFlip");
    assert_eq!(
        said,
        "a1 would flip no disc: a move must close a line of your opponent's discs."
    );
}

#[wasm_bindgen_test]
fn nobody_plays_on_a_wall() {
    let mut draft = ok(MapDraft::new(8.into()));
    ok(draft.set(1.into(), 1.into(), "wall".into()));
    let walled = ok(Game::new(options(&[("map", draft.code().into())])));
    assert_eq!(
        refused(&walled, "a1"),
        Some(("wall".into(), "a1 is a wall: nobody plays there.".into()))
    );
}

#[wasm_bindgen_test]
fn reversi_fills_the_centre_first() {
    let mut reversi = game("reversi");
    assert_eq!(reason(&reversi, "a1").as_deref(), Some("notCentre"));
    assert_eq!(reason(&reversi, "d4"), None);
    ok(reversi.play("d4".into()));
    // A centre square already filled is taken, not off the centre.
    assert_eq!(reason(&reversi, "d4").as_deref(), Some("taken"));
    assert_eq!(reason(&reversi, "c3").as_deref(), Some("notCentre"));
}

#[wasm_bindgen_test]
fn troll_takes_the_opponents_edge_only_with_a_flip() {
    let mut troll = game("troll");
    assert_eq!(
        refused(&troll, "a4"),
        Some((
            "opponentEdge".into(),
            "a4 is on White's edge: a move there must flip a disc.".into()
        ))
    );
    // Black's own edges and the middle are open.
    assert_eq!(reason(&troll, "d1"), None);
    assert_eq!(reason(&troll, "d4"), None);
    ok(troll.play("d4".into()));
    assert_eq!(
        refused(&troll, "c8").map(|(_, said)| said).as_deref(),
        Some("c8 is on Black's edge: a move there must flip a disc.")
    );
}

/// Plays the first legal move (or passes) until `stop` holds of the snapshot.
fn play_until(game: &mut Game, stop: impl Fn(&str) -> bool) {
    loop {
        let state = ok(game.snapshot());
        let status = get(&state, "status").as_string().unwrap();
        if stop(&status) {
            return;
        }
        match status.as_str() {
            "mustPass" => ok(game.play("pass".into())),
            "toMove" => ok(game.play(strings(get(&state, "legal"))[0].clone().into())),
            _ => panic!("the game ended first"),
        }
    }
}

#[wasm_bindgen_test]
fn nobody_moves_once_the_game_is_over() {
    let mut over = ok(Game::new(options(&[
        ("variant", "othello".into()),
        ("size", 6.into()),
    ])));
    play_until(&mut over, |status| status == "gameOver");
    assert_eq!(
        refused(&over, "a1"),
        Some((
            "gameOver".into(),
            "a1 cannot be played: the game is over.".into()
        ))
    );
}

#[wasm_bindgen_test]
fn a_side_without_a_move_must_pass() {
    // Othello played by first legal moves reaches a forced pass.
    let mut game = ok(Game::new(options(&[("variant", "othello".into())])));
    play_until(&mut game, |status| status == "mustPass");
    let (reason, said) = refused(&game, "a1").unwrap();
    assert_eq!(reason, "mustPass");
    assert!(said.ends_with("has no legal move and must pass."), "{said}");
}

#[wasm_bindgen_test]
fn a_name_that_is_no_square_throws() {
    let start = game("mapello");
    assert_eq!(
        message(start.refusal("z9".into()).unwrap_err()),
        "'z9' is not a square of the 8 x 8 board"
    );
    assert!(message(start.refusal(JsValue::NULL).unwrap_err()).contains("square"));
}

/// `(reason, message)` of a click on outer cell (x, y), or `None`.
fn ring_refused(game: &Game, x: u32, y: u32) -> Option<(String, String)> {
    said(ok(game.ring_refusal(x.into(), y.into())))
}

#[wasm_bindgen_test]
fn the_ring_is_named_and_a_joker_on_it_explained() {
    let mut draft = ok(MapDraft::new(8.into()));
    // A joker on the ring above c (outer x 3, y 0).
    ok(draft.set(3.into(), 0.into(), "joker".into()));
    let game = ok(Game::new(options(&[("map", draft.code().into())])));
    assert_eq!(
        ring_refused(&game, 3, 0),
        Some((
            "ring".into(),
            "The joker on the ring above c is not a square to play: it counts as the \
             mover's colour when a line of discs ends on it."
                .into()
        ))
    );
    assert_eq!(
        ring_refused(&game, 0, 4),
        Some((
            "ring".into(),
            "The ring left of 4 is outside the board: nobody plays there.".into()
        ))
    );
    assert_eq!(
        ring_refused(&game, 9, 9).map(|(_, said)| said),
        Some("The ring corner bottom right is outside the board: nobody plays there.".into())
    );
    // A square of the board is `refusal`'s to explain; a cell past the ring is refused.
    assert_eq!(ring_refused(&game, 4, 4), None);
    assert!(message(game.ring_refusal(10.into(), 0.into()).unwrap_err()).contains('x'));
}
