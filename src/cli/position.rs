//! The position options every command shares: `--position`, `--variant`
//! and `--size`.
//!
//! `--position ARG` is read as, in this order:
//!
//! 1. `-`: standard input;
//! 2. text with a line break: the text itself;
//! 3. an existing path that is not a directory (a file, but also a
//!    device or a named pipe): what it holds;
//! 4. a share code when it starts with a digit (the code's version) and
//!    holds no `.`, `/` or `\`;
//! 5. an OBF string when it starts with a square (`X`, `O`, `-`, `.`), holds
//!    no `/` or `\`, and holds a space or is at least 64 characters long;
//! 6. otherwise a missing file when it holds `.`, `/` or `\`, and an error
//!    that lists what an argument may be when it does not.
//!
//! At most [`MAX_POSITION_BYTES`] are read from a file or standard input,
//! and they must be UTF-8: no position is near that size, and endless
//! input (`/dev/zero`, a pipe that never closes) ends with an error.
//!
//! Text from a file, standard input or the argument is a share code or an
//! OBF string when it has a single line besides comments and blank lines
//! (a share code starts with a digit), and a diagram otherwise.
//!
//! `--variant` overrides the variant the position implies: a diagram reads
//! with it (see [`crate::diagram`]), an OBF string is Othello and a share
//! code Mapello unless it says otherwise. Without `--position` the position
//! is the start of `--variant` (default Mapello) on an empty board of side
//! `--size` (default 8).

use std::io::Read;
use std::path::Path;

use super::{printable, quoted, Args, CliError};
use crate::errors::ParseError;
use crate::game::AnyGame;
use crate::map::Map;
use crate::rules::Variant;
use crate::setup::Setup;
use crate::{diagram, obf, sharecode};

/// The position a command works on, as given on the command line.
#[derive(Clone, Debug, Default)]
pub(crate) struct PositionArgs {
    /// `--position`: where to read the position.
    pub(crate) position: Option<String>,
    /// `--variant`: the variant to play.
    pub(crate) variant: Option<Variant>,
    /// `--size`: the side of the default start.
    pub(crate) size: Option<u32>,
}

impl PositionArgs {
    /// Takes `--position`, `--variant` and `--size` from the arguments.
    pub(crate) fn take(args: &mut Args) -> Result<PositionArgs, CliError> {
        let position = args.value("position")?;
        let variant = args
            .value("variant")?
            .map(|v| Variant::parse(&v).ok_or_else(|| CliError::UnknownVariant(v.clone())))
            .transpose()?;
        let size = args.size()?;
        if size.is_some() && position.is_some() {
            return Err(CliError::SizeWithPosition);
        }
        Ok(PositionArgs {
            position,
            variant,
            size,
        })
    }

    /// Side of the board: `--size`, 8 x 8 without it.
    pub(crate) fn side(&self) -> u32 {
        self.size.unwrap_or(8)
    }

    /// The position as an unchecked setup.
    pub(crate) fn setup(&self) -> Result<Setup, CliError> {
        match &self.position {
            Some(arg) => Ok(load(arg, self.variant)?),
            None => {
                let map = Map::empty(self.side())?;
                Ok(Setup::start(self.variant.unwrap_or(Variant::Mapello), map))
            }
        }
    }

    /// The position as a game, ready to play.
    pub(crate) fn game(&self) -> Result<AnyGame, CliError> {
        AnyGame::from_setup(&self.setup()?).map_err(CliError::Unplayable)
    }
}

/// Puts the name of the source before an error.
pub(crate) fn in_source(source: &str) -> impl Fn(ParseError) -> ParseError + '_ {
    move |e| e.in_file(source)
}

/// Most bytes read for one position: a diagram of the largest board with
/// its comments takes a few hundred.
pub(crate) const MAX_POSITION_BYTES: usize = 1 << 20;

/// The text of a position from `source`, named `name` in errors: at most
/// [`MAX_POSITION_BYTES`], and UTF-8.
pub(crate) fn read_text(source: impl Read, name: &str) -> Result<String, ParseError> {
    let mut bytes = Vec::new();
    source
        .take(MAX_POSITION_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ParseError::new(format!("cannot read {name}: {e}")))?;
    if bytes.len() > MAX_POSITION_BYTES {
        return Err(ParseError::new(format!(
            "{name}: more than {} MiB, the most read for a position (a diagram takes a few hundred bytes)",
            MAX_POSITION_BYTES >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        ParseError::new(format!(
            "{name}: byte {} is not UTF-8 text",
            e.utf8_error().valid_up_to() + 1
        ))
    })
}

/// Reads a `--position` argument (see the module documentation).
pub fn load(arg: &str, variant: Option<Variant>) -> Result<Setup, ParseError> {
    if arg == "-" {
        let text = read_text(std::io::stdin().lock(), "standard input")?;
        return parse_text(&text, variant).map_err(in_source("standard input"));
    }
    if arg.contains('\n') {
        return parse_text(arg, variant);
    }
    let path = Path::new(arg);
    let shown = printable(arg);
    if let Ok(meta) = std::fs::metadata(path) {
        if meta.is_dir() {
            return Err(ParseError::new(format!(
                "{shown}: a directory, not a position file"
            )));
        }
        let file = std::fs::File::open(path)
            .map_err(|e| ParseError::new(format!("cannot read {shown}: {e}")))?;
        let text = read_text(file, &shown)?;
        return parse_text(&text, variant).map_err(in_source(&shown));
    }
    let trimmed = arg.trim();
    let (slash, dot) = (arg.contains(['/', '\\']), arg.contains('.'));
    if trimmed.starts_with(|c: char| c.is_ascii_digit()) && !slash && !dot {
        return share_code(trimmed, variant);
    }
    let obf_like = trimmed.starts_with(['X', 'x', 'O', 'o', '-', '.'])
        && (trimmed.contains(char::is_whitespace) || trimmed.chars().count() >= 64);
    if obf_like && !slash {
        return from_obf(arg, variant);
    }
    if slash || dot {
        return Err(ParseError::new(format!("{shown}: no such file")));
    }
    Err(ParseError::new(format!(
        "{} is neither a file, nor a share code (which starts with its version digit), \
         nor an OBF string (64 squares, a space and the side to move)",
        quoted(arg)
    )))
}

/// Reads a position from text: a share code or an OBF string on a single
/// line, or a diagram.
pub fn parse_text(text: &str, variant: Option<Variant>) -> Result<Setup, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with(';'));
    match (lines.next(), lines.next()) {
        (Some(line), None) if line.trim().starts_with(|c: char| c.is_ascii_digit()) => {
            share_code(line.trim(), variant)
        }
        (Some(line), None) => from_obf(line, variant),
        _ => diagram::read(text, variant),
    }
}

fn share_code(code: &str, variant: Option<Variant>) -> Result<Setup, ParseError> {
    let map = sharecode::decode(code)?;
    Ok(Setup::start(variant.unwrap_or(Variant::Mapello), map))
}

fn from_obf(text: &str, variant: Option<Variant>) -> Result<Setup, ParseError> {
    let mut setup = obf::read(text).map_err(|e| e.in_format("OBF"))?;
    if let Some(v) = variant {
        setup.variant = v;
    }
    Ok(setup)
}
