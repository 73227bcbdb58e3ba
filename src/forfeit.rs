//! A game given up before its end: resigned, or lost on time. The rules
//! score it ([`crate::rules::Rules::forfeit_score`]); the game keeps it
//! as its end ([`crate::game::AnyGame::forfeit`]).

use serde::{Serialize, Serializer};

use crate::position::Colour;

/// Why a game ended before neither side could move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The loser gave up.
    Resigned,
    /// The loser's clock ran out.
    Time,
}

impl Cause {
    /// The cause named `resigned` or `time`, as the page names it.
    pub fn from_name(name: &str) -> Option<Cause> {
        match name {
            "resigned" => Some(Cause::Resigned),
            "time" => Some(Cause::Time),
            _ => None,
        }
    }

    /// The name [`Cause::from_name`] reads.
    pub fn name(self) -> &'static str {
        match self {
            Cause::Resigned => "resigned",
            Cause::Time => "time",
        }
    }
}

/// Black's and White's points of a game `loser` gave up with `points`
/// (black's, white's) on the board and `empty` squares left to play: the
/// winner takes the empty squares, the loser at most one point less.
pub(crate) fn score(points: [i32; 2], empty: i32, loser: Colour) -> [i32; 2] {
    let (l, w) = (loser.index(), loser.other().index());
    let mut score = points;
    score[w] += empty;
    score[l] = score[l].min(score[w] - 1);
    score
}

/// A game's end by forfeit: who lost, and why. Serialised as
/// `{ "cause": "resigned" | "time", "loser": "X" | "O" }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// The side that resigned or ran out of time.
    pub loser: Colour,
    /// Resigned or lost on time.
    pub cause: Cause,
}

impl Serialize for Forfeit {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Forfeit", 2)?;
        s.serialize_field("cause", self.cause.name())?;
        s.serialize_field("loser", &self.loser.letter())?;
        s.end()
    }
}
