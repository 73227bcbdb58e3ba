//! `bench`: speed figures, one line `name: value unit` each.

use std::fmt::Display;
use std::io::Write;
use std::time::{Duration, Instant};

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{Args, CliError, Command};
use crate::game::AnyGame;
use crate::map::{Counts, Map};
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

/// The least time spent on one figure.
const MIN_TIME: Duration = Duration::from_millis(500);

/// Perft leaves per second from the Othello start and from the Mapello
/// start on a fixed map with the default 8 walls, 8 bonuses and 8 jokers.
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
    for (name, game, depth) in [
        ("perft othello d10", othello, 10),
        ("perft mapello 8-8-8 d10", mapello, 10),
    ] {
        // Repeated for at least MIN_TIME, so that a fast run still gives a
        // steady figure.
        let start = Instant::now();
        let mut leaves = 0;
        while start.elapsed() < MIN_TIME {
            leaves += game.perft(depth);
        }
        let seconds = start.elapsed().as_secs_f64();
        bench.figure(name, format!("{:.0}", leaves as f64 / seconds), "leaves/s")?;
    }
    Ok(())
}
