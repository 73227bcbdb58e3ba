//! GGF, the game records of the Generic Game Server and the Othello tools
//! that read its archives: `(;GM[Othello]…;)`, a list of properties, each
//! an upper-case name and a value in square brackets (docs/formats.md,
//! "GGF"). This module writes and reads Othello games on the 6 x 6, 8 x 8
//! and 10 x 10 boards:
//!
//! - `GM[Othello]` names the game; a record of any other game is refused;
//! - `BO[8 --------…-------- *]` is the start: the side, the squares `a1`,
//!   `b1`, … row by row (`-` empty, `*` black, `O` white, white space
//!   anywhere between them), then the side to move (`*` or `O`);
//! - `TY[8]` the game type: its number is the board's side, and a type
//!   with `a` (anti-Othello, where fewer discs win) is refused;
//! - `PB[…]` and `PW[…]` the players, `RB[…]` and `RW[…]` their ratings,
//!   `DT[…]` the date (`2026.11.26_18:02:46.UTC`, a day `2026.11.26`, or
//!   seconds since 1970), `PC[…]` the place, `TI[…]` the time control;
//! - `RE[+12.000]` the result, black's margin, with `:r` when the loser
//!   resigned, `:t` when their time ran out and `:s` when the players
//!   agreed the score;
//! - `B[f5]` and `W[d6]` the moves, in order, with anything after a `/`
//!   (an evaluation, a time) ignored, and `PA` for a pass.
//!
//! Every other property is skipped. The reader replays the moves with the
//! rules, so a record that reads is a game that plays. What the record
//! says besides the game ([`Details`]) is kept as given, to be shown and
//! written back.
//!
//! ```
//! use mapello::{ggf, transcript, AnyGame, Map, Variant};
//!
//! let mut game = AnyGame::new(Variant::Othello, Map::empty(8).unwrap()).unwrap();
//! transcript::replay(&mut game, &transcript::read("f5d6c3", 8).unwrap()).unwrap();
//! let info = ggf::Info { black: "Ann", white: "Bob", date: Some("2026-11-26T18:02:46Z"), details: None };
//! let text = ggf::write(&game, &info).unwrap();
//! assert!(text.ends_with("PB[Ann]PW[Bob]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6]B[c3];)"));
//!
//! let records = ggf::read(&text).unwrap();
//! let record = records[0].as_ref().unwrap();
//! assert_eq!(record.black.as_deref(), Some("Ann"));
//! assert_eq!(record.date.as_deref(), Some("2026-11-26T18:02:46Z"));
//! assert_eq!(record.game.moves(), game.moves());
//! ```

use crate::errors::{escaped, escaped_char, ParseError, Place};
use crate::forfeit::{Cause, Forfeit};
use crate::game::AnyGame;
use crate::map::{Map, SIZES};
use crate::position::Colour;
use crate::rules::{Status, Variant};
use crate::setup::Setup;
use crate::square::{Move, Square};
use crate::startcode;

/// Longest text read: two hundred games of the largest board, with an
/// evaluation and a time on each move, take under half of it.
pub const MAX_TEXT_CHARS: usize = 1_000_000;
/// Most records read from one text.
pub const MAX_RECORDS: usize = 1_000;
/// Longest player's name read.
pub const MAX_NAME_CHARS: usize = 80;
/// Longest property value read: a 10 x 10 board takes about 120.
const MAX_VALUE_CHARS: usize = 4_000;
/// Longest property name.
const MAX_NAME_LETTERS: usize = 8;

/// What a record says besides the game: the players and the date.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Info<'a> {
    /// Black's name.
    pub black: &'a str,
    /// White's name.
    pub white: &'a str,
    /// When the game was played, in ISO 8601 (`2026-11-26T18:02:46.123Z`),
    /// read as UTC, or its day alone (`2026-11-26`); a date in another
    /// form is left out.
    pub date: Option<&'a str>,
    /// What an imported record said besides, written back as it was.
    pub details: Option<&'a Details>,
}

/// What a record says of its game besides the players, the date and the
/// moves, each value as given (at most [`MAX_NAME_CHARS`] characters,
/// without control characters): the reader keeps them so that a game
/// imported shows them and is written back with them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Details {
    /// Where it was played (`PC`): a server, a tournament.
    pub place: Option<String>,
    /// The time control (`TI`), `15:00//02:00`.
    pub time: Option<String>,
    /// Black's rating (`RB`).
    pub black_rating: Option<String>,
    /// White's rating (`RW`).
    pub white_rating: Option<String>,
    /// The game type (`TY`) when it says more than the board's side
    /// (`8r`, `s8r20`).
    pub kind: Option<String>,
    /// The result (`RE`), `+12.000:s`, when the record's moves do not end
    /// the game: the record's word on how it ended.
    pub result: Option<String>,
}

/// A result a record gives for a game its moves leave unfinished and that
/// the rules do not play as a forfeit: the score the players agreed, or
/// the one the server gave when the game stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// The winner, `None` for a draw.
    pub winner: Option<Colour>,
    /// The winner's margin as the record gives it, without its sign, its
    /// leading zeros or its trailing zero decimals: `12`, `0.5`.
    pub margin: String,
}

/// A game read from a record, replayed by the rules.
#[derive(Clone, Debug)]
pub struct Record {
    /// The game: its start, its moves (forced passes the record left out
    /// put in), and its forfeit when the record says the loser resigned
    /// or ran out of time before the end.
    pub game: AnyGame,
    /// Black's name, when the record gives one.
    pub black: Option<String>,
    /// White's name, when the record gives one.
    pub white: Option<String>,
    /// The date in ISO 8601, UTC (`2026-11-26T18:02:46Z`), or the day
    /// alone (`2026-11-26`) when the record gives no time, when the record
    /// gives one this reader knows; a time zone other than UTC is not
    /// converted.
    pub date: Option<String>,
    /// The rest of what the record says, as given.
    pub details: Details,
    /// The record's result, when its moves do not end the game and it is
    /// no resignation or loss on time the rules can play.
    pub said: Option<Said>,
}

/// The GGF record of `game`: `None` unless it is Othello on a board
/// without walls, bonuses or jokers.
pub fn write(game: &AnyGame, info: &Info) -> Option<String> {
    let start = game.start_setup();
    let n = start.map.size();
    if game.variant() != Variant::Othello || start.map.pieces().next().is_some() {
        return None;
    }
    // A game played here is placed here; an imported one where its record
    // says, if it does.
    let here = Details {
        place: Some("Mapello".into()),
        ..Details::default()
    };
    let details = info.details.unwrap_or(&here);
    let mut out = String::from("(;GM[Othello]");
    property(&mut out, "PC", details.place.as_deref());
    property(&mut out, "DT", info.date.and_then(ggf_date).as_deref());
    out.push_str(&format!(
        "PB[{}]PW[{}]",
        clean(info.black),
        clean(info.white)
    ));
    property(&mut out, "RB", details.black_rating.as_deref());
    property(&mut out, "RW", details.white_rating.as_deref());
    property(&mut out, "TI", details.time.as_deref());
    property(
        &mut out,
        "RE",
        result_of(game, details.result.as_deref()).as_deref(),
    );
    let kind = details.kind.as_deref().map(clean);
    let kind = kind
        .filter(|k| kind_fits(k, n))
        .unwrap_or_else(|| n.to_string());
    out.push_str(&format!("TY[{kind}]BO[{n} {}]", board(&start)));
    let mut side = start.side;
    for mv in game.moves() {
        let name = match mv {
            Move::Play(sq) => sq.name(n).to_string(),
            Move::Pass => "PA".to_string(),
        };
        let letter = if side == Colour::Black { 'B' } else { 'W' };
        out.push_str(&format!("{letter}[{name}]"));
        side = side.other();
    }
    out.push_str(";)");
    Some(out)
}

/// The `RE` value of `game`: the record's own (`given`) when it says how
/// the game ended as the game does (the same forfeit, or none), unless the
/// moves end it; otherwise black's margin by the rules, at the end.
fn result_of(game: &AnyGame, given: Option<&str>) -> Option<String> {
    let snap = game.snapshot();
    let played_out = snap.status == Status::GameOver && snap.forfeit.is_none();
    if let Some(given) = given.map(str::trim) {
        if !played_out && result_parts(given).is_some() && forfeit_of(given) == snap.forfeit {
            return Some(given.to_string());
        }
    }
    if snap.status != Status::GameOver {
        return None;
    }
    let margin = snap.score[0] - snap.score[1];
    let sign = if margin > 0 { "+" } else { "" };
    let how = match snap.forfeit {
        Some(Forfeit {
            cause: Cause::Resigned,
            ..
        }) => ":r",
        Some(Forfeit {
            cause: Cause::Time, ..
        }) => ":t",
        None => "",
    };
    Some(format!("{sign}{margin}.000{how}"))
}

/// Adds `name[value]` to `out`, the value cleaned (see [`clean`]), unless
/// it is missing or blank. Not inlined: the workers' module is built for
/// speed, and a copy at each call would only make it larger.
#[inline(never)]
fn property(out: &mut String, name: &str, value: Option<&str>) {
    let value = clean(value.unwrap_or(""));
    if !value.trim().is_empty() {
        out.push_str(name);
        out.push('[');
        out.push_str(&value);
        out.push(']');
    }
}

/// Whether the `TY` value `kind` is one of Othello on the board of side `n`.
fn kind_fits(kind: &str, n: u32) -> bool {
    !kind.contains('a') && kind_size(kind) == Some(n)
}

/// A name as a value: without the brackets and backslashes that would end
/// or escape it, nor line breaks, cut to [`MAX_NAME_CHARS`]. Not inlined,
/// as [`property`].
#[inline(never)]
fn clean(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, '[' | ']' | '\\') && !c.is_control())
        .take(MAX_NAME_CHARS)
        .collect()
}

/// The squares of `setup` as `BO` writes them, a space between rows, then
/// the side to move.
fn board(setup: &Setup) -> String {
    let n = setup.map.size();
    let mut squares = vec!['-'; (n * n) as usize];
    for (discs, c) in [(&setup.black, '*'), (&setup.white, 'O')] {
        for sq in discs {
            squares[sq.index() as usize] = c;
        }
    }
    let rows: Vec<String> = squares
        .chunks(n as usize)
        .map(|row| row.iter().collect())
        .collect();
    let side = if setup.side == Colour::Black {
        '*'
    } else {
        'O'
    };
    format!("{} {side}", rows.join(" "))
}

/// An ISO 8601 date (`2026-11-26T18:02:46`, then anything) as `DT` writes
/// it, `2026.11.26_18:02:46.UTC`, or a day alone (`2026-11-26`) as
/// `2026.11.26`; `None` for any other text.
fn ggf_date(iso: &str) -> Option<String> {
    let b = iso.as_bytes();
    let fits = |shape: &[u8]| {
        b.len() >= shape.len()
            && shape.iter().zip(b).all(|(&s, &c)| match s {
                b'd' => c.is_ascii_digit(),
                s => s == c,
            })
    };
    if b.len() == 10 && fits(b"dddd-dd-dd") {
        let date = civil(&iso[0..4], &iso[5..7], &iso[8..10], "0", "0", "0")?;
        return Some(format!("{}.{}.{}", &date[0..4], &date[5..7], &date[8..10]));
    }
    if !fits(b"dddd-dd-ddTdd:dd:dd") {
        return None;
    }
    let date = civil(
        &iso[0..4],
        &iso[5..7],
        &iso[8..10],
        &iso[11..13],
        &iso[14..16],
        &iso[17..19],
    )?;
    Some(format!(
        "{}.{}.{}_{}:{}:{}.UTC",
        &date[0..4],
        &date[5..7],
        &date[8..10],
        &date[11..13],
        &date[14..16],
        &date[17..19]
    ))
}

/// `YYYY-MM-DDTHH:MM:SSZ` from its fields, each checked; `None` when one
/// is out of range.
fn civil(y: &str, mo: &str, d: &str, h: &str, mi: &str, s: &str) -> Option<String> {
    let num = |t: &str| -> Option<u32> {
        (!t.is_empty() && t.len() <= 4 && t.bytes().all(|c| c.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
    };
    let (y, mo, d, h, mi, s) = (num(y)?, num(mo)?, num(d)?, num(h)?, num(mi)?, num(s)?);
    let fits = (1..=9999).contains(&y)
        && (1..=12).contains(&mo)
        && (1..=31).contains(&d)
        && h < 24
        && mi < 60
        && s < 61;
    fits.then(|| format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z"))
}

/// The date of a `DT` value, ISO 8601: `2026.11.26_18:02:46` with any zone
/// after it (not converted), or seconds since 1970 (UTC); a day without a
/// time (`2026.11.26`) as the day alone, `2026-11-26`.
fn iso_date(value: &str) -> Option<String> {
    let value = value.trim();
    if !value.is_empty() && value.len() <= 12 && value.bytes().all(|c| c.is_ascii_digit()) {
        return unix_date(value.parse().ok()?);
    }
    let (day, time) = value.split_once('_').unwrap_or((value, ""));
    let mut day = day.split('.');
    let (y, mo, d) = (day.next()?, day.next()?, day.next()?);
    if day.next().is_some() {
        return None;
    }
    if time.is_empty() {
        let date = civil(y, mo, d, "0", "0", "0").filter(|_| y.len() == 4)?;
        return Some(date[..10].to_string());
    }
    let time = time.split('.').next()?;
    let mut time = time.split(':');
    let (h, mi, s) = (time.next()?, time.next()?, time.next()?);
    if time.next().is_some() || y.len() != 4 {
        return None;
    }
    civil(y, mo, d, h, mi, s)
}

/// The ISO 8601 date of `seconds` since 1970, UTC, up to the year 9999.
fn unix_date(seconds: u64) -> Option<String> {
    if seconds >= 253_402_300_800 {
        return None;
    }
    let days = (seconds / 86_400) as i64;
    let rest = seconds % 86_400;
    // Days to a civil date, counting in 400-year eras from 0000-03-01.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    Some(format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rest / 3_600,
        rest / 60 % 60,
        rest % 60
    ))
}

fn at(index: usize, message: impl Into<String>) -> ParseError {
    ParseError::at(Place::Character(index), message)
}

/// One property of a record: its name, its value, and the character (from
/// 1, in the whole text) where the value starts.
struct Property {
    name: String,
    value: String,
    at: usize,
}

/// Reads the GGF records of `text`: one answer per record found, in order,
/// the game it holds or why it is refused. Text around the records is
/// skipped. An error for the text as a whole when it is too long, holds
/// too many records, or holds none.
pub fn read(text: &str) -> Result<Vec<Result<Record, ParseError>>, ParseError> {
    let count = text.chars().count();
    if count > MAX_TEXT_CHARS {
        return Err(ParseError::new(format!(
            "the text has {count} characters, more than the {MAX_TEXT_CHARS} read"
        )));
    }
    let chars: Vec<char> = text.chars().collect();
    let mut records = Vec::new();
    let mut i = 0;
    while let Some(start) = find_open(&chars, i) {
        if records.len() == MAX_RECORDS {
            return Err(ParseError::new(format!(
                "the text holds more than {MAX_RECORDS} records"
            )));
        }
        let (properties, next) = properties(&chars, start);
        records.push(properties.and_then(|p| record(&p, start + 1)));
        i = next;
    }
    if records.is_empty() {
        return Err(ParseError::new(
            "the text holds no GGF record: each starts with '(;' and ends with ';)'",
        ));
    }
    Ok(records)
}

/// The index of the next `(;` from `i`.
fn find_open(chars: &[char], i: usize) -> Option<usize> {
    (i..chars.len().saturating_sub(1)).find(|&k| chars[k] == '(' && chars[k + 1] == ';')
}

/// The properties of the record opening at `start` (its `(;`), and where
/// to look for the next record. Characters count from 1 in errors.
fn properties(chars: &[char], start: usize) -> (Result<Vec<Property>, ParseError>, usize) {
    let mut list = Vec::new();
    let mut k = start + 2;
    let fail = |k: usize, message: String| (Err(at(k + 1, message)), k + 1);
    loop {
        while k < chars.len() && chars[k].is_whitespace() {
            k += 1;
        }
        let Some(&c) = chars.get(k) else {
            return fail(start, "the record has no end ';)'".into());
        };
        if c == ';' && chars.get(k + 1) == Some(&')') {
            return (Ok(list), k + 2);
        }
        if c == '(' && chars.get(k + 1) == Some(&';') {
            // The next record's start: this one is refused, that one read.
            return (
                Err(at(
                    start + 1,
                    "the record has no end ';)' before the next record",
                )),
                k,
            );
        }
        if !c.is_ascii_uppercase() {
            let message = format!(
                "unexpected '{}': expected a property such as GM[Othello], or ';)'",
                escaped_char(c)
            );
            return fail(k, message);
        }
        let name_at = k;
        while k < chars.len() && chars[k].is_ascii_uppercase() {
            k += 1;
        }
        let name: String = chars[name_at..k].iter().collect();
        if name.len() > MAX_NAME_LETTERS {
            return fail(name_at, format!("{name} is not a property name"));
        }
        if chars.get(k) != Some(&'[') {
            return fail(k, format!("the property {name} has no value in '[ ]'"));
        }
        let value_at = k + 1;
        let mut value = String::new();
        k += 1;
        loop {
            match chars.get(k) {
                None => {
                    return fail(name_at, format!("the value of {name} has no closing ']'"));
                }
                Some(']') => break,
                Some('\\') if k + 1 < chars.len() => {
                    value.push(chars[k + 1]);
                    k += 2;
                }
                Some(&c) => {
                    value.push(c);
                    k += 1;
                }
            }
            if value.len() > MAX_VALUE_CHARS {
                return fail(
                    name_at,
                    format!("the value of {name} is over {MAX_VALUE_CHARS} bytes long"),
                );
            }
        }
        k += 1;
        list.push(Property {
            name,
            value,
            at: value_at + 1,
        });
    }
}

/// The one value of property `name`, if any; an error when it is given twice.
fn single<'a>(properties: &'a [Property], name: &str) -> Result<Option<&'a Property>, ParseError> {
    let mut found = properties.iter().filter(|p| p.name == name);
    let first = found.next();
    if let Some(second) = found.next() {
        return Err(at(second.at, format!("{name} is given twice")));
    }
    Ok(first)
}

/// The game of a record's properties, the record starting at character `start`.
fn record(properties: &[Property], start: usize) -> Result<Record, ParseError> {
    match single(properties, "GM")? {
        None => {
            return Err(at(
                start,
                "the record names no game: Othello's is GM[Othello]",
            ))
        }
        Some(p) if !p.value.trim().eq_ignore_ascii_case("othello") => {
            let message = format!(
                "GM[{}] is not Othello, the one game read from GGF",
                escaped(p.value.trim())
            );
            return Err(at(p.at, message));
        }
        Some(_) => {}
    }
    let ty = single(properties, "TY")?;
    let kind = ty.map(type_size).transpose()?.flatten();
    let setup = match single(properties, "BO")? {
        Some(p) => start_of(p)?,
        None => Setup::start(Variant::Othello, empty_map(kind.unwrap_or(8), start)?),
    };
    let n = setup.map.size();
    if let (Some(t), Some(size)) = (ty, kind) {
        if size != n {
            let message = format!("TY says a board of {size} x {size}, BO one of {n} x {n}");
            return Err(at(t.at, message));
        }
    }
    let standard = Setup::start(Variant::Othello, setup.map.clone());
    let mut game = if startcode::encode(&setup) == startcode::encode(&standard) {
        AnyGame::from_setup(&setup)
    } else {
        AnyGame::set_up(&setup)
    }
    .map_err(|e| {
        at(
            single(properties, "BO")
                .ok()
                .flatten()
                .map_or(start, |p| p.at),
            format!("the start (BO): {e}"),
        )
    })?;
    let mut number = 0;
    for p in properties.iter().filter(|p| p.name == "B" || p.name == "W") {
        number += 1;
        play(&mut game, p, number)?;
    }
    // The result as kept: without control characters, within bounds.
    let re = single(properties, "RE")?;
    let re_text = value(re).filter(|v| result_parts(v).is_some());
    let open = game.status() != Status::GameOver;
    let forfeit = re_text.as_deref().and_then(forfeit_of).filter(|_| open);
    if let (Some(p), Some(f)) = (re, forfeit) {
        game.forfeit(f.loser, f.cause)
            .map_err(|e| at(p.at, format!("RE: {e}")))?;
    }
    // The record's result when the moves do not end the game: kept as
    // given, and said when no forfeit ended it.
    let result = re_text.filter(|_| open);
    let open = forfeit.is_none() && open;
    let said = result.as_deref().filter(|_| open).and_then(said_of);
    let kind = ty
        .and_then(|p| value(Some(p)))
        .filter(|k| !k.bytes().all(|c| c.is_ascii_digit()));
    Ok(Record {
        game,
        black: name(single(properties, "PB")?)?,
        white: name(single(properties, "PW")?)?,
        date: single(properties, "DT")?.and_then(|p| iso_date(&p.value)),
        details: Details {
            place: value(first(properties, "PC")),
            time: value(first(properties, "TI")),
            black_rating: value(first(properties, "RB")),
            white_rating: value(first(properties, "RW")),
            kind,
            result,
        },
        said,
    })
}

/// The first value of property `name`, if any: for what is only shown.
fn first<'a>(properties: &'a [Property], name: &str) -> Option<&'a Property> {
    properties.iter().find(|p| p.name == name)
}

/// A value kept as given: without control characters, blanks around it
/// and characters past [`MAX_NAME_CHARS`]; none when blank. Not inlined,
/// as [`property`].
#[inline(never)]
fn value(p: Option<&Property>) -> Option<String> {
    let text: String = p?
        .value
        .trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME_CHARS)
        .collect();
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// The board side a `TY` value names (`8`, `s8r20`), or none when it names
/// no number; anti-Othello (`a`) is refused.
fn type_size(p: &Property) -> Result<Option<u32>, ParseError> {
    if p.value.contains('a') {
        let message = format!(
            "TY[{}] is anti-Othello, where fewer discs win: only Othello is read",
            escaped(&p.value)
        );
        return Err(at(p.at, message));
    }
    Ok(kind_size(&p.value))
}

/// The first number of a `TY` value (`8`, `s8r20`), the board's side.
fn kind_size(kind: &str) -> Option<u32> {
    let digits: String = kind
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .take(4)
        .collect();
    digits.parse().ok()
}

/// The empty board of side `n`, or why it is not offered.
fn empty_map(n: u32, at_char: usize) -> Result<Map, ParseError> {
    if !SIZES.contains(&n) {
        let message = format!(
            "a board of {n} x {n} is not offered here: the boards are 6 x 6, 8 x 8 and 10 x 10"
        );
        return Err(at(at_char, message));
    }
    Map::empty(n).map_err(|e| at(at_char, e.to_string()))
}

/// The start a `BO` value sets up.
fn start_of(p: &Property) -> Result<Setup, ParseError> {
    let mut chars = p
        .value
        .chars()
        .enumerate()
        .map(|(i, c)| (p.at + i, c))
        .peekable();
    while chars.next_if(|(_, c)| c.is_whitespace()).is_some() {}
    let mut digits = String::new();
    while let Some((_, c)) = chars.next_if(|(_, c)| c.is_ascii_digit()) {
        digits.push(c);
    }
    let n = match digits.parse::<u32>() {
        Ok(n) if digits.len() <= 3 => n,
        _ => return Err(at(p.at, "BO starts with the board's side, a number")),
    };
    let map = empty_map(n, p.at)?;
    let mut setup = Setup::start(Variant::Othello, map);
    setup.black.clear();
    setup.white.clear();
    let mut squares = chars.filter(|(_, c)| !c.is_whitespace());
    for i in 0..n * n {
        let sq = Square::from_index(i, n).expect("a square of the board");
        match squares.next() {
            Some((_, '*')) => setup.black.push(sq),
            Some((_, 'O')) => setup.white.push(sq),
            Some((_, '-')) => {}
            Some((k, c)) => {
                let message = format!("BO: '{}' is not a square (-, * or O)", escaped_char(c));
                return Err(at(k, message));
            }
            None => {
                let message = format!("BO ends after {i} of the board's {} squares", n * n);
                return Err(at(p.at, message));
            }
        }
    }
    setup.side = match squares.next() {
        Some((_, '*')) => Colour::Black,
        Some((_, 'O')) => Colour::White,
        Some((k, c)) => {
            let message = format!("BO: '{}' is not the side to move (* or O)", escaped_char(c));
            return Err(at(k, message));
        }
        None => return Err(at(p.at, "BO ends before the side to move (* or O)")),
    };
    if let Some((k, _)) = squares.next() {
        return Err(at(k, "BO goes on after the side to move"));
    }
    Ok(setup)
}

/// Plays the move of a `B` or `W` property, the `number`th of the record:
/// a forced pass the record left out is played first.
fn play(game: &mut AnyGame, p: &Property, number: usize) -> Result<(), ParseError> {
    let fail = |message: String| {
        ParseError::at(
            Place::Move {
                number,
                character: p.at,
            },
            message,
        )
    };
    let text = p.value.split('/').next().unwrap_or("").trim();
    let mv = match text.to_ascii_lowercase().as_str() {
        "pa" | "pass" => Move::Pass,
        lower => Move::Play(
            Square::parse(lower, game.size())
                .map_err(|e| fail(format!("{}[{}]: {}", p.name, escaped(text), e.message)))?,
        ),
    };
    let colour = if p.name == "B" {
        Colour::Black
    } else {
        Colour::White
    };
    let name = |c: Colour| if c == Colour::Black { "black" } else { "white" };
    if game.status() == Status::MustPass && mv != Move::Pass && game.setup().side != colour {
        game.play(Move::Pass)
            .expect("a pass is legal when the side to move must pass");
    }
    let to_move = game.setup().side;
    if game.status() != Status::GameOver && to_move != colour {
        let message = format!(
            "{}[{}]: {} is to move, not {}",
            p.name,
            escaped(text),
            name(to_move),
            name(colour)
        );
        return Err(fail(message));
    }
    game.play(mv)
        .map_err(|e| fail(format!("{}[{}]: {e}", p.name, escaped(text))))
}

/// The parts of an `RE` value: whether black lost (its sign is `-`), the
/// whole and fraction digits of the margin, and the letter after a `:`
/// (`r`, `t`, `s`, or `""`); `None` when it is no result. Not inlined,
/// as [`property`].
#[inline(never)]
fn result_parts(value: &str) -> Option<(bool, &str, &str, &str)> {
    let (margin, how) = value.trim().split_once(':').unwrap_or((value, ""));
    // The sign and the digits: a float parser would add its tables to the
    // module for no more.
    let margin = margin.trim();
    let (negative, number) = match margin.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, margin.strip_prefix('+').unwrap_or(margin)),
    };
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let digits = |t: &str| t.bytes().all(|c| c.is_ascii_digit());
    let how = how.trim();
    if whole.is_empty()
        || !digits(whole)
        || !digits(fraction)
        || !how.bytes().all(|c| c.is_ascii_alphanumeric())
    {
        return None;
    }
    Some((negative, whole, fraction, how))
}

/// The forfeit an `RE` value says: `:r` resigned, `:t` out of time, the
/// loser the side its sign says; `None` for a result played to the end or
/// agreed, a draw, or one this reader does not know.
fn forfeit_of(value: &str) -> Option<Forfeit> {
    let (negative, whole, fraction, how) = result_parts(value)?;
    let cause = match how {
        "r" => Cause::Resigned,
        "t" => Cause::Time,
        _ => return None,
    };
    if !format!("{whole}{fraction}")
        .bytes()
        .any(|c| matches!(c, b'1'..=b'9'))
    {
        return None;
    }
    let loser = if negative {
        Colour::Black
    } else {
        Colour::White
    };
    Some(Forfeit { loser, cause })
}

/// What an `RE` value says of a game its moves leave unfinished: the
/// winner by its sign (none for a zero margin) and the margin as given.
fn said_of(value: &str) -> Option<Said> {
    let (negative, whole, fraction, _) = result_parts(value)?;
    let whole = whole.trim_start_matches('0');
    let fraction = fraction.trim_end_matches('0');
    let margin = match (whole, fraction) {
        ("", "") => {
            return Some(Said {
                winner: None,
                margin: "0".into(),
            })
        }
        ("", f) => format!("0.{f}"),
        (w, "") => w.to_string(),
        (w, f) => format!("{w}.{f}"),
    };
    let winner = if negative {
        Colour::White
    } else {
        Colour::Black
    };
    Some(Said {
        winner: Some(winner),
        margin,
    })
}

/// A player's name from `PB` or `PW`: none when absent or blank.
fn name(p: Option<&Property>) -> Result<Option<String>, ParseError> {
    let Some(p) = p else { return Ok(None) };
    let text: String = p.value.trim().chars().filter(|c| !c.is_control()).collect();
    if text.chars().count() > MAX_NAME_CHARS {
        let message = format!("{}: a name is at most {MAX_NAME_CHARS} characters", p.name);
        return Err(at(p.at, message));
    }
    Ok((!text.is_empty()).then_some(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_go_both_ways() {
        assert_eq!(
            ggf_date("2026-11-26T18:02:46.123Z").as_deref(),
            Some("2026.11.26_18:02:46.UTC")
        );
        assert_eq!(ggf_date("yesterday"), None);
        assert_eq!(ggf_date("2026-13-26T18:02:46Z"), None);
        assert_eq!(
            iso_date("2026.11.26_18:02:46.UTC").as_deref(),
            Some("2026-11-26T18:02:46Z")
        );
        assert_eq!(
            iso_date("2003.12.15_13:24:03.MST").as_deref(),
            Some("2003-12-15T13:24:03Z")
        );
        assert_eq!(iso_date("0").as_deref(), Some("1970-01-01T00:00:00Z"));
        assert_eq!(
            iso_date("1078311862").as_deref(),
            Some("2004-03-03T11:04:22Z")
        );
        assert_eq!(
            iso_date("951782400").as_deref(),
            Some("2000-02-29T00:00:00Z")
        );
        assert_eq!(iso_date("999999999999"), None);
        assert_eq!(iso_date("2003.12_13:24:03"), None);
        assert_eq!(iso_date("2003.12.15").as_deref(), Some("2003-12-15"));
        assert_eq!(iso_date("2003.13.15"), None);
        assert_eq!(iso_date("03.12.15"), None);
        assert_eq!(ggf_date("2003-12-15").as_deref(), Some("2003.12.15"));
        assert_eq!(ggf_date("2003-12-15T"), None);
    }

    #[test]
    fn results_with_a_forfeit_name_the_loser() {
        let f = forfeit_of("+12.000:r").unwrap();
        assert_eq!((f.loser, f.cause), (Colour::White, Cause::Resigned));
        let f = forfeit_of("-64.00:t").unwrap();
        assert_eq!((f.loser, f.cause), (Colour::Black, Cause::Time));
        assert!(forfeit_of("+12.000").is_none());
        assert!(forfeit_of("0.000:r").is_none());
        assert!(forfeit_of("+2:s").is_none());
        assert!(forfeit_of("-0.00:r").is_none());
        assert!(forfeit_of("x:r").is_none());
        assert_eq!(forfeit_of("3:t").unwrap().loser, Colour::White);
        assert!(forfeit_of("+12.000:s").is_none());
        assert_eq!(said_of("+012.500").unwrap().margin, "12.5");
        assert_eq!(said_of("-0.000:s").unwrap().winner, None);
        assert_eq!(said_of("-.5"), None);
        assert_eq!(result_parts("+1.5:t"), Some((false, "1", "5", "t")));
    }
}
