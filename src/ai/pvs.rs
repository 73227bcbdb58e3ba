//! The principal-variation search that both games' searches run: fail-soft
//! negamax with null windows after each node's first move, the
//! transposition table's bounds and best move, and a re-search where a null
//! window fails high. What differs between games (their leaves and ends,
//! passes, pruning, which moves to search and in what order, what a move
//! gains) comes through [`Tree`]: the Reversi family's midgame search
//! ([`super::search`]) and Troll's ([`super::troll`]) each implement it.
//! One iteration at the root ([`root`]), the step of both games'
//! iterative deepening, is shared the same way.

use super::budget::Control;
use super::tt::{Table, NO_MOVE};
use crate::bits::{Fast, Portable};

/// A move of a node's list: its square, the discs it flips, and its place
/// in the order (the highest is searched first).
pub(crate) type Child<B> = (u32, B, i32);

/// What [`pvs`] asks of a game's search.
pub(crate) trait Tree<'c> {
    /// A bound beyond every value the search returns.
    const INF: i32;
    /// A position as the search carries it.
    type Node;
    /// A set of squares.
    type B: Copy;
    /// The copy of [`pvs`] the search runs: [`Fast`] only where
    /// [`crate::bits::fast`] holds, as the tree's maker checks.
    type Code: Code;

    /// The search's nodes and budget.
    fn control(&mut self) -> &mut Control<'c>;

    /// The transposition table.
    fn table(&mut self) -> &mut Table;

    /// The moves of a node the search expands, or the value of one it does
    /// not: a leaf, a finished game, or a pass (searched with [`pvs`]).
    fn settle(
        &mut self,
        node: &Self::Node,
        depth: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> Result<Self::B, i32>;

    /// The node's key in the table.
    fn key(&self, node: &Self::Node) -> u64;

    /// A value to return without searching the moves (ProbCut), if any.
    fn prune(
        &mut self,
        _node: &Self::Node,
        _depth: u32,
        _alpha: i32,
        _beta: i32,
        _passed: bool,
    ) -> Option<i32> {
        None
    }

    /// The moves to search among `moves`, each with its place in the
    /// order; the table's move `tt_move` goes first.
    fn children(
        &mut self,
        node: &Self::Node,
        moves: Self::B,
        depth: u32,
        tt_move: u8,
    ) -> Vec<Child<Self::B>>;

    /// Puts the next move to search at `list[i]`, the moves before it
    /// having been searched (a list sorted whole leaves it as it is).
    fn next(list: &mut [Child<Self::B>], i: usize);

    /// The discs a move on `sq` flips in `node`.
    fn flips(&self, node: &Self::Node, sq: u32) -> Self::B;

    /// The node after `child`.
    fn play(&self, node: &Self::Node, child: &Child<Self::B>) -> Self::Node;

    /// What the move `child` itself gains the mover in value units, beyond
    /// the value of the node after it.
    fn gain(&self, node: &Self::Node, child: &Child<Self::B>) -> i32;
}

/// Principal-variation search of `node` to `depth` in the window
/// `(alpha, beta)`, fail-soft; `passed` when the move into it was a pass.
/// 0 once the search is stopped. Runs the tree's copy of the code.
#[cfg_attr(target_arch = "x86_64", inline(always))]
#[cfg_attr(not(target_arch = "x86_64"), inline)]
pub(crate) fn pvs<'c, T: Tree<'c>>(
    tree: &mut T,
    node: &T::Node,
    depth: u32,
    alpha: i32,
    beta: i32,
    passed: bool,
) -> i32 {
    T::Code::pvs(tree, node, depth, alpha, beta, passed)
}

/// A root move and what the last iteration found for it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Root {
    /// The move.
    pub(crate) sq: u32,
    /// Its value in the last iteration that searched it.
    pub(crate) score: i32,
    /// What is added to its value when the moves are compared (a weaker
    /// level's error).
    pub(crate) noise: i32,
    /// The order among equal values.
    pub(crate) tiebreak: u32,
}

/// Sorts `roots` as an iteration searches them: by the last values, noise
/// included, best first, equal values by their tiebreak.
pub(crate) fn rank(roots: &mut [Root]) {
    roots.sort_by_key(|r| (-(r.score + r.noise), r.tiebreak));
}

/// One iteration at the root `node` to `depth`, over its moves `roots`
/// (sorted first by the last iteration's values, noise included): the first
/// move with a full window, the others with a null window and a re-search
/// where one beats the best. `all` gives every move an exact value (for
/// noise and hints). The index of the best move, noise included; `None`
/// when stopped before the first move was searched, or when a cut-short
/// iteration found no move beating `previous`, the last whole iteration's
/// value.
pub(crate) fn root<'c, T: Tree<'c>>(
    tree: &mut T,
    node: &T::Node,
    roots: &mut [Root],
    depth: u32,
    all: bool,
    previous: Option<i32>,
) -> Option<usize> {
    rank(roots);
    let inf = T::INF;
    let mut alpha = -inf;
    let mut best: Option<(i32, usize)> = None;
    for (i, root) in roots.iter_mut().enumerate() {
        let r = *root;
        let mv = (r.sq, tree.flips(node, r.sq), 0);
        let gain = tree.gain(node, &mv);
        let child = tree.play(node, &mv);
        let v = if all || i == 0 {
            gain - pvs(tree, &child, depth - 1, -inf, inf, false)
        } else {
            let v = gain
                - pvs(
                    tree,
                    &child,
                    depth - 1,
                    gain - alpha - 1,
                    gain - alpha,
                    false,
                );
            if v > alpha && !tree.control().was_stopped() {
                gain - pvs(tree, &child, depth - 1, -inf, gain - alpha, false)
            } else {
                v
            }
        };
        if tree.control().was_stopped() {
            break;
        }
        root.score = v;
        let noisy = v + r.noise;
        if best.is_none_or(|(b, _)| noisy > b) {
            best = Some((noisy, i));
        }
        alpha = alpha.max(v);
    }
    let (_, i) = best?;
    // A partial iteration only overrides the last one when a move beat
    // the previous best outright.
    if let Some(previous) = previous.filter(|_| tree.control().was_stopped() && i != 0) {
        if roots[i].score <= previous {
            return None;
        }
    }
    Some(i)
}

/// Which compiled copy of [`pvs`] runs (see [`crate::bits::multiversion`]).
/// The recursion calls [`pvs`], so a search stays in the copy it entered,
/// and the tree's own methods, inlined into it, run in that copy too.
pub(crate) trait Code {
    /// [`pvs`] in this copy.
    fn pvs<'c, T: Tree<'c>>(
        tree: &mut T,
        node: &T::Node,
        depth: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32;
}

impl Code for Portable {
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn pvs<'c, T: Tree<'c>>(
        tree: &mut T,
        node: &T::Node,
        depth: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        portable(tree, node, depth, alpha, beta, passed)
    }
}

impl Code for Fast {
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    #[allow(unsafe_code)]
    fn pvs<'c, T: Tree<'c>>(
        tree: &mut T,
        node: &T::Node,
        depth: u32,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a tree is made with the Fast code only where
            // `crate::bits::fast` found every feature `fast` is built for.
            unsafe { fast(tree, node, depth, alpha, beta, passed) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        portable(tree, node, depth, alpha, beta, passed)
    }
}

/// Writes the search's one body twice: for every CPU, and for x86-64-v3.
macro_rules! copies {
    ($($(#[$meta:meta])* fn $name:ident;)*) => {$(
        $(#[$meta])*
        fn $name<'c, T: Tree<'c>>(
            tree: &mut T,
            node: &T::Node,
            depth: u32,
            mut alpha: i32,
            beta: i32,
            passed: bool,
        ) -> i32 {    let ctl = tree.control();
    ctl.nodes += 1;
    if ctl.stopped() {
        return 0;
    }
    let moves = match tree.settle(node, depth, alpha, beta, passed) {
        Ok(moves) => moves,
        Err(value) => return value,
    };
    let key = tree.key(node);
    let mut tt_move = NO_MOVE;
    if let Some(e) = tree.table().probe(key) {
        tt_move = e.mv;
        if u32::from(e.depth) >= depth {
            let (lo, hi) = (i32::from(e.lower), i32::from(e.upper));
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            if lo == hi {
                return lo;
            }
        }
    }
    if let Some(value) = tree.prune(node, depth, alpha, beta, passed) {
        return value;
    }
    let mut list = tree.children(node, moves, depth, tt_move);
    let alpha0 = alpha;
    let mut best = i32::MIN;
    let mut best_move = NO_MOVE;
    for i in 0..list.len() {
        T::next(&mut list, i);
        let gain = tree.gain(node, &list[i]);
        let child = tree.play(node, &list[i]);
        let v = if i == 0 {
            gain - pvs(tree, &child, depth - 1, gain - beta, gain - alpha, false)
        } else {
            let v = gain
                - pvs(
                    tree,
                    &child,
                    depth - 1,
                    gain - alpha - 1,
                    gain - alpha,
                    false,
                );
            if v > alpha && v < beta && !tree.control().was_stopped() {
                gain - pvs(tree, &child, depth - 1, gain - beta, gain - alpha, false)
            } else {
                v
            }
        };
        if tree.control().was_stopped() {
            return 0;
        }
        if v > best {
            best = v;
            best_move = list[i].0 as u8;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    tree.table()
        .store(key, depth, alpha0, beta, best, best_move);
    best
}
    )*};
}

copies! {
    fn portable;
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn fast;
}
