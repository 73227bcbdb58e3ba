//! The position editor's draft: discs placed on a map, a side to move,
//! and the rules' sentence on what keeps it from being played. It reads
//! and writes the diagram and OBF (docs/formats.md). In the workers'
//! module: the page loads it with the editor, off the first screen.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::args::{error, short_string, string};
use super::{MAX_MOVE_CHARS, MAX_TEXT_CHARS};
use crate::game::AnyGame;
use crate::position::Colour;
use crate::setup::Setup;
use crate::square::Square;
use crate::{diagram, obf, sharecode, startcode};

/// A position being set up.
#[wasm_bindgen]
pub struct PositionDraft {
    setup: Setup,
}

/// What `PositionDraft.snapshot` returns.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Draft {
    variant: crate::rules::Variant,
    size: u32,
    ring: bool,
    cells: String,
    to_move: char,
    discs: [usize; 2],
    #[serde(skip_serializing_if = "Option::is_none")]
    problem: Option<String>,
}

#[wasm_bindgen]
impl PositionDraft {
    /// A draft of `options` as `Game` takes them (`{ variant?, map?,
    /// start?, moves? }`): the position the game has reached.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<PositionDraft, JsError> {
        let game = super::Game::new(options)?;
        Ok(PositionDraft {
            setup: game.inner().setup(),
        })
    }

    /// Puts `what` (`"X"`, `"O"` or `"."` for none) on `square`; a wall or a
    /// bonus there refuses a disc, with the sentence saying why.
    pub fn put(&mut self, square: JsValue, what: JsValue) -> Result<(), JsError> {
        let n = self.setup.map.size();
        let name = string("square", &square, MAX_MOVE_CHARS)?;
        let sq = Square::parse(&name.to_ascii_lowercase(), n).map_err(error)?;
        let colour = match short_string(&what, 1).as_deref() {
            Some("X") => Some(Colour::Black),
            Some("O") => Some(Colour::White),
            Some(".") => None,
            _ => return Err(error("what must be 'X', 'O' or '.'")),
        };
        let mut next = self.setup.clone();
        next.black.retain(|&s| s != sq);
        next.white.retain(|&s| s != sq);
        match colour {
            Some(Colour::Black) => next.black.push(sq),
            Some(Colour::White) => next.white.push(sq),
            None => {}
        }
        next.check().map_err(error)?;
        self.setup = next;
        Ok(())
    }

    /// Sets the side to move: `"X"` or `"O"`.
    #[wasm_bindgen(js_name = setSide)]
    pub fn set_side(&mut self, side: JsValue) -> Result<(), JsError> {
        self.setup.side = match short_string(&side, 1).as_deref() {
            Some("X") => Colour::Black,
            Some("O") => Colour::White,
            _ => return Err(error("side must be 'X' or 'O'")),
        };
        Ok(())
    }

    /// Takes every disc off the board.
    pub fn clear(&mut self) {
        self.setup.black.clear();
        self.setup.white.clear();
    }

    /// Replaces the draft by a pasted diagram (read as the draft's game) or
    /// OBF string (an Othello position); on an error, which names the
    /// place, the draft is left as it was.
    pub fn read(&mut self, text: JsValue) -> Result<(), JsError> {
        let text = string("text", &text, MAX_TEXT_CHARS)?;
        let setup = if text.trim().lines().count() > 1 {
            diagram::read(&text, Some(self.setup.variant))
                .map_err(|e| error(e.in_format("diagram")))?
        } else {
            obf::read(&text).map_err(|e| error(e.in_format("OBF")))?
        };
        self.setup = setup;
        Ok(())
    }

    /// The draft as the board draws it: `{ variant, size, ring, cells,
    /// toMove, discs: [black, white], problem? }`, `cells` as in
    /// `Game.snapshot`, `problem` the sentence on why it cannot be played.
    pub fn snapshot(&self) -> Result<JsValue, JsError> {
        let s = &self.setup;
        let draft = Draft {
            variant: s.variant,
            size: s.map.size(),
            ring: s.variant.has_ring(),
            cells: cells(s),
            to_move: s.side.letter(),
            discs: [s.black.len(), s.white.len()],
            problem: AnyGame::set_up(s).err().map(|e| e.to_string()),
        };
        serde_wasm_bindgen::to_value(&draft).map_err(error)
    }

    /// The share code of the draft's map (bonuses still to take included).
    #[wasm_bindgen(js_name = mapCode)]
    pub fn map_code(&self) -> String {
        sharecode::encode(&self.setup.map)
    }

    /// The start code of the draft, for `Game`'s `start`.
    #[wasm_bindgen(js_name = startCode)]
    pub fn start_code(&self) -> String {
        startcode::encode(&self.setup)
    }

    /// The draft as a diagram.
    pub fn diagram(&self) -> String {
        diagram::write(&self.setup)
    }

    /// The draft as an OBF string, or `undefined` when it is not a plain
    /// 8 x 8 board.
    pub fn obf(&self) -> Option<String> {
        obf::write(&self.setup)
    }
}

/// `(size + 2)^2` diagram characters of the outer grid, as a snapshot's.
fn cells(s: &Setup) -> String {
    diagram::grid(s).into_iter().collect()
}
