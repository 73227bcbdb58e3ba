//! The exact solver of both phases.
//!
//! The flipping phase is impartial (both players have the same moves), so
//! every position has a Sprague-Grundy value: the mover wins exactly when it
//! is not 0. A flip turns the lower-right disc of its rectangle from black to
//! white and changes only squares before it in reading order, so read as a
//! number the black mask strictly falls: the game always ends, and the table
//! fills in one pass upwards over the 2^16 masks.
//!
//! Blocs is a coin-turning game (a move's legality depends on one disc, the
//! rest are just turned), so a position is the sum of its black discs taken
//! one at a time and its value is the XOR of their values (the tests check
//! every mask). The placement phase therefore needs only the empty squares
//! and the XOR of the values of the black discs already down: 2^16 x 16
//! states instead of 3^16, one bit each.

use std::sync::OnceLock;

use super::moves::{Move, Rect};
use super::position::{Phase, Position, FULL};
use super::square::Square;

/// Both phases solved: a Grundy value per black mask and the placement outcomes.
pub struct Solver {
    /// Grundy value of the flipping-phase position with these black discs.
    grundy: Vec<u8>,
    /// Indexed by the empty squares; bit `v` is set when the player to move
    /// wins with the black discs already placed worth `v` together.
    placement: Vec<u16>,
}

/// The solver's answer for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// A winning move when there is one, else the first legal move.
    pub best: Move,
    /// Whether the player to move wins with perfect play.
    pub win: bool,
}

/// The bitset `bits` with index `v` moved to `v ^ g` (an involution).
fn xor_indices(bits: u16, g: u8) -> u16 {
    let mut out = bits;
    for (k, keep) in [(1, 0x5555), (2, 0x3333), (4, 0x0f0f), (8, 0x00ff)] {
        if g & k != 0 {
            out = ((out & keep) << k) | ((out >> k) & keep);
        }
    }
    out
}

impl Solver {
    /// Builds both tables (a few milliseconds, 192 KB).
    pub fn new() -> Solver {
        let grundy = grundy_table();
        let placement = placement_table(&grundy);
        Solver { grundy, placement }
    }

    /// One solver for the whole program, built on first use.
    pub fn shared() -> &'static Solver {
        static SOLVER: OnceLock<Solver> = OnceLock::new();
        SOLVER.get_or_init(Solver::new)
    }

    /// The Grundy value of the flipping-phase position whose black discs are `black`.
    pub fn grundy(&self, black: u16) -> u8 {
        self.grundy[usize::from(black)]
    }

    /// Whether the player to move wins with perfect play (false once the game is over).
    pub fn wins(&self, pos: &Position) -> bool {
        match pos.phase() {
            Phase::Flipping => self.grundy(pos.black()) != 0,
            Phase::Placement => {
                let states = self.placement[usize::from(!pos.occupied())];
                states >> self.grundy(pos.black()) & 1 == 1
            }
        }
    }

    /// Every move that wins for the player to move (none in a lost position).
    pub fn winning_moves(&self, pos: &Position) -> Vec<Move> {
        pos.moves()
            .into_iter()
            .filter(|&m| !self.wins(&pos.play_unchecked(m)))
            .collect()
    }

    /// The outcome and a best move, or `None` once the game is over.
    pub fn solve(&self, pos: &Position) -> Option<Solution> {
        let moves = pos.moves();
        let first = *moves.first()?;
        Some(
            match moves
                .into_iter()
                .find(|&m| !self.wins(&pos.play_unchecked(m)))
            {
                Some(best) => Solution { best, win: true },
                None => Solution {
                    best: first,
                    win: false,
                },
            },
        )
    }

    /// Bytes held by the tables.
    pub fn memory_bytes(&self) -> usize {
        self.grundy.len() + 2 * self.placement.len()
    }
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

/// Grundy values by mex over the flips, each mask after all smaller ones.
fn grundy_table() -> Vec<u8> {
    let by_corner = Square::ALL.map(|sq| {
        Rect::ALL
            .iter()
            .filter(|r| r.lower_right() == sq)
            .map(|r| r.mask())
            .collect::<Vec<u16>>()
    });
    let mut g = vec![0u8; 1 << 16];
    for black in 1..=FULL {
        // At most 100 moves, so the mex is at most 100.
        let mut seen = 0u128;
        for (sq, masks) in Square::ALL.iter().zip(&by_corner) {
            if black & sq.bit() != 0 {
                for &mask in masks {
                    seen |= 1 << g[usize::from(black ^ mask)];
                }
            }
        }
        g[usize::from(black)] = (!seen).trailing_zeros() as u8;
    }
    g
}

/// Placement outcomes, each set of empty squares after all its subsets.
fn placement_table(grundy: &[u8]) -> Vec<u16> {
    let value = Square::ALL.map(|sq| grundy[usize::from(sq.bit())]);
    // Sums of values below 16 stay below 16, so 16 bits hold every state.
    assert!(value.iter().all(|&v| v < 16), "a disc worth 16 or more");
    let mut table = vec![0u16; 1 << 16];
    // Board full: the flipping phase starts, and its mover wins on a non-zero sum.
    table[0] = 0xfffe;
    for empty in 1..=FULL {
        let mut win = 0;
        for sq in Square::ALL {
            if empty & sq.bit() != 0 {
                let lose_after = !table[usize::from(empty ^ sq.bit())];
                win |= lose_after | xor_indices(lose_after, value[sq.index() as usize]);
            }
        }
        table[usize::from(empty)] = win;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_indices_moves_each_bit_to_its_xor() {
        for g in 0..16u8 {
            for v in 0..16u16 {
                assert_eq!(xor_indices(1 << v, g), 1 << (v ^ u16::from(g)), "{g} {v}");
            }
        }
    }
}
