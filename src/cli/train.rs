//! `mapello train`: plays the training games (resuming an interrupted
//! run), then fits the learned evaluation and writes its weights.

use std::io::Write;
use std::path::PathBuf;

use crate::ai::train::{data, fit};
use crate::ai::MAX_LEVEL;

use super::args::Args;
use super::{CliError, Command};

/// Most training games: 200 chunks, about 10 million positions.
const MAX_GAMES: u32 = 200_000;

/// Most passes over the positions.
const MAX_EPOCHS: u32 = 100;

/// Where the weights go: the file the program is built with.
const MODEL: &str = "src/ai/net/s8.bin";

/// Most empties the games solve exactly: every game makes such a solve.
const MAX_SOLVE_AT: u32 = 20;

pub const COMMAND: Command = Command {
    name: "train",
    usage: "[--dir D] [--games N] [--seed S] [--level L] [--solve-at E] [--threads T] \
            [--epochs K] [--out F]",
    run: train,
};

fn train(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let dir = PathBuf::from(args.value("dir")?.unwrap_or_else(|| "train".to_string()));
    let plan = data::Plan {
        games: args.number("games", 1..=MAX_GAMES)?.unwrap_or(60_000),
        seed: args.number("seed", 0..=u64::MAX)?.unwrap_or(1),
        level: args.number("level", 1..=MAX_LEVEL)?.unwrap_or(5),
        solve_at: args.number("solve-at", 0..=MAX_SOLVE_AT)?.unwrap_or(16),
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let threads = args.number("threads", 1..=256)?.unwrap_or(cores);
    let epochs = args.number("epochs", 1..=MAX_EPOCHS)?.unwrap_or(8);
    let model_path = PathBuf::from(args.value("out")?.unwrap_or_else(|| MODEL.to_string()));
    args.finish()?;
    let started = std::time::Instant::now();
    let settings = format!("{plan:?}\n");
    let settings_path = dir.join("plan.txt");
    match std::fs::read_to_string(&settings_path) {
        Ok(old) if old != settings => {
            return Err(CliError(format!(
                "{} holds a run with other settings ({}); give another --dir",
                dir.display(),
                old.trim()
            )))
        }
        Ok(_) => {}
        Err(_) => std::fs::create_dir_all(&dir)
            .and_then(|()| std::fs::write(&settings_path, &settings))
            .map_err(|e| CliError(format!("cannot write in {}: {e}", dir.display())))?,
    }
    data::generate(&plan, &dir, threads, &|done, total| {
        eprintln!(
            "games: chunk {done} of {total} ({} s)",
            started.elapsed().as_secs()
        );
    })
    .map_err(|e| CliError(format!("cannot write the games in {}: {e}", dir.display())))?;
    let (samples, held) = fit::load(&dir, plan.chunks()).map_err(CliError)?;
    eprintln!(
        "positions: {} to fit, {} held out, error {:.2} points there with the hand-made evaluation ({} s)",
        samples.len(),
        held.len(),
        fit::error(&fit::Params::hand_made(), &held),
        started.elapsed().as_secs()
    );
    let checkpoint = dir.join("fit.bin");
    let mut state = std::fs::read(&checkpoint)
        .ok()
        .and_then(|bytes| fit::State::from_bytes(&bytes, plan.seed))
        .filter(|s| s.epoch <= epochs)
        .unwrap_or_else(|| fit::State::new(plan.seed));
    while state.epoch < epochs {
        state.epoch(&samples, plan.seed);
        std::fs::write(&checkpoint, state.to_bytes())
            .map_err(|e| CliError(format!("cannot save {}: {e}", checkpoint.display())))?;
        eprintln!(
            "epoch {} of {epochs}: error {:.2} points on held-out games ({} s)",
            state.epoch,
            fit::error(&state.params, &held),
            started.elapsed().as_secs()
        );
    }
    std::fs::write(&model_path, state.params.model().to_bytes())
        .map_err(|e| CliError(format!("cannot write {}: {e}", model_path.display())))?;
    writeln!(
        out,
        "games: {} positions: {} error: {:.2} weights: {}",
        plan.games,
        samples.len() + held.len(),
        fit::error(&state.params, &held),
        model_path.display()
    )?;
    Ok(())
}
