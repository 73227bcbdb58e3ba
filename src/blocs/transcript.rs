//! Blocs transcripts: the moves concatenated, `b2Xc3Oa1-c3d4`.
//!
//! Every move starts with a square; a face letter after it makes a
//! placement, a `-` and a second square a rectangle, and nothing a single
//! disc. Neither `X`, `O` nor `-` starts a square, so concatenated moves
//! read back unambiguously. Readers also accept upper case, and spaces and
//! commas between moves.
//!
//! ```
//! use mapello::blocs::{transcript, Position};
//!
//! let moves = transcript::read("b2x C3O, a1-c3").unwrap();
//! assert_eq!(transcript::write(&moves), "b2Xc3Oa1-c3");
//! let err = transcript::replay(&Position::START, &moves).unwrap_err();
//! assert_eq!(err.to_string(), "move 3 (a1-c3): a1-c3 is a flip, but discs are still being placed");
//! ```

use thiserror::Error;

use super::moves::Move;
use super::position::{IllegalMove, Position};
use crate::errors::ParseError;

/// Reads a transcript; an error gives the 1-based number of the bad move
/// and the character where it starts.
pub fn read(text: &str) -> Result<Vec<Move>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() || chars[i] == ',' {
            i += 1;
            continue;
        }
        // A square, then an optional face or `-` and a second square.
        let mut end = (i + 2).min(chars.len());
        match chars.get(end) {
            Some(c) if "XxOo".contains(*c) => end += 1,
            Some('-') => end = (end + 3).min(chars.len()),
            _ => {}
        }
        let word: String = chars[i..end].iter().collect();
        let mv = word.parse::<Move>().map_err(|e| {
            ParseError::new(format!(
                "move {} at character {}: {e}",
                moves.len() + 1,
                i + 1
            ))
        })?;
        moves.push(mv);
        i = end;
    }
    Ok(moves)
}

/// Writes a transcript: the moves concatenated, faces in upper case.
pub fn write(moves: &[Move]) -> String {
    moves.iter().map(Move::to_string).collect()
}

/// A move of a transcript that the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move {index} ({mv}): {error}")]
pub struct ReplayError {
    /// 1-based index of the move in the transcript.
    pub index: usize,
    /// The move.
    pub mv: Move,
    /// Why the rules refuse it.
    pub error: IllegalMove,
}

/// Every position from `start` through the moves (the start first), or
/// the first move the rules refuse.
pub fn replay(start: &Position, moves: &[Move]) -> Result<Vec<Position>, ReplayError> {
    let mut line = Vec::with_capacity(moves.len() + 1);
    line.push(*start);
    for (i, &mv) in moves.iter().enumerate() {
        let next = line[i].play(mv).map_err(|error| ReplayError {
            index: i + 1,
            mv,
            error,
        })?;
        line.push(next);
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concatenated_and_separated_moves_read_alike() {
        let one = read("a1xb1Oc1d1-d4").unwrap();
        let two = read(" A1X, b1o c1 d1-D4 ").unwrap();
        assert_eq!(one, two);
        assert_eq!(write(&one), "a1Xb1Oc1d1-d4");
        assert_eq!(read("").unwrap(), []);
    }

    #[test]
    fn a_bad_move_is_named_by_number_and_character() {
        let err = read("a1X e5").unwrap_err().to_string();
        assert!(
            err.starts_with("move 2 at character 5: 'e5' is not a square"),
            "{err}"
        );
        let err = read("a1Xb").unwrap_err().to_string();
        assert!(err.starts_with("move 2 at character 4: "), "{err}");
        let err = read("c3-a1").unwrap_err().to_string();
        assert!(err.contains("top-left to its lower-right"), "{err}");
        let err = read("a1-").unwrap_err().to_string();
        assert!(err.starts_with("move 1 at character 1: "), "{err}");
    }
}
