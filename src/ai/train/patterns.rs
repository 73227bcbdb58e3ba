//! Fitting the Othello pattern tables ([`crate::ai::net::patterns`]) to
//! the games of `mapello patterns games`: for each position, the target
//! is a blend of its game's result and what the search found (exact from
//! the games' solve point). Each stage is a ridge least-squares problem
//! over the tables' weights, solved by conjugate gradients in double
//! precision (in single precision, sums over millions of positions lost
//! enough that the steps past the thirtieth undid the fit); a shape the
//! board's symmetry maps onto itself shares one weight between a number
//! and its mirror image.
//!
//! A fit can start from earlier tables (a [`Prior`]) in place of zero,
//! with each weight held to its earlier value as strongly as the earlier
//! fit's positions would have held it, so that games played with those
//! tables add to what they learned without the games they learned from.

use std::path::PathBuf;

use crate::ai::eval::{Evaluator, SCALE};
use crate::ai::net::patterns::{stage_of, Layout, Patterns, LANES, STAGES, STEP};
use crate::ai::net::{self, Learned};
use crate::ai::terrain::Terrain;
use crate::bits::S8;
use crate::map::Map;
use crate::rules::{Board, Variant};

use super::data;
use super::fit::{games_of, line_error, position_of, read_chunk, LineError, LoadError};

/// One position: the weights its shapes read (indices into its stage's
/// tables, mirror images folded), what they should add up to, and the
/// network's value (to compare the fit with), in points.
pub(crate) struct Sample {
    index: [u32; LANES],
    stage: u8,
    target: f32,
    network: f32,
}

/// The positions of the games files in each of `dirs` (from the first,
/// as long as they follow on), with `blend` the share of a target that is the game's
/// result (the rest the search's value): those to fit, and one game in
/// [`super::fit::HOLD_OUT`] held out.
pub(crate) fn load(dirs: &[PathBuf], blend: f32) -> Result<(Vec<Sample>, Vec<Sample>), LoadError> {
    let board = Board::<S8>::new(Variant::Othello, &Map::empty(8).expect("8 x 8"))
        .expect("the Othello board");
    let terrain = Terrain::new(&board);
    let model = net::builtin(8).expect("the program has 8 x 8 weights");
    let learned = Learned::new(&board, &terrain, model);
    let layout = Layout::get();
    let mirror = layout.mirrors();
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    let chunks = dirs.iter().flat_map(|dir| {
        (0..)
            .take_while(|&c| data::chunk_path(dir, c).exists())
            .map(move |c| (dir.as_path(), c))
    });
    for (dir, c) in chunks {
        let text = read_chunk(dir, c)?;
        for game in &games_of(dir, c, &text)? {
            if game.game.variant() != Variant::Othello || game.game.size() != 8 {
                return Err(line_error(dir, c, game.line, LineError::NotOthello));
            }
            let into = if game.held_out() { &mut held } else { &mut fit };
            for line in &game.lines {
                let (p, result, value) =
                    position_of::<S8>(line).map_err(|(k, e)| line_error(dir, c, k, e))?;
                let target = blend * result + (1.0 - blend) * value;
                let network = learned.value(&terrain, p, &learned.start(p)) as f32 / SCALE as f32;
                let numbers = layout.numbers(p.me, p.opp);
                let index = std::array::from_fn(|lane| match layout.shape[lane] {
                    Some(k) => {
                        let n = u32::from(numbers[lane]);
                        let n = mirror[k].as_ref().map_or(n, |m| n.min(m[n as usize]));
                        layout.offset[k] + n
                    }
                    None => u32::MAX,
                });
                into.push(Sample {
                    index,
                    stage: stage_of(64 - (p.me | p.opp).count_ones()) as u8,
                    target,
                    network,
                });
            }
        }
    }
    Ok((fit, held))
}

/// Earlier tables to fit from: the weights, and how many positions they
/// were fitted to, as a share of the positions of this fit.
pub(crate) struct Prior<'a> {
    pub(crate) tables: &'a Patterns,
    pub(crate) share: f32,
}

/// The weights `sample` reads of `v`, summed.
fn sum(v: &[f64], sample: &Sample) -> f64 {
    sample
        .index
        .iter()
        .filter(|&&i| i != u32::MAX)
        .map(|&i| v[i as usize])
        .sum()
}

/// (A^T A + diag(hold)) `v` over `samples`, A reading each sample's weights.
fn normal(samples: &[&Sample], v: &[f64], hold: &[f64]) -> Vec<f64> {
    let mut out: Vec<f64> = v.iter().zip(hold).map(|(x, h)| x * h).collect();
    for s in samples {
        let sum = sum(v, s);
        for &i in s.index.iter().filter(|&&i| i != u32::MAX) {
            out[i as usize] += sum;
        }
    }
    out
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// One stage's weights: ridge least squares by conjugate gradients,
/// preconditioned by each weight's count, for `iterations` steps. The fit
/// is of the change from `from` (the prior's weights, in points, or
/// zeros), each weight held to it by `ridge` and by `share` times its
/// count (the prior's positions, taken to read it as often as these do).
fn fit_stage(
    samples: &[&Sample],
    from: &[f64],
    share: f64,
    ridge: f64,
    iterations: u32,
) -> Vec<f64> {
    let size = from.len();
    let mut count = vec![0f64; size];
    let mut b = vec![0f64; size];
    for s in samples {
        let left = f64::from(s.target) - sum(from, s);
        for &i in s.index.iter().filter(|&&i| i != u32::MAX) {
            count[i as usize] += 1.0;
            b[i as usize] += left;
        }
    }
    let hold: Vec<f64> = count.iter().map(|c| ridge + share * c).collect();
    let precondition = |r: &[f64]| -> Vec<f64> {
        r.iter()
            .zip(count.iter().zip(&hold))
            .map(|(x, (c, h))| x / (c + h))
            .collect()
    };
    let mut w = vec![0f64; size];
    let mut r = b;
    let mut z = precondition(&r);
    let mut p = z.clone();
    let mut rz = dot(&r, &z);
    for _ in 0..iterations {
        if rz <= 1e-12 {
            break;
        }
        let q = normal(samples, &p, &hold);
        let alpha = rz / dot(&p, &q);
        for (wi, pi) in w.iter_mut().zip(&p) {
            *wi += alpha * pi;
        }
        for (ri, qi) in r.iter_mut().zip(&q) {
            *ri -= alpha * qi;
        }
        z = precondition(&r);
        let next = dot(&r, &z);
        let beta = next / rz;
        rz = next;
        for (pi, zi) in p.iter_mut().zip(&z) {
            *pi = zi + beta * *pi;
        }
    }
    w.iter().zip(from).map(|(d, f)| d + f).collect()
}

/// The tables fitted to `samples`, from `prior` if given, each stage on
/// its own thread (at most `threads` at once); mirror images get their
/// shape's shared weight.
pub(crate) fn fit(
    samples: &[Sample],
    prior: Option<&Prior>,
    ridge: f32,
    iterations: u32,
    threads: u32,
) -> Patterns {
    let layout = Layout::get();
    let size = layout.stage_size;
    let mirror = layout.mirrors();
    let step = f64::from(STEP) / f64::from(SCALE);
    let from: Vec<f64> = match prior {
        Some(p) => p
            .tables
            .weights()
            .iter()
            .map(|&w| f64::from(w) * step)
            .collect(),
        None => vec![0.0; STAGES * size],
    };
    let share = prior.map_or(0.0, |p| f64::from(p.share));
    let ridge = f64::from(ridge);
    let mut stages: Vec<Vec<f64>> = vec![Vec::new(); STAGES];
    let chunk = (threads.max(1) as usize).min(STAGES);
    for group in (0..STAGES).collect::<Vec<_>>().chunks(chunk) {
        let fitted: Vec<(usize, Vec<f64>)> = std::thread::scope(|s| {
            let handles: Vec<_> = group
                .iter()
                .map(|&stage| {
                    let from = &from[stage * size..(stage + 1) * size];
                    s.spawn(move || {
                        let mine: Vec<&Sample> = samples
                            .iter()
                            .filter(|x| usize::from(x.stage) == stage)
                            .collect();
                        (stage, fit_stage(&mine, from, share, ridge, iterations))
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a fit does not panic"))
                .collect()
        });
        for (stage, w) in fitted {
            stages[stage] = w;
        }
    }
    let mut weights = vec![0i8; STAGES * size];
    for (stage, w) in stages.iter().enumerate() {
        for (k, mirror) in mirror.iter().enumerate() {
            let start = layout.offset[k] as usize;
            let end = layout.offset.get(k + 1).map_or(size, |&o| o as usize);
            for n in 0..end - start {
                let folded = mirror.as_ref().map_or(n, |m| n.min(m[n] as usize));
                let v = (w[start + folded] / step).round();
                weights[stage * size + start + n] = v.clamp(-127.0, 127.0) as i8;
            }
        }
    }
    Patterns::new(&weights)
}

/// Root-mean-square error of `samples`' targets, in points, of the
/// network and of `patterns`.
pub(crate) fn errors(samples: &[Sample], patterns: &Patterns) -> (f64, f64) {
    let size = Layout::get().stage_size;
    let w = patterns.weights();
    let (mut network, mut tables) = (0f64, 0f64);
    for s in samples {
        let stage = &w[usize::from(s.stage) * size..];
        let steps: i32 = s
            .index
            .iter()
            .filter(|&&i| i != u32::MAX)
            .map(|&i| i32::from(stage[i as usize]))
            .sum();
        let target = f64::from(s.target);
        network += (target - f64::from(s.network)).powi(2);
        tables += (target - f64::from(steps * STEP) / f64::from(SCALE)).powi(2);
    }
    let n = samples.len().max(1) as f64;
    ((network / n).sqrt(), (tables / n).sqrt())
}
