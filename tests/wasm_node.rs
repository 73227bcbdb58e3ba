//! The JavaScript API, tested in Node.
#![cfg(target_arch = "wasm32")]

mod wasm_api;
