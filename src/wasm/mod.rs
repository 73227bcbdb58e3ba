//! The JavaScript API: a thin translation of the rules core for wasm-bindgen.
//! Errors reach JavaScript as exceptions carrying the core's messages.

pub mod ai;

use serde::Deserialize;
use wasm_bindgen::prelude::*;

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::AnyGame;
use crate::map::{Counts, Limits, Map, Piece};
use crate::rules::Variant;
use crate::{sharecode, transcript};

/// Options for a new game, all optional: `{ variant: "mapello" | "othello" |
/// "reversi", size: 6 | 8 | 10, map: "<share code>", moves: "<transcript>" }`.
#[derive(Default, Deserialize)]
#[serde(default)]
struct GameOptions {
    variant: Option<String>,
    size: Option<u32>,
    map: Option<String>,
    moves: Option<String>,
}

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// Reads an options object, refusing keys it does not know (serde's
/// `deny_unknown_fields` is not enforced for JavaScript objects).
pub(crate) fn read_options<T: for<'de> Deserialize<'de> + Default>(
    value: JsValue,
    known: &[&str],
) -> Result<T, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    if !value.is_object() {
        return Err(js_error("options must be an object"));
    }
    for key in js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).iter() {
        let key = key.as_string().unwrap_or_default();
        if !known.contains(&key.as_str()) {
            return Err(js_error(format!(
                "unknown option '{key}' (known: {})",
                known.join(", ")
            )));
        }
    }
    serde_wasm_bindgen::from_value(value).map_err(js_error)
}

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
}

#[wasm_bindgen]
impl Game {
    /// A new game at the start position on an empty map; `options` may be `undefined`.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<Game, JsError> {
        let options: GameOptions = read_options(options, &["variant", "size", "map", "moves"])?;
        let variant = match options.variant.as_deref() {
            None => Variant::Mapello,
            Some(name) => {
                Variant::parse(name).ok_or_else(|| js_error(format!("unknown variant '{name}'")))?
            }
        };
        let map = match &options.map {
            Some(code) => sharecode::decode(code).map_err(js_error)?,
            None => Map::empty(options.size.unwrap_or(8)).map_err(js_error)?,
        };
        if let Some(size) = options.size.filter(|&s| s != map.size()) {
            return Err(js_error(format!(
                "the map is {0} x {0}, not {size} x {size}",
                map.size()
            )));
        }
        let mut game = Game {
            inner: AnyGame::new(variant, map).map_err(js_error)?,
        };
        if let Some(moves) = &options.moves {
            game.load_moves(moves)?;
        }
        Ok(game)
    }

    /// Everything the board shows, as a plain object (see `Snapshot`).
    pub fn state(&self) -> Result<JsValue, JsError> {
        serde_wasm_bindgen::to_value(&self.inner.snapshot()).map_err(js_error)
    }

    /// Plays a move in notation (`f5`, or `pass` when a pass is forced).
    pub fn play(&mut self, mv: &str) -> Result<(), JsError> {
        let mv = self.inner.parse_move(mv).map_err(js_error)?;
        self.inner.play(mv).map_err(js_error)
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

    /// Replaces the moves by those of a transcript, replayed from the start;
    /// on an error the game is left as it was.
    #[wasm_bindgen(js_name = loadMoves)]
    pub fn load_moves(&mut self, text: &str) -> Result<(), JsError> {
        let moves = transcript::read(text, self.inner.size()).map_err(js_error)?;
        let mut fresh = AnyGame::from_setup(&self.inner.start_setup()).map_err(js_error)?;
        transcript::replay(&mut fresh, &moves).map_err(js_error)?;
        self.inner = fresh;
        Ok(())
    }

    /// Perft from the current position: leaves `depth` plies below (a pass
    /// is a ply); a number, exact below 2^53.
    pub fn perft(&self, depth: u32) -> f64 {
        self.inner.perft(depth) as f64
    }

    /// The share code of the game's map.
    #[wasm_bindgen(js_name = mapCode)]
    pub fn map_code(&self) -> String {
        sharecode::encode(self.inner.map())
    }
}

fn piece_name(p: Option<Piece>) -> &'static str {
    match p {
        Some(Piece::Wall) => "wall",
        Some(Piece::Bonus) => "bonus",
        Some(Piece::Joker) => "joker",
        None => "empty",
    }
}

fn parse_piece(name: &str) -> Result<Option<Piece>, JsError> {
    match name {
        "wall" => Ok(Some(Piece::Wall)),
        "bonus" => Ok(Some(Piece::Bonus)),
        "joker" => Ok(Some(Piece::Joker)),
        "empty" | "erase" => Ok(None),
        _ => Err(js_error(format!("unknown piece '{name}'"))),
    }
}

/// A map being edited, with the limits agreed for it. Every change goes
/// through the rules' own checks, so a refusal carries the reason.
#[wasm_bindgen]
pub struct MapDraft {
    map: Map,
    limits: Limits,
}

#[wasm_bindgen]
impl MapDraft {
    /// An empty map of inner side `size`, with the default limits (8 of each).
    #[wasm_bindgen(constructor)]
    pub fn new(size: u32) -> Result<MapDraft, JsError> {
        Ok(MapDraft {
            map: Map::empty(size).map_err(js_error)?,
            limits: Limits::default(),
        })
    }

    /// The map of a share code, with limits raised where it holds more.
    #[wasm_bindgen(js_name = fromCode)]
    pub fn from_code(code: &str) -> Result<MapDraft, JsError> {
        let map = sharecode::decode(code).map_err(js_error)?;
        let c = map.counts();
        let d = Limits::default();
        let limits = Limits {
            walls: d.walls.max(c.walls),
            bonuses: d.bonuses.max(c.bonuses),
            jokers: d.jokers.max(c.jokers),
        };
        Ok(MapDraft { map, limits })
    }

    /// A random map with the given numbers of pieces, from `seed`.
    pub fn random(
        size: u32,
        walls: u32,
        bonuses: u32,
        jokers: u32,
        seed: u64,
    ) -> Result<MapDraft, JsError> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let counts = Counts {
            walls,
            bonuses,
            jokers,
        };
        let map = Map::random(size, counts, &mut rng).map_err(js_error)?;
        let mut draft = MapDraft::new(size)?;
        draft.limits = Limits {
            walls: draft.limits.walls.max(walls),
            bonuses: draft.limits.bonuses.max(bonuses),
            jokers: draft.limits.jokers.max(jokers),
        };
        draft.map = map;
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
    pub fn get(&self, x: u32, y: u32) -> String {
        piece_name(self.map.get(x, y)).to_string()
    }

    /// Puts `piece` (`wall`, `bonus`, `joker`, or `empty` to erase) at outer
    /// `(x, y)`; throws the reason when the rules or the limits refuse.
    pub fn set(&mut self, x: u32, y: u32, piece: &str) -> Result<(), JsError> {
        let piece = parse_piece(piece)?;
        self.map.set(x, y, piece, &self.limits).map_err(js_error)
    }

    /// Why `piece` may not go at outer `(x, y)`, or `undefined` when it may.
    pub fn refusal(&self, x: u32, y: u32, piece: &str) -> Result<Option<String>, JsError> {
        let piece = parse_piece(piece)?;
        let mut probe = self.map.clone();
        Ok(probe
            .set(x, y, piece, &self.limits)
            .err()
            .map(|e| e.to_string()))
    }

    /// Removes every piece.
    pub fn clear(&mut self) {
        self.map = Map::empty(self.map.size()).expect("the draft's size is supported");
    }

    /// `{ walls, bonuses, jokers }` placed so far.
    pub fn counts(&self) -> Result<JsValue, JsError> {
        serde_wasm_bindgen::to_value(&self.map.counts()).map_err(js_error)
    }

    /// `{ walls, bonuses, jokers }`: the limits in force.
    pub fn limits(&self) -> Result<JsValue, JsError> {
        serde_wasm_bindgen::to_value(&self.limits).map_err(js_error)
    }

    /// Agrees new limits; refused when the map already holds more.
    #[wasm_bindgen(js_name = setLimits)]
    pub fn set_limits(&mut self, walls: u32, bonuses: u32, jokers: u32) -> Result<(), JsError> {
        let limits = Limits {
            walls,
            bonuses,
            jokers,
        };
        self.map.check(&limits).map_err(js_error)?;
        self.limits = limits;
        Ok(())
    }
}

/// A fresh random seed from the platform's generator.
#[wasm_bindgen(js_name = randomSeed)]
pub fn random_seed() -> Result<u64, JsError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(js_error)?;
    Ok(u64::from_le_bytes(bytes))
}
