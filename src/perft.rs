//! Perft: the number of move sequences of a given length, the standard check
//! of a move generator. A pass is a ply; a game that ends early is one leaf.
//!
//! [`plain`] is the definition, one position at a time; [`stream`] counts
//! the same in batches and streams of positions, and is what the rest of
//! the crate calls.

pub mod plain;
mod stream;

use crate::bits::Size;
use crate::position::Position;
use crate::rules::Board;

pub use stream::perft_all;

/// Perft from the Othello start at depths 1 to 12, as published (see
/// docs/rules.md, "Counting positions").
pub const OTHELLO_PERFT: [u64; 12] = [
    4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800, 1939886636,
];

/// Leaves of the game tree `depth` plies below `pos`.
pub fn perft<S: Size>(board: &Board<S>, pos: &Position<S>, depth: u32) -> u64 {
    perft_all(board, pos, depth).last().copied().unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::{Bits, S10, S6, S8};
    use crate::map::{Counts, Map};
    use crate::rules::tests::random_reply;
    use crate::rules::Variant;
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
                perft_all(&board, &pos, depth),
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
    fn the_plain_walk_counts_the_published_othello_figures() {
        let board = Board::<S8>::new(Variant::Othello, &Map::empty(8).unwrap()).unwrap();
        let counts = plain::perft_all(&board, &board.start(), 6);
        assert_eq!(counts, OTHELLO_PERFT[..6]);
    }
}
