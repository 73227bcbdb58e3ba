//! The one place that decides legality: move generation, flips, passes, the
//! end of the game and scoring, for every variant and size.

use serde::Serialize;
use thiserror::Error;

use crate::bits::{Bits, Size};
use crate::map::{Map, Piece};
use crate::position::{Colour, Position};
use crate::square::Square;
use crate::symmetry;
use kernels::JokerTables;
pub use variant::Variant;

/// Points for taking a bonus disc.
pub(crate) const BONUS_POINTS: i32 = 3;

/// A move that the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The square is occupied, a wall, or flips nothing.
    #[error("{} is not a legal move", square.name(*size))]
    Illegal {
        /// The square played.
        square: Square,
        /// The board's side, which names the square.
        size: u32,
    },
    /// A pass while a move exists.
    #[error("cannot pass: a legal move exists")]
    PassWithMoves,
    /// Any move after the end.
    #[error("the game is over")]
    GameOver,
}

/// Why a square cannot be played now; each message follows the square's
/// name ("e4 is taken").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Refusal {
    /// Nobody moves once the game is over.
    #[error("cannot be played: the game is over")]
    GameOver,
    /// The side to move has no move at all and must pass.
    #[error("cannot be played: {} has no legal move and must pass", colour_name(*.0))]
    MustPass(Colour),
    /// A disc is already there.
    #[error("is taken")]
    Taken,
    /// A wall of the map.
    #[error("is a wall: nobody plays there")]
    Wall,
    /// Reversi: the first four moves fill the centre.
    #[error("is not a centre square: the first four moves fill the four centre squares")]
    NotCentre,
    /// Troll: a square on the opponent's edges is taken only with a flip.
    #[error("is on {}'s edge: a move there must flip a disc", colour_name(*.0))]
    OpponentEdge(Colour),
    /// The move closes no line.
    #[error("would flip no disc: a move must close a line of your opponent's discs")]
    NoFlip,
}

impl Refusal {
    /// The reason's name in the API (`gameOver`, `mustPass`, ...).
    pub fn id(self) -> &'static str {
        match self {
            Refusal::GameOver => "gameOver",
            Refusal::MustPass(_) => "mustPass",
            Refusal::Taken => "taken",
            Refusal::Wall => "wall",
            Refusal::NotCentre => "notCentre",
            Refusal::OpponentEdge(_) => "opponentEdge",
            Refusal::NoFlip => "noFlip",
        }
    }
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Black => "Black",
        Colour::White => "White",
    }
}

/// A board that cannot be built from a map.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The map's size is not the board's.
    #[error("the map is {0} x {0}, the board {1} x {1}")]
    SizeMismatch(u32, u32),
    /// Othello and Reversi have no special pieces.
    #[error("{0} is played without walls, bonuses or jokers")]
    PiecesNotAllowed(&'static str),
    /// Troll has one size.
    #[error("troll is played on 8 x 8 only, not {0} x {0}")]
    TrollSize(u32),
    /// A game with rules of its own ([`troll::Troll`]) asked of [`Board`].
    #[error("{0} is not played by the Reversi family's rules")]
    OwnRules(&'static str),
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    /// The side to move has at least one legal move.
    ToMove,
    /// The side to move has none but the opponent has: it must pass.
    MustPass,
    /// Neither side can move.
    GameOver,
}

/// The rules of one game on a square board of discs: what is legal, what a
/// move does and how the game ends. Each game is a type behind it: [`Board`]
/// plays the Reversi family (Mapello, Othello and Reversi, on a map), and
/// [`troll::Troll`] plays Troll. The game record, perft
/// ([`crate::perft::Perft`]) and the AI ([`crate::ai::engine::Engine`])
/// work over this trait; the choice of a game at run time is made once, in
/// [`crate::game::AnyGame`].
pub trait Rules<S: Size>: Clone + std::fmt::Debug {
    /// The game's name.
    fn variant(&self) -> Variant;

    /// The map the game is played on.
    fn map(&self) -> &Map;

    /// The position before the first move.
    fn start(&self) -> Position<S>;

    /// Every legal move of the side to move.
    fn moves(&self, pos: &Position<S>) -> S::B;

    /// The position after the side to move puts a disc on `sq`, or `None`
    /// when that is not a legal move (or not a square of this board).
    fn play(&self, pos: &Position<S>, sq: Square) -> Option<Position<S>>;

    /// The position after a move taken from [`Rules::moves`], unchecked.
    fn play_legal(&self, pos: &Position<S>, sq: u32) -> Position<S>;

    /// The winner of a finished game, `None` for a draw.
    fn winner(&self, pos: &Position<S>) -> Option<Colour>;

    /// Points of one colour now, under the game's scoring.
    fn score(&self, pos: &Position<S>, c: Colour) -> i32;

    /// Black's and White's points when `loser` gives the game up (resigns
    /// or runs out of time) in `pos`: the winner adds every empty square
    /// to their points (walls are no squares to play), and a forfeit is
    /// always a loss, so the loser keeps at most one point less than the
    /// winner (docs/rules.md, "Resigning and clocks").
    fn forfeit_score(&self, pos: &Position<S>, loser: Colour) -> [i32; 2] {
        let points = [Colour::Black, Colour::White].map(|c| self.score(pos, c));
        crate::forfeit::score(points, self.empty_squares(pos) as i32, loser)
    }

    /// The squares of `pos` still to play: neither discs nor walls.
    fn empty_squares(&self, pos: &Position<S>) -> u32 {
        S::N * S::N - pos.disc_count() - self.map().counts().walls
    }

    /// How many empty squares the final score of `pos` counts for the
    /// winner (a draw shares them), so a result can say why it is more
    /// than the discs: those of a game given up (`forfeit`), as
    /// [`Rules::forfeit_score`] counts them; none before the end.
    fn awarded(&self, pos: &Position<S>, forfeit: bool) -> u32 {
        if forfeit {
            self.empty_squares(pos)
        } else {
            0
        }
    }

    /// The discs a finished game shows as its winning line (Troll's chain);
    /// empty in a game won on points.
    fn chain(&self, _pos: &Position<S>) -> S::B {
        S::B::ZERO
    }

    /// Whether the side to move can move, must pass, or the game is over.
    fn status(&self, pos: &Position<S>) -> Status {
        if !self.moves(pos).is_empty() {
            Status::ToMove
        } else if !self.moves(&pos.passed()).is_empty() {
            Status::MustPass
        } else {
            Status::GameOver
        }
    }

    /// Why the side to move may not put a disc on `sq` now; `None` when it
    /// may.
    fn refusal(&self, pos: &Position<S>, sq: Square) -> Option<Refusal> {
        let sq = sq.index();
        match self.status(pos) {
            Status::GameOver => return Some(Refusal::GameOver),
            Status::MustPass => return Some(Refusal::MustPass(pos.side)),
            Status::ToMove => {}
        }
        if self.moves(pos).has(sq) {
            None
        } else if pos.occupied().has(sq) {
            Some(Refusal::Taken)
        } else {
            Some(self.refusal_of_empty(pos, sq))
        }
    }

    /// Why an empty square that is not a legal move is refused: the game's
    /// own rule where it has one, else that it flips nothing.
    fn refusal_of_empty(&self, _pos: &Position<S>, _sq: u32) -> Refusal {
        Refusal::NoFlip
    }

    /// Legal moves as squares, in index order (row by row).
    fn move_list(&self, pos: &Position<S>) -> Vec<Square> {
        crate::bits::Squares(self.moves(pos))
            .filter_map(|i| Square::from_index(i, S::N))
            .collect()
    }
}

/// The Reversi family's rules: a variant (Mapello, Othello or Reversi) on
/// a map, its walls and jokers as bitboards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<S: Size> {
    variant: Variant,
    /// The variant's opening fills the centre first.
    centre_first: bool,
    /// The variant gives the empty squares to the winner at the end.
    empties_to_winner: bool,
    map: Map,
    walls: S::B,
    /// The jokers, as the move generator reads them.
    jokers: JokerTables<S>,
}

impl<S: Size> Board<S> {
    /// The board for `variant` on `map`.
    pub fn new(variant: Variant, map: &Map) -> Result<Board<S>, BoardError> {
        if map.size() != S::N {
            return Err(BoardError::SizeMismatch(map.size(), S::N));
        }
        if !variant.has_ring() && map.pieces().next().is_some() {
            return Err(BoardError::PiecesNotAllowed(variant.name()));
        }
        if !variant.is_reversi_family() {
            return Err(BoardError::OwnRules(variant.name()));
        }
        Ok(Board::plain(variant, map))
    }

    /// The board for `variant` on `map`, unchecked: with
    /// [`Variant::Troll`] it flips as Othello does, which [`troll::Troll`]
    /// builds on.
    fn plain(variant: Variant, map: &Map) -> Board<S> {
        let mut walls = S::B::ZERO;
        for (x, y, piece) in map.pieces() {
            if piece == Piece::Wall {
                // Outer coordinates: the ring is at 0 and n + 1.
                walls |= S::B::bit((y - 1) * S::N + x - 1);
            }
        }
        Board {
            variant,
            centre_first: variant.centre_first(),
            empties_to_winner: variant.empties_to_winner(),
            map: map.clone(),
            walls,
            jokers: JokerTables::new(map),
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The map the board was built from.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The symmetries of the square (numbered as [`crate::symmetry`] does)
    /// other than the identity that leave the board (every cell of its map,
    /// the ring included) and `pos` (discs and bonuses) as they are. Under
    /// each, a move and its image lead to positions alike: one move, worth
    /// the same, however a search's numbers differ.
    pub(crate) fn symmetries_of(&self, pos: &Position<S>) -> Vec<u32> {
        let side = self.map.side();
        let board_fixed = |t: u32| {
            (0..side).all(|y| {
                (0..side).all(|x| {
                    let (tx, ty) = symmetry::image(t, side, (x, y));
                    self.map.get(tx, ty) == self.map.get(x, y)
                })
            })
        };
        (1..8)
            .filter(|&t| {
                [pos.me, pos.opp, pos.bonus]
                    .into_iter()
                    .all(|set| symmetry::image_set(t, S::N, set) == set)
                    && board_fixed(t)
            })
            .collect()
    }

    /// Wall squares.
    pub fn walls(&self) -> S::B {
        self.walls
    }

    /// Squares a disc may be put on: neither a disc nor a wall (bonus squares are free).
    #[inline(always)]
    pub fn free(&self, pos: &Position<S>) -> S::B {
        S::FULL & !(pos.me | pos.opp | self.walls)
    }

    /// True while the opening fills the centre (Reversi's).
    #[inline(always)]
    pub(crate) fn in_opening(&self, pos: &Position<S>) -> bool {
        self.in_opening_of(pos.me, pos.opp)
    }

    /// [`Board::in_opening`] for the mover's discs `p` and the opponent's `o`.
    #[inline(always)]
    pub(crate) fn in_opening_of(&self, p: S::B, o: S::B) -> bool {
        self.centre_first && (p | o) & S::CENTRE != S::CENTRE
    }

    /// [`Rules::moves`] for the mover's discs `p` and the opponent's `o`,
    /// as the search keeps them.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    pub(crate) fn moves_of(&self, p: S::B, o: S::B) -> S::B {
        if self.in_opening_of(p, o) {
            return S::CENTRE & !(p | o);
        }
        if self.jokers_matter(o) {
            self.moves_with::<true>(p, o)
        } else {
            self.moves_with::<false>(p, o)
        }
    }

    /// The discs a move on `sq` would flip (empty when it flips none).
    ///
    /// In each direction the run flips when the first square beyond it that
    /// is not an opponent disc holds the mover's disc, or when the whole ray
    /// up to the edge is opponent discs and a joker waits past it.
    #[inline]
    pub fn flips(&self, pos: &Position<S>, sq: u32) -> S::B {
        self.flips_of(pos.me, pos.opp, sq)
    }

    /// Puts a disc on `sq`, flipping `flips`; the caller knows it is legal.
    #[inline(always)]
    pub fn apply(&self, pos: &Position<S>, sq: u32, flips: S::B) -> Position<S> {
        let m = S::B::bit(sq);
        let mut taken = pos.taken;
        if pos.bonus.has(sq) {
            taken[pos.side.index()] += 1;
        }
        Position {
            me: pos.opp & !flips,
            opp: pos.me | flips | m,
            bonus: pos.bonus & !m,
            taken,
            side: pos.side.other(),
        }
    }

    fn raw_score(&self, pos: &Position<S>, c: Colour) -> i32 {
        pos.discs(c).count() as i32 + BONUS_POINTS * i32::from(pos.taken[c.index()])
    }

    /// Final margin for the side to move of a finished game (its score
    /// minus the opponent's, under the variant's scoring).
    pub fn final_margin(&self, pos: &Position<S>) -> i32 {
        let me = pos.me.count() as i32 + BONUS_POINTS * i32::from(pos.taken[pos.side.index()]);
        let opp =
            pos.opp.count() as i32 + BONUS_POINTS * i32::from(pos.taken[pos.side.other().index()]);
        self.final_margin_of(me - opp, || pos.occupied())
    }

    /// The final margin of a game that ended `diff` points up for the side
    /// to move, with the discs `occupied()` on the board: in Othello the
    /// empty squares go to the winner where the variant says so (half each
    /// in a draw, which leaves the margin at 0). The discs are only counted
    /// where they matter.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    pub(crate) fn final_margin_of(&self, diff: i32, occupied: impl FnOnce() -> S::B) -> i32 {
        if self.empties_to_winner {
            let empties = (S::N * S::N) as i32 - occupied().count() as i32;
            diff + diff.signum() * empties
        } else {
            diff
        }
    }
}

impl<S: Size> Rules<S> for Board<S> {
    /// Also, at the natural end of a variant that gives them (Othello's
    /// tournament rule, [`Rules::score`]), the empty squares left.
    fn awarded(&self, pos: &Position<S>, forfeit: bool) -> u32 {
        let counted = forfeit || (self.empties_to_winner && self.status(pos) == Status::GameOver);
        if counted {
            self.empty_squares(pos)
        } else {
            0
        }
    }

    fn refusal_of_empty(&self, pos: &Position<S>, sq: u32) -> Refusal {
        if self.walls.has(sq) {
            Refusal::Wall
        } else if self.in_opening(pos) {
            Refusal::NotCentre
        } else {
            Refusal::NoFlip
        }
    }

    fn variant(&self) -> Variant {
        Board::variant(self)
    }

    fn map(&self) -> &Map {
        Board::map(self)
    }

    fn start(&self) -> Position<S> {
        let n = S::N;
        let at = |x: u32, y: u32| S::B::bit(y * n + x);
        let [black, white] = self
            .variant
            .start_discs(n)
            .map(|discs| discs.into_iter().fold(S::B::ZERO, |b, (x, y)| b | at(x, y)));
        let mut bonus = S::B::ZERO;
        for (x, y, p) in self.map.pieces() {
            if p == Piece::Bonus {
                bonus |= at(x - 1, y - 1);
            }
        }
        Position {
            me: black,
            opp: white,
            bonus,
            taken: [0, 0],
            side: Colour::Black,
        }
    }

    #[inline]
    fn moves(&self, pos: &Position<S>) -> S::B {
        self.moves_of(pos.me, pos.opp)
    }

    #[inline]
    fn play(&self, pos: &Position<S>, sq: Square) -> Option<Position<S>> {
        let sq = sq.index();
        if sq >= S::N * S::N || !self.free(pos).has(sq) {
            return None;
        }
        if self.in_opening(pos) {
            return S::CENTRE.has(sq).then(|| self.apply(pos, sq, S::B::ZERO));
        }
        let flips = self.flips(pos, sq);
        (!flips.is_empty()).then(|| self.apply(pos, sq, flips))
    }

    #[cfg_attr(target_arch = "x86_64", inline(always))]
    #[cfg_attr(not(target_arch = "x86_64"), inline)]
    fn play_legal(&self, pos: &Position<S>, sq: u32) -> Position<S> {
        let flips = if self.in_opening(pos) {
            S::B::ZERO
        } else {
            self.flips(pos, sq)
        };
        self.apply(pos, sq, flips)
    }

    /// The higher score wins.
    fn winner(&self, pos: &Position<S>) -> Option<Colour> {
        let (black, white) = (
            self.score(pos, Colour::Black),
            self.score(pos, Colour::White),
        );
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => Some(Colour::Black),
            std::cmp::Ordering::Less => Some(Colour::White),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Discs plus bonus points; at the end of a game of a variant that
    /// gives them (Othello's tournament rule) the empty squares go to the
    /// winner, and a draw shares them (a drawn game is 32-32 on 8 x 8).
    fn score(&self, pos: &Position<S>, c: Colour) -> i32 {
        let mine = self.raw_score(pos, c);
        let theirs = self.raw_score(pos, c.other());
        if !self.empties_to_winner || mine < theirs || self.status(pos) != Status::GameOver {
            return mine;
        }
        let squares = (S::N * S::N) as i32;
        if mine > theirs {
            squares - theirs
        } else {
            squares / 2
        }
    }
}

mod kernels;
#[cfg(test)]
pub(crate) mod tests;
pub(crate) mod troll;
pub(crate) mod variant;

pub use troll::Troll;
