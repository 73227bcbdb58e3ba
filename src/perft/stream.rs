//! The fast perft: the children of a node in batches, and the nodes near
//! the leaves in streams, so that the move sets of many positions are found
//! together in vectors. [`super::plain`] says what it counts, more slowly.

use crate::bits::{Bits, Size, Squares};
use crate::position::Position;
use crate::rules::{Board, Rules};

/// Leaves at every depth `1..=depth` below `pos`, in one walk of the tree
/// (element `d - 1` is perft `d`); it costs no more than perft `depth` alone.
pub(super) fn perft_all<S: Size>(board: &Board<S>, pos: &Position<S>, depth: u32) -> Vec<u64> {
    let mut counts = vec![0; depth as usize];
    if depth > 0 {
        walk(board, pos, 0, &mut counts);
    }
    counts
}

/// Adds the leaves below `pos`, which stands `ply` plies below the root, to
/// `counts`. Past the Reversi opening the walk goes on in [`walk_discs`].
fn walk<S: Size>(board: &Board<S>, pos: &Position<S>, ply: usize, counts: &mut [u64]) {
    if !board.in_opening(pos) {
        let (p, o) = (pos.me, pos.opp);
        if board.has_jokers() {
            walk_discs::<S, true>(board, p, o, board.moves_with::<true>(p, o), ply, counts);
        } else {
            walk_discs::<S, false>(board, p, o, board.moves_with::<false>(p, o), ply, counts);
        }
        return;
    }
    // Every opening move is legal and there is no pass.
    let moves = board.moves(pos);
    counts[ply] += u64::from(moves.count());
    if ply + 1 < counts.len() {
        for sq in Squares(moves) {
            walk(board, &board.play_legal(pos, sq), ply + 1, counts);
        }
    }
}

/// [`walk`] after the opening, on the discs alone (`p` the mover's, `o` the
/// opponent's, `moves` the mover's legal moves): bonuses and the side to
/// move never change a count. The children come in batches (see
/// [`take`]); the last ply is counted in bulk from their move sets.
///
/// The nodes of the last three plies above the leaves are not walked one
/// call each: with four plies to go, the grandchildren of all the children
/// form one stream of nodes whose move sets are found in full batches, and
/// their children (the nodes whose moves are counted) form another, counted
/// in full batches (with three plies to go, only the latter). Only the end
/// of each stream is padded to whole groups of [`LANES`], not each node's
/// share, and a node three plies up costs no call of its own.
fn walk_discs<S: Size, const JOKERS: bool>(
    board: &Board<S>,
    p: S::B,
    o: S::B,
    moves: S::B,
    ply: usize,
    counts: &mut [u64],
) {
    crate::bits::fast_path(
        #[cfg_attr(target_arch = "x86_64", inline(always))]
        #[cfg_attr(not(target_arch = "x86_64"), inline)]
        || {
            let depth = counts.len();
            if moves.is_empty() {
                let theirs = board.moves_with::<JOKERS>(o, p);
                if theirs.is_empty() {
                    // The game is over: one leaf at every depth beyond this one.
                    for c in &mut counts[ply..] {
                        *c += 1;
                    }
                    return;
                }
                counts[ply] += 1;
                if ply + 1 < depth {
                    walk_discs::<S, JOKERS>(board, o, p, theirs, ply + 1, counts);
                }
                return;
            }
            counts[ply] += u64::from(moves.count());
            if ply + 2 == depth {
                counts[ply + 1] += grandchildren::<S, JOKERS>(board, p, o, moves);
                return;
            }
            let (mut me, mut opp, mut their_moves) = (batch::<S>(), batch::<S>(), batch::<S>());
            // The stream of nodes two plies below, with four plies to go.
            let (mut mid_me, mut mid_opp) = (batch::<S>(), batch::<S>());
            // The stream of nodes one ply above the leaves.
            let (mut next_me, mut next_opp) = (batch::<S>(), batch::<S>());
            let (mut mid_queued, mut queued, mut leaves) = (0, 0, 0);
            let mut rest = moves;
            while ply + 2 < depth && !rest.is_empty() {
                let len = take::<S, JOKERS>(board, p, o, &mut rest, &mut me, &mut opp, 0);
                pad::<S>(&mut me, &mut opp, len);
                all_moves::<S, JOKERS>(board, &me, &opp, len, &mut their_moves);
                for i in 0..len {
                    let (p, o, moves) = (me[i], opp[i], their_moves[i]);
                    if moves.is_empty() || ply + 4 < depth {
                        walk_discs::<S, JOKERS>(board, p, o, moves, ply + 1, counts);
                        continue;
                    }
                    // The child's own walk, inline.
                    counts[ply + 1] += u64::from(moves.count());
                    if ply + 3 == depth {
                        feed::<S, JOKERS>(
                            board,
                            p,
                            o,
                            moves,
                            &mut next_me,
                            &mut next_opp,
                            &mut queued,
                            &mut leaves,
                        );
                        continue;
                    }
                    let mut rest = moves;
                    while !rest.is_empty() {
                        mid_queued = take::<S, JOKERS>(
                            board,
                            p,
                            o,
                            &mut rest,
                            &mut mid_me,
                            &mut mid_opp,
                            mid_queued,
                        );
                        if mid_queued == BATCH {
                            flush::<S, JOKERS>(
                                board,
                                &mid_me,
                                &mid_opp,
                                BATCH,
                                ply + 2,
                                counts,
                                &mut next_me,
                                &mut next_opp,
                                &mut queued,
                                &mut leaves,
                            );
                            mid_queued = 0;
                        }
                    }
                }
            }
            if mid_queued > 0 {
                flush::<S, JOKERS>(
                    board,
                    &mid_me,
                    &mid_opp,
                    mid_queued,
                    ply + 2,
                    counts,
                    &mut next_me,
                    &mut next_opp,
                    &mut queued,
                    &mut leaves,
                );
            }
            if queued > 0 {
                pad::<S>(&mut next_me, &mut next_opp, queued);
                leaves += count_moves::<S, JOKERS>(board, &next_me, &next_opp, queued);
            }
            counts[depth - 1] += leaves;
        },
    )
}

/// Walks the first `len` nodes of a batch (`me` and `opp` as in
/// [`count_moves`]), which stand `ply` plies below the root and two above
/// the leaves: their children join the stream of [`feed`].
///
/// Never inlined: inside [`walk_discs`], LLVM no longer finds the move sets
/// of the map's batches four to a vector, and perft 9 from the start of the
/// 8-8-8 map of `mapello bench` takes 20% more instructions (callgrind).
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn flush<S: Size, const JOKERS: bool>(
    board: &Board<S>,
    me: &[S::B; BATCH],
    opp: &[S::B; BATCH],
    len: usize,
    ply: usize,
    counts: &mut [u64],
    next_me: &mut [S::B; BATCH],
    next_opp: &mut [S::B; BATCH],
    queued: &mut usize,
    leaves: &mut u64,
) {
    crate::bits::fast_path(
        #[cfg_attr(target_arch = "x86_64", inline(always))]
        #[cfg_attr(not(target_arch = "x86_64"), inline)]
        || {
            let mut moves = batch::<S>();
            all_moves::<S, JOKERS>(board, me, opp, len, &mut moves);
            for i in 0..len {
                let (p, o, moves) = (me[i], opp[i], moves[i]);
                if moves.is_empty() {
                    walk_discs::<S, JOKERS>(board, p, o, moves, ply, counts);
                    continue;
                }
                counts[ply] += u64::from(moves.count());
                feed::<S, JOKERS>(board, p, o, moves, next_me, next_opp, queued, leaves);
            }
        },
    )
}

/// Queues the children of a node with the mover's discs `p`, the
/// opponent's `o` and the mover's legal moves `moves` (not empty) in a
/// stream of nodes one ply above the leaves (`me`, `opp`, `queued` of them
/// so far), and adds to `leaves` the leaves below each full batch.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn feed<S: Size, const JOKERS: bool>(
    board: &Board<S>,
    p: S::B,
    o: S::B,
    moves: S::B,
    me: &mut [S::B; BATCH],
    opp: &mut [S::B; BATCH],
    queued: &mut usize,
    leaves: &mut u64,
) {
    let mut rest = moves;
    while !rest.is_empty() {
        *queued = take::<S, JOKERS>(board, p, o, &mut rest, me, opp, *queued);
        if *queued == BATCH {
            *leaves += count_moves::<S, JOKERS>(board, me, opp, BATCH);
            *queued = 0;
        }
    }
}

/// The leaves two plies below a node with the mover's discs `p`, the
/// opponent's `o` and the mover's legal moves `moves`, counted in bulk from
/// the children's move sets (see [`count_moves`]).
#[inline(always)]
fn grandchildren<S: Size, const JOKERS: bool>(
    board: &Board<S>,
    p: S::B,
    o: S::B,
    moves: S::B,
) -> u64 {
    let (mut me, mut opp) = (batch::<S>(), batch::<S>());
    let mut leaves = 0;
    let mut rest = moves;
    while !rest.is_empty() {
        let len = take::<S, JOKERS>(board, p, o, &mut rest, &mut me, &mut opp, 0);
        pad::<S>(&mut me, &mut opp, len);
        leaves += count_moves::<S, JOKERS>(board, &me, &opp, len);
    }
    leaves
}

/// False when no joker can anchor a run of the opponent in any position
/// of a batch whose opponents' discs are `opp` (see [`Board::jokers_matter`]).
#[inline(always)]
fn jokers_matter<S: Size>(board: &Board<S>, opp: &[S::B; BATCH]) -> bool {
    board.jokers_matter(opp.iter().fold(S::B::ZERO, |all, &o| all | o))
}

/// Puts the moves of the first `len` positions of a batch (as in
/// [`count_moves`]) into `moves`; without jokers when they make no
/// difference in any of the positions.
#[inline(always)]
fn all_moves<S: Size, const JOKERS: bool>(
    board: &Board<S>,
    me: &[S::B; BATCH],
    opp: &[S::B; BATCH],
    len: usize,
    moves: &mut [S::B; BATCH],
) {
    if JOKERS && !jokers_matter(board, opp) {
        return all_moves::<S, false>(board, me, opp, len, moves);
    }
    for ((moves, me), opp) in moves
        .chunks_exact_mut(LANES)
        .zip(me.chunks_exact(LANES))
        .zip(opp.chunks_exact(LANES))
        .take(padded(len) / LANES)
    {
        for i in 0..LANES {
            moves[i] = board.moves_across::<JOKERS>(me[i], opp[i]);
        }
    }
}

/// The leaves one ply below the first `len` positions of a batch (`me` the
/// discs of the side to move, `opp` the other side's): a position's moves,
/// or one leaf for a position without any (a pass or the end of the game).
/// The slots up to the next whole group of [`LANES`] must hold no discs.
/// Without jokers when they make no difference in any of the positions.
///
/// Never inlined: inside [`walk_discs`], LLVM vectorises the loop within
/// each position (its directions side by side) instead of across
/// [`LANES`] positions, and the 8-8-8 map's perft 10 takes 13% more
/// instructions (callgrind).
#[inline(never)]
fn count_moves<S: Size, const JOKERS: bool>(
    board: &Board<S>,
    me: &[S::B; BATCH],
    opp: &[S::B; BATCH],
    len: usize,
) -> u64 {
    crate::bits::fast_path(
        #[cfg_attr(target_arch = "x86_64", inline(always))]
        #[cfg_attr(not(target_arch = "x86_64"), inline)]
        || {
            if JOKERS && !jokers_matter(board, opp) {
                return count_moves::<S, false>(board, me, opp, len);
            }
            let mut lanes = [0; LANES];
            for (me, opp) in me
                .chunks_exact(LANES)
                .zip(opp.chunks_exact(LANES))
                .take(padded(len) / LANES)
            {
                for i in 0..LANES {
                    let moves = board.moves_across::<JOKERS>(me[i], opp[i]);
                    lanes[i] += u64::from(moves.count().max(1));
                }
            }
            // Each padding slot counted one leaf.
            lanes.iter().sum::<u64>() - (padded(len) - len) as u64
        },
    )
}

/// True where [`take`] finds the flips of two children at once (see
/// [`Board::flips_pair`]).
const PAIRS: bool = cfg!(target_arch = "wasm32");

/// Children in one batch.
pub(super) const BATCH: usize = 16;
/// Children whose move sets are found together; [`BATCH`] is a multiple.
const LANES: usize = 4;

/// One set of discs for each child in a batch: a node keeps one for each
/// side and refills them batch after batch.
///
/// They start as plain stores of a zero the compiler cannot see: a zero it
/// can see becomes a bulk memory fill, which on wasm32 is a call into the
/// runtime (a sixth of wasm perft's time when every batch was made afresh).
#[inline(always)]
fn batch<S: Size>() -> [S::B; BATCH] {
    [std::hint::black_box(S::B::ZERO); BATCH]
}

/// Slots of a batch of `len` children to work on: `len` rounded up to
/// whole groups of [`LANES`].
#[inline(always)]
fn padded(len: usize) -> usize {
    len.next_multiple_of(LANES)
}

/// Puts the children for the first moves of `rest`, which loses them, into
/// the slots of `me` (the discs of their side to move, the parent's
/// opponent) and `opp` from `start` on, until `rest` or the batch runs out;
/// returns the slots filled in all. Without jokers when they make no
/// difference (see [`Board::jokers_matter`]).
///
/// The flips of every child are found first, the move sets of all of them
/// after, by the caller: two loops instead of one per child cut each
/// child's work into two short chains of dependent instructions, which the
/// processor overlaps across children, and the second loop vectorises
/// across children (four to a 256-bit vector, every lane shifted alike).
///
/// `me` and `opp` are two arrays of the caller's own, not fields of one
/// struct behind a reference: writing to the latter, LLVM no longer runs
/// the four directions of [`Board::flips_with`] side by side in one vector,
/// and native perft takes half as long again.
#[inline(always)]
fn take<S: Size, const JOKERS: bool>(
    board: &Board<S>,
    p: S::B,
    o: S::B,
    rest: &mut S::B,
    me: &mut [S::B; BATCH],
    opp: &mut [S::B; BATCH],
    start: usize,
) -> usize {
    if JOKERS && !board.jokers_matter(o) {
        return take::<S, false>(board, p, o, rest, me, opp, start);
    }
    let mut len = start;
    while len < BATCH && !rest.is_empty() {
        let sq = rest.first();
        *rest = rest.without_first();
        if PAIRS && len + 1 < BATCH && !rest.is_empty() {
            let next = rest.first();
            *rest = rest.without_first();
            let flips = board.flips_pair::<JOKERS>(p, o, [sq, next]);
            for (i, (sq, flips)) in [(sq, flips[0]), (next, flips[1])].into_iter().enumerate() {
                me[len + i] = o & !flips;
                opp[len + i] = p | flips | S::B::bit(sq);
            }
            len += 2;
            continue;
        }
        let flips = board.flips_with::<JOKERS>(p, o, sq);
        me[len] = o & !flips;
        opp[len] = p | flips | S::B::bit(sq);
        len += 1;
    }
    len
}

/// Empties the slots of `me` and `opp` from `len` up to the next whole
/// group of [`LANES`], so that they have no moves.
#[inline(always)]
fn pad<S: Size>(me: &mut [S::B; BATCH], opp: &mut [S::B; BATCH], len: usize) {
    for i in len..padded(len) {
        me[i] = S::B::ZERO;
        opp[i] = S::B::ZERO;
    }
}
