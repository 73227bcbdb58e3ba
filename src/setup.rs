//! An unchecked description of a position (what the readers produce); it
//! becomes a playable [`AnyGame`](crate::game::AnyGame) only through validation.

use thiserror::Error;

use crate::map::{Map, Piece};
use crate::position::Colour;
use crate::rules::Variant;
use crate::square::Square;

/// A position as read from text: a map plus discs, side to move and bonuses taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The variant to play.
    pub variant: Variant,
    /// Walls, bonuses not yet taken, jokers.
    pub map: Map,
    /// Black discs.
    pub black: Vec<Square>,
    /// White discs.
    pub white: Vec<Square>,
    /// Side to move.
    pub side: Colour,
    /// Bonuses taken by black and white.
    pub taken: [u8; 2],
}

/// Why a setup is not a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Two things on one square.
    #[error("{0} holds two pieces")]
    Overlap(String),
    /// A disc on a wall.
    #[error("{0} is a wall: no disc can stand on it")]
    DiscOnWall(String),
    /// A disc on a bonus not taken.
    #[error(
        "{0} holds a bonus: a disc there would have taken it, so take off the bonus or the disc"
    )]
    DiscOnBonus(String),
    /// Neither side can move, and one side has no disc.
    #[error("{0} has no disc, so neither side can move: place discs of both colours")]
    NoDisc(&'static str),
    /// Neither side can move (or, in Troll, a side has already joined its edges).
    #[error(
        "the game would be over before it starts: neither side can move, or a side has already won"
    )]
    Over,
    /// The side to move has no move, and the other has.
    #[error("{0} to move has no move: let {1} move first")]
    MustPass(&'static str, &'static str),
    /// The variant cannot be played on this map.
    #[error(transparent)]
    Board(#[from] crate::rules::BoardError),
    /// More bonuses taken than the map could have held.
    #[error("{0} bonuses taken is more than the board holds")]
    TooManyTaken(u32),
}

impl Setup {
    /// The start of `variant` on `map`.
    pub fn start(variant: Variant, map: Map) -> Setup {
        let n = map.size();
        let [black, white] = variant.start_discs(n).map(|discs| {
            discs
                .into_iter()
                .map(|(x, y)| Square::from_xy(x, y, n).expect("centre squares exist"))
                .collect()
        });
        Setup {
            variant,
            map,
            black,
            white,
            side: Colour::Black,
            taken: [0, 0],
        }
    }

    /// Checks that no square holds two things.
    pub fn check(&self) -> Result<(), SetupError> {
        let n = self.map.size();
        let mut seen = vec![false; (n * n) as usize];
        for sq in self.black.iter().chain(&self.white) {
            let i = sq.index() as usize;
            let name = || sq.name(n).to_string();
            if i >= seen.len() || seen[i] {
                return Err(SetupError::Overlap(name()));
            }
            match self.map.at(*sq) {
                Some(Piece::Wall) => return Err(SetupError::DiscOnWall(name())),
                Some(Piece::Bonus) => return Err(SetupError::DiscOnBonus(name())),
                _ => {}
            }
            seen[i] = true;
        }
        let total = u32::from(self.taken[0]) + u32::from(self.taken[1]);
        if total > n * n {
            return Err(SetupError::TooManyTaken(total));
        }
        Ok(())
    }
}
