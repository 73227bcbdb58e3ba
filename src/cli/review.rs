//! `review --position P [--level L] MOVES…`: each move of a game beside the
//! best move of its position, and the points it lost, or for Troll the
//! chain steps (see [`crate::ai::review`] for the levels, the units and
//! the classes).

use std::io::Write;

use super::ai::signed;
use super::{Args, CliError, Command, PositionArgs};
use crate::ai::review::{self, MoveReview, Options, DEFAULT_LEVEL, MAX_LEVEL};
use crate::transcript;

pub(super) const COMMAND: Command = Command {
    name: "review",
    usage: "[--position P] [--level L] MOVES...",
    run,
};

fn run(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let position = PositionArgs::take(args)?;
    let level = args
        .number("level", 1..=MAX_LEVEL)?
        .unwrap_or(DEFAULT_LEVEL);
    let moves = args.rest().join(" ");
    args.finish()?;
    let start = position.game()?;
    let n = start.size();
    let moves =
        transcript::read(&moves, n).map_err(|e| CliError::Refused(format!("in the moves, {e}")))?;
    if moves.is_empty() {
        return Err(CliError::Refused(
            "no moves to review: give the game's moves after the options".into(),
        ));
    }
    let options = Options::level(level).expect("the level is in range");
    let mut written = Ok(());
    review::review_game(&start, &moves, &options, None, &mut |i, _, r| {
        if written.is_ok() {
            written = writeln!(out, "{}", line(i + 1, r, n)).and_then(|()| out.flush());
        }
    })?
    .ok_or_else(|| CliError::Refused("the review was stopped".into()))?;
    Ok(written?)
}

/// `<i> <X|O> <move> <value> best <move> <value> loss <l> <class|-> <exact E|depth D>`;
/// a proven Troll value reads `won` or `lost`, and the loss of a move that
/// changed a proven result `result`.
fn line(number: usize, r: &MoveReview, n: u32) -> String {
    let value = |v: i32| {
        r.unit
            .result(v)
            .map_or_else(|| signed(v), |p| p.name().to_string())
    };
    let loss = if r.changed_result() {
        "result".to_string()
    } else {
        r.loss().to_string()
    };
    format!(
        "{number} {} {} {} best {} {} loss {loss} {} {} {}",
        r.mover.letter(),
        r.played.name(n),
        value(r.played_value),
        r.best.name(n),
        value(r.best_value),
        r.class().map_or("-", |c| c.name()),
        if r.exact { "exact" } else { "depth" },
        r.depth
    )
}
