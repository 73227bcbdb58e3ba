//! `show [--position P] [MOVES…]`: the diagram after the moves, the side to
//! move, the legal moves and the score.

use std::io::Write;

use super::{Args, CliError, Command, PositionArgs};
use crate::diagram;
use crate::game::{AnyGame, Outcome};
use crate::rules::{Status, Variant};
use crate::transcript;

pub(super) const COMMAND: Command = Command {
    name: "show",
    usage: "[--position P] [--variant V] [--size N] [MOVES...]",
    run,
};

fn run(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let position = PositionArgs::take(args)?;
    let moves = args.rest().join(" ");
    args.finish()?;
    let mut game = position.game()?;
    let moves = transcript::read(&moves, game.size())
        .map_err(|e| CliError::Refused(format!("in the moves, {e}")))?;
    transcript::replay(&mut game, &moves)?;
    write!(out, "{}", state(&game))?;
    Ok(())
}

/// The diagram's board rows, then `to move: X` or `game over`, the legal
/// moves and the score (the side to move and the bonus points are in those
/// lines, so the diagram's own trailing lines are left out).
pub(super) fn state(game: &AnyGame) -> String {
    let snap = game.snapshot();
    let mut text = diagram::write_board(&game.setup());
    let (to_move, legal) = match snap.status {
        Status::ToMove => (snap.to_move, snap.legal),
        Status::MustPass => (snap.to_move, vec!["pass".to_string()]),
        Status::GameOver => (None, Vec::new()),
    };
    match to_move {
        Some(side) => text.push_str(&format!("to move: {}\n", side.letter())),
        None => text.push_str("game over\n"),
    }
    // Troll names the winner: it is not the one with more discs.
    if game.variant() == Variant::Troll && snap.status == Status::GameOver {
        let winner = match snap.winner {
            Some(Outcome::Won(c)) => c.letter().to_string(),
            _ => "none".to_string(),
        };
        text.push_str(&format!("winner: {winner}\n"));
    }
    let legal: String = legal.iter().map(|m| format!(" {m}")).collect();
    text.push_str(&format!(
        "legal:{legal}\nscore: X {} O {}\n",
        snap.score[0], snap.score[1]
    ));
    text
}
