//! The speed kernels behind [`Board::moves`] and [`Board::flips`]: the
//! joker tables a board keeps, and bitboard move generation and flips in
//! the forms the search and perft want (with or without jokers, per
//! position or vectorised across positions, scalar or in wasm vectors).
//! `rules.rs` states the rules; everything here must agree with it, which
//! `rules/tests.rs` checks against a reference implementation.

use crate::bits::{Bits, Size, DIRECTIONS, MAX_SQUARES};
use crate::map::{Map, Piece};

use super::Board;

/// What the kernels need to know of a board's jokers, as bitboards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct JokerTables<S: Size> {
    /// `[d / 2]` for the two directions `d` of a pair: inner squares entered
    /// from a joker when stepping in either direction. A run of opponent
    /// discs starting there is anchored by the joker behind it, as if the
    /// joker were the mover's disc. An entry square for one direction lies on
    /// the edge that the other direction leaves the board by, which is what
    /// lets [`Board::candidates`] take the pair's entries together.
    entry: [S::B; 4],
    /// `[d / 2]` for the directions `d` towards lower indices (odd `d`):
    /// inner squares whose neighbour in direction `d` is a joker, so a run
    /// reaching them is anchored.
    exit: [S::B; 4],
    /// `[sq][d % 2][d / 2]` for direction `d`: the ray from `sq` when a
    /// joker stands just past its end (else empty), so a ray of opponent
    /// discs only flips whole.
    rays: Box<[[[S::B; 4]; 2]; MAX_SQUARES]>,
    /// Every entry square in [`JokerTables::entry`].
    anchors: S::B,
}

impl<S: Size> JokerTables<S> {
    /// The tables for the jokers of `map`, whose size is the board's.
    pub(super) fn new(map: &Map) -> JokerTables<S> {
        let n = S::N as i32;
        let inner = |x: i32, y: i32| (0..n).contains(&x) && (0..n).contains(&y);
        let bit = |x: i32, y: i32| S::B::bit((y * n + x) as u32);
        let mut entry = [S::B::ZERO; 4];
        let mut exit = [[S::B::ZERO; 4]; 2];
        let mut rays = Box::new([[[S::B::ZERO; 4]; 2]; MAX_SQUARES]);
        for (ox, oy, piece) in map.pieces() {
            if piece != Piece::Joker {
                continue;
            }
            // Inner coordinates: the ring is at -1 and n.
            let (x, y) = (ox as i32 - 1, oy as i32 - 1);
            for (d, (dx, dy)) in DIRECTIONS.iter().enumerate() {
                // An entry square needs an inner square beyond it, or no move
                // could complete the run.
                if inner(x + 2 * dx, y + 2 * dy) {
                    entry[d / 2] |= bit(x + dx, y + dy);
                }
                if inner(x - dx, y - dy) {
                    exit[d % 2][d / 2] |= bit(x - dx, y - dy);
                }
            }
        }
        for (sq, rays) in rays.iter_mut().enumerate().take((n * n) as usize) {
            for (sign, rays) in rays.iter_mut().enumerate() {
                for (k, ray) in rays.iter_mut().enumerate() {
                    let full = S::rays()[sq][sign][k];
                    if !(full & exit[sign][k]).is_empty() {
                        *ray = full;
                    }
                }
            }
        }
        let anchors = entry.iter().fold(S::B::ZERO, |all, &squares| all | squares);
        JokerTables {
            entry,
            exit: exit[1],
            rays,
            anchors,
        }
    }
}

impl<S: Size> Board<S> {
    /// True when some joker can anchor a run, which every joker on the ring
    /// can: [`Board::jokers_matter`] holds for some opponent. The cores below
    /// must take `JOKERS = true` for an opponent `o` whenever it holds for `o`.
    #[inline(always)]
    pub(crate) fn has_jokers(&self) -> bool {
        !self.jokers.anchors.is_empty()
    }

    /// False when no joker can anchor a run of the opponent's discs `o`
    /// (always so without jokers), because none of them stands on a square
    /// next to a joker: the moves and flips are then the same with `JOKERS`
    /// as without, and the cheaper without.
    ///
    /// A joker anchors a run that starts on its entry square, and a whole
    /// ray of `o` flips by the joker past its end only when its last square,
    /// the entry square of the opposite direction, holds a disc of `o`.
    #[inline(always)]
    pub(crate) fn jokers_matter(&self, o: S::B) -> bool {
        !(o & self.jokers.anchors).is_empty()
    }

    /// [`Board::moves`] after the opening, for the mover's discs `p` and the
    /// opponent's `o`.
    #[inline(always)]
    pub(crate) fn moves_with<const JOKERS: bool>(&self, p: S::B, o: S::B) -> S::B {
        self.candidates::<JOKERS, false>(p, o) & S::FULL & !(p | o | self.walls)
    }

    /// [`Board::moves_with`] for loops over several positions that the
    /// compiler vectorises across positions (four to a 256-bit vector, every
    /// lane shifted alike), as perft's batches of children: east runs are
    /// then found by carries, which is cheaper there and dearer when the
    /// directions of one position share a vector.
    #[inline(always)]
    pub(crate) fn moves_across<const JOKERS: bool>(&self, p: S::B, o: S::B) -> S::B {
        self.candidates::<JOKERS, true>(p, o) & S::FULL & !(p | o | self.walls)
    }

    /// Squares at the far end of a run of opponent discs anchored by a disc
    /// of the mover or (with `JOKERS`) by a joker, in all eight directions.
    ///
    /// Each direction pair (east/west, south/north, and the two diagonals)
    /// shares one shift amount. Runs grow by Kogge-Stone doubling: `pre` marks
    /// opponent discs whose neighbour one step back is also an opponent disc,
    /// so a run can jump two squares at a time. Masking the opponent with the
    /// inner columns stops horizontal and diagonal runs wrapping across the
    /// board edge.
    ///
    /// A joker anchors a run that starts on its entry square, the first inner
    /// square beyond it. Such an entry square holding an opponent disc counts
    /// as a disc of the mover for the run that goes on past it, and as the
    /// one-disc run itself; so every run still starts at most n - 2 squares
    /// before its end, and the doublings are the same with or without jokers.
    ///
    /// Both directions of a pair take the entry squares of both: an entry
    /// square of the other direction sits on the edge this one leaves by, so
    /// one step from it leaves the board or wraps to the opposite edge
    /// column. There the opponent's mask (inner columns) drops it from a run,
    /// and the ends are masked once at the end: a run towards the east never
    /// ends in the first column, nor one towards the west in the last. That
    /// costs two masks instead of a second set of entries for every pair.
    ///
    /// With `CARRY`, east runs come from one addition instead: adding a run's
    /// first disc to the opponent's discs (inner columns only) carries
    /// through the run to the square past its end, so the sum's bits outside
    /// the opponent's discs are those ends.
    #[inline(always)]
    fn candidates<const JOKERS: bool, const CARRY: bool>(&self, p: S::B, o: S::B) -> S::B {
        let n = S::N;
        let inner = o & S::INNER_COLS;
        // A run holds at most n - 2 discs; the first step covers two.
        let doublings = (n - 3) / 2;
        // Ends of runs towards the east, towards the west, and straight up
        // or down the board.
        let (mut east, mut west, mut straight) = (S::B::ZERO, S::B::ZERO, S::B::ZERO);
        for (pair, (mask, sh)) in [(inner, 1), (o, n), (inner, n + 1), (inner, n - 1)]
            .into_iter()
            .enumerate()
        {
            let jokers = if JOKERS {
                self.jokers.entry[pair] & o
            } else {
                S::B::ZERO
            };
            let anchors = p | jokers;
            let mut up = mask & (anchors << sh);
            let mut down = mask & (anchors >> sh);
            let seeds = up;
            up |= mask & (up << sh);
            down |= mask & (down >> sh);
            let pre_up = mask & (mask << sh);
            let pre_down = pre_up >> sh;
            for _ in 0..doublings {
                up |= pre_up & (up << (2 * sh));
                down |= pre_down & (down >> (2 * sh));
            }
            let up_ends = if CARRY && pair == 0 {
                (mask.plus(seeds) & !mask) | (jokers << sh)
            } else {
                (up | jokers) << sh
            };
            let down_ends = (down | jokers) >> sh;
            // Directions 0, 4 and 7 of DIRECTIONS head east; 1, 5 and 6 west.
            match pair {
                0 | 2 => (east, west) = (east | up_ends, west | down_ends),
                3 => (east, west) = (east | down_ends, west | up_ends),
                _ => straight = up_ends | down_ends,
            }
        }
        if JOKERS {
            east &= S::NOT_A;
            west &= S::NOT_LAST;
        }
        east | west | straight
    }

    /// The moves of both sides, `[moves_of(p, o), moves_of(o, p)]` (the
    /// evaluation's mobility).
    ///
    /// On wasm32, boards that fit 64 bits find both in one 128-bit
    /// vector, the side to move's in one half and the other's in the
    /// other: the two searches shift by the same amounts, which wasm's
    /// vector shifts require. Elsewhere it is two calls of
    /// [`Board::moves_of`].
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    pub(crate) fn moves_both(&self, p: S::B, o: S::B) -> [S::B; 2] {
        #[cfg(target_arch = "wasm32")]
        if S::N <= 8 && !self.in_opening_of(p, o) {
            // With jokers for both when they matter for either: they
            // change nothing where they do not.
            return if self.jokers_matter(o) || self.jokers_matter(p) {
                self.moves_both_simd::<true>(p, o)
            } else {
                self.moves_both_simd::<false>(p, o)
            };
        }
        [self.moves_of(p, o), self.moves_of(o, p)]
    }

    /// [`Board::moves_both`] in wasm's 128-bit vectors, for boards whose
    /// bitboards are 64 bits wide: [`Board::candidates`] without `CARRY`,
    /// lane 0 for the mover `p`, lane 1 for `o`.
    #[cfg(target_arch = "wasm32")]
    #[inline(always)]
    fn moves_both_simd<const JOKERS: bool>(&self, p: S::B, o: S::B) -> [S::B; 2] {
        use core::arch::wasm32::*;
        let n = S::N;
        let wide = |b: S::B| b.to_u128() as u64;
        let splat = |b: S::B| u64x2_splat(wide(b));
        let (mover, other) = (u64x2(wide(p), wide(o)), u64x2(wide(o), wide(p)));
        let inner = v128_and(other, splat(S::INNER_COLS));
        let doublings = (n - 3) / 2;
        let zero = u64x2_splat(0);
        let (mut east, mut west, mut straight) = (zero, zero, zero);
        for (pair, (mask, sh)) in [(inner, 1), (other, n), (inner, n + 1), (inner, n - 1)]
            .into_iter()
            .enumerate()
        {
            let jokers = if JOKERS {
                v128_and(splat(self.jokers.entry[pair]), other)
            } else {
                zero
            };
            let anchors = v128_or(mover, jokers);
            let mut up = v128_and(mask, u64x2_shl(anchors, sh));
            let mut down = v128_and(mask, u64x2_shr(anchors, sh));
            up = v128_or(up, v128_and(mask, u64x2_shl(up, sh)));
            down = v128_or(down, v128_and(mask, u64x2_shr(down, sh)));
            let pre_up = v128_and(mask, u64x2_shl(mask, sh));
            let pre_down = u64x2_shr(pre_up, sh);
            for _ in 0..doublings {
                up = v128_or(up, v128_and(pre_up, u64x2_shl(up, 2 * sh)));
                down = v128_or(down, v128_and(pre_down, u64x2_shr(down, 2 * sh)));
            }
            let up_ends = u64x2_shl(v128_or(up, jokers), sh);
            let down_ends = u64x2_shr(v128_or(down, jokers), sh);
            match pair {
                0 | 2 => (east, west) = (v128_or(east, up_ends), v128_or(west, down_ends)),
                3 => (east, west) = (v128_or(east, down_ends), v128_or(west, up_ends)),
                _ => straight = v128_or(up_ends, down_ends),
            }
        }
        if JOKERS {
            east = v128_and(east, splat(S::NOT_A));
            west = v128_and(west, splat(S::NOT_LAST));
        }
        let free = splat(S::FULL & !(p | o | self.walls));
        let moves = v128_and(v128_or(v128_or(east, west), straight), free);
        [
            S::B::from_u128(u64x2_extract_lane::<0>(moves).into()),
            S::B::from_u128(u64x2_extract_lane::<1>(moves).into()),
        ]
    }

    /// [`Board::flips`] for the mover's discs `p` and the opponent's `o`.
    #[inline(always)]
    pub(crate) fn flips_of(&self, p: S::B, o: S::B, sq: u32) -> S::B {
        if self.jokers_matter(o) {
            self.flips_with::<true>(p, o, sq)
        } else {
            self.flips_with::<false>(p, o, sq)
        }
    }

    /// [`Board::flips`] for the mover's discs `p` and the opponent's `o`,
    /// by the method that is fastest on the target (see [`Board::flips_by`]).
    #[inline(always)]
    pub(crate) fn flips_with<const JOKERS: bool>(&self, p: S::B, o: S::B, sq: u32) -> S::B {
        self.flips_by::<JOKERS, { cfg!(target_arch = "wasm32") }>(p, o, sq)
    }

    /// [`Board::flips_with`], by one of two ways of finding the first
    /// blocker (a square that is not an opponent disc) on a ray.
    ///
    /// Rays towards higher indices find it as the lowest bit. Rays towards
    /// lower indices need the highest bit. With `SCAN` it comes from the
    /// count of leading zeros, one scalar instruction a ray: the choice on
    /// wasm32, whose 128-bit vectors have no per-lane shifts to share out the
    /// work of the four directions. Without it, the rays towards lower
    /// indices work the other way round: each disc of the mover marks the
    /// square one step back towards `sq` as a candidate end of the run,
    /// blockers erase every candidate at or beyond them (a fill away from
    /// `sq`), and the one candidate left marks the run as everything from it
    /// up to `sq`. That takes more instructions, but the compiler runs the
    /// four directions side by side in one 256-bit vector where the target
    /// has per-lane shifts (AVX2), and there it is the cheaper.
    #[inline(always)]
    pub(crate) fn flips_by<const JOKERS: bool, const SCAN: bool>(
        &self,
        p: S::B,
        o: S::B,
        sq: u32,
    ) -> S::B {
        let n = S::N;
        let [up, down] = &S::rays()[sq as usize];
        let jokers = &self.jokers.rays[sq as usize];
        // A candidate lies at most n - 2 squares from `sq`, one more when a
        // joker ends the ray; the first blocker at least one square.
        let reach = if JOKERS { n - 2 } else { n - 3 };
        let mut flips = S::B::ZERO;
        for (k, sh) in [1, n, n + 1, n - 1].into_iter().enumerate() {
            let ray = up[k];
            let blockers = ray & !o;
            flips |= ray & (blockers.lowest() & p).below_square();
            if JOKERS {
                flips |= jokers[0][k] & S::B::all_if(blockers.is_empty());
            }

            let ray = down[k];
            if SCAN {
                let blockers = ray & !o;
                // The square above the nearest blocker when that holds the
                // mover's disc, and every square from it up. Without a
                // blocker, `highest` gives the top bit, which shifts out.
                flips |= ray & ((blockers.highest() & p) << 1).square_and_above();
                if JOKERS {
                    flips |= jokers[1][k] & S::B::all_if(blockers.is_empty());
                }
            } else {
                let mut erased = ray & !o;
                let mut candidates = (ray & p) << sh;
                if JOKERS {
                    // A joker past the ray's end makes its last square one
                    // more candidate: cheaper here than the joker-ray table
                    // (which costs the 8-8-8 map's perft 1.7% more instructions).
                    candidates |= ray & self.jokers.exit[k];
                }
                let mut span = 1;
                while span <= reach {
                    erased |= erased >> (span * sh);
                    span *= 2;
                }
                flips |= ray & (candidates & !erased).square_and_above();
            }
        }
        flips
    }

    /// [`Board::flips_with`] for two moves `sqs` in one position at once.
    ///
    /// On wasm32, boards that fit 64 bits take the two moves side by side in
    /// one 128-bit vector, each direction by the fill of [`Board::flips_by`]
    /// without `SCAN`: every lane shifts by the same amount, which wasm's
    /// vector shifts require. Wasm perft spends most of its time here, and
    /// the vectors take fewer instructions than two scalar scans. Elsewhere
    /// it is two calls of [`Board::flips_with`].
    #[inline(always)]
    pub(crate) fn flips_pair<const JOKERS: bool>(
        &self,
        p: S::B,
        o: S::B,
        sqs: [u32; 2],
    ) -> [S::B; 2] {
        #[cfg(target_arch = "wasm32")]
        if S::N <= 8 {
            return self.flips_pair_simd::<JOKERS>(p, o, sqs);
        }
        sqs.map(|sq| self.flips_with::<JOKERS>(p, o, sq))
    }

    /// [`Board::flips_pair`] in wasm's 128-bit vectors, for boards whose
    /// bitboards are 64 bits wide.
    #[cfg(target_arch = "wasm32")]
    #[inline(always)]
    fn flips_pair_simd<const JOKERS: bool>(&self, p: S::B, o: S::B, sqs: [u32; 2]) -> [S::B; 2] {
        use core::arch::wasm32::*;
        let n = S::N;
        let wide = |b: S::B| b.to_u128() as u64;
        let [a, b] = sqs.map(|sq| sq as usize);
        let pair = |x: S::B, y: S::B| u64x2(wide(x), wide(y));
        let (p, o) = (u64x2_splat(wide(p)), u64x2_splat(wide(o)));
        let (zero, one) = (u64x2_splat(0), u64x2_splat(1));
        let (rays_a, rays_b) = (&S::rays()[a], &S::rays()[b]);
        let (jokers_a, jokers_b) = (&self.jokers.rays[a], &self.jokers.rays[b]);
        let reach = if JOKERS { n - 2 } else { n - 3 };
        let mut flips = zero;
        for (k, sh) in [1, n, n + 1, n - 1].into_iter().enumerate() {
            let ray = pair(rays_a[0][k], rays_b[0][k]);
            let blockers = v128_andnot(ray, o);
            let anchor = v128_and(v128_and(blockers, i64x2_neg(blockers)), p);
            // Below the anchor; nothing without one.
            let below = v128_andnot(i64x2_sub(anchor, one), i64x2_eq(anchor, zero));
            flips = v128_or(flips, v128_and(ray, below));
            if JOKERS {
                let whole = i64x2_eq(blockers, zero);
                flips = v128_or(flips, v128_and(pair(jokers_a[0][k], jokers_b[0][k]), whole));
            }

            let ray = pair(rays_a[1][k], rays_b[1][k]);
            let mut erased = v128_andnot(ray, o);
            let mut candidates = u64x2_shl(v128_and(ray, p), sh);
            if JOKERS {
                let exit = u64x2_splat(wide(self.jokers.exit[k]));
                candidates = v128_or(candidates, v128_and(ray, exit));
            }
            let mut span = 1;
            while span <= reach {
                erased = v128_or(erased, u64x2_shr(erased, span * sh));
                span *= 2;
            }
            let end = v128_andnot(candidates, erased);
            flips = v128_or(flips, v128_and(ray, i64x2_neg(end)));
        }
        [
            S::B::from_u128(u64x2_extract_lane::<0>(flips).into()),
            S::B::from_u128(u64x2_extract_lane::<1>(flips).into()),
        ]
    }
}

/// The kernels as the [`Fast`](crate::bits::Fast) copies run them, compiled
/// for its features, against the portable build of the same code: the
/// portable path is what an x86-64 CPU without AVX2 or BMI2 runs, and the
/// test build is that path.
#[cfg(all(test, target_arch = "x86_64"))]
#[allow(unsafe_code)]
mod tests {
    use rand_core::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use crate::bits::{cpu_has_fast, Bits, Size, Squares, S10, S6, S8};
    use crate::map::{Counts, Map};
    use crate::rules::{Board, Rules, Variant};

    /// Moves, moves across positions, flips by both methods, and their
    /// counts, for the mover's discs `p` and the opponent's `o`.
    type Found<S> = (
        <S as Size>::B,
        <S as Size>::B,
        Vec<<S as Size>::B>,
        Vec<<S as Size>::B>,
        u32,
    );

    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn kernels<S: Size, const JOKERS: bool>(board: &Board<S>, p: S::B, o: S::B) -> Found<S> {
        let moves = board.moves_with::<JOKERS>(p, o);
        let free = S::FULL & !(p | o | board.walls);
        let fill = Squares(free)
            .map(|sq| board.flips_by::<JOKERS, false>(p, o, sq))
            .collect();
        let scan = Squares(free)
            .map(|sq| board.flips_by::<JOKERS, true>(p, o, sq))
            .collect();
        let across = board.moves_across::<JOKERS>(p, o);
        (moves, across, fill, scan, moves.count())
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn fast_kernels<S: Size, const JOKERS: bool>(board: &Board<S>, p: S::B, o: S::B) -> Found<S> {
        kernels::<S, JOKERS>(board, p, o)
    }

    /// Positions checked on random maps of size `S`.
    fn check<S: Size>(rng: &mut Xoshiro256PlusPlus) -> usize {
        let n = S::N;
        let mut checked = 0;
        for _ in 0..200 {
            let counts = Counts {
                walls: rng.next_u32() % (n * n / 4),
                bonuses: rng.next_u32() % 4,
                jokers: rng.next_u32() % (4 * n + 5),
            };
            let board =
                Board::<S>::new(Variant::Mapello, &Map::random(n, counts, rng).unwrap()).unwrap();
            let mut pos = board.start();
            for _ in 0..rng.next_u32() % (n * n) {
                let moves: Vec<u32> = Squares(board.moves(&pos)).collect();
                if moves.is_empty() {
                    pos = pos.passed();
                } else {
                    pos = board.play_legal(&pos, moves[rng.next_u32() as usize % moves.len()]);
                }
            }
            let (p, o) = (pos.me, pos.opp);
            // SAFETY: the caller checked that the CPU has every feature.
            let fast = unsafe { fast_kernels::<S, true>(&board, p, o) };
            assert_eq!(fast, kernels::<S, true>(&board, p, o), "{pos:?}");
            if !board.jokers_matter(o) {
                // SAFETY: as above.
                let fast = unsafe { fast_kernels::<S, false>(&board, p, o) };
                assert_eq!(fast, kernels::<S, false>(&board, p, o), "{pos:?}");
            }
            checked += 1;
        }
        checked
    }

    #[test]
    fn the_fast_kernels_agree_with_the_portable_ones() {
        if !cpu_has_fast() {
            eprintln!("skipped: this CPU cannot run the fast kernels");
            return;
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(32);
        let checked = check::<S6>(&mut rng) + check::<S8>(&mut rng) + check::<S10>(&mut rng);
        assert_eq!(checked, 600);
    }
}
