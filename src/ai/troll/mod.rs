//! Troll's AI: the shared principal-variation search ([`super::pvs`]) over
//! the Troll rules with iterative deepening and the transposition table, on
//! the connection evaluation of [`eval`]; a proof search for `solve`; the
//! greedy baseline.
//!
//! Troll's tree is its own ([`Walk`]): a move's legality depends on the
//! side to move (the Reversi family's search positions hold discs only), a
//! game ends at a connection rather than when the board fills, and a move
//! may flip nothing (the exact solver there skips such squares).
//!
//! Levels are those of [`super::levels`] (the same node budgets and noise;
//! Troll has no exact endgame); how they compare: docs/benchmarks.md,
//! "Troll's levels".

pub(crate) mod eval;

use std::sync::atomic::AtomicBool;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::bits::{Bits, Size, Squares};
use crate::position::{Colour, Position};
use crate::rules::troll::{connected, Troll};
use crate::rules::Rules;

use super::budget::{Budget, Control};
use super::pos::Pos;
use super::pvs::{pvs, root, Child, Root, Tree};
use super::search::Options;
use super::tt::{Table, NO_MOVE};

/// The value of a won game, before the bonus for each square left empty
/// (a quicker win is worth more).
pub(crate) const WIN: i32 = 10_000;

/// Beyond every value.
const INF: i32 = 20_000;

/// Depth from which moves are sorted by the evaluation of the position
/// they lead to.
const SORT_DEPTH: u32 = 2;

/// What a search found, values in [`eval::UNIT`]s for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// The move to play (`None`: pass, or the game is over).
    pub best: Option<u32>,
    /// Its value; beyond `WIN - 64` in size when the result is forced.
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<u32>,
}

/// True when `score` is a forced win or loss.
pub(crate) fn is_proven(score: i32) -> bool {
    score.abs() > WIN - 64
}

/// A Troll searcher for one board, its table kept between moves.
#[derive(Clone, Debug)]
pub struct Searcher<S: Size> {
    rules: Troll<S>,
    tt: Table,
    /// Every move is searched at every node, not only the relevant ones:
    /// set while proving, so a proof leaves no reply unexamined.
    full_width: bool,
}

/// The key of a position: the discs and the side to move.
fn key<S: Size>(me: S::B, opp: S::B, side: Colour) -> u64 {
    let discs = Pos::<S> {
        me,
        opp,
        bonus: S::B::ZERO,
    }
    .key();
    match side {
        Colour::Black => discs,
        Colour::White => discs ^ 0x7f4a_7c15_9e37_79b9,
    }
}

impl<S: Size> Searcher<S> {
    /// A searcher for `rules` with a table of `2^table_bits` entries.
    pub fn new(rules: &Troll<S>, table_bits: u32) -> Searcher<S> {
        Searcher {
            rules: rules.clone(),
            tt: Table::new(table_bits),
            full_width: false,
        }
    }

    fn moves(&self, me: S::B, opp: S::B, side: Colour) -> S::B {
        self.rules.moves_of(me, opp, side)
    }

    fn flips(&self, me: S::B, opp: S::B, sq: u32) -> S::B {
        self.rules.flips_of(me, opp, sq)
    }

    /// Searches `pos` within `options` (depth, nodes, time, noise).
    pub fn search(
        &mut self,
        pos: &Position<S>,
        options: &Options,
        cancel: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&Found),
    ) -> Found {
        let mut ctl = Control::new(options.budget, cancel);
        self.tt.age();
        let (me, opp, side) = (pos.me, pos.opp, pos.side);
        let moves = self.moves(me, opp, side);
        if moves.is_empty() {
            let score = self.negamax(me, opp, side, 0, -INF, INF, &mut ctl);
            return Found {
                best: None,
                score,
                depth: 0,
                nodes: ctl.nodes,
                pv: Vec::new(),
            };
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(options.seed ^ key::<S>(me, opp, side));
        let noise = options.noise * f64::from(eval::UNIT);
        let mut roots: Vec<Root> = Squares(moves)
            .map(|sq| {
                let unit = (rng.next_u32() as f64 / u32::MAX as f64) * 2.0 - 1.0;
                Root {
                    sq,
                    score: -INF,
                    noise: (unit * noise).round() as i32,
                    tiebreak: rng.next_u32(),
                }
            })
            .collect();
        let empties = (S::FULL & !(me | opp)).count();
        let max_depth = options.budget.depth.unwrap_or(u32::MAX).clamp(1, empties);
        let all = options.noise > 0.0;
        let mut found: Option<Found> = None;
        for depth in 1..=max_depth {
            let previous = found.as_ref().map(|f| f.score);
            let Some(i) = root(
                &mut self.walk(&mut ctl),
                &(me, opp, side),
                &mut roots,
                depth,
                all,
                previous,
            ) else {
                break;
            };
            let sq = roots[i].sq;
            let result = Found {
                best: Some(sq),
                score: roots[i].score,
                depth,
                nodes: ctl.nodes,
                pv: self.line(pos, sq, depth),
            };
            progress(&result);
            let proven = is_proven(result.score);
            found = Some(result);
            if ctl.was_stopped() || proven && !all || ctl.used() > 0.4 {
                break;
            }
        }
        let mut found = found.unwrap_or_else(|| Found {
            best: Some(roots[0].sq),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![roots[0].sq],
        });
        found.nodes = ctl.nodes;
        found
    }

    /// The value of every legal move of `pos` (best first), each searched
    /// with a full window, deeper while `options`' budget lasts.
    pub fn values(
        &mut self,
        pos: &Position<S>,
        options: &Options,
        cancel: Option<&AtomicBool>,
    ) -> Vec<(u32, i32)> {
        let mut ctl = Control::new(options.budget, cancel);
        self.tt.age();
        let (me, opp, side) = (pos.me, pos.opp, pos.side);
        let moves = self.moves(me, opp, side);
        let empties = (S::FULL & !(me | opp)).count();
        let max_depth = options
            .budget
            .depth
            .unwrap_or(u32::MAX)
            .clamp(1, empties.max(1));
        let mut values = Vec::new();
        for depth in 1..=max_depth {
            let mut these = Vec::with_capacity(moves.count() as usize);
            for sq in Squares(moves) {
                let flips = self.flips(me, opp, sq);
                let (cm, co) = (opp & !flips, me | flips | S::B::bit(sq));
                let v = -self.negamax(cm, co, side.other(), depth - 1, -INF, INF, &mut ctl);
                these.push((sq, v));
            }
            // A cut-short iteration leaves the last whole one standing.
            if ctl.was_stopped() {
                break;
            }
            values = these;
            if ctl.used() > 0.3 {
                break;
            }
        }
        values.sort_by_key(|&(_, v)| -v);
        values
    }

    /// `best`, then the moves the table expects, at most `steps` in all.
    fn line(&self, pos: &Position<S>, best: u32, steps: u32) -> Vec<u32> {
        let mut pv = vec![best];
        let mut q = self.rules.play_legal(pos, best);
        while (pv.len() as u32) < steps {
            let Some(e) = self.tt.probe(key::<S>(q.me, q.opp, q.side)) else {
                break;
            };
            if e.mv == NO_MOVE || !self.rules.moves(&q).has(u32::from(e.mv)) {
                break;
            }
            pv.push(u32::from(e.mv));
            q = self.rules.play_legal(&q, u32::from(e.mv));
        }
        pv
    }

    /// The game's result with best play from `pos` (1 a win for the side
    /// to move, 0 a draw, -1 a loss) and a best move; `None` when `budget`
    /// ran out first. Every game value is 0 or beyond [`WIN`] in size, so a
    /// search to the end in the window (-1, 1) settles each move. Every
    /// move of both sides is searched, so the result is a proof.
    pub fn prove(
        &mut self,
        pos: &Position<S>,
        budget: Budget,
        cancel: Option<&AtomicBool>,
    ) -> Option<(i32, Option<u32>, u64)> {
        self.full_width = true;
        let proved = self.prove_full_width(pos, budget, cancel);
        self.full_width = false;
        proved
    }

    fn prove_full_width(
        &mut self,
        pos: &Position<S>,
        budget: Budget,
        cancel: Option<&AtomicBool>,
    ) -> Option<(i32, Option<u32>, u64)> {
        let mut ctl = Control::new(budget, cancel);
        self.tt.age();
        let (me, opp, side) = (pos.me, pos.opp, pos.side);
        // Past every empty square, so the evaluation is never used.
        let depth = 2 * S::N * S::N;
        let moves = self.moves(me, opp, side);
        if moves.is_empty() {
            let v = self.negamax(me, opp, side, depth, -1, 1, &mut ctl);
            return (!ctl.was_stopped()).then_some((v.signum(), None, ctl.nodes));
        }
        let mut children: Vec<(u32, S::B, S::B, i32)> = Squares(moves)
            .map(|sq| {
                let flips = self.flips(me, opp, sq);
                let (cm, co) = (opp & !flips, me | flips | S::B::bit(sq));
                let order = if connected::<S>(co, side) {
                    -INF
                } else {
                    eval::evaluate::<S>(cm, co, side.other())
                };
                (sq, cm, co, order)
            })
            .collect();
        children.sort_by_key(|c| c.3);
        let mut best = (-2, None);
        for (sq, cm, co, _) in children {
            let v = -self.negamax(cm, co, side.other(), depth, -1, 1, &mut ctl);
            if ctl.was_stopped() {
                return None;
            }
            if v.signum() > best.0 {
                best = (v.signum(), Some(sq));
                if best.0 == 1 {
                    break;
                }
            }
        }
        Some((best.0, best.1, ctl.nodes))
    }

    /// Negamax alpha-beta, fail-soft: the value of `me` (colour `side`, to
    /// move) against `opp`, searched `depth` moves deep.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        me: S::B,
        opp: S::B,
        side: Colour,
        depth: u32,
        alpha: i32,
        beta: i32,
        ctl: &mut Control,
    ) -> i32 {
        pvs(
            &mut self.walk(ctl),
            &(me, opp, side),
            depth,
            alpha,
            beta,
            false,
        )
    }

    /// A search of the tree over this searcher's table, counting in `ctl`.
    fn walk<'a, 'c>(&'a mut self, ctl: &'a mut Control<'c>) -> Walk<'a, 'c, S> {
        Walk {
            rules: &self.rules,
            tt: &mut self.tt,
            ctl,
            full_width: self.full_width,
        }
    }
}

/// One search of Troll's tree over a searcher's table: the shared search's
/// nodes are the discs of the side to move, the opponent's, and its colour.
struct Walk<'a, 'c, S: Size> {
    rules: &'a Troll<S>,
    tt: &'a mut Table,
    ctl: &'a mut Control<'c>,
    /// Search every move, not only the relevant ones.
    full_width: bool,
}

impl<S: Size> Walk<'_, '_, S> {
    /// The moves worth searching below the root among `moves`: those on a
    /// shortest chain of either side, and those that flip (which can cut a
    /// chain or open a wall); all of them when that leaves none.
    fn relevant(&self, me: S::B, opp: S::B, side: Colour, moves: S::B) -> S::B {
        if self.full_width {
            return moves;
        }
        let paths = eval::on_paths::<S>(me, opp, side) | eval::on_paths::<S>(opp, me, side.other());
        let chosen = moves & (paths | self.rules.flipping(me, opp));
        if chosen.is_empty() {
            moves
        } else {
            chosen
        }
    }
}

/// Troll's part of the shared search: a connection ends the game (sooner
/// is worth more), a side without a move passes, the evaluation is the
/// chains' race, and the relevant moves are sorted whole by the table's
/// move, a connection, then the evaluation after them.
impl<'c, S: Size> Tree<'c> for Walk<'_, 'c, S> {
    const INF: i32 = INF;
    type Node = (S::B, S::B, Colour);
    type B = S::B;
    type Code = crate::bits::Portable;

    #[inline]
    fn control(&mut self) -> &mut Control<'c> {
        self.ctl
    }

    #[inline]
    fn table(&mut self) -> &mut Table {
        self.tt
    }

    fn settle(
        &mut self,
        &(me, opp, side): &(S::B, S::B, Colour),
        depth: u32,
        alpha: i32,
        beta: i32,
        _passed: bool,
    ) -> Result<S::B, i32> {
        let moves = self.rules.moves_of(me, opp, side);
        if moves.is_empty() {
            let empties = (S::FULL & !(me | opp)).count() as i32;
            if connected::<S>(opp, side.other()) {
                return Err(-(WIN + empties));
            }
            if self.rules.moves_of(opp, me, side.other()).is_empty() {
                return Err(0);
            }
            return Err(-pvs(
                self,
                &(opp, me, side.other()),
                depth,
                -beta,
                -alpha,
                true,
            ));
        }
        if depth == 0 {
            return Err(eval::evaluate::<S>(me, opp, side));
        }
        Ok(moves)
    }

    #[inline]
    fn key(&self, &(me, opp, side): &(S::B, S::B, Colour)) -> u64 {
        key::<S>(me, opp, side)
    }

    fn children(
        &mut self,
        &(me, opp, side): &(S::B, S::B, Colour),
        moves: S::B,
        depth: u32,
        tt_move: u8,
    ) -> Vec<Child<S::B>> {
        let other = side.other();
        let moves = self.relevant(me, opp, side, moves);
        let mut list: Vec<Child<S::B>> = Squares(moves)
            .map(|sq| {
                let flips = self.rules.flips_of(me, opp, sq);
                let order = if sq as u8 == tt_move {
                    INF
                } else if depth >= SORT_DEPTH {
                    let (cm, co) = (opp & !flips, me | flips | S::B::bit(sq));
                    if connected::<S>(co, side) {
                        INF - 1
                    } else {
                        -eval::evaluate::<S>(cm, co, other)
                    }
                } else {
                    0
                };
                (sq, flips, order)
            })
            .collect();
        list.sort_by_key(|&(_, _, order)| -order);
        list
    }

    /// The list is sorted whole.
    #[inline]
    fn next(_list: &mut [Child<S::B>], _i: usize) {}

    fn flips(&self, &(me, opp, _): &(S::B, S::B, Colour), sq: u32) -> S::B {
        self.rules.flips_of(me, opp, sq)
    }

    #[inline]
    fn play(
        &self,
        &(me, opp, side): &(S::B, S::B, Colour),
        &(sq, flips, _): &Child<S::B>,
    ) -> (S::B, S::B, Colour) {
        (opp & !flips, me | flips | S::B::bit(sq), side.other())
    }

    /// A move gains nothing of itself.
    #[inline]
    fn gain(&self, _node: &(S::B, S::B, Colour), _child: &Child<S::B>) -> i32 {
        0
    }
}

/// The move that most shortens the mover's chain (then lengthens the
/// opponent's most), ties at random: the `greedy` baseline.
pub(crate) fn greedy<S: Size>(
    board: &Troll<S>,
    pos: &Position<S>,
    rng: &mut Xoshiro256PlusPlus,
) -> u32 {
    let side = pos.side;
    let value = |sq: u32| {
        let next = board.play_legal(pos, sq);
        if connected::<S>(next.opp, side) {
            return (0, i32::MAX);
        }
        let mine = eval::distance::<S>(next.opp, next.me, side);
        let theirs = eval::distance::<S>(next.me, next.opp, side.other());
        (-(mine as i32), theirs as i32)
    };
    let moves = board.moves(pos);
    let best = Squares(moves).map(value).max().expect("moves is not empty");
    let ties: Vec<u32> = Squares(moves).filter(|&sq| value(sq) == best).collect();
    ties[rng.next_u32() as usize % ties.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::S8;
    use crate::map::Map;
    use crate::rules::troll::tests::position;
    use crate::rules::Status;
    use crate::square::Square;

    fn name(sq: Option<u32>) -> String {
        Square::from_index(sq.unwrap(), 8)
            .unwrap()
            .name(8)
            .to_string()
    }

    fn searcher() -> Searcher<S8> {
        Searcher::new(&Troll::new(&Map::empty(8).unwrap()).unwrap(), 16)
    }

    /// Black's column d is one disc short of row 8; White has c5.
    fn one_to_go(side: Colour) -> Position<S8> {
        position("d1 d2 d3 d4 d5 d6 d7", "c5", side)
    }

    fn options(depth: u32) -> Options {
        Options {
            budget: Budget {
                depth: Some(depth),
                ..Budget::default()
            },
            ..Options::default()
        }
    }

    #[test]
    fn the_search_plays_the_connecting_move() {
        let found = searcher().search(&one_to_go(Colour::Black), &options(3), None, &mut |_| {});
        assert_eq!(name(found.best), "d8");
        assert!(is_proven(found.score) && found.score > 0);
    }

    #[test]
    fn the_search_cuts_a_chain_one_disc_from_connecting() {
        // Only a flip in column d stops d8: e3, e5 or e7 (flanked by c5).
        let found = searcher().search(&one_to_go(Colour::White), &options(3), None, &mut |_| {});
        assert!(
            ["e3", "e5", "e7"].contains(&name(found.best).as_str()),
            "{found:?}"
        );
    }

    #[test]
    fn hints_put_the_connecting_move_first() {
        let values = searcher().values(&one_to_go(Colour::Black), &options(2), None);
        // 56 empty squares, less the 16 of White's columns (none flips).
        assert_eq!(values.len(), 40, "every legal move has a value");
        assert_eq!(name(Some(values[0].0)), "d8");
        assert!(is_proven(values[0].1) && values[0].1 > 0);
    }

    #[test]
    fn the_proof_search_settles_a_won_position() {
        let budget = Budget {
            nodes: Some(1_000_000),
            ..Budget::default()
        };
        let (result, best, _) = searcher()
            .prove(&one_to_go(Colour::Black), budget, None)
            .unwrap();
        assert_eq!((result, name(best).as_str()), (1, "d8"));
    }

    /// The result of `pos` with best play by trying every line: 1 a win for
    /// the side to move, 0 a draw, -1 a loss.
    fn every_line(board: &Troll<S8>, pos: &Position<S8>) -> i32 {
        match board.status(pos) {
            Status::GameOver => match board.winner(pos) {
                None => 0,
                Some(c) if c == pos.side => 1,
                Some(_) => -1,
            },
            Status::MustPass => -every_line(board, &pos.passed()),
            Status::ToMove => Squares(board.moves(pos))
                .map(|sq| -every_line(board, &board.play_legal(pos, sq)))
                .max()
                .expect("a move"),
        }
    }

    #[test]
    fn the_proof_search_agrees_with_every_line_on_random_endings() {
        let board = Troll::new(&Map::empty(8).unwrap()).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut checked = 0;
        while checked < 40 {
            let mut pos = board.start();
            while board.status(&pos) != Status::GameOver && u64::count_ones(pos.me | pos.opp) < 55 {
                let moves: Vec<u32> = Squares(board.moves(&pos)).collect();
                pos = match moves.len() {
                    0 => pos.passed(),
                    n => board.play_legal(&pos, moves[rng.next_u32() as usize % n]),
                };
            }
            if board.status(&pos) == Status::GameOver {
                continue;
            }
            let (result, _, _) = searcher().prove(&pos, Budget::default(), None).unwrap();
            assert_eq!(result, every_line(&board, &pos), "{pos:?}");
            checked += 1;
        }
    }

    #[test]
    fn greedy_shortens_its_own_chain() {
        let board = Troll::new(&Map::empty(8).unwrap()).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let pos = one_to_go(Colour::Black);
        assert_eq!(name(Some(greedy(&board, &pos, &mut rng))), "d8");
    }
}
