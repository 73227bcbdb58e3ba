//! The principal-variation search that both games' searches run: fail-soft
//! negamax with null windows after each node's first move, the
//! transposition table's bounds and best move, and a re-search where a null
//! window fails high. What differs between games (their leaves and ends,
//! passes, pruning, which moves to search and in what order, what a move
//! gains) comes through [`Tree`]: the Reversi family's midgame search
//! ([`super::search`]) and Troll's ([`super::troll`]) each implement it.

use super::budget::Control;
use super::tt::{Table, NO_MOVE};
use crate::bits::{Fast, Portable};

/// A move of a node's list: its square, the discs it flips, and its place
/// in the order (the highest is searched first).
pub(crate) type Child<B> = (u32, B, i32);

/// What [`pvs`] asks of a game's search.
pub(crate) trait Tree<'c> {
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
