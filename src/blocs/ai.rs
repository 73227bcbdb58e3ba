//! Players for Blocs, from a beginner to perfect play, and hints.
//!
//! | level | plays the solver's move | otherwise looks ahead |
//! |---|---|---|
//! | 1 | never | 1 ply: takes a move that ends the game |
//! | 2 | 3 moves in 10 | 2 plies: also avoids handing the opponent the last move |
//! | 3 | 6 moves in 10 | 2 plies |
//! | 4 | 17 moves in 20 | 2 plies |
//! | 5 | always | (perfect play) |
//!
//! Past its lookahead a level chooses at random among the moves it cannot
//! tell apart, as a player who does not know the theory would. Every choice
//! is drawn from the seed, so games replay exactly.
//!
//! The perfect player moves where the opponent has the fewest winning
//! replies: none when it can win, and in a lost position the fewest there
//! are, so that a fallible opponent is most likely to err.

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::moves::Move;
use super::position::Position;
use super::solver::Solver;
use super::square::Player;

/// One level's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// Chance of playing the solver's move on each turn (1 is perfect play).
    pub accuracy: f64,
    /// Plies searched to the end of the game on the other turns.
    pub lookahead: u32,
}

/// Every level, weakest first (level `k` is `LEVELS[k - 1]`).
pub const LEVELS: [Level; 5] = [
    Level {
        accuracy: 0.0,
        lookahead: 1,
    },
    Level {
        accuracy: 0.3,
        lookahead: 2,
    },
    Level {
        accuracy: 0.6,
        lookahead: 2,
    },
    Level {
        accuracy: 0.85,
        lookahead: 2,
    },
    Level {
        accuracy: 1.0,
        lookahead: 0,
    },
];

/// The strongest level, perfect play.
pub const MAX_LEVEL: u32 = LEVELS.len() as u32;

impl Level {
    /// Level `k` (1-based), if it exists.
    pub fn get(k: u32) -> Option<Level> {
        LEVELS.get((k as usize).checked_sub(1)?).copied()
    }
}

/// Every winning move of the player to move, in the order of [`Position::moves`].
pub fn hints(pos: &Position) -> Vec<Move> {
    Solver::shared().winning_moves(pos)
}

/// A player of one level, its choices drawn from a seed.
pub struct Ai {
    level: Level,
    rng: Xoshiro256PlusPlus,
    solver: &'static Solver,
}

/// What a limited lookahead knows of a position, for the player to move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seen {
    Win,
    Loss,
    Unknown,
}

/// The outcome for the player to move as far as `depth` plies show it.
fn look(pos: &Position, depth: u32) -> Seen {
    if pos.is_over() {
        return Seen::Loss;
    }
    if depth == 0 {
        return Seen::Unknown;
    }
    let mut seen = Seen::Loss;
    for m in pos.moves() {
        match look(&pos.play_unchecked(m), depth - 1) {
            Seen::Loss => return Seen::Win,
            Seen::Unknown => seen = Seen::Unknown,
            Seen::Win => {}
        }
    }
    seen
}

impl Ai {
    /// A player of `level` whose choices are drawn from `seed`.
    pub fn new(level: Level, seed: u64) -> Ai {
        Ai {
            level,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            solver: Solver::shared(),
        }
    }

    /// The move to play, or `None` once the game is over.
    pub fn choose(&mut self, pos: &Position) -> Option<Move> {
        if pos.is_over() {
            return None;
        }
        // 53 random bits give a uniform fraction in [0, 1).
        let roll = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        if roll < self.level.accuracy {
            Some(self.perfect(pos))
        } else {
            Some(self.limited(pos))
        }
    }

    fn pick(&mut self, moves: &[Move]) -> Move {
        moves[self.rng.next_u32() as usize % moves.len()]
    }

    /// A move leaving the opponent the fewest winning replies: none at all
    /// in a won position, and in a lost one the best chance that a fallible
    /// opponent goes wrong.
    fn perfect(&mut self, pos: &Position) -> Move {
        let moves = pos.moves();
        let replies: Vec<usize> = moves
            .iter()
            .map(|&m| self.solver.winning_moves(&pos.play_unchecked(m)).len())
            .collect();
        self.pick_least(moves, &replies)
    }

    /// A random one of the moves whose cost is least.
    fn pick_least<T: Ord + Copy>(&mut self, moves: Vec<Move>, cost: &[T]) -> Move {
        let least = cost.iter().copied().min();
        let best: Vec<Move> = moves
            .into_iter()
            .zip(cost)
            .filter(|&(_, &c)| Some(c) == least)
            .map(|(m, _)| m)
            .collect();
        self.pick(&best)
    }

    /// A move chosen with the level's lookahead only.
    fn limited(&mut self, pos: &Position) -> Move {
        let moves = pos.moves();
        let depth = self.level.lookahead.saturating_sub(1);
        // The opponent's loss is our win, so rank it first; unknown next.
        let rank = |m: Move| match look(&pos.play_unchecked(m), depth) {
            Seen::Loss => 0,
            Seen::Unknown => 1,
            Seen::Win => 2,
        };
        let ranks: Vec<u8> = moves.iter().map(|&m| rank(m)).collect();
        self.pick_least(moves, &ranks)
    }
}

/// Plays a game from `start` between `x` and `o`; returns the winner and the moves.
pub fn play_game(start: &Position, x: &mut Ai, o: &mut Ai) -> (Player, Vec<Move>) {
    let mut pos = *start;
    let mut moves = Vec::new();
    loop {
        let ai = match pos.to_move() {
            Player::X => &mut *x,
            Player::O => &mut *o,
        };
        let Some(m) = ai.choose(&pos) else {
            return (pos.to_move().other(), moves);
        };
        pos = pos.play_unchecked(m);
        moves.push(m);
    }
}
