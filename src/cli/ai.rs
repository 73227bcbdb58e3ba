//! The AI commands: `solve`, `bestmove`, `match` and `balance`.

use std::io::Write;

use super::{Args, CliError, Command, PositionArgs};
use crate::ai;

pub const SOLVE: Command = Command {
    name: "solve",
    usage: "--position P",
    run: solve,
};

/// A score as the command line prints it: `+38`, `0`, `-12`.
pub fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

fn solve(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let position = PositionArgs::take(args)?;
    args.finish()?;
    let game = position.game()?;
    let solved = ai::solve(&game, None).ok_or_else(|| CliError("the search was stopped".into()))?;
    writeln!(
        out,
        "best: {} score: {}",
        solved.best.name(game.size()),
        signed(solved.score)
    )?;
    Ok(())
}
