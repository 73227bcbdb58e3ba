//! Mapello: the rules of Mapello, Othello and Reversi, a search AI and the text
//! formats, shared by the command-line tool and the browser game (wasm).

#[cfg(target_arch = "wasm32")]
pub mod wasm;
