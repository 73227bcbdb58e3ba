//! The AI for the Web Worker: best move with progress, hints, map balance,
//! balanced random maps and the exact solver on OBF positions. The worker
//! cancels a search by terminating, so nothing here shares memory with the
//! page.

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::args::{self, error, string, whole, Options};
use super::{Game, MAX_CODE_CHARS, MAX_TEXT_CHARS};
use crate::ai::balance::{balance, balanced_random_map};
use crate::ai::budget::Budget;
use crate::ai::engine::{MAX_PARTS, MAX_THREADS};
use crate::ai::levels::{Level, MAX_LEVEL};
use crate::ai::review;
use crate::ai::search;
use crate::ai::{self, BestMove, Part};
use crate::caps::{self, MAX_NODES, MAX_SOLVE_EMPTIES, MAX_TIME_MS, SOLVE_EMPTIES};
use crate::errors::escaped;
use crate::game::AnyGame;
use crate::map::Counts;
use crate::rules::Variant;
use crate::{obf, sharecode};

/// The search options: `undefined` or `{ level?: 1..10, timed?: boolean,
/// timeMs?: number, nodes?: number, clockMs?: number, seed?: number | bigint }`;
/// the default is the strongest level, `timed` plays a level with a time
/// (9 and 10) by its time rather than its node budget (a player waits for
/// it), a time or node budget takes the level's place, and `clockMs` (the
/// share of a game clock this move may use) caps the time of whatever
/// budget is chosen, the level's depth and nodes kept.
/// `part: { index, count }` makes the search one of `count` that split
/// the root moves (see `searchParts`); `threads` (1 to 8) lets its solves
/// share the workers waiting in `serveSolves` (see `solveThreads`).
fn search_options(value: JsValue, n: u32) -> Result<(search::Options, Level), JsError> {
    let options = Options::read(
        "options",
        value,
        &[
            "level", "timed", "timeMs", "nodes", "clockMs", "seed", "part", "threads",
        ],
    )?;
    let level = match options.get("level")? {
        Some((value, name)) => whole(&name, &value, 1..=MAX_LEVEL)?,
        None => MAX_LEVEL,
    };
    let timed = match options.get("timed")? {
        Some((value, name)) => value.as_bool().ok_or_else(|| {
            error(format!(
                "{name} must be true or false, not {}",
                args::describe(&value)
            ))
        })?,
        None => false,
    };
    let seed = match options.get("seed")? {
        Some((value, name)) => args::seed(&name, &value)?,
        None => 0,
    };
    let time_ms = match options.get("timeMs")? {
        Some((value, name)) => Some(args::positive(&name, &value, MAX_TIME_MS)?),
        None => None,
    };
    let nodes = match options.get("nodes")? {
        Some((value, name)) => Some(u64::from(whole(&name, &value, 1..=MAX_NODES as u32)?)),
        None => None,
    };
    let clock_ms = match options.get("clockMs")? {
        Some((value, name)) => Some(args::positive(&name, &value, MAX_TIME_MS)?),
        None => None,
    };
    let level = Level::get(level).expect("the level is in range");
    let mut search = if timed {
        level.timed(n, seed)
    } else {
        level.options(n, seed)
    };
    if time_ms.is_some() || nodes.is_some() {
        search.budget = Budget {
            depth: None,
            nodes,
            time_ms,
        };
    }
    if let Some(cap) = clock_ms {
        let time = search.budget.time_ms.map_or(cap, |t| t.min(cap));
        search.budget.time_ms = Some(time);
    }
    if let Some((value, name)) = options.get("part")? {
        search.part = Some(part(&name, value)?);
    }
    search.threads = threads(&options)?;
    Ok((search, level))
}

/// `options.threads`: 1 to [`MAX_THREADS`], 1 when absent.
fn threads(options: &Options) -> Result<u32, JsError> {
    match options.get("threads")? {
        Some((value, name)) => whole(&name, &value, 1..=MAX_THREADS),
        None => Ok(1),
    }
}

/// A search's share of the root moves: `{ index, count }`, `count` from 2
/// to the most searches a move is split into, `index` below it.
fn part(name: &str, value: JsValue) -> Result<Part, JsError> {
    let part = Options::read("options.part", value, &["index", "count"])?;
    let read = |key: &str, range: std::ops::RangeInclusive<u32>| match part.get(key)? {
        Some((value, name)) => whole(&name, &value, range),
        None => Err(error(format!("{name}.{key} is missing"))),
    };
    let count = read("count", 2..=MAX_PARTS)?;
    let index = read("index", 0..=count - 1)?;
    Ok(Part { index, count })
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
    /// The move is the opening book's: no search was made.
    book: bool,
    /// The search's time budget, so the page can show how much is left.
    #[serde(rename = "timeMs")]
    time_ms: Option<f64>,
}

impl Analysis {
    fn of(found: &BestMove, n: u32, time_ms: Option<f64>) -> Analysis {
        Analysis {
            mv: found.best.name(n),
            score: (found.score * 10.0).round() / 10.0,
            depth: found.depth,
            nodes: found.nodes as f64,
            pv: found.pv.iter().map(|m| m.name(n)).collect(),
            exact: found.exact,
            book: found.book,
            time_ms,
        }
    }
}

/// The best move for the side to move: `{ move, score, depth, nodes, pv,
/// exact, book, timeMs }` (score: expected final margin for the side to
/// move, in points; book: the opening book's move, unsearched; timeMs: the
/// search's time budget, `undefined` without one),
/// calling `onProgress` (a function, or `undefined`) with the same shape
/// after each iteration: its move is the best found so far. A finished
/// game is refused: it has no move to find.
#[wasm_bindgen(js_name = bestMove)]
pub fn best_move(game: &Game, options: JsValue, on_progress: JsValue) -> Result<JsValue, JsError> {
    let game = game.inner();
    if let Some(reason) = caps::game_over(game) {
        return Err(error(reason));
    }
    let n = game.size();
    let (options, _) = search_options(options, n)?;
    let time_ms = options.budget.time_ms;
    let on_progress = if on_progress.is_undefined() || on_progress.is_null() {
        None
    } else {
        Some(
            on_progress
                .dyn_into::<js_sys::Function>()
                .map_err(|value| {
                    error(format!(
                        "onProgress must be a function or undefined, not {}",
                        args::describe(&value)
                    ))
                })?,
        )
    };
    let found = ai::best_move(game, &options, None, &mut |progress| {
        if let Some(f) = &on_progress {
            if let Ok(value) = serde_wasm_bindgen::to_value(&Analysis::of(progress, n, time_ms)) {
                // A failing callback must not stop the search.
                let _ = f.call1(&JsValue::NULL, &value);
            }
        }
    });
    serde_wasm_bindgen::to_value(&Analysis::of(&found, n, time_ms)).map_err(error)
}

/// Into how many searches a move of `game` with `options` (as in
/// `bestMove`) is split when `cores` can search at once, each in a worker
/// of its own with `part: { index, count }`: 1 where it is not (below the
/// expert levels, in Troll, from the opening book, in a solve, exact or
/// for the win, or with too few moves to share), else at most `cores`
/// (four at most).
/// `combineMoves` then makes one answer of their reports.
#[wasm_bindgen(js_name = searchParts)]
pub fn search_parts(game: &Game, options: JsValue, cores: u32) -> Result<u32, JsError> {
    for_experts(game, options, |game, options| {
        ai::parts(game, options, cores)
    })
}

/// `count` of a move of `game` with `options` (as in `bestMove`) at an
/// expert level in a game not over; 1 for any other.
fn for_experts(
    game: &Game,
    options: JsValue,
    count: impl FnOnce(&AnyGame, &search::Options) -> u32,
) -> Result<u32, JsError> {
    let game = game.inner();
    let (options, level) = search_options(options, game.size())?;
    if level.time_ms.is_none() || caps::game_over(game).is_some() {
        return Ok(1);
    }
    Ok(count(game, &options))
}

/// How many workers sharing one memory the solves of a move of `game`
/// with `options` (as in `bestMove`) should be given when `cores` can
/// search at once (`threads` in `bestMove`'s options): 1 where the move
/// does not solve (exactly or for the win), below the expert levels, in
/// Troll, or in a finished game; else `cores`, at most 8. Only the
/// threaded workers' module shares them (`solveShares`).
#[wasm_bindgen(js_name = solveThreads)]
pub fn solve_threads(game: &Game, options: JsValue, cores: u32) -> Result<u32, JsError> {
    for_experts(game, options, |game, options| {
        ai::solve_sharing(game, options, cores)
    })
}

/// Whether this module shares a solve between workers on one memory: the
/// threaded workers' module does; the others solve on one.
#[wasm_bindgen(js_name = solveShares)]
pub fn solve_shares() -> bool {
    crate::ai::endgame::SHARES
}

/// Reports a split search may hold: a part's iterations and solves.
const MAX_REPORTS: u32 = 200;

/// Why the parts' reports given to `combineMoves` cannot be used.
fn unusable(why: impl std::fmt::Display) -> JsError {
    error(format!("the parts' reports are unusable: {why}"))
}

/// The items of `value`, an array of at most `most`, named `what`.
fn items(value: &JsValue, what: &str, most: u32) -> Result<js_sys::Array, JsError> {
    if !js_sys::Array::is_array(value) {
        return Err(unusable(format!("{what} is not an array")));
    }
    let array = js_sys::Array::from(value);
    if array.length() > most {
        return Err(unusable(format!("{what} has over {most} items")));
    }
    Ok(array)
}

/// One report of a part, as `bestMove` gives it, read back for `game`;
/// also its time budget, if it has one. Read key by key (the module has
/// no deserializer to spare).
fn report(game: &AnyGame, value: &JsValue) -> Result<(BestMove, Option<f64>), JsError> {
    let get = |key: &str| {
        js_sys::Reflect::get(value, &JsValue::from_str(key))
            .map_err(|_| unusable(format!("a report's {key} cannot be read")))
    };
    let number = |key: &str| {
        get(key)?
            .as_f64()
            .filter(|x| x.is_finite())
            .ok_or_else(|| unusable(format!("a report's {key} is not a number")))
    };
    let flag = |key: &str| {
        get(key)?
            .as_bool()
            .ok_or_else(|| unusable(format!("a report's {key} is not true or false")))
    };
    let mv = |name: JsValue| {
        let name = name
            .as_string()
            .ok_or_else(|| unusable("a report's move is not text"))?;
        game.parse_move(&name)
            .map_err(|_| unusable(format!("'{}' is not a move", escaped(&name))))
    };
    let depth = number("depth")?;
    let nodes = number("nodes")?;
    if depth < 0.0 || nodes < 0.0 {
        return Err(unusable("a report's depth or nodes are below 0"));
    }
    let line = items(&get("pv")?, "a report's pv", MAX_REPORTS)?;
    let time_ms = get("timeMs")?.as_f64();
    let found = BestMove {
        best: mv(get("move")?)?,
        score: number("score")?,
        depth: depth as u32,
        nodes: nodes as u64,
        pv: line.iter().map(mv).collect::<Result<_, _>>()?,
        exact: flag("exact")?,
        book: flag("book")?,
    };
    Ok((found, time_ms))
}

/// The answer of a split search of `game` from its parts' reports: an
/// array with, for each part (`part.index` 0, 1, ...), the array of what
/// its `bestMove` reported in order. The best of the parts' values at the
/// deepest depth every part completed; the shape of `bestMove`'s answer,
/// its nodes all the parts'. `undefined` while a part has reported
/// nothing.
#[wasm_bindgen(js_name = combineMoves)]
pub fn combine_moves(game: &Game, parts: JsValue) -> Result<JsValue, JsError> {
    let game = game.inner();
    let n = game.size();
    let parts = items(&parts, "the parts", MAX_PARTS)?;
    if parts.length() == 0 {
        return Err(unusable("there are no parts"));
    }
    let mut time_ms = None;
    let mut moves: Vec<Vec<BestMove>> = Vec::with_capacity(parts.length() as usize);
    for part in parts.iter() {
        let part = items(&part, "a part", MAX_REPORTS)?;
        let mut reports = Vec::with_capacity(part.length() as usize);
        for r in part.iter() {
            let (found, time) = report(game, &r)?;
            time_ms = time_ms.or(time);
            reports.push(found);
        }
        moves.push(reports);
    }
    match ai::combine(&moves) {
        Some(found) => {
            serde_wasm_bindgen::to_value(&Analysis::of(&found, n, time_ms)).map_err(error)
        }
        None => Ok(JsValue::UNDEFINED),
    }
}

/// Makes the bytes of an opening book file (`book/othello8.bin`, which the
/// worker fetches) the book levels 6 and up play 8 x 8 Othello's opening
/// from; returns its positions. A file that is not a book is refused; a
/// second book is ignored.
#[wasm_bindgen(js_name = installBook)]
pub fn install_book(bytes: &[u8]) -> Result<u32, JsError> {
    let book = ai::book::Book::from_bytes(bytes).map_err(error)?;
    let positions = book.len() as u32;
    ai::book::install(book);
    Ok(positions)
}

/// Makes the bytes of a pattern tables file (`net/o8.bin`, which the
/// worker fetches when [`wants_patterns`] says a game needs it) the
/// tables the searches of the open 8 x 8 board add; returns the weights
/// they set. A file that is not a pattern file is refused; a second is
/// ignored.
#[wasm_bindgen(js_name = installPatterns)]
pub fn install_patterns(bytes: &[u8]) -> Result<u32, JsError> {
    let set = ai::install_patterns(bytes).map_err(error)?;
    Ok(set as u32)
}

/// Whether the strongest play of `game` would add pattern tables the
/// module does not have yet (the open 8 x 8 board of the Reversi family).
#[wasm_bindgen(js_name = wantsPatterns)]
pub fn wants_patterns(game: &Game) -> bool {
    ai::wants_patterns(game.inner())
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
    let game = game.inner();
    let n = game.size();
    let (options, _) = search_options(options, n)?;
    let list: Vec<Hint> = ai::hints(game, &options, None)
        .into_iter()
        .map(|(mv, score)| Hint {
            mv: mv.name(n),
            score: (score * 10.0).round() / 10.0,
        })
        .collect();
    serde_wasm_bindgen::to_value(&list).map_err(error)
}

/// The expected final margin for black with good play at the start of
/// the map with this share code (positive: black is favoured).
#[wasm_bindgen(js_name = mapBalance)]
pub fn map_balance(code: JsValue) -> Result<f64, JsError> {
    let map = sharecode::decode(&string("code", &code, MAX_CODE_CHARS)?).map_err(error)?;
    let game = AnyGame::new(Variant::Mapello, map).map_err(error)?;
    Ok(balance(&game))
}

/// As `mapBalance`, from the current position of a game.
#[wasm_bindgen(js_name = gameBalance)]
pub fn game_balance(game: &Game) -> f64 {
    balance(game.inner())
}

/// A balanced random map.
#[derive(Serialize)]
struct Balanced {
    code: String,
    balance: f64,
}

/// A random map whose balance is within 2 points (or the most even of
/// those tried): `{ code, balance }`. `seed` as for `MapDraft.random`;
/// `counts` is `undefined` or `{ walls?, bonuses?, jokers?, size? }`, each
/// count a whole number from 0 to 100, 8 by default, and `size` 6, 8 or 10
/// (8 by default).
#[wasm_bindgen(js_name = balancedRandomMap)]
pub fn balanced_map(seed: JsValue, counts: JsValue) -> Result<JsValue, JsError> {
    let seed = args::seed("seed", &seed)?;
    let options = Options::read("counts", counts, &["walls", "bonuses", "jokers", "size"])?;
    let count = |key: &str| -> Result<u32, JsError> {
        match options.get(key)? {
            Some((value, name)) => whole(&name, &value, 0..=100),
            None => Ok(8),
        }
    };
    let counts = Counts {
        walls: count("walls")?,
        bonuses: count("bonuses")?,
        jokers: count("jokers")?,
    };
    let size = match options.get("size")? {
        Some((value, name)) => whole(&name, &value, 6..=10)?,
        None => 8,
    };
    let (map, v) = balanced_random_map(seed, size, counts).map_err(error)?;
    let out = Balanced {
        code: sharecode::encode(&map),
        balance: (v * 10.0).round() / 10.0,
    };
    serde_wasm_bindgen::to_value(&out).map_err(error)
}

/// What `reviewMove` returns: one move of a game against the best move
/// of its position (see `src/ai/review.rs`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MoveReview {
    index: u32,
    unit: &'static str,
    mover: String,
    played: String,
    played_value: i32,
    best: String,
    best_value: i32,
    played_for_black: i32,
    best_for_black: i32,
    played_result: Option<&'static str>,
    best_result: Option<&'static str>,
    loss: i32,
    class: Option<&'static str>,
    exact: bool,
    depth: u32,
}

/// Reviews move `index` (0 for the first, passes counted) of `game`'s
/// moves: `{ index, unit, mover, played, playedValue, best, bestValue,
/// playedForBlack, bestForBlack, playedResult, bestResult, loss, class,
/// exact, depth }`. Values are
/// whole points, the final margin for the mover (and for black), when
/// `unit` is `"points"`; for Troll (`"chain"`) they are chain steps, a
/// proven win 100 and a proven loss -100 (`src/ai/review.rs`), which
/// `playedResult` and `bestResult` name `"won"` or `"lost"` (else `null`)
/// for the mover, so the page never counts them as steps; `class` is
/// `"inaccuracy"`, `"mistake"`, `"blunder"` or `null`; `depth` is the
/// empty squares when `exact`, else the plies searched. `options` is
/// `undefined` or `{ level?: 1..5 }` (review levels, 3 by default). A page
/// reviews a game one call per move, so it can show progress and stop.
#[wasm_bindgen(js_name = reviewMove)]
pub fn review_move(game: &Game, index: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let options = Options::read("options", options, &["level"])?;
    let level = match options.get("level")? {
        Some((value, name)) => whole(&name, &value, 1..=review::MAX_LEVEL)?,
        None => review::DEFAULT_LEVEL,
    };
    let game = game.inner();
    let moves = game.moves();
    if moves.is_empty() {
        return Err(error("the game has no moves to review"));
    }
    let index = whole("index", &index, 0..=moves.len() as u32 - 1)?;
    let mut before = game.clone();
    while before.moves().len() > index as usize {
        before.undo();
    }
    let played = moves[index as usize];
    let options = review::Options::level(level).expect("the level is in range");
    let r = review::review_move(&before, played, &options, None)
        .map_err(error)?
        .ok_or_else(|| error("the review was stopped"))?;
    let n = game.size();
    let out = MoveReview {
        index,
        unit: r.unit.name(),
        mover: r.mover.letter().to_string(),
        played: r.played.name(n),
        played_value: r.played_value,
        best: r.best.name(n),
        best_value: r.best_value,
        played_for_black: r.for_black(r.played_value),
        best_for_black: r.for_black(r.best_value),
        played_result: r.played_result().map(review::Proven::name),
        best_result: r.best_result().map(review::Proven::name),
        loss: r.loss(),
        class: r.class().map(review::Class::name),
        exact: r.exact,
        depth: r.depth,
    };
    // JSON-compatible, so that no class is `null` as the page stores it.
    out.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(error)
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
/// `options` is `undefined` or `{ maxEmpties?, part?, threads? }`: a
/// position with more empty squares (26 by default, at most 100) is
/// refused, with how long its solve would take; `part: { index, count }`
/// solves that share of the moves only, so that `count` workers solve a
/// position together (its score is the best of theirs, its move that
/// one's); `threads` (1 to 8, not with `part`) shares the solve with the
/// workers waiting in `serveSolves`, in the threaded module.
#[wasm_bindgen]
pub fn solve(position: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let position = string("position", &position, MAX_TEXT_CHARS)?;
    let options = Options::read("options", options, &["maxEmpties", "part", "threads"])?;
    let share = match options.get("part")? {
        Some((value, name)) => Some(part(&name, value)?),
        None => None,
    };
    let threads = threads(&options)?;
    if share.is_some() && threads > 1 {
        return Err(error("options.part and options.threads cannot be combined"));
    }
    let most = match options.get("maxEmpties")? {
        Some((value, name)) => whole(&name, &value, 0..=MAX_SOLVE_EMPTIES)?,
        None => SOLVE_EMPTIES,
    };
    let setup = obf::read(&position).map_err(|e| error(e.in_format("OBF")))?;
    let game = AnyGame::from_setup(&setup)
        .map_err(|e| error(format!("the position cannot be played: {e}")))?;
    if let Some(reason) = caps::game_over(&game) {
        return Err(error(reason));
    }
    let empties = caps::empties(&game);
    if empties > most {
        return Err(error(format!(
            "solve takes at most {most} empty squares and the position has {empties}; \
             options.maxEmpties lifts the limit, but that solve would take {} natively \
             (each empty square more multiplies the time by 3 to 4)",
            caps::solve_time(empties)
        )));
    }
    let solved = match share {
        Some(share) => ai::solve_part(&game, share),
        None => ai::solve_threads(&game, Budget::default(), None, threads as usize),
    }
    .ok_or_else(|| error("the search was stopped"))?;
    let out = Solution {
        best: solved.best.name(game.size()),
        score: solved.score,
        nodes: solved.nodes as f64,
    };
    serde_wasm_bindgen::to_value(&out).map_err(error)
}
