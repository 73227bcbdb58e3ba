//! Tuning the evaluation: self-play games on random maps (and Othello),
//! each position labelled with the margin the game reached once solved
//! exactly, then a ridge regression per phase. `mapello tune` runs it and
//! prints the new `weights.rs`.

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use thiserror::Error;

use crate::bits::{Bits, Size, Squares};
use crate::game::AnyGame;
use crate::map::{Counts, Map};
use crate::position::Position;
use crate::rules::{Board, Rules, Variant};

use super::budget::Budget;
use super::eval::{Weights, FEATURES, FEATURE_NAMES, PHASES};
use super::levels::Level;
use super::pos::Pos;
use super::search::Searcher;
use super::train::data::{play_out, sign};

/// One labelled position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sample {
    features: [f32; FEATURES],
    phase: (usize, f32),
    /// Future margin for the side to move with good play, in points.
    target: f32,
}

/// How the training games are played.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    /// Number of games.
    pub games: u32,
    /// Seed of the maps, openings and players.
    pub seed: u64,
    /// Level playing the games.
    pub level: u32,
    /// Free squares from which the rest of a game is solved exactly.
    pub solve_at: u32,
}

/// Plays the games of `plan` and labels their positions; `progress` gets
/// the number of games done.
pub(crate) fn samples(plan: &Plan, progress: &mut dyn FnMut(u32)) -> Vec<Sample> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(plan.seed);
    let mut out = Vec::new();
    for i in 0..plan.games {
        // One game in four is Othello, the rest Mapello on maps of every density.
        let game = if i % 4 == 3 {
            AnyGame::new(Variant::Othello, Map::empty(8).expect("8 is a size"))
        } else {
            let counts = Counts {
                walls: rng.next_u32() % 9,
                bonuses: rng.next_u32() % 9,
                jokers: rng.next_u32() % 9,
            };
            AnyGame::new(
                Variant::Mapello,
                Map::random(8, counts, &mut rng).expect("8 of each fit"),
            )
        }
        .expect("a start position");
        crate::by_game!(&game,
            g => play_and_label(g.rules(), *g.position(), plan, &mut rng, &mut out),
            _t => unreachable!("tuning plays Othello and Mapello"));
        progress(i + 1);
    }
    out
}

fn play_and_label<S: Size>(
    board: &Board<S>,
    start: Position<S>,
    plan: &Plan,
    rng: &mut Xoshiro256PlusPlus,
    out: &mut Vec<Sample>,
) {
    let mut searcher = Searcher::classic(board, crate::ai::tt::bits::MEDIUM);
    let level = Level::get(plan.level).expect("a level");
    let random_plies = 2 + rng.next_u32() % 8;
    let mut seen: Vec<Position<S>> = Vec::new();
    let final_black = play_out(board, start, |pos, plies| {
        let empties = searcher.terrain().empties(pos.me, pos.opp).count();
        seen.push(*pos);
        if plies < random_plies {
            let list: Vec<u32> = Squares(board.moves(pos)).collect();
            list[rng.next_u32() as usize % list.len()]
        } else if empties <= plan.solve_at {
            // Perfect play from here: the final margin is the exact value.
            let (_, best, _) = searcher
                .solve(Pos::of(pos), Budget::default(), None)
                .expect("an unlimited solve finishes");
            best.expect("a position to move has a best move")
        } else {
            let options = level.options(S::N, rng.next_u64());
            searcher
                .search(Pos::of(pos), &options, None, &mut |_| {})
                .best
                .expect("a position to move has a best move")
        }
    });
    let g = searcher.terrain().clone();
    let eval = searcher.eval().clone();
    for p in seen {
        let q = Pos::of(&p);
        let target = final_black * sign(&p) - Pos::taken_margin(&p);
        out.push(Sample {
            features: eval.features(&g, q),
            phase: eval.phase(g.empties(q.me, q.opp).count()),
            target: target as f32,
        });
    }
}

/// Why the samples do not fix the weights.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum TuneError {
    /// There are no samples.
    #[error("the games gave no positions to fit")]
    NoPositions,
    /// Some weight is free: a feature never varies in some phase, and
    /// the ridge is too small to pin it.
    #[error(
        "the positions do not fix every weight with ridge {ridge} (a feature never \
         varies in some phase); a ridge above 0 or more games makes the fit well posed"
    )]
    Underdetermined {
        /// The ridge asked for.
        ridge: f64,
    },
}

/// Least-squares weights for the samples, each feature split between the
/// two phases around its position; `ridge` pulls weights towards zero.
/// Refused when the samples do not fix the weights: none at all, or
/// (without a ridge) a feature that no sample of a phase shows.
pub(crate) fn fit(samples: &[Sample], ridge: f64) -> Result<Weights, TuneError> {
    if samples.is_empty() {
        return Err(TuneError::NoPositions);
    }
    let n = FEATURES * PHASES;
    let mut a = vec![vec![0f64; n]; n];
    let mut b = vec![0f64; n];
    let mut row = vec![0f64; n];
    for s in samples {
        row.fill(0.0);
        let (k, t) = s.phase;
        for f in 0..FEATURES {
            row[k * FEATURES + f] = s.features[f] as f64 * (1.0 - t as f64);
            row[(k + 1) * FEATURES + f] = s.features[f] as f64 * t as f64;
        }
        let nonzero: Vec<usize> = (0..n).filter(|&i| row[i] != 0.0).collect();
        for &i in &nonzero {
            b[i] += row[i] * s.target as f64;
            for &j in &nonzero {
                a[i][j] += row[i] * row[j];
            }
        }
    }
    for (i, r) in a.iter_mut().enumerate() {
        r[i] += ridge;
    }
    let x = solve_linear(a, b);
    if x.iter().any(|&v| !(v as f32).is_finite()) {
        return Err(TuneError::Underdetermined { ridge });
    }
    let mut w = [[0f32; FEATURES]; PHASES];
    for (k, phase) in w.iter_mut().enumerate() {
        for (f, v) in phase.iter_mut().enumerate() {
            *v = x[k * FEATURES + f] as f32;
        }
    }
    Ok(w)
}

/// Gaussian elimination with partial pivoting (the system is small and,
/// with the ridge term, well conditioned).
fn solve_linear(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for c in 0..n {
        let p = (c..n)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .expect("rows left");
        a.swap(c, p);
        b.swap(c, p);
        let (top, rest) = a.split_at_mut(c + 1);
        let pivot = &top[c];
        for (k, row) in rest.iter_mut().enumerate() {
            let f = row[c] / pivot[c];
            if f != 0.0 {
                for (x, p) in row[c..].iter_mut().zip(&pivot[c..]) {
                    *x -= f * p;
                }
                b[c + 1 + k] -= f * b[c];
            }
        }
    }
    let mut x = vec![0f64; n];
    for r in (0..n).rev() {
        let s: f64 = (r + 1..n).map(|k| a[r][k] * x[k]).sum();
        x[r] = (b[r] - s) / a[r][r];
    }
    x
}

/// Root-mean-square error of `weights` on `samples`, in points (`samples`
/// is not empty: [`fit`] refuses that).
pub(crate) fn error(samples: &[Sample], weights: &Weights) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let (k, t) = s.phase;
            let v: f32 = (0..FEATURES)
                .map(|f| s.features[f] * (weights[k][f] * (1.0 - t) + weights[k + 1][f] * t))
                .sum();
            ((v - s.target) as f64).powi(2)
        })
        .sum();
    (sum / samples.len().max(1) as f64).sqrt()
}

/// The source of `weights.rs` for `weights`.
pub(crate) fn source(weights: &Weights, note: &str) -> String {
    let mut s = String::from(
        "//! Evaluation weights in points per unit of each feature, written by\n\
         //! `mapello tune` (see `src/ai/tune.rs`); phase 0 is the end of the game.\n",
    );
    s.push_str(&format!("//! {note}\n\n"));
    s.push_str("/// The tuned weights; columns in the order of `FEATURE_NAMES`:\n");
    for chunk in FEATURE_NAMES.chunks(8) {
        s.push_str(&format!("/// {}\n", chunk.join(", ")));
    }
    // The shape is spelled out, not imported: the evaluation reads this
    // file, and a file it reads must not read it back.
    s.push_str(&format!(
        "#[rustfmt::skip]\n#[allow(clippy::approx_constant)]\npub(crate) const WEIGHTS: [[f32; {FEATURES}]; {PHASES}] = [\n"
    ));
    for phase in weights {
        let row: Vec<String> = phase.iter().map(|w| format!("{w:.3}")).collect();
        s.push_str(&format!("    [{}],\n", row.join(", ")));
    }
    s.push_str("];\n");
    s
}

#[cfg(test)]
mod tests {
    use super::super::weights::WEIGHTS;
    use super::*;

    /// `mapello tune` writes `weights.rs` as it stands: the built-in
    /// weights with their note give back the file byte for byte.
    #[test]
    fn the_weights_file_is_what_tune_writes() {
        let file = include_str!("weights.rs");
        let note = file.lines().nth(2).unwrap().trim_start_matches("//! ");
        assert_eq!(source(&WEIGHTS, note), file);
    }

    #[test]
    fn samples_that_leave_a_weight_free_are_refused_and_a_ridge_pins_it() {
        assert_eq!(fit(&[], 10.0), Err(TuneError::NoPositions));
        // One feature alone varies: every other weight is free.
        let mut features = [0.0; FEATURES];
        features[0] = 1.0;
        let samples = [Sample {
            features,
            phase: (0, 0.0),
            target: 3.0,
        }];
        let err = fit(&samples, 0.0).unwrap_err();
        assert_eq!(err, TuneError::Underdetermined { ridge: 0.0 });
        assert!(err
            .to_string()
            .starts_with("the positions do not fix every weight with ridge 0 "));
        assert!(fit(&samples, 1.0).is_ok());
    }
}
