//! Squares of the inner board and their names (`a1` top-left, `f5` …).

use std::fmt;

use crate::errors::ParseError;

/// A square of an inner board of side `n`; the side is known from context.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at column `col` and row `row` (both 0-based) of a board of side `n`.
    pub fn from_xy(col: u32, row: u32, n: u32) -> Option<Square> {
        (col < n && row < n).then(|| Square((row * n + col) as u8))
    }

    /// The square with bit index `i` on a board of side `n`.
    pub fn from_index(i: u32, n: u32) -> Option<Square> {
        (i < n * n).then_some(Square(i as u8))
    }

    /// Bit index (row-major from `a1`).
    pub fn index(self) -> u32 {
        u32::from(self.0)
    }

    /// 0-based column on a board of side `n`.
    pub fn col(self, n: u32) -> u32 {
        self.index() % n
    }

    /// 0-based row (from the top) on a board of side `n`.
    pub fn row(self, n: u32) -> u32 {
        self.index() / n
    }

    /// The square's name, such as `f5`.
    pub fn name(self, n: u32) -> SquareName {
        SquareName {
            col: self.col(n),
            row: self.row(n),
        }
    }

    /// Reads a square name (`f5`, `F5`, `a10`) for a board of side `n`.
    pub fn parse(text: &str, n: u32) -> Result<Square, ParseError> {
        let bad = || ParseError::new(format!("'{text}' is not a square of the {n} x {n} board"));
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(bad());
        }
        let row: u32 = digits.parse().map_err(|_| bad())?;
        let col = u32::from(letter) - u32::from('a');
        if row == 0 {
            return Err(bad());
        }
        Square::from_xy(col, row - 1, n).ok_or_else(bad)
    }
}

/// A square's printable name.
#[derive(Clone, Copy, Debug)]
pub struct SquareName {
    col: u32,
    row: u32,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = char::from(b'a' + self.col as u8);
        write!(f, "{}{}", letter, self.row + 1)
    }
}

/// One ply: a disc put on a square, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A disc put on the square.
    Play(Square),
    /// The side to move has no legal move and passes.
    Pass,
}

impl Move {
    /// The move's notation (`f5` or `pass`) on a board of side `n`.
    pub fn name(self, n: u32) -> String {
        match self {
            Move::Play(sq) => sq.name(n).to_string(),
            Move::Pass => "pass".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_every_size() {
        for n in [6, 8, 10] {
            for i in 0..n * n {
                let sq = Square::from_index(i, n).unwrap();
                let name = sq.name(n).to_string();
                assert_eq!(Square::parse(&name, n).unwrap(), sq);
                assert_eq!(Square::parse(&name.to_uppercase(), n).unwrap(), sq);
            }
        }
        assert_eq!(Square::parse("f5", 8).unwrap().index(), 4 * 8 + 5);
    }

    #[test]
    fn bad_names_are_refused() {
        for bad in [
            "", "a", "a0", "i1", "a9", "5f", "a1x", "é1", "a+1", "a01x", "a05",
        ] {
            assert!(Square::parse(bad, 8).is_err(), "{bad}");
        }
        assert!(Square::parse("j10", 10).is_ok());
        assert!(Square::parse("a10", 8).is_err());
    }
}
