//! The JavaScript API: a thin translation of the rules core for wasm-bindgen.
//! Errors reach JavaScript as exceptions carrying the core's messages.
//! Every argument is checked first (see [`args`]) and every depth, budget
//! and text length is capped (README.md, "JavaScript API"), so a bad call
//! throws a plain `Error` and leaves its object usable.

// The computer player's API, for the workers; the page's own module is
// built without it (the `rules-only` feature, see Cargo.toml).
#[cfg(not(feature = "rules-only"))]
pub mod ai;
mod args;
// Blocs's rules and solver: its page loads the workers' module when first
// shown, so the first screen's module does without them.
#[cfg(not(feature = "rules-only"))]
pub mod blocs;
pub mod catalogue;
// GGF records, for the archive's dialog: not on the first screen.
#[cfg(not(feature = "rules-only"))]
pub mod ggf;
pub mod link;
mod refusal;
// The position editor's draft, with the diagram and OBF readers: loaded
// with the editor, so the first screen's module does without them.
#[cfg(not(feature = "rules-only"))]
pub mod position;
// Perft's fast walk is a large part of the code: the page does without it.
#[cfg(not(feature = "rules-only"))]
mod perft;
#[cfg(all(target_feature = "atomics", not(feature = "rules-only")))]
pub mod threads;
mod troll;

use wasm_bindgen::prelude::*;

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::forfeit::Cause;
use crate::game::AnyGame;
use crate::map::{Counts, Limits, Map, Piece};
use crate::position::Colour;
use crate::rules::Variant;
use crate::setup::Setup;
use crate::{sharecode, startcode, transcript};
use args::{error, size, string, whole, Options};

/// Longest move `play` reads: `pass` or `j10`, with room for spaces.
pub(crate) const MAX_MOVE_CHARS: u32 = 16;
/// Longest transcript or OBF position read: a 10 x 10 game's transcript
/// takes under a thousand characters.
pub(crate) const MAX_TEXT_CHARS: u32 = 10_000;
/// Longest share code read: a 10 x 10 code has 38 characters.
pub(crate) const MAX_CODE_CHARS: u32 = 64;
/// Longest piece or variant name read.
const MAX_NAME_CHARS: u32 = 8;

/// A game in progress, with its history.
#[wasm_bindgen]
pub struct Game {
    inner: AnyGame,
}

impl Game {
    /// The core game behind the handle.
    pub(crate) fn inner(&self) -> &AnyGame {
        &self.inner
    }

    /// Replaces the moves by those of `text`; on an error the game is
    /// left as it was.
    fn replay(&mut self, text: &str) -> Result<(), JsError> {
        let moves = transcript::read(text, self.inner.size()).map_err(error)?;
        let mut fresh = AnyGame::from_setup(&self.inner.start_setup()).map_err(error)?;
        transcript::replay(&mut fresh, &moves).map_err(error)?;
        self.inner = fresh;
        Ok(())
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game at the start position: `options` is `undefined` or
    /// `{ variant?: "mapello" | "othello" | "reversi" | "troll", size?: 6 | 8 | 10,
    /// map?: "<share code>", start?: "<start code>", moves?: "<transcript>" }`;
    /// `start` is a set-up position on the map (`startCode`), refused with
    /// the sentence that says what is wrong with it.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<Game, JsError> {
        let known = ["variant", "size", "map", "start", "moves"];
        let options = Options::read("options", options, &known)?;
        let variant = match options.get("variant")? {
            None => Variant::Mapello,
            Some((value, name)) => variant(&name, &value)?,
        };
        let size = match options.get("size")? {
            None => None,
            Some((value, name)) => Some(size(&name, &value)?),
        };
        let map = match options.get("map")? {
            Some((value, name)) => {
                sharecode::decode(&string(&name, &value, MAX_CODE_CHARS)?).map_err(error)?
            }
            None => Map::empty(size.unwrap_or(8)).map_err(error)?,
        };
        if let Some(size) = size.filter(|&s| s != map.size()) {
            return Err(error(format!(
                "the map is {0} x {0}, not {size} x {size}",
                map.size()
            )));
        }
        let inner = match options.get("start")? {
            None => AnyGame::new(variant, map).map_err(error)?,
            Some((value, name)) => {
                let code = string(&name, &value, MAX_CODE_CHARS)?;
                let setup = startcode::decode(&code, variant, &map)
                    .map_err(|e| error(e.in_format("start code")))?;
                AnyGame::set_up(&setup).map_err(error)?
            }
        };
        let mut game = Game { inner };
        if let Some((value, name)) = options.get("moves")? {
            game.replay(&string(&name, &value, MAX_TEXT_CHARS)?)?;
        }
        Ok(game)
    }

    /// Everything the board shows, as a plain object (see `Snapshot`).
    pub fn snapshot(&self) -> Result<JsValue, JsError> {
        serde_wasm_bindgen::to_value(&self.inner.snapshot()).map_err(error)
    }

    /// Plays a move in notation (`f5`, or `pass` when a pass is forced).
    pub fn play(&mut self, mv: JsValue) -> Result<(), JsError> {
        let mv = string("move", &mv, MAX_MOVE_CHARS)?;
        let mv = self.inner.parse_move(&mv).map_err(error)?;
        self.inner.play(mv).map_err(error)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// Plays again the last move taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        self.inner.redo()
    }

    /// The moves so far as a transcript (`f5d6c3…`).
    pub fn transcript(&self) -> String {
        transcript::write(&self.inner.moves(), self.inner.size())
    }

    /// The squares played so far, as Othello programs print a game: the
    /// transcript without its passes, which are forced and which
    /// `loadMoves` plays again by itself.
    #[wasm_bindgen(js_name = transcriptWithoutPasses)]
    pub fn transcript_without_passes(&self) -> String {
        transcript::write_squares(&self.inner.moves(), self.inner.size())
    }

    /// Replaces the moves by those of a transcript, replayed from the start;
    /// on an error the game is left as it was.
    #[wasm_bindgen(js_name = loadMoves)]
    pub fn load_moves(&mut self, text: JsValue) -> Result<(), JsError> {
        let text = string("text", &text, MAX_TEXT_CHARS)?;
        self.replay(&text)
    }

    /// Ends the game under way by forfeit: `cause` is `"resigned"` or
    /// `"time"`, `loser` the side that gave it up (`"X"` or `"O"`). The
    /// snapshot then scores it (`forfeitScore` in the rules) and names it.
    pub fn forfeit(&mut self, cause: JsValue, loser: JsValue) -> Result<(), JsError> {
        let named = args::short_string(&cause, MAX_NAME_CHARS);
        let cause = named.as_deref().and_then(Cause::from_name).ok_or_else(|| {
            error(format!(
                "cause must be 'resigned' or 'time', not {}",
                args::describe(&cause)
            ))
        })?;
        let loser = match args::short_string(&loser, MAX_NAME_CHARS).as_deref() {
            Some("X") => Colour::Black,
            Some("O") => Colour::White,
            _ => {
                return Err(error(format!(
                    "loser must be 'X' or 'O', not {}",
                    args::describe(&loser)
                )))
            }
        };
        self.inner.forfeit(loser, cause).map_err(error)
    }

    /// The start code of the game's start (see `new`), or `""` when the
    /// game starts where its game does.
    #[wasm_bindgen(js_name = startCode)]
    pub fn start_code(&self) -> String {
        let start = self.inner.start_setup();
        let usual = Setup::start(start.variant, start.map.clone());
        // The squares as a set, one bit each (100 squares at most): a sort
        // would add its code to the page's module.
        let set = |squares: &[crate::square::Square]| {
            squares.iter().fold(0u128, |m, sq| m | 1 << sq.index())
        };
        let key = |s: &Setup| (set(&s.black), set(&s.white), s.side, s.taken);
        if key(&start) == key(&usual) {
            String::new()
        } else {
            startcode::encode(&start)
        }
    }

    /// The share code of the game's map.
    #[wasm_bindgen(js_name = mapCode)]
    pub fn map_code(&self) -> String {
        sharecode::encode(self.inner.map())
    }
}

/// The Reversi-family variant `value` names; a game of another engine is
/// refused with the class that plays it.
fn variant(name: &str, value: &JsValue) -> Result<Variant, JsError> {
    let text = args::short_string(value, MAX_NAME_CHARS);
    let game = text.as_deref().and_then(crate::games::by_id);
    if let Some(game) = game {
        return game.engine.variant().ok_or_else(|| {
            error(format!(
                "{name} '{}' is played with BlocsGame, not Game",
                game.id
            ))
        });
    }
    let ids: Vec<String> = crate::games::GAMES
        .iter()
        .filter(|g| g.engine.variant().is_some())
        .map(|g| format!("'{}'", g.id))
        .collect();
    let (last, rest) = ids.split_last().expect("the catalogue has Reversi games");
    Err(error(format!(
        "{name} must be {} or {last}, not {}",
        rest.join(", "),
        args::describe(value)
    )))
}

fn piece_name(p: Option<Piece>) -> &'static str {
    match p {
        Some(Piece::Wall) => "wall",
        Some(Piece::Bonus) => "bonus",
        Some(Piece::Joker) => "joker",
        None => "empty",
    }
}

fn parse_piece(value: &JsValue) -> Result<Option<Piece>, JsError> {
    match args::short_string(value, MAX_NAME_CHARS).as_deref() {
        Some("wall") => Ok(Some(Piece::Wall)),
        Some("bonus") => Ok(Some(Piece::Bonus)),
        Some("joker") => Ok(Some(Piece::Joker)),
        Some("empty" | "erase") => Ok(None),
        _ => Err(error(format!(
            "piece must be 'wall', 'bonus', 'joker' or 'empty', not {}",
            args::describe(value)
        ))),
    }
}

/// A map being edited, with the limits agreed for it. Every change goes
/// through the rules' own checks, so a refusal carries the reason.
#[wasm_bindgen]
pub struct MapDraft {
    map: Map,
    limits: Limits,
}

impl MapDraft {
    /// Outer `(x, y)`, each a whole number from 0 to the outer side less one.
    fn cell(&self, x: &JsValue, y: &JsValue) -> Result<(u32, u32), JsError> {
        let last = self.map.side() - 1;
        Ok((whole("x", x, 0..=last)?, whole("y", y, 0..=last)?))
    }

    /// A count of pieces or a limit: no map holds more pieces than squares.
    fn count(name: &str, value: &JsValue, size: u32) -> Result<u32, JsError> {
        whole(name, value, 0..=(size + 2) * (size + 2))
    }
}

#[wasm_bindgen]
impl MapDraft {
    /// An empty map of inner side `size` (6, 8 or 10), with the default
    /// limits (8 of each).
    #[wasm_bindgen(constructor)]
    pub fn new(size: JsValue) -> Result<MapDraft, JsError> {
        Ok(MapDraft {
            map: Map::empty(args::size("size", &size)?).map_err(error)?,
            limits: Limits::default(),
        })
    }

    /// The map of a share code, with limits raised where it holds more.
    #[wasm_bindgen(js_name = fromCode)]
    pub fn from_code(code: JsValue) -> Result<MapDraft, JsError> {
        let map = sharecode::decode(&string("code", &code, MAX_CODE_CHARS)?).map_err(error)?;
        let c = map.counts();
        let d = Limits::default();
        let limits = Limits {
            walls: d.walls.max(c.walls),
            bonuses: d.bonuses.max(c.bonuses),
            jokers: d.jokers.max(c.jokers),
        };
        Ok(MapDraft { map, limits })
    }

    /// A random map with the given numbers of pieces, from `seed` (a whole
    /// number below 2^53 or a BigInt below 2^64).
    pub fn random(
        size: JsValue,
        walls: JsValue,
        bonuses: JsValue,
        jokers: JsValue,
        seed: JsValue,
    ) -> Result<MapDraft, JsError> {
        let mut draft = MapDraft::new(size)?;
        let n = draft.map.size();
        let counts = Counts {
            walls: MapDraft::count("walls", &walls, n)?,
            bonuses: MapDraft::count("bonuses", &bonuses, n)?,
            jokers: MapDraft::count("jokers", &jokers, n)?,
        };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(args::seed("seed", &seed)?);
        draft.map = Map::random(n, counts, &mut rng).map_err(error)?;
        draft.limits = Limits {
            walls: draft.limits.walls.max(counts.walls),
            bonuses: draft.limits.bonuses.max(counts.bonuses),
            jokers: draft.limits.jokers.max(counts.jokers),
        };
        Ok(draft)
    }

    /// The share code.
    pub fn code(&self) -> String {
        sharecode::encode(&self.map)
    }

    /// Inner side.
    pub fn size(&self) -> u32 {
        self.map.size()
    }

    /// `(size + 2)^2` characters over the outer grid: `.`, `#`, `+`, `*`.
    pub fn cells(&self) -> String {
        let side = self.map.side();
        (0..side * side)
            .map(|i| match self.map.get(i % side, i / side) {
                Some(Piece::Wall) => '#',
                Some(Piece::Bonus) => '+',
                Some(Piece::Joker) => '*',
                None => '.',
            })
            .collect()
    }

    /// The piece at outer `(x, y)`: `wall`, `bonus`, `joker` or `empty`.
    pub fn get(&self, x: JsValue, y: JsValue) -> Result<String, JsError> {
        let (x, y) = self.cell(&x, &y)?;
        Ok(piece_name(self.map.get(x, y)).to_string())
    }

    /// Puts `piece` (`wall`, `bonus`, `joker`, or `empty` to erase) at outer
    /// `(x, y)`; throws the reason when the rules or the limits refuse.
    pub fn set(&mut self, x: JsValue, y: JsValue, piece: JsValue) -> Result<(), JsError> {
        let (x, y) = self.cell(&x, &y)?;
        let piece = parse_piece(&piece)?;
        self.map.set(x, y, piece, &self.limits).map_err(error)
    }

    /// Why `piece` may not go at outer `(x, y)`, or `undefined` when it may.
    pub fn refusal(
        &self,
        x: JsValue,
        y: JsValue,
        piece: JsValue,
    ) -> Result<Option<String>, JsError> {
        let (x, y) = self.cell(&x, &y)?;
        let piece = parse_piece(&piece)?;
        let mut probe = self.map.clone();
        Ok(probe
            .set(x, y, piece, &self.limits)
            .err()
            .map(|e| e.to_string()))
    }

    /// Removes every piece.
    pub fn clear(&mut self) {
        // Not expect(): the error's Debug would stay in the page's wasm.
        self.map = Map::empty(self.map.size())
            .unwrap_or_else(|_| unreachable!("the draft's size is supported"));
    }

    /// `{ walls, bonuses, jokers }` placed so far.
    pub fn counts(&self) -> Result<JsValue, JsError> {
        serde_wasm_bindgen::to_value(&self.map.counts()).map_err(error)
    }

    /// `{ walls, bonuses, jokers }`: the limits in force.
    pub fn limits(&self) -> Result<JsValue, JsError> {
        serde_wasm_bindgen::to_value(&self.limits).map_err(error)
    }

    /// Agrees new limits, each a whole number from 0 to the number of
    /// squares; refused when the map already holds more.
    #[wasm_bindgen(js_name = setLimits)]
    pub fn set_limits(
        &mut self,
        walls: JsValue,
        bonuses: JsValue,
        jokers: JsValue,
    ) -> Result<(), JsError> {
        let n = self.map.size();
        let limits = Limits {
            walls: MapDraft::count("walls", &walls, n)?,
            bonuses: MapDraft::count("bonuses", &bonuses, n)?,
            jokers: MapDraft::count("jokers", &jokers, n)?,
        };
        self.map.check(&limits).map_err(error)?;
        self.limits = limits;
        Ok(())
    }
}

/// The ready-made maps (`src/presets.rs`), each size's default first:
/// `[{ id, name, description, size, code }]`.
#[wasm_bindgen]
pub fn presets() -> Result<JsValue, JsError> {
    serde_wasm_bindgen::to_value(crate::presets::PRESETS).map_err(error)
}

/// A fresh random seed from the platform's generator.
#[wasm_bindgen(js_name = randomSeed)]
pub fn random_seed() -> Result<u64, JsError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(error)?;
    Ok(u64::from_le_bytes(bytes))
}
