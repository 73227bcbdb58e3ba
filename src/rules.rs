//! The one place that decides legality: move generation, flips, passes, the
//! end of the game and scoring, for every variant and size.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::bits::{Bits, Size, DIRECTIONS, MAX_SQUARES};
use crate::map::{Map, Piece};
use crate::position::{Colour, Position};
use crate::square::Square;

/// Points for taking a bonus disc.
pub const BONUS_POINTS: i32 = 3;

/// The game being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Walls, bonuses and jokers; empty squares count for nobody.
    Mapello,
    /// Classic start and tournament scoring (empties go to the winner).
    Othello,
    /// The board starts empty; the first four moves fill the centre.
    Reversi,
}

impl Variant {
    /// The lower-case name used on the command line and in the API.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Mapello => "mapello",
            Variant::Othello => "othello",
            Variant::Reversi => "reversi",
        }
    }

    /// Reads a variant name.
    pub fn parse(text: &str) -> Option<Variant> {
        match text.to_ascii_lowercase().as_str() {
            "mapello" => Some(Variant::Mapello),
            "othello" => Some(Variant::Othello),
            "reversi" => Some(Variant::Reversi),
            _ => None,
        }
    }

    /// True for the variant played with a ring (jokers) around the board.
    pub fn has_ring(self) -> bool {
        self == Variant::Mapello
    }
}

/// A board that cannot be built from a map.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The map's size is not the board's.
    #[error("the map is {0} x {0}, the board {1} x {1}")]
    SizeMismatch(u32, u32),
    /// Othello and Reversi have no special pieces.
    #[error("{0} is played without walls, bonuses or jokers")]
    PiecesNotAllowed(&'static str),
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    /// The side to move has at least one legal move.
    ToMove,
    /// The side to move has none but the opponent has: it must pass.
    MustPass,
    /// Neither side can move.
    GameOver,
}

/// The fixed part of a game: variant, walls and jokers, as bitboards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<S: Size> {
    variant: Variant,
    map: Map,
    walls: S::B,
    /// `[d / 2]` for the two directions `d` of a pair: inner squares entered
    /// from a joker when stepping in either direction. A run of opponent
    /// discs starting there is anchored by the joker behind it, as if the
    /// joker were the mover's disc. An entry square for one direction lies on
    /// the edge that the other direction leaves the board by, which is what
    /// lets [`Board::candidates`] take the pair's entries together.
    joker_entry: [S::B; 4],
    /// `[d / 2]` for the directions `d` towards lower indices (odd `d`):
    /// inner squares whose neighbour in direction `d` is a joker, so a run
    /// reaching them is anchored.
    joker_exit: [S::B; 4],
    /// `[sq][d % 2][d / 2]` for direction `d`: the ray from `sq` when a
    /// joker stands just past its end (else empty), so a ray of opponent
    /// discs only flips whole.
    joker_rays: Box<[[[S::B; 4]; 2]; MAX_SQUARES]>,
    /// Every entry square in [`Board::joker_entry`].
    joker_anchors: S::B,
}

impl<S: Size> Board<S> {
    /// The board for `variant` on `map`.
    pub fn new(variant: Variant, map: &Map) -> Result<Board<S>, BoardError> {
        if map.size() != S::N {
            return Err(BoardError::SizeMismatch(map.size(), S::N));
        }
        if variant != Variant::Mapello && map.pieces().next().is_some() {
            return Err(BoardError::PiecesNotAllowed(variant.name()));
        }
        let n = S::N as i32;
        let inner = |x: i32, y: i32| (0..n).contains(&x) && (0..n).contains(&y);
        let bit = |x: i32, y: i32| S::B::bit((y * n + x) as u32);
        let mut walls = S::B::ZERO;
        let mut joker_entry = [S::B::ZERO; 4];
        let mut joker_exit = [[S::B::ZERO; 4]; 2];
        let mut joker_rays = Box::new([[[S::B::ZERO; 4]; 2]; MAX_SQUARES]);
        for (ox, oy, piece) in map.pieces() {
            // Inner coordinates: the ring is at -1 and n.
            let (x, y) = (ox as i32 - 1, oy as i32 - 1);
            match piece {
                Piece::Wall => walls |= bit(x, y),
                Piece::Bonus => {}
                Piece::Joker => {
                    for (d, (dx, dy)) in DIRECTIONS.iter().enumerate() {
                        // An entry square needs an inner square beyond it, or
                        // no move could complete the run.
                        if inner(x + 2 * dx, y + 2 * dy) {
                            joker_entry[d / 2] |= bit(x + dx, y + dy);
                        }
                        if inner(x - dx, y - dy) {
                            joker_exit[d % 2][d / 2] |= bit(x - dx, y - dy);
                        }
                    }
                }
            }
        }
        for (sq, rays) in joker_rays.iter_mut().enumerate().take((n * n) as usize) {
            for (sign, rays) in rays.iter_mut().enumerate() {
                for (k, ray) in rays.iter_mut().enumerate() {
                    let full = S::RAYS[sq][sign][k];
                    if !(full & joker_exit[sign][k]).is_empty() {
                        *ray = full;
                    }
                }
            }
        }
        let joker_anchors = joker_entry
            .iter()
            .fold(S::B::ZERO, |all, &squares| all | squares);
        Ok(Board {
            variant,
            map: map.clone(),
            walls,
            joker_entry,
            joker_anchors,
            joker_exit: joker_exit[1],
            joker_rays,
        })
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The map the board was built from.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// Wall squares.
    pub fn walls(&self) -> S::B {
        self.walls
    }

    /// The position before the first move.
    pub fn start(&self) -> Position<S> {
        let n = S::N;
        let (a, b) = (n / 2 - 1, n / 2);
        let at = |x: u32, y: u32| S::B::bit(y * n + x);
        let (black, white) = match self.variant {
            Variant::Mapello => (at(a, a) | at(b, b), at(b, a) | at(a, b)),
            Variant::Othello => (at(a, b) | at(b, a), at(a, a) | at(b, b)),
            Variant::Reversi => (S::B::ZERO, S::B::ZERO),
        };
        let mut bonus = S::B::ZERO;
        for (x, y, p) in self.map.pieces() {
            if p == Piece::Bonus {
                bonus |= at(x - 1, y - 1);
            }
        }
        Position {
            me: black,
            opp: white,
            bonus,
            taken: [0, 0],
            side: Colour::Black,
        }
    }

    /// Squares a disc may be put on: neither a disc nor a wall (bonus squares are free).
    #[inline(always)]
    pub fn free(&self, pos: &Position<S>) -> S::B {
        S::FULL & !(pos.me | pos.opp | self.walls)
    }

    /// True while the classic Reversi opening fills the centre.
    #[inline(always)]
    pub(crate) fn in_opening(&self, pos: &Position<S>) -> bool {
        self.in_opening_of(pos.me, pos.opp)
    }

    /// [`Board::in_opening`] for the mover's discs `p` and the opponent's `o`.
    #[inline(always)]
    pub(crate) fn in_opening_of(&self, p: S::B, o: S::B) -> bool {
        self.variant == Variant::Reversi && (p | o) & S::CENTRE != S::CENTRE
    }

    /// Every legal move of the side to move.
    #[inline]
    pub fn moves(&self, pos: &Position<S>) -> S::B {
        self.moves_of(pos.me, pos.opp)
    }

    /// [`Board::moves`] for the mover's discs `p` and the opponent's `o`,
    /// as the search keeps them.
    #[inline]
    pub(crate) fn moves_of(&self, p: S::B, o: S::B) -> S::B {
        if self.in_opening_of(p, o) {
            return S::CENTRE & !(p | o);
        }
        if self.jokers_matter(o) {
            self.moves_with::<true>(p, o)
        } else {
            self.moves_with::<false>(p, o)
        }
    }

    /// True when some joker can anchor a run, which every joker on the ring
    /// can: [`Board::jokers_matter`] holds for some opponent. The cores below
    /// must take `JOKERS = true` for an opponent `o` whenever it holds for `o`.
    #[inline(always)]
    pub(crate) fn has_jokers(&self) -> bool {
        !self.joker_anchors.is_empty()
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
        !(o & self.joker_anchors).is_empty()
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
                self.joker_entry[pair] & o
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

    /// The discs a move on `sq` would flip (empty when it flips none).
    ///
    /// In each direction the run flips when the first square beyond it that
    /// is not an opponent disc holds the mover's disc, or when the whole ray
    /// up to the edge is opponent discs and a joker waits past it.
    #[inline]
    pub fn flips(&self, pos: &Position<S>, sq: u32) -> S::B {
        self.flips_of(pos.me, pos.opp, sq)
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
        let [up, down] = &S::RAYS[sq as usize];
        let jokers = &self.joker_rays[sq as usize];
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
                    candidates |= ray & self.joker_exit[k];
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
        let (rays_a, rays_b) = (&S::RAYS[a], &S::RAYS[b]);
        let (jokers_a, jokers_b) = (&self.joker_rays[a], &self.joker_rays[b]);
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
                let exit = u64x2_splat(wide(self.joker_exit[k]));
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

    /// The position after the side to move puts a disc on `sq`, or `None`
    /// when that is not a legal move.
    #[inline]
    pub fn play(&self, pos: &Position<S>, sq: u32) -> Option<Position<S>> {
        if sq >= S::N * S::N || !self.free(pos).has(sq) {
            return None;
        }
        if self.in_opening(pos) {
            return S::CENTRE.has(sq).then(|| self.apply(pos, sq, S::B::ZERO));
        }
        let flips = self.flips(pos, sq);
        (!flips.is_empty()).then(|| self.apply(pos, sq, flips))
    }

    /// The position after a move taken from [`Board::moves`], unchecked.
    #[inline(always)]
    pub fn play_legal(&self, pos: &Position<S>, sq: u32) -> Position<S> {
        let flips = if self.in_opening(pos) {
            S::B::ZERO
        } else {
            self.flips(pos, sq)
        };
        self.apply(pos, sq, flips)
    }

    /// Puts a disc on `sq`, flipping `flips`; the caller knows it is legal.
    #[inline(always)]
    pub fn apply(&self, pos: &Position<S>, sq: u32, flips: S::B) -> Position<S> {
        let m = S::B::bit(sq);
        let mut taken = pos.taken;
        if pos.bonus.has(sq) {
            taken[pos.side.index()] += 1;
        }
        Position {
            me: pos.opp & !flips,
            opp: pos.me | flips | m,
            bonus: pos.bonus & !m,
            taken,
            side: pos.side.other(),
        }
    }

    /// Whether the side to move can move, must pass, or the game is over.
    pub fn status(&self, pos: &Position<S>) -> Status {
        if !self.moves(pos).is_empty() {
            Status::ToMove
        } else if !self.moves(&pos.passed()).is_empty() {
            Status::MustPass
        } else {
            Status::GameOver
        }
    }

    /// Points of one colour now: discs plus bonus points; at the end of an
    /// Othello game the empty squares go to the winner, and a draw shares
    /// them (the tournament rule: a drawn game is 32-32 on 8 x 8).
    pub fn score(&self, pos: &Position<S>, c: Colour) -> i32 {
        let mine = self.raw_score(pos, c);
        let theirs = self.raw_score(pos, c.other());
        if self.variant != Variant::Othello || mine < theirs || self.status(pos) != Status::GameOver
        {
            return mine;
        }
        let squares = (S::N * S::N) as i32;
        if mine > theirs {
            squares - theirs
        } else {
            squares / 2
        }
    }

    fn raw_score(&self, pos: &Position<S>, c: Colour) -> i32 {
        pos.discs(c).count() as i32 + BONUS_POINTS * i32::from(pos.taken[c.index()])
    }

    /// Final margin for the side to move of a finished game (its score
    /// minus the opponent's, under the variant's scoring).
    pub fn final_margin(&self, pos: &Position<S>) -> i32 {
        let me = pos.me.count() as i32 + BONUS_POINTS * i32::from(pos.taken[pos.side.index()]);
        let opp =
            pos.opp.count() as i32 + BONUS_POINTS * i32::from(pos.taken[pos.side.other().index()]);
        self.final_margin_of(me - opp, || pos.occupied())
    }

    /// The final margin of a game that ended `diff` points up for the side
    /// to move, with the discs `occupied()` on the board: in Othello the
    /// empty squares go to the winner (half each in a draw, which leaves the
    /// margin at 0). The discs are only counted where they matter.
    #[inline(always)]
    pub(crate) fn final_margin_of(&self, diff: i32, occupied: impl FnOnce() -> S::B) -> i32 {
        if self.variant == Variant::Othello {
            let empties = (S::N * S::N) as i32 - occupied().count() as i32;
            diff + diff.signum() * empties
        } else {
            diff
        }
    }

    /// Legal moves as squares, in index order (row by row).
    pub fn move_list(&self, pos: &Position<S>) -> Vec<Square> {
        crate::bits::Squares(self.moves(pos))
            .filter_map(|i| Square::from_index(i, S::N))
            .collect()
    }
}

#[cfg(test)]
mod tests;
