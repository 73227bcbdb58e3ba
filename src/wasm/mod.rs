//! The JavaScript API: a thin translation of the rules core for wasm-bindgen.
//! Errors reach JavaScript as exceptions carrying the core's messages.

use serde::Deserialize;
use wasm_bindgen::prelude::*;

use crate::game::AnyGame;
use crate::map::Map;
use crate::rules::Variant;

/// Options for a new game, all optional: `{ variant: "mapello" | "othello" |
/// "reversi", size: 6 | 8 | 10 }`.
#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct GameOptions {
    variant: Option<String>,
    size: Option<u32>,
}

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// A game in progress, with its history.
#[wasm_bindgen]
pub struct Game {
    inner: AnyGame,
}

impl Game {
    /// The core game behind the handle.
    pub(crate) fn inner(&self) -> &AnyGame {
        &self.inner
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game at the start position on an empty map; `options` may be `undefined`.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<Game, JsError> {
        let options: GameOptions = if options.is_undefined() || options.is_null() {
            GameOptions::default()
        } else {
            serde_wasm_bindgen::from_value(options).map_err(js_error)?
        };
        let variant = match options.variant.as_deref() {
            None => Variant::Mapello,
            Some(name) => Variant::parse(name).ok_or_else(|| js_error(format!("unknown variant '{name}'")))?,
        };
        let map = Map::empty(options.size.unwrap_or(8)).map_err(js_error)?;
        let inner = AnyGame::new(variant, map).map_err(js_error)?;
        Ok(Game { inner })
    }

    /// Everything the board shows, as a plain object (see `Snapshot`).
    pub fn state(&self) -> Result<JsValue, JsError> {
        serde_wasm_bindgen::to_value(&self.inner.snapshot()).map_err(js_error)
    }

    /// Plays a move in notation (`f5`, or `pass` when a pass is forced).
    pub fn play(&mut self, mv: &str) -> Result<(), JsError> {
        let mv = self.inner.parse_move(mv).map_err(js_error)?;
        self.inner.play(mv).map_err(js_error)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// Plays again the last move taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        self.inner.redo()
    }
}
