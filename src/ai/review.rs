//! Game review: for every move of a game, the best move of its position
//! and its value beside the value of the move played, and the points the
//! played move lost.
//!
//! A position with at most [`Options::exact`] empty squares is solved
//! exactly (the position, and the position after the move played when it
//! is not the best). Any other position is searched to [`Options::depth`]
//! plies and the position after the move played to one ply less, so both
//! values see equally far; should the played move come out better, it was
//! a best move and lost nothing. Either way the loss is never negative.
//! Values are whole points: the final margin the mover can expect, bonus
//! points already taken included. The review works on any variant and
//! board the search plays.
//!
//! Review levels, weakest first ([`Options::level`]):
//!
//! | level | midgame depth | exact from |
//! |---|---|---|
//! | 1 | 2 | 8 empties |
//! | 2 | 4 | 10 empties |
//! | 3 | 6 | 12 empties |
//! | 4 | 7 | 14 empties |
//! | 5 | 8 | 16 empties |
//!
//! A loss is classed by the points it gives away: an inaccuracy from
//! [`INACCURACY`] points, a mistake from [`MISTAKE`], a blunder from
//! [`BLUNDER`].
//!
//! Troll has no points: a game is won by a connection, and its search
//! values a position by chains ([`Unit::Chain`]). There a value is the
//! opponent's shortest chain less the mover's, in discs still to place
//! (at most 16 either way), or [`TROLL_WON`] (negated for a loss) when the
//! search proved the result. Both searches see the same horizon as in the
//! other games; a review is `exact` when both values are proven. A loss of
//! [`TROLL_INACCURACY`] steps is an inaccuracy, of [`TROLL_MISTAKE`] a
//! mistake, and only a move that throws away a proven win or walks into a
//! proven loss reaches [`TROLL_BLUNDER`].

use std::sync::atomic::{AtomicBool, Ordering};

use crate::bits::{Bits, Size};
use crate::game::AnyGame;
use crate::position::{Colour, Position};
use crate::rules::troll::Troll;
use crate::rules::{Board, MoveError, Rules};
use crate::square::{Move, Square};
use crate::symmetry;
use crate::transcript::{self, ReplayError};

use super::budget::Budget;
use super::eval::SCALE;
use super::pos::Pos;
use super::search::{self, Searcher};
use super::troll;
use super::tt;

/// Fewest points lost that make a move an inaccuracy.
pub const INACCURACY: i32 = 2;
/// Fewest points lost that make a move a mistake.
pub const MISTAKE: i32 = 5;
/// Fewest points lost that make a move a blunder.
pub const BLUNDER: i32 = 10;

/// Troll's value of a proven win; a proven loss is its negative.
pub const TROLL_WON: i32 = 100;
/// Fewest chain steps lost that make a Troll move an inaccuracy.
pub const TROLL_INACCURACY: i32 = 2;
/// Fewest chain steps lost that make a Troll move a mistake.
pub const TROLL_MISTAKE: i32 = 4;
/// Fewest chain steps lost that make a Troll move a blunder: more than
/// two unproven values (within 16 steps of even) can differ by, so only a
/// proven result thrown away reaches it.
pub const TROLL_BLUNDER: i32 = 50;

/// What a review's values count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Points of final margin (Mapello, Othello, Reversi).
    Points,
    /// Troll's chain steps, proven results as [`TROLL_WON`].
    Chain,
}

impl Unit {
    /// The class of a loss of `loss` in this unit; `None` below an inaccuracy.
    pub fn class(self, loss: i32) -> Option<Class> {
        let [inaccuracy, mistake, blunder] = match self {
            Unit::Points => [INACCURACY, MISTAKE, BLUNDER],
            Unit::Chain => [TROLL_INACCURACY, TROLL_MISTAKE, TROLL_BLUNDER],
        };
        match loss {
            l if l >= blunder => Some(Class::Blunder),
            l if l >= mistake => Some(Class::Mistake),
            l if l >= inaccuracy => Some(Class::Inaccuracy),
            _ => None,
        }
    }

    /// Its name, as the page reads it.
    pub fn name(self) -> &'static str {
        match self {
            Unit::Points => "points",
            Unit::Chain => "chain",
        }
    }

    /// The result `value` proves for the mover, if it is a proven value
    /// (Troll's [`TROLL_WON`] and its negative); points prove none.
    pub fn result(self, value: i32) -> Option<Proven> {
        match self {
            Unit::Chain if value >= TROLL_WON => Some(Proven::Won),
            Unit::Chain if value <= -TROLL_WON => Some(Proven::Lost),
            _ => None,
        }
    }
}

/// A result the search proved, for the mover: a value that is no count of
/// steps, and is read as won or lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proven {
    /// The mover wins with best play.
    Won,
    /// The mover loses with best play.
    Lost,
}

impl Proven {
    /// `won` or `lost`, as the command line and the page show it.
    pub fn name(self) -> &'static str {
        match self {
            Proven::Won => "won",
            Proven::Lost => "lost",
        }
    }
}

/// How bad a move was, by the points it lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// Lost [`INACCURACY`] points or more.
    Inaccuracy,
    /// Lost [`MISTAKE`] points or more.
    Mistake,
    /// Lost [`BLUNDER`] points or more.
    Blunder,
}

impl Class {
    /// The class of a move that lost `loss` points; `None` below an inaccuracy.
    pub fn of(loss: i32) -> Option<Class> {
        Unit::Points.class(loss)
    }

    /// Its name in lower case, as the command line and the page show it.
    pub fn name(self) -> &'static str {
        match self {
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

/// How deep a review looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Depth of the midgame search of every move, in plies.
    pub depth: u32,
    /// Positions with at most this many empty squares are solved exactly.
    pub exact: u32,
}

/// Midgame depth and exact limit of each review level, weakest first.
const LEVELS: [Options; 5] = [
    Options { depth: 2, exact: 8 },
    Options {
        depth: 4,
        exact: 10,
    },
    Options {
        depth: 6,
        exact: 12,
    },
    Options {
        depth: 7,
        exact: 14,
    },
    Options {
        depth: 8,
        exact: 16,
    },
];

/// The strongest review level.
pub const MAX_LEVEL: u32 = LEVELS.len() as u32;

/// The level the page and the command line use unless told otherwise: a
/// 60-move game on a walled map is reviewed in the browser in a few seconds.
pub const DEFAULT_LEVEL: u32 = 3;

impl Options {
    /// Review level `k` (1 to [`MAX_LEVEL`]), if it exists.
    pub fn level(k: u32) -> Option<Options> {
        LEVELS.get((k as usize).checked_sub(1)?).copied()
    }
}

/// What the review found for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveReview {
    /// What the values count.
    pub unit: Unit,
    /// Who played it.
    pub mover: Colour,
    /// The move played (a pass when the mover had none).
    pub played: Move,
    /// Its value for the mover.
    pub played_value: i32,
    /// A best move of the position.
    pub best: Move,
    /// Its value for the mover.
    pub best_value: i32,
    /// True when both values are exact.
    pub exact: bool,
    /// Empty squares when exact, else the depth searched.
    pub depth: u32,
}

impl MoveReview {
    /// Points the move played gave away (never negative).
    pub fn loss(&self) -> i32 {
        self.best_value - self.played_value
    }

    /// The class of the loss, if it is one.
    pub fn class(&self) -> Option<Class> {
        self.unit.class(self.loss())
    }

    /// The result the move played proves for the mover, if any.
    pub fn played_result(&self) -> Option<Proven> {
        self.unit.result(self.played_value)
    }

    /// The result the best move proves for the mover, if any.
    pub fn best_result(&self) -> Option<Proven> {
        self.unit.result(self.best_value)
    }

    /// True when the move played changed a proven result (threw away a
    /// win, or walked into a loss): its loss is then no count of steps.
    pub fn changed_result(&self) -> bool {
        let (played, best) = (self.played_result(), self.best_result());
        played != best && (played.is_some() || best.is_some())
    }

    /// A value for the mover turned into one for black.
    pub fn for_black(&self, value: i32) -> i32 {
        match self.mover {
            Colour::Black => value,
            Colour::White => -value,
        }
    }
}

/// Reviews `played`, a move of the current position of `game`; `Ok(None)`
/// when `cancel` was raised first. A move the rules refuse is an error.
pub fn review_move(
    game: &AnyGame,
    played: Move,
    options: &Options,
    cancel: Option<&AtomicBool>,
) -> Result<Option<MoveReview>, MoveError> {
    crate::with_game!(game, g => {
        let mut after = g.clone();
        after.play(played)?;
        let turn = Turn {
            board: g.rules(),
            before: g.position(),
            after: after.position(),
            played,
        };
        Ok(g.rules().review(&turn, options, cancel))
    })
}

/// What the review of `game` counts.
pub fn unit_of(game: &AnyGame) -> Unit {
    crate::with_game!(game, g => unit(g.rules()))
}

fn unit<S: Size, R: Reviewed<S>>(_: &R) -> Unit {
    R::UNIT
}

/// The move to review and the positions before and after it, which both
/// searches read.
pub struct Turn<'a, S: Size, R> {
    board: &'a R,
    before: &'a Position<S>,
    after: &'a Position<S>,
    played: Move,
}

impl<S: Size, R: Rules<S>> Turn<'_, S, R> {
    /// A search's best square as a move; none is a pass.
    fn to_move(&self, best: Option<u32>) -> Move {
        let n = self.board.map().size();
        best.and_then(|sq| Square::from_index(sq, n))
            .map_or(Move::Pass, Move::Play)
    }
}

/// The review of a game: `moves` played from the position of `start`, one
/// [`MoveReview`] per move (forced passes the moves leave out included),
/// each handed to `progress` as soon as it is found with its index and the
/// number of moves.
/// `Ok(None)` when `cancel` was raised first.
pub fn review_game(
    start: &AnyGame,
    moves: &[Move],
    options: &Options,
    cancel: Option<&AtomicBool>,
    progress: &mut dyn FnMut(usize, usize, &MoveReview),
) -> Result<Option<Vec<MoveReview>>, ReplayError> {
    let mut end = start.clone();
    transcript::replay(&mut end, moves)?;
    let played: Vec<Move> = end.moves().split_off(start.moves().len());
    let mut game = start.clone();
    let mut reviews = Vec::with_capacity(played.len());
    for (i, &mv) in played.iter().enumerate() {
        let review = review_move(&game, mv, options, cancel).expect("a replayed move is legal");
        let Some(review) = review else {
            return Ok(None);
        };
        progress(i, played.len(), &review);
        reviews.push(review);
        game.play(mv).expect("a replayed move is legal");
    }
    Ok(Some(reviews))
}

/// A game whose moves can be reviewed.
pub trait Reviewed<S: Size>: Rules<S> {
    /// What its review counts.
    const UNIT: Unit;

    /// The review of the move of `turn`; `None` when `cancel` was raised.
    fn review(
        &self,
        turn: &Turn<S, Self>,
        options: &Options,
        cancel: Option<&AtomicBool>,
    ) -> Option<MoveReview>;
}

/// In points.
impl<S: Size> Reviewed<S> for Board<S> {
    const UNIT: Unit = Unit::Points;

    fn review(
        &self,
        turn: &Turn<S, Board<S>>,
        options: &Options,
        cancel: Option<&AtomicBool>,
    ) -> Option<MoveReview> {
        review_reversi(turn, options, cancel)
    }
}

/// In chain steps.
impl<S: Size> Reviewed<S> for Troll<S> {
    const UNIT: Unit = Unit::Chain;

    fn review(
        &self,
        turn: &Turn<S, Troll<S>>,
        options: &Options,
        cancel: Option<&AtomicBool>,
    ) -> Option<MoveReview> {
        review_troll(turn, options, cancel)
    }
}

/// [`review_move`] for the Reversi family, in points.
fn review_reversi<S: Size>(
    turn: &Turn<S, Board<S>>,
    options: &Options,
    cancel: Option<&AtomicBool>,
) -> Option<MoveReview> {
    let played = turn.played;
    let p = Pos::of(turn.before);
    let taken = Pos::taken_margin(turn.before);
    let mut searcher = Searcher::new(turn.board, tt::bits::MEDIUM);
    let empties = searcher.terrain().empties(p.me, p.opp).count();
    let most = Pos::most_margin(turn.before, searcher.terrain().playable);
    let review = |best: Move, best_value: i32, played_value: i32, exact: bool, depth: u32| {
        Some(MoveReview {
            unit: Unit::Points,
            mover: turn.before.side,
            played,
            played_value: played_value.clamp(-most, most),
            best,
            best_value: best_value.clamp(-most, most),
            exact,
            depth,
        })
    };
    if empties <= options.exact {
        let (score, best) = exact(&mut searcher, p, cancel)?;
        let (best, best_value) = (turn.to_move(best), score + taken);
        if played == best {
            return review(best, best_value, best_value, true, empties);
        }
        let child = turn.after;
        let (reply, _) = exact(&mut searcher, Pos::of(child), cancel)?;
        let played_value = -(reply + Pos::taken_margin(child));
        return review(best, best_value, played_value, true, empties);
    }
    let depth = options.depth.min(empties);
    let found = searcher.search(p, &to_depth(depth), cancel, &mut |_| {});
    if cancelled(cancel) {
        return None;
    }
    let best_value = points(found.score) + taken;
    let best = turn.to_move(found.best);
    if played == best || played == Move::Pass {
        return review(best, best_value, best_value, false, depth);
    }
    // A mirror image of the best move is as good, whatever a second
    // search of it would say (the evaluation need not be symmetric).
    if twins(turn, played, best) {
        return review(played, best_value, best_value, false, depth);
    }
    // The played move searched one ply less from the position it left:
    // the same horizon as the best move's value.
    let child = turn.after;
    let reply = searcher.search(Pos::of(child), &to_depth(depth - 1), cancel, &mut |_| {});
    if cancelled(cancel) {
        return None;
    }
    let played_value = -(points(reply.score) + Pos::taken_margin(child));
    // Two searches may disagree by a point or two; a move the search of
    // the position missed is then as good as the one it found.
    if played_value > best_value {
        return review(played, played_value, played_value, false, depth);
    }
    review(best, best_value, played_value, false, depth)
}

/// True when moves `a` and `b` of `turn`'s position are images of each
/// other under a symmetry that leaves the board and the position as they
/// are ([`Board::symmetries_of`]).
fn twins<S: Size>(turn: &Turn<S, Board<S>>, a: Move, b: Move) -> bool {
    let (Move::Play(a), Move::Play(b)) = (a, b) else {
        return false;
    };
    turn.board
        .symmetries_of(turn.before)
        .into_iter()
        .any(|t| symmetry::image_square(t, S::N, a.index()) == b.index())
}

/// [`review_move`] for Troll, in chain steps: the Troll search of the
/// position to the level's depth beside that of the position after the
/// move played one ply less, as for the other games.
fn review_troll<S: Size>(
    turn: &Turn<S, Troll<S>>,
    options: &Options,
    cancel: Option<&AtomicBool>,
) -> Option<MoveReview> {
    let (played, position) = (turn.played, turn.before);
    let empties = (S::FULL & !(position.me | position.opp)).count();
    let mut searcher = troll::Searcher::new(turn.board, tt::bits::MEDIUM);
    let depth = options.depth.min(empties).max(1);
    let found = searcher.search(position, &to_depth(depth), cancel, &mut |_| {});
    if cancelled(cancel) {
        return None;
    }
    let best = turn.to_move(found.best);
    let review = |best: Move,
                  (best_value, best_proven): (i32, bool),
                  (played_value, played_proven): (i32, bool)| {
        let exact = best_proven && played_proven;
        Some(MoveReview {
            unit: Unit::Chain,
            mover: position.side,
            played,
            played_value,
            best,
            best_value,
            exact,
            depth: if exact { empties } else { depth },
        })
    };
    let best_value = chain(found.score);
    if played == best || played == Move::Pass {
        return review(best, best_value, best_value);
    }
    let reply = searcher.search(turn.after, &to_depth(depth - 1), cancel, &mut |_| {});
    if cancelled(cancel) {
        return None;
    }
    let played_value = chain(-reply.score);
    if played_value.0 > best_value.0 {
        return review(played, played_value, played_value);
    }
    review(best, best_value, played_value)
}

/// A Troll search score in chain steps, or [`TROLL_WON`] when proven, and
/// whether it is.
fn chain(score: i32) -> (i32, bool) {
    if troll::is_proven(score) {
        (TROLL_WON * score.signum(), true)
    } else {
        let steps = (f64::from(score) / f64::from(troll::eval::UNIT)).round() as i32;
        (steps.clamp(1 - TROLL_WON, TROLL_WON - 1), false)
    }
}

/// Search options that stop at `depth` plies, with no other limit.
fn to_depth(depth: u32) -> search::Options {
    search::Options {
        budget: Budget {
            depth: Some(depth),
            ..Budget::default()
        },
        ..search::Options::default()
    }
}

/// A search score in whole points.
fn points(score: i32) -> i32 {
    (f64::from(score) / f64::from(SCALE)).round() as i32
}

/// The exact future margin and best square of `p`, unless cancelled.
fn exact<S: Size>(
    searcher: &mut Searcher<S>,
    p: Pos<S>,
    cancel: Option<&AtomicBool>,
) -> Option<(i32, Option<u32>)> {
    searcher
        .solve(p, Budget::default(), cancel)
        .map(|(score, best, _)| (score, best))
}

fn cancelled(cancel: Option<&AtomicBool>) -> bool {
    cancel.is_some_and(|c| c.load(Ordering::Relaxed))
}

#[cfg(test)]
mod tests {
    use rand_core::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;
    use crate::caps;
    use crate::map::{Counts, Map};
    use crate::rules::{Status, Variant};

    /// A Mapello game on a walled 8 x 8 map, `plies` random moves in.
    fn random_game(seed: u64, plies: usize) -> AnyGame {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let counts = Counts {
            walls: 8,
            bonuses: 8,
            jokers: 8,
        };
        let map = Map::random(8, counts, &mut rng).unwrap();
        let mut game = AnyGame::new(Variant::Mapello, map).unwrap();
        for _ in 0..plies {
            match legal(&game).as_slice() {
                [] => break,
                moves => {
                    let mv = moves[rng.next_u32() as usize % moves.len()];
                    game.play(mv).unwrap();
                }
            }
        }
        game
    }

    /// The moves of the side to move (a pass when it must pass, none at the end).
    fn legal(game: &AnyGame) -> Vec<Move> {
        let snap = game.snapshot();
        match snap.status {
            Status::GameOver => Vec::new(),
            Status::MustPass => vec![Move::Pass],
            Status::ToMove => snap
                .legal
                .iter()
                .map(|m| game.parse_move(m).unwrap())
                .collect(),
        }
    }

    /// Black's final margin with perfect play, by trying every line: a
    /// check on the solver that shares none of its code.
    fn minimax_for_black(game: &AnyGame) -> i32 {
        let snap = game.snapshot();
        if snap.status == Status::GameOver {
            return snap.score[0] - snap.score[1];
        }
        let values = legal(game).into_iter().map(|mv| {
            let mut next = game.clone();
            next.play(mv).unwrap();
            minimax_for_black(&next)
        });
        if snap.to_move == Some(Colour::Black) {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    const EXACT_8: Options = Options { depth: 2, exact: 8 };

    #[test]
    fn each_of_othellos_four_first_moves_is_the_best_at_every_level() {
        // The four are one move up to a symmetry; the evaluation alone once
        // valued three of them 2 points below the fourth.
        let game = AnyGame::new(Variant::Othello, Map::empty(8).unwrap()).unwrap();
        for level in 1..=MAX_LEVEL {
            let options = Options::level(level).unwrap();
            for name in ["d3", "c4", "f5", "e6"] {
                let played = game.parse_move(name).unwrap();
                let r = review_move(&game, played, &options, None).unwrap().unwrap();
                assert_eq!(
                    (r.loss(), r.best),
                    (0, played),
                    "{name} at review level {level}"
                );
            }
        }
    }

    #[test]
    fn a_move_is_twinned_only_by_a_symmetry_of_the_whole_board() {
        let symmetries = |game: &AnyGame| {
            let AnyGame::S8(g) = game else {
                unreachable!("an 8 x 8 game of the Reversi family")
            };
            g.rules().symmetries_of(g.position()).len()
        };
        // On a map with pieces no symmetry holds: moves stay apart.
        assert_eq!(symmetries(&random_game(3, 0)), 0);
        // Othello's start keeps its two diagonal mirrors and the half turn.
        let othello = AnyGame::new(Variant::Othello, Map::empty(8).unwrap()).unwrap();
        assert_eq!(symmetries(&othello), 3);
        // After d3 none is left: the second moves are all apart.
        let mut after = othello.clone();
        after.play(othello.parse_move("d3").unwrap()).unwrap();
        assert_eq!(symmetries(&after), 0);
    }

    #[test]
    fn a_move_that_throws_away_ten_points_is_a_blunder_with_exact_values() {
        let mut found = 0;
        for seed in 0..12 {
            let mut game = random_game(seed, 200);
            while caps::empties(&game) < 7 && game.undo() {}
            if legal(&game).len() < 2 {
                continue;
            }
            let black = game.snapshot().to_move == Some(Colour::Black);
            let sign = if black { 1 } else { -1 };
            let values: Vec<(Move, i32)> = legal(&game)
                .into_iter()
                .map(|mv| {
                    let mut next = game.clone();
                    next.play(mv).unwrap();
                    (mv, sign * minimax_for_black(&next))
                })
                .collect();
            let best = values.iter().map(|&(_, v)| v).max().unwrap();
            let &(worst, worst_value) = values.iter().min_by_key(|&&(_, v)| v).unwrap();
            if best - worst_value < BLUNDER {
                continue;
            }
            let r = review_move(&game, worst, &EXACT_8, None).unwrap().unwrap();
            assert!(r.exact, "seed {seed}: {r:?}");
            assert_eq!(r.depth, caps::empties(&game), "seed {seed}");
            assert_eq!(
                (r.best_value, r.played_value),
                (best, worst_value),
                "seed {seed}"
            );
            assert_eq!(r.class(), Some(Class::Blunder), "seed {seed}");
            assert!(values.contains(&(r.best, best)), "seed {seed}: {r:?}");
            found += 1;
        }
        assert!(found >= 5, "only {found} positions with a blunder to check");
    }

    #[test]
    fn losses_are_never_negative_and_exact_only_within_the_limit() {
        let options = Options { depth: 2, exact: 8 };
        for seed in 100..104 {
            let end = random_game(seed, 200);
            let start = AnyGame::from_setup(&end.start_setup()).unwrap();
            let mut game = start.clone();
            let reviews = review_game(&start, &end.moves(), &options, None, &mut |_, _, _| {})
                .unwrap()
                .unwrap();
            assert_eq!(reviews.len(), end.moves().len());
            for (r, mv) in reviews.iter().zip(end.moves()) {
                let empties = caps::empties(&game);
                assert!(r.loss() >= 0, "seed {seed}: {r:?}");
                assert_eq!(r.played, mv);
                assert_eq!(r.exact, empties <= options.exact, "seed {seed}: {r:?}");
                let depth = if r.exact {
                    empties
                } else {
                    options.depth.min(empties)
                };
                assert_eq!(r.depth, depth, "seed {seed}: {r:?}");
                if r.played == r.best {
                    assert_eq!(r.loss(), 0);
                }
                game.play(mv).unwrap();
            }
        }
    }

    #[test]
    fn the_last_exact_value_is_the_final_score() {
        let end = random_game(7, 200);
        let mut last = end.clone();
        last.undo();
        let mv = *end.moves().last().unwrap();
        let r = review_move(&last, mv, &EXACT_8, None).unwrap().unwrap();
        let score = end.snapshot().score;
        assert_eq!(r.for_black(r.played_value), score[0] - score[1]);
    }

    #[test]
    fn an_illegal_move_is_refused_with_its_number() {
        let start = random_game(3, 0);
        let err =
            review_game(&start, &[Move::Pass], &EXACT_8, None, &mut |_, _, _| {}).unwrap_err();
        assert_eq!(err.index, 1);
        let err = review_move(&start, Move::Pass, &EXACT_8, None).unwrap_err();
        assert!(!err.to_string().is_empty());
    }

    #[test]
    fn a_raised_cancel_flag_stops_the_review() {
        let end = random_game(5, 200);
        let start = AnyGame::from_setup(&end.start_setup()).unwrap();
        let stop = AtomicBool::new(true);
        let options = Options::level(MAX_LEVEL).unwrap();
        let result = review_game(
            &start,
            &end.moves(),
            &options,
            Some(&stop),
            &mut |_, _, _| {},
        );
        assert_eq!(result, Ok(None));
    }

    #[test]
    fn classes_follow_the_documented_thresholds() {
        assert_eq!(Class::of(0), None);
        assert_eq!(Class::of(INACCURACY - 1), None);
        assert_eq!(Class::of(INACCURACY), Some(Class::Inaccuracy));
        assert_eq!(Class::of(MISTAKE - 1), Some(Class::Inaccuracy));
        assert_eq!(Class::of(MISTAKE), Some(Class::Mistake));
        assert_eq!(Class::of(BLUNDER - 1), Some(Class::Mistake));
        assert_eq!(Class::of(BLUNDER), Some(Class::Blunder));
        assert_eq!(Options::level(0), None);
        assert_eq!(Options::level(MAX_LEVEL + 1), None);
        assert!(Options::level(DEFAULT_LEVEL).is_some());
    }

    /// A Troll game where White, with Black's column d one disc from row 8,
    /// plays g7 instead of a block (e3, e5 or e7) and Black connects at d8.
    const TROLL_BLUNDER_GAME: &str = "d1 c5 d2 g2 d3 g3 d4 g4 d5 g5 d6 g6 d7 g7 d8";

    #[test]
    fn a_troll_move_that_lets_the_opponent_connect_is_a_blunder() {
        let start = AnyGame::new(Variant::Troll, Map::empty(8).unwrap()).unwrap();
        let moves = transcript::read(TROLL_BLUNDER_GAME, 8).unwrap();
        let reviews = review_game(&start, &moves, &EXACT_8, None, &mut |_, _, _| {})
            .unwrap()
            .unwrap();
        assert_eq!(reviews.len(), 15);
        let g7 = reviews[13];
        assert_eq!((g7.unit, g7.mover), (Unit::Chain, Colour::White));
        assert_eq!(g7.played_value, -TROLL_WON, "{g7:?}");
        assert!(g7.best_value.abs() < TROLL_WON, "{g7:?}");
        assert!(
            ["e3", "e5", "e7"].contains(&g7.best.name(8).as_str()),
            "{g7:?}"
        );
        assert_eq!(g7.class(), Some(Class::Blunder), "{g7:?}");
        let d8 = reviews[14];
        assert_eq!((d8.played_value, d8.loss()), (TROLL_WON, 0), "{d8:?}");
        assert!(d8.exact, "{d8:?}");
        let blunders = reviews.iter().filter(|r| r.class() == Some(Class::Blunder));
        assert_eq!(blunders.count(), 1, "{reviews:?}");
    }

    #[test]
    fn troll_classes_follow_the_documented_thresholds() {
        let chain = Unit::Chain;
        assert_eq!(chain, Unit::Chain);
        assert_eq!(chain.class(TROLL_INACCURACY - 1), None);
        assert_eq!(chain.class(TROLL_INACCURACY), Some(Class::Inaccuracy));
        assert_eq!(chain.class(TROLL_MISTAKE), Some(Class::Mistake));
        assert_eq!(chain.class(2 * 16 + 1), Some(Class::Mistake));
        assert_eq!(chain.class(TROLL_WON - 16), Some(Class::Blunder));
        assert_eq!(Unit::Points.class(BLUNDER), Some(Class::Blunder));
    }
}
