//! `ggfWrite` and `ggfRead`: the archive's GGF records, written from a
//! game as `Game` takes it and read back into what `Game` replays.

use super::{get, ok, options, refused};
use mapello::wasm::ggf::{ggf_read, ggf_write};
use mapello::wasm::Game;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn othello(moves: &str) -> JsValue {
    options(&[("variant", "othello".into()), ("moves", moves.into())])
}

#[wasm_bindgen_test]
fn an_othello_game_writes_and_reads_back_with_its_players_and_forfeit() {
    let forfeit = options(&[("cause", "resigned".into()), ("loser", "O".into())]);
    let record = options(&[
        ("black", "Ann".into()),
        ("white", "Bob".into()),
        ("date", "2026-11-26T18:02:46.123Z".into()),
        ("forfeit", forfeit),
    ]);
    let text = ok(ggf_write(othello("f5d6c3"), record)).unwrap();
    assert!(
        text.starts_with("(;GM[Othello]PC[Mapello]DT[2026.11.26_18:02:46.UTC]PB[Ann]PW[Bob]RE[+"),
        "{text}"
    );
    assert!(text.ends_with(":r]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6]B[c3];)"), "{text}");

    let read = ok(ggf_read(format!("{text}\n(;GM[Go];)").into()));
    let games = js_sys::Array::from(&get(&read, "games"));
    assert_eq!(games.length(), 1);
    let game = games.get(0);
    assert_eq!(get(&game, "record").as_f64(), Some(1.0));
    assert_eq!(
        get(&game, "variant").as_string().as_deref(),
        Some("othello")
    );
    assert_eq!(get(&game, "moves").as_string().as_deref(), Some("f5d6c3"));
    assert_eq!(get(&game, "black").as_string().as_deref(), Some("Ann"));
    assert_eq!(
        get(&game, "date").as_string().as_deref(),
        Some("2026-11-26T18:02:46Z")
    );
    assert!(get(&game, "start").is_undefined());
    let forfeit = get(&game, "forfeit");
    assert_eq!(get(&forfeit, "loser").as_string().as_deref(), Some("O"));
    let replay = options(&[
        ("variant", get(&game, "variant")),
        ("map", get(&game, "map")),
        ("moves", get(&game, "moves")),
    ]);
    ok(Game::new(replay));

    let refusals = js_sys::Array::from(&get(&read, "refused"));
    assert_eq!(refusals.length(), 1);
    let refusal = refusals.get(0);
    assert_eq!(get(&refusal, "record").as_f64(), Some(2.0));
    let message = get(&refusal, "message").as_string().unwrap();
    assert!(message.contains("GM[Go] is not Othello"), "{message}");
}

#[wasm_bindgen_test]
fn other_games_have_no_record_and_bad_calls_throw() {
    let mapello = options(&[("variant", "mapello".into())]);
    assert_eq!(ok(ggf_write(mapello, JsValue::UNDEFINED)), None);
    let typo = options(&[("name", "Ann".into())]);
    let m = refused(ggf_write(othello(""), typo));
    assert!(m.contains("unknown key"), "{m}");
    let m = refused(ggf_read("no record here".into()));
    assert!(m.contains("holds no GGF record"), "{m}");
    let m = refused(ggf_read(JsValue::from(3)));
    assert!(m.contains("text must be a string"), "{m}");
    let huge = "(".repeat(1_000_001);
    let m = refused(ggf_read(huge.into()));
    assert!(m.contains("at most 1000000 characters"), "{m}");
}

#[wasm_bindgen_test]
fn a_servers_details_and_result_are_given_and_written_back() {
    let text = "(;GM[Othello]PC[GGS/os]DT[2003.12.15]PB[Ann]PW[Bob]RB[2197.72]RW[1800]\
                TI[15:00//02:00]TY[8r]RE[+12.00]B[f5]W[d6];)";
    let read = ok(ggf_read(text.into()));
    let game = js_sys::Array::from(&get(&read, "games")).get(0);
    assert_eq!(
        get(&game, "date").as_string().as_deref(),
        Some("2003-12-15")
    );
    let details = get(&game, "details");
    for (key, value) in [
        ("place", "GGS/os"),
        ("time", "15:00//02:00"),
        ("blackRating", "2197.72"),
        ("whiteRating", "1800"),
        ("type", "8r"),
        ("result", "+12.00"),
    ] {
        assert_eq!(
            get(&details, key).as_string().as_deref(),
            Some(value),
            "{key}"
        );
    }
    let said = get(&game, "said");
    assert_eq!(get(&said, "winner").as_string().as_deref(), Some("X"));
    assert_eq!(get(&said, "margin").as_string().as_deref(), Some("12"));
    assert!(get(&game, "forfeit").is_undefined());

    let record = options(&[
        ("black", "Ann".into()),
        ("white", "Bob".into()),
        ("date", get(&game, "date")),
        ("details", details),
    ]);
    let again = ok(ggf_write(othello("f5d6"), record)).unwrap();
    assert!(
        again.starts_with("(;GM[Othello]PC[GGS/os]DT[2003.12.15]PB[Ann]PW[Bob]RB[2197.72]RW[1800]TI[15:00//02:00]RE[+12.00]TY[8r]BO[8 "),
        "{again}"
    );
    let bad = options(&[("details", options(&[("rating", "1".into())]))]);
    let m = refused(ggf_write(othello(""), bad));
    assert!(m.contains("record.details has an unknown key"), "{m}");
    let bad = options(&[("details", options(&[("place", JsValue::from(3))]))]);
    let m = refused(ggf_write(othello(""), bad));
    assert!(m.contains("record.details.place must be a string"), "{m}");
}
