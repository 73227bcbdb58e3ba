//! The moves of a share link (`g=`) as the page reads and writes them:
//! the link's grammar, its cap of moves and the sentence for each damage
//! are the rules crate's (src/link.rs); the page keeps no copy. So is
//! whether a linked game continues one the page holds (src/lineage.rs).

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::args::{describe, error};
use super::{Game, MAX_TEXT_CHARS};
use crate::lineage::{self, Lineage};
use crate::link;

/// What `linkMoves` returns.
#[derive(Serialize)]
struct Read {
    moves: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    problem: Option<String>,
}

/// The moves of a link's `g=` part: `{ moves, problem? }`, `moves` lower
/// case as the link spells them (`["f5", "d6", "pass"]`), up to the first
/// thing that is not a move and at most 200 of them; `problem` a sentence
/// for the player when some were left out. Only the first 10 000
/// characters of `text` are read.
#[wasm_bindgen(js_name = linkMoves)]
pub fn link_moves(text: JsValue) -> Result<JsValue, JsError> {
    let Some(s) = text.dyn_ref::<js_sys::JsString>() else {
        return Err(error(format!(
            "text must be a string, not {}",
            describe(&text)
        )));
    };
    let cut = s.length() > MAX_TEXT_CHARS;
    let start = s.slice(0, MAX_TEXT_CHARS).as_string().unwrap_or_default();
    let read = link::read(&start, cut);
    let answer = Read {
        moves: read.moves,
        problem: read.problem.map(|p| p.to_string()),
    };
    serde_wasm_bindgen::to_value(&answer).map_err(error)
}

/// What `lineage` returns: the relation and its counts of moves.
#[derive(Serialize)]
#[serde(tag = "relation", rename_all = "lowercase")]
enum Relation {
    Same { moves: usize },
    Ahead { from: usize, to: usize },
    Behind { to: usize, from: usize },
    Forked { shared: usize },
    Unrelated,
}

/// `lineage` as the wasm API gives it to JavaScript.
pub(super) fn relation_value(lineage: Lineage) -> Result<JsValue, JsError> {
    let relation = match lineage {
        Lineage::Same { moves } => Relation::Same { moves },
        Lineage::Ahead { from, to } => Relation::Ahead { from, to },
        Lineage::Behind { to, from } => Relation::Behind { to, from },
        Lineage::Forked { shared } => Relation::Forked { shared },
        Lineage::Unrelated => Relation::Unrelated,
    };
    serde_wasm_bindgen::to_value(&relation).map_err(error)
}

#[wasm_bindgen]
impl Game {
    /// What `linked` is to this game (src/lineage.rs): `{ relation:
    /// "same", moves }`, `{ relation: "ahead", from, to }` (it continues
    /// this game), `{ relation: "behind", to, from }` (it goes back in
    /// it), `{ relation: "forked", shared }` or `{ relation: "unrelated" }`
    /// (another game, map or start).
    pub fn lineage(&self, linked: &Game) -> Result<JsValue, JsError> {
        relation_value(lineage::relate(self.inner(), linked.inner()))
    }
}
