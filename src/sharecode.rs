//! The map share code: a short text for a URL fragment that round-trips any
//! legal map exactly.
//!
//! Version 1 is the digit `1`, the board size (`6`, `8` or `10`), then
//! unpadded URL-safe base64 (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`) of:
//!
//! - the inner squares `a1`, `b1`, … row by row, the four centre squares
//!   left out (they hold the starting discs), each a base-3 digit (0 empty,
//!   1 wall, 2 bonus), five to a byte, the first square the least
//!   significant digit (a byte is at most 242);
//! - then the ring cells of the (N + 2) x (N + 2) grid row by row, top-left
//!   corner first, one bit each (1 for a joker), eight to a byte, the first
//!   cell the least significant bit.
//!
//! Unused digits and bits of the last byte of each part are zero, so every
//! map has exactly one code: 17 characters on 6 x 6, 25 on 8 x 8 and 38 on
//! 10 x 10, whatever the map holds. A piece where the rules forbid it cannot
//! be written at all: jokers have only ring bits, walls and bonuses only
//! inner digits. Limits are not part of the code.
//!
//! ```
//! use mapello::{sharecode, Limits, Map, Piece};
//!
//! let mut map = Map::empty(8).unwrap();
//! map.set(1, 1, Some(Piece::Wall), &Limits::default()).unwrap();
//! map.set(0, 0, Some(Piece::Joker), &Limits::default()).unwrap();
//! let code = sharecode::encode(&map);
//! assert_eq!(code, "18AQAAAAAAAAAAAAAAAQAAAAA");
//! assert_eq!(sharecode::decode(&code).unwrap(), map);
//! ```

use crate::base64url::{self, Base64Error};

use crate::errors::{escaped_char, ParseError, Place};
use crate::map::{Limits, Map, Piece, SIZES};

/// The version this module writes and reads.
const VERSION: char = '1';

/// Base-3 digits per byte: 3^5 = 243 values fit in 256.
const DIGITS_PER_BYTE: usize = 5;

fn error(index: usize, message: impl std::fmt::Display) -> ParseError {
    ParseError::at(
        Place::ShareCode {
            first: index,
            last: index,
        },
        message.to_string(),
    )
}

/// Inner cells that may hold a wall or a bonus, row by row, as outer `(x, y)`.
fn inner_cells(map: &Map) -> Vec<(u32, u32)> {
    let n = map.size();
    let centre = |v: u32| v == n / 2 || v == n / 2 + 1;
    (1..=n)
        .flat_map(|y| (1..=n).map(move |x| (x, y)))
        .filter(|&(x, y)| !(centre(x) && centre(y)))
        .collect()
}

/// Ring cells, row by row, as outer `(x, y)`.
fn ring_cells(map: &Map) -> Vec<(u32, u32)> {
    let side = map.side();
    (0..side)
        .flat_map(|y| (0..side).map(move |x| (x, y)))
        .filter(|&(x, y)| map.is_ring(x, y))
        .collect()
}

/// Bytes of the inner part and of the ring part for a map of this size.
fn part_lengths(map: &Map) -> (usize, usize) {
    (
        inner_cells(map).len().div_ceil(DIGITS_PER_BYTE),
        ring_cells(map).len().div_ceil(8),
    )
}

/// The share code of a map.
pub fn encode(map: &Map) -> String {
    let (inner_len, ring_len) = part_lengths(map);
    let mut bytes = vec![0u8; inner_len + ring_len];
    for (i, (x, y)) in inner_cells(map).into_iter().enumerate() {
        let digit = match map.get(x, y) {
            Some(Piece::Wall) => 1,
            Some(Piece::Bonus) => 2,
            _ => 0,
        };
        bytes[i / DIGITS_PER_BYTE] += digit * 3u8.pow((i % DIGITS_PER_BYTE) as u32);
    }
    for (i, (x, y)) in ring_cells(map).into_iter().enumerate() {
        if map.get(x, y) == Some(Piece::Joker) {
            bytes[inner_len + i / 8] |= 1 << (i % 8);
        }
    }
    format!("{VERSION}{}{}", map.size(), base64url::encode(&bytes))
}

/// 1-based characters of the code that carry byte `b` of the payload.
fn byte_chars(prefix: usize, b: usize) -> (usize, usize) {
    (prefix + b * 8 / 6 + 1, prefix + (b * 8 + 7) / 6 + 1)
}

/// Reads a share code; every malformed code gets an error naming the
/// character at fault.
pub fn decode(code: &str) -> Result<Map, ParseError> {
    let mut chars = code.chars();
    match chars.next() {
        None => return Err(error(1, "the share code is empty")),
        Some(VERSION) => {}
        Some(c) => {
            let c = escaped_char(c);
            let message =
                format!("unknown share code version '{c}' (this program reads version {VERSION})");
            return Err(error(1, message));
        }
    }
    let rest = chars.as_str();
    // The payload follows the size, taken without slicing: a slice's panic
    // would bring `char`'s `Debug` and Unicode's tables into the page's wasm
    // module.
    let Some((n, payload)) = SIZES
        .into_iter()
        .find_map(|n| Some((n, rest.strip_prefix(n.to_string().as_str())?)))
    else {
        return Err(error(2, "unknown board size (6, 8 or 10)"));
    };
    let prefix = code.len() - payload.len();
    if let Some((i, c)) = payload
        .chars()
        .enumerate()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
    {
        let message = format!(
            "'{}' is not a share code character (A-Z a-z 0-9 - _)",
            escaped_char(c)
        );
        return Err(error(prefix + i + 1, message));
    }
    // Not expect(): the error's Debug would stay in the page's wasm.
    let mut map = Map::empty(n).unwrap_or_else(|_| unreachable!("the size is one of SIZES"));
    let (inner_len, ring_len) = part_lengths(&map);
    let want = (inner_len + ring_len) * 8;
    let want = want.div_ceil(6);
    if payload.len() != want {
        let message = format!(
            "a {n} x {n} share code has {} characters, this one {}",
            prefix + want,
            code.chars().count()
        );
        return Err(error(prefix + want.min(payload.len()) + 1, message));
    }
    let bytes = base64url::decode(payload).map_err(|e| match e {
        Base64Error::LastSymbol(i) => error(prefix + i + 1, "unused bits at the end must be zero"),
        Base64Error::Symbol(i, b) => {
            error(prefix + i + 1, format!("'{}' is not base64", char::from(b)))
        }
        Base64Error::Length => error(prefix + 1, "its length is not that of base64"),
    })?;
    let place = |map: &mut Map, b: usize, (x, y): (u32, u32), piece: Piece| {
        map.set(x, y, Some(piece), &Limits::UNLIMITED)
            .map_err(|e| error(prefix + b * 8 / 6 + 1, e))
    };
    let inner = inner_cells(&map);
    for (b, &byte) in bytes[..inner_len].iter().enumerate() {
        let mut value = u32::from(byte);
        if value >= 3u32.pow(DIGITS_PER_BYTE as u32) {
            let message = format!("byte {byte} is not five base-3 digits (at most 242)");
            return Err(error_range(prefix, b, message));
        }
        for k in 0..DIGITS_PER_BYTE {
            let digit = value % 3;
            value /= 3;
            let Some(&cell) = inner.get(b * DIGITS_PER_BYTE + k) else {
                if digit != 0 {
                    return Err(error_range(prefix, b, "unused digits must be zero"));
                }
                continue;
            };
            match digit {
                1 => place(&mut map, b, cell, Piece::Wall)?,
                2 => place(&mut map, b, cell, Piece::Bonus)?,
                _ => {}
            }
        }
    }
    let ring = ring_cells(&map);
    for (b, &byte) in bytes[inner_len..].iter().enumerate() {
        for k in 0..8 {
            if byte & (1 << k) == 0 {
                continue;
            }
            let Some(&cell) = ring.get(b * 8 + k) else {
                return Err(error_range(
                    prefix,
                    inner_len + b,
                    "unused bits must be zero",
                ));
            };
            place(&mut map, inner_len + b, cell, Piece::Joker)?;
        }
    }
    Ok(map)
}

fn error_range(prefix: usize, b: usize, message: impl std::fmt::Display) -> ParseError {
    let (first, last) = byte_chars(prefix, b);
    ParseError::at(Place::ShareCode { first, last }, message.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_maps_have_fixed_lengths() {
        for (n, len) in [(6, 17), (8, 25), (10, 38)] {
            let map = Map::empty(n).unwrap();
            let code = encode(&map);
            assert_eq!(code.len(), len, "{code}");
            assert_eq!(decode(&code).unwrap(), map);
        }
    }

    #[test]
    fn malformed_codes_get_clear_errors() {
        let good = encode(&Map::empty(8).unwrap());
        let cases = [
            (
                String::new(),
                "share code character 1: the share code is empty",
            ),
            (
                "2".to_string() + &good[1..],
                "share code character 1: unknown share code version '2'",
            ),
            (
                "17AAAA".to_string(),
                "share code character 2: unknown board size",
            ),
            (
                good.replacen('A', "=", 1),
                "share code character 3: '=' is not",
            ),
            (
                good[..20].to_string(),
                "share code character 21: a 8 x 8 share code has 25 characters, this one 20",
            ),
            (
                format!("{good}AA"),
                "share code character 26: a 8 x 8 share code has 25",
            ),
            (
                format!("{}B", &good[..24]),
                "share code character 25: unused bits",
            ),
            (
                format!("{}/w{}", &good[..2], &good[4..]),
                "share code character 3: '/'",
            ),
            (
                format!("{}_w{}", &good[..2], &good[4..]),
                "share code characters 3-4: byte 255",
            ),
        ];
        for (code, want) in cases {
            let got = decode(&code).unwrap_err().to_string();
            assert!(got.starts_with(want), "{got:?} should start with {want:?}");
        }
    }
}
