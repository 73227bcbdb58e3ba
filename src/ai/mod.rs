//! The AI: search, exact endgame solver, evaluation, levels and baseline
//! players, generic over the board size and every variant.

pub mod balance;
pub(crate) mod budget;
pub(crate) mod clock;
pub(crate) mod endgame;
pub(crate) mod eval;
mod last_flip;
pub mod levels;
pub mod matches;
pub(crate) mod net;
pub mod players;
pub(crate) mod pos;
pub mod review;
pub(crate) mod search;
pub(crate) mod stability;
pub(crate) mod terrain;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod train;
pub(crate) mod troll;
pub(crate) mod tt;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod tune;
pub(crate) mod weights;

use std::sync::atomic::AtomicBool;

pub use budget::Budget;
pub use levels::{Level, LEVELS, MAX_LEVEL};
pub use players::{Kind, KindError};
pub use search::Options;

use crate::game::AnyGame;
use crate::rules::Variant;
use crate::square::{Move, Square};

/// An exact endgame result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// A best move (a pass when the side to move has none).
    pub best: Move,
    /// The exact final margin for the side to move, bonus points included.
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Solves the current position of `game` exactly (no budget); `None` when
/// `cancel` was raised first.
pub fn solve(game: &AnyGame, cancel: Option<&AtomicBool>) -> Option<Solved> {
    crate::with_game!(game, g => {
        let board = g.board();
        let position = g.position();
        let terrain = terrain::Terrain::new(board);
        let eval = eval::Eval::new(&terrain);
        let mut table = tt::Table::new(tt::bits::SOLVER);
        let mut ctl = budget::Control::new(budget::Budget::default(), cancel);
        let p = pos::Pos::of(position);
        let (score, best) = endgame::Solver::new(&terrain, &mut table, &mut ctl, Some(&eval)).solve(p)?;
        let n = board.map().size();
        Some(Solved {
            best: best.and_then(|sq| Square::from_index(sq, n)).map_or(Move::Pass, Move::Play),
            score: score + pos::Pos::taken_margin(position),
            nodes: ctl.nodes,
        })
    })
}

/// What `bestmove` reports.
#[derive(Clone, Debug, PartialEq)]
pub struct BestMove {
    /// The move to play (a pass when there is none).
    pub best: Move,
    /// Expected final margin for the side to move, in points (exact when
    /// `exact`), bonus points already taken included.
    pub score: f64,
    /// Deepest completed iteration (empties when exact).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line.
    pub pv: Vec<Move>,
    /// True when the score is exact.
    pub exact: bool,
}

/// Searches the current position of `game` with `options`, calling
/// `progress` after each iteration.
pub fn best_move(
    game: &AnyGame,
    options: &search::Options,
    cancel: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&BestMove),
) -> BestMove {
    if game.variant() == Variant::Troll {
        return troll_best_move(game, options, cancel, progress);
    }
    crate::with_game!(game, g => {
        let board = g.board();
        let position = g.position();
        let n = board.map().size();
        let bits = if options.budget.nodes.is_some_and(|k| k < tt::bits::SMALL_BUDGET) {
            tt::bits::SMALL
        } else {
            tt::bits::LARGE
        };
        let mut searcher = search::Searcher::new(board, bits);
        let taken = pos::Pos::taken_margin(position);
        let most = f64::from(pos::Pos::most_margin(position, searcher.terrain().playable));
        let to_move = |sq: u32| Square::from_index(sq, n).map_or(Move::Pass, Move::Play);
        let convert = |a: &search::Analysis| BestMove {
            best: a.best.map_or(Move::Pass, to_move),
            score: (a.score as f64 / eval::SCALE as f64 + taken as f64).clamp(-most, most),
            depth: a.depth,
            nodes: a.nodes,
            pv: a.pv.iter().map(|&sq| to_move(sq)).collect(),
            exact: a.exact,
        };
        let analysis = searcher.search(pos::Pos::of(position), options, cancel, &mut |a| progress(&convert(a)));
        convert(&analysis)
    })
}

/// Nodes a Troll search may spend proving the forced result it found
/// before calling it exact: the search looks only at the moves near the
/// chains, so its forced results are claims until a full-width proof.
const TROLL_VERIFY_NODES: u64 = 200_000;

/// [`best_move`] for Troll. Its score is in discs of chain (the
/// opponent's shortest chain minus the mover's); a forced result, shown as
/// the win's value, is exact once a full-width proof agrees.
fn troll_best_move(
    game: &AnyGame,
    options: &search::Options,
    cancel: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&BestMove),
) -> BestMove {
    crate::with_game!(game, g => {
        let n = g.board().map().size();
        let mut searcher = troll::Searcher::new(g.board(), tt::bits::LARGE);
        let to_move = |sq: u32| Square::from_index(sq, n).map_or(Move::Pass, Move::Play);
        let convert = |f: &troll::Found| BestMove {
            best: f.best.map_or(Move::Pass, to_move),
            score: f64::from(f.score) / f64::from(troll::eval::UNIT),
            depth: f.depth,
            nodes: f.nodes,
            pv: f.pv.iter().map(|&sq| to_move(sq)).collect(),
            exact: false,
        };
        let found = searcher.search(g.position(), options, cancel, &mut |f| progress(&convert(f)));
        let verify = budget::Budget {
            nodes: Some(TROLL_VERIFY_NODES),
            ..budget::Budget::default()
        };
        let exact = troll::is_proven(found.score)
            && searcher
                .prove(g.position(), verify, cancel)
                .is_some_and(|(result, _, _)| result == found.score.signum());
        BestMove { exact, ..convert(&found) }
    })
}

/// A Troll result proven within a budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// A best move (a pass when the side to move has none).
    pub best: Move,
    /// 1: the side to move wins; 0: a draw; -1: it loses.
    pub result: i32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Proves the result of a Troll game's current position within `budget`;
/// `None` when the budget ran out (or `cancel` was raised) first.
pub fn prove_troll(
    game: &AnyGame,
    budget: budget::Budget,
    cancel: Option<&AtomicBool>,
) -> Option<Proof> {
    crate::with_game!(game, g => {
        let n = g.board().map().size();
        let mut searcher = troll::Searcher::new(g.board(), tt::bits::SOLVER);
        let (result, best, nodes) = searcher.prove(g.position(), budget, cancel)?;
        Some(Proof {
            best: best.and_then(|sq| Square::from_index(sq, n)).map_or(Move::Pass, Move::Play),
            result,
            nodes,
        })
    })
}

/// The value of every legal move of `game`'s position, best first, in
/// points for the side to move (bonus points already taken included).
pub fn hints(
    game: &AnyGame,
    options: &search::Options,
    cancel: Option<&AtomicBool>,
) -> Vec<(Move, f64)> {
    if game.variant() == Variant::Troll {
        return crate::with_game!(game, g => {
            let n = g.board().map().size();
            let mut searcher = troll::Searcher::new(g.board(), tt::bits::MEDIUM);
            searcher
                .values(g.position(), options, cancel)
                .into_iter()
                .filter_map(|(sq, v)| {
                    let sq = Square::from_index(sq, n)?;
                    Some((Move::Play(sq), f64::from(v) / f64::from(troll::eval::UNIT)))
                })
                .collect()
        });
    }
    crate::with_game!(game, g => {
        let board = g.board();
        let position = g.position();
        let n = board.map().size();
        let mut searcher = search::Searcher::new(board, tt::bits::MEDIUM);
        let taken = pos::Pos::taken_margin(position) as f64;
        let most = f64::from(pos::Pos::most_margin(position, searcher.terrain().playable));
        searcher
            .values(pos::Pos::of(position), options, cancel)
            .into_iter()
            .filter_map(|(sq, v)| {
                let sq = Square::from_index(sq, n)?;
                Some((Move::Play(sq), (v as f64 / eval::SCALE as f64 + taken).clamp(-most, most)))
            })
            .collect()
    })
}
