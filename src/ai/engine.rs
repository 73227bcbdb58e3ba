//! What the AI asks of a game beyond its [`Rules`]: a searcher, the move a
//! level plays, the best move and every move's value, the exact result and
//! the greedy baseline (the review of a move: [`super::review::Reviewed`]). Each game's type answers here
//! once: the Reversi family's [`Board`] through the midgame search and the
//! exact solver (`search.rs`, `endgame.rs`), [`Troll`] through its chain
//! search (`troll/`). The AI's entry points in
//! [`crate::ai`] and the players of a match work over this trait.

use std::fmt::Debug;
use std::sync::atomic::AtomicBool;

use rand_core::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::bits::{Bits, Size, Squares};
use crate::position::Position;
use crate::rules::troll::Troll;
use crate::rules::{Board, Rules, BONUS_POINTS};
use crate::square::{Move, Square};
use crate::symmetry;

use super::budget::{Budget, Control};
use super::search::{self, Analysis, Options};
use super::{book, endgame, eval, net, pos::Pos, terrain::Terrain, troll, tt, BestMove, Solved};

/// Which evaluation a searcher uses, where the game has more than one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// The strongest: the pattern tables where they apply, else the
    /// learned network (the levels).
    Best,
    /// The learned network alone (the `net1:` players).
    Network,
    /// The hand-made evaluation (the `classic:` players).
    HandMade,
}

/// A game the AI plays: its rules, and how it is searched.
pub trait Engine<S: Size>: Rules<S> + Sync {
    /// The game's searcher, its tables kept between moves of a game.
    type Searcher: Clone + Debug;

    /// A searcher with tables of `2^table_bits` entries and `evaluation`
    /// where the game has a choice.
    fn searcher(&self, table_bits: u32, evaluation: Evaluation) -> Self::Searcher;

    /// The square a level plays in `pos` (which has a move) within
    /// `options`.
    fn choose(
        &self,
        searcher: &mut Self::Searcher,
        pos: &Position<S>,
        options: &Options,
    ) -> Option<u32>;

    /// The best move of `pos` within `options`, `progress` called after
    /// each iteration.
    fn best_move(
        &self,
        pos: &Position<S>,
        options: &Options,
        cancel: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&BestMove),
    ) -> BestMove;

    /// The value of every legal move of `pos`, best first, in the game's
    /// unit for the side to move.
    fn hints(
        &self,
        pos: &Position<S>,
        options: &Options,
        cancel: Option<&AtomicBool>,
    ) -> Vec<(Move, f64)>;

    /// The exact result of `pos` within `budget`; `None` when the budget
    /// ran out or `cancel` was raised first.
    fn solve(
        &self,
        pos: &Position<S>,
        budget: Budget,
        cancel: Option<&AtomicBool>,
    ) -> Option<Solved>;

    /// [`Engine::solve`] on `threads` threads at once, sharing one table
    /// (on one where the game's solver cannot share its work, or the build
    /// cannot, `endgame::SHARES`); a node budget counts the calling
    /// thread's nodes only.
    fn solve_threads(
        &self,
        pos: &Position<S>,
        budget: Budget,
        cancel: Option<&AtomicBool>,
        _threads: usize,
    ) -> Option<Solved> {
        self.solve(pos, budget, cancel)
    }

    /// The `greedy` baseline's square in `pos`, which has a move.
    fn greedy(&self, pos: &Position<S>, rng: &mut Xoshiro256PlusPlus) -> u32;

    /// Whether the strongest evaluation of this game would add pattern
    /// tables the program does not have yet (the page's worker then
    /// fetches them: [`super::install_patterns`]).
    fn wants_patterns(&self) -> bool {
        false
    }

    /// The exact result of `pos` among `part`'s share of its moves: the
    /// parts together have the position's (the best of their scores);
    /// where the game's solver does not split, each part solves it all.
    fn solve_part(&self, pos: &Position<S>, _part: search::Part) -> Option<Solved> {
        self.solve(pos, Budget::default(), None)
    }

    /// Into how many [`search::Part`]s a search of `pos` within `options` splits
    /// its root moves when `cores` can search at once: 1 where the game's
    /// search does not split, or the position would not gain from it.
    fn parts(&self, _pos: &Position<S>, _options: &Options, _cores: u32) -> u32 {
        1
    }

    /// How many threads, sharing one memory, a search of `pos` within
    /// `options` gives its solves ([`Options::threads`]) when `cores` can
    /// run at once: 1 where the game's solver does not share, or the
    /// search would not solve.
    fn solve_sharing(&self, _pos: &Position<S>, _options: &Options, _cores: u32) -> u32 {
        1
    }
}

/// The most searches a move is split into: past that, the shares are too
/// thin to pay for each search's own ordering and tables.
pub const MAX_PARTS: u32 = 4;

/// The most threads a solve is shared between ([`Options::threads`]).
pub const MAX_THREADS: u32 = 8;

/// A uniformly random square of a non-empty set.
pub(super) fn pick<B: Bits>(set: B, rng: &mut Xoshiro256PlusPlus) -> u32 {
    let k = rng.next_u32() % set.count();
    Squares(set).nth(k as usize).expect("k < count")
}

/// A square of an `n` x `n` board as a move; none is a pass.
fn to_move(sq: Option<u32>, n: u32) -> Move {
    sq.and_then(|sq| Square::from_index(sq, n))
        .map_or(Move::Pass, Move::Play)
}

impl<S: Size> Engine<S> for Board<S> {
    type Searcher = search::Searcher<S>;

    fn searcher(&self, table_bits: u32, evaluation: Evaluation) -> search::Searcher<S> {
        match evaluation {
            Evaluation::Best => search::Searcher::new(self, table_bits),
            Evaluation::Network => {
                search::Searcher::with_model(self, table_bits, crate::ai::net::builtin(S::N))
            }
            Evaluation::HandMade => search::Searcher::classic(self, table_bits),
        }
    }

    fn choose(
        &self,
        searcher: &mut search::Searcher<S>,
        pos: &Position<S>,
        options: &Options,
    ) -> Option<u32> {
        if let Some((sq, _)) = options
            .book
            .then(|| book::lookup(self, pos, options.seed))
            .flatten()
        {
            return Some(sq);
        }
        searcher
            .search_taken(
                Pos::of(pos),
                Pos::taken_margin(pos),
                options,
                None,
                &mut |_| {},
            )
            .best
    }

    /// Scores are expected final margins in points, bonus points already
    /// taken included.
    fn best_move(
        &self,
        pos: &Position<S>,
        options: &Options,
        cancel: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&BestMove),
    ) -> BestMove {
        if let Some((sq, value)) = options
            .book
            .then(|| book::lookup(self, pos, options.seed))
            .flatten()
        {
            let found = BestMove {
                best: to_move(Some(sq), S::N),
                score: f64::from(value),
                depth: 0,
                nodes: 0,
                pv: vec![to_move(Some(sq), S::N)],
                exact: false,
                book: true,
            };
            progress(&found);
            return found;
        }
        let bits = if options
            .budget
            .nodes
            .is_some_and(|k| k < tt::bits::SMALL_BUDGET)
        {
            tt::bits::SMALL
        } else {
            tt::bits::LARGE
        };
        let mut searcher = search::Searcher::new(self, bits);
        let taken = Pos::taken_margin(pos);
        let most = f64::from(Pos::most_margin(pos, searcher.terrain().playable));
        let convert = |a: &Analysis| BestMove {
            best: to_move(a.best, S::N),
            score: (a.score as f64 / eval::SCALE as f64 + taken as f64).clamp(-most, most),
            depth: a.depth,
            nodes: a.nodes,
            pv: a.pv.iter().map(|&sq| to_move(Some(sq), S::N)).collect(),
            exact: a.exact,
            book: false,
        };
        let analysis = searcher.search_taken(Pos::of(pos), taken, options, cancel, &mut |a| {
            progress(&convert(a))
        });
        convert(&analysis)
    }

    fn hints(
        &self,
        pos: &Position<S>,
        options: &Options,
        cancel: Option<&AtomicBool>,
    ) -> Vec<(Move, f64)> {
        let mut searcher = search::Searcher::new(self, tt::bits::MEDIUM);
        let taken = Pos::taken_margin(pos) as f64;
        let most = f64::from(Pos::most_margin(pos, searcher.terrain().playable));
        let values = searcher.values(Pos::of(pos), options, cancel);
        // Moves that are mirror images of one another are one move, each
        // given the best of their values, so that equal moves show equal.
        let symmetries = self.symmetries_of(pos);
        let value_of = |sq: u32| values.iter().find(|&&(s, _)| s == sq).map(|&(_, v)| v);
        values
            .iter()
            .filter_map(|&(sq, v)| {
                let v = symmetries
                    .iter()
                    .filter_map(|&t| value_of(symmetry::image_square(t, S::N, sq)))
                    .fold(v, i32::max);
                let sq = Square::from_index(sq, S::N)?;
                Some((
                    Move::Play(sq),
                    (v as f64 / eval::SCALE as f64 + taken).clamp(-most, most),
                ))
            })
            .collect()
    }

    /// The exact final margin, bonus points included.
    fn solve(
        &self,
        pos: &Position<S>,
        budget: Budget,
        cancel: Option<&AtomicBool>,
    ) -> Option<Solved> {
        self.solve_threads(pos, budget, cancel, 1)
    }

    fn solve_threads(
        &self,
        pos: &Position<S>,
        budget: Budget,
        cancel: Option<&AtomicBool>,
        threads: usize,
    ) -> Option<Solved> {
        let terrain = Terrain::new(self);
        let eval = eval::Eval::new(&terrain);
        let table = tt::Table::new(tt::bits::SOLVER);
        let mut ctl = Control::new(budget, cancel);
        let p = Pos::of(pos);
        if threads > 1 && endgame::SHARES {
            table.touch();
        }
        let (score, best) =
            endgame::solve_shared(&terrain, &table, &mut ctl, Some(&eval), threads, |s| {
                s.solve(p)
            })?;
        Some(Solved {
            best: to_move(best, S::N),
            score: score + Pos::taken_margin(pos),
            nodes: ctl.nodes,
        })
    }

    fn solve_part(&self, pos: &Position<S>, part: search::Part) -> Option<Solved> {
        let terrain = Terrain::new(self);
        let eval = eval::Eval::new(&terrain);
        let table = tt::Table::new(tt::bits::SOLVER);
        let mut ctl = Control::new(Budget::default(), None);
        let mut solver = endgame::Solver::new(&terrain, &table, &mut ctl, Some(&eval));
        let (score, best) = search::solve_share(&mut solver, &terrain, &eval, Pos::of(pos), part)?;
        Some(Solved {
            best: to_move(best, S::N),
            score: score + Pos::taken_margin(pos),
            nodes: ctl.nodes,
        })
    }

    /// The move flipping most discs, counting a bonus as its points.
    fn greedy(&self, pos: &Position<S>, rng: &mut Xoshiro256PlusPlus) -> u32 {
        let value = |sq: u32| {
            let bonus = if pos.bonus.has(sq) { BONUS_POINTS } else { 0 };
            self.flips(pos, sq).count() as i32 + bonus
        };
        let moves = self.moves(pos);
        let best = Squares(moves).map(value).max().expect("moves is not empty");
        let ties = Squares(moves)
            .filter(|&sq| value(sq) == best)
            .fold(S::B::ZERO, |b, sq| b | S::B::bit(sq));
        pick(ties, rng)
    }

    fn wants_patterns(&self) -> bool {
        net::patterns_apply(self) && net::patterns_for(self).is_none()
    }

    /// A midgame search splits, unless the book has the position or
    /// there are too few moves to share; a solve (exact, or for the win)
    /// does not ([`search::Part`]).
    fn parts(&self, pos: &Position<S>, options: &Options, cores: u32) -> u32 {
        let moves = self.moves(pos).count();
        let solving = self.free(pos).count() <= options.endgame.max(options.wld);
        let in_book = options.book && book::lookup(self, pos, options.seed).is_some();
        if solving || in_book {
            return 1;
        }
        cores.min(MAX_PARTS).min(moves).max(1)
    }

    /// The search's exact and win-draw-loss solves share the cores, as
    /// far as [`MAX_THREADS`]: a solve's nodes are shared while they are
    /// searched ([`endgame::solve_shared`]).
    fn solve_sharing(&self, pos: &Position<S>, options: &Options, cores: u32) -> u32 {
        if self.free(pos).count() <= options.endgame.max(options.wld) {
            cores.clamp(1, MAX_THREADS)
        } else {
            1
        }
    }
}

/// Nodes a Troll search may spend proving the forced result it found
/// before calling it exact: the search looks only at the moves near the
/// chains, so its forced results are claims until a full-width proof.
const TROLL_VERIFY_NODES: u64 = 200_000;

impl<S: Size> Engine<S> for Troll<S> {
    type Searcher = troll::Searcher<S>;

    /// Troll has one evaluation.
    fn searcher(&self, table_bits: u32, _evaluation: Evaluation) -> troll::Searcher<S> {
        troll::Searcher::new(self, table_bits)
    }

    fn choose(
        &self,
        searcher: &mut troll::Searcher<S>,
        pos: &Position<S>,
        options: &Options,
    ) -> Option<u32> {
        searcher.search(pos, options, None, &mut |_| {}).best
    }

    /// Scores are in discs of chain (the opponent's shortest chain minus
    /// the mover's); a forced result, shown as the win's value, is exact
    /// once a full-width proof agrees.
    fn best_move(
        &self,
        pos: &Position<S>,
        options: &Options,
        cancel: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&BestMove),
    ) -> BestMove {
        let mut searcher = troll::Searcher::new(self, tt::bits::LARGE);
        let convert = |f: &troll::Found| BestMove {
            best: to_move(f.best, S::N),
            score: f64::from(f.score) / f64::from(troll::eval::UNIT),
            depth: f.depth,
            nodes: f.nodes,
            pv: f.pv.iter().map(|&sq| to_move(Some(sq), S::N)).collect(),
            exact: false,
            book: false,
        };
        let found = searcher.search(pos, options, cancel, &mut |f| progress(&convert(f)));
        let verify = Budget {
            nodes: Some(TROLL_VERIFY_NODES),
            ..Budget::default()
        };
        let exact = troll::is_proven(found.score)
            && searcher
                .prove(pos, verify, cancel)
                .is_some_and(|(result, _, _)| result == found.score.signum());
        BestMove {
            exact,
            ..convert(&found)
        }
    }

    /// Values in discs of chain.
    fn hints(
        &self,
        pos: &Position<S>,
        options: &Options,
        cancel: Option<&AtomicBool>,
    ) -> Vec<(Move, f64)> {
        let mut searcher = troll::Searcher::new(self, tt::bits::MEDIUM);
        searcher
            .values(pos, options, cancel)
            .into_iter()
            .filter_map(|(sq, v)| {
                let sq = Square::from_index(sq, S::N)?;
                Some((Move::Play(sq), f64::from(v) / f64::from(troll::eval::UNIT)))
            })
            .collect()
    }

    /// The result with best play: 1 a win for the side to move, 0 a draw,
    /// -1 a loss, proven by a full-width search.
    fn solve(
        &self,
        pos: &Position<S>,
        budget: Budget,
        cancel: Option<&AtomicBool>,
    ) -> Option<Solved> {
        let mut searcher = troll::Searcher::new(self, tt::bits::SOLVER);
        let (result, best, nodes) = searcher.prove(pos, budget, cancel)?;
        Some(Solved {
            best: to_move(best, S::N),
            score: result,
            nodes,
        })
    }

    fn greedy(&self, pos: &Position<S>, rng: &mut Xoshiro256PlusPlus) -> u32 {
        troll::greedy(self, pos, rng)
    }
}
