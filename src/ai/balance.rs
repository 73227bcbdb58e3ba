//! Map balance: the final margin black can expect with good play, from a
//! search of fixed size, and a generator of random maps that are close to
//! even.

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::AnyGame;
use crate::map::{Counts, Map, MapError};
use crate::position::Colour;
use crate::rules::Variant;

use super::budget::Budget;
use super::search::Options;

/// Nodes of the search behind a balance value: small enough for a dozen
/// maps in two seconds in the browser, large enough to see the corners.
pub const BALANCE_NODES: u64 = 40_000;

/// A map is called balanced when black's expected margin is within this.
pub const BALANCED: f64 = 2.0;

/// Maps tried before the generator settles for the most even one seen.
pub const MAX_TRIES: u32 = 40;

/// Expected final margin for black with good play from `game`'s current
/// position (negative when white is ahead), in points.
pub fn balance(game: &AnyGame) -> f64 {
    let options = Options {
        budget: Budget {
            nodes: Some(BALANCE_NODES),
            ..Budget::default()
        },
        endgame: 12,
        ..Options::default()
    };
    let found = super::best_move(game, &options, None, &mut |_| {});
    let black_to_move = game.setup().side == Colour::Black;
    if black_to_move {
        found.score
    } else {
        -found.score
    }
}

/// A random Mapello map of side `size` with exactly `counts` pieces whose
/// balance is within [`BALANCED`] (or the most even of [`MAX_TRIES`] maps),
/// with its balance.
pub fn balanced_random_map(seed: u64, size: u32, counts: Counts) -> Result<(Map, f64), MapError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut best: Option<(Map, f64)> = None;
    for _ in 0..MAX_TRIES {
        let map = Map::random(size, counts, &mut rng)?;
        let game = AnyGame::new(Variant::Mapello, map.clone())
            .expect("a random map is a legal Mapello map");
        let v = balance(&game);
        if best.as_ref().is_none_or(|(_, b)| v.abs() < b.abs()) {
            best = Some((map, v));
        }
        if v.abs() <= BALANCED {
            break;
        }
    }
    Ok(best.expect("at least one map was tried"))
}
