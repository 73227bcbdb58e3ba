//! The midgame search: iterative deepening over the shared
//! principal-variation search ([`super::pvs`]: null windows off the PV)
//! with a transposition table, ordered by
//! the table's move then a one-ply evaluation, within a [`Budget`]; close
//! to the end it hands over to the exact [`Solver`]. With the learned
//! evaluation it is selective: ProbCut prunes a node whose shallow search
//! lands far outside the window (the hand-made evaluation's `classic:`
//! players search in full, as they always have).

use std::sync::atomic::AtomicBool;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use std::marker::PhantomData;

use crate::bits::{Bits, Portable, Size, Squares};
use crate::rules::Board;

use super::budget::{Budget, Control};
use super::endgame::{self, Solver, INF};
use super::eval::{Eval, Evaluator, SCALE};
use super::net::patterns::Patterned;
use super::net::{self, Learned, Model};
use super::pos::Pos;
use super::pvs::{pvs, rank, root, Child, Code, Root, Tree};
use super::terrain::Terrain;
use super::tt::{Table, NO_MOVE};

/// `$body` with `$v` naming the fastest copy of the search code this CPU
/// runs ([`Fast`](crate::bits::Fast) where [`crate::bits::fast`] holds, else [`Portable`]):
/// the one place a search chooses, before its first node.
#[cfg(target_arch = "x86_64")]
macro_rules! fastest {
    ($v:ident => $body:expr) => {
        if crate::bits::fast() {
            type $v = crate::bits::Fast;
            $body
        } else {
            type $v = Portable;
            $body
        }
    };
}

/// [`fastest!`] where the code has one copy (wasm32 picks its vectors when
/// it is built), so that the search is compiled once.
#[cfg(not(target_arch = "x86_64"))]
macro_rules! fastest {
    ($v:ident => $body:expr) => {{
        type $v = Portable;
        $body
    }};
}

/// How a search is run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Depth, node and time limits.
    pub budget: Budget,
    /// Solve exactly when at most this many squares are free.
    pub endgame: u32,
    /// Solve for the win, draw or loss alone (a cheaper solve) when more
    /// squares are free than [`Options::endgame`] but at most this many.
    pub wld: u32,
    /// Play the opening book's move where it has the position (8 x 8
    /// Othello; [`super::book`]).
    pub book: bool,
    /// Half-width, in points, of the random amount added to each root
    /// move's value (weak levels); 0 plays the best move.
    pub noise: f64,
    /// Seed of the noise and of the choice between equal moves.
    pub seed: u64,
    /// The share of the root moves this search takes when several
    /// searches, each in its own worker or thread, split them (see
    /// [`Part`]); `None` searches them all.
    pub part: Option<Part>,
    /// Threads an exact or win-draw-loss solve may share
    /// ([`endgame::solve_shared`]; one where the build does not share).
    pub threads: u32,
}

/// One of `count` searches of the same position that split its root moves
/// between them, without sharing memory (the page's workers cannot): each
/// orders every move by a shallow search of its own, the same for all,
/// then keeps every `count`-th from place `index` on, so each gets one of
/// the best. Their iterations over the whole share are reported (an
/// iteration cut short is not), so that [`crate::ai::combine`] compares
/// like with like: the parts' values at the deepest depth all completed.
/// Where the search solves (exactly or for the win alone), every part
/// searches every move: a split exact solve measured no faster than one
/// ([`solve_share`]), and a win's proof holds only for the whole
/// position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// Which share, from 0.
    pub index: u32,
    /// How many searches split the moves, 2 or more.
    pub count: u32,
}

/// The iteration after which a part keeps only its share of the moves:
/// shallow enough to cost little, deep enough to order them.
const SPLIT_DEPTH: u32 = 2;

impl Default for Options {
    fn default() -> Options {
        Options {
            budget: Budget::default(),
            endgame: 0,
            wld: 0,
            book: false,
            noise: 0.0,
            seed: 0,
            part: None,
            threads: 1,
        }
    }
}

/// What a search found. Scores are future margins for the side to move
/// in [`SCALE`] units (exact margins times `SCALE` when `exact`).
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The move to play (`None`: pass, or the game is over).
    pub best: Option<u32>,
    /// Its value.
    pub score: i32,
    /// Deepest completed iteration (the number of empties when exact).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<u32>,
    /// True when the score is the exact final margin.
    pub exact: bool,
}

/// Share of the budget the midgame iterations may use before an exact
/// solve (the solve gets the rest; its move stands only if it finishes).
const PRE_SOLVE_SHARE: f64 = 0.25;
/// Share of the budget after which no new midgame iteration starts: the
/// next one costs several times the last, so one begun later would not
/// finish within the budget.
const ITERATION_SHARE: f64 = 0.4;
/// Share of the budget after which the every-move values of the hints and
/// the review stop deepening: each iteration there searches every root
/// move in full, so costs more than a search's.
const VALUES_SHARE: f64 = 0.3;
/// Deepest midgame iteration before an exact solve.
const PRE_SOLVE_DEPTH: u32 = 8;
/// Depth from which interior nodes sort their moves by evaluation.
const SORT_DEPTH: u32 = 2;

/// Depth from which the selective search tries [`Midgame::probcut`].
const CUT_DEPTH: u32 = 3;
/// How many standard deviations of the shallow search's error a ProbCut
/// margin spans.
const CUT_CONFIDENCE: f64 = 2.0;

/// The spread of the deep value less the shallow one, in points, for a
/// gap of 2 plies at [`SPREAD_EMPTIES`] empties: measured with the learned
/// evaluation (docs/benchmarks.md, "ProbCut's margins").
const SPREAD_AT_GAP_2: f64 = 3.4;
/// Where [`SPREAD_AT_GAP_2`] was measured.
const SPREAD_EMPTIES: f64 = 14.0;
/// How much the spread narrows for each further empty square.
const SPREAD_PER_EMPTY: f64 = 0.042;
/// The narrowest spread the margin assumes, reached at about 59 empties
/// (10 x 10 only).
const SPREAD_FLOOR: f64 = 1.5;
/// How much the spread widens for each ply of gap past 2 (a half more
/// for each further 2 plies).
const SPREAD_PER_PLY: f64 = 0.25;

/// ProbCut's margin, in [`SCALE`] units, for a shallow search `gap` plies
/// short of the deep one with `empties` free squares: [`CUT_CONFIDENCE`]
/// standard deviations of the deep value less the shallow one. An odd gap
/// is skewed by which side moved last, so the shallow search keeps the
/// deep one's parity.
fn cut_margin(empties: u32, gap: u32) -> i32 {
    let base = (SPREAD_AT_GAP_2 - SPREAD_PER_EMPTY * (f64::from(empties) - SPREAD_EMPTIES))
        .max(SPREAD_FLOOR);
    let sd = base * (1.0 + SPREAD_PER_PLY * (f64::from(gap) - 2.0));
    (CUT_CONFIDENCE * sd * f64::from(SCALE)).round() as i32
}

/// The learned evaluation a searcher's midgame search uses, if any.
#[derive(Clone, Debug)]
enum Learning<S: Size> {
    /// None: the hand-made evaluation.
    HandMade,
    /// The network of the board's size (boxed: a network is some 40 KB,
    /// and only the search reads it).
    Network(Box<Learned<S>>),
    /// The pattern tables in the network's place, where they apply (the
    /// open 8 x 8 board, once the program has them: see [`net::patterns`]).
    Tables(Patterned),
}

/// A searcher for one board: its terrain, evaluations and tables, kept
/// between moves of a game.
#[derive(Clone, Debug)]
pub struct Searcher<S: Size> {
    terrain: Terrain<S>,
    /// The hand-made evaluation: the exact solver orders its moves with it,
    /// and the midgame search uses it when there is no learned one.
    eval: Eval<S>,
    learning: Learning<S>,
    tt: Table,
    ett: Table,
}

impl<S: Size> Searcher<S> {
    /// A searcher for `board` with tables of `2^table_bits` entries each,
    /// searching with the learned evaluation where there is one: the
    /// pattern tables where they apply, else the network.
    pub fn new(board: &Board<S>, table_bits: u32) -> Searcher<S> {
        let mut searcher = Searcher::with_model(board, table_bits, net::builtin(S::N));
        searcher.use_tables(board);
        searcher
    }

    /// Puts the built-in pattern tables in the network's place where they
    /// apply to `board` (a searcher with the hand-made evaluation keeps it).
    pub(crate) fn use_tables(&mut self, board: &Board<S>) {
        let Some(tables) = net::patterns_for(board) else {
            return;
        };
        if let Learning::Network(_) = self.learning {
            self.learning = Learning::Tables(Patterned::new(tables));
        }
    }

    /// A searcher with `model`'s learned evaluation (one of `board`'s
    /// size) and no pattern tables, or the hand-made one alone without a
    /// model. With the built-in model: the `net1:` players.
    pub fn with_model(board: &Board<S>, table_bits: u32, model: Option<&Model>) -> Searcher<S> {
        let mut searcher = Searcher::classic(board, table_bits);
        if let Some(m) = model.filter(|m| m.n == S::N) {
            searcher.learning =
                Learning::Network(Box::new(Learned::new(board, &searcher.terrain, m)));
        }
        searcher
    }

    /// A searcher with the hand-made evaluation only (the `classic:` players).
    pub fn classic(board: &Board<S>, table_bits: u32) -> Searcher<S> {
        let terrain = Terrain::new(board);
        let eval = Eval::new(&terrain);
        Searcher {
            terrain,
            eval,
            learning: Learning::HandMade,
            tt: Table::new(table_bits),
            ett: Table::new(table_bits),
        }
    }

    /// The board's terrain (for the tuning tool and game review).
    pub fn terrain(&self) -> &Terrain<S> {
        &self.terrain
    }

    /// The evaluation (for the tuning tool).
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn eval(&self) -> &Eval<S> {
        &self.eval
    }

    /// Exact value and best move of `p`, or `None` when the budget ran out
    /// (for the tuning tool and game review).
    pub fn solve(
        &mut self,
        p: Pos<S>,
        budget: Budget,
        cancel: Option<&AtomicBool>,
    ) -> Option<(i32, Option<u32>, u64)> {
        let mut ctl = Control::new(budget, cancel);
        self.ett.age();
        let solved = Solver::new(&self.terrain, &self.ett, &mut ctl, Some(&self.eval)).solve(p);
        solved.map(|(score, best)| (score, best, ctl.nodes))
    }

    /// Searches `p` within `options`, calling `progress` after each
    /// completed iteration; a win-draw-loss solve takes the bonuses already
    /// taken as even (see [`Searcher::search_taken`]).
    pub fn search(
        &mut self,
        p: Pos<S>,
        options: &Options,
        cancel: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&Analysis),
    ) -> Analysis {
        self.search_taken(p, 0, options, cancel, progress)
    }

    /// [`Searcher::search`] where the bonuses already taken give the side
    /// to move `taken` points of margin: a win-draw-loss solve asks
    /// whether the future margin beats `-taken`.
    pub fn search_taken(
        &mut self,
        p: Pos<S>,
        taken: i32,
        options: &Options,
        cancel: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&Analysis),
    ) -> Analysis {
        let mut ctl = Control::new(options.budget, cancel);
        self.tt.age();
        self.ett.age();
        let moves = self.terrain.moves(p.me, p.opp);
        let empties = self.terrain.empties(p.me, p.opp).count();
        if moves.is_empty() {
            return self.without_moves(p, taken, &mut ctl, options, cancel, progress);
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(options.seed ^ p.key());
        let mut roots: Vec<Root> = Squares(moves)
            .map(|sq| Root {
                sq,
                score: -INF,
                noise: if options.noise > 0.0 {
                    let unit = (rng.next_u32() as f64 / u32::MAX as f64) * 2.0 - 1.0;
                    (unit * options.noise * SCALE as f64).round() as i32
                } else {
                    0
                },
                tiebreak: rng.next_u32(),
            })
            .collect();
        let in_endgame = empties <= options.endgame.max(options.wld);
        let exact = empties <= options.endgame;
        // A part splits the moves of the midgame only (split exact solves
        // take as long as one: see [`solve_share`]), with enough moves to
        // share.
        let part = options
            .part
            .filter(|k| k.count > 1 && roots.len() >= k.count as usize && !in_endgame);
        let max_depth = options.budget.depth.unwrap_or(u32::MAX).max(1);
        let max_depth = max_depth.min(empties);
        let max_depth = if in_endgame {
            max_depth.min(PRE_SOLVE_DEPTH)
        } else {
            max_depth
        };
        let share = if in_endgame {
            PRE_SOLVE_SHARE
        } else {
            ITERATION_SHARE
        };
        let deepen = Deepen {
            max_depth,
            share,
            empties,
            all: options.noise > 0.0,
            part,
        };
        let result = fastest!(V => match &self.learning {
            Learning::Network(l) => Midgame::<_, _, V>::new(&self.terrain, &**l, &mut self.tt, &mut ctl)
                .selective()
                .deepen(p, &mut roots, deepen, progress),
            Learning::Tables(t) => Midgame::<_, _, V>::new(&self.terrain, t, &mut self.tt, &mut ctl)
                .selective()
                .deepen(p, &mut roots, deepen, progress),
            Learning::HandMade => Midgame::<_, _, V>::new(&self.terrain, &self.eval, &mut self.tt, &mut ctl)
                .deepen(p, &mut roots, deepen, progress),
        });
        let mut result = result.unwrap_or_else(|| Analysis {
            best: Some(roots[0].sq),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![roots[0].sq],
            exact: false,
        });
        if in_endgame && !ctl.was_stopped() {
            // A level that solves for the win earlier does so first within
            // its exact range too: the win's proof is cheap, fills the
            // table for the exact solve, and its move stands when the
            // exact solve runs out. Beyond the exact range, a proof that
            // leaves budget goes on to the exact solve with what is left
            // (it took a hundredth of the time on positions of 21 and 22
            // empties, which then played after a depth-8 search).
            let threads = options.threads as usize;
            if threads > 1 && endgame::SHARES {
                self.ett.touch();
            }
            let solve = |ctl: &mut Control, root: &dyn Fn(&mut Solver<'_, '_, S>) -> _| {
                endgame::solve_shared(
                    &self.terrain,
                    &self.ett,
                    ctl,
                    Some(&self.eval),
                    threads,
                    root,
                )
            };
            let mut proved = false;
            if !exact || options.wld > options.endgame {
                let found = solve(&mut ctl, &|s| s.solve_window(p, -taken - 1, -taken + 1));
                if let Some((score, Some(best))) = found {
                    result = proven(result, (score + taken).signum(), best, -taken * SCALE);
                    result.nodes = ctl.nodes;
                    progress(&result);
                    proved = true;
                }
            }
            if (exact || proved) && !ctl.was_stopped() {
                let found = solve(&mut ctl, &|s| s.solve(p));
                if let Some((score, Some(best))) = found {
                    result = Analysis {
                        best: Some(best),
                        score: score * SCALE,
                        depth: empties,
                        nodes: 0,
                        pv: vec![best],
                        exact: true,
                    };
                    result.pv = line(&self.terrain, &self.ett, p, best, S::N * S::N);
                    result.nodes = ctl.nodes;
                    progress(&result);
                }
            }
        }
        result.nodes = ctl.nodes;
        result
    }

    /// The value of every legal move of `p` (best first), each searched
    /// with a full window within `options`' budget shared between them,
    /// and in full (without ProbCut), so a review compares like with like.
    pub fn values(
        &mut self,
        p: Pos<S>,
        options: &Options,
        cancel: Option<&AtomicBool>,
    ) -> Vec<(u32, i32)> {
        let mut ctl = Control::new(options.budget, cancel);
        self.tt.age();
        let moves = self.terrain.moves(p.me, p.opp);
        let mut roots: Vec<Root> = Squares(moves)
            .map(|sq| Root {
                sq,
                score: -INF,
                noise: 0,
                tiebreak: 0,
            })
            .collect();
        let empties = self.terrain.empties(p.me, p.opp).count();
        let max_depth = options.budget.depth.unwrap_or(u32::MAX).max(1).min(empties);
        let mut values = fastest!(V => match &self.learning {
            Learning::Tables(t) => Midgame::<_, _, V>::new(&self.terrain, t, &mut self.tt, &mut ctl)
                .values(p, &mut roots, max_depth),
            Learning::Network(l) => Midgame::<_, _, V>::new(&self.terrain, &**l, &mut self.tt, &mut ctl)
                .values(p, &mut roots, max_depth),
            Learning::HandMade => Midgame::<_, _, V>::new(&self.terrain, &self.eval, &mut self.tt, &mut ctl)
                .values(p, &mut roots, max_depth),
        });
        values.sort_by_key(|&(_, v)| -v);
        values
    }

    /// The search when the side to move has no move: the opponent's
    /// search, negated.
    fn without_moves(
        &mut self,
        p: Pos<S>,
        taken: i32,
        ctl: &mut Control,
        options: &Options,
        cancel: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&Analysis),
    ) -> Analysis {
        if self.terrain.moves(p.opp, p.me).is_empty() {
            return Analysis {
                best: None,
                score: self.terrain.final_score(p.me, p.opp) * SCALE,
                depth: 0,
                nodes: 1,
                pv: Vec::new(),
                exact: true,
            };
        }
        let options = Options {
            noise: 0.0,
            ..*options
        };
        let mut inner = self.search_taken(p.passed(), -taken, &options, cancel, &mut |_| {});
        inner.score = -inner.score;
        inner.best = None;
        inner.nodes += ctl.nodes;
        progress(&inner);
        inner
    }
}

/// The midgame's `found` once a win-draw-loss solve proved `outcome` (1
/// a win, 0 a draw, -1 a loss) with the move `best`: a proven win or draw
/// plays the move that secures it, unless the midgame's move is that move;
/// in a lost position every move loses, so the midgame's move, the one
/// that keeps most, stands. The value is the midgame's, moved onto the
/// proven side of `even` (the future margin that ends in a draw).
fn proven(found: Analysis, outcome: i32, best: u32, even: i32) -> Analysis {
    let score = match outcome {
        1 => found.score.max(even + SCALE),
        0 => even,
        _ => found.score.min(even - SCALE),
    };
    if outcome < 0 || found.best == Some(best) {
        return Analysis { score, ..found };
    }
    Analysis {
        best: Some(best),
        score,
        pv: vec![best],
        ..found
    }
}

/// Keeps `part`'s share of `roots`: ranked as the next iteration will
/// search them, every `count`-th from place `index`.
fn keep_share(roots: &mut Vec<Root>, part: Part) {
    rank(roots);
    let mut rank = 0;
    roots.retain(|_| {
        rank += 1;
        (rank - 1) % part.count == part.index
    });
}

/// The exact value and best move of `p` among `part`'s share of its
/// moves, ranked by a shallow search of the hand-made evaluation (the same
/// in every part): one of a split exact solve. Every part solves the
/// whole position where there are too few moves to share. `None` when the
/// budget ran out. Without a bound shared while they run, a share whose
/// best is worse than the position's proves its moves against its own
/// lower value, about as costly as solving it all: two such workers took
/// 0.96 of one's time on FFO #40-#44 (docs/benchmarks.md), so the levels
/// solve on one.
pub(crate) fn solve_share<S: Size>(
    solver: &mut Solver<'_, '_, S>,
    terrain: &Terrain<S>,
    eval: &Eval<S>,
    p: Pos<S>,
    part: Part,
) -> Option<(i32, Option<u32>)> {
    let moves = terrain.moves(p.me, p.opp);
    if moves.count() < part.count {
        return solver.solve(p);
    }
    let mut roots: Vec<Root> = Squares(moves)
        .map(|sq| {
            let child = p.play(sq, terrain.flips(p.me, p.opp, sq));
            Root {
                sq,
                score: p.gain(sq) * SCALE - eval.shallow(terrain, child, ORDER_DEPTH),
                noise: 0,
                tiebreak: sq,
            }
        })
        .collect();
    keep_share(&mut roots, part);
    solve_among(solver, terrain, p, &roots)
}

/// Depth of the shallow searches that rank the moves of a split solve.
const ORDER_DEPTH: u32 = 4;

/// The exact value and best move of `p` among the moves of `roots` (in
/// their order, best first as [`keep_share`] leaves them), each the margin
/// it leads to: the first solved in full, the others only shown worse
/// unless they are better. `None` when the budget ran out.
fn solve_among<S: Size>(
    solver: &mut Solver<'_, '_, S>,
    terrain: &Terrain<S>,
    p: Pos<S>,
    roots: &[Root],
) -> Option<(i32, Option<u32>)> {
    let mut best: Option<(i32, u32)> = None;
    for r in roots {
        let child = p.play(r.sq, terrain.flips(p.me, p.opp, r.sq));
        let gain = p.gain(r.sq);
        let v = match best {
            None => gain - solver.solve(child)?.0,
            Some((alpha, _)) => {
                let v = gain
                    - solver
                        .solve_window(child, gain - alpha - 1, gain - alpha)?
                        .0;
                if v > alpha {
                    gain - solver.solve_window(child, -INF, gain - alpha)?.0
                } else {
                    v
                }
            }
        };
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, r.sq));
        }
    }
    best.map(|(v, sq)| (v, Some(sq)))
}

/// How far iterative deepening goes.
#[derive(Clone, Copy, Debug)]
struct Deepen {
    /// Deepest iteration.
    max_depth: u32,
    /// Share of the budget after which no new iteration starts.
    share: f64,
    /// Free squares of the root.
    empties: u32,
    /// Give every root move an exact value.
    all: bool,
    /// The share of the moves kept from [`SPLIT_DEPTH`] on, if split.
    part: Option<Part>,
}

/// One midgame search over shared tables with evaluation `E`, its nodes
/// searched by copy `V` of the code ([`Code`]; [`fastest!`] picks it).
struct Midgame<'a, 'c, S: Size, E: Evaluator<S>, V: Code> {
    terrain: &'a Terrain<S>,
    eval: &'a E,
    tt: &'a mut Table,
    ctl: &'a mut Control<'c>,
    /// Prune with [`Midgame::probcut`].
    selective: bool,
    code: PhantomData<V>,
}

impl<'a, 'c, S: Size, E: Evaluator<S>, V: Code> Midgame<'a, 'c, S, E, V> {
    fn new(
        terrain: &'a Terrain<S>,
        eval: &'a E,
        tt: &'a mut Table,
        ctl: &'a mut Control<'c>,
    ) -> Self {
        Midgame {
            terrain,
            eval,
            tt,
            ctl,
            selective: false,
            code: PhantomData,
        }
    }

    /// The same search, pruning with [`Midgame::probcut`].
    fn selective(self) -> Self {
        Midgame {
            selective: true,
            ..self
        }
    }

    /// Iterative deepening from `p`: the last iteration's result, if any
    /// completed (or a partial one found a better move).
    fn deepen(
        &mut self,
        p: Pos<S>,
        roots: &mut Vec<Root>,
        d: Deepen,
        progress: &mut dyn FnMut(&Analysis),
    ) -> Option<Analysis> {
        let mut result: Option<Analysis> = None;
        for depth in 1..=d.max_depth {
            let Some(analysis) = self.root(p, roots, depth, d.all, result.as_ref()) else {
                break;
            };
            let cut = self.ctl.was_stopped();
            if cut && d.part.is_some() {
                break;
            }
            progress(&analysis);
            let done = analysis.exact && depth >= d.empties;
            result = Some(analysis);
            if done || roots.len() == 1 && depth >= 2 && d.part.is_none() {
                break;
            }
            if let Some(part) = d.part.filter(|_| depth == SPLIT_DEPTH) {
                keep_share(roots, part);
            }
            // The next iteration costs several times this one.
            if self.ctl.used() > d.share {
                break;
            }
        }
        result
    }

    /// Every root move's value from the deepest iteration that started
    /// within [`VALUES_SHARE`] of the budget.
    fn values(&mut self, p: Pos<S>, roots: &mut [Root], max_depth: u32) -> Vec<(u32, i32)> {
        let mut values: Vec<(u32, i32)> = Vec::new();
        for depth in 1..=max_depth {
            if self.root(p, roots, depth, true, None).is_none() {
                break;
            }
            values = roots.iter().map(|r| (r.sq, r.score)).collect();
            if self.ctl.used() > VALUES_SHARE {
                break;
            }
        }
        values
    }

    /// One iteration at the root ([`root`]); `all` gives every move an
    /// exact value (for noise and hints), otherwise the others only need
    /// to be worse. `None` when stopped before the first move was
    /// searched, or cut short without beating `previous`.
    fn root(
        &mut self,
        p: Pos<S>,
        roots: &mut [Root],
        depth: u32,
        all: bool,
        previous: Option<&Analysis>,
    ) -> Option<Analysis> {
        let node = At {
            p,
            acc: self.eval.start(p),
        };
        let i = root(self, &node, roots, depth, all, previous.map(|a| a.score))?;
        let sq = roots[i].sq;
        let pv = line(self.terrain, self.tt, p, sq, depth.saturating_sub(1));
        Some(Analysis {
            best: Some(sq),
            score: roots[i].score,
            depth,
            nodes: self.ctl.nodes,
            pv,
            exact: false,
        })
    }

    /// ProbCut: a shallow search of `node` stands in for the deep one when
    /// its value is so far outside the window that the deep value is
    /// outside it too but for a [`CUT_CONFIDENCE`]-sigma chance. `Some`
    /// bound to return, `None` to search in full.
    fn probcut(
        &mut self,
        node: &At<S, E::Acc>,
        depth: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> Option<i32> {
        let p = node.p;
        let empties = self.terrain.empties(p.me, p.opp).count();
        let shallow = depth - 2 * ((depth + 1) / 4).max(1);
        let margin = cut_margin(empties, depth - shallow);
        let high = beta + margin;
        if high < INF / 2 {
            let v = pvs(self, node, shallow, high - 1, high, passed);
            if self.ctl.was_stopped() {
                return Some(0);
            }
            if v >= high {
                return Some(beta);
            }
        }
        let low = alpha - margin;
        if low > -INF / 2 {
            let v = pvs(self, node, shallow, low, low + 1, passed);
            if self.ctl.was_stopped() {
                return Some(0);
            }
            if v <= low {
                return Some(alpha);
            }
        }
        None
    }
}

/// A position as the midgame search carries it: the discs, and the
/// evaluation's sums for them.
struct At<S: Size, A> {
    p: Pos<S>,
    acc: A,
}

/// The Reversi family's part of the shared search: the evaluation at the
/// leaves, the exact margin at the end, ProbCut, and moves ordered by the
/// table's move, then (from [`SORT_DEPTH`]) the evaluation after them,
/// else the opponent's mobility, picked one at a time.
impl<'c, S: Size, E: Evaluator<S>, V: Code> Tree<'c> for Midgame<'_, 'c, S, E, V> {
    const INF: i32 = INF;
    type Node = At<S, E::Acc>;
    type B = S::B;
    type Code = V;

    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn control(&mut self) -> &mut Control<'c> {
        self.ctl
    }

    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn table(&mut self) -> &mut Table {
        self.tt
    }

    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn settle(
        &mut self,
        node: &At<S, E::Acc>,
        depth: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> Result<S::B, i32> {
        let p = node.p;
        if depth == 0 {
            return Err(self.eval.value(self.terrain, p, &node.acc));
        }
        let moves = self.terrain.moves(p.me, p.opp);
        if !moves.is_empty() {
            return Ok(moves);
        }
        if passed || self.terrain.moves(p.opp, p.me).is_empty() {
            return Err(self.terrain.final_score(p.me, p.opp) * SCALE);
        }
        let after = At {
            p: p.passed(),
            acc: self.eval.pass(&node.acc),
        };
        Err(-pvs(self, &after, depth, -beta, -alpha, true))
    }

    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn key(&self, node: &At<S, E::Acc>) -> u64 {
        node.p.key()
    }

    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn prune(
        &mut self,
        node: &At<S, E::Acc>,
        depth: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> Option<i32> {
        if self.selective && depth >= CUT_DEPTH {
            self.probcut(node, depth, alpha, beta, passed)
        } else {
            None
        }
    }

    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn children(
        &mut self,
        node: &At<S, E::Acc>,
        moves: S::B,
        depth: u32,
        tt_move: u8,
    ) -> Vec<Child<S::B>> {
        let (p, acc) = (node.p, &node.acc);
        let mut list: Vec<Child<S::B>> = Vec::with_capacity(moves.count() as usize);
        for sq in Squares(moves) {
            let flips = self.terrain.flips(p.me, p.opp, sq);
            let key = if sq as u8 == tt_move {
                INF
            } else if depth >= SORT_DEPTH {
                let child = p.play(sq, flips);
                p.gain(sq) * SCALE
                    - self
                        .eval
                        .value(self.terrain, child, &self.eval.play(acc, p, sq, flips))
            } else {
                let child = p.play(sq, flips);
                -((self.terrain.moves(child.me, child.opp).count()) as i32)
            };
            list.push((sq, flips, key));
        }
        list
    }

    /// One step of a selection sort: a cut often comes before the list's
    /// end, so the rest is never sorted.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn next(list: &mut [Child<S::B>], i: usize) {
        let mut k = i;
        for j in i + 1..list.len() {
            if list[j].2 > list[k].2 {
                k = j;
            }
        }
        list.swap(i, k);
    }

    fn flips(&self, node: &At<S, E::Acc>, sq: u32) -> S::B {
        self.terrain.flips(node.p.me, node.p.opp, sq)
    }

    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn play(&self, node: &At<S, E::Acc>, &(sq, flips, _): &Child<S::B>) -> At<S, E::Acc> {
        let p = node.p;
        At {
            p: p.play(sq, flips),
            acc: self.eval.play(&node.acc, p, sq, flips),
        }
    }

    /// The bonus taken.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn gain(&self, node: &At<S, E::Acc>, &(sq, _, _): &Child<S::B>) -> i32 {
        node.p.gain(sq) * SCALE
    }
}

/// `best`, then the line a table expects after it, at most `steps`
/// moves further: each position's stored move, while it is legal there.
fn line<S: Size>(
    terrain: &Terrain<S>,
    table: &Table,
    p: Pos<S>,
    best: u32,
    steps: u32,
) -> Vec<u32> {
    let mut pv = vec![best];
    let mut q = p.play(best, terrain.flips(p.me, p.opp, best));
    for _ in 0..steps {
        let moves = terrain.moves(q.me, q.opp);
        let Some(e) = table.probe(q.key()) else {
            break;
        };
        if e.mv == NO_MOVE || !moves.has(e.mv as u32) {
            break;
        }
        let sq = e.mv as u32;
        pv.push(sq);
        q = q.play(sq, terrain.flips(q.me, q.opp, sq));
    }
    pv
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::levels::Level;
    use crate::bits::S8;
    use crate::game::AnyGame;
    use crate::map::{Counts, Map};
    use crate::rules::Variant;

    /// Positions of an Othello game and a map's game after 16 plies of
    /// level-3 play, with both boards.
    fn midgames() -> Vec<(Board<S8>, Pos<S8>)> {
        played(16)
    }

    /// [`midgames`] after `plies` plies (a side without a move passes).
    fn played(plies: u32) -> Vec<(Board<S8>, Pos<S8>)> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let maps = [
            Map::empty(8).unwrap(),
            Map::random(8, Counts::FULL_SET, &mut rng).unwrap(),
        ];
        let mut out = Vec::new();
        for (variant, map) in [Variant::Othello, Variant::Mapello].into_iter().zip(maps) {
            let AnyGame::S8(g) = AnyGame::new(variant, map).unwrap() else {
                unreachable!("an 8 x 8 map")
            };
            let board = g.rules().clone();
            let mut searcher = Searcher::new(&board, 16);
            let mut p = Pos::of(g.position());
            let options = Level::get(3).unwrap().options(8, 1);
            for _ in 0..plies {
                p = match searcher.search(p, &options, None, &mut |_| {}).best {
                    Some(sq) => p.play(sq, searcher.terrain().flips(p.me, p.opp, sq)),
                    None => p.passed(),
                };
            }
            out.push((board, p));
        }
        out
    }

    /// Nodes and score of a depth-`depth` search of `p` with `eval`, its
    /// root moves in the order of [`Searcher::search`] with seed 0.
    fn deepen<E: Evaluator<S8>>(
        terrain: &Terrain<S8>,
        eval: &E,
        p: Pos<S8>,
        depth: u32,
        selective: bool,
    ) -> (u64, i32) {
        let mut tt = Table::new(16);
        let mut ctl = Control::new(Budget::default(), None);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(p.key());
        let mut roots: Vec<Root> = Squares(terrain.moves(p.me, p.opp))
            .map(|sq| Root {
                sq,
                score: -INF,
                noise: 0,
                tiebreak: rng.next_u32(),
            })
            .collect();
        let d = Deepen {
            max_depth: depth,
            share: 1.0,
            empties: terrain.empties(p.me, p.opp).count(),
            all: false,
            part: None,
        };
        let mut search = Midgame::<_, _, Portable>::new(terrain, eval, &mut tt, &mut ctl);
        if selective {
            search = search.selective();
        }
        let score = search.deepen(p, &mut roots, d, &mut |_| {}).unwrap().score;
        (ctl.nodes, score)
    }

    #[test]
    fn probcut_margins_widen_with_the_gap_and_narrow_towards_the_start() {
        assert_eq!(cut_margin(14, 2), (2.0f64 * 3.4 * 16.0).round() as i32);
        assert!(cut_margin(14, 4) > cut_margin(14, 2));
        assert!(cut_margin(40, 2) < cut_margin(20, 2));
        assert_eq!(cut_margin(60, 2), cut_margin(90, 2));
        assert!(cut_margin(90, 2) > 0);
    }

    #[test]
    fn the_selective_search_saves_nodes_and_stays_near_the_full_value() {
        // How much a position saves varies (from a seventh to four fifths
        // of the nodes here); together, over half.
        let (mut all_full, mut all_cut) = (0, 0);
        for (board, p) in midgames() {
            let searcher = Searcher::with_model(&board, 10, net::builtin(8));
            let Learning::Network(learned) = &searcher.learning else {
                panic!("an 8 x 8 network")
            };
            let (full_nodes, full) = deepen(&searcher.terrain, &**learned, p, 10, false);
            let (cut_nodes, cut) = deepen(&searcher.terrain, &**learned, p, 10, true);
            assert!(
                cut_nodes < full_nodes,
                "{cut_nodes} nodes against {full_nodes}"
            );
            assert!((cut - full).abs() <= 4 * SCALE, "{cut} against {full}");
            all_full += full_nodes;
            all_cut += cut_nodes;
        }
        assert!(all_cut * 2 < all_full, "{all_cut} nodes against {all_full}");
    }

    #[test]
    fn only_the_learned_search_is_selective() {
        for (board, p) in midgames() {
            let options = Options {
                budget: Budget {
                    depth: Some(6),
                    ..Budget::default()
                },
                ..Options::default()
            };
            let mut classic = Searcher::classic(&board, 16);
            let nodes = classic.search(p, &options, None, &mut |_| {}).nodes;
            assert_eq!(
                nodes,
                deepen(&classic.terrain, &classic.eval, p, 6, false).0
            );
            let mut learned = Searcher::new(&board, 16);
            let nodes = learned.search(p, &options, None, &mut |_| {}).nodes;
            let g = &learned.terrain;
            // The open board's search has the pattern tables; a map's
            // the network.
            let open = board.map().pieces().next().is_none();
            let (cut, full) = match &learned.learning {
                Learning::Tables(t) if open => {
                    (deepen(g, t, p, 6, true).0, deepen(g, t, p, 6, false).0)
                }
                Learning::Network(l) if !open => (
                    deepen(g, &**l, p, 6, true).0,
                    deepen(g, &**l, p, 6, false).0,
                ),
                _ => panic!("the tables on the open board, the network on a map"),
            };
            assert_eq!(nodes, cut);
            assert_ne!(nodes, full);
        }
    }

    /// Every report of a search of `p` with `options` by a fresh searcher
    /// with the hand-made evaluation (no ProbCut: values at a depth do not
    /// depend on the window), split `count` ways (1: whole).
    fn reports(board: &Board<S8>, p: Pos<S8>, options: Options, count: u32) -> Vec<Vec<Analysis>> {
        (0..count)
            .map(|index| {
                let part = (count > 1).then_some(Part { index, count });
                let mut reports = Vec::new();
                Searcher::classic(board, 16).search(
                    p,
                    &Options { part, ..options },
                    None,
                    &mut |a| reports.push(a.clone()),
                );
                reports
            })
            .collect()
    }

    #[test]
    fn split_searches_find_the_whole_search_value_at_every_depth() {
        let options = Options {
            budget: Budget {
                depth: Some(5),
                ..Budget::default()
            },
            ..Options::default()
        };
        for (board, p) in midgames() {
            let whole = &reports(&board, p, options, 1)[0];
            for count in [2, 3] {
                let parts = reports(&board, p, options, count);
                let mut firsts = Vec::new();
                for depth in 1..=5 {
                    let at = |r: &Vec<Analysis>| r.iter().find(|a| a.depth == depth).cloned();
                    let found: Vec<Analysis> =
                        parts.iter().map(|r| at(r).expect("every depth")).collect();
                    let best = found.iter().map(|a| a.score).max();
                    assert_eq!(
                        best,
                        at(whole).map(|a| a.score),
                        "depth {depth}, {count} parts"
                    );
                    if depth > SPLIT_DEPTH {
                        firsts.extend(found.iter().map(|a| a.best));
                    }
                }
                // After the split, no two parts search the same move.
                let mut deepest: Vec<_> = parts.iter().map(|r| r.last().unwrap().best).collect();
                deepest.dedup();
                assert_eq!(deepest.len(), count as usize);
                assert!(!firsts.is_empty());
            }
        }
    }

    #[test]
    fn split_solves_find_the_whole_solve_together() {
        for (board, p) in played(46) {
            let terrain = Terrain::new(&board);
            let eval = Eval::new(&terrain);
            let solve = |part: Option<Part>| {
                let table = Table::new(16);
                let mut ctl = Control::new(Budget::default(), None);
                let mut solver = Solver::new(&terrain, &table, &mut ctl, Some(&eval));
                match part {
                    None => solver.solve(p),
                    Some(part) => solve_share(&mut solver, &terrain, &eval, p, part),
                }
                .unwrap()
            };
            let (whole, _) = solve(None);
            for count in [2, 3, 64] {
                let parts: Vec<_> = (0..count)
                    .map(|index| solve(Some(Part { index, count })))
                    .collect();
                assert_eq!(
                    parts.iter().map(|&(v, _)| v).max(),
                    Some(whole),
                    "{count} parts"
                );
            }
        }
    }

    #[test]
    fn a_part_searches_every_move_where_it_cannot_split_them() {
        // A win-draw-loss or exact solve due, or too few moves to share:
        // each part is the whole search.
        let (board, p) = played(46).remove(0);
        let moves = Terrain::new(&board).moves(p.me, p.opp).count();
        let wld = Options {
            endgame: 8,
            wld: 14,
            ..Options::default()
        };
        let too_many = Options {
            budget: Budget {
                depth: Some(4),
                ..Budget::default()
            },
            ..Options::default()
        };
        let exact = Options {
            endgame: 14,
            wld: 14,
            ..Options::default()
        };
        for (options, count) in [(wld, 2), (exact, 2), (too_many, moves + 1)] {
            let whole = reports(&board, p, options, 1).remove(0);
            for part in reports(&board, p, options, count) {
                assert_eq!(part, whole);
            }
        }
    }
}
