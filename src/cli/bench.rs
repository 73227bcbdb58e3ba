//! `bench`: speed figures, one line `name: value unit` each.

use std::fmt::Display;
use std::io::Write;
use std::time::{Duration, Instant};

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{Args, CliError, Command};
use crate::game::AnyGame;
use crate::map::{Counts, Map};
use crate::perft::OTHELLO_PERFT;
use crate::rules::Variant;

pub const COMMAND: Command = Command {
    name: "bench",
    usage: "",
    run,
};

/// Where the figures go.
pub struct Bench<'a> {
    out: &'a mut dyn Write,
}

impl Bench<'_> {
    /// Prints one figure as `name: value unit`.
    pub fn figure(&mut self, name: &str, value: impl Display, unit: &str) -> Result<(), CliError> {
        writeln!(self.out, "{name}: {value} {unit}")?;
        Ok(())
    }
}

/// A set of figures measured together.
pub type Suite = fn(&mut Bench) -> Result<(), CliError>;

/// Every suite, in the order printed.
const SUITES: &[Suite] = &[perft, super::ai::bench];

fn run(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    args.finish()?;
    let mut bench = Bench { out };
    for suite in SUITES {
        suite(&mut bench)?;
    }
    Ok(())
}

/// The least time of one timed run.
const MIN_TIME: Duration = Duration::from_millis(50);
/// Timed runs per figure in [`perft_rates`]. Many short runs rather than a
/// few long ones: with this loop in a harness on the 2-core machine, the
/// map's ratio kept its median (0.68) and its standard deviation fell from
/// 0.049 (eight runs of 250 ms) to 0.012 over a dozen tries each.
pub const ROUNDS: usize = 40;

/// Perft leaves per second at `depth` from the start of each of `games`:
/// the best of `rounds` timed runs each, alternating between the games, so
/// that a burst of load on a shared machine does not distort one figure
/// against another. A timed run repeats perft for at least [`MIN_TIME`], so
/// that a fast one still gives a steady figure; every perft of a game must
/// count the same leaves.
pub fn perft_rates(games: &[&AnyGame], depth: u32, rounds: usize) -> Result<Vec<f64>, CliError> {
    let mut best = vec![0f64; games.len()];
    let mut counts = vec![None; games.len()];
    for _ in 0..rounds {
        for ((game, best), count) in games.iter().zip(&mut best).zip(&mut counts) {
            let start = Instant::now();
            let mut leaves = 0;
            while start.elapsed() < MIN_TIME {
                let once = game.perft(depth);
                let first = *count.get_or_insert(once);
                if once != first {
                    return Err(CliError(format!(
                        "perft {depth} gave {first} leaves, then {once}"
                    )));
                }
                leaves += once;
            }
            *best = best.max(leaves as f64 / start.elapsed().as_secs_f64());
        }
    }
    Ok(best)
}

/// Perft leaves per second from the Othello start and from the Mapello
/// start on a fixed map with the default 8 walls, 8 bonuses and 8 jokers,
/// their ratio, and the time of perft 12 from the Othello start.
fn perft(bench: &mut Bench) -> Result<(), CliError> {
    let error = |e: &dyn Display| CliError(e.to_string());
    let othello = AnyGame::new(Variant::Othello, Map::empty(8).map_err(|e| error(&e))?)
        .map_err(|e| error(&e))?;
    let counts = Counts {
        walls: 8,
        bonuses: 8,
        jokers: 8,
    };
    let map =
        Map::random(8, counts, &mut Xoshiro256PlusPlus::seed_from_u64(1)).map_err(|e| error(&e))?;
    let mapello = AnyGame::new(Variant::Mapello, map).map_err(|e| error(&e))?;
    let best = perft_rates(&[&othello, &mapello], 10, ROUNDS)?;
    for (name, rate) in ["perft othello d10", "perft mapello 8-8-8 d10"]
        .iter()
        .zip(&best)
    {
        bench.figure(name, format!("{rate:.0}"), "leaves/s")?;
    }
    bench.figure(
        "perft mapello 8-8-8 d10 / othello d10",
        format!("{:.3}", best[1] / best[0]),
        "ratio",
    )?;
    let mut seconds = f64::INFINITY;
    for _ in 0..D12_RUNS {
        let start = Instant::now();
        let leaves = othello.perft(12);
        seconds = seconds.min(start.elapsed().as_secs_f64());
        if leaves != OTHELLO_PERFT[11] {
            return Err(CliError(format!(
                "perft 12 from the Othello start gave {leaves} leaves, not {}",
                OTHELLO_PERFT[11]
            )));
        }
    }
    bench.figure("perft othello d12", format!("{seconds:.2}"), "s")
}

/// Timed runs of perft 12; the figure is the best of them.
const D12_RUNS: usize = 3;
