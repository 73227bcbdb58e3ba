//! The evaluation: a linear function of features that the map shapes,
//! with weights that slide from the opening to the end of the game.
//!
//! Squares are weighed by class (how many axes can ever flank them, and
//! whether they touch a corner-like square, see [`SquareClass`]), so a
//! wall or a joker changes which squares are worth taking. The other
//! features are mobility, potential mobility, frontier, access to untaken
//! bonuses and the parity of the empty regions walls cut off. The weights
//! come from `mapello tune` (`src/ai/tune.rs`, see [`super::weights`]).

use crate::bits::{Bits, Size, Squares, MAX_SQUARES};

use super::pos::Pos;
use super::terrain::{SquareClass, Terrain};
use super::weights::WEIGHTS;

/// Evaluation units per point of final margin.
pub(crate) const SCALE: i32 = 16;

/// Number of phases the weights are given for, from the end (0) to the start.
pub(crate) const PHASES: usize = 6;

/// The features after the square classes' disc differences, by their
/// place in a row of features (and of weights).
mod at {
    use super::SquareClass;

    /// Discs near an open corner on X-like squares.
    pub(super) const X_DANGER: usize = SquareClass::COUNT;
    /// Discs near an open corner on C-like squares.
    pub(super) const C_DANGER: usize = X_DANGER + 1;
    /// Legal moves, mine less theirs.
    pub(super) const MOBILITY: usize = C_DANGER + 1;
    /// Legal moves onto corner-like squares.
    pub(super) const CORNER_MOBILITY: usize = MOBILITY + 1;
    /// Empties next to the other side's discs, less those next to mine.
    pub(super) const POTENTIAL_MOBILITY: usize = CORNER_MOBILITY + 1;
    /// Discs next to an empty square.
    pub(super) const FRONTIER: usize = POTENTIAL_MOBILITY + 1;
    /// Legal moves onto untaken bonuses.
    pub(super) const BONUS_ACCESS: usize = FRONTIER + 1;
    /// +1 when an odd number of squares is empty, else -1.
    pub(super) const PARITY: usize = BONUS_ACCESS + 1;
    /// Empty regions of odd size, counted from [`super::REGION_EMPTIES`] down.
    pub(super) const ODD_REGIONS: usize = PARITY + 1;
    /// Always 1: the side to move's edge.
    pub(super) const TEMPO: usize = ODD_REGIONS + 1;
}

/// Number of features.
pub(crate) const FEATURES: usize = at::TEMPO + 1;

/// Names of the features, in order (for the tuning tool's output, native
/// only like the tool).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const FEATURE_NAMES: [&str; FEATURES] = [
    "corner",
    "corner/c",
    "corner/x",
    "axes1",
    "axes1/c",
    "axes1/x",
    "axes2",
    "axes2/c",
    "axes2/x",
    "axes3",
    "axes3/c",
    "axes3/x",
    "axes4",
    "axes4/c",
    "axes4/x",
    "x-danger",
    "c-danger",
    "mobility",
    "corner-mobility",
    "potential-mobility",
    "frontier",
    "bonus-access",
    "parity",
    "odd-regions",
    "tempo",
];

/// Beyond every evaluation, with room for bonus points on either side.
const BOUND: i32 = 1 << 24;

/// Empties up to which the parity of regions is counted.
const REGION_EMPTIES: u32 = 24;

/// Weights of every feature for each phase.
pub(crate) type Weights = [[f32; FEATURES]; PHASES];

/// An evaluation as the search uses it: a value for the side to move,
/// with what it keeps from one position to the next (an [`Acc`] it
/// updates move by move; nothing for a plain function of the position).
///
/// [`Acc`]: Evaluator::Acc
pub(crate) trait Evaluator<S: Size> {
    /// What the evaluation carries down the tree.
    type Acc: Copy;
    /// The carried state of `p`, from nothing.
    fn start(&self, p: Pos<S>) -> Self::Acc;
    /// The carried state after the side to move of `p` plays `sq`,
    /// flipping `flips`.
    fn play(&self, acc: &Self::Acc, p: Pos<S>, sq: u32, flips: S::B) -> Self::Acc;
    /// The carried state after a pass.
    fn pass(&self, acc: &Self::Acc) -> Self::Acc;
    /// The estimated future margin of `p` for the side to move, in
    /// [`SCALE`] units per point.
    fn value(&self, terrain: &Terrain<S>, p: Pos<S>, acc: &Self::Acc) -> i32;
}

impl<S: Size> Evaluator<S> for Eval<S> {
    type Acc = ();

    #[inline(always)]
    fn start(&self, _: Pos<S>) {}

    #[inline(always)]
    fn play(&self, _: &(), _: Pos<S>, _: u32, _: S::B) {}

    #[inline(always)]
    fn pass(&self, _: &()) {}

    #[inline(always)]
    fn value(&self, terrain: &Terrain<S>, p: Pos<S>, _: &()) -> i32 {
        self.evaluate(terrain, p)
    }
}

/// The evaluation of one board: class masks built from its terrain.
#[derive(Clone, Debug)]
pub(crate) struct Eval<S: Size> {
    classes: [S::B; SquareClass::COUNT],
    playable: u32,
    /// The weights for each number of empties, interpolated between phases.
    rows: Vec<[f32; FEATURES]>,
}

impl<S: Size> Eval<S> {
    /// The tuned evaluation for the board of `terrain`.
    pub(crate) fn new(terrain: &Terrain<S>) -> Eval<S> {
        Eval::with_weights(terrain, WEIGHTS)
    }

    /// The evaluation with other weights (for tuning).
    pub(crate) fn with_weights(terrain: &Terrain<S>, weights: Weights) -> Eval<S> {
        let mut classes = [S::B::ZERO; SquareClass::COUNT];
        for sq in Squares(terrain.playable) {
            classes[terrain.classes[sq as usize].index()] |= S::B::bit(sq);
        }
        let playable = terrain.playable.count().max(1);
        let rows = (0..=playable)
            .map(|empties| {
                let (k, t) = phase_of(playable, empties);
                let (lo, hi) = (&weights[k], &weights[k + 1]);
                std::array::from_fn(|i| lo[i] + t * (hi[i] - lo[i]))
            })
            .collect();
        Eval {
            classes,
            playable,
            rows,
        }
    }

    /// The two phases `p` lies between and the weight of the upper one
    /// (for the tuning tool).
    #[cfg(not(target_arch = "wasm32"))]
    #[inline]
    pub(crate) fn phase(&self, empties: u32) -> (usize, f32) {
        phase_of(self.playable, empties)
    }

    /// The features of `p` for the side to move.
    ///
    /// On x86-64 always inlined, as is [`Eval::evaluate`], so that a search's fast
    /// copy (see [`multiversion`](crate::bits::multiversion)) runs them in
    /// its own instructions instead of calling the portable build.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    pub(crate) fn features(&self, terrain: &Terrain<S>, p: Pos<S>) -> [f32; FEATURES] {
        let mut f = [0f32; FEATURES];
        let (me, opp) = (p.me, p.opp);
        let diff = |b: S::B| (me & b).count() as f32 - (opp & b).count() as f32;
        for (c, &mask) in self.classes.iter().enumerate() {
            f[c] = diff(mask);
        }
        let empties = terrain.empties(me, opp);
        let open_corners = empties & terrain.corner_like;
        let mut near_x = S::B::ZERO;
        let mut near_c = S::B::ZERO;
        for d in 0..8 {
            let step = crate::bits::shift::<S>(open_corners, d);
            if d < 4 {
                near_c |= step;
            } else {
                near_x |= step;
            }
        }
        f[at::X_DANGER] = diff(near_x & terrain.x_like);
        f[at::C_DANGER] = diff(near_c & terrain.c_like);
        let [my_moves, their_moves] = terrain.moves_both(me, opp);
        f[at::MOBILITY] = my_moves.count() as f32 - their_moves.count() as f32;
        f[at::CORNER_MOBILITY] = (my_moves & terrain.corner_like).count() as f32
            - (their_moves & terrain.corner_like).count() as f32;
        f[at::POTENTIAL_MOBILITY] = (terrain.with_neighbours(opp) & empties).count() as f32
            - (terrain.with_neighbours(me) & empties).count() as f32;
        f[at::FRONTIER] = diff(terrain.with_neighbours(empties));
        f[at::BONUS_ACCESS] =
            (my_moves & p.bonus).count() as f32 - (their_moves & p.bonus).count() as f32;
        let n = empties.count();
        f[at::PARITY] = if n % 2 == 1 { 1.0 } else { -1.0 };
        if n <= REGION_EMPTIES {
            f[at::ODD_REGIONS] = odd_regions(terrain, empties) as f32;
        }
        f[at::TEMPO] = 1.0;
        f
    }

    /// The estimated future margin of `p` for the side to move, in
    /// [`SCALE`] units per point.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    pub(crate) fn evaluate(&self, terrain: &Terrain<S>, p: Pos<S>) -> i32 {
        let f = self.features(terrain, p);
        let empties = terrain.empties(p.me, p.opp).count().min(self.playable);
        let row = &self.rows[empties as usize];
        let mut v = 0f32;
        for i in 0..FEATURES {
            v += f[i] * row[i];
        }
        (v * SCALE as f32).round() as i32
    }

    /// A small alpha-beta search on the evaluation (for move ordering).
    pub(crate) fn shallow(&self, terrain: &Terrain<S>, p: Pos<S>, depth: u32) -> i32 {
        self.alpha_beta(terrain, p, depth, -BOUND, BOUND, false)
    }

    fn alpha_beta(
        &self,
        terrain: &Terrain<S>,
        p: Pos<S>,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        if depth == 0 {
            return self.evaluate(terrain, p);
        }
        let moves = terrain.moves(p.me, p.opp);
        if moves.is_empty() {
            if passed || terrain.moves(p.opp, p.me).is_empty() {
                return terrain.final_score(p.me, p.opp) * SCALE;
            }
            return -self.alpha_beta(terrain, p.passed(), depth, -beta, -alpha, true);
        }
        // Above the last ply, children with fewer replies come first.
        let mut order = [(0u32, 0u32); MAX_SQUARES];
        let mut len = 0;
        for sq in Squares(moves) {
            let replies = if depth >= 2 {
                let child = p.play(sq, terrain.flips(p.me, p.opp, sq));
                terrain.moves(child.me, child.opp).count()
            } else {
                0
            };
            order[len] = (replies, sq);
            len += 1;
        }
        let order = &mut order[..len];
        if depth >= 2 {
            order.sort_unstable();
        }
        let mut best = -BOUND;
        for &(_, sq) in order.iter() {
            let gain = p.gain(sq) * SCALE;
            let child = p.play(sq, terrain.flips(p.me, p.opp, sq));
            let v =
                gain - self.alpha_beta(terrain, child, depth - 1, gain - beta, gain - alpha, false);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// The two phases a board of `playable` squares with `empties` empty lies
/// between, and the weight of the upper one.
pub(crate) fn phase_of(playable: u32, empties: u32) -> (usize, f32) {
    let t = empties.min(playable) as f32 / playable as f32 * (PHASES - 1) as f32;
    let k = (t as usize).min(PHASES - 2);
    (k, t - k as f32)
}

/// Number of regions of empty squares (connected through empty squares in
/// the eight directions) that hold an odd number of them.
fn odd_regions<S: Size>(terrain: &Terrain<S>, empties: S::B) -> u32 {
    let mut rest = empties;
    let mut odd = 0;
    while !rest.is_empty() {
        let mut region = rest.lowest();
        loop {
            let grown = terrain.with_neighbours(region) & empties;
            if grown == region {
                break;
            }
            region = grown;
        }
        odd += region.count() & 1;
        rest &= !region;
    }
    odd
}

// The names are the tuning tool's, which the wasm build leaves out.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Each named place holds the feature the tuning tool names there.
    #[test]
    fn named_features_sit_where_their_names_do() {
        let named = [
            (at::X_DANGER, "x-danger"),
            (at::C_DANGER, "c-danger"),
            (at::MOBILITY, "mobility"),
            (at::CORNER_MOBILITY, "corner-mobility"),
            (at::POTENTIAL_MOBILITY, "potential-mobility"),
            (at::FRONTIER, "frontier"),
            (at::BONUS_ACCESS, "bonus-access"),
            (at::PARITY, "parity"),
            (at::ODD_REGIONS, "odd-regions"),
            (at::TEMPO, "tempo"),
        ];
        for (place, name) in named {
            assert_eq!(FEATURE_NAMES[place], name);
        }
        assert_eq!(FEATURES, FEATURE_NAMES.len());
    }
}
