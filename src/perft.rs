//! Perft: the number of move sequences of a given length, the standard check
//! of a move generator. A pass is a ply; a game that ends early is one leaf.
//!
//! [`plain`] is the definition, one position at a time, through the
//! [`Rules`] alone; [`walk_all`] counts the same for any game with the last
//! ply in bulk, and [`stream`] in batches and streams of positions for the
//! Reversi family. A game counts through [`Perft::perft_all`].

pub mod plain;
mod stream;

use crate::bits::{Bits, Size, Squares};
use crate::position::Position;
use crate::rules::{Board, Rules, Troll};

/// Perft from the Othello start at depths 1 to 12, as published (see
/// docs/rules.md, "Counting positions").
pub const OTHELLO_PERFT: [u64; 12] = [
    4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800, 1939886636,
];

/// Perft over a game's [`Rules`]: each game counts with [`walk_all`] unless
/// it has a faster walk of its own.
pub trait Perft<S: Size>: Rules<S> {
    /// Leaves at every depth `1..=depth` below `pos` (element `d - 1` is
    /// perft `d`).
    fn perft_all(&self, pos: &Position<S>, depth: u32) -> Vec<u64> {
        walk_all(self, pos, depth)
    }

    /// Leaves of the game tree `depth` plies below `pos`.
    fn perft(&self, pos: &Position<S>, depth: u32) -> u64 {
        self.perft_all(pos, depth).last().copied().unwrap_or(1)
    }
}

/// The streamed walk.
impl<S: Size> Perft<S> for Board<S> {
    fn perft_all(&self, pos: &Position<S>, depth: u32) -> Vec<u64> {
        stream::perft_all(self, pos, depth)
    }
}

impl<S: Size> Perft<S> for Troll<S> {}

/// Leaves at every depth `1..=depth` below `pos` (element `d - 1` is perft
/// `d`), one position at a time through `rules`, the last ply counted in
/// bulk: what [`Perft::perft_all`] does for a game with no faster walk.
pub fn walk_all<S: Size, R: Rules<S>>(rules: &R, pos: &Position<S>, depth: u32) -> Vec<u64> {
    let mut counts = vec![0; depth as usize];
    if depth > 0 {
        walk(rules, pos, 0, &mut counts);
    }
    counts
}

/// Adds the leaves below `pos`, which stands `ply` plies below the root, to
/// `counts`.
fn walk<S: Size, R: Rules<S>>(rules: &R, pos: &Position<S>, ply: usize, counts: &mut [u64]) {
    let moves = rules.moves(pos);
    if moves.is_empty() {
        let passed = pos.passed();
        if rules.moves(&passed).is_empty() {
            // The game is over: one leaf at every depth beyond this one.
            for c in &mut counts[ply..] {
                *c += 1;
            }
            return;
        }
        counts[ply] += 1;
        if ply + 1 < counts.len() {
            walk(rules, &passed, ply + 1, counts);
        }
        return;
    }
    counts[ply] += u64::from(moves.count());
    if ply + 1 < counts.len() {
        for sq in Squares(moves) {
            walk(rules, &rules.play_legal(pos, sq), ply + 1, counts);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::{Bits, S10, S6, S8};
    use crate::map::{Counts, Map};
    use crate::rules::tests::random_reply;
    use crate::rules::{Board, Variant};
    use rand_core::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Random positions on random maps: the streamed walk agrees with the
    /// plain one at every depth, through passes and finished games. Returns
    /// the most moves of one of the positions walked from.
    fn agree<S: Size>(rng: &mut Xoshiro256PlusPlus, depth: u32) -> u32 {
        let n = S::N;
        let mut most = 0;
        for game in 0..40 {
            let variant = [Variant::Mapello, Variant::Othello, Variant::Reversi][game % 3];
            let counts = if variant == Variant::Mapello {
                Counts {
                    walls: rng.next_u32() % (n * n / 4),
                    bonuses: rng.next_u32() % 4,
                    jokers: rng.next_u32() % (4 * n + 5),
                }
            } else {
                Counts::default()
            };
            let board = Board::<S>::new(variant, &Map::random(n, counts, rng).unwrap()).unwrap();
            let mut pos = board.start();
            let plies = rng.next_u32() % (n * n);
            for _ in 0..plies {
                let Some(next) = random_reply(&board, &pos, rng) else {
                    break;
                };
                pos = next;
            }
            most = most.max(board.moves(&pos).count());
            assert_eq!(
                stream::perft_all(&board, &pos, depth),
                plain::perft_all(&board, &pos, depth),
                "{variant:?} after {plies} plies"
            );
        }
        most
    }

    #[test]
    fn the_streamed_walk_agrees_with_the_plain_one() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        agree::<S6>(&mut rng, 5);
        agree::<S8>(&mut rng, 5);
        // Some walk starts from a node with more children than one batch.
        assert!(agree::<S10>(&mut rng, 4) > stream::BATCH as u32);
    }

    #[test]
    fn the_walk_of_any_game_agrees_with_the_plain_one_on_troll() {
        let troll = crate::rules::Troll::<S8>::new(&Map::empty(8).unwrap()).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for game in 0..12 {
            let mut pos = troll.start();
            for _ in 0..game * 5 {
                let Some(next) = random_reply(&troll, &pos, &mut rng) else {
                    break;
                };
                pos = next;
            }
            let depth = if game < 6 { 2 } else { 3 };
            assert_eq!(
                troll.perft_all(&pos, depth),
                plain::perft_all(&troll, &pos, depth),
                "game {game}"
            );
        }
    }

    #[test]
    fn the_plain_walk_counts_the_published_othello_figures() {
        let board = Board::<S8>::new(Variant::Othello, &Map::empty(8).unwrap()).unwrap();
        let counts = plain::perft_all(&board, &board.start(), 6);
        assert_eq!(counts, OTHELLO_PERFT[..6]);
    }
}
