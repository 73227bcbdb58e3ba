//! `patterns games [--dir D] [--games N] [--seed S] [--level L]
//! [--solve-at E] [--tables] [--threads T]` and `patterns fit [--dir D]...
//! [--blend B] [--ridge R] [--iterations K] [--prior F --prior-positions N]
//! [--threads T] [--out F]`: the Othello pattern evaluation's training
//! games and its fit (`src/ai/train/patterns.rs`). Not in the usage, whose
//! text is a contract; docs/formats.md gives both.

use std::io::Write;
use std::path::PathBuf;

use super::{quoted, read_named, Args, CliError};
use crate::ai::net;
use crate::ai::train::{data, patterns};
use crate::ai::MAX_LEVEL;

/// Where the games go unless `--dir` says otherwise.
const DEFAULT_DIR: &str = "patterns";
/// Most games: 200 chunks, about 12 million positions.
const MAX_GAMES: u32 = 200_000;
/// Most empties the games solve exactly: every game makes such a solve.
const MAX_SOLVE_AT: u32 = 20;

/// Runs `patterns games` or `patterns fit`.
pub(super) fn run(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    match args.positional().as_deref() {
        Some("games") => games(args, out),
        Some("fit") => fit(args, out),
        Some(other) => Err(CliError::Refused(format!(
            "patterns takes games or fit, not {}",
            quoted(other)
        ))),
        None => Err(CliError::Missing("games or fit".into())),
    }
}

/// The directory of the games.
fn dir(args: &mut Args) -> Result<PathBuf, CliError> {
    Ok(PathBuf::from(
        args.value("dir")?
            .unwrap_or_else(|| DEFAULT_DIR.to_string()),
    ))
}

/// Plays Othello games with the built-in network (or the pattern tables
/// with `--tables`), each position labelled by its search (exactly from
/// `--solve-at` empties), making each missing file of 1000 games.
fn games(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let dir = dir(args)?;
    let plan = data::Plan {
        n: 8,
        games: args.number("games", 1..=MAX_GAMES)?.unwrap_or(20_000),
        seed: args.number("seed", 0..=u64::MAX)?.unwrap_or(1),
        level: args.number("level", 1..=MAX_LEVEL)?.unwrap_or(6),
        solve_at: args.number("solve-at", 0..=MAX_SOLVE_AT)?.unwrap_or(18),
        othello_only: true,
        tables: args.flag("tables")?,
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let threads = args.number("threads", 1..=256)?.unwrap_or(cores);
    args.finish()?;
    let model = net::builtin(8).ok_or_else(|| CliError::Refused("no 8 x 8 network".into()))?;
    let started = std::time::Instant::now();
    data::generate(&plan, &dir, Some(model), threads, &|done, total| {
        eprintln!(
            "patterns games: chunk {done} of {total} ({} s)",
            started.elapsed().as_secs()
        );
    })
    .map_err(|e| CliError::Refused(format!("cannot write the games in {}: {e}", dir.display())))?;
    writeln!(out, "games: {} in {}", plan.games, dir.display())?;
    Ok(())
}

/// Where the fitted tables go unless `--out` says otherwise: the file the
/// program is built with.
const DEFAULT_OUT: &str = "src/ai/net/o8.bin";

/// Most positions a prior can stand for.
const MAX_PRIOR_POSITIONS: u64 = 1_000_000_000;

/// Fits the pattern tables to the games in each `--dir` and writes them;
/// with `--prior`, from those tables, as if their `--prior-positions`
/// were fitted again beside these.
fn fit(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let mut dirs: Vec<PathBuf> = args.values("dir")?.into_iter().map(PathBuf::from).collect();
    if dirs.is_empty() {
        dirs.push(PathBuf::from(DEFAULT_DIR));
    }
    let blend = args.number("blend", 0..=100)?.unwrap_or(50) as f32 / 100.0;
    let ridge = args.number("ridge", 0..=100_000)?.unwrap_or(20) as f32;
    let iterations = args.number("iterations", 1..=1000)?.unwrap_or(60);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let threads = args.number("threads", 1..=256)?.unwrap_or(cores);
    let path = args
        .value("out")?
        .unwrap_or_else(|| DEFAULT_OUT.to_string());
    let prior = args.value("prior")?;
    let prior_positions = args.number("prior-positions", 1..=MAX_PRIOR_POSITIONS)?;
    args.finish()?;
    let prior = match (prior, prior_positions) {
        (Some(file), Some(n)) => {
            let bytes = read_named(&file)?;
            let tables = net::patterns::Patterns::parse(&bytes).map_err(|e| {
                CliError::Refused(format!("{} is not pattern tables: {e}", quoted(&file)))
            })?;
            Some((tables, n))
        }
        (None, None) => None,
        (Some(_), None) | (None, Some(_)) => {
            return Err(CliError::Refused(
                "--prior and --prior-positions go together: the tables to start from and \
                 how many positions they were fitted to"
                    .into(),
            ))
        }
    };
    let (samples, held) = patterns::load(&dirs, blend)?;
    if samples.is_empty() || held.is_empty() {
        let names: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
        return Err(CliError::Refused(format!(
            "the games in {} hold {} positions to fit and {} held out; a fit and its error need both",
            names.join(" and "),
            samples.len(),
            held.len()
        )));
    }
    let prior = prior.as_ref().map(|(tables, n)| patterns::Prior {
        tables,
        share: *n as f32 / samples.len() as f32,
    });
    if let Some(prior) = &prior {
        let (_, with) = patterns::errors(&held, prior.tables);
        writeln!(out, "prior: error with its tables {with:.2}")?;
    }
    let tables = patterns::fit(&samples, prior.as_ref(), ridge, iterations, threads);
    let (before, after) = patterns::errors(&held, &tables);
    let bytes = tables.to_bytes();
    std::fs::write(&path, &bytes)
        .map_err(|e| CliError::Refused(format!("cannot write {path}: {e}")))?;
    writeln!(
        out,
        "positions: {} held out: {} error: {before:.2} -> {after:.2} bytes: {} tables: {path}",
        samples.len(),
        held.len(),
        bytes.len()
    )?;
    Ok(())
}
