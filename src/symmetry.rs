//! The eight symmetries of a square board: turns and mirrors, numbered 0
//! to 7 (0 the identity): bit 4 swaps x and y, then bit 1 mirrors x and
//! bit 2 mirrors y. The training tool, the pattern tables and the game
//! review (two moves that are one move up to a symmetry) share them.

use crate::bits::{Bits, Squares};

/// The image of (x, y) under symmetry `t` of a square of `side` x `side`.
pub(crate) fn image(t: u32, side: u32, (x, y): (u32, u32)) -> (u32, u32) {
    let (x, y) = if t & 4 != 0 { (y, x) } else { (x, y) };
    let x = if t & 1 != 0 { side - 1 - x } else { x };
    let y = if t & 2 != 0 { side - 1 - y } else { y };
    (x, y)
}

/// The image of square `sq` (row by row) of an `n` x `n` board under `t`.
pub(crate) fn image_square(t: u32, n: u32, sq: u32) -> u32 {
    let (x, y) = image(t, n, (sq % n, sq / n));
    y * n + x
}

/// The image of a set of squares of an `n` x `n` board under `t`.
pub(crate) fn image_set<B: Bits>(t: u32, n: u32, set: B) -> B {
    Squares(set).fold(B::ZERO, |b, sq| b | B::bit(image_square(t, n, sq)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_symmetries_are_distinct_permutations_of_the_squares() {
        for n in [6, 8, 10] {
            let mut seen = Vec::new();
            for t in 0..8 {
                let images: Vec<u32> = (0..n * n).map(|sq| image_square(t, n, sq)).collect();
                let mut sorted = images.clone();
                sorted.sort_unstable();
                assert_eq!(
                    sorted,
                    (0..n * n).collect::<Vec<_>>(),
                    "symmetry {t} of {n} x {n}"
                );
                assert!(
                    !seen.contains(&images),
                    "symmetry {t} of {n} x {n} repeats another"
                );
                seen.push(images);
            }
        }
    }

    #[test]
    fn a_set_turns_square_by_square() {
        // a1 and b1 of 8 x 8; mirrored in x (t = 1): h1 and g1.
        let set: u64 = 0b11;
        assert_eq!(image_set(1, 8, set), 1 << 7 | 1 << 6);
        // Swapped (t = 4): a1 and a2.
        assert_eq!(image_set(4, 8, set), 1 | 1 << 8);
        assert_eq!(image_set(0, 8, set), set);
    }
}
