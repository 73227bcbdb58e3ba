//! The start code: a set-up position's discs, side to move and bonuses
//! taken, as a short text for a share link's `s=` part; the link's map
//! code (`m=`) carries the walls, the bonuses still on the board and the
//! jokers, and the board size.
//!
//! The code is the side to move (`X` or `O`), then unpadded URL-safe
//! base64 of the inner squares `a1`, `b1`, … row by row, each a base-3
//! digit (0 empty, 1 black, 2 white), five to a byte, the first square the
//! least significant digit, unused digits zero; then, only when a bonus has
//! been taken, `.` and black's count and `.` and white's. So every position
//! has one code: 12 characters on 6 x 6, 19 on 8 x 8, 28 on 10 x 10.
//!
//! ```
//! use mapello::startcode;
//! use mapello::{Map, Setup, Variant};
//!
//! let map = Map::empty(8).unwrap();
//! let mut start = Setup::start(Variant::Othello, map.clone());
//! start.black.clear();
//! start.white.clear();
//! start.white.push(mapello::Square::parse("b1", 8).unwrap());
//! let code = startcode::encode(&start);
//! assert_eq!(code, "XBgAAAAAAAAAAAAAAAA");
//! assert_eq!(startcode::decode(&code, Variant::Othello, &map).unwrap(), start);
//! ```

use crate::base64url;

use crate::errors::{escaped_char, ParseError, Place};
use crate::map::Map;
use crate::position::Colour;
use crate::rules::Variant;
use crate::setup::Setup;
use crate::square::Square;

/// Base-3 digits per byte: 3^5 = 243 values fit in 256.
const DIGITS_PER_BYTE: usize = 5;

fn error(index: usize, message: impl std::fmt::Display) -> ParseError {
    ParseError::at(Place::Character(index), message.to_string())
}

/// The start code of `setup` (its map goes in the map code).
pub fn encode(setup: &Setup) -> String {
    let n = setup.map.size() as usize;
    let mut bytes = vec![0u8; (n * n).div_ceil(DIGITS_PER_BYTE)];
    for (digit, squares) in [(1u8, &setup.black), (2, &setup.white)] {
        for sq in squares {
            let i = sq.index() as usize;
            bytes[i / DIGITS_PER_BYTE] += digit * 3u8.pow((i % DIGITS_PER_BYTE) as u32);
        }
    }
    let mut code = format!("{}{}", setup.side.letter(), base64url::encode(&bytes));
    if setup.taken != [0, 0] {
        code.push_str(&format!(".{}.{}", setup.taken[0], setup.taken[1]));
    }
    code
}

/// Reads a start code for a game of `variant` on `map`; every malformed
/// code gets an error naming the character at fault. The setup is not yet
/// checked against the rules (see [`AnyGame::set_up`](crate::game::AnyGame::set_up)).
pub fn decode(code: &str, variant: Variant, map: &Map) -> Result<Setup, ParseError> {
    let mut chars = code.chars();
    let side = match chars.next() {
        Some('X') => Colour::Black,
        Some('O') => Colour::White,
        None => return Err(error(1, "the start code is empty")),
        Some(_) => {
            return Err(error(
                1,
                "a start code begins with the side to move, X or O",
            ))
        }
    };
    // What follows the side, without slicing: a slice's panic would bring
    // `char`'s `Debug` and Unicode's tables into the page's wasm module.
    let mut parts = chars.as_str().split('.');
    let discs = parts.next().unwrap_or_default();
    let n = map.size() as usize;
    let want = (n * n).div_ceil(DIGITS_PER_BYTE);
    if let Some((i, c)) = discs
        .chars()
        .enumerate()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
    {
        let message = format!(
            "'{}' is not a start code character (A-Z a-z 0-9 - _ .)",
            escaped_char(c)
        );
        return Err(error(i + 2, message));
    }
    let length = (want * 8).div_ceil(6);
    if discs.len() != length {
        let message = format!(
            "the discs of a {n} x {n} board take {length} characters, not {}",
            discs.len()
        );
        return Err(error(2, message));
    }
    let bytes = base64url::decode(discs)
        .map_err(|_| error(length + 1, "the last character leaves bits over"))?;
    let mut setup = Setup {
        variant,
        map: map.clone(),
        black: Vec::new(),
        white: Vec::new(),
        side,
        taken: [0, 0],
    };
    for (b, &byte) in bytes.iter().enumerate() {
        let mut rest = byte;
        for d in 0..DIGITS_PER_BYTE {
            let i = b * DIGITS_PER_BYTE + d;
            let digit = rest % 3;
            rest /= 3;
            if digit == 0 {
                continue;
            }
            let Some(sq) = (i < n * n)
                .then(|| Square::from_index(i as u32, n as u32))
                .flatten()
            else {
                return Err(error(2 + b * 8 / 6, "a disc past the last square"));
            };
            if digit == 1 {
                setup.black.push(sq);
            } else {
                setup.white.push(sq);
            }
        }
        if rest != 0 {
            return Err(error(2 + b * 8 / 6, "a byte past the base-3 digits"));
        }
    }
    let counts: Vec<&str> = parts.collect();
    let at = 2 + length;
    let bad = || {
        error(
            at,
            "the bonuses taken must be two whole numbers, each after a '.'",
        )
    };
    match counts[..] {
        [] => {}
        [black, white] => {
            for (k, part) in [black, white].into_iter().enumerate() {
                setup.taken[k] = part
                    .parse()
                    .ok()
                    .filter(|t: &u8| u32::from(*t) <= map.size() * map.size())
                    .ok_or_else(bad)?;
            }
        }
        _ => return Err(bad()),
    }
    Ok(setup)
}
