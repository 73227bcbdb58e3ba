//! GGF records (src/ggf.rs) for the archive of saved games: an Othello
//! game written as Othello servers write theirs, and the games of a GGF
//! text read back, each replayed by the rules. In the workers' module: the
//! page loads it with the archive's dialog, off the first screen.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::args::{error, string, Options};
use super::Game;
use crate::forfeit::Forfeit;
use crate::ggf;
use crate::position::Colour;

/// Longest name or date `ggfWrite` takes (the record keeps 80 characters
/// of a name).
const MAX_INFO_CHARS: u32 = 200;

/// The GGF record of a game: `options` as `Game` takes them, `record`
/// `{ black?, white?, date?, forfeit?, details? }` with the players' names,
/// the date in ISO 8601 (or its day alone), the forfeit as a snapshot
/// gives it and the details `ggfRead` gave, written back as they were.
/// `undefined` for a game GGF cannot say: any but Othello on a board
/// without pieces.
#[wasm_bindgen(js_name = ggfWrite)]
pub fn ggf_write(options: JsValue, record: JsValue) -> Result<Option<String>, JsError> {
    let keys = ["black", "white", "date", "forfeit", "details"];
    let record = Options::read("record", record, &keys)?;
    let mut game = Game::new(options)?;
    if let Some((forfeit, name)) = record.get("forfeit")? {
        let field = |key: &str| {
            js_sys::Reflect::get(&forfeit, &JsValue::from_str(key))
                .map_err(|_| error(format!("{name}.{key} cannot be read")))
        };
        game.forfeit(field("cause")?, field("loser")?)?;
    }
    let text = |key: &str| -> Result<String, JsError> {
        match record.get(key)? {
            Some((value, name)) => string(&name, &value, MAX_INFO_CHARS),
            None => Ok(String::new()),
        }
    };
    let (black, white, date) = (text("black")?, text("white")?, text("date")?);
    let details = match record.get("details")? {
        Some((value, _)) => Some(details_of(value)?),
        None => None,
    };
    let info = ggf::Info {
        black: &black,
        white: &white,
        date: (!date.is_empty()).then_some(date.as_str()),
        details: details.as_ref(),
    };
    Ok(ggf::write(game.inner(), &info))
}

/// The keys of a record's details, as `ggfRead` gives them.
const DETAIL_KEYS: [&str; 6] = [
    "place",
    "time",
    "blackRating",
    "whiteRating",
    "type",
    "result",
];

/// The details `ggfWrite` is given: `{ place?, time?, blackRating?,
/// whiteRating?, type?, result? }`, each a string.
fn details_of(value: JsValue) -> Result<ggf::Details, JsError> {
    let given = Options::read("record.details", value, &DETAIL_KEYS)?;
    let text = |key: &str| -> Result<Option<String>, JsError> {
        match given.get(key)? {
            Some((value, name)) => string(&name, &value, MAX_INFO_CHARS).map(Some),
            None => Ok(None),
        }
    };
    Ok(ggf::Details {
        place: text("place")?,
        time: text("time")?,
        black_rating: text("blackRating")?,
        white_rating: text("whiteRating")?,
        kind: text("type")?,
        result: text("result")?,
    })
}

/// A plain object of the `pairs` that have a value: a record's details or
/// its result, built here rather than by serde, which would add a
/// serialiser for each shape to the module.
fn object(pairs: &[(&str, Option<&str>)]) -> JsValue {
    let o = js_sys::Object::new();
    for (key, value) in pairs {
        if let Some(value) = value {
            // Setting a key of a fresh plain object does not fail.
            let _ = js_sys::Reflect::set(&o, &JsValue::from_str(key), &JsValue::from_str(value));
        }
    }
    o.into()
}

/// A game `ggfRead` read: what `Game` takes to replay it, with the names,
/// date and forfeit the record gives.
#[derive(Serialize)]
struct Read {
    record: usize,
    variant: crate::rules::Variant,
    map: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    start: String,
    moves: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    black: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    white: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    forfeit: Option<Forfeit>,
    #[serde(
        with = "serde_wasm_bindgen::preserve",
        skip_serializing_if = "JsValue::is_undefined"
    )]
    details: JsValue,
    #[serde(
        with = "serde_wasm_bindgen::preserve",
        skip_serializing_if = "JsValue::is_undefined"
    )]
    said: JsValue,
}

/// A record `ggfRead` refused, and why.
#[derive(Serialize)]
struct Refused {
    record: usize,
    message: String,
}

/// What `ggfRead` returns.
#[derive(Serialize)]
struct Records {
    games: Vec<Read>,
    refused: Vec<Refused>,
}

/// The games of a GGF text: `{ games, refused }`, `games` each
/// `{ record, variant, map, start?, moves, black?, white?, date?,
/// forfeit?, details?, said? }` (`record` its number in the text, from 1,
/// the rest as `Game` and the archive take them; `details` what else the
/// record says, `said` its result for a game its moves leave unfinished),
/// `refused` each `{ record, message }`.
/// Throws when the text is too long or holds no record.
#[wasm_bindgen(js_name = ggfRead)]
pub fn ggf_read(text: JsValue) -> Result<JsValue, JsError> {
    let text = string("text", &text, ggf::MAX_TEXT_CHARS as u32)?;
    let mut out = Records {
        games: Vec::new(),
        refused: Vec::new(),
    };
    for (i, read) in ggf::read(&text).map_err(error)?.into_iter().enumerate() {
        match read {
            Ok(r) => {
                let forfeit = r.game.snapshot().forfeit;
                let game = Game { inner: r.game };
                out.games.push(Read {
                    record: i + 1,
                    variant: game.inner.variant(),
                    map: game.map_code(),
                    start: game.start_code(),
                    moves: game.transcript(),
                    black: r.black,
                    white: r.white,
                    date: r.date,
                    forfeit,
                    details: details(&r.details),
                    said: r.said.map_or(JsValue::UNDEFINED, |s| {
                        let winner = s.winner.map(|c| if c == Colour::Black { "X" } else { "O" });
                        object(&[("winner", winner), ("margin", Some(&s.margin))])
                    }),
                });
            }
            Err(e) => out.refused.push(Refused {
                record: i + 1,
                message: e.to_string(),
            }),
        }
    }
    serde_wasm_bindgen::to_value(&out).map_err(error)
}

/// The details of a record read, `{ place?, time?, blackRating?,
/// whiteRating?, type?, result? }`; `undefined` when it gives none.
fn details(d: &ggf::Details) -> JsValue {
    if *d == ggf::Details::default() {
        return JsValue::UNDEFINED;
    }
    object(&[
        ("place", d.place.as_deref()),
        ("time", d.time.as_deref()),
        ("blackRating", d.black_rating.as_deref()),
        ("whiteRating", d.white_rating.as_deref()),
        ("type", d.kind.as_deref()),
        ("result", d.result.as_deref()),
    ])
}
