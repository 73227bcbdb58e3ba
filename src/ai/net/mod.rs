//! The learned evaluation: a small network over the squares of the map
//! (see [`inputs`]) added to the linear features of [`Eval`], its weights
//! fitted by `mapello train` and built into the program.
//!
//! Each side's view feeds [`HIDDEN`] sums of input weights, clipped to
//! 0 ..= 1; the output weighs both sides' clipped sums, the weights sliding
//! from the opening to the end as the linear features' do. The sums live
//! in an [`Acc`] that a move updates with the placed and flipped discs
//! only, so a node of the search pays for its changes, not the board.
//! Weights are integers: sums in steps of 1 / [`QA`], output weights in
//! steps of 1 / [`QO`] point.

pub(crate) mod inputs;
mod lanes;
pub(crate) mod patterns;

use std::sync::OnceLock;

use thiserror::Error;

use crate::bits::{Bits, Size, Squares};
use crate::map::Piece;
use crate::rules::Board;

use super::eval::{Eval, Evaluator, Weights, FEATURES, PHASES, SCALE};
use super::pos::Pos;
use super::terrain::Terrain;
use lanes::Lanes;
use patterns::Patterns;

/// Sums each side's view feeds.
pub(crate) const HIDDEN: usize = 64;
/// Integer steps of one unit of a sum.
pub(crate) const QA: i32 = 127;
/// Integer steps of one point of an output weight.
pub(crate) const QO: i32 = 64;
/// Largest input weight of an `n` x `n` board (in units of a sum): with
/// the bias, every square and every ring cell on, a sum stays within
/// `i16` (for the training tool). 2 for 6 x 6 and 8 x 8, less for 10 x 10.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn max_weight(n: u32) -> f32 {
    let most_on = 1 + (n * n) as i32 + 4 * (n as i32 + 1);
    ((i32::from(i16::MAX) / most_on) as f32 / QA as f32).min(2.0)
}

/// One sum per hidden unit.
pub(crate) type Row = [i16; HIDDEN];

/// The weights of a board size, as `mapello train` writes them.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// Side of the board.
    pub n: u32,
    /// Input weights, [`HIDDEN`] per input.
    pub input: Vec<Row>,
    /// Starting sums.
    pub bias: Row,
    /// Output weights for each phase: the mover's view, then the other's.
    pub output: Vec<[Row; 2]>,
    /// Weights of the linear features.
    pub linear: Weights,
}

/// First bytes of a model file.
const MAGIC: &[u8; 8] = b"MAPNET02";
/// In a model file, the byte before a weight outside -127 ..= 127, which
/// takes two bytes (little-endian); every other weight is one byte (two's
/// complement). Nearly all weights are small, so the files (and the site
/// that carries them) are a quarter smaller than with two bytes each.
const WIDE: u8 = 0x80;

/// Why a model file is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ModelError {
    /// It does not start as a model file does.
    #[error("not a Mapello network file")]
    NotANetwork,
    /// A network of another board size or another shape than this
    /// program's.
    #[error("a network for {n} x {n}, {hidden} sums, {phases} phases and {features} features does not fit this program")]
    DoesNotFit {
        /// Side of its board.
        n: u32,
        /// Its sums.
        hidden: usize,
        /// Its phases.
        phases: usize,
        /// Its linear features.
        features: usize,
    },
    /// It ends before its last weight.
    #[error("a network file cut short")]
    CutShort,
    /// Bytes follow its last weight.
    #[error("a network file with bytes past its end")]
    PastItsEnd,
}

impl Model {
    /// Reads a model file.
    pub fn parse(bytes: &[u8]) -> Result<Model, ModelError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(MAGIC.len())? != MAGIC {
            return Err(ModelError::NotANetwork);
        }
        let n = r.u32()?;
        let hidden = r.u32()? as usize;
        let phases = r.u32()? as usize;
        let features = r.u32()? as usize;
        if !matches!(n, 6 | 8 | 10) || hidden != HIDDEN || phases != PHASES || features != FEATURES
        {
            return Err(ModelError::DoesNotFit {
                n,
                hidden,
                phases,
                features,
            });
        }
        let input = (0..inputs::count(n))
            .map(|_| r.row())
            .collect::<Result<_, _>>()?;
        let bias = r.row()?;
        let output = (0..PHASES)
            .map(|_| Ok([r.row()?, r.row()?]))
            .collect::<Result<_, ModelError>>()?;
        let mut linear = [[0f32; FEATURES]; PHASES];
        for phase in linear.iter_mut() {
            for w in phase.iter_mut() {
                *w = f32::from_bits(r.u32()?);
            }
        }
        if r.at != bytes.len() {
            return Err(ModelError::PastItsEnd);
        }
        Ok(Model {
            n,
            input,
            bias,
            output,
            linear,
        })
    }

    /// The model file's bytes (for the training tool).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for v in [self.n, HIDDEN as u32, PHASES as u32, FEATURES as u32] {
            out.extend(v.to_le_bytes());
        }
        let rows = self
            .input
            .iter()
            .chain([&self.bias])
            .chain(self.output.iter().flatten());
        for &v in rows.flatten() {
            match i8::try_from(v) {
                Ok(small) if small != i8::MIN => out.push(small as u8),
                _ => {
                    out.push(WIDE);
                    out.extend(v.to_le_bytes());
                }
            }
        }
        for w in self.linear.iter().flatten() {
            out.extend(w.to_bits().to_le_bytes());
        }
        out
    }
}

/// A cursor over a model file.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, k: usize) -> Result<&[u8], ModelError> {
        let end = self.at + k;
        let s = self.bytes.get(self.at..end).ok_or(ModelError::CutShort)?;
        self.at = end;
        Ok(s)
    }

    fn u32(&mut self) -> Result<u32, ModelError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn weight(&mut self) -> Result<i16, ModelError> {
        match self.take(1)?[0] {
            WIDE => {
                let b = self.take(2)?;
                Ok(i16::from_le_bytes([b[0], b[1]]))
            }
            small => Ok(i16::from(small as i8)),
        }
    }

    fn row(&mut self) -> Result<Row, ModelError> {
        let mut row = [0; HIDDEN];
        for w in &mut row {
            *w = self.weight()?;
        }
        Ok(row)
    }
}

/// Board sizes with built-in weights.
const BUILT: usize = 3;

/// The weights built into the program, one file a board size.
static FILES: [(u32, &[u8]); BUILT] = [
    (6, include_bytes!("s6.bin")),
    (8, include_bytes!("s8.bin")),
    (10, include_bytes!("s10.bin")),
];

/// The built-in model for `n` x `n` boards, if there is one: each file
/// is read the first time its size is asked for.
pub(crate) fn builtin(n: u32) -> Option<&'static Model> {
    static MODELS: [OnceLock<Option<Model>>; BUILT] = [const { OnceLock::new() }; BUILT];
    let i = FILES.iter().position(|&(size, _)| size == n)?;
    MODELS[i]
        .get_or_init(|| Model::parse(FILES[i].1).ok().filter(|m| m.n == n))
        .as_ref()
}

/// The sums of both sides' views of a position: the side to move's, then
/// the other's.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Acc {
    me: Lanes,
    opp: Lanes,
}

/// The learned evaluation of one board.
#[derive(Clone, Debug)]
pub(crate) struct Learned<S: Size> {
    linear: Eval<S>,
    /// The bias plus the walls and jokers, which never change.
    base: Lanes,
    mine: Vec<Lanes>,
    theirs: Vec<Lanes>,
    bonus: Vec<Lanes>,
    /// `mine - theirs`: what a flip adds to the flipper's view.
    flip: Vec<Lanes>,
    /// Output weights for each number of empties.
    output: Vec<[Lanes; 2]>,
    playable: u32,
}

impl<S: Size> Learned<S> {
    /// The evaluation of `board` with `model` (of `board`'s size).
    pub(crate) fn new(board: &Board<S>, g: &Terrain<S>, model: &Model) -> Learned<S> {
        let n = S::N;
        let squares = (n * n) as usize;
        let row = |sq: usize, kind: usize| Lanes::of(&model.input[inputs::square(sq as u32, kind)]);
        let mut base = Lanes::of(&model.bias);
        for sq in Squares(board.walls()) {
            base.add(&Lanes::of(&model.input[inputs::square(sq, inputs::WALL)]));
        }
        for (x, y, piece) in board.map().pieces() {
            if piece == Piece::Joker {
                if let Some(i) = inputs::joker(n, x, y) {
                    base.add(&Lanes::of(&model.input[i]));
                }
            }
        }
        let mine: Vec<Lanes> = (0..squares).map(|sq| row(sq, inputs::MINE)).collect();
        let theirs: Vec<Lanes> = (0..squares).map(|sq| row(sq, inputs::THEIRS)).collect();
        let flip = (0..squares)
            .map(|sq| {
                let mut r = mine[sq];
                r.sub(&theirs[sq]);
                r
            })
            .collect();
        let playable = g.playable.count().max(1);
        let output = (0..=playable)
            .map(|empties| {
                let (k, t) = super::eval::phase_of(playable, empties);
                let mix = |side: usize| {
                    Lanes::of(&std::array::from_fn(|i| {
                        let lo = f32::from(model.output[k][side][i]);
                        let hi = f32::from(model.output[k + 1][side][i]);
                        (lo + t * (hi - lo)).round() as i16
                    }))
                };
                [mix(0), mix(1)]
            })
            .collect();
        Learned {
            linear: Eval::with_weights(g, model.linear),
            base,
            mine,
            theirs,
            bonus: (0..squares).map(|sq| row(sq, inputs::BONUS)).collect(),
            flip,
            output,
            playable,
        }
    }

    /// The network's part of the value of `acc`, with `empties` free
    /// squares, in [`SCALE`] units.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn network(&self, acc: &Acc, empties: u32) -> i32 {
        let [mine, theirs] = &self.output[empties.min(self.playable) as usize];
        let sum = acc.me.dot_clipped(mine) + acc.opp.dot_clipped(theirs);
        (sum * SCALE).div_euclid(QA * QO)
    }
}

impl<S: Size> Evaluator<S> for Learned<S> {
    type Acc = Acc;

    fn start(&self, p: Pos<S>) -> Acc {
        let mut acc = Acc {
            me: self.base,
            opp: self.base,
        };
        for sq in Squares(p.me) {
            acc.me.add(&self.mine[sq as usize]);
            acc.opp.add(&self.theirs[sq as usize]);
        }
        for sq in Squares(p.opp) {
            acc.me.add(&self.theirs[sq as usize]);
            acc.opp.add(&self.mine[sq as usize]);
        }
        for sq in Squares(p.bonus) {
            acc.me.add(&self.bonus[sq as usize]);
            acc.opp.add(&self.bonus[sq as usize]);
        }
        acc
    }

    // Always inlined, as are `value` and `network`, into the search's
    // fast copy (see `bits::multiversion`).
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn play(&self, acc: &Acc, p: Pos<S>, sq: u32, flips: S::B) -> Acc {
        // The mover's view becomes the second of the child, the other's
        // the first.
        let (mut mover, mut other) = (acc.me, acc.opp);
        let s = sq as usize;
        mover.add(&self.mine[s]);
        other.add(&self.theirs[s]);
        if p.bonus.has(sq) {
            mover.sub(&self.bonus[s]);
            other.sub(&self.bonus[s]);
        }
        for f in Squares(flips) {
            mover.add(&self.flip[f as usize]);
            other.sub(&self.flip[f as usize]);
        }
        Acc {
            me: other,
            opp: mover,
        }
    }

    #[inline]
    fn pass(&self, acc: &Acc) -> Acc {
        Acc {
            me: acc.opp,
            opp: acc.me,
        }
    }

    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn value(&self, g: &Terrain<S>, p: Pos<S>, acc: &Acc) -> i32 {
        let empties = g.empties(p.me, p.opp).count();
        self.linear.evaluate(g, p) + self.network(acc, empties)
    }
}

/// Whether the pattern tables are for `board`: the open 8 x 8 board,
/// without walls, bonuses or jokers.
pub(crate) fn patterns_apply<S: Size>(board: &Board<S>) -> bool {
    S::N == 8 && board.map().pieces().next().is_none()
}

/// The program's pattern tables where they apply (see
/// [`patterns::builtin`]).
pub(crate) fn patterns_for<S: Size>(board: &Board<S>) -> Option<&'static Patterns> {
    patterns_apply(board).then(patterns::builtin).flatten()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
