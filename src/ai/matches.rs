//! Games between two players, for `mapello match` and the strength table.

use rand_core::Rng;

use crate::bits::{Bits, Squares};
use crate::game::AnyGame;
use crate::position::Colour;
use crate::rules::{Rules, Status};
use crate::square::{Move, Square};

use super::players::{Kind, Player};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Final scores of black and white (discs plus bonus points).
    pub scores: [i32; 2],
    /// Plies played, passes included.
    pub plies: u32,
    /// The winner (the higher score, or in Troll the side that connected),
    /// `None` for a draw.
    pub winner: Option<Colour>,
}

/// Plays `game`'s current position to the end, `black` against `white`,
/// each drawing its choices from `seed`; with `time_ms`, the levels think
/// that long a move instead of spending their node budgets.
pub fn play(game: &AnyGame, black: Kind, white: Kind, seed: u64, time_ms: Option<f64>) -> Outcome {
    crate::with_game!(game, g => {
        let board = g.rules();
        let mut pos = *g.position();
        let mut players = [
            Player::new(black, board, seed, time_ms),
            Player::new(white, board, seed ^ 0x9e37_79b9_7f4a_7c15, time_ms),
        ];
        let mut plies = 0;
        loop {
            match board.status(&pos) {
                Status::GameOver => break,
                Status::MustPass => pos = pos.passed(),
                Status::ToMove => {
                    let sq = players[pos.side.index()]
                        .choose(board, &pos)
                        .expect("a player to move has a move");
                    pos = Square::from_index(sq, game.size())
                        .and_then(|sq| board.play(&pos, sq))
                        .expect("players choose legal moves");
                }
            }
            plies += 1;
        }
        Outcome {
            scores: [board.score(&pos, Colour::Black), board.score(&pos, Colour::White)],
            plies,
            winner: board.winner(&pos),
        }
    })
}

/// `game` after `plies` random legal moves from its current position (a
/// pass where the side to move has none), fewer if it ends first.
pub fn opening<R: Rng + ?Sized>(game: &AnyGame, plies: u32, rng: &mut R) -> AnyGame {
    let mut game = game.clone();
    let n = game.size();
    for _ in 0..plies {
        let mv = crate::with_game!(&game, g => {
            let (board, pos) = (g.rules(), g.position());
            match board.status(pos) {
                Status::GameOver => None,
                Status::MustPass => Some(Move::Pass),
                Status::ToMove => {
                    let moves = board.moves(pos);
                    let k = rng.next_u32() % moves.count();
                    let sq = Squares(moves).nth(k as usize).expect("k < count");
                    Square::from_index(sq, n).map(Move::Play)
                }
            }
        });
        let Some(mv) = mv else { break };
        game.play(mv).expect("a legal move plays");
    }
    game
}
