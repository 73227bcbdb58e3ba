//! Readers for what JavaScript hands the API. wasm-bindgen's own
//! conversions trust their input (a number passed where a string is
//! expected reads memory out of bounds, -1 becomes 4294967295, NaN becomes
//! 0), so every export takes `JsValue`s and reads them here. A refusal is
//! a plain `Error` that names the argument and says what it must be; it
//! happens before any state changes, so the object stays usable.
//!
//! Reading an argument never lets a JavaScript exception through: a
//! method's object is borrowed while its arguments are read, and an
//! exception unwinding through wasm would leave it borrowed for good
//! (every later call refused) and the wasm stack pointer astray. So every
//! JavaScript operation here that can throw on a hostile value (a revoked
//! Proxy throws from `Array.isArray`, a getter or a trap from anything)
//! goes through a `catch` import, and its exception becomes a refusal.

use std::fmt::Display;
use std::ops::RangeInclusive;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::errors::escaped;
use crate::map::SIZES;

/// Longest string a value description quotes in full.
const SHOWN_CHARS: u32 = 24;

/// The largest whole number JavaScript numbers hold exactly (2^53 - 1).
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

#[wasm_bindgen]
extern "C" {
    /// `Array.isArray`, which throws for a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> Result<bool, JsValue>;
}

/// True when `value` is an array, or a Proxy whose kind cannot be told
/// (a revoked one): neither is a value the API reads.
pub(crate) fn array_like(value: &JsValue) -> bool {
    is_array(value).unwrap_or(true)
}

/// A JavaScript `Error` with `message`.
pub(crate) fn error(message: impl Display) -> JsError {
    JsError::new(&message.to_string())
}

/// A value as an error describes it: its kind, and itself when short.
pub(crate) fn describe(value: &JsValue) -> String {
    if value.is_undefined() {
        return "undefined".into();
    }
    if value.is_null() {
        return "null".into();
    }
    if let Some(b) = value.as_bool() {
        return b.to_string();
    }
    if let Some(n) = value.as_f64() {
        return number(n);
    }
    if let Some(s) = value.dyn_ref::<js_sys::JsString>() {
        return match short_string(value, SHOWN_CHARS) {
            Some(text) => format!("'{}'", escaped(&text)),
            None => format!("a string of {} characters", s.length()),
        };
    }
    if value.is_bigint() {
        return "a BigInt".into();
    }
    if value.is_symbol() {
        return "a symbol".into();
    }
    if value.is_function() {
        return "a function".into();
    }
    match is_array(value) {
        Ok(true) => "an array".into(),
        Ok(false) => "an object".into(),
        Err(_) => "a revoked Proxy".into(),
    }
}

/// A number as JavaScript writes it (`1e+21`, `5e-324`,
/// `1.7976931348623157e+308`), cut to [`SHOWN_CHARS`] characters.
pub(crate) fn number(n: f64) -> String {
    let text = js_sys::Number::from(n)
        .to_string_with_radix(10)
        .ok()
        .and_then(|s| s.as_string())
        // Never taken: JavaScript writes every number. Rust's float
        // formatting would add 15 KB to the page's module.
        .unwrap_or_else(|| "a number".into());
    cut(&text)
}

/// `text` cut to [`SHOWN_CHARS`] characters, with `…` when it was longer.
fn cut(text: &str) -> String {
    let mut shown: String = text.chars().take(SHOWN_CHARS as usize).collect();
    if shown.len() < text.len() {
        shown.push('…');
    }
    shown
}

/// A string of at most `max` UTF-16 units, its length checked before it is
/// copied into wasm memory.
pub(crate) fn string(name: &str, value: &JsValue, max: u32) -> Result<String, JsError> {
    let Some(s) = value.dyn_ref::<js_sys::JsString>() else {
        return Err(error(format!(
            "{name} must be a string, not {}",
            describe(value)
        )));
    };
    if s.length() > max {
        return Err(error(format!(
            "{name} must be at most {max} characters long, not {}",
            s.length()
        )));
    }
    Ok(value.as_string().unwrap_or_default())
}

/// The string `value` when it is one of at most `max` UTF-16 units.
pub(crate) fn short_string(value: &JsValue, max: u32) -> Option<String> {
    let s = value.dyn_ref::<js_sys::JsString>()?;
    (s.length() <= max).then(|| value.as_string()).flatten()
}

/// A whole number in `range`.
pub(crate) fn whole(
    name: &str,
    value: &JsValue,
    range: RangeInclusive<u32>,
) -> Result<u32, JsError> {
    value
        .as_f64()
        .filter(|&n| {
            // NaN and the infinities have no whole part, so fail the first test.
            n.fract() == 0.0 && n >= f64::from(*range.start()) && n <= f64::from(*range.end())
        })
        .map(|n| n as u32)
        .ok_or_else(|| {
            error(format!(
                "{name} must be a whole number from {} to {}, not {}",
                range.start(),
                range.end(),
                describe(value)
            ))
        })
}

/// A board size: 6, 8 or 10.
pub(crate) fn size(name: &str, value: &JsValue) -> Result<u32, JsError> {
    value
        .as_f64()
        .filter(|&n| SIZES.iter().any(|&s| f64::from(s) == n))
        .map(|n| n as u32)
        .ok_or_else(|| {
            error(format!(
                "{name} must be 6, 8 or 10, not {}",
                describe(value)
            ))
        })
}

/// A number above 0 and at most `max`.
#[cfg(not(feature = "rules-only"))]
pub(crate) fn positive(name: &str, value: &JsValue, max: f64) -> Result<f64, JsError> {
    value
        .as_f64()
        .filter(|&n| n > 0.0 && n <= max)
        .ok_or_else(|| {
            error(format!(
                "{name} must be a number above 0 and at most {}, not {}",
                number(max),
                describe(value)
            ))
        })
}

/// A seed: a whole number from 0 to 2^53 - 1, or a BigInt from 0 to
/// 2^64 - 1 (what `randomSeed` returns).
pub(crate) fn seed(name: &str, value: &JsValue) -> Result<u64, JsError> {
    let seed = if value.is_bigint() {
        u64::try_from(value.clone()).ok()
    } else {
        value
            .as_f64()
            .filter(|n| n.fract() == 0.0 && (0.0..=MAX_SAFE).contains(n))
            .map(|n| n as u64)
    };
    seed.ok_or_else(|| {
        error(format!(
            "{name} must be a whole number from 0 to 2^53 - 1 or a BigInt from 0 to 2^64 - 1, not {}",
            describe(value)
        ))
    })
}

/// An options object read key by key: `undefined` or `null` is no
/// options, anything but a plain object is refused, and so is a key not
/// in the list (a typo would otherwise go unnoticed).
pub(crate) struct Options {
    name: &'static str,
    object: Option<JsValue>,
}

impl Options {
    /// Reads `value`, named `name` in errors, whose keys must be in `known`.
    pub(crate) fn read(
        name: &'static str,
        value: JsValue,
        known: &[&str],
    ) -> Result<Options, JsError> {
        if value.is_undefined() || value.is_null() {
            return Ok(Options { name, object: None });
        }
        let refuse = || {
            error(format!(
                "{name} must be an object with some of the keys {} or undefined, not {}",
                known.join(", "),
                describe(&value)
            ))
        };
        if !value.is_object() || array_like(&value) {
            return Err(refuse());
        }
        // Only plain objects: a Map, a Date or a class instance holding the
        // options elsewhere would be read as no options at all.
        let plain = js_sys::Object::new();
        let object_prototype = js_sys::Reflect::get_prototype_of(&plain).map_err(|_| refuse())?;
        let prototype = js_sys::Reflect::get_prototype_of(&value).map_err(|_| refuse())?;
        if !(prototype.is_null() || js_sys::Object::is(&prototype, &object_prototype)) {
            return Err(refuse());
        }
        let keys = js_sys::Reflect::own_keys(&value).map_err(|_| refuse())?;
        for key in keys.iter() {
            match key.as_string() {
                Some(k) if known.contains(&k.as_str()) => {}
                _ => {
                    return Err(error(format!(
                        "{name} has an unknown key {} (known: {})",
                        describe(&key),
                        known.join(", ")
                    )))
                }
            }
        }
        Ok(Options {
            name,
            object: Some(value),
        })
    }

    /// The value of `key` and its name for errors (`options.level`), or
    /// `None` when it is absent, `undefined` or `null` (as the page's
    /// stored records may hold).
    pub(crate) fn get(&self, key: &str) -> Result<Option<(JsValue, String)>, JsError> {
        let Some(object) = &self.object else {
            return Ok(None);
        };
        let name = format!("{}.{key}", self.name);
        let value = js_sys::Reflect::get(object, &JsValue::from_str(key))
            .map_err(|_| error(format!("{name} cannot be read")))?;
        Ok((!value.is_undefined() && !value.is_null()).then_some((value, name)))
    }
}
