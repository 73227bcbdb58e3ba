//! The `mapello` command line; docs/formats.md is the contract for every output.
//!
//! Each command is a [`Command`] in [`COMMANDS`]: adding one is a file with
//! its `run` function and one line in that list. Commands that work on a
//! position take it with [`PositionArgs::take`]. A game whose engine is not
//! the Reversi family's (see [`crate::games`]) has its own list of commands,
//! chosen by `--variant` in [`commands`].

mod ai;
mod args;
mod bench;
mod blocs;
mod book;
mod map;
mod patterns;
mod perft;
pub mod position;
mod review;
mod show;
mod train;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use thiserror::Error;

use crate::games::{self, Engine};

pub(crate) use args::Args;
pub(crate) use bench::Bench;
pub use bench::{perft_rates, ROUNDS};
pub(crate) use position::PositionArgs;

/// A command that failed; its message goes to standard error.
#[derive(Debug, Error)]
pub enum CliError {
    /// `--name` was the last word, with no value after it.
    #[error("--{0} needs a value")]
    MissingValue(String),
    /// `--name` was given twice.
    #[error("--{0} is given twice")]
    Repeated(String),
    /// An option or argument (`what`, as `--games` or `depth D`) whose
    /// word is not what it takes (`expected`, as `1 to 9`).
    #[error("{what} must be {expected}, not {}", quoted(.word))]
    BadValue {
        /// The option or argument.
        what: String,
        /// What a good value is.
        expected: String,
        /// The word given.
        word: String,
    },
    /// `--size` named a number that is no board size.
    #[error("--size must be 6, 8 or 10, not {0}")]
    BadSize(u32),
    /// `--variant` names no game.
    #[error("unknown variant {} ({})", quoted(.0), games::ids())]
    UnknownVariant(String),
    /// `--size` beside a `--position`, which has its own size.
    #[error("--size sets the default start; a --position has its own size")]
    SizeWithPosition,
    /// The position read cannot be played (as a map the variant refuses).
    #[error("the position cannot be played: {0}")]
    Unplayable(crate::setup::SetupError),
    /// A required positional argument is missing; it says which.
    #[error("missing {0}")]
    Missing(String),
    /// An option no one took.
    #[error("unknown option {}", printable(.0))]
    UnknownOption(String),
    /// A positional argument no one took.
    #[error("unexpected argument {}", quoted(.0))]
    UnexpectedArgument(String),
    /// Argument `index` (1-based) is not UTF-8; `shown` escapes its bytes.
    #[error("argument {index} is not valid UTF-8: {shown}")]
    NotUtf8 {
        /// Its place after the program's name.
        index: usize,
        /// The argument, bytes that are not UTF-8 as `\xFF`.
        shown: String,
    },
    /// No command at all: the usage.
    #[error("{0}")]
    Usage(String),
    /// A first word that names no command; then the usage.
    #[error("unknown command {}\n{usage}", quoted(.name))]
    UnknownCommand {
        /// The word.
        name: String,
        /// The usage text.
        usage: String,
    },
    /// A command of the Reversi family asked of another game.
    #[error("{} is not a command of {game} (its commands: {})", quoted(.name), .commands.join(", "))]
    NotAGameCommand {
        /// The command.
        name: String,
        /// The game's name.
        game: &'static str,
        /// The commands it has.
        commands: Vec<&'static str>,
    },
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// Text that does not read.
    #[error(transparent)]
    Parse(#[from] crate::errors::ParseError),
    /// A move the rules refuse.
    #[error(transparent)]
    Replay(#[from] crate::transcript::ReplayError),
    /// A Blocs move the rules refuse.
    #[error(transparent)]
    BlocsReplay(#[from] crate::blocs::transcript::ReplayError),
    /// A map or a placement the rules refuse.
    #[error(transparent)]
    Map(#[from] crate::map::MapError),
    /// A position that cannot be played.
    #[error(transparent)]
    Setup(#[from] crate::setup::SetupError),
    /// Self-play positions that do not fix the evaluation's weights.
    #[error(transparent)]
    Tune(#[from] crate::ai::tune::TuneError),
    /// Training games that do not read.
    #[error(transparent)]
    Train(#[from] crate::ai::train::fit::LoadError),
    /// The option words themselves did not read.
    #[error(transparent)]
    Args(#[from] lexopt::Error),
    /// A command refused what it was asked; the sentence says why.
    #[error("{0}")]
    Refused(String),
}

/// What a command does with the words after its name, printing to `out`.
pub(crate) type Run = fn(&mut Args, &mut dyn Write) -> Result<(), CliError>;

/// A command of the `mapello` tool.
pub(crate) struct Command {
    /// The word that selects it.
    pub(crate) name: &'static str,
    /// Its synopsis, after the name.
    pub(crate) usage: &'static str,
    /// What it does.
    pub(crate) run: Run,
}

/// Every command, in the order the usage lists them.
pub(crate) const COMMANDS: &[Command] = &[
    perft::COMMAND,
    show::COMMAND,
    map::COMMAND,
    bench::COMMAND,
    ai::SOLVE,
    ai::BESTMOVE,
    review::COMMAND,
    ai::MATCH,
    ai::BALANCE,
    ai::TUNE,
    train::COMMAND,
];

/// The commands that play a game of `engine`.
fn commands(engine: Engine) -> &'static [Command] {
    match engine {
        Engine::Reversi(_) => COMMANDS,
        Engine::Blocs => blocs::COMMANDS,
    }
}

fn usage() -> String {
    let ids: Vec<&str> = games::GAMES.iter().map(|g| g.id).collect();
    let mut text = format!(
        "usage: mapello COMMAND [ARGS]\n\
         position options: --position FILE|-|CODE|OBF, --variant {}, --size 6|8|10\n\
         commands:\n",
        ids.join("|")
    );
    for c in COMMANDS {
        text.push_str(format!("  {} {}", c.name, c.usage).trim_end());
        text.push('\n');
    }
    for game in games::GAMES {
        if matches!(game.engine, Engine::Reversi(_)) {
            continue;
        }
        text.push_str(&format!("commands with --variant {}:\n", game.id));
        for c in commands(game.engine) {
            text.push_str(format!("  {} {}", c.name, c.usage).trim_end());
            text.push('\n');
        }
    }
    text
}

/// The engine `--variant` names, without taking it: the Reversi family's
/// when it is missing or unreadable (its commands report those errors).
fn engine(args: &Args) -> Engine {
    let named = args.clone().value("variant").ok().flatten();
    named
        .and_then(|id| games::by_id(&id))
        .map_or(Engine::Reversi(crate::rules::Variant::Mapello), |g| {
            g.engine
        })
}

/// Runs the command named by the first word.
pub(crate) fn run(words: Vec<String>, out: &mut dyn Write) -> Result<(), CliError> {
    let mut args = Args::new(words);
    if args.flag("help")? {
        write!(out, "{}", usage())?;
        return Ok(());
    }
    match args.positional().as_deref() {
        Some("help") => {
            write!(out, "{}", usage())?;
            Ok(())
        }
        Some("book") => book::run(&mut args, out),
        Some("patterns") => patterns::run(&mut args, out),
        Some(name) => {
            let engine = engine(&args);
            match commands(engine).iter().find(|c| c.name == name) {
                Some(c) => (c.run)(&mut args, out),
                None if COMMANDS.iter().any(|c| c.name == name) => Err(CliError::NotAGameCommand {
                    name: name.to_string(),
                    game: games::GAMES
                        .iter()
                        .find(|g| g.engine == engine)
                        .map_or("this game", |g| g.name),
                    commands: commands(engine).iter().map(|c| c.name).collect(),
                }),
                None => Err(CliError::UnknownCommand {
                    name: name.to_string(),
                    usage: usage(),
                }),
            }
        }
        None => Err(CliError::Usage(usage())),
    }
}

/// Longest piece of user text an error quotes; longer text is cut short.
const QUOTED_CHARS: usize = 60;

/// User text as an error shows it, escaped (no terminal escapes or line
/// breaks get through) and cut to [`QUOTED_CHARS`] characters.
pub(crate) fn printable(text: &str) -> String {
    cut(text, |shown| shown.escape_debug().to_string())
}

/// `show` of the first [`QUOTED_CHARS`] characters of `text`, with the
/// length of the whole when it is longer.
fn cut(text: &str, show: impl Fn(&str) -> String) -> String {
    let total = text.chars().count();
    let head: String = text.chars().take(QUOTED_CHARS).collect();
    let mut out = show(&head);
    if total > QUOTED_CHARS {
        out.push_str(&format!("… ({total} characters)"));
    }
    out
}

/// User text in an error, escaped and in quotes: `'f9'`.
pub(crate) fn quoted(text: &str) -> String {
    format!("'{}'", printable(text))
}

/// The bytes of a file named on the command line; one that cannot be
/// read is refused with the file's name and the reason.
pub(crate) fn read_named(file: &str) -> Result<Vec<u8>, CliError> {
    std::fs::read(file).map_err(|e| CliError::Refused(format!("cannot read {}: {e}", quoted(file))))
}

/// The words after the program's name; one that is not UTF-8 is an error.
fn words(args: impl Iterator<Item = OsString>) -> Result<Vec<String>, CliError> {
    args.enumerate()
        .map(|(i, word)| {
            word.into_string().map_err(|word| {
                // Debug shows the bytes that are not UTF-8 as `\xFF`.
                CliError::NotUtf8 {
                    index: i + 1,
                    shown: cut(&format!("{word:?}"), str::to_string),
                }
            })
        })
        .collect()
}

/// The message as printed: control characters that slipped into an error
/// (from any source) are escaped; line breaks between lines stay.
fn message(error: &CliError) -> String {
    error
        .to_string()
        .trim_end()
        .split('\n')
        .map(|line| {
            line.chars()
                .map(|c| {
                    if c.is_control() {
                        c.escape_debug().to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `mapello` program: runs the command line, errors to standard error.
pub fn main() -> ExitCode {
    let result = words(std::env::args_os().skip(1))
        .and_then(|words| run(words, &mut std::io::stdout().lock()));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mapello: {}", message(&e));
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_text_is_escaped_and_cut_short() {
        assert_eq!(quoted("f9"), "'f9'");
        assert_eq!(quoted("a\u{1b}[31mb\r\n"), "'a\\u{1b}[31mb\\r\\n'");
        let long = "x".repeat(1000);
        assert_eq!(
            quoted(&long),
            format!("'{}… (1000 characters)'", "x".repeat(QUOTED_CHARS))
        );
    }

    #[test]
    #[cfg(unix)]
    fn arguments_that_are_not_utf8_are_refused_by_position() {
        use std::os::unix::ffi::OsStringExt;
        let args = [
            OsString::from("show"),
            OsString::from_vec(vec![b'e', 0xff, b'3']),
        ];
        let err = words(args.into_iter()).unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"argument 2 is not valid UTF-8: "e\xFF3""#
        );
    }

    #[test]
    fn a_printed_message_escapes_control_characters_but_keeps_its_lines() {
        let e = CliError::Refused("bad \u{1b}[2J\r here\nusage: x\n".into());
        assert_eq!(message(&e), "bad \\u{1b}[2J\\r here\nusage: x");
    }
}
