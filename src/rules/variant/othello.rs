//! Othello: the classic start and tournament scoring, where the empty
//! squares of a finished game go to the winner (docs/rules.md, "Othello").

use super::{Spec, Start, Variant};

impl Variant {
    /// Classic start and tournament scoring (empties go to the winner).
    #[allow(non_upper_case_globals)]
    pub const Othello: Variant = Variant::of(&Spec {
        name: "othello",
        maps: false,
        start: Start {
            black: &[(1, 0), (0, 1)],
            white: &[(0, 0), (1, 1)],
        },
        centre_first: false,
        empties_to_winner: true,
        reversi_family: true,
    });
}
