//! `bench [--markdown]`: speed figures, one line `name: value unit` each,
//! or with `--markdown` the same figures as a Markdown section for
//! `docs/benchmarks.md`: a heading with the machine and the date, the
//! commit, a table, and a paragraph on how the figures were measured.

use std::fmt::Display;
use std::io::Write;
use std::time::{Duration, Instant, SystemTime};

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{Args, CliError, Command};
use crate::game::AnyGame;
use crate::map::{Counts, Map};
use crate::perft::OTHELLO_PERFT;
use crate::rules::Variant;

pub(super) const COMMAND: Command = Command {
    name: "bench",
    usage: "[--markdown]",
    run,
};

/// Where the figures go, and how they are written.
pub(crate) struct Bench<'a> {
    out: &'a mut dyn Write,
    markdown: bool,
    /// How each suite measured its figures, for the Markdown method paragraph.
    method: Vec<String>,
}

impl Bench<'_> {
    /// Prints one figure as `name: value unit`, or as a table row.
    pub(crate) fn figure(
        &mut self,
        name: &str,
        value: impl Display,
        unit: &str,
    ) -> Result<(), CliError> {
        if self.markdown {
            writeln!(self.out, "| {name} | {value} | {unit} |")?;
        } else {
            writeln!(self.out, "{name}: {value} {unit}")?;
        }
        Ok(())
    }

    /// Says how a suite measures its figures: a sentence or two of the
    /// Markdown method paragraph (the plain lines leave it out).
    pub(crate) fn method(&mut self, text: String) {
        self.method.push(text);
    }
}

/// A set of figures measured together.
pub(super) type Suite = fn(&mut Bench) -> Result<(), CliError>;

/// Every suite, in the order printed.
const SUITES: &[Suite] = &[perft, super::ai::bench, super::blocs::bench];

fn run(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let markdown = args.flag("markdown")?;
    args.finish()?;
    let load_before = load_average();
    if markdown {
        let since_epoch = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap_or_default();
        writeln!(out, "## {}, {}\n", machine(), utc_date(since_epoch))?;
        match commit() {
            Some(commit) => writeln!(out, "Commit {commit}.\n")?,
            None => writeln!(
                out,
                "Commit unknown (no git checkout at the build's source).\n"
            )?,
        }
        writeln!(out, "| figure | value | unit |\n| --- | ---: | --- |")?;
    }
    let mut bench = Bench {
        out,
        markdown,
        method: Vec::new(),
    };
    for suite in SUITES {
        suite(&mut bench)?;
    }
    if markdown {
        let build = if cfg!(debug_assertions) {
            "a build with debug assertions (not `--release`)"
        } else {
            "a release build"
        };
        let mut text = format!(
            "Method: `mapello bench --markdown`, {build}, one thread unless a figure says \
             otherwise; every figure \
             is wall-clock time, so whatever else runs on the machine slows it down. {}",
            bench.method.join(" ")
        );
        if let (Some(before), Some(after)) = (load_before, load_average()) {
            text.push_str(&format!(
                " The load average over one minute was {before} at the start and {after} at the end."
            ));
        }
        writeln!(bench.out, "\n{text}")?;
    }
    Ok(())
}

/// The CPU's model name and the number of cores the process may use.
fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines().find_map(|line| {
                let name = line.strip_prefix("model name")?.trim_start();
                Some(name.strip_prefix(':')?.trim().to_string())
            })
        })
        .unwrap_or_else(|| format!("an unknown {} CPU", std::env::consts::ARCH));
    match std::thread::available_parallelism() {
        Ok(cores) => format!("{cpu}, {cores} cores"),
        Err(_) => cpu,
    }
}

/// The day `since_epoch` falls on, in UTC, as `YYYY-MM-DD`.
fn utc_date(since_epoch: Duration) -> String {
    let leap = |year: u64| year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let mut days = since_epoch.as_secs() / 86_400;
    let mut year = 1970;
    while days >= if leap(year) { 366 } else { 365 } {
        days -= if leap(year) { 366 } else { 365 };
        year += 1;
    }
    let february = if leap(year) { 29 } else { 28 };
    let mut month = 1;
    for length in [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] {
        if days < length {
            break;
        }
        days -= length;
        month += 1;
    }
    format!("{year}-{month:02}-{:02}", days + 1)
}

/// The commit of the source tree this binary was built from, as git sees it
/// now, marked when files differ from it; `None` outside a git checkout.
fn commit() -> Option<String> {
    let git = |args: &[&str]| {
        let output = std::process::Command::new("git")
            .arg("-C")
            .arg(env!("CARGO_MANIFEST_DIR"))
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())?;
        Some(String::from_utf8_lossy(&output.stdout).trim().to_string())
    };
    let hash = git(&["rev-parse", "--short", "HEAD"])?;
    let changed = git(&["status", "--porcelain", "--untracked-files=no"])
        .is_some_and(|status| !status.is_empty());
    Some(if changed {
        format!("`{hash}` with uncommitted changes")
    } else {
        format!("`{hash}`")
    })
}

/// The load average over the last minute, where the system reports it.
fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next().map(str::to_string)
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
                    return Err(CliError::Refused(format!(
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
    let error = |e: &dyn Display| CliError::Refused(e.to_string());
    let othello = AnyGame::new(Variant::Othello, Map::empty(8).map_err(|e| error(&e))?)
        .map_err(|e| error(&e))?;
    let counts = Counts::FULL_SET;
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
            return Err(CliError::Refused(format!(
                "perft 12 from the Othello start gave {leaves} leaves, not {}",
                OTHELLO_PERFT[11]
            )));
        }
    }
    bench.method(format!(
        "Perft 10 from the Othello start and from the Mapello start on one fixed map \
         (8 walls, 8 bonuses and 8 jokers placed at random from seed 1): the best of \
         {ROUNDS} timed runs of each, alternating between the two so that a burst of load \
         hits both, each run repeating perft for at least {} ms; the ratio is the map's \
         rate over the plain board's. Perft 12 from the Othello start: the best of \
         {D12_RUNS} runs.",
        MIN_TIME.as_millis()
    ));
    bench.figure("perft othello d12", format!("{seconds:.2}"), "s")
}

/// Timed runs of perft 12; the figure is the best of them.
const D12_RUNS: usize = 3;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_date_counts_leap_days() {
        assert_eq!(utc_date(Duration::ZERO), "1970-01-01");
        // 2000 is a leap year (divisible by 400); 2100 will not be.
        assert_eq!(utc_date(Duration::from_secs(951_782_400)), "2000-02-29");
        assert_eq!(utc_date(Duration::from_secs(951_868_800)), "2000-03-01");
        assert_eq!(utc_date(Duration::from_secs(1_709_164_800)), "2024-02-29");
        assert_eq!(utc_date(Duration::from_secs(1_735_689_599)), "2024-12-31");
        assert_eq!(utc_date(Duration::from_secs(1_735_689_600)), "2025-01-01");
        assert_eq!(utc_date(Duration::from_secs(4_107_542_400)), "2100-03-01");
    }
}
