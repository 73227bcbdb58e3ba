//! Why the rules refuse a move on a square, as the page says it after a
//! click that cannot be played: the page asks, and keeps no copy of the
//! rules that decide.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::args::{error, string};
use super::{Game, MAX_MOVE_CHARS};
use crate::rules::Rules;
use crate::square::Square;

/// What `Game.refusal` returns.
#[derive(Serialize)]
struct Said {
    reason: &'static str,
    message: String,
}

#[wasm_bindgen]
impl Game {
    /// Why a move on `square` (`e4`) may not be played now: `{ reason,
    /// message }`, `reason` one of `gameOver`, `mustPass`, `taken`, `wall`,
    /// `notCentre`, `opponentEdge`, `noFlip` and `message` a sentence
    /// (`e4 is taken.`); `undefined` when the move is legal.
    pub fn refusal(&self, square: JsValue) -> Result<JsValue, JsError> {
        let text = string("square", &square, MAX_MOVE_CHARS)?;
        let game = self.inner();
        let sq = Square::parse(text.trim(), game.size()).map_err(error)?;
        let Some(why) = crate::with_game!(game, g => g.rules().refusal(g.position(), sq)) else {
            return Ok(JsValue::UNDEFINED);
        };
        let said = Said {
            reason: why.id(),
            message: format!("{} {why}.", sq.name(game.size())),
        };
        serde_wasm_bindgen::to_value(&said).map_err(error)
    }
}
