//! Players for matches: the AI levels, the levels with the hand-made
//! evaluation (`classic:<level>`, to measure the learned one against), the
//! levels with the network alone, without the Othello pattern tables
//! (`net1:<level>`, likewise), and
//! three baselines — `random`, `greedy` (most discs flipped plus bonus
//! points, ties at random) and `uct:<playouts>` (plain Monte-Carlo tree
//! search with random playouts).

use std::fmt;
use std::str::FromStr;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use thiserror::Error;

use crate::bits::{Bits, Size, Squares};
use crate::position::{Colour, Position};
use crate::rules::{Rules, Status};

use super::budget::Budget;
use super::engine::{pick, Engine, Evaluation, MAX_PARTS};
use super::levels::{Level, MAX_LEVEL};
use super::search::{Options, Part};
use super::tt;
use super::{combine, BestMove};
use crate::square::Move;

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An AI level, 1 ..= [`MAX_LEVEL`].
    Level(u32),
    /// An AI level searching with the hand-made evaluation.
    Classic(u32),
    /// An AI level searching with the learned network alone, as the
    /// levels did before the pattern tables.
    Net1(u32),
    /// An AI level as it was before the opening book and the win-draw-loss
    /// solves ([`Level::plain`]).
    Plain(u32),
    /// An AI level as the page plays it with this many workers (1 to
    /// [`MAX_PARTS`]): each move searched afresh, its root moves split
    /// between that many searches at once ([`super::Part`]).
    Split(u32, u32),
    /// A uniformly random legal move.
    Random,
    /// The move flipping most discs, plus bonus points; ties at random.
    Greedy,
    /// Monte-Carlo tree search (UCB1) with this many random playouts a move.
    Uct(u32),
}

/// Why a word names no [`Kind`] of player.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum KindError {
    /// A level (alone or after `classic:`, `net1:` or `plain:`) that is not 1 ..= [`MAX_LEVEL`].
    #[error("'{0}' is not a level: 1 to {MAX_LEVEL}")]
    Level(String),
    /// `split<k>:` with a count that is not 1 to [`MAX_PARTS`].
    #[error("'{0}' is not a number of searches: 1 to {MAX_PARTS}")]
    Parts(String),
    /// `uct:` with a count that is not a whole number from 1.
    #[error("'{0}' is not a number of playouts: 1 or more")]
    Playouts(String),
    /// Neither a level nor a player's name.
    #[error("'{0}' is not a player: 1 to {MAX_LEVEL}, classic:<level>, net1:<level>, split<searches>:<level>, random, greedy or uct:<playouts>")]
    Unknown(String),
}

impl FromStr for Kind {
    type Err = KindError;

    fn from_str(text: &str) -> Result<Kind, KindError> {
        let level = |k: &str| {
            k.parse()
                .ok()
                .filter(|k| (1..=MAX_LEVEL).contains(k))
                .ok_or_else(|| KindError::Level(k.to_string()))
        };
        match text {
            "random" => Ok(Kind::Random),
            "greedy" => Ok(Kind::Greedy),
            _ => {
                if let Some(n) = text.strip_prefix("uct:") {
                    return match n.parse() {
                        Ok(n) if n > 0 => Ok(Kind::Uct(n)),
                        _ => Err(KindError::Playouts(n.to_string())),
                    };
                }
                if let Some(k) = text.strip_prefix("classic:") {
                    return level(k).map(Kind::Classic);
                }
                if let Some(k) = text.strip_prefix("plain:") {
                    return level(k).map(Kind::Plain);
                }
                if let Some(k) = text.strip_prefix("net1:") {
                    return level(k).map(Kind::Net1);
                }
                if let Some((count, k)) = text
                    .strip_prefix("split")
                    .and_then(|rest| rest.split_once(':'))
                {
                    let count = count
                        .parse()
                        .ok()
                        .filter(|c| (1..=MAX_PARTS).contains(c))
                        .ok_or_else(|| KindError::Parts(count.to_string()))?;
                    return level(k).map(|k| Kind::Split(k, count));
                }
                if !text.starts_with(|c: char| c.is_ascii_digit()) {
                    return Err(KindError::Unknown(text.to_string()));
                }
                level(text).map(Kind::Level)
            }
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Level(k) => write!(f, "{k}"),
            Kind::Classic(k) => write!(f, "classic:{k}"),
            Kind::Plain(k) => write!(f, "plain:{k}"),
            Kind::Net1(k) => write!(f, "net1:{k}"),
            Kind::Split(k, count) => write!(f, "split{count}:{k}"),
            Kind::Random => write!(f, "random"),
            Kind::Greedy => write!(f, "greedy"),
            Kind::Uct(n) => write!(f, "uct:{n}"),
        }
    }
}

/// A player for one game of the rules `R`.
#[derive(Clone, Debug)]
pub struct Player<S: Size, R: Engine<S>> {
    kind: Kind,
    /// Time a move, replacing the level's node budget.
    time_ms: Option<f64>,
    rng: Xoshiro256PlusPlus,
    searcher: Option<R::Searcher>,
}

impl<S: Size, R: Engine<S>> Player<S, R> {
    /// A player of `kind` on `board`, its choices drawn from `seed`; a
    /// level thinks `time_ms` a move when given, instead of its budget.
    pub fn new(kind: Kind, board: &R, seed: u64, time_ms: Option<f64>) -> Player<S, R> {
        let bits = match kind {
            Kind::Level(k) | Kind::Classic(k) | Kind::Plain(k) | Kind::Net1(k)
                if k >= 6 || time_ms.is_some() =>
            {
                Some(tt::bits::LARGE)
            }
            Kind::Level(_) | Kind::Classic(_) | Kind::Plain(_) | Kind::Net1(_) => {
                Some(tt::bits::SMALL)
            }
            _ => None,
        };
        let evaluation = match kind {
            Kind::Classic(_) => Evaluation::HandMade,
            Kind::Net1(_) => Evaluation::Network,
            _ => Evaluation::Best,
        };
        Player {
            kind,
            time_ms,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            searcher: bits.map(|b| board.searcher(b, evaluation)),
        }
    }

    /// `level`'s search options for this player's next move: a fresh
    /// seed, and its time a move in place of the level's budget when given.
    fn options(&mut self, level: Level) -> Options {
        let mut options = level.options(S::N, self.rng.next_u64());
        if let Some(ms) = self.time_ms {
            options.budget = Budget::time(ms);
        }
        options
    }

    /// The move to play in `pos` (`None`: the side to move must pass or
    /// the game is over).
    pub fn choose(&mut self, board: &R, pos: &Position<S>) -> Option<u32> {
        let moves = board.moves(pos);
        if moves.is_empty() {
            return None;
        }
        match self.kind {
            Kind::Level(k) | Kind::Classic(k) | Kind::Plain(k) | Kind::Net1(k) => {
                let level = Level::get(k).expect("levels are checked when parsed");
                let level = match self.kind {
                    Kind::Plain(_) => level.plain(),
                    _ => level,
                };
                let mut options = self.options(level);
                // The hand-made evaluation's players stay as they were.
                options.book &= !matches!(self.kind, Kind::Classic(_));
                let searcher = self.searcher.as_mut().expect("levels have a searcher");
                board.choose(searcher, pos, &options)
            }
            Kind::Split(k, count) => {
                let level = Level::get(k).expect("levels are checked when parsed");
                split(board, pos, &self.options(level), count)
            }
            Kind::Random => Some(pick(moves, &mut self.rng)),
            Kind::Greedy => Some(board.greedy(pos, &mut self.rng)),
            Kind::Uct(playouts) => Some(uct(board, pos, playouts, &mut self.rng)),
        }
    }
}

/// The move of a search of `pos` split into at most `count` parts, each
/// in a thread of its own, as the page's workers run them.
fn split<S: Size, R: Engine<S>>(
    board: &R,
    pos: &Position<S>,
    options: &Options,
    count: u32,
) -> Option<u32> {
    let count = board.parts(pos, options, count);
    let reports: Vec<Vec<BestMove>> = std::thread::scope(|scope| {
        let searches: Vec<_> = (0..count)
            .map(|index| {
                let options = Options {
                    part: (count > 1).then_some(Part { index, count }),
                    ..*options
                };
                scope.spawn(move || {
                    let mut reports = Vec::new();
                    board.best_move(pos, &options, None, &mut |b| reports.push(b.clone()));
                    reports
                })
            })
            .collect();
        searches
            .into_iter()
            .map(|s| s.join().expect("a search does not panic"))
            .collect()
    });
    match combine(&reports)?.best {
        Move::Play(sq) => Some(sq.index()),
        Move::Pass => None,
    }
}

/// A node of the Monte-Carlo tree.
struct Node<S: Size> {
    pos: Position<S>,
    /// Moves not expanded yet (a pass is a move when there is none).
    untried: Vec<Option<u32>>,
    children: Vec<(Option<u32>, usize)>,
    visits: f64,
    /// Sum of results for the player who moved into this node.
    wins: f64,
    terminal: bool,
}

impl<S: Size> Node<S> {
    fn new(board: &impl Rules<S>, pos: Position<S>) -> Node<S> {
        let (untried, terminal) = match board.status(&pos) {
            Status::ToMove => (Squares(board.moves(&pos)).map(Some).collect(), false),
            Status::MustPass => (vec![None], false),
            Status::GameOver => (Vec::new(), true),
        };
        Node {
            pos,
            untried,
            children: Vec::new(),
            visits: 0.0,
            wins: 0.0,
            terminal,
        }
    }
}

fn step<S: Size>(board: &impl Rules<S>, pos: &Position<S>, mv: Option<u32>) -> Position<S> {
    match mv {
        Some(sq) => board.play_legal(pos, sq),
        None => pos.passed(),
    }
}

/// 1 for a win of `c`, 0.5 for a draw, 0 for a loss.
fn result<S: Size>(board: &impl Rules<S>, pos: &Position<S>, c: Colour) -> f64 {
    match board.winner(pos) {
        Some(w) if w == c => 1.0,
        None => 0.5,
        Some(_) => 0.0,
    }
}

/// Plain UCT: UCB1 selection, one expansion per playout, random playouts;
/// plays the most visited move.
fn uct<S: Size>(
    board: &impl Rules<S>,
    pos: &Position<S>,
    playouts: u32,
    rng: &mut Xoshiro256PlusPlus,
) -> u32 {
    const EXPLORATION: f64 = std::f64::consts::SQRT_2;
    let mut tree = vec![Node::new(board, *pos)];
    for _ in 0..playouts {
        let mut path = vec![0usize];
        let mut at = 0;
        // Select.
        while tree[at].untried.is_empty() && !tree[at].terminal {
            let parent_visits = tree[at].visits.ln();
            let (_, next) = tree[at]
                .children
                .iter()
                .map(|&(_, c)| {
                    let n = &tree[c];
                    let ucb = n.wins / n.visits + EXPLORATION * (parent_visits / n.visits).sqrt();
                    (ucb, c)
                })
                .fold((f64::MIN, 0), |a, b| if b.0 > a.0 { b } else { a });
            at = next;
            path.push(at);
        }
        // Expand.
        if !tree[at].untried.is_empty() {
            let k = rng.next_u32() as usize % tree[at].untried.len();
            let mv = tree[at].untried.swap_remove(k);
            let child = Node::new(board, step(board, &tree[at].pos, mv));
            tree.push(child);
            let c = tree.len() - 1;
            tree[at].children.push((mv, c));
            at = c;
            path.push(at);
        }
        // Play out.
        let mut p = tree[at].pos;
        loop {
            let moves = board.moves(&p);
            if moves.is_empty() {
                let passed = p.passed();
                if board.moves(&passed).is_empty() {
                    break;
                }
                p = passed;
                continue;
            }
            p = board.play_legal(&p, pick(moves, rng));
        }
        // Back up, each node scored for the player who moved into it.
        for &n in &path {
            let mover = tree[n].pos.side.other();
            tree[n].visits += 1.0;
            tree[n].wins += result(board, &p, mover);
        }
    }
    tree[0]
        .children
        .iter()
        .max_by(|a, b| tree[a.1].visits.total_cmp(&tree[b.1].visits))
        .and_then(|&(mv, _)| mv)
        .unwrap_or_else(|| pick(board.moves(pos), rng))
}

#[cfg(test)]
mod kind_tests {
    use super::*;

    #[test]
    fn every_kind_of_level_reads_back_as_it_is_written() {
        for kind in [
            Kind::Level(8),
            Kind::Classic(3),
            Kind::Plain(10),
            Kind::Net1(8),
            Kind::Split(10, 2),
        ] {
            assert_eq!(kind.to_string().parse::<Kind>(), Ok(kind));
        }
        assert_eq!("net1:8".parse::<Kind>(), Ok(Kind::Net1(8)));
    }

    #[test]
    fn a_word_that_is_no_player_says_which_part_is_wrong() {
        let err = |text: &str| text.parse::<Kind>().unwrap_err();
        assert_eq!(err("0"), KindError::Level("0".into()));
        assert_eq!(err("classic:11"), KindError::Level("11".into()));
        assert_eq!(err("net1:0"), KindError::Level("0".into()));
        assert_eq!(err("uct:0"), KindError::Playouts("0".into()));
        assert_eq!(err("split5:9"), KindError::Parts("5".into()));
        assert_eq!(err("split0:9"), KindError::Parts("0".into()));
        assert_eq!(err("split2:11"), KindError::Level("11".into()));
        assert_eq!(err("uct:"), KindError::Playouts(String::new()));
        assert_eq!(err("best"), KindError::Unknown("best".into()));
        assert_eq!(err(""), KindError::Unknown(String::new()));
        assert_eq!(
            err("best").to_string(),
            format!(
                "'best' is not a player: 1 to {MAX_LEVEL}, classic:<level>, net1:<level>, split<searches>:<level>, random, greedy or uct:<playouts>"
            )
        );
        assert_eq!(
            err("99").to_string(),
            format!("'99' is not a level: 1 to {MAX_LEVEL}")
        );
    }
}
