//! A position: the discs, the side to move and the bonuses taken so far.

use serde::{Deserialize, Serialize};

use crate::bits::{Bits, Size};

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// Moves first; `X` in diagrams.
    Black,
    /// `O` in diagrams.
    White,
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for black, 1 for white.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The diagram letter, `X` or `O`.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'X',
            Colour::White => 'O',
        }
    }
}

/// The changing part of a game. Walls and jokers live in the
/// [`Board`](crate::rules::Board), which decides what is legal. Its fields
/// are the crate's; callers read them through the methods.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<S: Size> {
    /// Discs of the side to move.
    pub(crate) me: S::B,
    /// Discs of the other side.
    pub(crate) opp: S::B,
    /// Bonus discs not yet taken.
    pub(crate) bonus: S::B,
    /// Bonuses taken, indexed by [`Colour::index`].
    pub(crate) taken: [u8; 2],
    /// The side to move.
    pub(crate) side: Colour,
}

impl<S: Size> Position<S> {
    /// The position with Black's and White's discs, the bonus discs not
    /// yet taken, the bonuses each has taken (by [`Colour::index`]) and
    /// the side to move. Whether a game can reach it is the rules' to say.
    pub fn new(black: S::B, white: S::B, bonus: S::B, taken: [u8; 2], side: Colour) -> Position<S> {
        let (me, opp) = match side {
            Colour::Black => (black, white),
            Colour::White => (white, black),
        };
        Position {
            me,
            opp,
            bonus,
            taken,
            side,
        }
    }

    /// Discs of the side to move.
    pub fn me(&self) -> S::B {
        self.me
    }

    /// Discs of the other side.
    pub fn opp(&self) -> S::B {
        self.opp
    }

    /// Bonus discs not yet taken.
    pub fn bonus(&self) -> S::B {
        self.bonus
    }

    /// Bonuses taken, indexed by [`Colour::index`].
    pub fn taken(&self) -> [u8; 2] {
        self.taken
    }

    /// The side to move.
    pub fn side(&self) -> Colour {
        self.side
    }

    /// Discs of one colour.
    pub fn discs(&self, c: Colour) -> S::B {
        if c == self.side {
            self.me
        } else {
            self.opp
        }
    }

    /// The same discs with the other side to move.
    pub fn passed(&self) -> Position<S> {
        Position {
            me: self.opp,
            opp: self.me,
            side: self.side.other(),
            ..*self
        }
    }

    /// Squares holding a disc of either colour.
    pub fn occupied(&self) -> S::B {
        self.me | self.opp
    }

    /// Number of discs on the board.
    pub fn disc_count(&self) -> u32 {
        self.occupied().count()
    }
}
