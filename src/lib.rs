//! Mapello: the rules of Mapello, Othello and Reversi, a search AI and the text
//! formats, shared by the command-line tool and the browser game (wasm).
//!
//! The types a user of the crate needs are re-exported here. Read a
//! position, list its legal moves, play one and ask the AI for a reply:
//!
//! ```
//! use mapello::{ai, diagram, AnyGame, Level, Move};
//!
//! // The Othello start on 6 x 6: `X` black, `O` white, `.` empty.
//! let text = "\
//! . . . . . .
//! . . . . . .
//! . . O X . .
//! . . X O . .
//! . . . . . .
//! . . . . . .
//! X to move
//! ";
//! let setup = diagram::read(text, Some(mapello::Variant::Othello))?;
//! let mut game = AnyGame::from_setup(&setup)?;
//! assert_eq!(game.snapshot().legal, ["c2", "b3", "e4", "d5"]);
//!
//! game.play(game.parse_move("c2")?)?;
//! let options = Level::get(1).expect("level 1 exists").options(game.size(), 7);
//! let reply = ai::best_move(&game, &options, None, &mut |_| {});
//! assert!(matches!(reply.best, Move::Play(_)));
//! game.play(reply.best)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod ai;
mod base64url;
pub mod bits;
pub mod blocs;
pub mod caps;
// The command-line tool, public for src/main.rs, the CLI's tests and the
// benchmark example only: not part of the library's interface.
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod cli;
pub mod diagram;
mod errors;
pub mod forfeit;
mod game;
pub mod games;
pub mod ggf;
pub mod lineage;
pub mod link;
mod map;
pub mod obf;
pub mod perft;
mod position;
pub mod presets;
mod rules;
mod setup;
pub mod sharecode;
mod square;
pub mod startcode;
mod symmetry;
pub mod transcript;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use ai::{best_move, hints, solve, BestMove, Level, Options, Solved};
pub use errors::{ParseError, Place};
pub use game::{AnyGame, Game, Outcome, Snapshot};
pub use map::{Counts, Limits, Map, MapError, Piece, SIZES};
pub use position::{Colour, Position};
pub use rules::{Board, BoardError, MoveError, Refusal, Rules, Status, Troll, Variant};
pub use setup::{Setup, SetupError};
pub use square::{Move, Square, SquareName};
