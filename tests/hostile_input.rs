//! Hostile input for every reader: random text and mutations of valid
//! diagrams, OBF strings, transcripts, share codes, square names and
//! `--position` arguments, over a million inputs in all.
//!
//! No reader may panic; every error must say what is wrong and where (line
//! and column, character index, or the move); whatever a reader accepts must
//! be a playable position that writes back and reads again the same. The
//! seed comes from `MAPELLO_SEED`, else from the clock, and is printed.

#![cfg(not(target_arch = "wasm32"))]

use std::panic::{catch_unwind, AssertUnwindSafe};

#[cfg(feature = "cli")]
use mapello::cli::position;
use mapello::game::AnyGame;
use mapello::map::{Counts, Map};
use mapello::rules::{Status, Variant};
use mapello::setup::Setup;
use mapello::square::{Move, Square};
use mapello::{diagram, obf, sharecode, transcript};
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
    let seed = std::env::var("MAPELLO_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        });
    println!("{name}: seed {seed} (MAPELLO_SEED={seed} replays it)");
    Rand::seed_from_u64(seed)
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
    for _ in 0..below(rng, 80) {
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
    game.setup()
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
    let mut pool = Vec::new();
    fuzz(
        "diagram",
        150_000,
        |rng| {
            if pool.len() < 300 {
                pool.push(diagram::write(&random_setup(rng)));
            }
            match below(rng, 10) {
                0 => noise(rng, 160),
                _ => {
                    let base = pool[below(rng, pool.len())].clone();
                    mutate(rng, &base)
                }
            }
        },
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
    let mut pool = Vec::new();
    fuzz(
        "OBF",
        300_000,
        |rng| {
            if pool.len() < 300 {
                let mut setup = random_setup(rng);
                while setup.map.size() != 8 || obf::write(&setup).is_none() {
                    setup = random_setup(rng);
                }
                let comment = pick(rng, &["", ";", "; best f5", "   ;x"]);
                pool.push(format!("{}{comment}", obf::write(&setup).unwrap()));
            }
            match below(rng, 10) {
                0 => noise(rng, 80),
                _ => {
                    let base = pool[below(rng, pool.len())].clone();
                    mutate(rng, &base)
                }
            }
        },
        |text| match obf::read(text) {
            Ok(setup) => {
                check_setup("OBF", text, &setup);
                assert_eq!(obf::read(&obf::write(&setup).unwrap()).as_ref(), Ok(&setup));
                true
            }
            Err(e) => {
                assert_error_says_where("OBF", text, &e.to_string(), &["character "]);
                false
            }
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
            if pool.len() < 300 {
                let setup = random_setup(rng);
                let mut game =
                    AnyGame::new(setup.variant, Map::empty(setup.map.size()).unwrap()).unwrap();
                let n = game.size();
                for _ in 0..below(rng, 70) {
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
            match transcript::read(text, n) {
                Ok(moves) => {
                    assert_eq!(
                        transcript::read(&transcript::write(&moves, n), n).as_ref(),
                        Ok(&moves)
                    );
                    let mut game = AnyGame::new(Variant::Mapello, Map::empty(n).unwrap()).unwrap();
                    match transcript::replay(&mut game, &moves) {
                        Ok(()) => true,
                        Err(e) => {
                            assert_error_says_where("replay", text, &e.to_string(), &["move "]);
                            false
                        }
                    }
                }
                Err(e) => {
                    assert_error_says_where("transcript", text, &e.to_string(), &["character "]);
                    false
                }
            }
        },
    );
}

#[test]
fn share_codes_never_panic_and_decode_only_canonical_codes() {
    let mut pool = Vec::new();
    fuzz(
        "share code",
        300_000,
        |rng| {
            if pool.len() < 300 {
                pool.push(sharecode::encode(&random_setup(rng).map));
            }
            match below(rng, 10) {
                0 => noise(rng, 50),
                1 => {
                    let alphabet =
                        b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
                    let len = pick(rng, &[15, 23, 35, 36, 22]);
                    let body: String = (0..len).map(|_| char::from(pick(rng, alphabet))).collect();
                    format!("1{}{body}", pick(rng, &[6, 8, 10]))
                }
                _ => {
                    let base = pool[below(rng, pool.len())].clone();
                    mutate(rng, &base)
                }
            }
        },
        |code| match sharecode::decode(code) {
            Ok(map) => {
                assert_eq!(
                    sharecode::encode(&map),
                    code,
                    "a code decodes only if canonical"
                );
                true
            }
            Err(e) => {
                assert_error_says_where("share code", code, &e.to_string(), &["character"]);
                false
            }
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
                match Square::parse(text, n) {
                    Ok(sq) => {
                        accepted = true;
                        assert_eq!(sq.name(n).to_string(), text.to_lowercase());
                    }
                    Err(e) => assert_error_says_where("square", text, &e.to_string(), &[text]),
                }
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
            if pool.len() < 300 {
                let setup = random_setup(rng);
                pool.push(sharecode::encode(&setup.map));
                pool.push(diagram::write(&setup));
                if let Some(o) = obf::write(&setup) {
                    pool.push(o);
                }
            }
            let text = match below(rng, 10) {
                0 => noise(rng, 100),
                _ => {
                    let base = pool[below(rng, pool.len())].clone();
                    mutate(rng, &base)
                }
            };
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
