//! Moves and their notation: a placement `b2X` / `b2O`, a flip `a1-c3`
//! (top-left to lower-right) or `c3` for a single disc.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::square::{Face, Square};

/// A rectangle of the board, from its top-left to its lower-right square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rect {
    top_left: Square,
    lower_right: Square,
}

impl Rect {
    /// Every rectangle (100), ordered by top-left square, then lower-right, in reading order.
    pub const ALL: [Rect; 100] = {
        let mut all = [Rect {
            top_left: Square::ALL[0],
            lower_right: Square::ALL[0],
        }; 100];
        let mut n = 0;
        let mut a = 0;
        while a < 16 {
            let mut b = 0;
            while b < 16 {
                let (tl, lr) = (Square::ALL[a], Square::ALL[b]);
                if tl.col() <= lr.col() && tl.row() <= lr.row() {
                    all[n] = Rect {
                        top_left: tl,
                        lower_right: lr,
                    };
                    n += 1;
                }
                b += 1;
            }
            a += 1;
        }
        all
    };

    /// The rectangle with these corners, if `top_left` is above and left of (or on) `lower_right`.
    pub fn new(top_left: Square, lower_right: Square) -> Option<Rect> {
        (top_left.col() <= lower_right.col() && top_left.row() <= lower_right.row()).then_some(
            Rect {
                top_left,
                lower_right,
            },
        )
    }

    /// The smallest rectangle holding both squares, whichever corners they are
    /// (for a rectangle dragged in any direction).
    pub fn spanning(a: Square, b: Square) -> Rect {
        let corner = |col: u32, row: u32| Square::at(col, row).expect("on the board");
        Rect {
            top_left: corner(a.col().min(b.col()), a.row().min(b.row())),
            lower_right: corner(a.col().max(b.col()), a.row().max(b.row())),
        }
    }

    /// The single square `sq`.
    pub fn single(sq: Square) -> Rect {
        Rect {
            top_left: sq,
            lower_right: sq,
        }
    }

    /// The top-left square.
    pub fn top_left(self) -> Square {
        self.top_left
    }

    /// The lower-right square, whose disc must show black for the flip.
    pub fn lower_right(self) -> Square {
        self.lower_right
    }

    /// Every square of the rectangle as a board mask.
    pub const fn mask(self) -> u16 {
        // A run of set bits for the columns, copied onto each row.
        let (c0, c1) = (self.top_left.col(), self.lower_right.col());
        let (r0, r1) = (self.top_left.row(), self.lower_right.row());
        let cols = ((1u16 << (c1 + 1)) - 1) & !((1u16 << c0) - 1);
        let mut mask = 0;
        let mut r = r0;
        while r <= r1 {
            mask |= cols << (4 * r);
            r += 1;
        }
        mask
    }
}

impl fmt::Display for Rect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.top_left == self.lower_right {
            write!(f, "{}", self.lower_right)
        } else {
            write!(f, "{}-{}", self.top_left, self.lower_right)
        }
    }
}

/// One move of either phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Phase 1: a disc put on an empty square with the chosen face up.
    Place(Square, Face),
    /// Phase 2: every disc of the rectangle flipped.
    Flip(Rect),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(sq, face) => write!(f, "{}{}", sq, face.letter()),
            Move::Flip(rect) => write!(f, "{rect}"),
        }
    }
}

/// Text that is not a move in the notation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotationError {
    /// Nothing was written.
    #[error("empty move: write a placement as b2X or b2O, a flip as a1-c3 or c3")]
    Empty,
    /// A part that should be a square is not one.
    #[error("'{0}' is not a square of the 4 x 4 board (a1 to d4)")]
    NotASquare(String),
    /// The corners of a rectangle are not written top-left first.
    #[error("'{0}': a rectangle is written from its top-left to its lower-right square")]
    CornersOutOfOrder(String),
    /// Anything else.
    #[error("'{0}' is not a move: write a placement as b2X or b2O, a flip as a1-c3 or c3")]
    NotAMove(String),
}

fn square(text: &str) -> Result<Square, NotationError> {
    Square::parse(text).ok_or_else(|| NotationError::NotASquare(text.to_string()))
}

impl FromStr for Move {
    type Err = NotationError;

    /// Reads `b2X`, `b2O`, `a1-c3` or `c3`; letters in either case, spaces around ignored.
    fn from_str(text: &str) -> Result<Move, NotationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NotationError::Empty);
        }
        if let Some((a, b)) = text.split_once('-') {
            let (tl, lr) = (square(a.trim())?, square(b.trim())?);
            return Rect::new(tl, lr)
                .map(Move::Flip)
                .ok_or_else(|| NotationError::CornersOutOfOrder(text.to_string()));
        }
        let mut chars = text.chars();
        match (
            chars.next_back().and_then(Face::from_letter),
            text.chars().count(),
        ) {
            (Some(face), 3) => Ok(Move::Place(square(chars.as_str())?, face)),
            (_, 2) => Ok(Move::Flip(Rect::single(square(text)?))),
            _ => Err(NotationError::NotAMove(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rectangle_is_listed_once_in_reading_order() {
        let mut seen = std::collections::HashSet::new();
        for w in Rect::ALL.windows(2) {
            let key = |r: Rect| (r.top_left.index(), r.lower_right.index());
            assert!(key(w[0]) < key(w[1]));
        }
        for r in Rect::ALL {
            assert!(seen.insert(r.mask()));
            let cols = r.lower_right.col() - r.top_left.col() + 1;
            let rows = r.lower_right.row() - r.top_left.row() + 1;
            assert_eq!(r.mask().count_ones(), cols * rows, "{r}");
            assert!(r.mask() & r.lower_right.bit() != 0);
            assert!(r.mask() & r.top_left.bit() != 0);
        }
        assert_eq!(
            Rect::new(Square::ALL[0], Square::ALL[15]).unwrap().mask(),
            0xffff
        );
    }

    #[test]
    fn every_move_round_trips_through_its_notation() {
        for r in Rect::ALL {
            let text = r.to_string();
            assert_eq!(text.parse::<Move>(), Ok(Move::Flip(r)));
            assert_eq!(text.to_uppercase().parse::<Move>(), Ok(Move::Flip(r)));
        }
        for sq in Square::ALL {
            for face in [Face::Black, Face::White] {
                let m = Move::Place(sq, face);
                assert_eq!(m.to_string().parse::<Move>(), Ok(m));
                assert_eq!(m.to_string().to_lowercase().parse::<Move>(), Ok(m));
            }
        }
        assert_eq!(Move::Flip(Rect::ALL[0]).to_string(), "a1");
        let a1c3 = Rect::new(Square::parse("a1").unwrap(), Square::parse("c3").unwrap());
        assert_eq!(Move::Flip(a1c3.unwrap()).to_string(), "a1-c3");
        assert_eq!(" c3-c3 ".parse::<Move>().unwrap().to_string(), "c3");
    }

    #[test]
    fn bad_notation_gets_a_typed_error() {
        use NotationError::*;
        let cases: &[(&str, NotationError)] = &[
            ("", Empty),
            ("   ", Empty),
            ("e1", NotASquare("e1".into())),
            ("a5", NotASquare("a5".into())),
            ("a0X", NotASquare("a0".into())),
            ("b2-", NotASquare("".into())),
            ("-b2", NotASquare("".into())),
            ("a1-b2-c3", NotASquare("b2-c3".into())),
            ("c3-a1", CornersOutOfOrder("c3-a1".into())),
            ("c1-a3", CornersOutOfOrder("c1-a3".into())),
            ("b2Y", NotAMove("b2Y".into())),
            ("b", NotAMove("b".into())),
            ("pass", NotAMove("pass".into())),
            ("b2XO", NotAMove("b2XO".into())),
            ("é1", NotASquare("é1".into())),
            ("éX", NotASquare("éX".into())),
            ("ééX", NotASquare("éé".into())),
        ];
        for (text, want) in cases {
            assert_eq!(text.parse::<Move>().as_ref(), Err(want), "{text:?}");
        }
    }
}
