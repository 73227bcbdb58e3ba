//! The caps that the command line and the JavaScript API share, so that no
//! request can run out of memory or run on without end unannounced.
//! README.md lists them with the reasons.

use crate::game::{AnyGame, Outcome};
use crate::rules::Status;

/// Deepest perft. Each ply costs about ten times the one before: perft 12
/// from the Othello start takes a few seconds natively, so perft 20 from a
/// start would take years; the per-depth counts also stay a small vector.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// Deepest Blocs perft, from the start (the placement phase, the widest):
/// `mapello perft --variant blocs 6` (369 008 640 leaves) took 12.7 s
/// natively, depth 5 0.46 s (a release build on a shared 2-core machine).
pub const MAX_BLOCS_PERFT_DEPTH: u32 = 6;

/// Seconds a native Blocs perft to [`MAX_BLOCS_PERFT_DEPTH`] takes from
/// the start, and how many times longer each ply below it is: a placement
/// after the sixth has 20 choices (10 empty squares, 2 faces), a few
/// plies more still near that.
const BLOCS_PERFT_SECONDS: f64 = 12.0;
const BLOCS_PERFT_GROWTH: f64 = 20.0;

/// How long a native Blocs perft to `depth` from the start would take,
/// as a refusal says it: `about 3 minutes`.
pub fn blocs_perft_time(depth: u32) -> String {
    let plies = f64::from(depth) - f64::from(MAX_BLOCS_PERFT_DEPTH);
    duration(BLOCS_PERFT_SECONDS * BLOCS_PERFT_GROWTH.powf(plies))
}

/// Most empty squares an exact solve takes unless the caller raises the
/// limit: about a minute natively. Measured on Othello endgames (README.md,
/// "Caps"): 4 to 16 s at 22 to 24 empties, 60 s at 26; each empty square
/// more multiplies the time by three to four.
pub const SOLVE_EMPTIES: u32 = 26;

/// Seconds a native solve of [`SOLVE_EMPTIES`] empty squares takes, and
/// the factor each empty square more multiplies it by.
const SOLVE_SECONDS: f64 = 60.0;
const SOLVE_GROWTH: f64 = 3.5;

/// How long a native exact solve of `empties` empty squares would take,
/// as a refusal says it: `about 4 hours`.
pub fn solve_time(empties: u32) -> String {
    let more = f64::from(empties) - f64::from(SOLVE_EMPTIES);
    duration(SOLVE_SECONDS * SOLVE_GROWTH.powf(more))
}

/// `seconds` as a rounded duration in words: `about 40 seconds`, `about 3
/// hours`, `about 2000 years`, `over a million years`.
fn duration(seconds: f64) -> String {
    const UNITS: [(&str, f64); 5] = [
        ("seconds", 1.0),
        ("minutes", 60.0),
        ("hours", 3600.0),
        ("days", 86_400.0),
        ("years", 31_557_600.0),
    ];
    if seconds < 2.0 {
        return "a second or two".into();
    }
    if seconds / UNITS[4].1 >= 1e6 {
        return "over a million years".into();
    }
    // The largest unit that counts at least two, seconds below that.
    let (name, size) = UNITS
        .iter()
        .rev()
        .find(|(_, size)| seconds >= 2.0 * size)
        .unwrap_or(&UNITS[0]);
    format!("about {:.0} {name}", seconds / size)
}

/// The limit a caller may raise [`SOLVE_EMPTIES`] to: every square of the
/// largest board.
pub const MAX_SOLVE_EMPTIES: u32 = 100;

/// Longest time budget of a search, in milliseconds: ten minutes.
pub const MAX_TIME_MS: f64 = 600_000.0;

/// Largest node budget of a search: about five minutes at the native
/// search's 3 M nodes per second (the search's tables have a fixed size,
/// so a budget costs time, never memory).
pub const MAX_NODES: u64 = 1_000_000_000;

/// Why a game has no move to find, for the command line and the API
/// alike: `the game is over: X wins, score X 40 O 24` once it is over
/// (a finished game has no best move, not even a pass).
pub fn game_over(game: &AnyGame) -> Option<String> {
    let snap = game.snapshot();
    if snap.status != Status::GameOver {
        return None;
    }
    let result = match snap.winner {
        Some(Outcome::Won(c)) => format!("{} wins", c.letter()),
        _ => "a draw".to_string(),
    };
    Some(format!(
        "the game is over: {result}, score X {} O {}",
        snap.score[0], snap.score[1]
    ))
}

/// The empty squares of the game's current position (bonus squares count:
/// a disc may go there).
pub fn empties(game: &AnyGame) -> u32 {
    let setup = game.setup();
    let discs = setup.black.len() + setup.white.len();
    (setup.map.size() * setup.map.size())
        .saturating_sub(setup.map.counts().walls)
        .saturating_sub(discs as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_said_in_the_largest_unit_that_counts_two() {
        assert_eq!(duration(0.2), "a second or two");
        assert_eq!(duration(40.0), "about 40 seconds");
        assert_eq!(duration(200.0), "about 3 minutes");
        assert_eq!(duration(4.0 * 3600.0), "about 4 hours");
        assert_eq!(duration(1e10), "about 317 years");
        assert_eq!(duration(1e40), "over a million years");
    }

    #[test]
    fn the_estimates_grow_from_the_caps() {
        assert_eq!(solve_time(SOLVE_EMPTIES), "about 60 seconds");
        assert_eq!(solve_time(SOLVE_EMPTIES + 3), "about 43 minutes");
        assert_eq!(solve_time(MAX_SOLVE_EMPTIES), "over a million years");
        assert!(blocs_perft_time(MAX_BLOCS_PERFT_DEPTH + 1).starts_with("about "));
    }
    use crate::map::Map;
    use crate::rules::Variant;

    #[test]
    fn the_starts_have_every_square_but_the_centre_empty() {
        for n in [6, 8, 10] {
            let game = AnyGame::new(Variant::Othello, Map::empty(n).unwrap()).unwrap();
            assert_eq!(empties(&game), n * n - 4);
        }
    }

    #[test]
    fn walls_are_not_empty_squares_and_bonuses_are() {
        let code = "18EwAAAAMAABIAABJRhCAAQAA";
        let map = crate::sharecode::decode(code).unwrap();
        let counts = map.counts();
        assert!(counts.walls > 0 && counts.bonuses > 0);
        let game = AnyGame::new(Variant::Mapello, map).unwrap();
        assert_eq!(empties(&game), 60 - counts.walls);
    }
}
