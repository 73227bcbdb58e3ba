//! GGF records (src/ggf.rs): what the writer writes, what the reader takes
//! from servers and tools, and what it refuses, with the reason.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use mapello::forfeit::Cause;
use mapello::{ggf, transcript, AnyGame, Colour, Map, Move, Setup, Square, Status, Variant};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const INFO: ggf::Info = ggf::Info {
    black: "Ann",
    white: "Bob",
    date: Some("2026-11-26T18:02:46.500Z"),
    details: None,
};

fn othello(n: u32, moves: &str) -> AnyGame {
    let mut game = AnyGame::new(Variant::Othello, Map::empty(n).unwrap()).unwrap();
    transcript::replay(&mut game, &transcript::read(moves, n).unwrap()).unwrap();
    game
}

fn one(text: &str) -> ggf::Record {
    let records = ggf::read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(records.len(), 1, "{text}");
    records
        .into_iter()
        .next()
        .unwrap()
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn refusal(text: &str) -> String {
    match ggf::read(text) {
        Err(e) => e.to_string(),
        Ok(records) => match &records[0] {
            Err(e) => e.to_string(),
            Ok(_) => panic!("{text} was read"),
        },
    }
}

/// A game played at random to its end on the Othello board of side `n`.
fn random_game(rng: &mut Xoshiro256PlusPlus, n: u32) -> AnyGame {
    let mut game = othello(n, "");
    loop {
        let snap = game.snapshot();
        match snap.status {
            Status::GameOver => return game,
            Status::MustPass => game.play(Move::Pass).unwrap(),
            Status::ToMove => {
                let pick = (rng.next_u64() % snap.legal.len() as u64) as usize;
                game.play(game.parse_move(&snap.legal[pick]).unwrap())
                    .unwrap();
            }
        }
    }
}

#[test]
fn the_writer_writes_the_start_players_date_result_and_moves() {
    let game = othello(8, "f5d6c3");
    assert_eq!(
        ggf::write(&game, &INFO).unwrap(),
        "(;GM[Othello]PC[Mapello]DT[2026.11.26_18:02:46.UTC]PB[Ann]PW[Bob]TY[8]\
         BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\
         B[f5]W[d6]B[c3];)"
    );
    let names = ggf::Info {
        black: "A]n[n\\",
        white: "Bo\nb",
        date: Some("not a date"),
        details: None,
    };
    let text = ggf::write(&game, &names).unwrap();
    assert!(text.contains("PB[Ann]PW[Bob]"), "{text}");
    assert!(!text.contains("DT["), "{text}");
}

#[test]
fn a_finished_game_says_its_result_and_a_forfeit_how() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(common::seed("ggf result"));
    let game = random_game(&mut rng, 8);
    let [b, w] = game.snapshot().score;
    let text = ggf::write(&game, &INFO).unwrap();
    let re = if b > w {
        format!("RE[+{}.000]", b - w)
    } else {
        format!("RE[{}.000]", b - w)
    };
    assert!(text.contains(&re), "{text} lacks {re}");

    let mut resigned = othello(8, "f5d6");
    resigned.forfeit(Colour::Black, Cause::Resigned).unwrap();
    let text = ggf::write(&resigned, &INFO).unwrap();
    let [b, w] = resigned.snapshot().score;
    assert!(text.contains(&format!("RE[{}.000:r]", b - w)), "{text}");
    let back = one(&text);
    let forfeit = back.game.snapshot().forfeit.unwrap();
    assert_eq!(
        (forfeit.loser, forfeit.cause),
        (Colour::Black, Cause::Resigned)
    );

    let mut timed = othello(8, "f5");
    timed.forfeit(Colour::White, Cause::Time).unwrap();
    let text = ggf::write(&timed, &INFO).unwrap();
    assert!(text.contains(".000:t]"), "{text}");
    let forfeit = one(&text).game.snapshot().forfeit.unwrap();
    assert_eq!((forfeit.loser, forfeit.cause), (Colour::White, Cause::Time));
}

#[test]
fn every_size_writes_and_reads_back_the_same_game_passes_included() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(common::seed("ggf round trip"));
    let mut passes = 0;
    for round in 0..60 {
        let n = [6, 8, 10][round % 3];
        let game = random_game(&mut rng, n);
        let text = ggf::write(&game, &INFO).unwrap();
        assert!(text.contains(&format!("TY[{n}]BO[{n} ")), "{text}");
        passes += usize::from(text.contains("[PA]"));
        let back = one(&text);
        assert_eq!(back.game.moves(), game.moves(), "{text}");
        assert_eq!(back.game.start_setup(), game.start_setup());
        assert_eq!(back.game.snapshot().score, game.snapshot().score);
        assert_eq!(back.black.as_deref(), Some("Ann"));
        assert_eq!(back.white.as_deref(), Some("Bob"));
        assert_eq!(back.date.as_deref(), Some("2026-11-26T18:02:46Z"));
    }
    assert!(passes > 0, "no random game had a pass");
}

#[test]
fn a_set_up_start_is_written_and_read_back() {
    let map = Map::empty(8).unwrap();
    let sq = |name| Square::parse(name, 8).unwrap();
    let setup = Setup {
        black: vec![sq("d4"), sq("e4"), sq("d5")],
        white: vec![sq("e5"), sq("f5")],
        side: Colour::White,
        ..Setup::start(Variant::Othello, map)
    };
    let game = AnyGame::set_up(&setup).unwrap();
    let text = ggf::write(&game, &INFO).unwrap();
    assert!(
        text.contains(
            "BO[8 -------- -------- -------- ---**--- ---*OO-- -------- -------- -------- O]"
        ),
        "{text}"
    );
    assert_eq!(one(&text).game.start_setup(), game.start_setup());
}

#[test]
fn only_othello_without_pieces_is_written() {
    let mapello = AnyGame::new(Variant::Mapello, Map::empty(8).unwrap()).unwrap();
    assert_eq!(ggf::write(&mapello, &INFO), None);
    let reversi = AnyGame::new(Variant::Reversi, Map::empty(8).unwrap()).unwrap();
    assert_eq!(ggf::write(&reversi, &INFO), None);
}

/// A record as a server's archive holds it: ratings, clocks, moves with an
/// evaluation and a time, a zone other than UTC.
const SERVER: &str = "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio1200]PW[Saio3000]\
RB[2197.72]RW[2330.93]TI[15:00//02:00]TY[8]RE[-2.000]\n\
BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\n\
B[f5//0.01]W[d6/-1.23/0.5]B[c3/0.00/1.20]W[d3]B[c4];)";

#[test]
fn server_records_keep_what_they_say_of_the_game() {
    let record = one(SERVER);
    assert_eq!(record.black.as_deref(), Some("Saio1200"));
    assert_eq!(record.white.as_deref(), Some("Saio3000"));
    assert_eq!(record.date.as_deref(), Some("2003-12-15T13:24:03Z"));
    assert_eq!(transcript::write(&record.game.moves(), 8), "f5d6c3d3c4");
    assert_eq!(record.game.status(), Status::ToMove);
    assert!(record.game.snapshot().forfeit.is_none());
    let details = ggf::Details {
        place: Some("GGS/os".into()),
        time: Some("15:00//02:00".into()),
        black_rating: Some("2197.72".into()),
        white_rating: Some("2330.93".into()),
        kind: None,
        result: Some("-2.000".into()),
    };
    assert_eq!(record.details, details);
    // The moves stop before the end: the result is the record's.
    let said = record.said.unwrap();
    assert_eq!(
        (said.winner, said.margin.as_str()),
        (Some(Colour::White), "2")
    );
}

/// The record of `record`'s game written back with all it said.
fn written_back(record: &ggf::Record) -> String {
    let info = ggf::Info {
        black: record.black.as_deref().unwrap_or(""),
        white: record.white.as_deref().unwrap_or(""),
        date: record.date.as_deref(),
        details: Some(&record.details),
    };
    ggf::write(&record.game, &info).unwrap()
}

#[test]
fn what_a_record_says_is_written_back_and_reads_the_same() {
    let text = written_back(&one(SERVER));
    assert_eq!(
        text,
        "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.UTC]PB[Saio1200]PW[Saio3000]\
         RB[2197.72]RW[2330.93]TI[15:00//02:00]RE[-2.000]TY[8]\
         BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\
         B[f5]W[d6]B[c3]W[d3]B[c4];)"
    );
    let again = one(&text);
    let first = one(SERVER);
    assert_eq!(again.details, first.details);
    assert_eq!(again.said, first.said);
    assert_eq!(again.game.moves(), first.game.moves());
    // A type that says more than the side, and a day without a time.
    let typed = one("(;GM[Othello]PC[Club]DT[1999.07.04]TY[8r]B[f5];)");
    assert_eq!(typed.details.kind.as_deref(), Some("8r"));
    assert_eq!(typed.date.as_deref(), Some("1999-07-04"));
    let text = written_back(&typed);
    assert!(
        text.starts_with("(;GM[Othello]PC[Club]DT[1999.07.04]PB[]PW[]TY[8r]BO[8 "),
        "{text}"
    );
    assert_eq!(one(&text).date.as_deref(), Some("1999-07-04"));
    assert_eq!(one(&text).details, typed.details);
    // A plain type is the board's side, not a detail.
    assert_eq!(
        one("(;GM[Othello]TY[8]B[f5];)").details,
        ggf::Details::default()
    );
    // A game of this page has none, and is placed here.
    assert!(ggf::write(&othello(8, "f5"), &ggf::Info::default())
        .unwrap()
        .starts_with("(;GM[Othello]PC[Mapello]PB[]PW[]TY[8]"));
}

#[test]
fn a_result_on_an_unfinished_game_is_the_records_word_or_a_forfeit() {
    let said = |re: &str| {
        let r = one(&format!("(;GM[Othello]RE[{re}]B[f5]W[d6];)"));
        let said = r.said.map(|s| (s.winner, s.margin));
        (said, r.game.snapshot().forfeit, r.details.result)
    };
    let (s, f, kept) = said("+12.00");
    assert_eq!(s, Some((Some(Colour::Black), "12".to_string())));
    assert_eq!((f, kept.as_deref()), (None, Some("+12.00")));
    assert_eq!(
        said("-0.50:s").0,
        Some((Some(Colour::White), "0.5".to_string()))
    );
    assert_eq!(said("0.000").0, Some((None, "0".to_string())));
    assert_eq!(
        said("+012").0,
        Some((Some(Colour::Black), "12".to_string()))
    );
    // Time and resignation are the rules' forfeits: the rules score them.
    let (s, f, kept) = said("+12.00:t");
    assert_eq!((s, kept.as_deref()), (None, Some("+12.00:t")));
    let f = f.unwrap();
    assert_eq!((f.loser, f.cause), (Colour::White, Cause::Time));
    let (_, f, _) = said("-3:r");
    let f = f.unwrap();
    assert_eq!((f.loser, f.cause), (Colour::Black, Cause::Resigned));
    // A drawn margin cannot be lost on time: the record's word.
    let (s, f, _) = said("0.00:t");
    assert_eq!((s, f), (Some((None, "0".to_string())), None));
    // No result, or none this reader knows: the game is left unfinished.
    for re in ["?", "", "+1x", "black"] {
        assert_eq!(said(re), (None, None, None), "{re}");
    }
    // Written back as given, and read the same again.
    for re in ["+12.00", "+12.00:t", "-0.50:s", "-3:r"] {
        let r = one(&format!("(;GM[Othello]RE[{re}]B[f5]W[d6];)"));
        let text = written_back(&r);
        assert!(text.contains(&format!("RE[{re}]")), "{text}");
        let again = one(&text);
        assert_eq!(again.said, r.said, "{text}");
        assert_eq!(again.game.snapshot().forfeit, r.game.snapshot().forfeit);
    }
}

#[test]
fn a_finished_game_is_scored_by_the_rules_whatever_its_record_says() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(common::seed("ggf finished result"));
    let game = random_game(&mut rng, 6);
    let text = ggf::write(&game, &INFO).unwrap();
    let start = text.find("RE[").unwrap();
    let end = start + text[start..].find(']').unwrap();
    let record = one(&format!("{}RE[+99.000:s{}", &text[..start], &text[end..]));
    assert_eq!(record.game.status(), Status::GameOver);
    assert_eq!((record.said, record.details.result), (None, None));
    assert_eq!(written_back(&one(&text)), text);
}

#[test]
fn many_records_in_a_text_each_read_or_refused_alone() {
    let text = format!(
        "1 game: {SERVER}\n2 game: (;GM[Othello]BO[8 {} *]B[a1];)\n3: (;GM[Othello]PB[ x ]DT[0]B[f5];)",
        "-".repeat(27) + "O*------*O" + &"-".repeat(27)
    );
    let records = ggf::read(&text).unwrap();
    assert_eq!(records.len(), 3);
    assert!(records[0].is_ok());
    let e = records[1].as_ref().unwrap_err().to_string();
    assert!(e.contains("move 1") && e.contains("B[a1]"), "{e}");
    let third = records[2].as_ref().unwrap();
    assert_eq!(third.black.as_deref(), Some("x"));
    assert_eq!(third.white, None);
    assert_eq!(third.date.as_deref(), Some("1970-01-01T00:00:00Z"));
    assert_eq!(transcript::write(&third.game.moves(), 8), "f5");
}

#[test]
fn a_forced_pass_may_be_left_out_or_written() {
    // A 6 x 6 game with a pass, found by random play.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(common::seed("ggf pass"));
    let game = loop {
        let game = random_game(&mut rng, 6);
        if game.moves().contains(&Move::Pass) {
            break game;
        }
    };
    let written = ggf::write(&game, &INFO).unwrap();
    let without: String = written.replace("B[PA]", "").replace("W[PA]", "");
    for text in [written.clone(), without, written.replace("[PA]", "[pass]")] {
        let record = one(&text);
        assert_eq!(record.game.moves(), game.moves(), "{text}");
    }
}

#[test]
fn what_is_not_othello_is_refused_with_the_reason() {
    let cases: &[(&str, &str)] = &[
        ("", "holds no GGF record"),
        ("GM[Othello] but no parentheses", "holds no GGF record"),
        ("(;GM[Go]SZ[19];)", "GM[Go] is not Othello"),
        ("(;PB[a]B[f5];)", "names no game"),
        ("(;GM[Othello]TY[8a];)", "anti-Othello"),
        ("(;GM[Othello]BO[12 * ];)", "12 x 12 is not offered"),
        ("(;GM[Othello]TY[10]BO[8 ---------------------------O*------*O--------------------------- *];)", "TY says a board of 10 x 10"),
        ("(;GM[Othello]GM[Othello];)", "GM is given twice"),
        ("(;GM[Othello]BO[8 ---];)", "BO ends after 3"),
        ("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- X];)", "'X' is not the side to move"),
        ("(;GM[Othello]BO[8 ---------------------------O#------*O--------------------------- *];)", "'#' is not a square"),
        ("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- * *];)", "goes on after"),
        ("(;GM[Othello]BO[8 ---------------------------------------------------------------- *];)", "the start (BO)"),
        ("(;GM[Othello]B[z9];)", "B[z9]"),
        ("(;GM[Othello]B[f5]B[d6];)", "white is to move, not black"),
        ("(;GM[Othello]B[PA];)", "move 1"),
        ("(;GM[Othello]W[f5];)", "black is to move, not white"),
        ("(;GM[Othello]B[f5]", "has no end"),
        ("(;GM[Othello]B[f5", "has no closing"),
        ("(;GM[Othello]B[f5](;GM[Othello];)", "before the next record"),
        ("(;GM[Othello]B[[f5]];)", "unexpected ']'"),
        ("(;GM[Othello]b[f5];)", "unexpected 'b'"),
        ("(;GM[Othello]BOARDSIZE[8];)", "not a property name"),
        ("(;GM[Othello]B f5;)", "has no value"),
        ("(;GM[Othello]PB[\u{1b}]PW[];)", ""),
    ];
    for (text, says) in cases {
        if says.is_empty() {
            one(text);
            continue;
        }
        let e = refusal(text);
        assert!(e.contains(says), "{text:?}: {e:?} does not say {says:?}");
    }
    let long = format!("(;GM[Othello]PB[{}];)", "n".repeat(81));
    assert!(refusal(&long).contains("at most 80"));
}

#[test]
fn the_second_record_is_read_after_a_broken_first() {
    let text = format!("(;GM[Othello]B[f5\n{SERVER}");
    let records = ggf::read(&text).unwrap();
    // The unclosed value runs to the server record's first `]`: the two
    // read as one record, refused for its move.
    assert_eq!(records.len(), 1);
    assert!(records[0]
        .as_ref()
        .unwrap_err()
        .to_string()
        .contains("move 1"));
    let text = format!("(;GM[Othello]B[f5]\n{SERVER}");
    let records = ggf::read(&text).unwrap();
    assert_eq!(records.len(), 2);
    assert!(records[0].is_err());
    assert!(records[1].is_ok());
}

#[test]
fn huge_texts_and_too_many_records_are_refused_whole() {
    let huge = "(".repeat(ggf::MAX_TEXT_CHARS + 1);
    assert!(ggf::read(&huge)
        .unwrap_err()
        .to_string()
        .contains("more than"));
    let many = "(;GM[Othello];)".repeat(ggf::MAX_RECORDS + 1);
    assert!(ggf::read(&many)
        .unwrap_err()
        .to_string()
        .contains("more than"));
    let value = format!("(;GM[Othello]C[{}];)", "[".repeat(5_000));
    assert!(refusal(&value).contains("over"));
    let nested = format!("{}GM[Othello];)", "(;".repeat(500));
    let records = ggf::read(&nested).unwrap_or_default();
    assert!(records.last().is_some_and(Result::is_ok));
}
