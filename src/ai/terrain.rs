//! What the map does to each square, computed once per board: which
//! neighbours block a flank, the square classes the evaluation weighs, and
//! the quadrants for parity; moves and flips come from the rules core.

use crate::bits::{Bits, Size, DIRECTIONS};
use crate::map::Piece;
use crate::rules::Board;

/// How a square relates to its neighbours for the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareClass {
    /// Axes (of 4) along which a disc here can ever be flipped.
    pub axes: u8,
    /// Next to a corner-like square: 0 none, 1 orthogonally (C-like), 2 diagonally (X-like).
    pub near_corner: u8,
}

impl SquareClass {
    /// Number of distinct classes.
    pub const COUNT: usize = 15;

    /// Index of the class, `0 .. COUNT`.
    pub fn index(self) -> usize {
        self.axes as usize * 3 + self.near_corner as usize
    }
}

/// The terrain of a board, what its walls and jokers make of each square,
/// for the search and the evaluation.
#[derive(Clone, Debug)]
pub struct Terrain<S: Size> {
    /// Inner squares that are not walls.
    pub playable: S::B,
    /// An 8 x 8 board without walls or jokers, where the last move's flips
    /// can be counted by the `last_flip` module.
    open8: bool,
    /// The rules core, whose move generation and flips the search shares.
    board: Board<S>,
    /// For each square: its neighbours.
    adjacent: Vec<S::B>,
    /// For direction `d`: squares whose neighbour that way is a wall, or off
    /// the board with no joker there, so nothing can flank them from that side.
    pub blocked: [S::B; 8],
    /// Squares no move can ever flip (every axis blocked on a side).
    pub corner_like: S::B,
    /// Squares orthogonally next to a corner-like square.
    pub c_like: S::B,
    /// Squares diagonally next to a corner-like square (and not C-like).
    pub x_like: S::B,
    /// Class of each square.
    pub classes: Vec<SquareClass>,
    /// The squares of each quadrant.
    pub quadrants: [S::B; 4],
}

impl<S: Size> Terrain<S> {
    /// The terrain of `board`'s map.
    pub fn new(board: &Board<S>) -> Terrain<S> {
        let n = S::N as i32;
        let squares = (n * n) as usize;
        let map = board.map();
        let walls = board.walls();
        let inner = |x: i32, y: i32| (0..n).contains(&x) && (0..n).contains(&y);
        let joker_at = |x: i32, y: i32| {
            !inner(x, y)
                && (-1..=n).contains(&x)
                && (-1..=n).contains(&y)
                && map.get((x + 1) as u32, (y + 1) as u32) == Some(Piece::Joker)
        };
        let wall_at = |x: i32, y: i32| inner(x, y) && walls.has((y * n + x) as u32);
        let bit = |x: i32, y: i32| S::B::bit((y * n + x) as u32);
        let mut blocked = [S::B::ZERO; 8];
        for y in 0..n {
            for x in 0..n {
                for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                    let (nx, ny) = (x + dx, y + dy);
                    if wall_at(nx, ny) || (!inner(nx, ny) && !joker_at(nx, ny)) {
                        blocked[d] |= bit(x, y);
                    }
                }
            }
        }
        let playable = S::FULL & !walls;
        let adjacent = (0..squares)
            .map(|i| {
                let b = S::B::bit(i as u32);
                (0..8).fold(S::B::ZERO, |a, d| a | crate::bits::shift::<S>(b, d))
            })
            .collect();
        // An axis can flank a square when a disc can be put on one side and
        // an anchor (disc or joker) can stand on the other.
        let placeable = |x: i32, y: i32| inner(x, y) && !wall_at(x, y);
        let anchorable = |x: i32, y: i32| placeable(x, y) || joker_at(x, y);
        let mut corner_like = S::B::ZERO;
        let mut axes_of = vec![0u8; squares];
        for y in 0..n {
            for x in 0..n {
                let mut axes = 0;
                for &(dx, dy) in DIRECTIONS.iter().step_by(2) {
                    let (ax, ay, bx, by) = (x + dx, y + dy, x - dx, y - dy);
                    if (placeable(ax, ay) && anchorable(bx, by))
                        || (placeable(bx, by) && anchorable(ax, ay))
                    {
                        axes += 1;
                    }
                }
                axes_of[(y * n + x) as usize] = axes;
                if axes == 0 && playable.has((y * n + x) as u32) {
                    corner_like |= bit(x, y);
                }
            }
        }
        let mut c_like = S::B::ZERO;
        let mut x_like = S::B::ZERO;
        for y in 0..n {
            for x in 0..n {
                let sq = bit(x, y);
                if (sq & (corner_like | walls)) != S::B::ZERO {
                    continue;
                }
                let near = |dx: i32, dy: i32| {
                    inner(x + dx, y + dy) && corner_like.has(((y + dy) * n + x + dx) as u32)
                };
                if near(1, 0) || near(-1, 0) || near(0, 1) || near(0, -1) {
                    c_like |= sq;
                } else if near(1, 1) || near(-1, -1) || near(1, -1) || near(-1, 1) {
                    x_like |= sq;
                }
            }
        }
        let classes = (0..squares)
            .map(|i| {
                let b = S::B::bit(i as u32);
                SquareClass {
                    axes: axes_of[i],
                    near_corner: if c_like & b != S::B::ZERO {
                        1
                    } else if x_like & b != S::B::ZERO {
                        2
                    } else {
                        0
                    },
                }
            })
            .collect();
        let half = n / 2;
        let mut quadrants = [S::B::ZERO; 4];
        for i in 0..squares as i32 {
            let q = usize::from(i % n >= half) + 2 * usize::from(i / n >= half);
            quadrants[q] |= S::B::bit(i as u32);
        }
        Terrain {
            playable,
            open8: S::N == 8 && walls.is_empty() && !board.has_jokers(),
            board: board.clone(),
            adjacent,
            blocked,
            corner_like,
            c_like,
            x_like,
            classes,
            quadrants,
        }
    }

    /// Free squares (empty or untaken bonus) given the discs.
    #[inline(always)]
    pub fn empties(&self, me: S::B, opp: S::B) -> S::B {
        self.playable & !(me | opp)
    }

    /// The value of a finished game for the side to move: its discs minus
    /// the opponent's, under the variant's scoring (bonuses are counted as
    /// they are taken).
    #[inline]
    pub fn final_score(&self, me: S::B, opp: S::B) -> i32 {
        let diff = me.count() as i32 - opp.count() as i32;
        self.board.final_margin_of(diff, || me | opp)
    }

    /// Legal moves for `me` against `opp`.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    pub fn moves(&self, me: S::B, opp: S::B) -> S::B {
        self.board.moves_of(me, opp)
    }

    /// The moves of both sides: `[moves(me, opp), moves(opp, me)]`.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    pub fn moves_both(&self, me: S::B, opp: S::B) -> [S::B; 2] {
        self.board.moves_both(me, opp)
    }

    /// Discs of `opp` flipped when `me` plays on `sq` (empty when none).
    /// A square with no opponent disc next to it flips nothing, whatever
    /// the rules' longer test would find: the search asks this often.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    pub fn flips(&self, me: S::B, opp: S::B, sq: u32) -> S::B {
        if (self.adjacent[sq as usize] & opp).is_empty() {
            return S::B::ZERO;
        }
        self.board.flips_of(me, opp, sq)
    }

    /// How many discs `me` flips by playing on `sq`, the only empty square
    /// left (0 when it cannot play there).
    #[inline(always)]
    pub fn last_flips(&self, me: S::B, opp: S::B, sq: u32) -> u32 {
        if self.open8 {
            super::last_flip::count(me.to_u128() as u64, sq)
        } else {
            self.flips(me, opp, sq).count()
        }
    }

    /// The squares of `b` and every square next to one (in the 8
    /// directions): `b` spread a step sideways, then that a step up and down.
    #[inline(always)]
    pub fn with_neighbours(&self, b: S::B) -> S::B {
        use crate::bits::shift;
        let row = b | shift::<S>(b, 0) | shift::<S>(b, 1);
        row | shift::<S>(row, 2) | shift::<S>(row, 3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::{Squares, S10, S6, S8};
    use crate::map::{Counts, Map};
    use crate::position::Position;
    use crate::rules::tests::random_reply;
    use crate::rules::{Rules, Variant};
    use rand_core::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Random positions on random maps: moves and flips agree with the rules core.
    fn agrees_with_the_rules<S: Size>(seed: u64) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for variant in [Variant::Mapello, Variant::Othello, Variant::Reversi] {
            for _ in 0..20 {
                let map = if variant == Variant::Mapello {
                    let k = rng.next_u32() % 9;
                    let counts = Counts {
                        walls: k,
                        bonuses: k,
                        jokers: (rng.next_u32() % 20),
                    };
                    Map::random(S::N, counts, &mut rng).unwrap()
                } else {
                    Map::empty(S::N).unwrap()
                };
                let board = Board::<S>::new(variant, &map).unwrap();
                let terrain = Terrain::new(&board);
                let mut pos: Position<S> = board.start();
                loop {
                    let moves = board.moves(&pos);
                    assert_eq!(terrain.moves(pos.me, pos.opp), moves);
                    let theirs = board.moves(&pos.passed());
                    assert_eq!(terrain.moves_both(pos.me, pos.opp), [moves, theirs]);
                    let opening = board.in_opening(&pos);
                    for sq in Squares(terrain.empties(pos.me, pos.opp)) {
                        if !opening {
                            assert_eq!(terrain.flips(pos.me, pos.opp, sq), board.flips(&pos, sq));
                        }
                    }
                    let Some(next) = random_reply(&board, &pos, &mut rng) else {
                        break;
                    };
                    pos = next;
                }
            }
        }
    }

    #[test]
    fn moves_and_flips_match_the_rules_core_on_every_size() {
        agrees_with_the_rules::<S6>(1);
        agrees_with_the_rules::<S8>(2);
        agrees_with_the_rules::<S10>(3);
    }

    #[test]
    fn othello_corners_are_corner_like_and_their_neighbours_x_and_c_like() {
        let board = Board::<S8>::new(Variant::Othello, &Map::empty(8).unwrap()).unwrap();
        let terrain = Terrain::new(&board);
        let corners = 1 | 1 << 7 | 1 << 56 | 1 << 63;
        assert_eq!(terrain.corner_like, corners);
        assert!(terrain.x_like.has(9) && terrain.c_like.has(1) && terrain.c_like.has(8));
        assert_eq!(terrain.x_like.count(), 4);
        assert_eq!(terrain.c_like.count(), 8);
        assert_eq!(terrain.classes[1].axes, 1);
        assert_eq!(terrain.classes[27].axes, 4);
    }

    #[test]
    fn a_joker_beyond_a_corner_makes_it_flankable() {
        let mut map = Map::empty(8).unwrap();
        map.set(0, 0, Some(Piece::Joker), &crate::map::Limits::default())
            .unwrap();
        let board = Board::<S8>::new(Variant::Mapello, &map).unwrap();
        let terrain = Terrain::new(&board);
        assert!(!terrain.corner_like.has(0));
        assert_eq!(terrain.classes[0].axes, 1);
    }
}
