//! `mapello train`: plays the training games (resuming an interrupted
//! run), then fits the learned evaluation and writes its weights. Each
//! generation of games after the first is played with the network fitted
//! to the ones before, and the next fit reads them all.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::ai::net::Model;
use crate::ai::train::{data, fit};
use crate::ai::MAX_LEVEL;

use super::args::Args;
use super::{quoted, read_named, CliError, Command};

/// Most training games: 200 chunks, about 10 million positions.
const MAX_GAMES: u32 = 200_000;

/// Most generations.
const MAX_GENERATIONS: usize = 5;

/// Games of each generation by default: the first played with the
/// hand-made evaluation, the second with the network fitted to it.
const DEFAULT_GAMES: [u32; 2] = [60_000, 30_000];

/// Most passes over the positions.
const MAX_EPOCHS: u32 = 100;

/// Most empties the games solve exactly: every game makes such a solve.
const MAX_SOLVE_AT: u32 = 20;

pub(super) const COMMAND: Command = Command {
    name: "train",
    usage: "[--dir D] [--size 6|8|10] [--games N[,N...]] [--seed S] [--level L] [--solve-at E] [--threads T] \
            [--epochs K] [--out F]",
    run: train,
};

fn train(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let dir = PathBuf::from(args.value("dir")?.unwrap_or_else(|| "train".to_string()));
    let games = match args.value("games")? {
        Some(list) => generations(&list)?,
        None => DEFAULT_GAMES.to_vec(),
    };
    let n = args.size()?.unwrap_or(8);
    let seed = args.number("seed", 0..=u64::MAX)?.unwrap_or(1);
    let level = args.number("level", 1..=MAX_LEVEL)?.unwrap_or(5);
    let solve_at = args.number("solve-at", 0..=MAX_SOLVE_AT)?.unwrap_or(16);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let threads = args.number("threads", 1..=256)?.unwrap_or(cores);
    let epochs = args.number("epochs", 1..=MAX_EPOCHS)?.unwrap_or(8);
    let blend = args.number("blend", 0..=100)?;
    let from_file = args.value("from")?;
    let from = from_file
        .as_deref()
        .map(|file| weights_of(file, n))
        .transpose()?;
    let model_path = PathBuf::from(
        args.value("out")?
            .unwrap_or_else(|| format!("src/ai/net/s{n}.bin")),
    );
    args.finish()?;
    let total: u32 = games.iter().sum();
    if total < fit::HOLD_OUT {
        return Err(CliError::Refused(format!(
            "--games: the error is measured on one game in {0}, held out from the fit, \
             so a run needs at least {0} games, not {total}",
            fit::HOLD_OUT
        )));
    }
    let started = std::time::Instant::now();
    let seconds = || started.elapsed().as_secs();
    let from_text = from_file.map_or_else(String::new, |file| format!(" from {file}"));
    let blend_text = blend.map_or_else(String::new, |b| format!(" blend {b}"));
    let settings = format!(
        "size {n} games {games:?} seed {seed} level {level} solve-at {solve_at}{from_text}{blend_text}\n"
    );
    let blend = blend.map_or(fit::BLEND, |b: u32| b as f32 / 100.0);
    let settings_path = dir.join("plan.txt");
    match std::fs::read_to_string(&settings_path) {
        Ok(old) if old != settings => {
            return Err(CliError::Refused(format!(
                "{} holds a run with other settings ({}); give another --dir",
                dir.display(),
                old.trim()
            )))
        }
        Ok(_) => {}
        Err(_) => std::fs::create_dir_all(&dir)
            .and_then(|()| std::fs::write(&settings_path, &settings))
            .map_err(|e| CliError::Refused(format!("cannot write in {}: {e}", dir.display())))?,
    }
    let mut parts: Vec<(PathBuf, u32)> = Vec::new();
    let mut fitted: Option<(fit::State, usize, f64)> = None;
    for (g, &games) in (1..).zip(&games) {
        let plan = data::Plan {
            n,
            games,
            seed: data::generation_seed(seed, g - 1),
            level,
            solve_at,
            othello_only: false,
            tables: false,
        };
        let gen_dir = dir.join(format!("gen-{g}"));
        let model = match &fitted {
            Some((state, _, _)) => Some(state.params.model()),
            None => from.clone(),
        };
        data::generate(&plan, &gen_dir, model.as_ref(), threads, &|done, total| {
            eprintln!(
                "generation {g} games: chunk {done} of {total} ({} s)",
                seconds()
            );
        })
        .map_err(|e| {
            CliError::Refused(format!(
                "cannot write the games in {}: {e}",
                gen_dir.display()
            ))
        })?;
        parts.push((gen_dir, plan.chunks()));
        let checkpoint = dir.join(format!("fit-{g}.bin"));
        fitted = Some(fit_generation(
            &parts,
            &checkpoint,
            seed,
            epochs,
            blend,
            from.as_ref(),
            &|line| {
                eprintln!("generation {g} {line} ({} s)", seconds());
            },
        )?);
    }
    let (state, positions, error) = fitted.expect("at least one generation");
    std::fs::write(&model_path, state.params.model().to_bytes())
        .map_err(|e| CliError::Refused(format!("cannot write {}: {e}", model_path.display())))?;
    writeln!(
        out,
        "games: {total} positions: {positions} error: {error:.2} weights: {}",
        model_path.display()
    )?;
    Ok(())
}

/// The weights in `file` for `n` x `n` boards, to play the first
/// generation's games and start each fit from (`--from`, which like
/// `--blend` is not in the usage: docs/formats.md).
fn weights_of(file: &str, n: u32) -> Result<Model, CliError> {
    let model = Model::parse(&read_named(file)?).map_err(|e| {
        CliError::Refused(format!("{} is not a network's weights: {e}", quoted(file)))
    })?;
    if model.n != n {
        return Err(CliError::Refused(format!(
            "{} holds weights for {1} x {1} boards, not {n} x {n}",
            quoted(file),
            model.n
        )));
    }
    Ok(model)
}

/// The games of each generation, from `N[,N...]`.
fn generations(list: &str) -> Result<Vec<u32>, CliError> {
    let bad = || {
        CliError::Refused(format!(
            "--games must be a count or a list of counts a generation (as 60000,30000), \
             {MAX_GAMES} in all at most, not '{list}'"
        ))
    };
    let games = list
        .split(',')
        .map(|w| w.parse::<u32>().ok().filter(|&n| n > 0))
        .collect::<Option<Vec<u32>>>()
        .ok_or_else(bad)?;
    if games.len() > MAX_GENERATIONS
        || games.iter().map(|&n| u64::from(n)).sum::<u64>() > u64::from(MAX_GAMES)
    {
        return Err(bad());
    }
    Ok(games)
}

/// Fits the network to the games of `parts` for `epochs`, each target
/// `blend` of the game's result, resuming from and saving each epoch to
/// `checkpoint`: the fit's state, the number of positions and the error
/// on the held-out ones.
fn fit_generation(
    parts: &[(PathBuf, u32)],
    checkpoint: &Path,
    seed: u64,
    epochs: u32,
    blend: f32,
    from: Option<&Model>,
    report: &dyn Fn(String),
) -> Result<(fit::State, usize, f64), CliError> {
    let list: Vec<(&Path, u32)> = parts.iter().map(|(d, c)| (d.as_path(), *c)).collect();
    let (samples, held) = fit::load(&list, blend)?;
    if samples.is_empty() || held.is_empty() {
        return Err(CliError::Refused(format!(
            "the games hold {} positions to fit and {} held out; a fit and its error need both",
            samples.len(),
            held.len()
        )));
    }
    let n = samples.size();
    report(format!(
        "positions: {} to fit, {} held out, error {:.2} points there with the hand-made evaluation",
        samples.len(),
        held.len(),
        fit::error(&fit::Params::hand_made(n), &held)
    ));
    if let Some(model) = from {
        report(format!(
            "error {:.2} points there with the weights the fit starts from",
            fit::error(&fit::Params::of(model), &held)
        ));
    }
    let mut state = std::fs::read(checkpoint)
        .ok()
        .and_then(|bytes| fit::State::from_bytes(&bytes, seed, n))
        .filter(|s| s.epoch <= epochs)
        .unwrap_or_else(|| from.map_or_else(|| fit::State::new(seed, n), fit::State::from_model));
    while state.epoch < epochs {
        state.epoch(&samples, seed);
        std::fs::write(checkpoint, state.to_bytes())
            .map_err(|e| CliError::Refused(format!("cannot save {}: {e}", checkpoint.display())))?;
        report(format!(
            "epoch {} of {epochs}: error {:.2} points on held-out games",
            state.epoch,
            fit::error(&state.params, &held)
        ));
    }
    let error = fit::error(&state.params, &held);
    Ok((state, samples.len() + held.len(), error))
}
