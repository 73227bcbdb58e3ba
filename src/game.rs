//! A game with its history (undo and redo), for any size, and the plain
//! snapshot of it that the command line and the browser show.

use serde::{Serialize, Serializer};

use crate::bits::{Bits, Size, Squares, S10, S6, S8};
use crate::forfeit::{Cause, Forfeit};
use crate::map::{Map, Piece};
use crate::perft::Perft;
use crate::position::{Colour, Position};
use crate::rules::troll::Troll;
use crate::rules::MoveError;
use crate::rules::{Board, Rules, Status, Variant};
use crate::setup::{Setup, SetupError};
use crate::square::{Move, Square};

/// A game of the rules `R` on a board of one size: the start, the moves,
/// the moves undone, and a forfeit once a side has given the game up.
#[derive(Clone, Debug)]
pub struct Game<S: Size, R: Rules<S>> {
    rules: R,
    positions: Vec<Position<S>>,
    moves: Vec<Move>,
    undone: Vec<Move>,
    forfeit: Option<Forfeit>,
}

impl<S: Size, R: Rules<S>> Game<S, R> {
    /// A game of `rules` from `setup`, which [`Setup::check`] has passed.
    fn from_checked(rules: R, setup: &Setup) -> Game<S, R> {
        let bits = |squares: &[Square]| {
            squares
                .iter()
                .fold(S::B::ZERO, |b, sq| b | S::B::bit(sq.index()))
        };
        let (black, white) = (bits(&setup.black), bits(&setup.white));
        let mut bonus = S::B::ZERO;
        for (x, y, p) in setup.map.pieces() {
            if p == Piece::Bonus {
                bonus |= S::B::bit((y - 1) * S::N + (x - 1));
            }
        }
        let (me, opp) = match setup.side {
            Colour::Black => (black, white),
            Colour::White => (white, black),
        };
        let start = Position {
            me,
            opp,
            bonus,
            taken: setup.taken,
            side: setup.side,
        };
        Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
            undone: Vec::new(),
            forfeit: None,
        }
    }

    /// The rules (variant, map).
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position<S> {
        self.positions.last().expect("a game always has its start")
    }

    /// The position before the first move.
    pub fn start(&self) -> &Position<S> {
        &self.positions[0]
    }

    /// Plays a move, refusing an illegal one; clears the redo list.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.push(mv)?;
        self.undone.clear();
        Ok(())
    }

    fn push(&mut self, mv: Move) -> Result<(), MoveError> {
        let pos = *self.position();
        let n = S::N;
        let next = match (self.status(), mv) {
            (Status::GameOver, _) => return Err(MoveError::GameOver),
            (Status::MustPass, Move::Pass) => pos.passed(),
            (Status::ToMove, Move::Pass) => return Err(MoveError::PassWithMoves),
            (_, Move::Play(sq)) => self.rules.play(&pos, sq).ok_or(MoveError::Illegal {
                square: sq,
                size: n,
            })?,
        };
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Where the game stands: over once forfeited, whatever the board.
    pub fn status(&self) -> Status {
        match self.forfeit {
            Some(_) => Status::GameOver,
            None => self.rules.status(self.position()),
        }
    }

    /// Ends the game under way: `loser` resigned or ran out of time.
    pub fn forfeit(&mut self, loser: Colour, cause: Cause) -> Result<(), MoveError> {
        if self.status() == Status::GameOver {
            return Err(MoveError::GameOver);
        }
        self.forfeit = Some(Forfeit { loser, cause });
        self.undone.clear();
        Ok(())
    }

    /// Takes back the last move; false when there is none, or when the
    /// game was given up: a forfeit is final.
    pub fn undo(&mut self) -> bool {
        if self.forfeit.is_some() {
            return false;
        }
        match self.moves.pop() {
            Some(mv) => {
                self.positions.pop();
                self.undone.push(mv);
                true
            }
            None => false,
        }
    }

    /// Plays again the last move taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        match self.undone.pop() {
            Some(mv) => self.push(mv).is_ok(),
            None => false,
        }
    }

    /// Discs flipped by the last move.
    fn last_flips(&self) -> S::B {
        match (self.moves.last(), self.positions.len()) {
            (Some(Move::Play(_)), len) if len >= 2 => {
                let (before, after) = (&self.positions[len - 2], &self.positions[len - 1]);
                before.opp & after.opp
            }
            _ => S::B::ZERO,
        }
    }

    /// The position as a setup (for the text formats).
    pub fn setup_at(&self, pos: &Position<S>) -> Setup {
        let n = S::N;
        let squares = |b: S::B| {
            Squares(b)
                .filter_map(|i| Square::from_index(i, n))
                .collect()
        };
        let mut map = self.rules.map().clone();
        for (x, y, p) in self.rules.map().pieces() {
            let taken = p == Piece::Bonus && !pos.bonus.has((y - 1) * n + (x - 1));
            if taken {
                // Not expect(): the error's Debug would stay in the page's wasm.
                map.set(x, y, None, &crate::map::Limits::UNLIMITED)
                    .unwrap_or_else(|_| unreachable!("clearing a cell is always allowed"));
            }
        }
        Setup {
            variant: self.rules.variant(),
            map,
            black: squares(pos.discs(Colour::Black)),
            white: squares(pos.discs(Colour::White)),
            side: pos.side,
            taken: pos.taken,
        }
    }

    fn snapshot(&self) -> Snapshot {
        let n = S::N;
        let pos = self.position();
        let board = &self.rules;
        let side = n + 2;
        let mut cells = String::with_capacity((side * side) as usize);
        for y in 0..side {
            for x in 0..side {
                let inner = board.map().inner_square(x, y).map(|s| s.index());
                let c = match (inner, board.map().get(x, y)) {
                    (None, Some(Piece::Joker)) => '*',
                    (None, _) => '.',
                    (Some(i), piece) => {
                        if pos.discs(Colour::Black).has(i) {
                            'X'
                        } else if pos.discs(Colour::White).has(i) {
                            'O'
                        } else if piece == Some(Piece::Wall) {
                            '#'
                        } else if pos.bonus.has(i) {
                            '+'
                        } else {
                            '.'
                        }
                    }
                };
                cells.push(c);
            }
        }
        let status = self.status();
        let names = |b: S::B| -> Vec<String> {
            Squares(b)
                .filter_map(|i| Square::from_index(i, n))
                .map(|s| s.name(n).to_string())
                .collect()
        };
        let score = match self.forfeit {
            Some(f) => board.forfeit_score(pos, f.loser),
            None => [
                board.score(pos, Colour::Black),
                board.score(pos, Colour::White),
            ],
        };
        let over = status == Status::GameOver;
        let winner = match self.forfeit {
            Some(f) => Some(Outcome::Won(f.loser.other())),
            None => over.then(|| board.winner(pos).map_or(Outcome::Draw, Outcome::Won)),
        };
        let chain = if over && self.forfeit.is_none() {
            board.chain(pos)
        } else {
            S::B::ZERO
        };
        Snapshot {
            variant: board.variant(),
            size: n,
            ring: board.variant().has_ring(),
            cells,
            to_move: (status != Status::GameOver).then_some(pos.side),
            status,
            legal: match self.forfeit {
                Some(_) => Vec::new(),
                None => names(board.moves(pos)),
            },
            score,
            taken: [u32::from(pos.taken[0]), u32::from(pos.taken[1])],
            moves: self.moves.iter().map(|m| m.name(n)).collect(),
            last_move: self.moves.last().map(|m| m.name(n)),
            flipped: names(self.last_flips()),
            can_undo: !self.moves.is_empty() && self.forfeit.is_none(),
            can_redo: !self.undone.is_empty(),
            winner,
            chain: names(chain),
            forfeit: self.forfeit,
            awarded: if over {
                board.awarded(pos, self.forfeit.is_some())
            } else {
                0
            },
        }
    }
}

/// Everything a front end draws, as plain data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    /// The variant.
    pub variant: Variant,
    /// Inner side.
    pub size: u32,
    /// True when the ring is part of the game (Mapello).
    pub ring: bool,
    /// `(size + 2)^2` diagram characters over the outer grid, row by row.
    pub cells: String,
    /// The side to move, or `None` at the end (`X` or `O` when serialised).
    #[serde(serialize_with = "letter")]
    pub to_move: Option<Colour>,
    /// To move, must pass, or game over.
    pub status: Status,
    /// Legal moves of the side to move, row by row.
    pub legal: Vec<String>,
    /// Scores of black and white (discs plus bonus points).
    pub score: [i32; 2],
    /// Bonuses taken by black and white.
    pub taken: [u32; 2],
    /// The moves so far, in notation.
    pub moves: Vec<String>,
    /// The last move, if any.
    pub last_move: Option<String>,
    /// Discs the last move flipped.
    pub flipped: Vec<String>,
    /// A move can be taken back.
    pub can_undo: bool,
    /// A move taken back can be played again.
    pub can_redo: bool,
    /// How the game ended, once it is over.
    pub winner: Option<Outcome>,
    /// Troll: the discs of the winning chain, once a side has connected.
    pub chain: Vec<String>,
    /// Who gave the game up and why, when a side resigned or lost on time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Forfeit>,
    /// Empty squares the final score counts for the winner (a draw shares
    /// them): Othello's rule at the end, or a game given up; 0 otherwise.
    pub awarded: u32,
}

/// How a finished game ended; serialised as `X`, `O` or `draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// That colour won: the higher score, or in Troll a connection.
    Won(Colour),
    /// The scores are equal (in Troll: nobody connected).
    Draw,
}

impl Serialize for Outcome {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        match self {
            Outcome::Won(colour) => serializer.serialize_char(colour.letter()),
            Outcome::Draw => serializer.serialize_str("draw"),
        }
    }
}

/// Serialises a side to move as its diagram letter, as the page reads it.
fn letter<Z: Serializer>(side: &Option<Colour>, serializer: Z) -> Result<Z::Ok, Z::Error> {
    side.map(Colour::letter).serialize(serializer)
}

/// A game of any game and size, for callers that choose at run time: the
/// one place where a game's type is chosen ([`AnyGame::from_setup`]).
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// The Reversi family on 6 x 6.
    S6(Game<S6, Board<S6>>),
    /// The Reversi family on 8 x 8.
    S8(Game<S8, Board<S8>>),
    /// The Reversi family on 10 x 10.
    S10(Game<S10, Board<S10>>),
    /// Troll (8 x 8 only).
    Troll(Game<S8, Troll<S8>>),
}

/// Runs `$body` with `$g` bound to the game inside `$any`, whatever its
/// game: `$body` works over [`Rules`].
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::game::AnyGame::S6($g) => $body,
            $crate::game::AnyGame::S8($g) => $body,
            $crate::game::AnyGame::S10($g) => $body,
            $crate::game::AnyGame::Troll($g) => $body,
        }
    };
}

/// Runs `$reversi` with `$g` bound to a Reversi-family game inside `$any`
/// (its rules a [`Board`]), or `$troll` with `$t` bound to a Troll game.
#[macro_export]
macro_rules! by_game {
    ($any:expr, $g:ident => $reversi:expr, $t:ident => $troll:expr) => {
        match $any {
            $crate::game::AnyGame::S6($g) => $reversi,
            $crate::game::AnyGame::S8($g) => $reversi,
            $crate::game::AnyGame::S10($g) => $reversi,
            $crate::game::AnyGame::Troll($t) => $troll,
        }
    };
}

impl AnyGame {
    /// A game from a setup: its game's type, of the setup's size.
    pub fn from_setup(setup: &Setup) -> Result<AnyGame, SetupError> {
        setup.check()?;
        let map = &setup.map;
        Ok(match (setup.variant, map.size()) {
            (Variant::Troll, _) => AnyGame::Troll(Game::from_checked(Troll::new(map)?, setup)),
            (v, 6) => AnyGame::S6(Game::from_checked(Board::new(v, map)?, setup)),
            (v, 8) => AnyGame::S8(Game::from_checked(Board::new(v, map)?, setup)),
            (v, _) => AnyGame::S10(Game::from_checked(Board::new(v, map)?, setup)),
        })
    }

    /// A game from a position set up by a player: as
    /// [`from_setup`](AnyGame::from_setup), and refused when it is over
    /// before it starts or its side to move must pass (a sentence saying
    /// what to change).
    pub fn set_up(setup: &Setup) -> Result<AnyGame, SetupError> {
        let game = AnyGame::from_setup(setup)?;
        let name = |c: Colour| match c {
            Colour::Black => "black",
            Colour::White => "white",
        };
        match game.status() {
            Status::ToMove => Ok(game),
            Status::MustPass => Err(SetupError::MustPass(
                name(setup.side),
                name(setup.side.other()),
            )),
            Status::GameOver => Err(match (setup.black.is_empty(), setup.white.is_empty()) {
                (true, _) => SetupError::NoDisc("black"),
                (_, true) => SetupError::NoDisc("white"),
                _ => SetupError::Over,
            }),
        }
    }

    /// The start of `variant` on `map`.
    pub fn new(variant: Variant, map: Map) -> Result<AnyGame, SetupError> {
        AnyGame::from_setup(&Setup::start(variant, map))
    }

    /// Inner side.
    pub fn size(&self) -> u32 {
        with_game!(self, g => g.rules().map().size())
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        with_game!(self, g => g.rules().variant())
    }

    /// The map.
    pub fn map(&self) -> &Map {
        with_game!(self, g => g.rules().map())
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        with_game!(self, g => g.status())
    }

    /// Ends the game under way by forfeit: `loser` resigned or ran out of
    /// time; refused once the game is over.
    pub fn forfeit(&mut self, loser: Colour, cause: Cause) -> Result<(), MoveError> {
        with_game!(self, g => g.forfeit(loser, cause))
    }

    /// Reads a move (`f5`, `pass`, `pa`, `--`, `ps`) for this board.
    pub fn parse_move(&self, text: &str) -> Result<Move, crate::errors::ParseError> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.as_str() {
            "pass" | "pa" | "--" | "ps" => Ok(Move::Pass),
            _ => Square::parse(&lower, self.size()).map(Move::Play),
        }
    }

    /// Plays a move.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        with_game!(self, g => g.play(mv))
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> bool {
        with_game!(self, g => g.undo())
    }

    /// Plays again the last move taken back.
    pub fn redo(&mut self) -> bool {
        with_game!(self, g => g.redo())
    }

    /// The moves played so far.
    pub fn moves(&self) -> Vec<Move> {
        with_game!(self, g => g.moves.clone())
    }

    /// Everything a front end draws.
    pub fn snapshot(&self) -> Snapshot {
        with_game!(self, g => g.snapshot())
    }

    /// The current position as a setup.
    pub fn setup(&self) -> Setup {
        with_game!(self, g => g.setup_at(g.position()))
    }

    /// The starting position as a setup.
    pub fn start_setup(&self) -> Setup {
        with_game!(self, g => g.setup_at(g.start()))
    }

    /// Leaves of the game tree `depth` plies below the current position.
    pub fn perft(&self, depth: u32) -> u64 {
        with_game!(self, g => g.rules().perft(g.position(), depth))
    }

    /// Perft at every depth `1..=depth` (element `d - 1` is perft `d`), in one walk.
    pub fn perft_all(&self, depth: u32) -> Vec<u64> {
        with_game!(self, g => g.rules().perft_all(g.position(), depth))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> AnyGame {
        AnyGame::new(Variant::Mapello, Map::empty(8).unwrap()).unwrap()
    }

    #[test]
    fn undo_and_redo_walk_the_history() {
        let mut g = game();
        let start = g.snapshot();
        g.play(g.parse_move("e3").unwrap()).unwrap();
        let after = g.snapshot();
        assert_eq!(after.flipped, ["e4"]);
        assert_eq!(after.last_move.as_deref(), Some("e3"));
        assert!(g.undo());
        assert_eq!(g.snapshot().cells, start.cells);
        assert!(g.snapshot().can_redo);
        assert!(g.redo());
        assert_eq!(g.snapshot(), after);
        assert!(!g.redo());
        assert!(g.undo() && !g.undo());
    }

    #[test]
    fn illegal_moves_and_passes_are_refused_and_change_nothing() {
        let mut g = game();
        let before = g.snapshot();
        let illegal = g.play(g.parse_move("a1").unwrap()).unwrap_err();
        assert_eq!(illegal.to_string(), "a1 is not a legal move");
        let MoveError::Illegal { square, size } = illegal else {
            panic!("{illegal:?}")
        };
        assert_eq!((square.index(), size), (0, 8));
        assert_eq!(g.play(Move::Pass).unwrap_err(), MoveError::PassWithMoves);
        assert_eq!(g.snapshot(), before);
        assert!(g.parse_move("z9").is_err());
    }

    fn othello() -> AnyGame {
        AnyGame::new(Variant::Othello, Map::empty(8).unwrap()).unwrap()
    }

    #[test]
    fn a_resigned_game_gives_the_winner_every_empty_square() {
        let mut g = othello();
        g.play(g.parse_move("f5").unwrap()).unwrap();
        // Black 4, White 1, 59 empty: White resigns.
        g.forfeit(Colour::White, Cause::Resigned).unwrap();
        let s = g.snapshot();
        assert_eq!(s.status, Status::GameOver);
        assert_eq!(s.score, [63, 1]);
        assert_eq!(s.winner, Some(Outcome::Won(Colour::Black)));
        assert_eq!(s.to_move, None);
        assert!(s.legal.is_empty());
        assert_eq!(
            s.forfeit,
            Some(Forfeit {
                loser: Colour::White,
                cause: Cause::Resigned
            })
        );
    }

    #[test]
    fn a_result_says_how_many_empty_squares_it_counts_for_the_winner() {
        // A wipe-out in 9 moves: 13 discs, 51 squares left empty.
        let mut g = othello();
        for name in ["d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3"] {
            g.play(g.parse_move(name).unwrap()).unwrap();
            assert_eq!(g.snapshot().awarded, 0, "before the end");
        }
        g.play(g.parse_move("f4").unwrap()).unwrap();
        let s = g.snapshot();
        assert_eq!(
            (s.status, s.score, s.awarded),
            (Status::GameOver, [64, 0], 51)
        );
        // Reversi scores the discs alone, but a game given up counts the
        // empty squares: all 64 of its start.
        let mut r = AnyGame::new(Variant::Reversi, Map::empty(8).unwrap()).unwrap();
        r.forfeit(Colour::White, Cause::Resigned).unwrap();
        assert_eq!(r.snapshot().awarded, 64);
        // On a map, walls are no squares to count.
        let map = crate::sharecode::decode(crate::presets::default_for(8).unwrap().code).unwrap();
        let walls = map.pieces().filter(|&(_, _, p)| p == Piece::Wall).count() as u32;
        let mut m = AnyGame::new(Variant::Mapello, map).unwrap();
        m.forfeit(Colour::Black, Cause::Time).unwrap();
        assert_eq!(m.snapshot().awarded, 60 - walls);
        let mut t = AnyGame::new(Variant::Troll, Map::empty(8).unwrap()).unwrap();
        t.forfeit(Colour::Black, Cause::Resigned).unwrap();
        assert_eq!(t.snapshot().awarded, 0, "a connection decides Troll");
    }

    #[test]
    fn a_forfeit_is_a_loss_even_for_the_side_ahead_on_discs() {
        let mut g = othello();
        g.play(g.parse_move("f5").unwrap()).unwrap();
        // Black leads 4-1 and loses on time: White takes the 59 empties.
        g.forfeit(Colour::Black, Cause::Time).unwrap();
        assert_eq!(g.snapshot().score, [4, 60]);
        let mut full = game();
        full.forfeit(Colour::White, Cause::Resigned).unwrap();
        assert_eq!(full.snapshot().score, [62, 2]);
    }

    #[test]
    fn walls_are_no_empty_squares_for_the_winner() {
        let map = crate::sharecode::decode(crate::presets::default_for(8).unwrap().code).unwrap();
        let walls = map.pieces().filter(|&(_, _, p)| p == Piece::Wall).count() as i32;
        let mut g = AnyGame::new(Variant::Mapello, map).unwrap();
        g.forfeit(Colour::Black, Cause::Resigned).unwrap();
        assert_eq!(g.snapshot().score, [2, 2 + 60 - walls]);
    }

    #[test]
    fn a_forfeit_is_final_and_ends_the_game() {
        let mut g = game();
        g.play(g.parse_move("e3").unwrap()).unwrap();
        g.undo();
        g.forfeit(Colour::Black, Cause::Time).unwrap();
        assert!(!g.undo());
        assert!(!g.redo());
        assert!(!g.snapshot().can_undo);
        assert_eq!(g.play(Move::Pass).unwrap_err(), MoveError::GameOver);
        assert_eq!(
            g.forfeit(Colour::White, Cause::Resigned).unwrap_err(),
            MoveError::GameOver
        );
        assert_eq!(g.status(), Status::GameOver);
    }

    #[test]
    fn snapshot_draws_the_ring_and_the_start_discs() {
        let s = game().snapshot();
        assert_eq!(s.cells.len(), 100);
        assert_eq!(&s.cells[44..46], "XO");
        assert_eq!(&s.cells[54..56], "OX");
        assert_eq!(s.to_move, Some(Colour::Black));
        assert_eq!(s.score, [2, 2]);
        assert_eq!(s.legal, ["e3", "f4", "c5", "d6"]);
    }
}
