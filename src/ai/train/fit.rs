//! Fitting the learned evaluation to the training games: stochastic
//! gradient descent (Adam) on the squared error, in floating point, each
//! position seen under a random one of the board's eight symmetries; then
//! the weights are rounded to the integers the search uses.
//!
//! Each epoch's end is saved, so an interrupted fit resumes there and
//! ends with the same weights.

use std::fs;
use std::path::{Path, PathBuf};

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use thiserror::Error;

use crate::bits::{Bits, Size};
use crate::errors::ParseError;
use crate::game::AnyGame;
use crate::map::Piece;
use crate::rules::{Board, Variant};
use crate::setup::SetupError;
use crate::sharecode;

use crate::ai::eval::{Eval, FEATURES, PHASES};
use crate::ai::net::{inputs, max_weight, Model, Row, HIDDEN, QA, QO};
use crate::ai::pos::Pos;
use crate::ai::terrain::Terrain;
use crate::ai::weights::WEIGHTS;

use super::data;

/// Share of a position's target that is its game's result; the rest is
/// the value the players' search gave it (the same once solved exactly).
/// The result alone plays best: fitted on 50 000 games and played at
/// level 7 against `classic:7` (60 games on random maps), shares of 0.3,
/// 0.7 and 1.0 scored 61%, 73% and 77%. `mapello train --blend` sets
/// another share.
pub(crate) const BLEND: f32 = 1.0;
/// Positions per step.
const BATCH: usize = 512;
/// Step size of the first epoch; each later one takes 0.7 of the last.
const RATE: f32 = 0.002;
/// Largest output weight, in points.
const MAX_OUTPUT: f32 = 200.0;
/// One game in this many is held out to measure the fit.
pub(crate) const HOLD_OUT: u32 = 50;

/// The positions of the games, ready for fitting.
#[derive(Default)]
pub(crate) struct Samples {
    /// Side of the games' board.
    n: u32,
    /// The inputs that are on, from the side to move's view, all samples
    /// one after another.
    inputs: Vec<u16>,
    /// Where each sample's inputs start (one more entry than samples).
    starts: Vec<u32>,
    linear: Vec<[f32; FEATURES]>,
    phase: Vec<(u8, f32)>,
    target: Vec<f32>,
}

impl Samples {
    /// Number of positions.
    pub(crate) fn len(&self) -> usize {
        self.target.len()
    }

    /// True when there is none.
    pub(crate) fn is_empty(&self) -> bool {
        self.target.is_empty()
    }

    /// Side of the games' board (0 without any).
    pub(crate) fn size(&self) -> u32 {
        self.n
    }

    fn inputs_of(&self, i: usize) -> &[u16] {
        &self.inputs[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// Why the games of a file cannot be fitted.
#[derive(Debug, Error)]
pub enum LoadError {
    /// The file cannot be read.
    #[error("cannot read {}: {source}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line of the file is wrong.
    #[error("{} line {line}: {problem}", .path.display())]
    Line {
        /// The file.
        path: PathBuf,
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        problem: LineError,
    },
    /// The file holds no game: it was cut short.
    #[error("{} holds no games; delete it and run again to play them", .path.display())]
    NoGames {
        /// The file.
        path: PathBuf,
    },
}

/// What is wrong with a line of a games file.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineError {
    /// A game line names no variant.
    #[error("an unknown variant")]
    UnknownVariant,
    /// A game line of Troll, which has no network.
    #[error("troll games train no network")]
    Troll,
    /// A game line's share code does not read.
    #[error(transparent)]
    Code(#[from] ParseError),
    /// A game line's variant cannot be played on its map.
    #[error(transparent)]
    Game(#[from] SetupError),
    /// A position line comes before the first game line.
    #[error("a position before any game")]
    BeforeAnyGame,
    /// A line that is neither a game nor five words of a position.
    #[error("not a position line")]
    NotAPosition,
    /// A game on another board size than the games before it.
    #[error("a board of another size than the games before")]
    OtherSize,
    /// A game other than 8 x 8 Othello among the pattern tables' games.
    #[error("not an 8 x 8 Othello game")]
    NotOthello,
    /// A square set that is not hexadecimal.
    #[error("a square set that is not hexadecimal")]
    NotHexadecimal,
    /// A square set with squares off the game's board.
    #[error("a square set off the board")]
    OffTheBoard,
    /// A result that is not a number.
    #[error("a result that is not a number")]
    BadResult,
    /// A search value that is not a number.
    #[error("a value that is not a number")]
    BadValue,
}

/// Reads the games of the first `chunks` files of each directory: the
/// positions to fit and those held out, each position's target `blend`
/// of its game's result and the rest its search's value. All are of one
/// board size.
pub(crate) fn load(parts: &[(&Path, u32)], blend: f32) -> Result<(Samples, Samples), LoadError> {
    let mut fit = Samples::default();
    let mut held = Samples::default();
    fit.starts.push(0);
    held.starts.push(0);
    for &(dir, chunks) in parts {
        for c in 0..chunks {
            load_chunk(dir, c, blend, &mut fit, &mut held)?;
        }
    }
    Ok((fit, held))
}

/// One game of a file: its number in the run, the number of its game
/// line in the file, its game and its position lines (each with its
/// number in the file).
pub(crate) struct GameLines<'t> {
    pub(crate) index: u32,
    pub(crate) line: usize,
    pub(crate) game: AnyGame,
    pub(crate) lines: Vec<(usize, [&'t str; 5])>,
}

impl GameLines<'_> {
    /// True for the games held out from the fit, to measure it.
    pub(crate) fn held_out(&self) -> bool {
        self.index % HOLD_OUT == 0
    }
}

/// The text of file `c` in `dir`.
pub(crate) fn read_chunk(dir: &Path, c: u32) -> Result<String, LoadError> {
    let path = data::chunk_path(dir, c);
    fs::read_to_string(&path).map_err(|source| LoadError::Read { path, source })
}

/// The error of line `k` (from 0) of file `c` in `dir`.
pub(crate) fn line_error(dir: &Path, c: u32, k: usize, problem: LineError) -> LoadError {
    LoadError::Line {
        path: data::chunk_path(dir, c),
        line: k + 1,
        problem,
    }
}

/// The games of `text`, file `c` in `dir`.
pub(crate) fn games_of<'t>(
    dir: &Path,
    c: u32,
    text: &'t str,
) -> Result<Vec<GameLines<'t>>, LoadError> {
    let bad = |k: usize, problem: LineError| line_error(dir, c, k, problem);
    let mut games: Vec<GameLines> = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let ["game", variant, code] = words[..] {
            games.push(GameLines {
                index: c * data::CHUNK + games.len() as u32 + 1,
                line: k,
                game: game_of(variant, code).map_err(|e| bad(k, e))?,
                lines: Vec::new(),
            });
            continue;
        }
        let game = games
            .last_mut()
            .ok_or_else(|| bad(k, LineError::BeforeAnyGame))?;
        let words: [&str; 5] = words[..]
            .try_into()
            .map_err(|_| bad(k, LineError::NotAPosition))?;
        game.lines.push((k, words));
    }
    if games.is_empty() {
        // A file is written whole once its games are played, so an empty
        // one was cut short by something else: it is no finished chunk.
        return Err(LoadError::NoGames {
            path: data::chunk_path(dir, c),
        });
    }
    Ok(games)
}

/// Reads the games of file `c` in `dir` into `fit` and `held`, with
/// targets blended as [`load`] says.
fn load_chunk(
    dir: &Path,
    c: u32,
    blend: f32,
    fit: &mut Samples,
    held: &mut Samples,
) -> Result<(), LoadError> {
    let text = read_chunk(dir, c)?;
    for game in &games_of(dir, c, &text)? {
        let into = if game.held_out() {
            &mut *held
        } else {
            &mut *fit
        };
        crate::by_game!(&game.game,
            g => add_game(g.rules(), &game.lines, blend, into),
            _t => unreachable!("game_of refuses troll"))
        .map_err(|(k, e)| line_error(dir, c, k, e))?;
    }
    Ok(())
}

/// A position line's position, result and value; an error names the
/// line.
pub(crate) fn position_of<S: Size>(
    &(k, [me, opp, bonus, result, value]): &(usize, [&str; 5]),
) -> Result<(Pos<S>, f32, f32), (usize, LineError)> {
    let bad = |problem: LineError| (k, problem);
    let bits = |w: &str| {
        let v = u128::from_str_radix(w, 16).map_err(|_| bad(LineError::NotHexadecimal))?;
        if v & !S::FULL.to_u128() != 0 {
            return Err(bad(LineError::OffTheBoard));
        }
        Ok(S::B::from_u128(v))
    };
    let p = Pos::<S> {
        me: bits(me)?,
        opp: bits(opp)?,
        bonus: bits(bonus)?,
    };
    let result: f32 = result.parse().map_err(|_| bad(LineError::BadResult))?;
    let value: f32 = value.parse().map_err(|_| bad(LineError::BadValue))?;
    Ok((p, result, value))
}

/// The game of a game line.
fn game_of(variant: &str, code: &str) -> Result<AnyGame, LineError> {
    let variant = Variant::parse(variant).ok_or(LineError::UnknownVariant)?;
    if variant == Variant::Troll {
        return Err(LineError::Troll);
    }
    Ok(AnyGame::new(variant, sharecode::decode(code)?)?)
}

/// Adds the positions of one game on `board` to `into`, with targets
/// blended as [`load`] says; an error names the line.
fn add_game<S: Size>(
    board: &Board<S>,
    lines: &[(usize, [&str; 5])],
    blend: f32,
    into: &mut Samples,
) -> Result<(), (usize, LineError)> {
    let n = S::N;
    let terrain = Terrain::new(board);
    let eval = Eval::new(&terrain);
    let mut fixed: Vec<u16> = crate::bits::Squares(board.walls())
        .map(|sq| inputs::square(sq, inputs::WALL) as u16)
        .collect();
    for (x, y, piece) in board.map().pieces() {
        if piece == Piece::Joker {
            fixed.extend(inputs::joker(n, x, y).map(|i| i as u16));
        }
    }
    for line in lines {
        if into.n != n && !into.is_empty() {
            return Err((line.0, LineError::OtherSize));
        }
        let (p, result, value) = position_of::<S>(line)?;
        into.n = n;
        into.inputs.extend_from_slice(&fixed);
        for (set, kind) in [
            (p.me, inputs::MINE),
            (p.opp, inputs::THEIRS),
            (p.bonus, inputs::BONUS),
        ] {
            for sq in crate::bits::Squares(set) {
                into.inputs.push(inputs::square(sq, kind) as u16);
            }
        }
        into.starts.push(into.inputs.len() as u32);
        into.linear.push(eval.features(&terrain, p));
        let (k, t) = eval.phase(terrain.empties(p.me, p.opp).count());
        into.phase.push((k as u8, t));
        into.target.push(blend * result + (1.0 - blend) * value);
    }
    Ok(())
}

/// The weights being fitted, in floating point.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Params {
    /// Side of the board.
    n: u32,
    /// Input weights, `HIDDEN` per input.
    w: Vec<f32>,
    b: Vec<f32>,
    /// Output weights: phase, view, unit.
    v: Vec<f32>,
    /// Linear weights: phase, feature.
    theta: Vec<f32>,
}

impl Params {
    fn new(seed: u64, n: u32) -> Params {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x1217);
        let mut small = |k: usize| -> Vec<f32> {
            (0..k)
                .map(|_| (rng.next_u32() as f32 / u32::MAX as f32 - 0.5) * 0.2)
                .collect()
        };
        Params {
            n,
            w: small(inputs::count(n) * HIDDEN),
            b: vec![0.25; HIDDEN],
            v: small(PHASES * 2 * HIDDEN),
            theta: WEIGHTS.iter().flatten().copied().collect(),
        }
    }

    /// The hand-made evaluation alone: its weights and a silent network
    /// (the error to beat).
    pub(crate) fn hand_made(n: u32) -> Params {
        let mut p = Params::new(0, n);
        p.v.fill(0.0);
        p
    }

    /// The weights of `model`, to fit further from.
    pub(crate) fn of(model: &Model) -> Params {
        let unit = |q: i32| move |&w: &i16| f32::from(w) / q as f32;
        Params {
            n: model.n,
            w: model.input.iter().flatten().map(unit(QA)).collect(),
            b: model.bias.iter().map(unit(QA)).collect(),
            v: model
                .output
                .iter()
                .flatten()
                .flatten()
                .map(unit(QO))
                .collect(),
            theta: model.linear.iter().flatten().copied().collect(),
        }
    }

    fn zero_like(&self) -> Params {
        Params {
            n: self.n,
            w: vec![0.0; self.w.len()],
            b: vec![0.0; self.b.len()],
            v: vec![0.0; self.v.len()],
            theta: vec![0.0; self.theta.len()],
        }
    }

    fn parts_mut(&mut self) -> [&mut Vec<f32>; 4] {
        [&mut self.w, &mut self.b, &mut self.v, &mut self.theta]
    }

    fn parts(&self) -> [&Vec<f32>; 4] {
        [&self.w, &self.b, &self.v, &self.theta]
    }

    /// The value of sample `i` under symmetry `to`; with `grad`, adds the
    /// gradient of its squared error times `scale` there.
    fn run(&self, s: &Samples, i: usize, to: &[u16], grad: Option<(&mut Params, f32)>) -> f32 {
        let mut a = [[0f32; HIDDEN]; 2];
        a[0].copy_from_slice(&self.b);
        a[1].copy_from_slice(&self.b);
        let active = s.inputs_of(i);
        for &x in active {
            let me = to[x as usize] as usize;
            let them = inputs::other_side(self.n, me);
            for (view, input) in [(0, me), (1, them)] {
                let row = &self.w[input * HIDDEN..(input + 1) * HIDDEN];
                for (acc, w) in a[view].iter_mut().zip(row) {
                    *acc += w;
                }
            }
        }
        let (k, t) = s.phase[i];
        let k = k as usize;
        let mut out = 0f32;
        let mut vmix = [[0f32; HIDDEN]; 2];
        for view in 0..2 {
            let lo = &self.v[(k * 2 + view) * HIDDEN..][..HIDDEN];
            let hi = &self.v[((k + 1) * 2 + view) * HIDDEN..][..HIDDEN];
            for u in 0..HIDDEN {
                vmix[view][u] = lo[u] + t * (hi[u] - lo[u]);
                out += a[view][u].clamp(0.0, 1.0) * vmix[view][u];
            }
        }
        let f = &s.linear[i];
        let (lo, hi) = self.theta[k * FEATURES..(k + 2) * FEATURES].split_at(FEATURES);
        for ((x, lo), hi) in f.iter().zip(lo).zip(hi) {
            out += x * (lo + t * (hi - lo));
        }
        let Some((g, scale)) = grad else {
            return out;
        };
        let d = 2.0 * (out - s.target[i]) * scale;
        let mut da = [[0f32; HIDDEN]; 2];
        for view in 0..2 {
            for u in 0..HIDDEN {
                let h = a[view][u].clamp(0.0, 1.0);
                g.v[(k * 2 + view) * HIDDEN + u] += d * (1.0 - t) * h;
                g.v[((k + 1) * 2 + view) * HIDDEN + u] += d * t * h;
                if a[view][u] > 0.0 && a[view][u] < 1.0 {
                    da[view][u] = d * vmix[view][u];
                    g.b[u] += da[view][u];
                }
            }
        }
        let (lo, hi) = g.theta[k * FEATURES..(k + 2) * FEATURES].split_at_mut(FEATURES);
        for ((x, lo), hi) in f.iter().zip(lo).zip(hi) {
            *lo += d * (1.0 - t) * x;
            *hi += d * t * x;
        }
        for &x in active {
            let me = to[x as usize] as usize;
            let them = inputs::other_side(self.n, me);
            for (view, input) in [(0, me), (1, them)] {
                let row = &mut g.w[input * HIDDEN..(input + 1) * HIDDEN];
                for (gw, d) in row.iter_mut().zip(&da[view]) {
                    *gw += d;
                }
            }
        }
        out
    }

    /// Keeps the weights where the integer search can hold them.
    fn clip(&mut self) {
        let most = max_weight(self.n);
        for w in self.w.iter_mut().chain(self.b.iter_mut()) {
            *w = w.clamp(-most, most);
        }
        for v in self.v.iter_mut() {
            *v = v.clamp(-MAX_OUTPUT, MAX_OUTPUT);
        }
    }

    /// The integer model the search reads.
    pub(crate) fn model(&self) -> Model {
        let row = |src: &[f32], q: i32| -> Row {
            std::array::from_fn(|u| (src[u] * q as f32).round() as i16)
        };
        let mut linear = [[0f32; FEATURES]; PHASES];
        for (k, phase) in linear.iter_mut().enumerate() {
            phase.copy_from_slice(&self.theta[k * FEATURES..(k + 1) * FEATURES]);
        }
        Model {
            n: self.n,
            input: self.w.chunks(HIDDEN).map(|c| row(c, QA)).collect(),
            bias: row(&self.b, QA),
            output: (0..PHASES)
                .map(|k| [0, 1].map(|view| row(&self.v[(k * 2 + view) * HIDDEN..], QO)))
                .collect(),
            linear,
        }
    }
}

/// Root-mean-square error of `params` on `s`, in points.
pub(crate) fn error(params: &Params, s: &Samples) -> f64 {
    if s.is_empty() {
        return 0.0;
    }
    let identity: Vec<u16> = (0..inputs::count(params.n) as u16).collect();
    let sum: f64 = (0..s.len())
        .map(|i| f64::from(params.run(s, i, &identity, None) - s.target[i]).powi(2))
        .sum();
    (sum / s.len() as f64).sqrt()
}

/// The fit's state at the end of an epoch.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct State {
    /// Epochs done.
    pub epoch: u32,
    pub params: Params,
    m: Params,
    v: Params,
    steps: u64,
}

impl State {
    /// The state before the first epoch of a fit for `n` x `n` boards.
    pub(crate) fn new(seed: u64, n: u32) -> State {
        State::starting(Params::new(seed, n))
    }

    /// The state before the first epoch of a fit that starts from
    /// `model`'s weights.
    pub(crate) fn from_model(model: &Model) -> State {
        State::starting(Params::of(model))
    }

    fn starting(params: Params) -> State {
        State {
            epoch: 0,
            m: params.zero_like(),
            v: params.zero_like(),
            params,
            steps: 0,
        }
    }

    /// One epoch over `s` in an order drawn from `seed` and the epoch.
    pub(crate) fn epoch(&mut self, s: &Samples, seed: u64) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(
            seed ^ u64::from(self.epoch).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        );
        let mut order: Vec<u32> = (0..s.len() as u32).collect();
        for i in (1..order.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        let symmetries = inputs::symmetries(self.params.n);
        let rate = RATE * 0.7f32.powi(self.epoch as i32);
        let mut g = self.params.zero_like();
        for batch in order.chunks(BATCH) {
            for part in g.parts_mut() {
                part.fill(0.0);
            }
            let scale = 1.0 / batch.len() as f32;
            for &i in batch {
                let to = &symmetries[(rng.next_u32() % 8) as usize];
                self.params.run(s, i as usize, to, Some((&mut g, scale)));
            }
            self.adam(&g, rate);
        }
        self.epoch += 1;
    }

    fn adam(&mut self, g: &Params, rate: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.steps += 1;
        let c1 = 1.0 - B1.powi(self.steps.min(10_000) as i32);
        let c2 = 1.0 - B2.powi(self.steps.min(100_000) as i32);
        let parts = self
            .params
            .parts_mut()
            .into_iter()
            .zip(self.m.parts_mut())
            .zip(self.v.parts_mut())
            .zip(g.parts());
        for (((p, m), v), g) in parts {
            for i in 0..p.len() {
                m[i] = B1 * m[i] + (1.0 - B1) * g[i];
                v[i] = B2 * v[i] + (1.0 - B2) * g[i] * g[i];
                p[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
            }
        }
        self.params.clip();
    }

    /// The state as bytes (every float, then the counters).
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend(self.epoch.to_le_bytes());
        out.extend(self.steps.to_le_bytes());
        for p in [&self.params, &self.m, &self.v] {
            for part in p.parts() {
                for x in part {
                    out.extend(x.to_le_bytes());
                }
            }
        }
        out
    }

    /// Reads a state saved by [`State::to_bytes`] for a fit from `seed`
    /// for `n` x `n` boards.
    pub(crate) fn from_bytes(bytes: &[u8], seed: u64, n: u32) -> Option<State> {
        let mut state = State::new(seed, n);
        let (head, mut rest) = bytes.split_at_checked(12)?;
        state.epoch = u32::from_le_bytes(head[..4].try_into().ok()?);
        state.steps = u64::from_le_bytes(head[4..].try_into().ok()?);
        for p in [&mut state.params, &mut state.m, &mut state.v] {
            for part in p.parts_mut() {
                for x in part.iter_mut() {
                    let (b, r) = rest.split_at_checked(4)?;
                    *x = f32::from_le_bytes(b.try_into().ok()?);
                    rest = r;
                }
            }
        }
        rest.is_empty().then_some(state)
    }
}
