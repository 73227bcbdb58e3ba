//! A row of [`HIDDEN`] sums as the search carries it: the adds and
//! subtracts of a move and the output's dot product, lane by lane.
//!
//! On wasm32 a row is eight 128-bit vectors of eight `i16` lanes, held as
//! such and worked with simd128's instructions: LLVM vectorised the plain
//! loops' adds but not the dot product, which here takes one
//! `i32x4.dot_i16x8_s` for eight lanes (the learned search in Node: 1.35
//! times the nodes a second, the same nodes and moves). Elsewhere it is
//! the plain array, whose loops the compiler vectorises for SSE2 and, in
//! the fast copies, AVX2. Both give the same integers: the sums wrap
//! alike, and the dot product's terms (a clipped sum times a weight, at
//! most 127 x 32767 each, 128 of them) never overflow an `i32`, so the
//! order they are added in does not show.
//!
//! [`HIDDEN`]: super::HIDDEN

pub(crate) use imp::Lanes;

#[cfg(target_arch = "wasm32")]
mod imp {
    use core::arch::wasm32::*;

    use super::super::{Row, HIDDEN, QA};

    /// Lanes of one vector.
    const WIDTH: usize = 8;
    /// Vectors of a row.
    const VECTORS: usize = HIDDEN / WIDTH;

    /// One row of sums in eight vectors.
    #[derive(Clone, Copy)]
    pub(crate) struct Lanes([v128; VECTORS]);

    impl Lanes {
        /// The row `row`.
        pub(crate) fn of(row: &Row) -> Lanes {
            Lanes(std::array::from_fn(|v| {
                let r = &row[v * WIDTH..];
                i16x8(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7])
            }))
        }

        /// The sums as a row.
        pub(crate) fn row(&self) -> Row {
            let mut row = [0; HIDDEN];
            for (chunk, &v) in row.chunks_exact_mut(WIDTH).zip(&self.0) {
                chunk.copy_from_slice(&[
                    i16x8_extract_lane::<0>(v),
                    i16x8_extract_lane::<1>(v),
                    i16x8_extract_lane::<2>(v),
                    i16x8_extract_lane::<3>(v),
                    i16x8_extract_lane::<4>(v),
                    i16x8_extract_lane::<5>(v),
                    i16x8_extract_lane::<6>(v),
                    i16x8_extract_lane::<7>(v),
                ]);
            }
            row
        }

        /// Adds `b`, wrapping.
        #[inline(always)]
        pub(crate) fn add(&mut self, b: &Lanes) {
            for (x, &y) in self.0.iter_mut().zip(&b.0) {
                *x = i16x8_add(*x, y);
            }
        }

        /// Subtracts `b`, wrapping.
        #[inline(always)]
        pub(crate) fn sub(&mut self, b: &Lanes) {
            for (x, &y) in self.0.iter_mut().zip(&b.0) {
                *x = i16x8_sub(*x, y);
            }
        }

        /// The sum over the lanes of each sum clipped to `0 ..= QA` times
        /// its weight in `w`.
        #[inline(always)]
        pub(crate) fn dot_clipped(&self, w: &Lanes) -> i32 {
            let (zero, top) = (i16x8_splat(0), i16x8_splat(QA as i16));
            let mut sum = i32x4_splat(0);
            for (&a, &w) in self.0.iter().zip(&w.0) {
                let clipped = i16x8_min(i16x8_max(a, zero), top);
                sum = i32x4_add(sum, i32x4_dot_i16x8(clipped, w));
            }
            i32x4_extract_lane::<0>(sum)
                + i32x4_extract_lane::<1>(sum)
                + i32x4_extract_lane::<2>(sum)
                + i32x4_extract_lane::<3>(sum)
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::super::{Row, QA};

    /// One row of sums.
    #[derive(Clone, Copy)]
    pub(crate) struct Lanes(Row);

    impl Lanes {
        /// The row `row`.
        pub(crate) fn of(row: &Row) -> Lanes {
            Lanes(*row)
        }

        /// The sums as a row.
        pub(crate) fn row(&self) -> Row {
            self.0
        }

        /// Adds `b`, wrapping.
        #[inline(always)]
        pub(crate) fn add(&mut self, b: &Lanes) {
            for (x, y) in self.0.iter_mut().zip(&b.0) {
                *x = x.wrapping_add(*y);
            }
        }

        /// Subtracts `b`, wrapping.
        #[inline(always)]
        pub(crate) fn sub(&mut self, b: &Lanes) {
            for (x, y) in self.0.iter_mut().zip(&b.0) {
                *x = x.wrapping_sub(*y);
            }
        }

        /// The sum over the lanes of each sum clipped to `0 ..= QA` times
        /// its weight in `w`.
        #[inline(always)]
        pub(crate) fn dot_clipped(&self, w: &Lanes) -> i32 {
            let mut sum = 0i32;
            for (a, w) in self.0.iter().zip(&w.0) {
                sum += i32::from((*a).clamp(0, QA as i16)) * i32::from(*w);
            }
            sum
        }
    }
}

impl PartialEq for Lanes {
    fn eq(&self, other: &Lanes) -> bool {
        self.row() == other.row()
    }
}

impl std::fmt::Debug for Lanes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.row().fmt(f)
    }
}
