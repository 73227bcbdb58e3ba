//! `perft D [--position P]`: one line `d N` per depth.

use std::io::Write;

use super::{Args, CliError, Command, PositionArgs};
use crate::caps::MAX_PERFT_DEPTH;

pub(super) const COMMAND: Command = Command {
    name: "perft",
    usage: "D [--position P] [--variant V] [--size N]",
    run,
};

fn run(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let position = PositionArgs::take(args)?;
    let depth = args
        .required_number("depth D", 0..=MAX_PERFT_DEPTH)
        .map_err(|e| CliError::Refused(format!("{e} (a deeper perft cannot finish)")))?;
    args.finish()?;
    let game = position.game()?;
    for (d, leaves) in game.perft_all(depth).iter().enumerate() {
        writeln!(out, "{} {leaves}", d + 1)?;
    }
    Ok(())
}
