//! `book build [--out FILE] [--plies P] [--level L] [--spread S]` and
//! `book probe [--book FILE] [--position P] [MOVES...]`: the Othello
//! opening book (`src/ai/book.rs`). Not in the usage, whose text is a
//! contract; docs/formats.md gives both.

use std::io::Write;
use std::path::Path;

use super::{quoted, Args, CliError, PositionArgs};
use crate::ai::book::{self, Book, Build};
use crate::ai::MAX_LEVEL;
use crate::game::AnyGame;
use crate::rules::Variant;
use crate::square::Square;
use crate::transcript;

/// Where the book is kept in the repository (and built in from).
const DEFAULT_FILE: &str = "book/othello8.bin";
/// The committed book's plies, level and spread: `mapello book build`
/// with no options rebuilds it (docs/benchmarks.md, "The opening book").
const DEFAULT: Build = Build {
    plies: 11,
    level: 8,
    spread: 1,
};

/// Runs `book build` or `book probe`.
pub(super) fn run(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    match args.positional().as_deref() {
        Some("build") => build(args, out),
        Some("probe") => probe(args, out),
        Some(other) => Err(CliError::Refused(format!(
            "book takes build or probe, not {}",
            quoted(other)
        ))),
        None => Err(CliError::Missing("build or probe".into())),
    }
}

/// The book in `path`, as an error message when it does not read.
fn read(path: &str) -> Result<Book, CliError> {
    let bytes = std::fs::read(path).map_err(|e| CliError::Refused(format!("{path}: {e}")))?;
    Book::from_bytes(&bytes).map_err(|e| CliError::Refused(format!("{path}: {e}")))
}

fn build(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let path = args
        .value("out")?
        .unwrap_or_else(|| DEFAULT_FILE.to_string());
    let options = Build {
        plies: args.number("plies", 1..=20)?.unwrap_or(DEFAULT.plies),
        level: args
            .number("level", 1..=MAX_LEVEL)?
            .unwrap_or(DEFAULT.level),
        spread: args.number("spread", 0..=64)?.unwrap_or(DEFAULT.spread),
    };
    args.finish()?;
    let mut book = if Path::new(&path).exists() {
        read(&path)?
    } else {
        Book::default()
    };
    // Written aside, then renamed: an interrupted save leaves the last one.
    let part = format!("{path}.part");
    let mut save = |b: &Book| {
        std::fs::write(&part, b.to_bytes())?;
        std::fs::rename(&part, &path)
    };
    let mut progress = |added: usize, ply: u32| {
        if added % 16 == 0 {
            eprintln!("book: {added} positions added, ply {ply}");
        }
    };
    let added = book::build(&mut book, &options, &mut save, &mut progress)?;
    writeln!(
        out,
        "{added} positions added, {} in the book: {path}",
        book.len()
    )?;
    Ok(())
}

fn probe(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let file = args.value("book")?;
    let mut position = PositionArgs::take(args)?;
    if position.position.is_none() {
        position.variant = position.variant.or(Some(Variant::Othello));
    }
    let moves = args.rest().join(" ");
    args.finish()?;
    let mut game = position.game()?;
    let moves = transcript::read(&moves, game.size())
        .map_err(|e| CliError::Refused(format!("in the moves, {e}")))?;
    transcript::replay(&mut game, &moves)?;
    let owned;
    let book = match &file {
        Some(path) => {
            owned = read(path)?;
            &owned
        }
        None => book::shared().ok_or_else(|| CliError::Refused("no built-in book".into()))?,
    };
    let AnyGame::S8(g) = &game else {
        return Err(CliError::Refused(
            "the opening book is for 8 x 8 Othello".into(),
        ));
    };
    if game.variant() != Variant::Othello {
        return Err(CliError::Refused(
            "the opening book is for 8 x 8 Othello".into(),
        ));
    }
    match book.probe(g.rules(), g.position()) {
        Some(found) => {
            for (sq, value) in found {
                let name = Square::from_index(sq, 8).expect("a square").name(8);
                writeln!(out, "{name} {value}")?;
            }
        }
        None => writeln!(out, "not in the book")?,
    }
    Ok(())
}
