//! Game transcripts: the moves concatenated in lower case, `f5d6c3d3c4`.
//!
//! Readers also accept upper case, spaces and commas between moves, the
//! pass tokens `pass`, `pa`, `--` and `ps`, and move numbers as game records
//! print them (`1. e3 d3 2. c5`, `2... c5`), which they skip. A square's digits are read
//! greedily: no move starts with a digit and no row starts with `0`, so
//! `a10b2` can only be `a10 b2` and concatenated 10 x 10 transcripts read
//! unambiguously. Writers still separate moves with spaces on the 10 x 10
//! board (docs/rules.md), where names have two or three characters; on smaller
//! boards every move, a pass included (`pa`), is two characters.
//!
//! Replaying checks each move with the rules. A transcript may leave out a
//! forced pass: a square given when the side to move must pass is played
//! after an implicit pass, as Othello programs do.
//!
//! ```
//! use mapello::{transcript, AnyGame, Map, Variant};
//!
//! let mut game = AnyGame::new(Variant::Othello, Map::empty(8).unwrap()).unwrap();
//! let moves = transcript::read("F5 d6, c3", 8).unwrap();
//! transcript::replay(&mut game, &moves).unwrap();
//! assert_eq!(transcript::write(&game.moves(), 8), "f5d6c3");
//! let err = transcript::replay(&mut game, &transcript::read("d3 a1", 8).unwrap());
//! assert_eq!(err.unwrap_err().to_string(), "move 2 (a1): a1 is not a legal move");
//! ```

use std::ops::Range;

use thiserror::Error;

use crate::errors::{escaped_char, ParseError, Place};
use crate::game::AnyGame;
use crate::rules::MoveError;
use crate::rules::Status;
use crate::square::{Move, Square};

/// More moves than any game has, passes included: the largest board has
/// 96 squares to fill after the start, and a pass comes before a move at
/// most (two passes in a row end the game), so a game ends by move 193.
/// A share link keeps no more (crate::link), and the page stores none longer.
pub const MAX_MOVES: usize = 200;

/// The pass tokens, longest first so that `pass` is not read as `pa` + `ss`.
const PASSES: [&str; 4] = ["pass", "pa", "ps", "--"];

fn error(read: usize, index: usize, message: impl std::fmt::Display) -> ParseError {
    ParseError::at(
        Place::Move {
            number: read + 1,
            character: index,
        },
        message.to_string(),
    )
}

/// Reads a transcript for a board of side `n`; errors give the 1-based
/// number of the bad move and the index of the character where it starts.
pub fn read(text: &str, n: u32) -> Result<Vec<Move>, ParseError> {
    match read_prefix(text, n) {
        (_, Some(err)) => Err(err),
        (moves, None) => Ok(moves.into_iter().map(|m| m.mv).collect()),
    }
}

/// A move read from a transcript, and where the text spells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The move.
    pub mv: Move,
    /// The characters (not bytes) of the text that spell it.
    pub at: Range<usize>,
}

/// Reads a transcript for a board of side `n` as far as it is one: the
/// moves up to the first thing that is not a move, and the error [`read`]
/// gives for that thing (none when the whole text reads).
pub fn read_prefix(text: &str, n: u32) -> (Vec<Written>, Option<ParseError>) {
    let chars: Vec<char> = text.chars().collect();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        let rest: String = chars[i..chars.len().min(i + 4)]
            .iter()
            .map(char::to_ascii_lowercase)
            .collect();
        if let Some(pass) = PASSES.iter().find(|p| rest.starts_with(*p)) {
            moves.push(Written {
                mv: Move::Pass,
                at: i..i + pass.len(),
            });
            i += pass.len();
            continue;
        }
        if let Some(end) = move_number_end(&chars, i) {
            i = end;
            continue;
        }
        if !c.is_ascii_alphabetic() {
            let message = format!(
                "unexpected '{}' (a move is a square such as f5, or pass)",
                escaped_char(c)
            );
            let err = error(moves.len(), i + 1, message);
            return (moves, Some(err));
        }
        let digits = chars[i + 1..]
            .iter()
            .take_while(|d| d.is_ascii_digit())
            .count();
        let name: String = chars[i..i + 1 + digits].iter().collect();
        match Square::parse(&name, n) {
            Ok(sq) => moves.push(Written {
                mv: Move::Play(sq),
                at: i..i + 1 + digits,
            }),
            Err(e) => {
                let err = error(moves.len(), i + 1, e);
                return (moves, Some(err));
            }
        }
        i += 1 + digits;
    }
    (moves, None)
}

/// Where a move number such as `12.` or `12...` starting at `i` ends, or
/// None when the digits there are not followed by a dot. No square starts
/// with a digit, so a number can only be a move number.
fn move_number_end(chars: &[char], i: usize) -> Option<usize> {
    let digits = chars[i..].iter().take_while(|d| d.is_ascii_digit()).count();
    let dots = chars[i + digits..]
        .iter()
        .take_while(|&&d| d == '.')
        .count();
    (digits > 0 && dots > 0).then_some(i + digits + dots)
}

/// Writes a transcript for a board of side `n`: lower case, concatenated,
/// passes as `pa`; separated by spaces on the 10 x 10 board.
pub fn write(moves: &[Move], n: u32) -> String {
    join(moves.iter(), n)
}

/// The squares of `moves` as Othello programs and servers print a game:
/// [`write`] without the passes. Every pass is forced, so [`replay`]
/// plays each again by itself, and the text reads back as the same game.
pub fn write_squares(moves: &[Move], n: u32) -> String {
    join(moves.iter().filter(|&&m| m != Move::Pass), n)
}

fn join<'a>(moves: impl Iterator<Item = &'a Move>, n: u32) -> String {
    let names: Vec<String> = moves
        .map(|m| match m {
            Move::Play(sq) => sq.name(n).to_string(),
            Move::Pass => "pa".to_string(),
        })
        .collect();
    names.join(if n >= 10 { " " } else { "" })
}

/// A move of a transcript that the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move {index} ({name}): {error}")]
pub struct ReplayError {
    /// 1-based index of the move in the transcript.
    pub index: usize,
    /// The move's notation.
    pub name: String,
    /// Why the rules refuse it.
    pub error: MoveError,
}

/// Plays `moves` on `game`, inserting forced passes the transcript left
/// out; stops at the first illegal move, the moves before it played.
pub fn replay(game: &mut AnyGame, moves: &[Move]) -> Result<(), ReplayError> {
    let n = game.size();
    for (i, &mv) in moves.iter().enumerate() {
        if mv != Move::Pass && game.status() == Status::MustPass {
            // Not expect(): the error's Debug would stay in the page's wasm.
            game.play(Move::Pass).unwrap_or_else(|_| {
                unreachable!("a pass is legal when the side to move must pass")
            });
        }
        game.play(mv).map_err(|error| ReplayError {
            index: i + 1,
            name: mv.name(n),
            error,
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Map;
    use crate::rules::Variant;

    fn names(moves: &[Move], n: u32) -> Vec<String> {
        moves.iter().map(|m| m.name(n)).collect()
    }

    #[test]
    fn readers_accept_case_spaces_commas_and_every_pass_token() {
        let moves = read(" F5d6, C3 pass pa -- PS Ps e6", 8).unwrap();
        assert_eq!(
            names(&moves, 8),
            ["f5", "d6", "c3", "pass", "pass", "pass", "pass", "pass", "e6"]
        );
        assert_eq!(write(&moves, 8), "f5d6c3papapapapae6");
    }

    #[test]
    fn the_squares_alone_leave_the_passes_out_and_read_back_as_the_same_game() {
        // A whole game on the first visit's map, with a pass by black near the end.
        let map = crate::sharecode::decode("18EwAAAAMAABIAABJRhCAAQAA").unwrap();
        let mut game = AnyGame::new(Variant::Mapello, map.clone()).unwrap();
        let whole = "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";
        replay(&mut game, &read(whole, 8).unwrap()).unwrap();
        let squares = write_squares(&game.moves(), 8);
        assert_eq!(squares, whole.replace("pa", ""));
        let mut again = AnyGame::new(Variant::Mapello, map).unwrap();
        replay(&mut again, &read(&squares, 8).unwrap()).unwrap();
        assert_eq!(write(&again.moves(), 8), whole);
        let ten = read("a1 pa j10", 10).unwrap();
        assert_eq!(write_squares(&ten, 10), "a1 j10");
    }

    #[test]
    fn readers_skip_move_numbers_as_game_records_print_them() {
        let moves = read("1. e3 d3 2. c5 2... f4 10.a1", 8).unwrap();
        assert_eq!(names(&moves, 8), ["e3", "d3", "c5", "f4", "a1"]);
        let moves = read("1.a10 b2 2.j10", 10).unwrap();
        assert_eq!(names(&moves, 10), ["a10", "b2", "j10"]);
        let got = read("1 e3", 8).unwrap_err().to_string();
        assert!(
            got.starts_with("move 1 at character 1: unexpected '1'"),
            "{got}"
        );
    }

    #[test]
    fn ten_by_ten_squares_read_greedily_and_are_written_with_spaces() {
        let moves = read("a10j10b2A10", 10).unwrap();
        assert_eq!(names(&moves, 10), ["a10", "j10", "b2", "a10"]);
        assert_eq!(write(&moves, 10), "a10 j10 b2 a10");
        assert_eq!(read(&write(&moves, 10), 10).unwrap(), moves);
    }

    #[test]
    fn errors_give_the_move_and_the_character_index() {
        let cases = [
            ("f5 d6 x9", 8, "move 3 at character 7: 'x9' is not a square"),
            ("f5d6!", 8, "move 3 at character 5: unexpected '!'"),
            ("a10", 8, "move 1 at character 1: 'a10' is not a square"),
            ("a11", 10, "move 1 at character 1: 'a11' is not a square"),
            (
                "f5 pass, p",
                8,
                "move 3 at character 10: 'p' is not a square",
            ),
        ];
        for (text, n, want) in cases {
            let got = read(text, n).unwrap_err().to_string();
            assert!(got.starts_with(want), "{got:?} should start with {want:?}");
        }
    }

    #[test]
    fn a_prefix_read_keeps_the_moves_before_the_error_and_where_each_is_written() {
        let (moves, err) = read_prefix("F5 pass,1. d6 x9 c3", 8);
        let spelt: Vec<(String, Range<usize>)> =
            moves.iter().map(|m| (m.mv.name(8), m.at.clone())).collect();
        assert_eq!(
            spelt,
            [
                ("f5".to_string(), 0..2),
                ("pass".to_string(), 3..7),
                ("d6".to_string(), 11..13),
            ]
        );
        let err = err.unwrap().to_string();
        assert_eq!(err, read("F5 pass,1. d6 x9 c3", 8).unwrap_err().to_string());
        assert!(err.starts_with("move 4 at character 15: 'x9'"), "{err}");
        let (moves, err) = read_prefix("a10j10", 10);
        assert_eq!((moves.len(), err), (2, None));
    }

    #[test]
    fn replay_names_the_illegal_move_and_its_index() {
        let mut game = AnyGame::new(Variant::Mapello, Map::empty(8).unwrap()).unwrap();
        let err = replay(&mut game, &read("e3 pass", 8).unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "move 2 (pass): cannot pass: a legal move exists"
        );
        assert_eq!(names(&game.moves(), 8), ["e3"]);
    }

    #[test]
    fn replay_inserts_a_forced_pass_the_transcript_left_out() {
        // After these eight moves of Othello black has no move; white plays e3.
        let start = AnyGame::new(Variant::Othello, Map::empty(8).unwrap()).unwrap();
        let (mut implicit, mut explicit) = (start.clone(), start);
        replay(&mut implicit, &read("e6f6d3e7e8d8g7f8e3", 8).unwrap()).unwrap();
        replay(&mut explicit, &read("e6f6d3e7e8d8g7f8 pa e3", 8).unwrap()).unwrap();
        assert_eq!(implicit.moves(), explicit.moves());
        assert_eq!(write(&implicit.moves(), 8), "e6f6d3e7e8d8g7f8pae3");
    }
}
