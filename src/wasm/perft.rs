//! Perft in the browser, for the wasm tests and `tests/bench/wasm_perft.mjs`:
//! in the workers' module only, since the page never counts positions (the
//! fast walk and the refusals' time estimates are much of the code).

use wasm_bindgen::prelude::*;

use super::args::{self, error, whole};
use super::blocs::BlocsGame;
use super::Game;
use crate::blocs::perft as blocs_perft;
use crate::caps::{self, MAX_BLOCS_PERFT_DEPTH, MAX_PERFT_DEPTH};

#[wasm_bindgen]
impl Game {
    /// Perft from the current position: leaves `depth` (0 to 20) plies
    /// below (a pass is a ply); a number, exact below 2^53.
    pub fn perft(&self, depth: JsValue) -> Result<f64, JsError> {
        let depth = whole("depth", &depth, 0..=MAX_PERFT_DEPTH)?;
        Ok(self.inner.perft(depth) as f64)
    }
}

#[wasm_bindgen]
impl BlocsGame {
    /// Perft from the current position, `depth` 0 to 6 plies (the command
    /// line's cap); a deeper one is refused with how long it would take.
    pub fn perft(&self, depth: JsValue) -> Result<f64, JsError> {
        let whole_depth = depth.as_f64().filter(|d| d.fract() == 0.0 && *d >= 0.0);
        if let Some(d) = whole_depth.filter(|&d| d > f64::from(MAX_BLOCS_PERFT_DEPTH)) {
            let (shown, time) = (args::number(d), caps::blocs_perft_time(d.min(1e3) as u32));
            return Err(error(format!(
                "depth must be a whole number from 0 to {MAX_BLOCS_PERFT_DEPTH}, not {shown}: \
                 perft {shown} from the start would take {time} natively"
            )));
        }
        let depth = whole("depth", &depth, 0..=MAX_BLOCS_PERFT_DEPTH)?;
        Ok(blocs_perft(&self.position(), depth) as f64)
    }
}
