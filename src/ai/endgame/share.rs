//! Sharing one solve between threads: young brothers wait. A node far
//! from the end searches its first move alone; if that does not cut, and
//! a thread is idle, its other moves are shared among the threads that
//! come to take them ([`Split`]), and a cut found by any of them stops the
//! others below that node. A thread waiting for the last moves of its node
//! helps with the nodes split below them. Where the helper threads come
//! from: [`crate::ai::helpers`].

use std::sync::atomic::{
    AtomicBool, AtomicI32, AtomicU32, AtomicU64, AtomicUsize, Ordering::Relaxed,
};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::bits::{multiversion, Size};

use super::{Candidate, Solver};
use crate::ai::budget::{Budget, Control};
use crate::ai::eval::Eval;
use crate::ai::helpers;
use crate::ai::pos::Pos;
use crate::ai::terrain::Terrain;
use crate::ai::tt::Table;

/// Whether this build shares a solve between threads: natively, and in
/// the page's threaded workers' module (wasm32 with atomics, whose helpers
/// are other workers: [`helpers`]); the other wasm32 builds have no
/// threads and leave the sharing out.
pub(crate) const SHARES: bool = cfg!(any(not(target_arch = "wasm32"), target_feature = "atomics"));
/// Empties from which a node's moves may be shared among threads.
const SPLIT_MIN: u32 = 12;
/// Empties from which a node looks whether its search is still needed by
/// the node it was split below.
pub(super) const CUT_CHECK_MIN: u32 = 10;

/// What the threads of one solve share: the nodes whose moves are open
/// to all, and when to stop.
pub(crate) struct Pool<S: Size> {
    /// Split nodes with moves not yet taken.
    open: Mutex<Vec<Arc<Split<S>>>>,
    /// How many there are, read without the lock.
    waiting: AtomicUsize,
    /// Threads looking for moves to search.
    idle: AtomicUsize,
    /// Raised when the solve is stopped or over: the helpers' cancel flag.
    stop: AtomicBool,
}

impl<S: Size> Pool<S> {
    fn new() -> Pool<S> {
        Pool {
            open: Mutex::new(Vec::new()),
            waiting: AtomicUsize::new(0),
            idle: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
        }
    }

    fn open(&self) -> MutexGuard<'_, Vec<Arc<Split<S>>>> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes `split` out of the open nodes, if it is there.
    fn close(&self, open: &mut Vec<Arc<Split<S>>>, split: &Arc<Split<S>>) {
        if let Some(i) = open.iter().position(|s| Arc::ptr_eq(s, split)) {
            open.swap_remove(i);
            self.waiting.fetch_sub(1, Relaxed);
        }
    }
}

/// A node whose moves after the first are shared among threads.
pub(super) struct Split<S: Size> {
    p: Pos<S>,
    n: u32,
    beta: i32,
    /// A node of the principal variation: a move that beats alpha within
    /// the window is searched again with the full window.
    pv: bool,
    ceiling: i32,
    /// The node being searched by the thread that split this one.
    parent: Option<Arc<Split<S>>>,
    /// Raised by a move reaching beta: the other moves are not needed.
    cut: AtomicBool,
    /// The node's alpha, read without the lock: a move searched against
    /// a lower one starts again against this one.
    alpha: AtomicI32,
    /// Moves taken and not yet reported.
    busy: AtomicU32,
    state: Mutex<Shares<S>>,
}

/// The moves of a [`Split`] and what they found so far.
struct Shares<S: Size> {
    list: Vec<Candidate<S::B>>,
    next: usize,
    alpha: i32,
    best: i32,
    best_move: u8,
}

impl<S: Size> Split<S> {
    fn shares(&self) -> MutexGuard<'_, Shares<S>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// True when this node or one it was split below is cut.
    fn cut_here_or_above(&self) -> bool {
        self.cut.load(Relaxed) || self.parent.as_ref().is_some_and(|s| s.cut_here_or_above())
    }

    /// True when `other` is one of the nodes this one was split below.
    fn below(&self, other: &Arc<Split<S>>) -> bool {
        self.parent
            .as_ref()
            .is_some_and(|s| Arc::ptr_eq(s, other) || s.below(other))
    }
}

/// A move of a [`Split`], and the alpha it is searched against.
type Share<B> = (Candidate<B>, i32);

/// A move taken from a [`Split`], with the split and the alpha.
type Task<S> = (Arc<Split<S>>, Candidate<<S as Size>::B>, i32);

/// What `root` finds with a solver (its [`Solver::solve`] or
/// [`Solver::solve_window`] of a position), on `threads` threads sharing
/// `tt`: the caller's and up to `threads - 1` helpers ([`helpers::run`]);
/// on the caller's alone where `threads` is 1 or the build does not share
/// ([`SHARES`]). The nodes are all the threads'; a node budget in `ctl`
/// counts the caller's only.
pub(crate) fn solve_shared<S: Size>(
    g: &Terrain<S>,
    tt: &Table,
    ctl: &mut Control<'_>,
    eval: Option<&Eval<S>>,
    threads: usize,
    root: impl FnOnce(&mut Solver<'_, '_, S>) -> Option<(i32, Option<u32>)>,
) -> Option<(i32, Option<u32>)> {
    if threads <= 1 || !SHARES {
        return root(&mut Solver::new(g, tt, ctl, eval));
    }
    let pool = Pool::new();
    let nodes = AtomicU64::new(0);
    let helper = || {
        let mut ctl = Control::new(Budget::default(), Some(&pool.stop));
        let mut helper = Solver::new(g, tt, &mut ctl, eval);
        helper.pool = Some(&pool);
        helper.serve();
        nodes.fetch_add(ctl.nodes, Relaxed);
    };
    let found = helpers::run(threads.saturating_sub(1), &helper, || {
        let mut solver = Solver::new(g, tt, &mut *ctl, eval);
        solver.pool = Some(&pool);
        let found = root(&mut solver);
        pool.stop.store(true, Relaxed);
        found
    });
    ctl.nodes += nodes.into_inner();
    found
}

impl<'a, 'c, S: Size> Solver<'a, 'c, S> {
    /// [`Solver::help`] until the pool stops, in the fast copy where
    /// [`bits::fast`] allows it.
    ///
    /// [`bits::fast`]: crate::bits::fast
    #[allow(unsafe_code)]
    fn serve(&mut self) {
        #[cfg(target_arch = "x86_64")]
        if crate::bits::fast() {
            let mut fast = self.with_version::<crate::bits::Fast>();
            // SAFETY: `fast` found every feature the fast copy is compiled for.
            unsafe { fast.help() };
            return;
        }
        self.help();
    }
}

impl<'c, S: Size, V> Solver<'_, 'c, S, V> {
    /// True when the split node this thread works for, or one above it,
    /// is cut, or that node's alpha rose above the one this thread's move
    /// is searched against (and from then on, until the thread leaves it).
    #[inline(always)]
    pub(super) fn cut_above(&mut self) -> bool {
        if !SHARES {
            return false;
        }
        if !self.aborted {
            if let Some(s) = &self.context {
                self.aborted = s.alpha.load(Relaxed) > self.task_alpha || s.cut_here_or_above();
            }
        }
        self.aborted
    }

    /// Whether a node of `n` empties may share its moves: the build shares
    /// ([`SHARES`]), the solve runs on several threads and the node is far
    /// enough from the end.
    #[inline(always)]
    pub(super) fn may_split(&self, n: u32) -> bool {
        SHARES && n >= SPLIT_MIN && self.pool.is_some()
    }

    /// Whether a node that may split, with `left` moves still to search,
    /// should share them now: another thread is idle.
    #[inline(always)]
    pub(super) fn should_split(&self, left: usize) -> bool {
        left >= 2 && self.pool.is_some_and(|p| p.idle.load(Relaxed) > 0)
    }

    /// Takes a move to search from the open split nodes: those below
    /// `under` only, when given; the one with the most empties first.
    fn take(&mut self, under: Option<&Arc<Split<S>>>) -> Option<Task<S>> {
        let pool = self.pool?;
        if pool.waiting.load(Relaxed) == 0 {
            return None;
        }
        let mut open = pool.open();
        let split = open
            .iter()
            .filter(|s| under.is_none_or(|u| s.below(u)) && !s.cut_here_or_above())
            .max_by_key(|s| s.n)?
            .clone();
        let (taken, last) = Self::take_from(&split);
        if last {
            pool.close(&mut open, &split);
        }
        taken.map(|(m, alpha)| (split, m, alpha))
    }

    /// The next move of `split`, if one is left and it is not cut, and
    /// whether no move is left to take after it (the split is then to be
    /// closed: the caller takes the pool's lock after this one's, never
    /// while it holds this one).
    fn take_from(split: &Split<S>) -> (Option<Share<S::B>>, bool) {
        let mut shares = split.shares();
        if shares.next == shares.list.len() || split.cut.load(Relaxed) {
            return (None, true);
        }
        let (m, alpha) = (shares.list[shares.next], shares.alpha);
        shares.next += 1;
        split.busy.fetch_add(1, Relaxed);
        (Some((m, alpha)), shares.next == shares.list.len())
    }

    /// Reports the value `v` of move `sq` of `split` (`None`: its search
    /// was cut short).
    fn report(split: &Split<S>, sq: u32, v: Option<i32>) {
        let mut shares = split.shares();
        if let Some(v) = v {
            if v > shares.best {
                shares.best = v;
                shares.best_move = sq as u8;
                if v > shares.alpha {
                    shares.alpha = v;
                    split.alpha.store(v, Relaxed);
                    if v >= split.beta {
                        split.cut.store(true, Relaxed);
                    }
                }
            }
        }
        split.busy.fetch_sub(1, Relaxed);
    }
}

multiversion! { impl ['a, 'c, S: Size] Solver ['a, 'c, S,] {
    /// A helper thread: searches moves of the open split nodes until the
    /// pool stops.
    fn help(&mut self) {
        let Some(pool) = self.pool else {
            return;
        };
        pool.idle.fetch_add(1, Relaxed);
        while !pool.stop.load(Relaxed) {
            self.help_once(pool, None);
        }
        pool.idle.fetch_sub(1, Relaxed);
    }

    /// An idle thread's step: searches a move of the open split nodes
    /// (those below `under` only, when given), or yields when there is none.
    fn help_once(&mut self, pool: &Pool<S>, under: Option<&Arc<Split<S>>>) {
        match self.take(under) {
            Some(task) => {
                pool.idle.fetch_sub(1, Relaxed);
                self.work(task);
                pool.idle.fetch_add(1, Relaxed);
            }
            None => std::thread::yield_now(),
        }
    }

    /// Searches a move taken from a split node and reports its value.
    fn work(&mut self, (split, m, alpha): Task<S>) {
        let outer = self.context.replace(split.clone());
        let task_alpha = self.task_alpha;
        let ceiling = std::mem::replace(&mut self.ceiling, split.ceiling);
        let v = self.search_share(&split, m, alpha);
        Self::report(&split, m.sq, v);
        self.context = outer;
        self.task_alpha = task_alpha;
        self.ceiling = ceiling;
        self.aborted = false;
    }

    /// The value of move `m` of `split` against `alpha`, re-searched with
    /// the node's full window at a node of the principal variation, and
    /// searched again whenever the node's alpha rises meanwhile; `None`
    /// when cut short. The thread's context is `split`.
    fn search_share(&mut self, split: &Split<S>, m: Candidate<S::B>, alpha: i32) -> Option<i32> {
        let (p, n, beta) = (split.p, split.n, split.beta);
        let child = p.play(m.sq, m.flips);
        let gain = p.gain(m.sq);
        let mut alpha = alpha;
        loop {
            self.task_alpha = alpha;
            let mut v = gain - self.nws(child, gain - alpha - 1, n - 1);
            if split.pv && v > alpha && v < beta && !self.halted() {
                v = gain - self.pvs(child, gain - beta, gain - alpha, n - 1, false).0;
            }
            if !self.halted() {
                return Some(v);
            }
            if self.ctl.was_stopped() || split.cut_here_or_above() {
                return None;
            }
            self.aborted = false;
            alpha = split.shares().alpha;
        }
    }

    /// Shares the moves `list` of node `p` (`n` empties, window
    /// (`alpha`, `beta`), `best` found so far by `best_move`) with the
    /// idle threads and searches them with their help. The node's best
    /// value and move, or `None` when the search must unwind.
    #[allow(clippy::too_many_arguments)]
    #[cold]
    #[inline(never)]
    pub(super) fn split(
        &mut self,
        p: Pos<S>,
        n: u32,
        (alpha, beta): (i32, i32),
        pv: bool,
        list: &[Candidate<S::B>],
        (best, best_move): (i32, u8),
    ) -> Option<(i32, u8)> {
        let pool = self.pool?;
        let mut list = list.to_vec();
        list.sort_by_key(|m| std::cmp::Reverse(m.key));
        let split = Arc::new(Split {
            p,
            n,
            beta,
            pv,
            ceiling: self.ceiling,
            parent: self.context.clone(),
            cut: AtomicBool::new(false),
            alpha: AtomicI32::new(alpha),
            busy: AtomicU32::new(0),
            state: Mutex::new(Shares {
                list,
                next: 0,
                alpha,
                best,
                best_move,
            }),
        });
        {
            let mut open = pool.open();
            open.push(split.clone());
            pool.waiting.fetch_add(1, Relaxed);
        }
        let outer = self.context.replace(split.clone());
        let task_alpha = self.task_alpha;
        loop {
            let (taken, last) = Self::take_from(&split);
            if last {
                pool.close(&mut pool.open(), &split);
            }
            let Some((m, alpha)) = taken else {
                break;
            };
            let v = self.search_share(&split, m, alpha);
            Self::report(&split, m.sq, v);
            if self.halted() {
                break;
            }
        }
        self.context = outer;
        self.task_alpha = task_alpha;
        self.aborted = false;
        pool.idle.fetch_add(1, Relaxed);
        while split.busy.load(Relaxed) > 0 && !split.cut_here_or_above() {
            if self.ctl.poll() {
                pool.stop.store(true, Relaxed);
                break;
            }
            self.help_once(pool, Some(&split));
        }
        pool.idle.fetch_sub(1, Relaxed);
        pool.close(&mut pool.open(), &split);
        let above = split.parent.as_ref().is_some_and(|s| s.cut_here_or_above());
        self.aborted = above;
        if above || self.ctl.was_stopped() {
            return None;
        }
        let shares = split.shares();
        Some((shares.best, shares.best_move))
    }
}}
