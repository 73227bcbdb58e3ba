//! Maps: walls and bonus discs on the inner board, jokers on the ring.
//!
//! Cells are addressed on the outer grid of side `n + 2`: `(0, 0)` is the
//! top-left ring corner and the inner square `a1` is `(1, 1)`.

use rand_core::Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::square::Square;

/// The board sizes every variant supports.
pub const SIZES: [u32; 3] = [6, 8, 10];

/// A piece placed during set-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Piece {
    /// An obstacle on an inner square.
    Wall,
    /// A bonus disc on an inner square: +3 points to whoever plays on it.
    Bonus,
    /// A joker on the ring: counts as the mover's colour when flanking.
    Joker,
}

impl Piece {
    /// All pieces, in palette order.
    pub const ALL: [Piece; 3] = [Piece::Wall, Piece::Bonus, Piece::Joker];

    fn plural(self) -> &'static str {
        match self {
            Piece::Wall => "walls",
            Piece::Bonus => "bonuses",
            Piece::Joker => "jokers",
        }
    }
}

/// How many pieces of each kind a map may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// Most walls allowed.
    pub walls: u32,
    /// Most bonus discs allowed.
    pub bonuses: u32,
    /// Most jokers allowed.
    pub jokers: u32,
}

impl Default for Limits {
    /// The components of the physical game: 8 of each.
    fn default() -> Limits {
        Limits {
            walls: 8,
            bonuses: 8,
            jokers: 8,
        }
    }
}

impl Limits {
    /// No limit beyond the board's own room.
    pub const UNLIMITED: Limits = Limits {
        walls: u32::MAX,
        bonuses: u32::MAX,
        jokers: u32::MAX,
    };

    /// The limit for one kind of piece.
    pub fn of(&self, piece: Piece) -> u32 {
        match piece {
            Piece::Wall => self.walls,
            Piece::Bonus => self.bonuses,
            Piece::Joker => self.jokers,
        }
    }
}

/// Why a map or a placement is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MapError {
    /// Only 6, 8 and 10 exist.
    #[error("unsupported board size {0} (6, 8 or 10)")]
    UnsupportedSize(u32),
    /// Outside the outer grid.
    #[error("({0}, {1}) is outside the board")]
    OffBoard(u32, u32),
    /// The four centre squares hold the starting discs.
    #[error("{0} is a centre square: it holds a starting disc")]
    CentreSquare(String),
    /// Jokers live on the ring only.
    #[error("a joker must go on the ring, not on {0}")]
    JokerInside(String),
    /// Walls and bonuses live on the inner board only.
    #[error("a {0} must go on the inner board, not on the {1}")]
    OnRing(&'static str, String),
    /// A kind of piece over its limit.
    #[error("too many {0}: at most {1}")]
    TooMany(&'static str, u32),
}

/// A validated map of some size: every piece stands where the rules allow.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Map {
    n: u32,
    cells: Vec<Option<Piece>>,
}

/// How many pieces of each kind a map holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Walls.
    pub walls: u32,
    /// Bonus discs.
    pub bonuses: u32,
    /// Jokers.
    pub jokers: u32,
}

impl Counts {
    /// Every piece of the physical game, 8 of each: the most the default
    /// [`Limits`] allow, and the "8-8-8 map" of the benchmarks.
    pub const FULL_SET: Counts = Counts {
        walls: 8,
        bonuses: 8,
        jokers: 8,
    };

    /// The count for one kind of piece.
    pub fn of(&self, piece: Piece) -> u32 {
        match piece {
            Piece::Wall => self.walls,
            Piece::Bonus => self.bonuses,
            Piece::Joker => self.jokers,
        }
    }
}

impl Map {
    /// The empty map of inner side `n`.
    pub fn empty(n: u32) -> Result<Map, MapError> {
        if !SIZES.contains(&n) {
            return Err(MapError::UnsupportedSize(n));
        }
        let side = (n + 2) as usize;
        Ok(Map {
            n,
            cells: vec![None; side * side],
        })
    }

    /// Inner side of the board.
    pub fn size(&self) -> u32 {
        self.n
    }

    /// Side of the outer grid (inner side plus the ring).
    pub fn side(&self) -> u32 {
        self.n + 2
    }

    /// True when `(x, y)` is a ring cell of the outer grid.
    pub fn is_ring(&self, x: u32, y: u32) -> bool {
        x == 0 || y == 0 || x == self.n + 1 || y == self.n + 1
    }

    /// The inner square at outer `(x, y)`, if it is one.
    pub fn inner_square(&self, x: u32, y: u32) -> Option<Square> {
        if self.is_ring(x, y) || x > self.n || y > self.n {
            return None;
        }
        Square::from_xy(x - 1, y - 1, self.n)
    }

    /// The human name of a cell: `c3`, or a ring cell named after the
    /// board's own labels (`ring above c`, `ring left of 4`, `ring corner
    /// top left`), as the editor names it.
    pub fn cell_name(&self, x: u32, y: u32) -> String {
        if let Some(sq) = self.inner_square(x, y) {
            return sq.name(self.n).to_string();
        }
        let last = self.n + 1;
        let vertical = [(0, "top"), (last, "bottom")]
            .into_iter()
            .find_map(|(row, name)| (y == row).then_some(name));
        let horizontal = [(0, "left"), (last, "right")]
            .into_iter()
            .find_map(|(col, name)| (x == col).then_some(name));
        match (vertical, horizontal) {
            (Some(v), Some(h)) => format!("ring corner {v} {h}"),
            (Some(v), None) => {
                let side = if v == "top" { "above" } else { "below" };
                let column = char::from(b'a' + (x - 1) as u8);
                format!("ring {side} {column}")
            }
            (None, Some(h)) => format!("ring {h} of {y}"),
            (None, None) => format!("cell ({x}, {y})"),
        }
    }

    /// The piece at outer `(x, y)`.
    pub fn get(&self, x: u32, y: u32) -> Option<Piece> {
        if x >= self.side() || y >= self.side() {
            return None;
        }
        self.cells[(y * self.side() + x) as usize]
    }

    /// The piece on an inner square.
    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.get(sq.col(self.n) + 1, sq.row(self.n) + 1)
    }

    /// Counts the pieces of each kind.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for p in self.cells.iter().flatten() {
            match p {
                Piece::Wall => c.walls += 1,
                Piece::Bonus => c.bonuses += 1,
                Piece::Joker => c.jokers += 1,
            }
        }
        c
    }

    /// Checks that `piece` may stand at `(x, y)`, whatever the limits.
    pub fn check_cell(&self, x: u32, y: u32, piece: Piece) -> Result<(), MapError> {
        if x >= self.side() || y >= self.side() {
            return Err(MapError::OffBoard(x, y));
        }
        let ring = self.is_ring(x, y);
        match (piece, ring) {
            (Piece::Joker, false) => Err(MapError::JokerInside(self.cell_name(x, y))),
            (Piece::Wall | Piece::Bonus, true) => Err(MapError::OnRing(
                if piece == Piece::Wall {
                    "wall"
                } else {
                    "bonus"
                },
                self.cell_name(x, y),
            )),
            (_, false) if self.is_centre(x, y) => Err(MapError::CentreSquare(self.cell_name(x, y))),
            _ => Ok(()),
        }
    }

    fn is_centre(&self, x: u32, y: u32) -> bool {
        let (a, b) = (self.n / 2, self.n / 2 + 1);
        (x == a || x == b) && (y == a || y == b)
    }

    /// Puts `piece` at `(x, y)` (replacing what was there), or clears the
    /// cell with `None`, refusing what the rules or `limits` forbid.
    pub fn set(
        &mut self,
        x: u32,
        y: u32,
        piece: Option<Piece>,
        limits: &Limits,
    ) -> Result<(), MapError> {
        if x >= self.side() || y >= self.side() {
            return Err(MapError::OffBoard(x, y));
        }
        if let Some(p) = piece {
            self.check_cell(x, y, p)?;
            let already = self.get(x, y) == Some(p);
            if !already && self.counts().of(p) >= limits.of(p) {
                return Err(MapError::TooMany(p.plural(), limits.of(p)));
            }
        }
        let side = self.side();
        self.cells[(y * side + x) as usize] = piece;
        Ok(())
    }

    /// Checks every piece against the rules and `limits`.
    pub fn check(&self, limits: &Limits) -> Result<(), MapError> {
        let counts = self.counts();
        for p in Piece::ALL {
            if counts.of(p) > limits.of(p) {
                return Err(MapError::TooMany(p.plural(), limits.of(p)));
            }
        }
        Ok(())
    }

    /// Iterates over `(x, y, piece)` for every placed piece.
    pub fn pieces(&self) -> impl Iterator<Item = (u32, u32, Piece)> + '_ {
        let side = self.side();
        self.cells
            .iter()
            .enumerate()
            .filter_map(move |(i, p)| p.map(|p| (i as u32 % side, i as u32 / side, p)))
    }

    /// A random map of side `n` with exactly `counts` pieces of each kind,
    /// each on a cell drawn uniformly among those still allowed.
    pub fn random<R: Rng + ?Sized>(n: u32, counts: Counts, rng: &mut R) -> Result<Map, MapError> {
        let mut map = Map::empty(n)?;
        for piece in Piece::ALL {
            let mut free: Vec<(u32, u32)> = (0..map.side())
                .flat_map(|y| (0..map.side()).map(move |x| (x, y)))
                .filter(|&(x, y)| map.get(x, y).is_none() && map.check_cell(x, y, piece).is_ok())
                .collect();
            let want = counts.of(piece);
            if want as usize > free.len() {
                return Err(MapError::TooMany(piece.plural(), free.len() as u32));
            }
            for _ in 0..want {
                let k = (rng.next_u64() % free.len() as u64) as usize;
                let (x, y) = free.swap_remove(k);
                map.set(x, y, Some(piece), &Limits::UNLIMITED)?;
            }
        }
        Ok(map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn refusals_name_ring_cells_by_the_board_labels() {
        let mut m = Map::empty(8).unwrap();
        let l = Limits::default();
        let refusal =
            |m: &mut Map, x, y| m.set(x, y, Some(Piece::Wall), &l).unwrap_err().to_string();
        assert_eq!(
            refusal(&mut m, 4, 0),
            "a wall must go on the inner board, not on the ring above d"
        );
        assert!(refusal(&mut m, 3, 9).ends_with("the ring below c"));
        assert!(refusal(&mut m, 0, 4).ends_with("the ring left of 4"));
        assert!(refusal(&mut m, 9, 1).ends_with("the ring right of 1"));
        assert!(refusal(&mut m, 0, 0).ends_with("the ring corner top left"));
        assert!(refusal(&mut m, 9, 9).ends_with("the ring corner bottom right"));
        let err = m.set(3, 3, Some(Piece::Joker), &l).unwrap_err();
        assert_eq!(err.to_string(), "a joker must go on the ring, not on c3");
    }

    #[test]
    fn setup_rule_walls_and_bonuses_inside_but_not_on_the_centre() {
        let mut m = Map::empty(8).unwrap();
        let l = Limits::default();
        assert!(m.set(2, 2, Some(Piece::Wall), &l).is_ok());
        assert!(m.set(3, 2, Some(Piece::Bonus), &l).is_ok());
        for (x, y) in [(4, 4), (5, 4), (4, 5), (5, 5)] {
            assert!(matches!(
                m.set(x, y, Some(Piece::Wall), &l),
                Err(MapError::CentreSquare(_))
            ));
            assert!(matches!(
                m.set(x, y, Some(Piece::Bonus), &l),
                Err(MapError::CentreSquare(_))
            ));
        }
        assert!(matches!(
            m.set(0, 3, Some(Piece::Wall), &l),
            Err(MapError::OnRing(..))
        ));
        assert!(matches!(
            m.set(9, 9, Some(Piece::Bonus), &l),
            Err(MapError::OnRing(..))
        ));
    }

    #[test]
    fn setup_rule_jokers_on_the_ring_corners_included() {
        let mut m = Map::empty(8).unwrap();
        let l = Limits::default();
        for (x, y) in [(0, 0), (9, 0), (0, 9), (9, 9), (4, 0), (0, 5)] {
            assert!(m.set(x, y, Some(Piece::Joker), &l).is_ok());
        }
        assert!(matches!(
            m.set(3, 3, Some(Piece::Joker), &l),
            Err(MapError::JokerInside(_))
        ));
    }

    #[test]
    fn setup_rule_default_limit_is_eight_of_each() {
        let mut m = Map::empty(8).unwrap();
        let l = Limits::default();
        for i in 0..8 {
            m.set(1 + i, 1, Some(Piece::Wall), &l).unwrap();
        }
        let err = m.set(1, 2, Some(Piece::Wall), &l).unwrap_err();
        assert_eq!(err.to_string(), "too many walls: at most 8");
        // Replacing a wall by itself is not a ninth wall; agreed higher limits allow more.
        m.set(1, 1, Some(Piece::Wall), &l).unwrap();
        m.set(1, 2, Some(Piece::Wall), &Limits { walls: 9, ..l })
            .unwrap();
        assert!(m.check(&l).is_err());
    }

    #[test]
    fn random_maps_hold_exactly_the_requested_pieces() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for n in SIZES {
            let c = Counts {
                walls: 8,
                bonuses: 8,
                jokers: 8,
            };
            let m = Map::random(n, c, &mut rng).unwrap();
            assert_eq!(m.counts(), c);
            m.check(&Limits::default()).unwrap();
        }
    }
}
