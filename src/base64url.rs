//! Unpadded URL-safe base64 (RFC 4648 §5: `A`–`Z`, `a`–`z`, `0`–`9`, `-`,
//! `_`), the alphabet of the share and start codes.
//!
//! Written here rather than taken from a crate because the page's wasm
//! module carries it before the first move, where every kilobyte counts:
//! the general-purpose `base64` crate's engine cost about 6 KB of code
//! there, this about a tenth of that. Decoding is strict: the bits a last
//! character leaves over must be zero, so each byte string has exactly one
//! code.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Why a text is not unpadded URL-safe base64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Base64Error {
    /// The byte at this index (from 0) is not in the alphabet.
    Symbol(usize, u8),
    /// The last character, at this index, has bits set beyond the data.
    LastSymbol(usize),
    /// A length of 1 more than a multiple of 4 holds no whole byte.
    Length,
}

/// The code of `bytes`: four characters for each three bytes, without `=`.
pub(crate) fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity((bytes.len() * 8).div_ceil(6));
    for chunk in bytes.chunks(3) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u32, |w, (i, &b)| w | u32::from(b) << (16 - 8 * i));
        for k in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(word >> (18 - 6 * k)) as usize & 63]));
        }
    }
    out
}

fn value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'-' => Some(62),
        b'_' => Some(63),
        _ => None,
    }
}

/// The bytes `text` codes for.
pub(crate) fn decode(text: &str) -> Result<Vec<u8>, Base64Error> {
    let text = text.as_bytes();
    if text.len() % 4 == 1 {
        return Err(Base64Error::Length);
    }
    let mut out = Vec::with_capacity(text.len() * 6 / 8);
    let mut acc = 0u32;
    let mut bits = 0;
    for (i, &c) in text.iter().enumerate() {
        let v = value(c).ok_or(Base64Error::Symbol(i, c))?;
        acc = acc << 6 | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    if acc != 0 {
        return Err(Base64Error::LastSymbol(text.len() - 1));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_the_rfc_examples_without_padding() {
        let cases = [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ];
        for (bytes, code) in cases {
            assert_eq!(encode(bytes.as_bytes()), code);
            assert_eq!(decode(code).unwrap(), bytes.as_bytes());
        }
    }

    #[test]
    fn uses_the_url_safe_letters() {
        assert_eq!(encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(decode("-_8").unwrap(), [0xfb, 0xff]);
    }

    #[test]
    fn round_trips_every_length_and_byte() {
        for len in 0..40 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            assert_eq!(decode(&encode(&bytes)).unwrap(), bytes);
        }
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(decode(&encode(&all)).unwrap(), all);
    }

    #[test]
    fn refuses_what_is_not_strict_base64() {
        assert_eq!(decode("Zm9=").unwrap_err(), Base64Error::Symbol(3, b'='));
        assert_eq!(decode("Zm+v").unwrap_err(), Base64Error::Symbol(2, b'+'));
        assert_eq!(decode("Zé").unwrap_err(), Base64Error::Symbol(1, 0xc3));
        assert_eq!(decode("Zm9vY").unwrap_err(), Base64Error::Length);
        // "Zh" leaves four bits over, and they are not zero.
        assert_eq!(decode("Zh").unwrap_err(), Base64Error::LastSymbol(1));
        assert_eq!(decode("Zm9").unwrap_err(), Base64Error::LastSymbol(2));
    }
}
