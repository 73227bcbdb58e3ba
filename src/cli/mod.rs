//! The `mapello` command line; FORMATS.md is the contract for every output.
//!
//! Each command is a [`Command`] in [`COMMANDS`]: adding one is a file with
//! its `run` function and one line in that list. Commands that work on a
//! position take it with [`PositionArgs::take`].

mod ai;
mod args;
mod bench;
mod map;
mod perft;
pub mod position;
mod show;

use std::io::Write;
use std::process::ExitCode;

use thiserror::Error;

pub use args::Args;
pub use bench::{perft_rates, Bench, ROUNDS};
pub use position::PositionArgs;

/// A command that failed; the message goes to standard error.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct CliError(pub String);

macro_rules! from_error {
    ($($t:ty),*) => {
        $(impl From<$t> for CliError {
            fn from(e: $t) -> CliError {
                CliError(e.to_string())
            }
        })*
    };
}
from_error!(
    std::io::Error,
    crate::errors::ParseError,
    crate::transcript::ReplayError
);

/// What a command does with the words after its name, printing to `out`.
pub type Run = fn(&mut Args, &mut dyn Write) -> Result<(), CliError>;

/// A command of the `mapello` tool.
pub struct Command {
    /// The word that selects it.
    pub name: &'static str,
    /// Its synopsis, after the name.
    pub usage: &'static str,
    /// What it does.
    pub run: Run,
}

/// Every command, in the order the usage lists them.
pub const COMMANDS: &[Command] = &[
    perft::COMMAND,
    show::COMMAND,
    map::COMMAND,
    bench::COMMAND,
    ai::SOLVE,
    ai::BESTMOVE,
    ai::MATCH,
    ai::BALANCE,
    ai::TUNE,
];

fn usage() -> String {
    let mut text = "usage: mapello COMMAND [ARGS]\n\
                    position options: --position FILE|-|CODE|OBF, --variant othello|reversi|mapello, --size 6|8|10\n\
                    commands:\n"
        .to_string();
    for c in COMMANDS {
        text.push_str(format!("  {} {}", c.name, c.usage).trim_end());
        text.push('\n');
    }
    text
}

/// Runs the command named by the first word.
pub fn run(words: Vec<String>, out: &mut dyn Write) -> Result<(), CliError> {
    let mut args = Args::new(words);
    if args.flag("help") {
        write!(out, "{}", usage())?;
        return Ok(());
    }
    match args.positional().as_deref() {
        Some("help") => {
            write!(out, "{}", usage())?;
            Ok(())
        }
        Some(name) => match COMMANDS.iter().find(|c| c.name == name) {
            Some(c) => (c.run)(&mut args, out),
            None => Err(CliError(format!("unknown command '{name}'\n{}", usage()))),
        },
        None => Err(CliError(usage())),
    }
}

/// The `mapello` program: runs the command line, errors to standard error.
pub fn main() -> ExitCode {
    let words = std::env::args().skip(1).collect();
    match run(words, &mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mapello: {}", e.0.trim_end());
            ExitCode::FAILURE
        }
    }
}
