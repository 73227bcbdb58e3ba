//! The games played with discs on a square board, each described by its
//! own module: its name, whether it is played on a map, its start, its
//! opening rule, its scoring and the rules type that plays it. Generic code
//! asks a [`Variant`] these facts and never names one; the catalogue
//! ([`crate::games::GAMES`]) lists the variants offered (and gives
//! `Variant::all` and `Variant::parse`).
//!
//! A new Reversi-family variant is one module here (its `Variant` constant)
//! and one line in the catalogue.

use std::fmt;

use serde::{Serialize, Serializer};

mod mapello;
mod othello;
mod reversi;

/// The discs a game starts with, as offsets from the upper-left centre
/// square (`x`, `y`), row by row.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct Start {
    /// Black's discs.
    pub(crate) black: &'static [(u32, u32)],
    /// White's discs.
    pub(crate) white: &'static [(u32, u32)],
}

impl Start {
    /// No disc: the players fill the board from empty.
    pub(crate) const EMPTY: Start = Start {
        black: &[],
        white: &[],
    };
}

/// Everything a variant decides, written once in its module.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct Spec {
    /// The lower-case name on the command line and in the API (the game's
    /// id in the catalogue).
    pub(crate) name: &'static str,
    /// Played on a map of walls, bonuses and jokers, with the ring of
    /// jokers around the board.
    pub(crate) maps: bool,
    /// The discs on the board before the first move.
    pub(crate) start: Start,
    /// The first moves fill the centre (Reversi's opening).
    pub(crate) centre_first: bool,
    /// At the end the empty squares go to the winner (Othello's
    /// tournament scoring).
    pub(crate) empties_to_winner: bool,
    /// Played by the Reversi family's [`Board`](crate::rules::Board);
    /// false for a game with rules of its own (Troll).
    pub(crate) reversi_family: bool,
}

/// One game played with discs on a square board: a Reversi-family variant
/// (Mapello, Othello, Reversi) or Troll. Each is a constant declared in its
/// own module (`Variant::Othello`, ...), and two are equal when they
/// describe the same game.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Variant(&'static Spec);

impl Variant {
    /// The variant `spec` describes.
    pub(crate) const fn of(spec: &'static Spec) -> Variant {
        Variant(spec)
    }

    /// The lower-case name used on the command line and in the API (the
    /// game's id in the catalogue, `crate::games`).
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// True for a variant played on a map of walls, bonuses and jokers,
    /// with a ring (jokers) around the board.
    pub fn has_ring(self) -> bool {
        self.0.maps
    }

    /// True when the first moves fill the centre.
    pub fn centre_first(self) -> bool {
        self.0.centre_first
    }

    /// True when the empty squares of a finished game go to the winner.
    pub fn empties_to_winner(self) -> bool {
        self.0.empties_to_winner
    }

    /// True for a variant played by [`Board`](crate::rules::Board).
    pub fn is_reversi_family(self) -> bool {
        self.0.reversi_family
    }

    /// The start discs of Black and White on an `n` x `n` board, as
    /// (column, row) from 0, each list in index order.
    pub fn start_discs(self, n: u32) -> [Vec<(u32, u32)>; 2] {
        let a = n / 2 - 1;
        let place = |offsets: &[(u32, u32)]| offsets.iter().map(|&(x, y)| (a + x, a + y)).collect();
        [place(self.0.start.black), place(self.0.start.white)]
    }
}

/// The name with a capital, as the enum it replaced printed it (`Othello`).
impl fmt::Debug for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut letters = self.0.name.chars();
        if let Some(first) = letters.next() {
            write!(f, "{}{}", first.to_ascii_uppercase(), letters.as_str())?;
        }
        Ok(())
    }
}

impl Serialize for Variant {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(self.0.name)
    }
}
