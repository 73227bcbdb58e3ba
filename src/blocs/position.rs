//! A position of Blocs: the discs as two 16-bit masks and the player to move.

use thiserror::Error;

use super::moves::{Move, NotationError, Rect};
use super::square::{Face, Player, Square};

/// Every square of the board.
pub const FULL: u16 = 0xffff;

/// The two phases of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Discs are put on the board until it is full.
    Placement,
    /// Rectangles are flipped until every disc shows white.
    Flipping,
}

/// A move that the rules refuse in this position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// Every disc shows white: the game has ended.
    #[error("the game is over")]
    GameOver,
    /// A placement while the board is full.
    #[error("{0} is a placement, but the board is full: flip a rectangle")]
    PlacementWhenFull(Move),
    /// A flip while squares are still empty.
    #[error("{0} is a flip, but discs are still being placed")]
    FlipBeforeFull(Move),
    /// A placement on a square that holds a disc.
    #[error("{0} is not empty")]
    Occupied(Square),
    /// A rectangle whose lower-right disc shows white.
    #[error("{0}: its lower-right disc {corner} shows white", corner = .0.lower_right())]
    CornerWhite(Rect),
}

/// A move given as text that cannot be played: unreadable, or refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not a move in the notation.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// A move the rules refuse here.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// Board masks that are not a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A black disc on an empty square.
    #[error("a black disc on an empty square")]
    BlackOnEmpty,
    /// In the placement phase the number of discs says who is to move.
    #[error("{placed} discs are placed, so {due} is to move, not {given}")]
    WrongSideToMove {
        /// Discs on the board.
        placed: u32,
        /// The player the count makes due.
        due: Player,
        /// The player given.
        given: Player,
    },
}

/// A position: which squares hold a disc, which discs show black, who is to move.
///
/// It is `Copy` and five bytes: keep the previous one to undo a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    occupied: u16,
    black: u16,
    to_move: Player,
}

impl Position {
    /// The empty board, `X` to place the first disc.
    pub const START: Position = Position {
        occupied: 0,
        black: 0,
        to_move: Player::X,
    };

    /// A position from its masks (bit `i` is square `i`, row-major from `a1`).
    ///
    /// While squares are empty the player to move is fixed by the number of
    /// discs placed (`X` places first); once the board is full it is whoever
    /// the game has reached.
    pub fn new(occupied: u16, black: u16, to_move: Player) -> Result<Position, SetupError> {
        if black & !occupied != 0 {
            return Err(SetupError::BlackOnEmpty);
        }
        if occupied != FULL {
            let due = Position::due(occupied);
            if due != to_move {
                return Err(SetupError::WrongSideToMove {
                    placed: occupied.count_ones(),
                    due,
                    given: to_move,
                });
            }
        }
        Ok(Position {
            occupied,
            black,
            to_move,
        })
    }

    /// A flipping-phase position: the board full, `black` showing black.
    pub fn flipping(black: u16, to_move: Player) -> Position {
        Position {
            occupied: FULL,
            black,
            to_move,
        }
    }

    /// The player due to place the next disc when `occupied` discs are down.
    fn due(occupied: u16) -> Player {
        if occupied.count_ones() % 2 == 0 {
            Player::X
        } else {
            Player::O
        }
    }

    /// The squares holding a disc.
    pub fn occupied(&self) -> u16 {
        self.occupied
    }

    /// The discs showing black.
    pub fn black(&self) -> u16 {
        self.black
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The face showing on `sq`, if it holds a disc.
    pub fn face(&self, sq: Square) -> Option<Face> {
        if self.occupied & sq.bit() == 0 {
            None
        } else if self.black & sq.bit() != 0 {
            Some(Face::Black)
        } else {
            Some(Face::White)
        }
    }

    /// The phase: placement while any square is empty.
    pub fn phase(&self) -> Phase {
        if self.occupied == FULL {
            Phase::Flipping
        } else {
            Phase::Placement
        }
    }

    /// Whether the game has ended (the board full and all white).
    pub fn is_over(&self) -> bool {
        self.occupied == FULL && self.black == 0
    }

    /// The winner once the game is over: whoever moved last, so not the player due.
    pub fn winner(&self) -> Option<Player> {
        self.is_over().then(|| self.to_move.other())
    }

    /// Every legal move: placements by square then face (`X` first), flips
    /// by top-left then lower-right square, in reading order.
    pub fn moves(&self) -> Vec<Move> {
        if self.occupied == FULL {
            Rect::ALL
                .into_iter()
                .filter(|r| self.black & r.lower_right().bit() != 0)
                .map(Move::Flip)
                .collect()
        } else {
            Square::ALL
                .into_iter()
                .filter(|sq| self.occupied & sq.bit() == 0)
                .flat_map(|sq| [Move::Place(sq, Face::Black), Move::Place(sq, Face::White)])
                .collect()
        }
    }

    /// The position after `mv`, or why the rules refuse it.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        match (mv, self.phase()) {
            (_, Phase::Flipping) if self.is_over() => Err(IllegalMove::GameOver),
            (Move::Place(..), Phase::Flipping) => Err(IllegalMove::PlacementWhenFull(mv)),
            (Move::Flip(_), Phase::Placement) => Err(IllegalMove::FlipBeforeFull(mv)),
            (Move::Place(sq, _), _) if self.occupied & sq.bit() != 0 => {
                Err(IllegalMove::Occupied(sq))
            }
            (Move::Flip(r), _) if self.black & r.lower_right().bit() == 0 => {
                Err(IllegalMove::CornerWhite(r))
            }
            _ => Ok(self.play_unchecked(mv)),
        }
    }

    /// Reads a move in the notation and plays it.
    pub fn play_text(&self, text: &str) -> Result<(Move, Position), MoveError> {
        let mv: Move = text.parse()?;
        Ok((mv, self.play(mv)?))
    }

    /// The position after `mv`, which must be legal.
    pub(crate) fn play_unchecked(&self, mv: Move) -> Position {
        let (occupied, black) = match mv {
            Move::Place(sq, Face::Black) => (self.occupied | sq.bit(), self.black | sq.bit()),
            Move::Place(sq, Face::White) => (self.occupied | sq.bit(), self.black),
            Move::Flip(r) => (self.occupied, self.black ^ r.mask()),
        };
        Position {
            occupied,
            black,
            to_move: self.to_move.other(),
        }
    }
}

/// Leaves of the move tree `depth` plies deep; a finished game before the depth is one leaf.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 || pos.is_over() {
        return 1;
    }
    let moves = pos.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| perft(&pos.play_unchecked(m), depth - 1))
        .sum()
}
