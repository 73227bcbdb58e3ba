//! OBF, the Othello position string of Edax and the FFO test suite: 64
//! squares `a1` … `h8` row by row (`X` black, `O` white, `-` empty), a space,
//! the side to move (`X` or `O`), then optionally `;` and a comment.
//!
//! The reader also takes lower-case `x` and `o`, `.` for an empty square,
//! leading white space and several spaces before the side, as Edax does.
//! Errors give the 1-based index of the offending character.
//!
//! ```
//! use mapello::obf;
//!
//! let start = "---------------------------OX------XO--------------------------- X";
//! let setup = obf::read(&format!("{start}; the Othello start")).unwrap();
//! assert_eq!(obf::write(&setup).unwrap(), start);
//! ```

use crate::errors::{escaped_char, ParseError, Place};
use crate::map::Map;
use crate::position::Colour;
use crate::rules::Variant;
use crate::setup::Setup;
use crate::square::Square;

/// Squares in an OBF board.
const SQUARES: u32 = 64;

fn error(index: usize, message: impl std::fmt::Display) -> ParseError {
    ParseError::at(Place::Character(index), message.to_string())
}

fn describe(c: Option<char>) -> String {
    c.map_or_else(
        || "the end".to_string(),
        |c| format!("'{}'", escaped_char(c)),
    )
}

/// Reads an OBF string as an Othello position.
pub fn read(text: &str) -> Result<Setup, ParseError> {
    let mut chars = text.chars().enumerate().map(|(i, c)| (i + 1, c)).peekable();
    while chars.next_if(|&(_, c)| c.is_whitespace()).is_some() {}
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for i in 0..SQUARES {
        let sq = Square::from_index(i, 8).expect("64 squares on the 8 x 8 board");
        match chars.next() {
            Some((_, 'X' | 'x')) => black.push(sq),
            Some((_, 'O' | 'o')) => white.push(sq),
            Some((_, '-' | '.')) => {}
            Some((k, c)) if c.is_whitespace() => {
                let message = format!("the board ends after {i} of its 64 squares");
                return Err(error(k, message));
            }
            Some((k, c)) => {
                return Err(error(
                    k,
                    format!("{} is not a square (X, O or -)", describe(Some(c))),
                ));
            }
            None => {
                let message = format!("the text ends after {i} of its 64 squares");
                return Err(error(text.chars().count() + 1, message));
            }
        }
    }
    let end = text.chars().count() + 1;
    match chars.next() {
        Some((_, c)) if c.is_whitespace() => {}
        other => {
            let (k, c) = other.map_or((end, None), |(k, c)| (k, Some(c)));
            let message = format!(
                "expected a space and the side to move after the 64 squares, found {}",
                describe(c)
            );
            return Err(error(k, message));
        }
    }
    while chars.next_if(|&(_, c)| c.is_whitespace()).is_some() {}
    let side = match chars.next() {
        Some((_, 'X' | 'x')) => Colour::Black,
        Some((_, 'O' | 'o')) => Colour::White,
        other => {
            let (k, c) = other.map_or((end, None), |(k, c)| (k, Some(c)));
            let message = format!("expected the side to move (X or O), found {}", describe(c));
            return Err(error(k, message));
        }
    };
    while chars.next_if(|&(_, c)| c.is_whitespace()).is_some() {}
    match chars.next() {
        None | Some((_, ';')) => {}
        Some((k, c)) => {
            let message = format!(
                "unexpected {} after the side to move (comments start with ';')",
                describe(Some(c))
            );
            return Err(error(k, message));
        }
    }
    let setup = Setup {
        variant: Variant::Othello,
        map: Map::empty(8).expect("8 is a board size"),
        black,
        white,
        side,
        taken: [0, 0],
    };
    setup.check().map_err(|e| error(1, e))?;
    Ok(setup)
}

/// Writes the OBF string of an 8 x 8 position without walls, bonuses or
/// jokers; `None` for any other.
pub fn write(setup: &Setup) -> Option<String> {
    let plain = setup.map.size() == 8 && setup.map.pieces().next().is_none();
    if !plain || setup.taken != [0, 0] {
        return None;
    }
    let mut squares = ['-'; SQUARES as usize];
    for sq in &setup.black {
        squares[sq.index() as usize] = 'X';
    }
    for sq in &setup.white {
        squares[sq.index() as usize] = 'O';
    }
    let mut out: String = squares.iter().collect();
    out.push(' ');
    out.push(setup.side.letter());
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "---------------------------OX------XO--------------------------- X";

    #[test]
    fn the_othello_start_reads_as_the_othello_start() {
        let setup = read(START).unwrap();
        assert_eq!(
            setup,
            Setup::start(Variant::Othello, Map::empty(8).unwrap())
        );
    }

    #[test]
    fn edax_spellings_are_accepted() {
        let loose = format!(
            "  {}\to ; comment",
            START[..65].replace('-', ".").to_lowercase()
        );
        let setup = read(&loose).unwrap();
        assert_eq!(setup.side, Colour::White);
        assert_eq!(setup.black.len(), 2);
    }

    #[test]
    fn errors_give_the_character_index() {
        let cases = [
            (
                START.replacen('-', "Z", 1),
                "character 1: 'Z' is not a square",
            ),
            (
                START[..60].to_string(),
                "character 61: the text ends after 60 of its 64 squares",
            ),
            (START.replace(" X", "X"), "character 65: expected a space"),
            (
                START.replace(" X", " "),
                "character 66: expected the side to move",
            ),
            (
                START.replace(" X", " Y"),
                "character 66: expected the side to move (X or O), found 'Y'",
            ),
            (format!("{START} X"), "character 68: unexpected 'X'"),
            (
                START.replacen("--", "- ", 1),
                "character 2: the board ends after 1 of its 64 squares",
            ),
        ];
        for (text, want) in cases {
            let got = read(&text).unwrap_err().to_string();
            assert!(got.starts_with(want), "{got:?} should start with {want:?}");
        }
    }

    #[test]
    fn maps_with_pieces_have_no_obf() {
        let mut map = Map::empty(8).unwrap();
        map.set(0, 0, Some(crate::map::Piece::Joker), &Default::default())
            .unwrap();
        assert!(write(&Setup::start(Variant::Mapello, map)).is_none());
        assert!(write(&Setup::start(Variant::Othello, Map::empty(6).unwrap())).is_none());
    }
}
