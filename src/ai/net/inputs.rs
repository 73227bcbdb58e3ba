//! What the learned evaluation reads: one input for each square and what
//! is on it, seen from one side, and one for each joker on the ring.
//!
//! A square of an `n` x `n` board has four inputs, of which at most one is
//! on: a disc of the side whose view this is, a disc of the other side,
//! an untaken bonus, a wall. An empty square has none on. Then come the
//! `4 (n + 1)` cells of the ring, on where a joker stands. The same
//! weights serve both sides' views; swapping [`MINE`] and [`THEIRS`] turns
//! one view into the other.

/// A disc of the side whose view it is.
pub(crate) const MINE: usize = 0;
/// A disc of the other side.
pub(crate) const THEIRS: usize = 1;
/// An untaken bonus.
pub(crate) const BONUS: usize = 2;
/// A wall.
pub(crate) const WALL: usize = 3;
/// Inputs a square has.
pub(crate) const KINDS: usize = 4;

/// Number of inputs of an `n` x `n` board.
pub(crate) const fn count(n: u32) -> usize {
    KINDS * (n * n) as usize + 4 * (n as usize + 1)
}

/// The input for `kind` on inner square `sq`.
#[inline(always)]
pub(crate) const fn square(sq: u32, kind: usize) -> usize {
    sq as usize * KINDS + kind
}

/// The input for a joker on cell (`x`, `y`) of the ring around an `n` x
/// `n` board (cells counted from the ring's top-left corner); `None` off
/// the ring.
pub(crate) fn joker(n: u32, x: u32, y: u32) -> Option<usize> {
    let m = n + 2;
    let first = KINDS * (n * n) as usize;
    let k = if x >= m || y >= m {
        return None;
    } else if y == 0 {
        x
    } else if y == m - 1 {
        m + 2 * n + x
    } else if x == 0 {
        m + 2 * (y - 1)
    } else if x == m - 1 {
        m + 2 * (y - 1) + 1
    } else {
        return None;
    };
    Some(first + k as usize)
}

/// The same input seen from the other side (for the training tool).
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub(crate) fn other_side(n: u32, input: usize) -> usize {
    if input < KINDS * (n * n) as usize && input % KINDS < 2 {
        input ^ 1
    } else {
        input
    }
}

/// For each of the eight symmetries of the square, where each input goes
/// (the identity first; for the training tool).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn symmetries(n: u32) -> Vec<Vec<u16>> {
    let m = n + 2;
    (0..8)
        .map(|t| {
            let mut to = vec![0u16; count(n)];
            for y in 0..m {
                for x in 0..m {
                    let (tx, ty) = crate::symmetry::image(t, m, (x, y));
                    if let (Some(a), Some(b)) = (joker(n, x, y), joker(n, tx, ty)) {
                        to[a] = b as u16;
                    } else if (1..=n).contains(&x) && (1..=n).contains(&y) {
                        let sq = (y - 1) * n + (x - 1);
                        let tsq = (ty - 1) * n + (tx - 1);
                        for kind in 0..KINDS {
                            to[square(sq, kind)] = square(tsq, kind) as u16;
                        }
                    }
                }
            }
            to
        })
        .collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn ring_cells_have_distinct_inputs_after_the_squares() {
        for n in [6, 8, 10] {
            let m = n + 2;
            let mut seen: Vec<usize> = (0..m)
                .flat_map(|y| (0..m).map(move |x| (x, y)))
                .filter_map(|(x, y)| joker(n, x, y))
                .collect();
            assert_eq!(seen.len(), 4 * (n as usize + 1));
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), 4 * (n as usize + 1));
            assert_eq!(*seen.first().unwrap(), KINDS * (n * n) as usize);
            assert_eq!(*seen.last().unwrap(), count(n) - 1);
            assert_eq!(joker(n, 1, 1), None);
        }
    }

    #[test]
    fn symmetries_permute_the_inputs_and_keep_kinds() {
        for n in [6, 8] {
            let all = symmetries(n);
            assert_eq!(all.len(), 8);
            assert!(all[0].iter().enumerate().all(|(i, &j)| i == j as usize));
            for to in &all {
                let mut sorted = to.clone();
                sorted.sort_unstable();
                assert!(sorted.iter().enumerate().all(|(i, &j)| i == j as usize));
                for sq in 0..n * n {
                    assert_eq!(to[square(sq, WALL)] as usize % KINDS, WALL);
                }
            }
            // A corner goes to a corner under every symmetry.
            let corners = [0, n - 1, n * (n - 1), n * n - 1].map(|sq| square(sq, MINE) as u16);
            for to in &all {
                assert!(corners.contains(&to[corners[0] as usize]));
            }
        }
    }

    #[test]
    fn the_other_side_swaps_discs_only() {
        let n = 8;
        assert_eq!(other_side(n, square(5, MINE)), square(5, THEIRS));
        assert_eq!(other_side(n, square(5, THEIRS)), square(5, MINE));
        assert_eq!(other_side(n, square(5, WALL)), square(5, WALL));
        assert_eq!(other_side(n, square(5, BONUS)), square(5, BONUS));
        let j = joker(n, 0, 0).unwrap();
        assert_eq!(other_side(n, j), j);
    }
}
