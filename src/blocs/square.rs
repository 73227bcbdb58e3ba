//! Squares of the 4 x 4 board, the two faces of a disc and the two players.

use std::fmt;

/// A square of the 4 x 4 board: `a1` top-left, `d4` lower-right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Every square in reading order (row by row from the top).
    pub const ALL: [Square; 16] = {
        let mut all = [Square(0); 16];
        let mut i = 0;
        while i < 16 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square at column `col` and row `row`, both 0-based from the top-left.
    pub const fn at(col: u32, row: u32) -> Option<Square> {
        if col < 4 && row < 4 {
            Some(Square((row * 4 + col) as u8))
        } else {
            None
        }
    }

    /// The square with bit index `i` (row-major from `a1`).
    pub const fn from_index(i: u32) -> Option<Square> {
        if i < 16 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// Bit index, row-major from `a1`.
    pub const fn index(self) -> u32 {
        self.0 as u32
    }

    /// The square's bit in a board mask.
    pub const fn bit(self) -> u16 {
        1 << self.0
    }

    /// 0-based column from the left.
    pub const fn col(self) -> u32 {
        self.0 as u32 % 4
    }

    /// 0-based row from the top.
    pub const fn row(self) -> u32 {
        self.0 as u32 / 4
    }

    /// Reads a name such as `c3` (the letter in either case); `None` if it is not one.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let (letter, digit) = (chars.next()?, chars.next()?);
        if chars.next().is_some() {
            return None;
        }
        let col = "abcd".find(letter.to_ascii_lowercase())?;
        let row = "1234".find(digit)?;
        Square::at(col as u32, row as u32)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = char::from(b'a' + self.col() as u8);
        write!(f, "{}{}", letter, self.row() + 1)
    }
}

/// The face of a disc that shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// Black face up, written `X`.
    Black,
    /// White face up, written `O`.
    White,
}

impl Face {
    /// The diagram and notation letter, `X` or `O`.
    pub fn letter(self) -> char {
        match self {
            Face::Black => 'X',
            Face::White => 'O',
        }
    }

    /// The face written by `c` (`X`/`x` or `O`/`o`).
    pub fn from_letter(c: char) -> Option<Face> {
        match c {
            'X' | 'x' => Some(Face::Black),
            'O' | 'o' => Some(Face::White),
            _ => None,
        }
    }
}

/// A player: they own no colour, so they are named by turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The player who places the first disc, written `X`.
    X,
    /// The second player, written `O`.
    O,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// The letter that names the player, `X` or `O`.
    pub fn letter(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
