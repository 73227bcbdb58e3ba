//! The AI: search, exact endgame solver, evaluation, levels and baseline
//! players, generic over the board size and every variant.

pub mod balance;
pub mod book;
pub(crate) mod budget;
pub(crate) mod clock;
pub(crate) mod endgame;
pub mod engine;
pub(crate) mod eval;
pub(crate) mod helpers;
mod last_flip;
pub mod levels;
pub mod matches;
pub(crate) mod net;
pub mod players;
pub(crate) mod pos;
mod pvs;
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
pub use search::{Options, Part};

use crate::game::AnyGame;
use crate::square::Move;
use engine::Engine;

/// An exact result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// A best move (a pass when the side to move has none).
    pub best: Move,
    /// For the side to move: the exact final margin, bonus points
    /// included; in Troll 1 a win, 0 a draw, -1 a loss.
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Solves the current position of `game` exactly within `budget` (the
/// Reversi family's solves need none: [`Budget::default`]); `None` when
/// the budget ran out or `cancel` was raised first.
pub fn solve(game: &AnyGame, budget: Budget, cancel: Option<&AtomicBool>) -> Option<Solved> {
    crate::with_game!(game, g => g.rules().solve(g.position(), budget, cancel))
}

/// [`solve`] on `threads` threads sharing one table (see
/// [`engine::Engine::solve_threads`]).
pub fn solve_threads(
    game: &AnyGame,
    budget: Budget,
    cancel: Option<&AtomicBool>,
    threads: usize,
) -> Option<Solved> {
    crate::with_game!(game, g => g.rules().solve_threads(g.position(), budget, cancel, threads))
}

/// [`solve`] of `part`'s share of the moves, without a budget: the parts
/// together solve the position, its score the best of theirs (a split
/// solve, each part in a worker of its own).
pub fn solve_part(game: &AnyGame, part: Part) -> Option<Solved> {
    crate::with_game!(game, g => g.rules().solve_part(g.position(), part))
}

/// What `bestmove` reports.
#[derive(Clone, Debug, PartialEq)]
pub struct BestMove {
    /// The move to play (a pass when there is none).
    pub best: Move,
    /// For the side to move, in the game's unit (see [`Engine::best_move`]):
    /// the expected final margin in points (exact when `exact`), bonus
    /// points already taken included; in Troll discs of chain.
    pub score: f64,
    /// Deepest completed iteration (empties when exact).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line.
    pub pv: Vec<Move>,
    /// True when the score is exact.
    pub exact: bool,
    /// True when the move is the opening book's (no search: depth and
    /// nodes are 0, the score is the book's value).
    pub book: bool,
}

/// Searches the current position of `game` with `options`, calling
/// `progress` after each iteration.
pub fn best_move(
    game: &AnyGame,
    options: &search::Options,
    cancel: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&BestMove),
) -> BestMove {
    crate::with_game!(game, g => g.rules().best_move(g.position(), options, cancel, progress))
}

/// Into how many [`Part`]s a search of `game`'s position within `options`
/// splits its root moves when `cores` can search at once (1: it does not).
pub fn parts(game: &AnyGame, options: &search::Options, cores: u32) -> u32 {
    crate::with_game!(game, g => g.rules().parts(g.position(), options, cores))
}

/// How many threads a search of `game` within `options` gives its solves
/// when `cores` can run at once ([`engine::Engine::solve_sharing`]).
pub fn solve_sharing(game: &AnyGame, options: &search::Options, cores: u32) -> u32 {
    crate::with_game!(game, g => g.rules().solve_sharing(g.position(), options, cores))
}

/// The move that the parts of a split search (each one's reports after
/// its iterations, in order, as [`best_move`] gives them) find together:
/// the best of their exact values when every part solved its share, else
/// the best of their values at the deepest depth that every part
/// completed; the book's move when the parts played from the book. The
/// nodes are all the parts'. `None` while some part has reported nothing.
pub fn combine(parts: &[Vec<BestMove>]) -> Option<BestMove> {
    let last: Vec<&BestMove> = parts.iter().map(|p| p.last()).collect::<Option<_>>()?;
    let nodes = last.iter().map(|b| b.nodes).sum();
    if let Some(book) = last.iter().find(|b| b.book) {
        return Some((*book).clone());
    }
    let chosen: Vec<&BestMove> = if last.iter().all(|b| b.exact) {
        last
    } else {
        let deepest = |p: &Vec<BestMove>| p.iter().filter(|b| !b.exact).map(|b| b.depth).max();
        let depth = parts.iter().map(deepest).collect::<Option<Vec<u32>>>()?;
        let depth = depth.into_iter().min()?;
        parts
            .iter()
            .map(|p| p.iter().rev().find(|b| !b.exact && b.depth == depth))
            .collect::<Option<_>>()?
    };
    let best = chosen
        .into_iter()
        .reduce(|a, b| if b.score > a.score { b } else { a })?;
    Some(BestMove {
        nodes,
        ..best.clone()
    })
}

/// Whether `game`'s strongest evaluation would add pattern tables the
/// program does not have yet: the page's worker then fetches the file for
/// [`install_patterns`].
pub fn wants_patterns(game: &AnyGame) -> bool {
    crate::with_game!(game, g => g.rules().wants_patterns())
}

/// Makes the pattern tables of the file `bytes` (`src/ai/net/o8.bin`) the
/// program's, for the searches that start after; returns the weights they
/// set, or why the file is refused. Tables installed already stay.
pub fn install_patterns(bytes: &[u8]) -> Result<usize, impl std::error::Error> {
    net::patterns::install(bytes)
}

/// The value of every legal move of `game`'s position, best first, for the
/// side to move in the game's unit (points, bonus points already taken
/// included; in Troll discs of chain).
pub fn hints(
    game: &AnyGame,
    options: &search::Options,
    cancel: Option<&AtomicBool>,
) -> Vec<(Move, f64)> {
    crate::with_game!(game, g => g.rules().hints(g.position(), options, cancel))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    fn report(sq: u32, score: f64, depth: u32, exact: bool) -> BestMove {
        let mv = Move::Play(Square::from_index(sq, 8).unwrap());
        BestMove {
            best: mv,
            score,
            depth,
            nodes: 100,
            pv: vec![mv],
            exact,
            book: false,
        }
    }

    #[test]
    fn hints_value_moves_that_mirror_each_other_alike() {
        let game = AnyGame::new(
            crate::rules::Variant::Othello,
            crate::map::Map::empty(8).unwrap(),
        )
        .unwrap();
        for level in [3, 6] {
            let options = LEVELS[level - 1].options(8, 1);
            let values: Vec<f64> = hints(&game, &options, None)
                .iter()
                .map(|&(_, v)| v)
                .collect();
            assert_eq!(values.len(), 4, "level {level}");
            assert!(
                values.iter().all(|&v| v == values[0]),
                "level {level}: {values:?}"
            );
        }
    }

    #[test]
    fn split_parts_are_compared_at_the_deepest_depth_all_completed() {
        // Part 0 reached depth 5, part 1 only 4: depth 4 decides, where
        // part 1's move is better, though part 0's depth 5 looks better.
        let a = vec![
            report(1, 1.0, 3, false),
            report(2, 2.0, 4, false),
            report(3, 9.0, 5, false),
        ];
        let b = vec![report(4, 0.0, 3, false), report(5, 3.0, 4, false)];
        let found = combine(&[a.clone(), b.clone()]).unwrap();
        assert_eq!((found.best, found.score, found.depth), (b[1].best, 3.0, 4));
        assert_eq!(found.nodes, 200);
        // Exact values win over a part still searching only when all are exact.
        let solved = vec![report(6, -2.0, 20, true)];
        let mixed = combine(&[[a.clone(), solved.clone()].concat(), b.clone()]).unwrap();
        assert_eq!(mixed.depth, 4);
        let both = combine(&[solved.clone(), vec![report(7, -4.0, 20, true)]]).unwrap();
        assert_eq!(
            (both.best, both.score, both.exact),
            (solved[0].best, -2.0, true)
        );
        // Nothing yet from a part: no answer yet.
        assert_eq!(combine(&[a, Vec::new()]), None);
        assert_eq!(combine(&[]), None);
        // The book's move stands.
        let book = BestMove {
            book: true,
            ..report(8, 1.0, 0, false)
        };
        assert_eq!(
            combine(&[vec![book.clone()], vec![book.clone()]])
                .unwrap()
                .best,
            book.best
        );
    }
}
