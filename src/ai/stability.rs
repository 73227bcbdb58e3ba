//! Stable discs: discs no sequence of moves can ever flip. Walls and the
//! plain board edge shield a disc; jokers on the ring do not.

use crate::bits::{shift, Bits, Size};

use super::terrain::Terrain;

/// The four axes as pairs of opposite directions.
const AXES: [(usize, usize); 4] = [(0, 1), (2, 3), (4, 5), (6, 7)];

impl<S: Size> Terrain<S> {
    /// Squares whose whole line along each axis (up to walls and edges) is
    /// full, so no move on that line can ever flip them, one set per axis.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    pub fn full_lines(&self, empties: S::B) -> [S::B; 4] {
        let mut full = [S::B::ZERO; 4];
        for (a, &(d, e)) in AXES.iter().enumerate() {
            let mut open = empties;
            for _ in 0..S::N - 1 {
                let grown = open | ((shift::<S>(open, d) | shift::<S>(open, e)) & self.playable);
                if grown == open {
                    break;
                }
                open = grown;
            }
            full[a] = self.playable & !open;
        }
        full
    }

    /// The discs of `me` that can never be flipped, whatever is played.
    ///
    /// A disc is safe along an axis when that line is full, or when one of
    /// its neighbours on the axis is a blocker (a wall, or the edge with no
    /// joker beyond) or a disc of its own colour already known stable:
    /// flipping it would flip that neighbour too, or need an anchor there.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    pub fn stable(&self, me: S::B, opp: S::B) -> S::B {
        let full = self.full_lines(self.empties(me, opp));
        let mut fixed = [S::B::ZERO; 4];
        for (a, &(d, e)) in AXES.iter().enumerate() {
            fixed[a] = full[a] | self.blocked[d] | self.blocked[e];
        }
        let mut stable = S::B::ZERO;
        loop {
            let mut next = me;
            for (a, &(d, e)) in AXES.iter().enumerate() {
                next &= fixed[a] | shift::<S>(stable, d) | shift::<S>(stable, e);
            }
            if next == stable {
                return stable;
            }
            stable = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ai::terrain::Terrain;
    use crate::bits::S6;
    use crate::map::{Counts, Map};
    use crate::position::Position;
    use crate::rules::tests::random_reply;
    use crate::rules::{Board, Rules, Variant};
    use rand_core::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn othello_corner_and_its_edge_run_are_stable() {
        let board =
            Board::<crate::bits::S8>::new(Variant::Othello, &Map::empty(8).unwrap()).unwrap();
        let terrain = Terrain::new(&board);
        let me: u64 = 0b111 | 1 << 8;
        let opp: u64 = 1 << 27;
        assert_eq!(terrain.stable(me, opp), me);
        assert_eq!(terrain.stable(0b110, opp), 0);
    }

    /// Plays random games on random maps: a disc found stable at some point
    /// is never flipped later in the game.
    #[test]
    fn stable_discs_are_never_flipped_on_random_maps() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for _ in 0..300 {
            let counts = Counts {
                walls: rng.next_u32() % 9,
                bonuses: rng.next_u32() % 5,
                jokers: rng.next_u32() % 12,
            };
            let map = Map::random(6, counts, &mut rng).unwrap();
            let board = Board::<S6>::new(Variant::Mapello, &map).unwrap();
            let terrain = Terrain::new(&board);
            let mut pos: Position<S6> = board.start();
            let mut known = [0u64; 2];
            loop {
                for c in [pos.side, pos.side.other()] {
                    let (mine, theirs) = (pos.discs(c), pos.discs(c.other()));
                    assert_eq!(known[c.index()] & !mine, 0, "a stable disc was flipped");
                    known[c.index()] |= terrain.stable(mine, theirs);
                }
                let Some(next) = random_reply(&board, &pos, &mut rng) else {
                    break;
                };
                pos = next;
            }
        }
    }
}
