//! Error types shared by the readers: what went wrong, and where.

use std::fmt;

use thiserror::Error;

/// Input that could not be read: what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "{}{}{place}{message}",
    file.as_ref().map_or(String::new(), |f| format!("{f}: ")),
    format.map_or(String::new(), |f| format!("{f} ")),
)]
pub struct ParseError {
    /// The file the text came from, when it came from one.
    pub file: Option<String>,
    /// The text's format ("OBF"), named where a reader takes several.
    pub format: Option<&'static str>,
    /// Where in the text.
    pub place: Place,
    /// What is wrong there.
    pub message: String,
}

impl ParseError {
    /// An error about the input as a whole.
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError::at(Place::Whole, message)
    }

    /// An error at `place`.
    pub fn at(place: Place, message: impl Into<String>) -> ParseError {
        ParseError {
            file: None,
            format: None,
            place,
            message: message.into(),
        }
    }

    /// The same error, in a text of the format `name`.
    pub fn in_format(self, name: &'static str) -> ParseError {
        ParseError {
            format: Some(name),
            ..self
        }
    }

    /// The same error, in the text of the file `name`.
    pub fn in_file(self, name: &str) -> ParseError {
        ParseError {
            file: Some(name.to_string()),
            ..self
        }
    }
}

/// Where a [`ParseError`] lies in its text; every count starts at 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The text as a whole.
    Whole,
    /// A line and column of a diagram.
    Line {
        /// The line.
        line: usize,
        /// The column, in characters.
        column: usize,
    },
    /// A character of a one-line text (an OBF string).
    Character(usize),
    /// The characters `first` to `last` of a share code (one byte of it
    /// spans two), or the one character when they are the same.
    ShareCode {
        /// The first character.
        first: usize,
        /// The last character.
        last: usize,
    },
    /// A move of a transcript: its number, and the character where it starts.
    Move {
        /// The move's number.
        number: usize,
        /// The character where it starts.
        character: usize,
    },
}

impl fmt::Display for Place {
    /// The place as the start of a message ("line 2, column 5: "); nothing
    /// for the whole text.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Place::Whole => Ok(()),
            Place::Line { line, column } => write!(f, "line {line}, column {column}: "),
            Place::Character(character) => write!(f, "character {character}: "),
            Place::ShareCode { first, last } if first == last => {
                write!(f, "share code character {first}: ")
            }
            Place::ShareCode { first, last } => {
                write!(f, "share code characters {first}-{last}: ")
            }
            Place::Move { number, character } => {
                write!(f, "move {number} at character {character}: ")
            }
        }
    }
}

/// `text` as an error message quotes it: each character as it is, except
/// those that would break the message or hide in it, which are written as
/// Rust writes them (`\n`, `\'`, `\u{1b}`). `escape_debug` does much the
/// same, but its Unicode tables cost the page's wasm module about 2 KB
/// before its first move, and this needs none.
pub(crate) fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            '\\' | '\'' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if hidden(c) => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

/// [`escaped`] for one character.
pub(crate) fn escaped_char(c: char) -> String {
    escaped(c.encode_utf8(&mut [0; 4]))
}

/// Control characters, spaces other than the plain one, and the format
/// characters that draw nothing (soft hyphen, zero-width and direction
/// marks, the byte-order mark).
fn hidden(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaped_keeps_what_is_seen_and_writes_out_what_is_not() {
        assert_eq!(escaped("plain é ü 盤"), "plain é ü 盤");
        assert_eq!(escaped("a\tb\nc\r"), "a\\tb\\nc\\r");
        assert_eq!(escaped("it's \"q\" \\"), "it\\'s \\\"q\\\" \\\\");
        assert_eq!(escaped("\u{1b}[2J\u{7}"), "\\u{1b}[2J\\u{7}");
        assert_eq!(
            escaped("a\u{200b}b\u{feff}\u{a0}"),
            "a\\u{200b}b\\u{feff}\\u{a0}"
        );
        assert_eq!(escaped_char('\u{9f}'), "\\u{9f}");
        assert_eq!(escaped_char('x'), "x");
    }
    use crate::{diagram, obf, sharecode, transcript};

    #[test]
    fn each_reader_says_where_as_a_place() {
        let bad_diagram = ". . . . . .\n. . . . . .\n. . O X . .\n. . X Z . .\n";
        let e = diagram::read(bad_diagram, None).unwrap_err();
        assert_eq!(e.place, Place::Line { line: 4, column: 7 }, "{e}");
        assert!(e.to_string().starts_with("line 4, column 7: "), "{e}");

        let e = obf::read("XXO O").unwrap_err();
        assert_eq!(e.place, Place::Character(4));
        let named = e.clone().in_format("OBF");
        assert_eq!(named.to_string(), format!("OBF character 4: {}", e.message));

        let e = sharecode::decode("2").unwrap_err();
        assert_eq!(e.place, Place::ShareCode { first: 1, last: 1 });
        assert_eq!(
            e.to_string(),
            format!("share code character 1: {}", e.message)
        );

        let e = transcript::read("f5 d6 x9", 8).unwrap_err();
        let at = Place::Move {
            number: 3,
            character: 7,
        };
        assert_eq!(e.place, at);
        assert_eq!(
            e.clone().in_file("game.txt").to_string(),
            format!("game.txt: move 3 at character 7: {}", e.message)
        );
    }
}
