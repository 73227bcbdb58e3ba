//! The position as the search sees it: discs and untaken bonuses only.
//!
//! Search values are margins still to come: the final margin for the side
//! to move minus what the bonuses already taken give it. Two paths to the
//! same discs then share one value, whoever took which bonus on the way.

use crate::bits::{Bits, Size};
use crate::position::Position;
use crate::rules::BONUS_POINTS;

/// Discs of the side to move and of the other side, and untaken bonuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pos<S: Size> {
    /// Discs of the side to move.
    pub me: S::B,
    /// Discs of the other side.
    pub opp: S::B,
    /// Bonus squares still free.
    pub bonus: S::B,
}

impl<S: Size> Pos<S> {
    /// The search position of a game position.
    pub fn of(p: &Position<S>) -> Pos<S> {
        Pos {
            me: p.me,
            opp: p.opp,
            bonus: p.bonus,
        }
    }

    /// What the bonuses already taken add to the side to move's margin.
    pub fn taken_margin(p: &Position<S>) -> i32 {
        let mine = i32::from(p.taken[p.side.index()]);
        let theirs = i32::from(p.taken[p.side.other().index()]);
        BONUS_POINTS * (mine - theirs)
    }

    /// The widest final margin `p` can still end in, in points: every
    /// playable square (`playable`, the squares that are not walls) one
    /// side's, and every bonus point, taken or still free. A search's
    /// estimate past it (the evaluation's, in a one-sided position) is
    /// reported as this bound: no game ends beyond it.
    pub fn most_margin(p: &Position<S>, playable: S::B) -> i32 {
        let bonuses = p.bonus.count() + u32::from(p.taken[0]) + u32::from(p.taken[1]);
        (playable.count() + BONUS_POINTS as u32 * bonuses) as i32
    }

    /// Points the side to move gets at once for playing `sq`.
    #[inline(always)]
    pub fn gain(&self, sq: u32) -> i32 {
        if self.bonus.has(sq) {
            BONUS_POINTS
        } else {
            0
        }
    }

    /// The position after putting a disc on `sq` and flipping `flips`.
    #[inline(always)]
    pub fn play(&self, sq: u32, flips: S::B) -> Pos<S> {
        let m = S::B::bit(sq);
        Pos {
            me: self.opp & !flips,
            opp: self.me | flips | m,
            bonus: self.bonus & !m,
        }
    }

    /// The same discs with the other side to move.
    #[inline(always)]
    pub fn passed(&self) -> Pos<S> {
        Pos {
            me: self.opp,
            opp: self.me,
            bonus: self.bonus,
        }
    }

    /// A 64-bit key for the transposition table.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        let h = hash(self.me, 0x243f_6a88_85a3_08d3);
        let h = hash(self.opp, h);
        if self.bonus.is_empty() {
            h
        } else {
            hash(self.bonus, h ^ 0x1319_8a2e_0370_7344)
        }
    }
}

/// A 64-bit hash of a set (a multiply-xorshift mix of its halves).
#[inline(always)]
fn hash<B: Bits>(b: B, seed: u64) -> u64 {
    let v = b.to_u128();
    let mut h = (v as u64) ^ seed;
    h = (h ^ (h >> 32)).wrapping_mul(0xd6e8_feb8_6659_fd93);
    h ^= ((v >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    h = (h ^ (h >> 32)).wrapping_mul(0xd6e8_feb8_6659_fd93);
    h ^ (h >> 32)
}
