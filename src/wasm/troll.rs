//! Troll's race for the page: the card under each player says how many
//! discs the side still needs. It lives outside the AI's API (though it
//! reads the AI's chain distances) because the page's rules-only build
//! shows it on the first screen. Also the edges each side must join,
//! which the catalogue gives the page for the board's drawing.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::args::error;
use super::Game;
use crate::ai::troll::eval as troll_eval;
use crate::bits::{Size, Squares};
use crate::game::AnyGame;
use crate::map::Map;
use crate::position::{Colour, Position};
use crate::rules::troll::{edge_squares, SIZE};
use crate::rules::Variant;
use crate::square::Square;

/// Troll's race, as `Game.race` returns it.
#[derive(Serialize)]
struct Race {
    black: Option<u32>,
    white: Option<u32>,
}

#[wasm_bindgen]
impl Game {
    /// Troll's race: `{ black, white }`, the discs each side still needs
    /// to join its edges, an opponent's disc in the way counting two (0 once joined,
    /// `null` for a side that can no longer join them); `null` in the
    /// games scored by discs.
    pub fn race(&self) -> Result<JsValue, JsError> {
        let race = crate::by_game!(self.inner(),
        _g => return Ok(JsValue::NULL),
        t => Race {
            black: needed(t.position(), Colour::Black),
            white: needed(t.position(), Colour::White),
        });
        serde_wasm_bindgen::to_value(&race).map_err(error)
    }
}

/// The discs `c` still needs to join its Troll edges in `pos`; `None`
/// when no way is left.
fn needed<S: Size>(pos: &Position<S>, c: Colour) -> Option<u32> {
    let d = troll_eval::needed::<S>(pos.discs(c), pos.discs(c.other()), c);
    (d < troll_eval::CUT).then_some(d)
}

/// Troll's edges by square name: Black's top and bottom rows, White's
/// left and right columns (the corners are both's).
#[derive(Serialize)]
pub(super) struct Edges {
    black: Vec<String>,
    white: Vec<String>,
}

/// The edges of Troll's board.
pub(super) fn edges() -> Result<Edges, JsError> {
    let game = AnyGame::new(Variant::Troll, Map::empty(SIZE).map_err(error)?).map_err(error)?;
    Ok(crate::by_game!(&game,
    _g => return Err(error("Troll's start is not a Troll game")),
    t => Edges {
        black: edge_names(t.position(), Colour::Black),
        white: edge_names(t.position(), Colour::White),
    }))
}

/// The names of `c`'s edge squares on the board of `_pos`, row by row.
fn edge_names<S: Size>(_pos: &Position<S>, c: Colour) -> Vec<String> {
    Squares(edge_squares::<S>(c))
        .filter_map(|i| Square::from_index(i, S::N))
        .map(|sq| sq.name(S::N).to_string())
        .collect()
}
