//! Perft in the browser, for the wasm tests and `tests/bench/wasm_perft.mjs`:
//! in the workers' module only, since the page never counts positions.

use wasm_bindgen::prelude::*;

use super::args::whole;
use super::Game;
use crate::caps::MAX_PERFT_DEPTH;

#[wasm_bindgen]
impl Game {
    /// Perft from the current position: leaves `depth` (0 to 20) plies
    /// below (a pass is a ply); a number, exact below 2^53.
    pub fn perft(&self, depth: JsValue) -> Result<f64, JsError> {
        let depth = whole("depth", &depth, 0..=MAX_PERFT_DEPTH)?;
        Ok(self.inner.perft(depth) as f64)
    }
}
