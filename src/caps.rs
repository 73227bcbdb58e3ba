//! The caps that the command line and the JavaScript API share, so that no
//! request can run out of memory or run on without end unannounced.
//! README.md lists them with the reasons.

use crate::game::AnyGame;

/// Deepest perft. Each ply costs about ten times the one before: perft 12
/// from the Othello start takes a few seconds natively, so perft 20 from a
/// start would take years; the per-depth counts also stay a small vector.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// Most empty squares an exact solve takes unless the caller raises the
/// limit. Each empty square multiplies the work by three to four (26
/// empties take about a minute natively, 30 about an hour), so a solve
/// beyond this one would take years.
pub const SOLVE_EMPTIES: u32 = 36;

/// The limit a caller may raise [`SOLVE_EMPTIES`] to: every square of the
/// largest board.
pub const MAX_SOLVE_EMPTIES: u32 = 100;

/// Longest time budget of a search, in milliseconds: ten minutes.
pub const MAX_TIME_MS: f64 = 600_000.0;

/// Largest node budget of a search: about five minutes at the native
/// search's 3 M nodes per second (the search's tables have a fixed size,
/// so a budget costs time, never memory).
pub const MAX_NODES: u64 = 1_000_000_000;

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
