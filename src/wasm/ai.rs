//! The AI for the Web Worker: best move with progress, hints, map balance,
//! balanced random maps and the exact solver on OBF positions. The worker
//! cancels a search by terminating, so nothing here shares memory with the
//! page.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::{read_options, Game};
use crate::ai::balance::{balance, balanced_random_map};
use crate::ai::budget::Budget;
use crate::ai::levels::{Level, MAX_LEVEL};
use crate::ai::search::Options;
use crate::ai::{self, BestMove};
use crate::game::AnyGame;
use crate::map::Counts;
use crate::rules::Variant;
use crate::{obf, sharecode};

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// `{ level?: 1..N, timeMs?: number, nodes?: number, seed?: number }`;
/// the default is the strongest level.
#[derive(Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct SearchOptions {
    level: Option<u32>,
    time_ms: Option<f64>,
    nodes: Option<f64>,
    seed: Option<f64>,
}

const SEARCH_OPTIONS: &[&str] = &["level", "timeMs", "nodes", "seed"];

impl SearchOptions {
    /// The level's options, with a time or node budget in its place when given.
    fn options(&self) -> Result<Options, JsError> {
        let k = self.level.unwrap_or(MAX_LEVEL);
        let level = Level::get(k)
            .ok_or_else(|| js_error(format!("level must be 1 to {MAX_LEVEL}, not {k}")))?;
        let mut options = level.options(self.seed.unwrap_or(0.0) as u64);
        if self.time_ms.is_some() || self.nodes.is_some() {
            options.budget = Budget {
                depth: None,
                nodes: self.nodes.map(|n| n.max(1.0) as u64),
                time_ms: self.time_ms,
            };
        }
        Ok(options)
    }
}

/// What `bestMove` returns and `onProgress` receives.
#[derive(Serialize)]
struct Analysis {
    #[serde(rename = "move")]
    mv: String,
    score: f64,
    depth: u32,
    nodes: f64,
    pv: Vec<String>,
    exact: bool,
}

impl Analysis {
    fn of(found: &BestMove, n: u32) -> Analysis {
        Analysis {
            mv: found.best.name(n),
            score: (found.score * 10.0).round() / 10.0,
            depth: found.depth,
            nodes: found.nodes as f64,
            pv: found.pv.iter().map(|m| m.name(n)).collect(),
            exact: found.exact,
        }
    }
}

/// The best move for the side to move: `{ move, score, depth, nodes, pv,
/// exact }` (score: expected final margin for the side to move, in points),
/// calling `onProgress` with the same shape after each iteration.
#[wasm_bindgen(js_name = bestMove)]
pub fn best_move(
    game: &Game,
    options: JsValue,
    on_progress: Option<js_sys::Function>,
) -> Result<JsValue, JsError> {
    let options: SearchOptions = read_options(options, SEARCH_OPTIONS)?;
    let options = options.options()?;
    let game = game.inner();
    let n = game.size();
    let found = ai::best_move(game, &options, None, &mut |progress| {
        if let Some(f) = &on_progress {
            if let Ok(value) = serde_wasm_bindgen::to_value(&Analysis::of(progress, n)) {
                // A failing callback must not stop the search.
                let _ = f.call1(&JsValue::NULL, &value);
            }
        }
    });
    serde_wasm_bindgen::to_value(&Analysis::of(&found, n)).map_err(js_error)
}

/// One legal move and its value.
#[derive(Serialize)]
struct Hint {
    #[serde(rename = "move")]
    mv: String,
    score: f64,
}

/// The value of every legal move, best first: `[{ move, score }]`, scores
/// as in `bestMove`; `options` as in `bestMove` (the budget is shared).
#[wasm_bindgen]
pub fn hints(game: &Game, options: JsValue) -> Result<JsValue, JsError> {
    let options: SearchOptions = read_options(options, SEARCH_OPTIONS)?;
    let options = options.options()?;
    let game = game.inner();
    let n = game.size();
    let list: Vec<Hint> = ai::hints(game, &options, None)
        .into_iter()
        .map(|(mv, score)| Hint {
            mv: mv.name(n),
            score: (score * 10.0).round() / 10.0,
        })
        .collect();
    serde_wasm_bindgen::to_value(&list).map_err(js_error)
}

/// The expected final margin for black with good play at the start of
/// the map with this share code (positive: black is favoured).
#[wasm_bindgen(js_name = mapBalance)]
pub fn map_balance(code: &str) -> Result<f64, JsError> {
    let map = sharecode::decode(code).map_err(js_error)?;
    let game = AnyGame::new(Variant::Mapello, map).map_err(js_error)?;
    Ok(balance(&game))
}

/// As `mapBalance`, from the current position of a game.
#[wasm_bindgen(js_name = gameBalance)]
pub fn game_balance(game: &Game) -> f64 {
    balance(game.inner())
}

/// `{ walls?, bonuses?, jokers? }`, 8 of each by default.
#[derive(Deserialize)]
#[serde(default)]
struct CountsOptions {
    walls: u32,
    bonuses: u32,
    jokers: u32,
}

impl Default for CountsOptions {
    fn default() -> CountsOptions {
        CountsOptions {
            walls: 8,
            bonuses: 8,
            jokers: 8,
        }
    }
}

/// A balanced random map.
#[derive(Serialize)]
struct Balanced {
    code: String,
    balance: f64,
}

/// A random 8 x 8 map with the given counts whose balance is within 2
/// points (or the most even of those tried): `{ code, balance }`.
#[wasm_bindgen(js_name = balancedRandomMap)]
pub fn balanced_random_map_js(seed: f64, counts: JsValue) -> Result<JsValue, JsError> {
    let c: CountsOptions = read_options(counts, &["walls", "bonuses", "jokers"])?;
    let counts = Counts {
        walls: c.walls,
        bonuses: c.bonuses,
        jokers: c.jokers,
    };
    let (map, v) = balanced_random_map(seed as u64, counts).map_err(js_error)?;
    let out = Balanced {
        code: sharecode::encode(&map),
        balance: (v * 10.0).round() / 10.0,
    };
    serde_wasm_bindgen::to_value(&out).map_err(js_error)
}

/// What `solve` returns.
#[derive(Serialize)]
struct Solution {
    best: String,
    score: i32,
    nodes: f64,
}

/// Solves an OBF position (Othello, as `mapello solve --position` reads
/// it) exactly: `{ best, score, nodes }` (best: a square or `pass`; score:
/// the exact final margin for the side to move). Throws the command line's
/// message for a malformed string or a position that cannot be played.
#[wasm_bindgen]
pub fn solve(position: &str) -> Result<JsValue, JsError> {
    let setup = obf::read(position).map_err(|e| js_error(format!("OBF {e}")))?;
    let game = AnyGame::from_setup(&setup)
        .map_err(|e| js_error(format!("the position cannot be played: {e}")))?;
    let solved = ai::solve(&game, None).ok_or_else(|| js_error("the search was stopped"))?;
    let out = Solution {
        best: solved.best.name(game.size()),
        score: solved.score,
        nodes: solved.nodes as f64,
    };
    serde_wasm_bindgen::to_value(&out).map_err(js_error)
}
