//! The pattern evaluation of the open 8 x 8 board (Othello and Reversi:
//! no walls, bonuses or jokers), as the strongest Othello engines score
//! positions: each of a few shapes of squares (an edge with its two
//! X-squares, a corner's 3 x 3 and 2 x 5 blocks, the lines, the
//! diagonals) is read wherever the board's symmetries put it, its squares
//! taken as a number in base 3 (empty, the mover's disc, the other's
//! disc), and that number looks up a weight in the shape's table. The
//! tables, one set for each stage of the game, are fitted by `mapello
//! patterns fit` to the games' results and the searches' values, and
//! their sum is the position's value ([`Patterned`]); the network
//! evaluates the other boards.
//!
//! Each square adds to the number of every shape placed over it, so the
//! numbers of a position are sums of one row a disc ([`Layout::digit`]):
//! the mover's discs once, the other's twice.

use std::sync::OnceLock;

use thiserror::Error;

use crate::ai::eval::Evaluator;
use crate::ai::pos::Pos;
use crate::ai::terrain::Terrain;
use crate::bits::{Bits, Size, Squares};
use crate::symmetry::image as turn;

/// The shapes, each as squares (x, y) of the board, a1 = (0, 0), in the
/// order of their base-3 digits (the first is the lowest).
const SHAPES: [&[(u32, u32)]; 11] = [
    // An edge with its two X-squares.
    &[
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 0),
        (4, 0),
        (5, 0),
        (6, 0),
        (7, 0),
        (1, 1),
        (6, 1),
    ],
    // A corner's 3 x 3 block.
    &[
        (0, 0),
        (1, 0),
        (2, 0),
        (0, 1),
        (1, 1),
        (2, 1),
        (0, 2),
        (1, 2),
        (2, 2),
    ],
    // A corner's 2 x 5 block.
    &[
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 0),
        (4, 0),
        (0, 1),
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
    ],
    // The second, third and fourth lines.
    &[
        (0, 1),
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 1),
        (6, 1),
        (7, 1),
    ],
    &[
        (0, 2),
        (1, 2),
        (2, 2),
        (3, 2),
        (4, 2),
        (5, 2),
        (6, 2),
        (7, 2),
    ],
    &[
        (0, 3),
        (1, 3),
        (2, 3),
        (3, 3),
        (4, 3),
        (5, 3),
        (6, 3),
        (7, 3),
    ],
    // The diagonals of 8 down to 4 squares.
    &[
        (0, 0),
        (1, 1),
        (2, 2),
        (3, 3),
        (4, 4),
        (5, 5),
        (6, 6),
        (7, 7),
    ],
    &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7)],
    &[(0, 2), (1, 3), (2, 4), (3, 5), (4, 6), (5, 7)],
    &[(0, 3), (1, 4), (2, 5), (3, 6), (4, 7)],
    &[(0, 4), (1, 5), (2, 6), (3, 7)],
];

/// Number of shapes.
pub(crate) const SHAPE_COUNT: usize = SHAPES.len();

/// Places of the shapes on the board (every distinct image of each under
/// the eight symmetries), rounded up to whole vectors.
pub(crate) const LANES: usize = 48;

/// Stages of the game, each with its own tables: [`stage_of`].
pub(crate) const STAGES: usize = 10;

/// The stage of a position with `empties` free squares: six empties a
/// stage, the first 60 - 54 in the last.
#[inline(always)]
pub(crate) fn stage_of(empties: u32) -> usize {
    (empties.min(59) / 6) as usize
}

/// Where the shapes stand and what each square adds to their numbers.
#[derive(Debug)]
pub(crate) struct Layout {
    /// The shape of each place (places past the last: none). Read by the training tool alone.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(crate) shape: [Option<usize>; LANES],
    /// Where each shape's table starts in a stage's weights. Read by the training tool alone.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(crate) offset: [u32; SHAPE_COUNT],
    /// Weights of one stage: every shape's table.
    pub(crate) stage_size: usize,
    /// Where each place's weights start in a stage's: its shape's table,
    /// or for a place past the last, the zero after every table.
    pub(crate) start: [u32; LANES],
    /// For each square, what one digit there adds to each place's number.
    pub(crate) digit: [[u16; LANES]; 64],
    /// The squares of each place, in digit order. Read by the training tool alone.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(crate) squares: Vec<Vec<u32>>,
}

impl Layout {
    /// The layout, made once.
    pub(crate) fn get() -> &'static Layout {
        static LAYOUT: OnceLock<Layout> = OnceLock::new();
        LAYOUT.get_or_init(Layout::make)
    }

    fn make() -> Layout {
        let mut shape = [None; LANES];
        let mut offset = [0; SHAPE_COUNT];
        let mut digit = [[0u16; LANES]; 64];
        let mut squares: Vec<Vec<u32>> = Vec::new();
        let mut size = 0;
        for (k, cells) in SHAPES.iter().enumerate() {
            offset[k] = size as u32;
            size += 3usize.pow(cells.len() as u32);
            let mut seen: Vec<Vec<u32>> = Vec::new();
            for t in 0..8 {
                let place: Vec<u32> = cells
                    .iter()
                    .map(|&c| {
                        let (x, y) = turn(t, 8, c);
                        y * 8 + x
                    })
                    .collect();
                let mut set = place.clone();
                set.sort_unstable();
                if seen.contains(&set) {
                    continue;
                }
                seen.push(set);
                let lane = squares.len();
                for (power, &sq) in place.iter().enumerate() {
                    digit[sq as usize][lane] = 3u16.pow(power as u32);
                }
                shape[lane] = Some(k);
                squares.push(place);
            }
        }
        assert!(squares.len() <= LANES, "the shapes' places fit the lanes");
        let start = std::array::from_fn(|lane| match shape[lane] {
            Some(k) => offset[k],
            None => size as u32,
        });
        Layout {
            start,
            shape,
            offset,
            stage_size: size,
            digit,
            squares,
        }
    }

    /// For each shape, the number of its mirror image where a symmetry of
    /// the board maps the shape onto itself (for the training tool: such
    /// a shape's table weighs a number and its mirror image alike).
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn mirrors(&self) -> Vec<Option<Vec<u32>>> {
        (0..SHAPE_COUNT)
            .map(|k| {
                let lane = (0..LANES).find(|&l| self.shape[l] == Some(k))?;
                let place = &self.squares[lane];
                let perm: Vec<usize> = (1..8).find_map(|t| {
                    place
                        .iter()
                        .map(|&sq| {
                            let (x, y) = turn(t, 8, (sq % 8, sq / 8));
                            place.iter().position(|&s| s == y * 8 + x)
                        })
                        .collect::<Option<Vec<usize>>>()
                })?;
                let table = (0..3u32.pow(place.len() as u32))
                    .map(|number| {
                        let mut out = 0;
                        let mut rest = number;
                        for &to in &perm {
                            out += (rest % 3) * 3u32.pow(to as u32);
                            rest /= 3;
                        }
                        out
                    })
                    .collect();
                Some(table)
            })
            .collect()
    }

    /// The number of each place for discs `me` (digit 1) and `opp` (digit
    /// 2), a1 = bit 0.
    #[inline(always)]
    pub(crate) fn numbers(&self, me: u64, opp: u64) -> [u16; LANES] {
        let mut n = [0u16; LANES];
        let mut add = |mut set: u64, times: u16| {
            while set != 0 {
                let row = &self.digit[set.trailing_zeros() as usize];
                for (a, &d) in n.iter_mut().zip(row) {
                    *a = a.wrapping_add(d.wrapping_mul(times));
                }
                set &= set - 1;
            }
        };
        add(me, 1);
        add(opp, 2);
        n
    }
}

/// [`super::super::eval::SCALE`] units in a step of a stored weight: an
/// eighth of a point.
pub(crate) const STEP: i32 = 2;

/// Fitted tables: [`STAGES`] stages of [`Layout::stage_size`] weights and
/// a zero (for the places past the last), in steps of [`STEP`]. A byte a
/// weight (at most 15.9 points, which every fitted weight is within)
/// halves what a leaf's look-ups bring into the cache against two.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Patterns {
    weights: Vec<i8>,
}

/// The numbers of every place of a position, as the search carries them
/// from move to move: with the side to move's discs as digit 1 and the
/// other's as 2 (`mine`), and the other way round (`theirs`, which is
/// `mine` after a pass).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Numbers {
    mine: [u16; LANES],
    theirs: [u16; LANES],
}

impl Numbers {
    /// The numbers of discs `me` (the side to move's) and `opp`.
    pub(crate) fn of(me: u64, opp: u64) -> Numbers {
        let layout = Layout::get();
        Numbers {
            mine: layout.numbers(me, opp),
            theirs: layout.numbers(opp, me),
        }
    }

    /// The numbers with the side to move's discs as digit 1.
    #[inline(always)]
    pub(crate) fn mine(&self) -> &[u16; LANES] {
        &self.mine
    }

    /// The numbers after the side to move plays `sq`, flipping `flips`:
    /// the new disc is the mover's, each flipped one changes sides, and
    /// the other side is to move.
    #[inline(always)]
    pub(crate) fn play(
        &self,
        layout: &Layout,
        sq: u32,
        flips: impl Iterator<Item = u32>,
    ) -> Numbers {
        let (mut mover, mut other) = (self.mine, self.theirs);
        let placed = &layout.digit[sq as usize];
        for ((m, o), &d) in mover.iter_mut().zip(other.iter_mut()).zip(placed) {
            *m = m.wrapping_add(d);
            *o = o.wrapping_add(d.wrapping_mul(2));
        }
        for f in flips {
            let row = &layout.digit[f as usize];
            for ((m, o), &d) in mover.iter_mut().zip(other.iter_mut()).zip(row) {
                *m = m.wrapping_sub(d);
                *o = o.wrapping_add(d);
            }
        }
        Numbers {
            mine: other,
            theirs: mover,
        }
    }

    /// The numbers after a pass.
    #[inline(always)]
    pub(crate) fn pass(&self) -> Numbers {
        Numbers {
            mine: self.theirs,
            theirs: self.mine,
        }
    }
}

/// First bytes of a pattern file: the third kind, whose tables are the
/// whole value in eighths of a point (the second's were added to the
/// network's in sixteenths).
const MAGIC: &[u8; 8] = b"MAPPAT03";

/// Why a pattern file is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub(crate) enum PatternsError {
    /// It does not start as a pattern file does.
    #[error("not a Mapello pattern file")]
    NotPatterns,
    /// Tables of other shapes or stages than this program's.
    #[error("pattern tables of {stages} stages of {size} weights do not fit this program")]
    DoesNotFit {
        /// Its stages.
        stages: usize,
        /// Its weights a stage.
        size: usize,
    },
    /// It ends before its last weight, or a run passes a stage's end.
    #[error("a pattern file cut short or out of step")]
    CutShort,
    /// A weight beyond a byte.
    #[error("a pattern weight beyond 8 bits")]
    TooWide,
    /// Bytes follow its last weight.
    #[error("a pattern file with bytes past its end")]
    PastItsEnd,
}

/// The bytes of `v` as a little-endian base-128 number (for the training
/// tool).
#[cfg(not(target_arch = "wasm32"))]
fn put_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads a number [`put_varint`] wrote, moving `at` past it.
fn take_varint(bytes: &[u8], at: &mut usize) -> Result<u32, PatternsError> {
    let mut v = 0u32;
    for shift in (0..35).step_by(7) {
        let b = *bytes.get(*at).ok_or(PatternsError::CutShort)?;
        *at += 1;
        v |= u32::from(b & 0x7f)
            .checked_shl(shift)
            .ok_or(PatternsError::CutShort)?;
        if b & 0x80 == 0 {
            return Ok(v);
        }
    }
    Err(PatternsError::CutShort)
}

impl Patterns {
    /// Tables of these weights (stage after stage, each [`Layout::stage_size`]).
    pub(crate) fn new(weights: &[i8]) -> Patterns {
        let size = Layout::get().stage_size;
        debug_assert_eq!(weights.len(), STAGES * size);
        let mut all = vec![0; STAGES * (size + 1)];
        for (to, from) in all
            .chunks_exact_mut(size + 1)
            .zip(weights.chunks_exact(size))
        {
            to[..size].copy_from_slice(from);
        }
        Patterns { weights: all }
    }

    /// Reads a pattern file: the header, then each weight that is not
    /// zero as the zeros before it and its value (zigzag), both base-128
    /// numbers, so that the many weights no game reached cost nothing.
    pub(crate) fn parse(bytes: &[u8]) -> Result<Patterns, PatternsError> {
        if bytes.get(..MAGIC.len()) != Some(MAGIC) {
            return Err(PatternsError::NotPatterns);
        }
        let mut at = MAGIC.len();
        let stages = take_varint(bytes, &mut at)? as usize;
        let size = take_varint(bytes, &mut at)? as usize;
        if stages != STAGES || size != Layout::get().stage_size {
            return Err(PatternsError::DoesNotFit { stages, size });
        }
        let mut weights = vec![0i8; stages * size];
        let count = take_varint(bytes, &mut at)? as usize;
        let mut next = 0usize;
        for _ in 0..count {
            next += take_varint(bytes, &mut at)? as usize;
            let z = take_varint(bytes, &mut at)?;
            let v = ((z >> 1) as i32) ^ -((z & 1) as i32);
            let w = i8::try_from(v).map_err(|_| PatternsError::TooWide)?;
            *weights.get_mut(next).ok_or(PatternsError::CutShort)? = w;
            next += 1;
        }
        if at != bytes.len() {
            return Err(PatternsError::PastItsEnd);
        }
        Ok(Patterns::new(&weights))
    }

    /// The file's bytes (for the training tool).
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        put_varint(&mut out, STAGES as u32);
        put_varint(&mut out, Layout::get().stage_size as u32);
        let set: Vec<(usize, i8)> = self
            .weights()
            .iter()
            .enumerate()
            .map(|(i, &w)| (i, w))
            .filter(|&(_, w)| w != 0)
            .collect();
        put_varint(&mut out, set.len() as u32);
        let mut next = 0;
        for (i, w) in set {
            put_varint(&mut out, (i - next) as u32);
            let v = i32::from(w);
            put_varint(&mut out, ((v << 1) ^ (v >> 31)) as u32);
            next = i + 1;
        }
        out
    }

    /// The weights, stage after stage, each [`Layout::stage_size`] (for
    /// the training tool and tests).
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn weights(&self) -> Vec<i8> {
        let size = Layout::get().stage_size;
        self.weights
            .chunks_exact(size + 1)
            .flat_map(|stage| stage[..size].iter().copied())
            .collect()
    }

    /// The value of a position whose places read `numbers` (see
    /// [`Layout::numbers`]), with `empties` free squares,
    /// in [`super::super::eval::SCALE`] units.
    #[inline(always)]
    pub(crate) fn value(&self, layout: &Layout, numbers: &[u16; LANES], empties: u32) -> i32 {
        let stride = layout.stage_size + 1;
        let stage = &self.weights[stage_of(empties) * stride..][..stride];
        numbers
            .iter()
            .zip(&layout.start)
            .map(|(&number, &start)| i32::from(stage[start as usize + usize::from(number)]))
            .sum::<i32>()
            * STEP
    }
}

/// The program's tables, once it has them: built in natively, handed over
/// by [`install`] in the browser.
static TABLES: OnceLock<Option<Patterns>> = OnceLock::new();

/// The tables file built into the native program. The page's AI worker
/// fetches it (as `net/o8.bin`) when a game needs it: it is several times
/// the size of the rest of the AI.
#[cfg(not(target_arch = "wasm32"))]
static FILE: &[u8] = include_bytes!("o8.bin");

/// The program's tables: natively the built-in ones, read the first time
/// they are asked for (`None` if the file does not read); in the browser
/// those installed, if any.
pub(crate) fn builtin() -> Option<&'static Patterns> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        TABLES.get_or_init(|| Patterns::parse(FILE).ok()).as_ref()
    }
    #[cfg(target_arch = "wasm32")]
    {
        TABLES.get().and_then(Option::as_ref)
    }
}

/// Makes the tables of the file `bytes` the program's (the browser's
/// worker, once it has fetched the file); returns how many weights they
/// set. A file that is not a pattern file is refused; tables installed
/// already stay.
pub(crate) fn install(bytes: &[u8]) -> Result<usize, PatternsError> {
    let tables = Patterns::parse(bytes)?;
    let set = tables.weights.iter().filter(|&&w| w != 0).count();
    let _ = TABLES.set(Some(tables));
    Ok(set)
}

/// The pattern evaluation of the open 8 x 8 board: the tables alone, as
/// the strongest Othello engines evaluate. The tables were first fitted to
/// what the network missed and added to it; fitted to the whole value on
/// the same games they erred less than the two together (8.05 points held
/// out against 8.76) and a leaf no longer pays for the network's sums.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Patterned {
    tables: &'static Patterns,
    layout: &'static Layout,
}

impl Patterned {
    /// The evaluation by `tables`.
    pub(crate) fn new(tables: &'static Patterns) -> Patterned {
        Patterned {
            tables,
            layout: Layout::get(),
        }
    }
}

impl<S: Size> Evaluator<S> for Patterned {
    /// The places' numbers.
    type Acc = Numbers;

    fn start(&self, p: Pos<S>) -> Numbers {
        Numbers::of(p.me.to_u128() as u64, p.opp.to_u128() as u64)
    }

    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn play(&self, acc: &Numbers, _: Pos<S>, sq: u32, flips: S::B) -> Numbers {
        acc.play(self.layout, sq, Squares(flips))
    }

    #[inline]
    fn pass(&self, acc: &Numbers) -> Numbers {
        acc.pass()
    }

    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn value(&self, g: &Terrain<S>, p: Pos<S>, acc: &Numbers) -> i32 {
        let empties = g.empties(p.me, p.opp).count();
        self.tables.value(self.layout, acc.mine(), empties)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
