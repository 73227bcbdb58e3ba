//! Why the rules refuse a move on a square, as the page says it after a
//! click that cannot be played: the page asks, and keeps no copy of the
//! rules that decide.

use serde::Serialize;
use thiserror::Error;
use wasm_bindgen::prelude::*;

use super::args::{error, string};
use super::{Game, MAX_MOVE_CHARS};
use crate::bits::{Bits, Size};
use crate::game::Game as SizedGame;
use crate::position::Colour;
use crate::rules::{troll, Status, Variant};
use crate::square::Square;

/// Why a square cannot be played now; each message follows the square's
/// name ("e4 is taken").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
enum Refusal {
    /// Nobody moves once the game is over.
    #[error("cannot be played: the game is over")]
    GameOver,
    /// The side to move has no move at all and must pass.
    #[error("cannot be played: {} has no legal move and must pass", name(*.0))]
    MustPass(Colour),
    /// A disc is already there.
    #[error("is taken")]
    Taken,
    /// A wall of the map.
    #[error("is a wall: nobody plays there")]
    Wall,
    /// Reversi: the first four moves fill the centre.
    #[error("is not a centre square: the first four moves fill the four centre squares")]
    NotCentre,
    /// Troll: a square on the opponent's edges is taken only with a flip.
    #[error("is on {}'s edge: a move there must flip a disc", name(*.0))]
    OpponentEdge(Colour),
    /// The move closes no line.
    #[error("would flip no disc: a move must close a line of your opponent's discs")]
    NoFlip,
}

impl Refusal {
    /// The reason's name as the page reads it.
    fn id(self) -> &'static str {
        match self {
            Refusal::GameOver => "gameOver",
            Refusal::MustPass(_) => "mustPass",
            Refusal::Taken => "taken",
            Refusal::Wall => "wall",
            Refusal::NotCentre => "notCentre",
            Refusal::OpponentEdge(_) => "opponentEdge",
            Refusal::NoFlip => "noFlip",
        }
    }
}

fn name(c: Colour) -> &'static str {
    match c {
        Colour::Black => "Black",
        Colour::White => "White",
    }
}

/// Why `sq` cannot be played in `game` now, or `None` when it can.
fn refusal<S: Size>(game: &SizedGame<S>, sq: Square) -> Option<Refusal> {
    let (board, pos) = (game.board(), game.position());
    match board.status(pos) {
        Status::GameOver => return Some(Refusal::GameOver),
        Status::MustPass => return Some(Refusal::MustPass(pos.side)),
        Status::ToMove => {}
    }
    let i = sq.index();
    if board.moves(pos).has(i) {
        return None;
    }
    let theirs = pos.side.other();
    Some(if pos.occupied().has(i) {
        Refusal::Taken
    } else if board.walls().has(i) {
        Refusal::Wall
    } else if board.in_opening(pos) {
        Refusal::NotCentre
    } else if board.variant() == Variant::Troll && troll::edge_squares::<S>(theirs).has(i) {
        Refusal::OpponentEdge(theirs)
    } else {
        Refusal::NoFlip
    })
}

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
        let Some(why) = crate::with_game!(game, g => refusal(g, sq)) else {
            return Ok(JsValue::UNDEFINED);
        };
        let said = Said {
            reason: why.id(),
            message: format!("{} {why}.", sq.name(game.size())),
        };
        serde_wasm_bindgen::to_value(&said).map_err(error)
    }
}
