//! Reversi: the board starts empty and the first four moves fill the four
//! centre squares (docs/rules.md, "Reversi").

use super::{Spec, Start, Variant};

impl Variant {
    /// The board starts empty; the first four moves fill the centre.
    #[allow(non_upper_case_globals)]
    pub const Reversi: Variant = Variant::of(&Spec {
        name: "reversi",
        maps: false,
        start: Start::EMPTY,
        centre_first: true,
        empties_to_winner: false,
        reversi_family: true,
    });
}
