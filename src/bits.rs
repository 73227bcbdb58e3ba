//! Bitboards for the three board sizes: one bit per inner square, row-major
//! from the top-left (`a1` is bit 0, `b1` bit 1, `a2` bit N).
//!
//! Every rule is written once, generic over [`Size`]; 6 x 6 and 8 x 8 boards
//! fit in a `u64`, 10 x 10 in a `u128`.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// An unsigned integer used as a set of squares.
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Default
    + Debug
    + Hash
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The empty set.
    const ZERO: Self;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// Index of the lowest square; meaningless on the empty set.
    fn first(self) -> u32;
    /// The set without its lowest square.
    fn without_first(self) -> Self;
    /// The highest square alone; for the empty set, the type's top bit,
    /// which lies beyond every square of a board smaller than the type and
    /// above every other square of a full one.
    fn highest(self) -> Self;
    /// The set holding square `i` alone.
    fn bit(i: u32) -> Self;
    /// Truncating conversion from a `u128` mask.
    fn from_u128(v: u128) -> Self;
    /// Widening conversion to `u128`.
    fn to_u128(self) -> u128;
    /// The lowest square alone (empty for the empty set).
    fn lowest(self) -> Self;
    /// Every index below the square of a set of at most one square (none
    /// for the empty set).
    fn below_square(self) -> Self;
    /// Every index from the square of a set of at most one square up (none
    /// for the empty set).
    fn square_and_above(self) -> Self;
    /// All squares when `b` is true, none otherwise.
    fn all_if(b: bool) -> Self;
    /// The sum as integers (wrapping).
    fn plus(self, other: Self) -> Self;

    /// True when the set is empty.
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }

    /// True when square `i` is in the set.
    #[inline(always)]
    fn has(self, i: u32) -> bool {
        self & Self::bit(i) != Self::ZERO
    }
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn first(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn without_first(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn highest(self) -> Self {
                // A shift by the type's width wraps to none: the top bit.
                ((1 as $t) << (<$t>::BITS - 1)).wrapping_shr(self.leading_zeros())
            }
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn from_u128(v: u128) -> Self {
                v as $t
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn below_square(self) -> Self {
                self.wrapping_sub((self != 0) as $t)
            }
            #[inline(always)]
            fn square_and_above(self) -> Self {
                self.wrapping_neg()
            }
            #[inline(always)]
            fn all_if(b: bool) -> Self {
                (b as $t).wrapping_neg()
            }
            #[inline(always)]
            fn plus(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
        }
    };
}
impl_bits!(u64);
impl_bits!(u128);

/// Iterates over the squares of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares<B: Bits>(pub B);

impl<B: Bits> Iterator for Squares<B> {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            None
        } else {
            let i = self.0.first();
            self.0 = self.0.without_first();
            Some(i)
        }
    }
}

const fn column_mask(n: u32, col: u32) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < n {
        m |= 1u128 << (r * n + col);
        r += 1;
    }
    m
}

const fn full_mask(n: u32) -> u128 {
    if n * n == 128 {
        u128::MAX
    } else {
        (1u128 << (n * n)) - 1
    }
}

const fn centre_mask(n: u32) -> u128 {
    let a = n / 2 - 1;
    let b = n / 2;
    (1u128 << (a * n + a))
        | (1u128 << (a * n + b))
        | (1u128 << (b * n + a))
        | (1u128 << (b * n + b))
}

/// Largest number of inner squares (10 x 10); tables are this long.
pub const MAX_SQUARES: usize = 100;

/// For each square and direction, the squares beyond it up to the edge,
/// indexed `[square][d % 2][d / 2]` so that the four directions of one
/// sign sit side by side.
const fn rays(n: u32) -> [[[u128; 4]; 2]; MAX_SQUARES] {
    let mut out = [[[0u128; 4]; 2]; MAX_SQUARES];
    let mut d = 0;
    while d < 8 {
        let (dx, dy) = DIRECTIONS[d];
        let mut i = 0;
        while i < n * n {
            let (mut x, mut y) = ((i % n) as i32 + dx, (i / n) as i32 + dy);
            while x >= 0 && y >= 0 && x < n as i32 && y < n as i32 {
                out[i as usize][d % 2][d / 2] |= 1u128 << (y as u32 * n + x as u32);
                x += dx;
                y += dy;
            }
            i += 1;
        }
        d += 1;
    }
    out
}

/// A board size: the inner board is `N` x `N`.
pub trait Size:
    Copy + Clone + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static
{
    /// The bitboard type.
    type B: Bits;
    /// Side length of the inner board.
    const N: u32;
    /// Every inner square.
    const FULL: Self::B;
    /// Every square but those of column `a`.
    const NOT_A: Self::B;
    /// Every square but those of the last column.
    const NOT_LAST: Self::B;
    /// Every square but the two edge columns.
    const INNER_COLS: Self::B;
    /// The four centre squares.
    const CENTRE: Self::B;
    /// `rays()[sq][d % 2][d / 2]`: the squares beyond `sq` in direction `d`
    /// (an index into [`DIRECTIONS`]), up to the edge.
    fn rays() -> &'static [[[Self::B; 4]; 2]; MAX_SQUARES];
}

macro_rules! size {
    ($(#[$doc:meta])* $name:ident, $t:ty, $n:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl Size for $name {
            type B = $t;
            const N: u32 = $n;
            const FULL: $t = full_mask($n) as $t;
            const NOT_A: $t = (full_mask($n) & !column_mask($n, 0)) as $t;
            const NOT_LAST: $t = (full_mask($n) & !column_mask($n, $n - 1)) as $t;
            const INNER_COLS: $t =
                (full_mask($n) & !column_mask($n, 0) & !column_mask($n, $n - 1)) as $t;
            const CENTRE: $t = centre_mask($n) as $t;
            #[inline(always)]
            fn rays() -> &'static [[[$t; 4]; 2]; MAX_SQUARES] {
                const fn table() -> [[[$t; 4]; 2]; MAX_SQUARES] {
                    let wide = rays($n);
                    let mut out = [[[0; 4]; 2]; MAX_SQUARES];
                    let mut i = 0;
                    while i < MAX_SQUARES {
                        let mut d = 0;
                        while d < 8 {
                            out[i][d % 2][d / 2] = wide[i][d % 2][d / 2] as $t;
                            d += 1;
                        }
                        i += 1;
                    }
                    out
                }
                // Built into the program where moves are searched: the
                // search reads it in its innermost loop.
                #[cfg(not(feature = "rules-only"))]
                {
                    const TABLE: [[[$t; 4]; 2]; MAX_SQUARES] = table();
                    &TABLE
                }
                // Made at the first move in the page's wasm module, which
                // only plays moves: as data the three sizes' tables were
                // about 4 KB of the page's first load, gzipped.
                #[cfg(feature = "rules-only")]
                {
                    static TABLE: std::sync::OnceLock<[[[$t; 4]; 2]; MAX_SQUARES]> =
                        std::sync::OnceLock::new();
                    TABLE.get_or_init(table)
                }
            }
        }
    };
}
size!(
    /// The 6 x 6 board.
    S6, u64, 6
);
size!(
    /// The 8 x 8 board (Mapello and Othello).
    S8, u64, 8
);
size!(
    /// The 10 x 10 board.
    S10, u128, 10
);

/// The eight directions as (column step, row step); rows grow downwards.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];

/// Moves every square of `b` one step in direction `d` (an index into
/// [`DIRECTIONS`]); squares that would leave the board vanish.
#[inline(always)]
pub fn shift<S: Size>(b: S::B, d: usize) -> S::B {
    let n = S::N;
    match d {
        0 => (b << 1) & S::NOT_A,
        1 => (b >> 1) & S::NOT_LAST,
        2 => (b << n) & S::FULL,
        3 => b >> n,
        4 => (b << (n + 1)) & S::NOT_A,
        5 => (b >> (n + 1)) & S::NOT_LAST,
        6 => (b << (n - 1)) & S::NOT_LAST & S::FULL,
        _ => (b >> (n - 1)) & S::NOT_A,
    }
}

/// Marks the copy of hot code compiled for every CPU of the target (see
/// [`multiversion`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Portable;

/// Marks the copy of hot code compiled for x86-64-v3's AVX2, BMI1, BMI2,
/// LZCNT and POPCNT (see [`multiversion`]): run it only when [`fast`] says
/// so, or the process dies of an illegal instruction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fast;

/// The environment variable that, set to anything, keeps a process on the
/// portable copies even where the CPU could run the fast ones: how the
/// tests run the whole program on the path an older CPU takes.
pub const PORTABLE_VAR: &str = "MAPELLO_PORTABLE";

/// True when this process runs the [`Fast`] copies: on x86-64 when the CPU
/// has every feature they are compiled for and [`PORTABLE_VAR`] is unset.
/// Decided once, at the first call; never on other targets (wasm32 picks
/// its vectors when it is built).
pub fn fast() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *FAST.get_or_init(|| std::env::var_os(PORTABLE_VAR).is_none() && cpu_has_fast())
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// True when the CPU has every feature the [`Fast`] copies are compiled
/// for, whatever [`PORTABLE_VAR`] says (for the tests that run both copies).
#[cfg(target_arch = "x86_64")]
pub fn cpu_has_fast() -> bool {
    is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("lzcnt")
        && is_x86_feature_detected!("popcnt")
}

/// Compiles the methods of an impl block twice: for the type with
/// [`Portable`] as its last parameter, and (on x86-64 only) for it with
/// [`Fast`], each method with the features [`fast`] checks. The methods of
/// one copy call each other, so a recursive search entered through the
/// fast copy stays in it, inlined kernels included: dispatch happens once,
/// where the search starts, not per node.
///
/// `multiversion! { impl ['a, S: Size] Solver ['a, S,] { fn … } }` writes
/// `impl<'a, S: Size> Solver<'a, S, Portable> { fn … }` and its fast twin.
/// Methods take no generics of their own, and none may be
/// `#[inline(always)]`, which LLVM does not allow with target features:
/// such helpers go in an impl for every marker, and are inlined into both.
macro_rules! multiversion {
    (
        impl [$($generics:tt)*] $ty:ident [$($args:tt)*] {
            $(
                $(#[$meta:meta])*
                $vis:vis fn $name:ident ($($params:tt)*) $(-> $ret:ty)? $body:block
            )*
        }
    ) => {
        impl<$($generics)*> $ty<$($args)* $crate::bits::Portable> {
            $(
                $(#[$meta])*
                $vis fn $name($($params)*) $(-> $ret)? $body
            )*
        }
        #[cfg(target_arch = "x86_64")]
        impl<$($generics)*> $ty<$($args)* $crate::bits::Fast> {
            $(
                $(#[$meta])*
                #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
                $vis fn $name($($params)*) $(-> $ret)? $body
            )*
        }
    };
}
pub(crate) use multiversion;

/// The value of `body`, run by code compiled for [`Fast`] when [`fast`]
/// holds: for a kernel that calls no recursive function, which is then
/// inlined whole into the fast copy (the portable one calls it as it is).
/// One test of a flag set once, and one more call, per call: for calls
/// that do enough work to hide that (a batch of positions, not one).
#[cfg_attr(target_arch = "x86_64", inline(always))]
#[cfg_attr(not(target_arch = "x86_64"), inline)]
#[allow(unsafe_code)]
pub fn fast_path<R>(body: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if fast() {
        #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
        #[inline]
        fn on_fast<R>(body: impl FnOnce() -> R) -> R {
            body()
        }
        // SAFETY: `fast` found every feature `on_fast` is compiled for.
        return unsafe { on_fast(body) };
    }
    #[cfg(target_arch = "x86_64")]
    {
        // Apart, so that the caller is only the test and two calls.
        #[inline(never)]
        fn on_portable<R>(body: impl FnOnce() -> R) -> R {
            body()
        }
        on_portable(body)
    }
    #[cfg(not(target_arch = "x86_64"))]
    body()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_cover_the_inner_board() {
        assert_eq!(S8::FULL, u64::MAX);
        assert_eq!(S6::FULL.count(), 36);
        assert_eq!(S10::FULL.count(), 100);
        assert_eq!(S8::CENTRE, (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36));
        assert_eq!(S10::INNER_COLS.count(), 80);
    }

    #[test]
    fn shifts_never_wrap_or_overflow() {
        fn check<S: Size>() {
            let n = S::N as i32;
            for i in 0..(n * n) {
                for (d, (dx, dy)) in DIRECTIONS.iter().enumerate() {
                    let (x, y) = (i % n + dx, i / n + dy);
                    let got = shift::<S>(S::B::bit(i as u32), d);
                    let want = if (0..n).contains(&x) && (0..n).contains(&y) {
                        S::B::bit((y * n + x) as u32)
                    } else {
                        S::B::ZERO
                    };
                    assert_eq!(got, want, "square {i} direction {d}");
                }
            }
        }
        check::<S6>();
        check::<S8>();
        check::<S10>();
    }
}
