//! The JavaScript API of Blocs: a game with its history, the exact
//! solver's hints and the AI's levels, over [`crate::blocs`]. Arguments are
//! checked as in the rest of the API (see [`super::args`]); a refused call
//! throws and leaves the game as it was.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::args::{self, error, string, whole, Options};
use super::link::relation_value;
use super::MAX_TEXT_CHARS;
use crate::blocs::ai::{self, Ai, Level, MAX_LEVEL};
use crate::blocs::{
    diagram, transcript, Face, Move, Phase, Player, Position, Solver, Square, LONGEST_GAME,
};
use crate::lineage::{self, Lineage};

/// Longest move read: `a1-d4` with room for spaces.
const MAX_MOVE_CHARS: u32 = 12;
/// Longest diagram read: four rows, the two trailing lines and comments.
const MAX_DIAGRAM_CHARS: u32 = 1_000;

// A transcript of the longest game must fit: at most 5 characters a move.
const _: () = assert!(LONGEST_GAME * 5 <= MAX_TEXT_CHARS as usize);

/// A game of Blocs in progress, with its history for undo and redo.
#[wasm_bindgen]
pub struct BlocsGame {
    /// Every position so far, the start first.
    line: Vec<Position>,
    /// The moves between them.
    moves: Vec<Move>,
    /// Moves taken back, the next to redo last.
    undone: Vec<Move>,
}

/// What the board shows, for JavaScript.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Snapshot {
    /// 16 characters in reading order from `a1`: `.`, `X` (black face up), `O`.
    cells: String,
    /// `toMove`, or `gameOver` once every disc shows white (as the
    /// Reversi games' snapshots say, so the page's flow reads both alike).
    status: &'static str,
    /// `X` for the player who moved first, `O` for the other.
    to_move: char,
    /// `placement` or `flipping`.
    phase: &'static str,
    /// The player who made the last move once the game is over.
    winner: Option<char>,
    /// `[X, O]`: 1 for the winner once the game is over, else 0 (Blocs has
    /// no score; this is the result as a margin of one).
    score: [u32; 2],
    /// Every legal move in notation.
    legal: Vec<String>,
    /// The last move played, if any.
    last_move: Option<String>,
    /// Moves played so far.
    ply: usize,
    can_undo: bool,
    can_redo: bool,
}

impl BlocsGame {
    pub(super) fn position(&self) -> Position {
        *self.line.last().expect("the start is in the line")
    }

    /// A game from `start` through `moves`, or the first move refused.
    fn replayed(start: Position, text: &str) -> Result<BlocsGame, JsError> {
        let moves = transcript::read(text).map_err(error)?;
        let line = transcript::replay(&start, &moves).map_err(error)?;
        Ok(BlocsGame {
            line,
            moves,
            undone: Vec::new(),
        })
    }

    fn read_move(mv: &JsValue) -> Result<Move, JsError> {
        string("move", mv, MAX_MOVE_CHARS)?
            .parse::<Move>()
            .map_err(error)
    }
}

#[wasm_bindgen]
impl BlocsGame {
    /// A new game: `options` is `undefined` or `{ position?: "<diagram>",
    /// moves?: "<transcript>" }`; without a position the board is empty.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<BlocsGame, JsError> {
        let options = Options::read("options", options, &["position", "moves"])?;
        let start = match options.get("position")? {
            Some((value, name)) => {
                diagram::read(&string(&name, &value, MAX_DIAGRAM_CHARS)?).map_err(error)?
            }
            None => Position::START,
        };
        let moves = match options.get("moves")? {
            Some((value, name)) => string(&name, &value, MAX_TEXT_CHARS)?,
            None => String::new(),
        };
        BlocsGame::replayed(start, &moves)
    }

    /// Everything the board shows, as a plain object.
    pub fn snapshot(&self) -> Result<JsValue, JsError> {
        let pos = self.position();
        let snap = Snapshot {
            cells: Square::ALL
                .iter()
                .map(|&sq| pos.face(sq).map_or('.', Face::letter))
                .collect(),
            status: if pos.is_over() { "gameOver" } else { "toMove" },
            to_move: pos.to_move().letter(),
            phase: match pos.phase() {
                Phase::Placement => "placement",
                Phase::Flipping => "flipping",
            },
            winner: pos.winner().map(|p| p.letter()),
            score: match pos.winner() {
                Some(Player::X) => [1, 0],
                Some(Player::O) => [0, 1],
                None => [0, 0],
            },
            legal: pos.moves().iter().map(Move::to_string).collect(),
            last_move: self.moves.last().map(Move::to_string),
            ply: self.moves.len(),
            can_undo: !self.moves.is_empty(),
            can_redo: !self.undone.is_empty(),
        };
        serde_wasm_bindgen::to_value(&snap).map_err(error)
    }

    /// Plays a move in notation (`b2X`, `a1-c3`, `c3`); throws the reason
    /// when the rules refuse it. A new move forgets the moves taken back.
    pub fn play(&mut self, mv: JsValue) -> Result<(), JsError> {
        let mv = BlocsGame::read_move(&mv)?;
        let next = self.position().play(mv).map_err(error)?;
        self.line.push(next);
        self.moves.push(mv);
        self.undone.clear();
        Ok(())
    }

    /// Why the move may not be played now, or `undefined` when it may (for
    /// a preview before it is played).
    pub fn refusal(&self, mv: JsValue) -> Result<Option<String>, JsError> {
        let mv = BlocsGame::read_move(&mv)?;
        Ok(self.position().play(mv).err().map(|e| e.to_string()))
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(mv) = self.moves.pop() else {
            return false;
        };
        self.line.pop();
        self.undone.push(mv);
        true
    }

    /// Plays again the last move taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(mv) = self.undone.pop() else {
            return false;
        };
        let next = self
            .position()
            .play(mv)
            .expect("a move taken back is legal again");
        self.line.push(next);
        self.moves.push(mv);
        true
    }

    /// The moves so far, concatenated (`b2Xc3O…a1-c3`).
    pub fn transcript(&self) -> String {
        transcript::write(&self.moves)
    }

    /// What `linked` is to this game, as `Game.lineage` says it
    /// (src/lineage.rs): `{ relation: "ahead", from, to }` when it plays
    /// this game's moves and more, "same", "behind", "forked", or
    /// "unrelated" when it starts from another position.
    pub fn lineage(&self, linked: &BlocsGame) -> Result<JsValue, JsError> {
        let relation = if self.line[0] == linked.line[0] {
            lineage::of_moves(&self.moves, &linked.moves)
        } else {
            Lineage::Unrelated
        };
        relation_value(relation)
    }

    /// The start position as a diagram (with its side to move and phase).
    #[wasm_bindgen(js_name = startDiagram)]
    pub fn start_diagram(&self) -> String {
        diagram::write(&self.line[0])
    }

    /// The current position as a diagram.
    pub fn diagram(&self) -> String {
        diagram::write(&self.position())
    }

    /// Replaces the moves by those of a transcript, replayed from the
    /// start; on an error the game is left as it was.
    #[wasm_bindgen(js_name = loadMoves)]
    pub fn load_moves(&mut self, text: JsValue) -> Result<(), JsError> {
        let text = string("text", &text, MAX_TEXT_CHARS)?;
        *self = BlocsGame::replayed(self.line[0], &text)?;
        Ok(())
    }

    /// Whether the player to move wins with perfect play.
    pub fn wins(&self) -> bool {
        Solver::shared().wins(&self.position())
    }

    /// Every winning move of the player to move (none in a lost position
    /// or once the game is over).
    pub fn hints(&self) -> Vec<String> {
        ai::hints(&self.position())
            .iter()
            .map(Move::to_string)
            .collect()
    }

    /// The move the AI of `level` (1 to 5, 5 plays perfectly) chooses with
    /// `seed` (see `randomSeed`), without playing it; `undefined` once the
    /// game is over.
    #[wasm_bindgen(js_name = aiMove)]
    pub fn ai_move(&self, level: JsValue, seed: JsValue) -> Result<Option<String>, JsError> {
        let level = whole("level", &level, 1..=MAX_LEVEL)?;
        let seed = args::seed("seed", &seed)?;
        let mut ai = Ai::new(Level::get(level).expect("the level is in range"), seed);
        Ok(ai.choose(&self.position()).map(|m| m.to_string()))
    }
}
