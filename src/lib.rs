//! Mapello: the rules of Mapello, Othello and Reversi, a search AI and the text
//! formats, shared by the command-line tool and the browser game (wasm).

pub mod ai;
pub mod bits;
pub mod blocs;
pub mod caps;
#[cfg(feature = "cli")]
pub mod cli;
pub mod diagram;
pub mod errors;
pub mod game;
pub mod map;
pub mod obf;
pub mod perft;
pub mod position;
pub mod rules;
pub mod setup;
pub mod sharecode;
pub mod square;
pub mod transcript;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
