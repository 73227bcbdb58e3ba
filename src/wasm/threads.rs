//! What only the threaded workers' module has (wasm32 built with atomics,
//! its memory shared between the workers instantiated on it): the memory,
//! for the next worker to be instantiated on, and the helpers' loop.

use wasm_bindgen::prelude::*;

/// This instance's memory, shared: the page instantiates each helper of
/// the solving worker on it.
#[wasm_bindgen(js_name = sharedMemory)]
pub fn shared_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// A helper worker's life: waits, without spinning, for a solve that a
/// worker on the same memory shares (`threads` in `bestMove` and
/// `solve`), helps it, and waits again. Never returns: the page ends the
/// worker.
#[wasm_bindgen(js_name = serveSolves)]
pub fn serve_solves() {
    crate::ai::helpers::serve()
}
