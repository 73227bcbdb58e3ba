//! The Blocs diagram: four rows of four cells, `X` (black face up), `O`
//! (white face up) or `.` (empty), optionally separated by spaces; then
//! `X to move` or `O to move` and the phase, `placement phase` or
//! `flipping phase`. Lines starting with `;` are comments and blank lines
//! are ignored.
//!
//! Both trailing lines are optional when reading: while squares are empty
//! the number of discs says who is to move (`X` places first) and a side
//! line must agree with it; on a full board the default is `X`, who makes
//! the first flip. The phase follows from the board (placement while a
//! square is empty), so a phase line is checked, never obeyed.
//!
//! ```
//! use mapello::blocs::{diagram, Move, Position};
//!
//! let pos = Position::START.play("b2X".parse::<Move>().unwrap()).unwrap();
//! let text = diagram::write(&pos);
//! assert_eq!(text, ". . . .\n. X . .\n. . . .\n. . . .\nO to move\nplacement phase\n");
//! assert_eq!(diagram::read(&text), Ok(pos));
//! assert_eq!(diagram::read("....\n.X..\n....\n....\n"), Ok(pos));
//! ```

use crate::diagram::{content_lines, error};
use crate::errors::{escaped_char, ParseError};

use super::position::{Phase, Position, FULL};
use super::square::{Face, Player, Square};

/// A trailing line's value with the line and column it was read at.
type Located<T> = Option<(T, usize, usize)>;

/// Reads a diagram; every error names its line and column.
pub fn read(text: &str) -> Result<Position, ParseError> {
    let (mut occupied, mut black) = (0u16, 0u16);
    let mut rows = 0u32;
    let mut side: Located<Player> = None;
    let mut phase: Located<Phase> = None;
    let last_line = text.lines().count().max(1);
    for l in content_lines(text) {
        let (line, raw, w) = (l.number, l.text, &l.words);
        let (col, first) = l.first();
        if w.get(1).is_some_and(|x| x.1 == "to") {
            if side.is_some() {
                return Err(error(line, col, "the side to move is given twice"));
            }
            let words: Vec<&str> = w.iter().map(|x| x.1).collect();
            let player = match words[..] {
                ["X" | "x", "to", "move"] => Player::X,
                ["O" | "o", "to", "move"] => Player::O,
                _ => return Err(error(line, col, "expected 'X to move' or 'O to move'")),
            };
            side = Some((player, line, col));
        } else if w.last().is_some_and(|x| x.1 == "phase") {
            if phase.is_some() {
                return Err(error(line, col, "the phase is given twice"));
            }
            let which = match (first, w.len()) {
                ("placement", 2) => Phase::Placement,
                ("flipping", 2) => Phase::Flipping,
                _ => {
                    let message = "expected 'placement phase' or 'flipping phase'";
                    return Err(error(line, col, message));
                }
            };
            phase = Some((which, line, col));
        } else if side.is_some() || phase.is_some() {
            let message = "a board row after the side to move or the phase";
            return Err(error(line, col, message));
        } else if rows == 4 {
            return Err(error(line, col, "more than 4 board rows"));
        } else {
            let mut cells = 0u32;
            for (c, ch) in raw.chars().enumerate() {
                if ch.is_whitespace() {
                    continue;
                }
                let face = match ch {
                    '.' => None,
                    'X' => Some(Face::Black),
                    'O' => Some(Face::White),
                    _ => {
                        let message = format!("'{}' is not a Blocs cell (. X O)", escaped_char(ch));
                        return Err(error(line, c + 1, message));
                    }
                };
                let sq = Square::at(cells, rows)
                    .ok_or_else(|| error(line, c + 1, "more than 4 cells in a row"))?;
                if let Some(face) = face {
                    occupied |= sq.bit();
                    if face == Face::Black {
                        black |= sq.bit();
                    }
                }
                cells += 1;
            }
            if cells < 4 {
                let message = format!("{cells} cells in a row, expected 4");
                return Err(error(line, raw.chars().count() + 1, message));
            }
            rows += 1;
        }
    }
    if rows < 4 {
        let message = format!("{rows} board rows, expected 4");
        return Err(error(last_line, 1, message));
    }
    // Without a side line the count of discs decides while any square is
    // empty, and X makes the first flip on a full board.
    let due = if occupied != FULL && occupied.count_ones() % 2 == 1 {
        Player::O
    } else {
        Player::X
    };
    let (to_move, side_line, side_col) = side.unwrap_or((due, last_line, 1));
    let pos = Position::new(occupied, black, to_move).map_err(|e| error(side_line, side_col, e))?;
    if let Some((which, line, col)) = phase {
        if which != pos.phase() {
            let message = match which {
                Phase::Placement => "placement phase, but the board is full",
                Phase::Flipping => "flipping phase, but the board has empty squares",
            };
            return Err(error(line, col, message));
        }
    }
    Ok(pos)
}

/// Writes a diagram, cells separated by spaces, with the side to move and the phase.
pub fn write(pos: &Position) -> String {
    let mut out = String::new();
    for row in Square::ALL.chunks(4) {
        let cells: Vec<String> = row
            .iter()
            .map(|&sq| pos.face(sq).map_or('.', Face::letter).to_string())
            .collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out.push_str(&format!("{} to move\n", pos.to_move()));
    out.push_str(match pos.phase() {
        Phase::Placement => "placement phase\n",
        Phase::Flipping => "flipping phase\n",
    });
    out
}
