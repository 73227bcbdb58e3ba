//! The exact endgame solver: the final margin with best play and a best
//! move, for every variant (bonus points included).
//!
//! Null-window searches do nearly all the work. Near the end the search
//! walks the empty squares directly, odd quadrants first and squares next
//! to corners last (one function per count; on open 8 x 8 boards the last
//! move's flips are only counted, by the `last_flip` module). From 5 to 7
//! empties it generates moves without the table. Above that it sorts moves
//! fastest-first (fewest replies), with the transposition table, enhanced
//! transposition cutoffs and a stability cutoff; far from the end it sorts
//! by a shallow search with the evaluation, one move deep from 17 empties
//! and three from 18.
//!
//! A solve may run on several threads sharing the table ([`solve_shared`]):
//! young brothers wait ([`share`]).

use std::marker::PhantomData;
use std::sync::Arc;

use crate::bits::{multiversion, Bits, Portable, Size, Squares};

use super::budget::Control;
use super::eval::Eval;
use super::pos::Pos;
use super::terrain::Terrain;
use super::tt::{Table, NO_MOVE};

mod share;

pub(crate) use share::{solve_shared, SHARES};
use share::{Pool, Split, CUT_CHECK_MIN};

/// Beyond every score.
pub(crate) const INF: i32 = 30_000;

/// Half-width of the first window of an exact solve, in points.
const ASPIRATION: i32 = 3;
/// Depth of the evaluated search that centres the first window.
const GUESS_DEPTH: u32 = 2;
/// Empties up to which the search walks the empty squares directly.
const SMALL: u32 = 4;
/// Empties up to which moves are tried in that fixed order without the table.
const SHALLOW: u32 = 7;
/// Empties from which enhanced transposition cutoffs are tried.
const ETC_MIN: u32 = 10;
/// Empties from which moves are sorted by the evaluation one move ahead
/// instead: below, fastest-first sorts better for its cost
/// (docs/benchmarks.md, "The solver's sorting").
const EVAL_SORT_MIN: u32 = 17;
/// Empties from which it looks three moves ahead.
const EVAL_SORT_DEEPEST: u32 = 18;
/// How far below the best conceivable score alpha must be for the
/// stability cutoff to be worth computing, by empties (Edax's thresholds).
const STABILITY_MARGIN: [i32; 41] = [
    0, 0, 0, 0, 58, 56, 54, 52, 50, 48, 44, 42, 40, 38, 36, 34, 32, 30, 28, 26, 24, 22, 20, 18, 16,
    16, 14, 14, 12, 12, 10, 10, 8, 8, 6, 6, 4, 4, 2, 2, 0,
];

/// A move with the discs it flips and its sort key.
#[derive(Clone, Copy, Debug)]
struct Candidate<B> {
    sq: u32,
    flips: B,
    key: i32,
}

/// A null-window solver for exactly `$n` empty squares, tried in the order
/// given: each move hands the other squares, in order, to `$next`. Written
/// out per count so that the square lists are fixed-size arrays.
macro_rules! small_solver {
    ($(#[$doc:meta])* $name:ident, $n:literal, $next:ident, $([$($rest:literal),*]),*) => {
        multiversion! { impl ['a, 'c, S: Size] Solver ['a, 'c, S,] {
        $(#[$doc])*
        fn $name(&mut self, p: Pos<S>, alpha: i32, sqs: [u32; $n], passed: bool) -> i32 {
            self.ctl.nodes += 1;
            let mut best = -INF;
            for (i, rest) in [$([$(sqs[$rest]),*]),*].into_iter().enumerate() {
                let sq = sqs[i];
                let flips = self.g.flips(p.me, p.opp, sq);
                if flips.is_empty() {
                    continue;
                }
                let gain = p.gain(sq);
                let v = gain - self.$next(p.play(sq, flips), gain - alpha - 1, rest, false);
                if v > best {
                    best = v;
                    if v > alpha {
                        return v;
                    }
                }
            }
            if best > -INF {
                best
            } else if passed {
                self.final_score(p.me, p.opp)
            } else {
                -self.$name(p.passed(), -alpha - 1, sqs, true)
            }
        }
        } }
    };
}

/// The solver for one search; the table and the budget outlive it.
///
/// `V` says which copy of the search runs ([`multiversion`]): the solver is
/// made [`Portable`] and enters the fast copy, where the CPU has it, once
/// for each window.
pub(crate) struct Solver<'a, 'c, S: Size, V = Portable> {
    g: &'a Terrain<S>,
    tt: &'a Table,
    ctl: &'a mut Control<'c>,
    eval: Option<&'a Eval<S>>,
    /// Best conceivable future margin with no stable disc: every playable
    /// square plus every bonus still free.
    ceiling: i32,
    /// Move lists of finished nodes, kept so that a node reuses one
    /// instead of allocating.
    spare: Vec<Vec<Candidate<S::B>>>,
    /// The threads this one shares its nodes with, if any.
    pool: Option<&'a Pool<S>>,
    /// The split node whose move this thread searches, if any.
    context: Option<Arc<Split<S>>>,
    /// The alpha this thread's move of that node is searched against.
    task_alpha: i32,
    /// Set once that node, or one above it, is cut, or that node's alpha
    /// rose above [`Solver::task_alpha`]: the search unwinds.
    aborted: bool,
    version: PhantomData<V>,
}

impl<'a, 'c, S: Size> Solver<'a, 'c, S> {
    /// A solver using `tt` (exact values only: keep it apart from the
    /// midgame table) within `ctl`'s budget; `eval` sorts moves far from the end.
    pub(crate) fn new(
        g: &'a Terrain<S>,
        tt: &'a Table,
        ctl: &'a mut Control<'c>,
        eval: Option<&'a Eval<S>>,
    ) -> Solver<'a, 'c, S> {
        Solver {
            g,
            tt,
            ctl,
            eval,
            ceiling: 0,
            spare: Vec::new(),
            pool: None,
            context: None,
            task_alpha: -INF,
            aborted: false,
            version: PhantomData,
        }
    }

    /// The exact future margin of `p` for the side to move and a best move
    /// (`None` when it must pass or the game is over), or `None` when the
    /// budget ran out first.
    pub(crate) fn solve(&mut self, p: Pos<S>) -> Option<(i32, Option<u32>)> {
        // An aspiration window around a shallow evaluated search. A score
        // outside it is a bound: the next window starts from that bound and
        // reaches twice as far beyond it.
        let Some(eval) = self.eval else {
            return self.solve_window(p, -INF, INF);
        };
        let guess = eval.shallow(self.g, p, GUESS_DEPTH) / super::eval::SCALE;
        let mut reach = ASPIRATION;
        let (mut lo, mut hi) = (guess - reach, guess + reach);
        loop {
            let (score, best) = self.solve_window(p, lo, hi)?;
            reach *= 2;
            if score <= lo && lo > -INF {
                (lo, hi) = ((score - reach).max(-INF), score + 1);
            } else if score >= hi && hi < INF {
                (lo, hi) = (score - 1, (score + reach).min(INF));
            } else {
                return Some((score, best));
            }
        }
    }

    /// As [`Solver::solve`], but the score is exact only inside
    /// (`alpha`, `beta`); outside it is a bound on the right side.
    pub(crate) fn solve_window(
        &mut self,
        p: Pos<S>,
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, Option<u32>)> {
        self.ceiling = self.g.playable.count() as i32 + 3 * p.bonus.count() as i32;
        let n = self.g.empties(p.me, p.opp).count();
        let (score, best) = self.root(p, alpha, beta, n);
        (!self.ctl.was_stopped()).then_some((score, best))
    }

    /// [`Solver::pvs`] from the root, in the fast copy where [`bits::fast`]
    /// allows it.
    ///
    /// [`bits::fast`]: crate::bits::fast
    #[allow(unsafe_code)]
    fn root(&mut self, p: Pos<S>, alpha: i32, beta: i32, n: u32) -> (i32, Option<u32>) {
        #[cfg(target_arch = "x86_64")]
        if crate::bits::fast() {
            let mut fast = self.with_version::<crate::bits::Fast>();
            // SAFETY: `fast` found every feature the fast copy is compiled for.
            let found = unsafe { fast.pvs(p, alpha, beta, n, false) };
            self.spare = fast.spare;
            return found;
        }
        self.pvs(p, alpha, beta, n, false)
    }
}

impl<'c, S: Size, V> Solver<'_, 'c, S, V> {
    /// The same solver (its table, budget and spare lists) as copy `W`.
    #[cfg(target_arch = "x86_64")]
    fn with_version<W>(&mut self) -> Solver<'_, 'c, S, W> {
        Solver {
            g: self.g,
            tt: self.tt,
            ctl: self.ctl,
            eval: self.eval,
            ceiling: self.ceiling,
            spare: std::mem::take(&mut self.spare),
            pool: self.pool,
            context: self.context.clone(),
            task_alpha: self.task_alpha,
            aborted: self.aborted,
            version: PhantomData,
        }
    }

    /// True when the search must unwind: stopped, or its node cut.
    #[inline(always)]
    fn halted(&self) -> bool {
        self.aborted || self.ctl.was_stopped()
    }

    #[inline(always)]
    fn final_score(&self, me: S::B, opp: S::B) -> i32 {
        self.g.final_score(me, opp)
    }

    /// Quadrants holding an odd number of empties, as a set of squares.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn odd_quadrants(&self, empties: S::B) -> S::B {
        let mut odd = S::B::ZERO;
        for q in self.g.quadrants {
            if (empties & q).count() & 1 == 1 {
                odd |= q;
            }
        }
        odd
    }

    /// `set` in the order moves are tried near the end: odd quadrants
    /// first, and within each, squares next to a corner-like one (C- and
    /// X-like) last.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn in_order(&self, set: S::B, odd: S::B) -> impl Iterator<Item = u32> {
        let late = self.g.c_like | self.g.x_like;
        let (a, b) = (set & odd, set & !odd);
        [a & !late, a & late, b & !late, b & late]
            .into_iter()
            .flat_map(Squares)
    }
}

multiversion! { impl ['a, 'c, S: Size] Solver ['a, 'c, S,] {
    /// Full-window search along the principal variation.
    fn pvs(
        &mut self,
        p: Pos<S>,
        mut alpha: i32,
        beta: i32,
        n: u32,
        passed: bool,
    ) -> (i32, Option<u32>) {
        self.ctl.nodes += 1;
        let moves = self.g.moves(p.me, p.opp);
        if moves.is_empty() {
            if passed || self.g.moves(p.opp, p.me).is_empty() {
                return (self.final_score(p.me, p.opp), None);
            }
            let (v, _) = self.pvs(p.passed(), -beta, -alpha, n, true);
            return (-v, None);
        }
        let tt_move = self.tt.probe(p.key()).map_or(NO_MOVE, |e| e.mv);
        let mut list = self.candidates(p, moves);
        self.sort_keys(p, &mut list, n, tt_move);
        let (mut best, mut best_sq) = (-INF, None);
        let alpha0 = alpha;
        let share = self.may_split(n);
        for i in 0..list.len() {
            if share && i > 0 && self.should_split(list.len() - i) {
                let mv = best_sq.map_or(NO_MOVE, |s| s as u8);
                let shared = self.split(p, n, (alpha, beta), true, &list[i..], (best, mv));
                match shared {
                    Some((v, mv)) => {
                        best = v;
                        best_sq = (mv != NO_MOVE).then_some(u32::from(mv));
                    }
                    None => {
                        self.spare.push(list);
                        return (0, best_sq);
                    }
                }
                break;
            }
            let m = pick(&mut list, i);
            let child = p.play(m.sq, m.flips);
            let gain = p.gain(m.sq);
            let v = if i == 0 {
                gain - self.pvs(child, gain - beta, gain - alpha, n - 1, false).0
            } else {
                let v = gain - self.nws(child, gain - alpha - 1, n - 1);
                if v > alpha && v < beta && !self.halted() {
                    gain - self.pvs(child, gain - beta, gain - alpha, n - 1, false).0
                } else {
                    v
                }
            };
            if self.halted() {
                self.spare.push(list);
                return (0, best_sq);
            }
            if v > best {
                best = v;
                best_sq = Some(m.sq);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.spare.push(list);
        let mv = best_sq.map_or(NO_MOVE, |s| s as u8);
        self.tt.store(p.key(), n, alpha0, beta, best, mv);
        (best, best_sq)
    }

    /// Null-window search: is the value above `alpha`? Fail-soft.
    #[inline]
    fn nws(&mut self, p: Pos<S>, alpha: i32, n: u32) -> i32 {
        if n <= SMALL {
            self.small_entry(p, alpha, n)
        } else if n <= SHALLOW {
            self.shallow(p, alpha, n, false)
        } else {
            self.deep(p, alpha, n, false)
        }
    }

    /// The stability cutoff: when the opponent's stable discs cap the
    /// score at or below `alpha`, that cap.
    #[inline]
    fn stability_cutoff(&self, p: Pos<S>, alpha: i32, n: u32) -> Option<i32> {
        let ceiling = self.ceiling;
        let margin = STABILITY_MARGIN[(n as usize).min(STABILITY_MARGIN.len() - 1)];
        if n < 4 || alpha < ceiling - margin {
            return None;
        }
        let cap = ceiling - 2 * self.g.stable(p.opp, p.me).count() as i32;
        (cap <= alpha).then_some(cap)
    }

    /// Up to four empties: tries each empty square in the fixed order.
    fn small_entry(&mut self, p: Pos<S>, alpha: i32, n: u32) -> i32 {
        let empties = self.g.empties(p.me, p.opp);
        if n == 0 {
            self.ctl.nodes += 1;
            return self.final_score(p.me, p.opp);
        }
        let odd = self.odd_quadrants(empties);
        let mut sqs = [0u32; SMALL as usize];
        for (slot, sq) in sqs.iter_mut().zip(self.in_order(empties, odd)) {
            *slot = sq;
        }
        match n {
            1 => self.last(p, sqs[0]),
            2 => self.two(p, alpha, [sqs[0], sqs[1]], false),
            3 => self.three(p, alpha, [sqs[0], sqs[1], sqs[2]], false),
            _ => self.four(p, alpha, sqs, false),
        }
    }

    /// One empty square left: whoever can play there does.
    #[inline]
    fn last(&mut self, p: Pos<S>, sq: u32) -> i32 {
        self.ctl.nodes += 1;
        let (me, opp) = (p.me.count() as i32, p.opp.count() as i32);
        let k = self.g.last_flips(p.me, p.opp, sq) as i32;
        if k > 0 {
            return me + k + 1 - (opp - k) + p.gain(sq);
        }
        let k = self.g.last_flips(p.opp, p.me, sq) as i32;
        if k > 0 {
            return me - k - (opp + k + 1) - p.gain(sq);
        }
        self.final_score(p.me, p.opp)
    }

    /// [`Solver::last`] on a one-square list, for [`small_solver`].
    #[inline]
    fn last_of(&mut self, p: Pos<S>, _alpha: i32, sqs: [u32; 1], _passed: bool) -> i32 {
        self.last(p, sqs[0])
    }

    /// Five to seven empties: moves in the fixed order, no table.
    fn shallow(&mut self, p: Pos<S>, alpha: i32, n: u32, passed: bool) -> i32 {
        self.ctl.nodes += 1;
        let moves = self.g.moves(p.me, p.opp);
        if moves.is_empty() {
            if passed {
                return self.final_score(p.me, p.opp);
            }
            return -self.shallow(p.passed(), -alpha - 1, n, true);
        }
        if let Some(cap) = self.stability_cutoff(p, alpha, n) {
            return cap;
        }
        let odd = self.odd_quadrants(self.g.empties(p.me, p.opp));
        let mut best = -INF;
        for sq in self.in_order(moves, odd) {
            let flips = self.g.flips(p.me, p.opp, sq);
            let child = p.play(sq, flips);
            let gain = p.gain(sq);
            let v = if n - 1 <= SMALL {
                gain - self.small_entry(child, gain - alpha - 1, n - 1)
            } else {
                gain - self.shallow(child, gain - alpha - 1, n - 1, false)
            };
            if v > best {
                best = v;
                if v > alpha {
                    return v;
                }
            }
        }
        best
    }

    /// Eight empties or more: sorted moves, table, cutoffs.
    fn deep(&mut self, p: Pos<S>, alpha: i32, n: u32, passed: bool) -> i32 {
        self.ctl.nodes += 1;
        if self.ctl.stopped() || (n >= CUT_CHECK_MIN && self.cut_above()) {
            return alpha;
        }
        let moves = self.g.moves(p.me, p.opp);
        if moves.is_empty() {
            if passed {
                return self.final_score(p.me, p.opp);
            }
            return -self.deep(p.passed(), -alpha - 1, n, true);
        }
        if let Some(cap) = self.stability_cutoff(p, alpha, n) {
            return cap;
        }
        let key = p.key();
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.tt.probe(key) {
            if e.lower as i32 > alpha {
                return e.lower as i32;
            }
            if e.upper as i32 <= alpha {
                return e.upper as i32;
            }
            tt_move = e.mv;
        }
        let mut list = self.candidates(p, moves);
        if n >= ETC_MIN {
            for m in &list {
                if let Some(e) = self.tt.probe(p.play(m.sq, m.flips).key()) {
                    let gain = p.gain(m.sq);
                    if gain - e.upper as i32 > alpha {
                        self.spare.push(list);
                        return gain - e.upper as i32;
                    }
                }
            }
        }
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        // The table's move first, and the others sorted only when it does
        // not cut.
        let sorted = match list.iter().position(|m| m.sq as u8 == tt_move) {
            Some(i) => {
                list.swap(0, i);
                1
            }
            None => 0,
        };
        let share = self.may_split(n);
        for i in 0..list.len() {
            if i == sorted {
                self.sort_keys(p, &mut list[i..], n, tt_move);
            }
            if share && i > 0 && self.should_split(list.len() - i) {
                let shared =
                    self.split(p, n, (alpha, alpha + 1), false, &list[i..], (best, best_move));
                match shared {
                    Some((v, mv)) => (best, best_move) = (v, mv),
                    None => {
                        self.spare.push(list);
                        return alpha;
                    }
                }
                break;
            }
            let m = if i < sorted {
                list[i]
            } else {
                pick(&mut list, i)
            };
            let gain = p.gain(m.sq);
            let v = gain - self.nws(p.play(m.sq, m.flips), gain - alpha - 1, n - 1);
            if self.halted() {
                self.spare.push(list);
                return alpha;
            }
            if v > best {
                best = v;
                best_move = m.sq as u8;
                if v > alpha {
                    break;
                }
            }
        }
        self.spare.push(list);
        self.tt.store(key, n, alpha, alpha + 1, best, best_move);
        best
    }

    /// The legal moves with their flips (keys not yet set).
    fn candidates(&mut self, p: Pos<S>, moves: S::B) -> Vec<Candidate<S::B>> {
        let mut list = self.spare.pop().unwrap_or_default();
        list.clear();
        for sq in Squares(moves) {
            let flips = self.g.flips(p.me, p.opp, sq);
            list.push(Candidate { sq, flips, key: 0 });
        }
        list
    }

    /// Gives each move of `list` its sort key: the table's move first, then
    /// fastest-first (fewest replies, corners counted twice), then fewer
    /// potential replies, odd quadrants and bonuses; far from the end a
    /// shallow evaluated search decides instead.
    fn sort_keys(&mut self, p: Pos<S>, list: &mut [Candidate<S::B>], n: u32, tt_move: u8) {
        if list.len() < 2 {
            return;
        }
        let g = self.g;
        let empties = g.empties(p.me, p.opp);
        let odd = self.odd_quadrants(empties);
        let eval = self.eval.filter(|_| n >= EVAL_SORT_MIN);
        for m in list.iter_mut() {
            if m.sq as u8 == tt_move {
                m.key = INF;
                continue;
            }
            let child = p.play(m.sq, m.flips);
            if let Some(eval) = eval {
                self.ctl.nodes += 1;
                let depth = if n >= EVAL_SORT_DEEPEST { 3 } else { 1 };
                m.key = -eval.shallow(g, child, depth) + 8 * p.gain(m.sq);
                continue;
            }
            let replies = g.moves(child.me, child.opp);
            let mobility = (replies.count() + (replies & g.corner_like).count()) as i32;
            let child_empties = empties & !S::B::bit(m.sq);
            let potential = (g.with_neighbours(child.opp) & child_empties).count() as i32;
            let corners = (child.opp & g.corner_like).count() as i32;
            let parity = i32::from(odd.has(m.sq));
            m.key = ((64 - mobility) << 15)
                + (corners << 11)
                + ((64 - potential) << 5)
                + (parity << 3)
                + (p.gain(m.sq) << 9);
        }
    }
} }

small_solver!(
    /// Four empties, in the order given.
    four, 4, three, [1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]
);
small_solver!(
    /// Three empties, in the order given.
    three, 3, two, [1, 2], [0, 2], [0, 1]
);
small_solver!(
    /// Two empties, in the order given.
    two, 2, last_of, [1], [0]
);

/// Moves the best remaining candidate to position `i` and returns it.
#[inline]
fn pick<B: Copy>(list: &mut [Candidate<B>], i: usize) -> Candidate<B> {
    let mut best = i;
    for j in i + 1..list.len() {
        if list[j].key > list[best].key {
            best = j;
        }
    }
    list.swap(i, best);
    list[i]
}
