//! The rule facts the page words and checks but does not decide, in one
//! call: the games and their sizes, what a bonus is worth, the computer's
//! levels, the review's levels and classes, Troll's longest counted chain
//! and its edges, the most moves and points a game has, and the longest
//! move, text and share code the API reads. The page keeps no copy of them
//! (www/js/catalogue.js holds this answer once the wasm module has started).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::args::error;
use super::{MAX_CODE_CHARS, MAX_MOVE_CHARS, MAX_TEXT_CHARS};
use crate::ai::levels::{LEVELS, MAX_LEVEL};
use crate::ai::review::{self, Class};
use crate::ai::troll::eval as troll_eval;
use crate::game::AnyGame;
use crate::games::{Engine, GAMES};
use crate::map::{Map, SIZES};
use crate::rules::Variant;
use crate::rules::BONUS_POINTS;
use crate::transcript::MAX_MOVES;

/// Everything [`catalogue`] answers.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Catalogue {
    games: Vec<GameFacts>,
    bonus_points: i32,
    levels: Levels,
    blocs_levels: BlocsLevels,
    review: ReviewFacts,
    troll_chain_cap: u32,
    troll_edges: super::troll::Edges,
    max_moves: usize,
    max_points: u32,
    max_move_chars: u32,
    max_text_chars: u32,
    max_code_chars: u32,
}

/// One game as the chooser offers it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GameFacts {
    id: &'static str,
    name: &'static str,
    sizes: &'static [u32],
    default_size: u32,
    maps: bool,
    /// `"board"` for the Reversi family's `Game`, `"blocs"` for `BlocsGame`.
    engine: &'static str,
    /// What its review counts (`"points"` or `"chain"`); none for a game
    /// the review does not cover.
    review_unit: Option<&'static str>,
}

/// The computer's levels in the Reversi family.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Levels {
    max: u32,
    /// The levels that think for a time when a player waits, weakest first.
    timed: Vec<TimedLevel>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TimedLevel {
    level: u32,
    time_ms: f64,
}

/// The Blocs computer's levels: the strongest plays perfectly.
#[derive(Serialize)]
struct BlocsLevels {
    max: u32,
}

/// The review's levels and the classes of a loss, mildest first.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReviewFacts {
    default_level: u32,
    levels: Vec<ReviewLevel>,
    classes: Vec<&'static str>,
}

/// What a review level looks at: `depth` plies, exact from `exact` empty squares.
#[derive(Serialize)]
struct ReviewLevel {
    level: u32,
    depth: u32,
    exact: u32,
}

fn game_facts() -> Vec<GameFacts> {
    GAMES
        .iter()
        .map(|g| GameFacts {
            id: g.id,
            name: g.name,
            sizes: g.sizes,
            default_size: g.default_size(),
            maps: g.maps,
            engine: match g.engine {
                Engine::Reversi(_) => "board",
                Engine::Blocs => "blocs",
            },
            review_unit: g
                .engine
                .variant()
                .and_then(|v| review_unit(v, g.default_size())),
        })
        .collect()
}

/// What the review of `variant` counts, read from its rules' type.
fn review_unit(variant: Variant, size: u32) -> Option<&'static str> {
    let game = AnyGame::new(variant, Map::empty(size).ok()?).ok()?;
    Some(review::unit_of(&game).name())
}

/// The most points a side can score, and so the widest margin: a disc
/// on every square of the largest board, each square a bonus.
fn max_points() -> u32 {
    let n = SIZES[SIZES.len() - 1];
    n * n * (1 + BONUS_POINTS.unsigned_abs())
}

fn timed_levels() -> Vec<TimedLevel> {
    (1..=MAX_LEVEL)
        .zip(LEVELS)
        .filter_map(|(level, l)| l.time_ms.map(|time_ms| TimedLevel { level, time_ms }))
        .collect()
}

fn review_facts() -> ReviewFacts {
    let levels = (1..=review::MAX_LEVEL)
        .filter_map(|level| {
            review::Options::level(level).map(|o| ReviewLevel {
                level,
                depth: o.depth,
                exact: o.exact,
            })
        })
        .collect();
    ReviewFacts {
        default_level: review::DEFAULT_LEVEL,
        levels,
        classes: [Class::Inaccuracy, Class::Mistake, Class::Blunder]
            .map(Class::name)
            .to_vec(),
    }
}

/// The rule facts the page reads: `{ games: [{ id, name, sizes,
/// defaultSize, maps, engine, reviewUnit }], bonusPoints, levels: { max,
/// timed: [{ level, timeMs }] }, blocsLevels: { max }, review: {
/// defaultLevel, levels: [{ level, depth, exact }], classes },
/// trollChainCap, trollEdges: { black, white }, maxMoves, maxPoints,
/// maxMoveChars, maxTextChars, maxCodeChars }`.
#[wasm_bindgen]
pub fn catalogue() -> Result<JsValue, JsError> {
    let facts = Catalogue {
        games: game_facts(),
        bonus_points: BONUS_POINTS,
        levels: Levels {
            max: MAX_LEVEL,
            timed: timed_levels(),
        },
        blocs_levels: BlocsLevels {
            max: crate::blocs::ai::MAX_LEVEL,
        },
        review: review_facts(),
        troll_chain_cap: troll_eval::CHAIN_CAP,
        troll_edges: super::troll::edges()?,
        max_moves: MAX_MOVES,
        max_points: max_points(),
        max_move_chars: MAX_MOVE_CHARS,
        max_text_chars: MAX_TEXT_CHARS,
        max_code_chars: MAX_CODE_CHARS,
    };
    facts
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(error)
}
