//! Why the rules refuse a move on a square, as the page says it after a
//! click that cannot be played: the page asks, and keeps no copy of the
//! rules that decide.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::args::{error, string, whole};
use super::{Game, MAX_MOVE_CHARS};
use crate::map::Piece;
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

    /// Why a click on outer cell (`x`, `y`) of the board drawn with its
    /// ring (each 0 to the board's side + 1) plays nothing when the cell
    /// is on the ring: `{ reason: "ring", message }`, the message naming
    /// the cell and, for a joker, what a joker does; `undefined` for a
    /// square of the board ([`Game::refusal`] says why not there).
    #[wasm_bindgen(js_name = ringRefusal)]
    pub fn ring_refusal(&self, x: JsValue, y: JsValue) -> Result<JsValue, JsError> {
        let map = self.inner().map();
        let last = map.side() - 1;
        let (x, y) = (whole("x", &x, 0..=last)?, whole("y", &y, 0..=last)?);
        if !map.is_ring(x, y) {
            return Ok(JsValue::UNDEFINED);
        }
        let cell = map.cell_name(x, y);
        let message = match map.get(x, y) {
            Some(Piece::Joker) => format!(
                "The joker on the {cell} is not a square to play: it counts as the mover's \
                 colour when a line of discs ends on it."
            ),
            _ => format!("The {cell} is outside the board: nobody plays there."),
        };
        let said = Said {
            reason: "ring",
            message,
        };
        serde_wasm_bindgen::to_value(&said).map_err(error)
    }
}
