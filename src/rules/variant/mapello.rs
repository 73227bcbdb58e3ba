//! Mapello: Reversi's flips on a map of walls, bonuses and jokers; empty
//! squares count for nobody (docs/rules.md, "Mapello").

use super::{Spec, Start, Variant};

impl Variant {
    /// Walls, bonuses and jokers; empty squares count for nobody.
    #[allow(non_upper_case_globals)]
    pub const Mapello: Variant = Variant::of(&Spec {
        name: "mapello",
        maps: true,
        start: Start {
            black: &[(0, 0), (1, 1)],
            white: &[(1, 0), (0, 1)],
        },
        centre_first: false,
        empties_to_winner: false,
        reversi_family: true,
    });
}
