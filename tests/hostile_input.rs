//! Hostile input for every reader: random text and mutations of valid
//! diagrams, OBF strings, transcripts, share codes, square names and
//! `--position` arguments, over a million inputs in all.
//!
//! No reader may panic; every error must say what is wrong and where (line
//! and column, character index, or the move); whatever a reader accepts must
//! be a playable position that writes back and reads again the same. The
//! seed comes from `MAPELLO_SEED`, else from the clock, and is printed.
//!
//! The `mapello` binary's own argument handling gets the same treatment:
//! arguments that are not UTF-8, terminal escapes, endless input on
//! standard input, a device or a pipe; every run must end in bounded time
//! with a one-line error or a result, and never echo a control character.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};

#[cfg(feature = "cli")]
use mapello::cli::position;
use mapello::{
    diagram, ggf, obf, sharecode, transcript, AnyGame, Counts, Map, Move, Setup, Square, Status,
    Variant,
};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

type Rand = Xoshiro256PlusPlus;

fn below(rng: &mut Rand, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

fn pick<T: Copy>(rng: &mut Rand, items: &[T]) -> T {
    items[below(rng, items.len())]
}

fn seeded(name: &str) -> Rand {
    Rand::seed_from_u64(common::seed(name))
}

/// Characters the readers care about, and some they should refuse calmly.
const CHARS: &[char] = &[
    '.',
    '.',
    '.',
    '#',
    '+',
    '*',
    'X',
    'O',
    'x',
    'o',
    '-',
    '-',
    ' ',
    ' ',
    '\n',
    '\n',
    '\t',
    '\r',
    ';',
    ',',
    '0',
    '1',
    '2',
    '5',
    '6',
    '8',
    '9',
    'a',
    'e',
    'f',
    'j',
    'k',
    'p',
    's',
    't',
    'A',
    'Q',
    'Z',
    '_',
    '/',
    '=',
    'é',
    '€',
    '\u{0}',
    '\u{1F600}',
    'ß',
];

/// A random string over [`CHARS`].
fn noise(rng: &mut Rand, max_len: usize) -> String {
    let len = below(rng, max_len + 1);
    (0..len).map(|_| pick(rng, CHARS)).collect()
}

/// `text` after one to four random edits.
fn mutate(rng: &mut Rand, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + below(rng, 4) {
        let len = chars.len();
        let at = below(rng, len + 1);
        match below(rng, 7) {
            0 | 1 if at < len => chars[at] = pick(rng, CHARS),
            2 => chars.insert(at, pick(rng, CHARS)),
            3 if at < len => {
                chars.remove(at);
            }
            4 => chars.truncate(at),
            5 => {
                let end = (at + below(rng, 24)).min(len);
                let piece: Vec<char> = chars[at..end].to_vec();
                let to = below(rng, len + 1);
                chars.splice(to..to, piece);
            }
            _ => {
                let lines: Vec<String> = chars
                    .iter()
                    .collect::<String>()
                    .lines()
                    .map(String::from)
                    .collect();
                if lines.len() > 1 {
                    let mut lines = lines;
                    let (i, j) = (below(rng, lines.len()), below(rng, lines.len()));
                    lines.swap(i, j);
                    chars = lines.join("\n").chars().collect();
                }
            }
        }
    }
    chars.into_iter().collect()
}

/// Valid texts kept for [`hostile`] to edit.
const POOL: usize = 300;

/// One hostile input: a text of `pool` after random edits, or one time in
/// ten noise of up to `noise_len` characters. `fill` adds valid texts to
/// `pool` while it holds fewer than [`POOL`].
fn hostile(
    rng: &mut Rand,
    pool: &mut Vec<String>,
    noise_len: usize,
    fill: impl FnOnce(&mut Rand, &mut Vec<String>),
) -> String {
    if pool.len() < POOL {
        fill(rng, pool);
    }
    match below(rng, 10) {
        0 => noise(rng, noise_len),
        _ => {
            let base = pool[below(rng, pool.len())].clone();
            mutate(rng, &base)
        }
    }
}

/// A random legal setup reached by random play on a random map.
fn random_setup(rng: &mut Rand) -> Setup {
    let n = pick(rng, &[6, 8, 8, 10]);
    let variant = pick(
        rng,
        &[
            Variant::Mapello,
            Variant::Mapello,
            Variant::Othello,
            Variant::Reversi,
        ],
    );
    let counts = if variant == Variant::Mapello {
        Counts {
            walls: below(rng, 12) as u32,
            bonuses: below(rng, 12) as u32,
            jokers: below(rng, 16) as u32,
        }
    } else {
        Counts::default()
    };
    let map = Map::random(n, counts, rng).unwrap();
    let mut game = AnyGame::new(variant, map).unwrap();
    play_randomly(rng, &mut game, 80);
    game.setup()
}

/// Plays fewer than `most` random moves on `game`, passing when it must,
/// and stops early if the game ends.
fn play_randomly(rng: &mut Rand, game: &mut AnyGame, most: usize) {
    for _ in 0..below(rng, most) {
        let snap = game.snapshot();
        match snap.status {
            Status::GameOver => break,
            Status::MustPass => game.play(Move::Pass).unwrap(),
            Status::ToMove => {
                let name = &snap.legal[below(rng, snap.legal.len())];
                game.play(game.parse_move(name).unwrap()).unwrap();
            }
        }
    }
}

/// Runs `count` inputs from `input` through `check` (true when the input
/// was accepted), reporting any panic with its input.
fn fuzz(
    name: &str,
    count: usize,
    mut input: impl FnMut(&mut Rand) -> String,
    check: impl Fn(&str) -> bool,
) {
    let mut rng = seeded(name);
    let start = std::time::Instant::now();
    let mut accepted = 0;
    for _ in 0..count {
        let text = input(&mut rng);
        match catch_unwind(AssertUnwindSafe(|| check(&text))) {
            Ok(ok) => accepted += usize::from(ok),
            Err(_) => panic!("{name} panicked on {text:?}"),
        }
    }
    println!(
        "{name}: {count} hostile inputs ({accepted} accepted) in {:.2?}",
        start.elapsed()
    );
}

/// Whether `reader` accepted `text`: what it read must pass `accept`, and
/// its error must say where, with one of `wheres`.
fn check_read<T, E: std::fmt::Display>(
    reader: &str,
    text: &str,
    read: Result<T, E>,
    wheres: &[&str],
    accept: impl FnOnce(T) -> bool,
) -> bool {
    match read {
        Ok(value) => accept(value),
        Err(e) => {
            assert_error_says_where(reader, text, &e.to_string(), wheres);
            false
        }
    }
}

/// [`fuzz`] over [`hostile`] inputs, from a pool that `fill` keeps up.
fn fuzz_hostile(
    name: &str,
    count: usize,
    noise_len: usize,
    mut fill: impl FnMut(&mut Rand, &mut Vec<String>),
    check: impl Fn(&str) -> bool,
) {
    let mut pool = Vec::new();
    fuzz(
        name,
        count,
        |rng| hostile(rng, &mut pool, noise_len, &mut fill),
        check,
    );
}

fn assert_error_says_where(reader: &str, text: &str, message: &str, wheres: &[&str]) {
    assert!(
        !message.trim().is_empty(),
        "{reader}: empty error for {text:?}"
    );
    assert!(
        wheres.iter().any(|w| message.contains(w)),
        "{reader}: error {message:?} for {text:?} does not say where"
    );
}

const VARIANTS: [Option<Variant>; 4] = [
    None,
    Some(Variant::Mapello),
    Some(Variant::Othello),
    Some(Variant::Reversi),
];

fn check_setup(reader: &str, text: &str, setup: &Setup) {
    AnyGame::from_setup(setup)
        .unwrap_or_else(|e| panic!("{reader} accepted {text:?}, unplayable: {e}"));
}

#[test]
fn diagrams_never_panic_and_errors_name_line_and_column() {
    fuzz_hostile(
        "diagram",
        150_000,
        160,
        |rng, pool| pool.push(diagram::write(&random_setup(rng))),
        |text| {
            let mut accepted = false;
            for variant in VARIANTS {
                match diagram::read(text, variant) {
                    Ok(setup) => {
                        accepted = true;
                        check_setup("diagram", text, &setup);
                        let again = diagram::read(&diagram::write(&setup), Some(setup.variant));
                        assert_eq!(again.as_ref(), Ok(&setup), "diagram round trip of {text:?}");
                    }
                    Err(e) => {
                        let m = e.to_string();
                        assert!(
                            m.starts_with("line ") && m.contains(", column "),
                            "{m:?} for {text:?}"
                        );
                    }
                }
            }
            accepted
        },
    );
}

#[test]
fn obf_never_panics_and_errors_give_the_character_index() {
    fuzz_hostile(
        "OBF",
        300_000,
        80,
        |rng, pool| {
            let mut setup = random_setup(rng);
            while setup.map.size() != 8 || obf::write(&setup).is_none() {
                setup = random_setup(rng);
            }
            let comment = pick(rng, &["", ";", "; best f5", "   ;x"]);
            pool.push(format!("{}{comment}", obf::write(&setup).unwrap()));
        },
        |text| {
            check_read("OBF", text, obf::read(text), &["character "], |setup| {
                check_setup("OBF", text, &setup);
                assert_eq!(obf::read(&obf::write(&setup).unwrap()).as_ref(), Ok(&setup));
                true
            })
        },
    );
}

#[test]
fn transcripts_never_panic_and_errors_name_the_character_or_the_move() {
    let mut pool = Vec::new();
    fuzz(
        "transcript",
        200_000,
        |rng| {
            if pool.len() < POOL {
                let setup = random_setup(rng);
                let mut game =
                    AnyGame::new(setup.variant, Map::empty(setup.map.size()).unwrap()).unwrap();
                let n = game.size();
                play_randomly(rng, &mut game, 70);
                pool.push((n, transcript::write(&game.moves(), n)));
            }
            match below(rng, 10) {
                0 => format!("{} {}", pick(rng, &[6, 8, 10]), noise(rng, 60)),
                _ => {
                    let (n, base) = pool[below(rng, pool.len())].clone();
                    format!("{n} {}", mutate(rng, &base))
                }
            }
        },
        |input| {
            let (n, text) = input.split_once(' ').unwrap();
            let n: u32 = n.parse().unwrap();
            let read = transcript::read(text, n);
            check_read("transcript", text, read, &["character "], |moves| {
                assert_eq!(
                    transcript::read(&transcript::write(&moves, n), n).as_ref(),
                    Ok(&moves)
                );
                let mut game = AnyGame::new(Variant::Mapello, Map::empty(n).unwrap()).unwrap();
                let replay = transcript::replay(&mut game, &moves);
                check_read("replay", text, replay, &["move "], |()| true)
            })
        },
    );
}

/// An Othello game of random length on a board of random size, as a GGF
/// record, now and then after another record or with extra properties:
/// details a server writes, a result of its own, a day without a time.
fn random_ggf(rng: &mut Rand) -> String {
    let n = pick(rng, &[6, 8, 8, 10]);
    let mut game = AnyGame::new(Variant::Othello, Map::empty(n).unwrap()).unwrap();
    play_randomly(rng, &mut game, 110);
    let details = ggf::Details {
        place: Some(pick(rng, &["GGS/os", "", "a\\]b"]).to_string()),
        time: Some(pick(rng, &["15:00//02:00", "x"]).to_string()),
        black_rating: Some("2197.72".into()),
        white_rating: None,
        kind: Some(pick(rng, &["8r", "s8r20", "10", "8a"]).to_string()),
        result: Some(pick(rng, &["+12.00", "-3.5:t", "0:r", "+64:s", "??"]).to_string()),
    };
    let info = ggf::Info {
        black: pick(rng, &["Ann", "", "a]b"]),
        white: "Bob",
        date: Some(pick(rng, &["2026-11-26T18:02:46Z", "x", "1999-07-04"])),
        details: (below(rng, 2) == 0).then_some(&details),
    };
    let text = ggf::write(&game, &info).unwrap();
    match below(rng, 5) {
        0 => text.replacen("TY[", "RB[1800.5]TI[15:00//02:00]C[a (note)]TY[", 1),
        1 => format!(
            "{text}\n{}",
            ggf::write(&game, &ggf::Info::default()).unwrap()
        ),
        2 => text.replacen(
            "PB[",
            pick(
                rng,
                &[
                    "RE[+12.000]PB[",
                    "RE[-2:t]PB[",
                    "RE[+0:r]PB[",
                    "DT[2003.12.15]PB[",
                ],
            ),
            1,
        ),
        _ => text,
    }
}

/// Whether a detail read is within bounds: at most 80 characters, no
/// control character, not blank.
fn bounded(value: &Option<String>) -> bool {
    value.as_ref().is_none_or(|v| {
        v.chars().count() <= ggf::MAX_NAME_CHARS
            && !v.chars().any(char::is_control)
            && !v.trim().is_empty()
    })
}

/// Checks a record read from hostile text: its details within bounds,
/// and written back with all it said, it reads as the same game, details,
/// result and forfeit.
fn check_ggf_record(text: &str, record: &ggf::Record) {
    let d = &record.details;
    let fields = [
        &d.place,
        &d.time,
        &d.black_rating,
        &d.white_rating,
        &d.kind,
        &d.result,
    ];
    assert!(fields.into_iter().all(bounded), "{d:?} for {text:?}");
    if let Some(said) = &record.said {
        assert!(said.margin.len() <= ggf::MAX_NAME_CHARS && !said.margin.is_empty());
    }
    let again = ggf::write(&record.game, &ggf::Info::default()).unwrap();
    let back = ggf::read(&again).unwrap().remove(0).unwrap();
    assert_eq!(back.game.moves(), record.game.moves(), "{text:?}");
    assert_eq!(back.game.start_setup(), record.game.start_setup());
    let info = ggf::Info {
        black: record.black.as_deref().unwrap_or(""),
        white: record.white.as_deref().unwrap_or(""),
        date: record.date.as_deref(),
        details: Some(d),
    };
    let again = ggf::write(&record.game, &info).unwrap();
    let back = ggf::read(&again).unwrap().remove(0).unwrap();
    assert_eq!(back.game.moves(), record.game.moves(), "{again:?}");
    assert_eq!(back.game.snapshot().forfeit, record.game.snapshot().forfeit);
    assert_eq!(back.said, record.said, "{again:?}");
    assert_eq!(back.date, record.date, "{again:?}");
    // Brackets and backslashes are left out of what is written back.
    let clean = |v: &Option<String>| {
        v.as_ref()
            .map(|v| v.replace(['[', ']', '\\'], "").trim().to_string())
            .filter(|v| !v.is_empty())
    };
    assert_eq!(back.details.place, clean(&d.place), "{again:?}");
    assert_eq!(back.details.time, clean(&d.time), "{again:?}");
    assert_eq!(
        back.details.black_rating,
        clean(&d.black_rating),
        "{again:?}"
    );
}

#[test]
fn ggf_never_panics_and_what_it_reads_is_a_game_that_writes_back() {
    const GGF_CHARS: &[char] = &[
        '[', ']', '(', ')', ';', '\\', '*', 'O', '-', 'B', 'W', '/', ':',
    ];
    let mut pool = Vec::new();
    fuzz(
        "GGF",
        40_000,
        |rng| {
            let mut text = hostile(rng, &mut pool, 200, |rng, pool| pool.push(random_ggf(rng)));
            if below(rng, 3) == 0 {
                let at = below(rng, text.chars().count() + 1);
                let at = text.char_indices().nth(at).map_or(text.len(), |(i, _)| i);
                text.insert(at, pick(rng, GGF_CHARS));
            }
            text
        },
        |text| {
            let Ok(records) = ggf::read(text) else {
                return false;
            };
            let mut accepted = false;
            for record in records {
                match record {
                    Ok(record) => {
                        accepted = true;
                        check_ggf_record(text, &record);
                    }
                    Err(e) => {
                        let m = e.to_string();
                        assert!(
                            m.starts_with("character ") || m.starts_with("move "),
                            "{m:?} for {text:?}"
                        );
                    }
                }
            }
            accepted
        },
    );
}

#[test]
fn share_codes_never_panic_and_decode_only_canonical_codes() {
    let mut pool = Vec::new();
    fuzz(
        "share code",
        300_000,
        |rng| match below(rng, 10) {
            // A well-formed start and a body of the code's own alphabet.
            0 => {
                let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
                let len = pick(rng, &[15, 23, 35, 36, 22]);
                let body: String = (0..len).map(|_| char::from(pick(rng, alphabet))).collect();
                format!("1{}{body}", pick(rng, &[6, 8, 10]))
            }
            _ => hostile(rng, &mut pool, 50, |rng, pool| {
                pool.push(sharecode::encode(&random_setup(rng).map));
            }),
        },
        |code| {
            check_read(
                "share code",
                code,
                sharecode::decode(code),
                &["character"],
                |map| {
                    assert_eq!(
                        sharecode::encode(&map),
                        code,
                        "a code decodes only if canonical"
                    );
                    true
                },
            )
        },
    );
}

#[test]
fn square_names_never_panic() {
    fuzz(
        "square name",
        100_000,
        |rng| match below(rng, 2) {
            0 => noise(rng, 5),
            _ => format!(
                "{}{}",
                pick(rng, &['a', 'J', 'k', 'z', 'é']),
                below(rng, 130)
            ),
        },
        |text| {
            let mut accepted = false;
            for n in [6, 8, 10] {
                accepted |= check_read("square", text, Square::parse(text, n), &[text], |sq| {
                    assert_eq!(sq.name(n).to_string(), text.to_lowercase());
                    true
                });
            }
            accepted
        },
    );
}

#[test]
#[cfg(feature = "cli")]
fn position_arguments_never_panic() {
    let mut pool = Vec::new();
    fuzz(
        "--position",
        60_000,
        |rng| {
            let text = hostile(rng, &mut pool, 100, |rng, pool| {
                let setup = random_setup(rng);
                pool.push(sharecode::encode(&setup.map));
                pool.push(diagram::write(&setup));
                if let Some(o) = obf::write(&setup) {
                    pool.push(o);
                }
            });
            // `-` would read this test's standard input.
            if text == "-" {
                String::new()
            } else {
                text
            }
        },
        |text| {
            let mut accepted = false;
            for variant in VARIANTS {
                for result in [
                    position::load(text, variant),
                    position::parse_text(text, variant),
                ] {
                    match result {
                        Ok(_) => accepted = true,
                        Err(e) => {
                            assert!(!e.to_string().trim().is_empty(), "empty error for {text:?}")
                        }
                    }
                }
            }
            accepted
        },
    );
}

#[cfg(feature = "cli")]
mod command_line {
    use std::ffi::OsString;
    use std::io::{Read, Write};
    use std::os::unix::ffi::OsStringExt;
    use std::process::{Child, Command, ExitStatus, Stdio};
    use std::time::{Duration, Instant};

    use super::{below, pick, seeded, Rand};

    /// Longest any hostile run may take.
    const LIMIT: Duration = Duration::from_secs(20);

    fn spawn(args: &[OsString], stdin: Stdio) -> Child {
        Command::new(env!("CARGO_BIN_EXE_mapello"))
            .args(args)
            .stdin(stdin)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    /// Waits for `child` at most [`LIMIT`] (killing it and failing after
    /// that); its exit status and standard error.
    fn finish(mut child: Child, what: &str) -> (ExitStatus, String) {
        let mut stderr = child.stderr.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut bytes = Vec::new();
            stderr.read_to_end(&mut bytes).unwrap();
            bytes
        });
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > LIMIT {
                child.kill().unwrap();
                child.wait().unwrap();
                panic!("{what} still ran after {LIMIT:?}");
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let bytes = reader.join().unwrap();
        let err = String::from_utf8(bytes)
            .unwrap_or_else(|e| panic!("{what}: standard error is not UTF-8: {e}"));
        (status, err)
    }

    /// Lines of the usage an unknown command prints: a few lines of
    /// header, one a command.
    const USAGE_LINES: usize = 22;

    /// Checks a failed run: status 1 (not a panic's 101 or a signal), and
    /// an error on one line (`lines` for the usage) without any control
    /// character but the line breaks.
    fn assert_clean_error(what: &str, status: ExitStatus, err: &str, lines: usize) {
        assert_eq!(status.code(), Some(1), "{what}: {status}: {err}");
        assert!(err.starts_with("mapello: "), "{what}: {err:?}");
        assert!(!err.contains("panicked"), "{what}: {err:?}");
        assert!(
            !err.chars().any(|c| c.is_control() && c != '\n'),
            "{what}: a control character in {err:?}"
        );
        assert!(err.lines().count() <= lines, "{what}: {err:?}");
    }

    /// Runs the command of each case, which must fail cleanly with one
    /// line that contains the case's text.
    fn assert_each_refused(cases: &[(&[&str], &str)]) {
        for (words, want) in cases {
            let args: Vec<OsString> = words.iter().map(OsString::from).collect();
            let what = format!("{args:?}");
            let err = clean_error(spawn(&args, Stdio::null()), &what, 1);
            assert!(err.contains(want), "{what}: {err}");
        }
    }

    /// The error of `child`, a run that must fail cleanly (see
    /// [`assert_clean_error`]).
    fn clean_error(child: Child, what: &str, lines: usize) -> String {
        let (status, err) = finish(child, what);
        assert_clean_error(what, status, &err, lines);
        err
    }

    fn os(words: &[&[u8]]) -> Vec<OsString> {
        words
            .iter()
            .map(|w| OsString::from_vec(w.to_vec()))
            .collect()
    }

    #[test]
    fn arguments_that_are_not_utf8_are_refused_with_their_place() {
        let cases: [(&[&[u8]], usize); 6] = [
            (&[b"\xff"], 1),
            (&[b"show", b"e\xff3"], 2),
            (&[b"show", b"--position", b"\xc3(.txt"], 3),
            (&[b"show", b"--position=\xfe"], 2),
            (&[b"perft", b"3\x80"], 2),
            (&[b"map", b"decode", b"18\xed\xa0\x80"], 3),
        ];
        for (words, place) in cases {
            let args = os(words);
            let what = format!("{args:?}");
            let err = clean_error(spawn(&args, Stdio::null()), &what, 1);
            let want = format!("mapello: argument {place} is not valid UTF-8: \"");
            assert!(err.starts_with(&want), "{what}: {err}");
        }
    }

    #[test]
    fn errors_quote_user_text_and_escape_terminal_controls() {
        let cases: [(&[&str], &str); 6] = [
            (
                &["show", "--position", "\u{1b}[2Jevil"],
                "'\\u{1b}[2Jevil' is neither",
            ),
            (
                &["show", "--variant", "\u{1b}]0;title\u{7}"],
                "unknown variant '\\u{1b}]0;title\\u{7}'",
            ),
            (&["show", "e3", "\u{1b}[0m"], "unexpected '\\u{1b}'"),
            (&["perft", "2\n3"], "depth D must be 0 to 20, not '2\\n3'"),
            (
                &["show", "--position", "a/\u{1b}[31m.txt"],
                "a/\\u{1b}[31m.txt: no such file",
            ),
            (
                &["show", "--bogus\u{1b}c"],
                "unknown option --bogus\\u{1b}c",
            ),
        ];
        assert_each_refused(&cases);
        // The usage after an unknown command takes several lines; the
        // command's name does not add one.
        let args = vec![OsString::from("frob\nnicate")];
        let err = clean_error(spawn(&args, Stdio::null()), "frob\\nnicate", USAGE_LINES);
        assert!(
            err.starts_with("mapello: unknown command 'frob\\nnicate'\nusage:"),
            "{err}"
        );
    }

    #[test]
    fn blocs_errors_quote_user_text_and_escape_terminal_controls() {
        let cases: [(&[&str], &str); 4] = [
            (
                &["show", "--variant", "blocs", "a1X", "\u{1b}[2J"],
                "in the moves, move 2 at character 5: '\\u{1b}[' is not a square",
            ),
            (
                &[
                    "show",
                    "--variant",
                    "blocs",
                    "--position",
                    "XXXX\n\u{1b}]0;t\u{7}\n",
                ],
                "line 2, column 1: '\\u{1b}' is not a Blocs cell",
            ),
            (
                &[
                    "match",
                    "--variant",
                    "blocs",
                    "--a",
                    "\u{1b}c",
                    "--b",
                    "1",
                    "--games",
                    "1",
                ],
                "--a must be a Blocs level from 1 to 5 or random, not '\\u{1b}c'",
            ),
            (
                &[
                    "perft",
                    "--variant",
                    "blocs",
                    "--position",
                    "\u{1b}[31m.txt",
                    "1",
                ],
                "'\\u{1b}[31m.txt': no such file",
            ),
        ];
        assert_each_refused(&cases);
    }

    /// A full board, 32 discs each: the game is over, a draw.
    const FINISHED: &str = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO O";

    /// FFO #40 with its first seven discs taken off: 27 empty squares, one
    /// more than a solve takes unless told.
    const TWENTY_SEVEN_EMPTIES: &str =
        "----------OOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

    #[test]
    fn options_a_command_cannot_honour_are_refused_by_name() {
        let random_maps = |variant: &'static str| -> Vec<&'static str> {
            vec![
                "match",
                "--variant",
                variant,
                "--random-maps",
                "--a",
                "random",
                "--b",
                "random",
                "--games",
                "2",
            ]
        };
        let (othello, troll, reversi) = (
            random_maps("othello"),
            random_maps("troll"),
            random_maps("reversi"),
        );
        let cases: [(&[&str], &str); 10] = [
            (
                &othello,
                "--random-maps draws Mapello maps (walls, bonuses, jokers), which othello does not play",
            ),
            (&troll, "which troll does not play"),
            (&reversi, "which reversi does not play"),
            (
                &["balance", "--variant", "troll"],
                "balance is a margin in points, and troll has none",
            ),
            (
                &["solve", "--position", FINISHED],
                "the game is over: a draw, score X 32 O 32",
            ),
            (
                &["bestmove", "--level", "1", "--position", FINISHED],
                "the game is over: a draw, score X 32 O 32",
            ),
            (
                &[
                    "match", "--position", FINISHED, "--a", "1", "--b", "1", "--games", "2",
                ],
                "the game is over: a draw",
            ),
            (
                &[
                    "match", "--a", "random", "--b", "uct:5", "--games", "2", "--time-ms", "5",
                ],
                "--time-ms gives the levels a time a move, and neither random nor uct:5 is a level",
            ),
            (
                &["solve", "--position", TWENTY_SEVEN_EMPTIES],
                "solve takes at most 26 empty squares and the position has 27; --max-empties 27 \
                 lifts the limit, but that solve would take about 4 minutes",
            ),
            (
                &["perft", "--variant", "blocs", "7"],
                "depth D must be 0 to 6 for Blocs, not '7': perft 7 from the start would take about",
            ),
        ];
        assert_each_refused(&cases);
        for option in ["--variant=othello", "--size=6", "--position=x"] {
            let want = format!(
                "map decode prints the Mapello start on the code's map, whose size the code \
                 holds: {} does not apply",
                option.split('=').next().unwrap()
            );
            assert_each_refused(&[(&["map", "decode", "16AFcAQAJRAIXMwQA", option], &want)]);
        }
    }

    #[test]
    fn training_refuses_what_it_cannot_measure() {
        let dir = std::env::temp_dir().join(format!("mapello-train-{}", std::process::id()));
        let shown = dir.to_str().unwrap().to_string();
        let cases: [(&[&str], &str); 3] = [
            (
                &[
                    "tune", "--games", "20", "--level", "1", "--solve-at", "0", "--ridge", "0",
                ],
                "the positions do not fix every weight with ridge 0",
            ),
            (
                &["train", "--dir", &shown, "--games", "49"],
                "--games: the error is measured on one game in 50, held out from the fit, so a run \
                 needs at least 50 games, not 49",
            ),
            (
                &["train", "--dir", &shown, "--games", "20,20"],
                "needs at least 50 games, not 40",
            ),
        ];
        assert_each_refused(&cases);
        assert!(!dir.exists(), "a refused run wrote {shown}");
        // A run whose games file was left empty: no finished chunk.
        let games = dir.join("gen-1");
        std::fs::create_dir_all(&games).unwrap();
        let plan = "size 8 games [50] seed 1 level 5 solve-at 16\n";
        std::fs::write(dir.join("plan.txt"), plan).unwrap();
        std::fs::write(games.join("games-0000.txt"), "").unwrap();
        let args: Vec<OsString> = ["train", "--dir", &shown, "--games", "50"]
            .iter()
            .map(OsString::from)
            .collect();
        // Progress comes first on standard error; the error is the last line.
        let (status, err) = finish(spawn(&args, Stdio::null()), "an empty games file");
        assert_eq!(status.code(), Some(1), "{err}");
        let want = format!(
            "mapello: {shown}/gen-1/games-0000.txt holds no games; delete it and run again \
             to play them\n"
        );
        assert!(err.ends_with(&want), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Runs a match of a million games until it has said its totals so far
    /// on standard error, then stops it: its first `lines` lines and that
    /// report. A long match streams its games (it used to die drawing them
    /// all first), and what it printed stays.
    fn stream_of_a_long_match(extra: &[&str], lines: usize) -> (Vec<String>, String) {
        use std::io::{BufRead, BufReader};
        let mut args = vec![
            "match",
            "--a",
            "random",
            "--b",
            "greedy",
            "--games",
            "1000000",
            "--threads",
            "2",
        ];
        args.extend_from_slice(extra);
        let mut child = Command::new(env!("CARGO_BIN_EXE_mapello"))
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        // Reads every line, so that the match never waits on a full pipe.
        let reader = std::thread::spawn(move || {
            let mut first = Vec::new();
            for line in out.lines() {
                let line = line.unwrap();
                if first.len() < lines {
                    first.push(line);
                }
            }
            first
        });
        let mut report = String::new();
        BufReader::new(child.stderr.take().unwrap())
            .read_line(&mut report)
            .unwrap();
        let still_running = child.try_wait().unwrap().is_none();
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(still_running, "{args:?} ended early: {report}");
        (reader.join().unwrap(), report)
    }

    #[test]
    fn a_match_of_a_million_games_streams_them_and_says_its_totals() {
        for extra in [&[][..], &["--random-maps", "--size", "6"][..]] {
            let (lines, report) = stream_of_a_long_match(extra, 300);
            assert_eq!(lines.len(), 300, "{extra:?}");
            for (i, line) in lines.iter().enumerate() {
                let want = format!("game {} black ", i + 1);
                assert!(line.starts_with(&want), "{extra:?}: {line}");
            }
            // `match: N of 1000000 games so far, a-wins W b-wins L draws D`
            let words: Vec<&str> = report.split_whitespace().collect();
            let number = |i: usize| words[i].trim_end_matches(',').parse::<u32>().unwrap();
            assert_eq!(
                words[..6],
                ["match:", words[1], "of", "1000000", "games", "so"]
            );
            assert_eq!(
                words[7..],
                ["a-wins", words[8], "b-wins", words[10], "draws", words[12]]
            );
            assert_eq!(number(1), number(8) + number(10) + number(12), "{report}");
            assert!(number(1) >= 300, "{report}");
        }
    }

    /// What an over-long position gives, whatever its source.
    const TOO_LONG: &str = "more than 1 MiB, the most read for a position";

    #[test]
    fn endless_standard_input_ends_with_an_error_naming_the_cap() {
        let args = os(&[b"show", b"--position", b"-"]);
        let mut child = spawn(&args, Stdio::piped());
        let mut input = child.stdin.take().unwrap();
        // Writes until the program stops reading (a broken pipe).
        let writer = std::thread::spawn(move || {
            let block = vec![0u8; 1 << 16];
            let mut sent = 0usize;
            while input.write_all(&block).is_ok() {
                sent += block.len();
            }
            sent
        });
        let err = clean_error(child, "endless standard input", 1);
        assert!(
            err.contains(&format!("standard input: {TOO_LONG}")),
            "{err}"
        );
        assert!(
            writer.join().unwrap() < 64 << 20,
            "it read far past the cap"
        );
    }

    #[test]
    fn standard_input_that_is_not_utf8_is_an_error() {
        let args = os(&[b"show", b"--position", b"-"]);
        let mut child = spawn(&args, Stdio::piped());
        let mut input = child.stdin.take().unwrap();
        input.write_all(b". . X\xff O\n").unwrap();
        drop(input);
        let err = clean_error(child, "bytes that are not UTF-8", 1);
        assert!(
            err.contains("standard input: byte 6 is not UTF-8 text"),
            "{err}"
        );
    }

    #[test]
    fn a_device_an_endless_pipe_and_a_huge_file_end_with_an_error_naming_the_cap() {
        let dir = std::env::temp_dir().join(format!("mapello-hostile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let big = dir.join("big.txt");
        std::fs::write(&big, ". ".repeat(600_000)).unwrap();
        let fifo = dir.join("endless");
        let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        // Opening the pipe waits for the program to open it; then it writes
        // until the program closes it.
        let pipe = fifo.clone();
        std::thread::spawn(move || {
            let mut out = std::fs::OpenOptions::new().write(true).open(pipe).unwrap();
            let block = vec![b'.'; 1 << 16];
            while out.write_all(&block).is_ok() {}
        });
        let mut sources = vec![big, fifo];
        if std::path::Path::new("/dev/zero").exists() {
            sources.push("/dev/zero".into());
        }
        for source in sources {
            let shown = source.to_str().unwrap().to_string();
            let args = vec![
                OsString::from("show"),
                OsString::from("--position"),
                source.into_os_string(),
            ];
            let err = clean_error(spawn(&args, Stdio::null()), &shown, 1);
            assert_eq!(
                err,
                format!("mapello: {shown}: {TOO_LONG} (a diagram takes a few hundred bytes)\n")
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Command lines that finish at once, to mutate.
    const POOL: &[&[&str]] = &[
        &["show", "e3", "f3", "c3"],
        &["show", "--variant", "othello", "--size", "6", "c2"],
        &["show", "--position", "18EwAAAAMAABIAABJRhCAAQAA", "e3"],
        &[
            "show",
            "--position",
            "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOXOOXX---OOOXX---OOXXX--OOOOOO X",
            "c7",
        ],
        &["map", "encode", "--position", "18EwAAAAMAABIAABJRhCAAQAA"],
        &["map", "decode", "16AFcAQAJRAIXMwQA"],
        &[
            "bestmove",
            "--level",
            "2",
            "--position",
            "18EwAAAAMAABIAABJRhCAAQAA",
        ],
        &["bestmove", "--time-ms=20", "--variant", "reversi"],
        &["balance", "--variant", "troll"],
        &["map", "decode", "16AFcAQAJRAIXMwQA", "--variant", "othello"],
        &[
            "bestmove",
            "--level",
            "1",
            "--position",
            "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO O",
        ],
        &["help"],
    ];

    /// Bytes the mutations insert: the troublesome and the meaningful.
    // (No NUL: an argument cannot hold one.)
    const BYTES: &[u8] = b"\xff\xfe\xc3\x80\x1b\x07\n\r\t -=.:/;#+*XOxo0123456789efpass";

    /// A command line from [`POOL`] after one to four edits of its bytes
    /// or its words.
    fn mutated(rng: &mut Rand) -> Vec<Vec<u8>> {
        let mut words: Vec<Vec<u8>> = pick(rng, POOL)
            .iter()
            .map(|w| w.as_bytes().to_vec())
            .collect();
        for _ in 0..1 + below(rng, 4) {
            let i = below(rng, words.len());
            match below(rng, 6) {
                0 | 1 => {
                    let at = below(rng, words[i].len() + 1);
                    words[i].insert(at, pick(rng, BYTES));
                }
                2 if !words[i].is_empty() => {
                    let at = below(rng, words[i].len());
                    words[i][at] = pick(rng, BYTES);
                }
                3 if words.len() > 1 => {
                    words.remove(i);
                }
                4 => {
                    let copy = words[i].clone();
                    words.insert(below(rng, words.len() + 1), copy);
                }
                _ => {
                    let len = below(rng, 12);
                    words.push((0..len).map(|_| pick(rng, BYTES)).collect());
                }
            }
        }
        words
    }

    #[test]
    fn mutated_command_lines_end_with_a_result_or_a_clean_error() {
        let mut rng = seeded("command lines");
        let start = Instant::now();
        let (mut runs, mut refused) = (0, 0);
        while runs < 300 {
            let words = mutated(&mut rng);
            // Commands that may run long by design are not what this tests.
            let first = words.first().map(Vec::as_slice).unwrap_or_default();
            if [&b"bench"[..], b"tune", b"match", b"perft", b"solve"].contains(&first) {
                continue;
            }
            runs += 1;
            let args: Vec<OsString> = words.into_iter().map(OsString::from_vec).collect();
            let what = format!("{args:?}");
            let (status, err) = finish(spawn(&args, Stdio::null()), &what);
            if status.success() {
                assert_eq!(err, "", "{what}");
            } else {
                refused += 1;
                assert_clean_error(&what, status, &err, USAGE_LINES);
            }
        }
        println!(
            "command lines: {runs} runs ({refused} refused) in {:.2?}",
            start.elapsed()
        );
    }
}
