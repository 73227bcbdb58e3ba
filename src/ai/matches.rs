//! Games between two players, for `mapello match` and the strength table.

use crate::game::AnyGame;
use crate::position::Colour;
use crate::rules::Status;

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
/// each drawing its choices from `seed`.
pub fn play(game: &AnyGame, black: Kind, white: Kind, seed: u64) -> Outcome {
    crate::with_game!(game, g => {
        let board = g.board();
        let mut pos = *g.position();
        let mut players = [
            Player::new(black, board, seed),
            Player::new(white, board, seed ^ 0x9e37_79b9_7f4a_7c15),
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
                    pos = board.play(&pos, sq).expect("players choose legal moves");
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
