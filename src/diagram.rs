//! The position diagram of docs/formats.md: one line per board row, top to bottom.
//!
//! Cells are `.` (empty, or a plain ring square), `#` (wall), `+` (bonus not
//! yet taken), `*` (joker, ring only), `X` and `O` (discs), optionally
//! separated by spaces. Then optionally `X to move` or `O to move` (default
//! `X to move`) and `taken X <n> O <m>` (default 0 and 0). Lines starting
//! with `;` are comments; blank lines are ignored anywhere.
//!
//! With the ring a diagram has N + 2 rows of N + 2 cells, without it N rows
//! of N cells, so 8 and 10 rows are ambiguous (6 with a ring or 8 without,
//! 8 with a ring or 10 without). The reader settles it in this order:
//!
//! 1. a joker on the border means a ring; a disc, wall or bonus on the
//!    border means none (only jokers stand on a ring);
//! 2. a variant given by the caller: Mapello means a ring, Othello and
//!    Reversi none;
//! 3. otherwise 10 rows are the 8 x 8 board with its ring (the main game)
//!    and 8 rows the 8 x 8 board without one.
//!
//! The diagram does not say the variant: without one from the caller it is
//! Mapello, ring or not, as docs/formats.md has it (only `--variant` or an OBF
//! position select Othello). An unringed Mapello diagram has no jokers.
//!
//! ```
//! use mapello::{diagram, Variant};
//!
//! let text = "\
//! ; the Othello start
//! . . . . . . . .
//! . . . . . . . .
//! . . . . . . . .
//! . . . O X . . .
//! . . . X O . . .
//! . . . . . . . .
//! . . . . . . . .
//! . . . . . . . .
//! X to move
//! ";
//! let setup = diagram::read(text, Some(Variant::Othello)).unwrap();
//! assert_eq!(setup.variant, Variant::Othello);
//! assert_eq!(diagram::read(text, None).unwrap().variant, Variant::Mapello);
//! assert_eq!(diagram::write(&setup), text.trim_start_matches("; the Othello start\n"));
//! ```

use std::fmt::Display;

use crate::errors::{escaped, escaped_char, ParseError, Place};
use crate::map::{Limits, Map, Piece, SIZES};
use crate::position::Colour;
use crate::rules::Variant;
use crate::setup::Setup;

/// One significant character of a board row, with its 1-based column.
type Cell = (usize, char);

/// A board row with its 1-based line number and the column just past its end.
struct Row {
    line: usize,
    end: usize,
    cells: Vec<Cell>,
}

/// A line of a diagram that says something: its number (from 1), its text
/// and its words.
pub(crate) struct Line<'a> {
    pub number: usize,
    pub text: &'a str,
    pub words: Vec<(usize, &'a str)>,
}

impl Line<'_> {
    /// The first word and its column.
    pub(crate) fn first(&self) -> (usize, &str) {
        self.words[0]
    }
}

/// The lines of a diagram, blank lines and `;` comments left out: what
/// every diagram reader (Mapello's, Blocs') walks through.
pub(crate) fn content_lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    text.lines().enumerate().filter_map(|(i, raw)| {
        let words = words(raw);
        let said = words.first().is_some_and(|&(_, w)| !w.starts_with(';'));
        said.then_some(Line {
            number: i + 1,
            text: raw,
            words,
        })
    })
}

/// An error at `line` and `col` (both from 1), as every diagram reader words it.
pub(crate) fn error(line: usize, col: usize, message: impl Display) -> ParseError {
    ParseError::at(Place::Line { line, column: col }, message.to_string())
}

/// The whitespace-separated words of a line with their 1-based columns.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut col = 0;
    for (byte, c) in line.char_indices() {
        col += 1;
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((col, byte)),
            (true, Some((start_col, start_byte))) => {
                out.push((start_col, &line[start_byte..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((start_col, start_byte)) = start {
        out.push((start_col, &line[start_byte..]));
    }
    out
}

fn colour(word: &str) -> Option<Colour> {
    match word {
        "X" | "x" => Some(Colour::Black),
        "O" | "o" => Some(Colour::White),
        _ => None,
    }
}

/// The trailing lines after the board.
#[derive(Default)]
struct Trailer {
    side: Option<Colour>,
    /// Bonuses taken, with the line and column of the `taken` line.
    taken: Option<([u8; 2], usize, usize)>,
}

impl Trailer {
    /// Reads `X to move` or `O to move`.
    fn side_line(&mut self, line: usize, w: &[(usize, &str)]) -> Result<(), ParseError> {
        if self.side.is_some() {
            return Err(error(line, w[0].0, "the side to move is given twice"));
        }
        if w.len() != 3 || w[2].1 != "move" {
            return Err(error(line, w[0].0, "expected 'X to move' or 'O to move'"));
        }
        let side = colour(w[0].1).ok_or_else(|| {
            error(
                line,
                w[0].0,
                format!("'{}' is not a side to move (X or O)", escaped(w[0].1)),
            )
        })?;
        self.side = Some(side);
        Ok(())
    }

    /// Reads `taken X <n> O <m>`.
    fn taken_line(&mut self, line: usize, w: &[(usize, &str)]) -> Result<(), ParseError> {
        if self.taken.is_some() {
            return Err(error(line, w[0].0, "the bonuses taken are given twice"));
        }
        if w.len() != 5 {
            let col = w.get(5).map_or(w[0].0, |x| x.0);
            return Err(error(line, col, "expected 'taken X <n> O <m>'"));
        }
        let mut taken = [0u8; 2];
        for (k, want) in [(1, Colour::Black), (3, Colour::White)] {
            if colour(w[k].1) != Some(want) {
                let message = format!("expected '{}', found '{}'", want.letter(), escaped(w[k].1));
                return Err(error(line, w[k].0, message));
            }
            let (col, number) = w[k + 1];
            taken[want.index()] = number.parse().map_err(|_| {
                let message = format!(
                    "'{}' is not a number of bonuses (0 to 255)",
                    escaped(number)
                );
                error(line, col, message)
            })?;
        }
        self.taken = Some((taken, line, w[0].0));
        Ok(())
    }
}

/// Reads a diagram. `variant` overrides the one the diagram implies (see
/// the module documentation); every error names its line and column.
pub fn read(text: &str, variant: Option<Variant>) -> Result<Setup, ParseError> {
    let mut rows: Vec<Row> = Vec::new();
    let mut trailer = Trailer::default();
    let lines = text.lines().count();
    for l in content_lines(text) {
        let (line, raw, w) = (l.number, l.text, &l.words);
        let (first_col, first) = l.first();
        if w.get(1).is_some_and(|x| x.1 == "to") {
            trailer.side_line(line, w)?;
        } else if first == "taken" {
            trailer.taken_line(line, w)?;
        } else if trailer.side.is_some() || trailer.taken.is_some() {
            return Err(error(
                line,
                first_col,
                "a board row after the side to move or the bonuses taken",
            ));
        } else {
            rows.push(board_row(line, raw)?);
        }
    }
    let grid = check_shape(&rows, lines)?;
    build(&rows, grid, variant, &trailer)
}

fn board_row(line: usize, raw: &str) -> Result<Row, ParseError> {
    let mut cells = Vec::new();
    let mut end = 1;
    for (i, c) in raw.chars().enumerate() {
        end = i + 2;
        if c.is_whitespace() {
            continue;
        }
        if !".#+*XO".contains(c) {
            let message = format!("'{}' is not a diagram cell (. # + * X O)", escaped_char(c));
            return Err(error(line, i + 1, message));
        }
        cells.push((i + 1, c));
    }
    Ok(Row { line, end, cells })
}

/// Checks that the rows form a square grid of a known size; returns its side.
fn check_shape(rows: &[Row], lines: usize) -> Result<usize, ParseError> {
    let Some(last) = rows.last() else {
        return Err(error(lines.max(1), 1, "the diagram has no board rows"));
    };
    let grid = rows.len();
    if ![6, 8, 10, 12].contains(&grid) {
        let message =
            format!("{grid} board rows: a diagram has 6, 8, 10 or 12 (N, or N + 2 with the ring)");
        return Err(error(last.line, 1, message));
    }
    for row in rows {
        if let Some(&(col, _)) = row.cells.get(grid) {
            let message = format!("more than {grid} cells in a row of a {grid}-row diagram");
            return Err(error(row.line, col, message));
        }
        if row.cells.len() < grid {
            let message = format!(
                "{} cells in a row of a {grid}-row diagram, expected {grid}",
                row.cells.len()
            );
            return Err(error(row.line, row.end, message));
        }
    }
    Ok(grid)
}

/// Decides whether the grid includes the ring (see the module documentation).
fn has_ring(rows: &[Row], grid: usize, variant: Option<Variant>) -> bool {
    let with = SIZES.contains(&(grid as u32 - 2));
    let without = SIZES.contains(&(grid as u32));
    if !(with && without) {
        return with;
    }
    let border = rows.iter().enumerate().flat_map(|(r, row)| {
        row.cells
            .iter()
            .enumerate()
            .filter(move |&(c, _)| r == 0 || c == 0 || r == grid - 1 || c == grid - 1)
            .map(|(_, &(_, ch))| ch)
    });
    let (mut jokers, mut others) = (false, false);
    for ch in border {
        jokers |= ch == '*';
        others |= ch != '*' && ch != '.';
    }
    if jokers || others {
        return jokers;
    }
    match variant {
        Some(v) => v.has_ring(),
        None => grid == 10,
    }
}

fn build(
    rows: &[Row],
    grid: usize,
    variant: Option<Variant>,
    trailer: &Trailer,
) -> Result<Setup, ParseError> {
    let ring = has_ring(rows, grid, variant);
    let n = if ring { grid - 2 } else { grid } as u32;
    let (taken, taken_line, taken_col) = trailer.taken.unwrap_or(([0, 0], 1, 1));
    let variant = variant.unwrap_or(Variant::Mapello);
    let mut map = Map::empty(n).map_err(|e| error(rows[0].line, 1, e))?;
    let (mut black, mut white) = (Vec::new(), Vec::new());
    let offset = u32::from(!ring);
    for (y, row) in rows.iter().enumerate() {
        for (x, &(col, c)) in row.cells.iter().enumerate() {
            let (x, y) = (x as u32 + offset, y as u32 + offset);
            let at = |message: &dyn Display| error(row.line, col, message);
            let piece = match c {
                '#' => Piece::Wall,
                '+' => Piece::Bonus,
                '*' => Piece::Joker,
                'X' | 'O' => {
                    let sq = map
                        .inner_square(x, y)
                        .ok_or_else(|| at(&"a disc cannot stand on the ring"))?;
                    if c == 'X' { &mut black } else { &mut white }.push(sq);
                    continue;
                }
                _ => continue,
            };
            if !variant.has_ring() {
                let message = format!(
                    "{} is played without walls, bonuses or jokers",
                    variant.name()
                );
                return Err(at(&message));
            }
            map.set(x, y, Some(piece), &Limits::UNLIMITED)
                .map_err(|e| at(&e))?;
        }
    }
    if !variant.has_ring() && taken != [0, 0] {
        let message = format!("{} has no bonuses to take", variant.name());
        return Err(error(taken_line, taken_col, message));
    }
    black.sort();
    white.sort();
    let setup = Setup {
        variant,
        map,
        black,
        white,
        side: trailer.side.unwrap_or(Colour::Black),
        taken,
    };
    setup.check().map_err(|e| error(taken_line, taken_col, e))?;
    Ok(setup)
}

/// Writes a diagram, cells separated by spaces; the ring is drawn for the
/// variants played with one (Mapello). The `taken` line appears only when a
/// bonus was taken.
pub fn write(setup: &Setup) -> String {
    let mut out = write_board(setup);
    out.push_str(&format!("{} to move\n", setup.side.letter()));
    if setup.taken != [0, 0] {
        out.push_str(&format!(
            "taken X {} O {}\n",
            setup.taken[0], setup.taken[1]
        ));
    }
    out
}

/// The board's `(size + 2)^2` diagram characters, row by row over the
/// outer grid (ring included): the map's pieces, then the discs.
pub(crate) fn grid(setup: &Setup) -> Vec<char> {
    let map = &setup.map;
    let side = map.side();
    let mut grid = vec!['.'; (side * side) as usize];
    for (x, y, piece) in map.pieces() {
        grid[(y * side + x) as usize] = match piece {
            Piece::Wall => '#',
            Piece::Bonus => '+',
            Piece::Joker => '*',
        };
    }
    let n = map.size();
    for (squares, c) in [(&setup.black, 'X'), (&setup.white, 'O')] {
        for sq in squares {
            grid[((sq.row(n) + 1) * side + sq.col(n) + 1) as usize] = c;
        }
    }
    grid
}

/// The board rows of the diagram alone, without the side to move or the
/// bonuses taken (what `show` prints above its own status lines).
pub fn write_board(setup: &Setup) -> String {
    let side = setup.map.side();
    let grid = grid(setup);
    let range = if setup.variant.has_ring() {
        0..side
    } else {
        1..side - 1
    };
    let mut out = String::new();
    for y in range.clone() {
        let cells: Vec<String> = range
            .clone()
            .map(|x| grid[(y * side + x) as usize].to_string())
            .collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example of docs/formats.md, shared with tests/cli.rs.
    const EXAMPLE: &str = include_str!("../tests/common/example.txt");

    #[test]
    fn the_formats_example_reads_as_a_mapello_start_and_writes_back() {
        let setup = read(EXAMPLE, None).unwrap();
        assert_eq!(setup.variant, Variant::Mapello);
        assert_eq!(setup.map.size(), 8);
        let counts = setup.map.counts();
        assert_eq!((counts.walls, counts.bonuses, counts.jokers), (3, 3, 4));
        assert_eq!(setup, Setup::start(Variant::Mapello, setup.map.clone()));
        assert_eq!(write(&setup), EXAMPLE);
    }

    #[test]
    fn cells_need_no_spaces_and_comments_and_blank_lines_are_skipped() {
        let compact = EXAMPLE
            .replace(". ", ".")
            .replace("X O", "XO")
            .replace("O X", "OX");
        let text = format!("\n; a comment\n\n{}\n\n", compact.replace("Xto", "X to"));
        assert_eq!(read(&text, None).unwrap(), read(EXAMPLE, None).unwrap());
    }

    #[test]
    fn trailing_lines_set_the_side_and_the_bonuses_taken() {
        let text = EXAMPLE.replace("X to move\n", "O to move\ntaken X 2 O 1\n");
        let setup = read(&text, None).unwrap();
        assert_eq!(setup.side, Colour::White);
        assert_eq!(setup.taken, [2, 1]);
        assert_eq!(write(&setup), text);
    }

    #[test]
    fn errors_name_the_line_and_the_column() {
        let cases = [
            (
                EXAMPLE.replace("# . + .", "# . q ."),
                "line 2, column 7: 'q'",
            ),
            (
                EXAMPLE.replace(". # . +", ". # * +"),
                "line 2, column 5: a joker must go on the ring, not on b1",
            ),
            (
                EXAMPLE.replacen(". # .", "# # .", 1),
                "line 2, column 1: a wall must go",
            ),
            (
                EXAMPLE.replace("X O . . . .\n", "X O . . .\n"),
                "line 5, column 18: 9 cells",
            ),
            (
                EXAMPLE.replace("X to", "Z to"),
                "line 11, column 1: 'Z' is not a side",
            ),
            (format!("{EXAMPLE}taken X 1 O x"), "line 12, column 13: 'x'"),
            (
                format!("{EXAMPLE}. ."),
                "line 12, column 1: a board row after",
            ),
            (
                EXAMPLE.replace(". . . . O X", ". . . . # X"),
                "line 6, column 9: d5 is a centre",
            ),
            (
                "".to_string(),
                "line 1, column 1: the diagram has no board rows",
            ),
        ];
        for (text, want) in cases {
            let got = read(&text, None).unwrap_err().to_string();
            assert!(got.starts_with(want), "{got:?} should start with {want:?}");
        }
    }

    #[test]
    fn eight_rows_are_unringed_unless_a_joker_or_the_variant_says_ring() {
        let othello = Setup::start(Variant::Othello, Map::empty(8).unwrap());
        let text = write(&othello);
        assert_eq!(read(&text, Some(Variant::Othello)).unwrap(), othello);
        let mapello = read(&text, None).unwrap();
        assert_eq!((mapello.map.size(), mapello.variant), (8, Variant::Mapello));
        assert_eq!(
            (mapello.black, mapello.white),
            (othello.black, othello.white)
        );
        let six = read(&text, Some(Variant::Mapello)).unwrap();
        assert_eq!((six.map.size(), six.variant), (6, Variant::Mapello));
        let joker = text.replacen('.', "*", 1);
        assert_eq!(read(&joker, None).unwrap().map.counts().jokers, 1);
        assert!(read(&joker, Some(Variant::Othello)).is_err());
    }

    #[test]
    fn unringed_diagrams_with_walls_are_mapello() {
        let text =
            "#.......\n........\n........\n...OX...\n...XO...\n........\n........\n........\n";
        let setup = read(text, None).unwrap();
        assert_eq!((setup.variant, setup.map.size()), (Variant::Mapello, 8));
        assert_eq!(setup.map.counts().walls, 1);
    }
}
