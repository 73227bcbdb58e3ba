//! The `mapello` binary against the command-line contract of docs/formats.md:
//! exact output on standard output, errors on standard error with a
//! non-zero status.

#![cfg(feature = "cli")]

#[path = "common/cli.rs"]
mod run;

use run::{fails, mapello, match_lines, ok, one_line_error, words, TempFile};

const OTHELLO_START: &str = "---------------------------OX------XO--------------------------- X";
const OTHELLO_PERFT: &str = "1 4\n2 12\n3 56\n4 244\n5 1396\n6 8200\n";

/// The map of the docs/formats.md example at its start.
const EXAMPLE: &str = include_str!("common/example.txt");

#[test]
fn perft_from_the_othello_start_given_as_obf() {
    assert_eq!(
        ok(&["perft", "6", "--position", OTHELLO_START]),
        OTHELLO_PERFT
    );
}

#[test]
fn perft_with_variant_othello() {
    assert_eq!(ok(&["perft", "6", "--variant", "othello"]), OTHELLO_PERFT);
}

#[test]
fn perft_from_the_mapello_start_on_an_empty_map_equals_othello() {
    assert_eq!(ok(&["perft", "6"]), OTHELLO_PERFT);
}

#[test]
fn perft_on_other_sizes() {
    assert_eq!(
        ok(&["perft", "4", "--size", "10"]),
        "1 4\n2 12\n3 56\n4 244\n"
    );
    assert_eq!(
        ok(&["perft", "2", "--size", "6", "--variant", "reversi"]),
        "1 4\n2 12\n"
    );
}

#[test]
fn perft_reads_diagrams_from_a_file_and_from_standard_input() {
    let file = TempFile::new("perft.txt", EXAMPLE);
    let from_file = ok(&["perft", "3", "--position", file.path()]);
    let out = mapello(&["perft", "3", "--position", "-"], Some(EXAMPLE));
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), from_file);
    assert!(from_file.starts_with("1 4\n"), "{from_file}");
}

#[test]
fn a_diagram_is_mapello_unless_the_variant_says_otherwise() {
    // Black cannot move and passes; white's c1 ends the game with 33 empty
    // squares, which Othello gives to the winner and Mapello to nobody.
    let text = format!("O X . . . .\n{}", ". . . . . .\n".repeat(5));
    let file = TempFile::new("unringed.txt", &text);
    let moves = ["pass", "c1"];
    let mapello = ok(&[&["show", "--position", file.path()][..], &moves].concat());
    assert!(
        mapello.ends_with("game over\nlegal:\nscore: X 0 O 3\n"),
        "{mapello}"
    );
    let args = ["show", "--variant", "othello", "--position", file.path()];
    let othello = ok(&[&args[..], &moves].concat());
    assert!(
        othello.ends_with("game over\nlegal:\nscore: X 0 O 36\n"),
        "{othello}"
    );
}

#[test]
fn show_prints_the_diagram_side_legal_moves_and_score_after_the_moves() {
    let file = TempFile::new("show.txt", EXAMPLE);
    // Black e3 flips e4; white d3 flips d4 (e3 then the wall on f3 stop the
    // row); black c3 flips d3 and, diagonally, d4.
    let want = "\
. . * . . . . * . .
. # . + . . . . . .
. . . . . . . . . *
. . . X X X # . . .
. . . . X X . . . .
. . . . O X . . . .
. . + . . . . . . .
. . . . . . . . . .
. + . . . . . . # .
. . . . * . . . . .
to move: O
legal: d2 f5
score: X 6 O 1
";
    assert_eq!(
        ok(&["show", "--position", file.path(), "e3", "D3", "c3"]),
        want
    );
    assert_eq!(ok(&["show", "--position", file.path(), "e3d3,c3"]), want);
}

#[test]
fn show_at_the_start_lists_the_four_first_moves() {
    let out = ok(&["show"]);
    assert!(
        out.ends_with(". . . . . . . . . .\nto move: X\nlegal: e3 f4 c5 d6\nscore: X 2 O 2\n"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 13);
}

#[test]
fn show_says_pass_and_game_over_with_othello_scoring() {
    // White's c1 is flanked by nothing: white must pass, black takes c1.
    let position = format!("XXO{} O", "-".repeat(61));
    let out = ok(&["show", "--position", &position]);
    assert!(
        out.ends_with("to move: O\nlegal: pass\nscore: X 2 O 1\n"),
        "{out}"
    );
    let out = ok(&["show", "--position", &position, "pass", "d1"]);
    assert!(
        out.ends_with("X X X X . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\ngame over\nlegal:\nscore: X 64 O 0\n"),
        "{out}"
    );
}

#[test]
fn show_names_an_illegal_move_and_its_index() {
    let err = fails(&["show", "e3", "a1"]);
    assert_eq!(err, "mapello: move 2 (a1): a1 is not a legal move\n");
    let err = fails(&["show", "e3", "zz"]);
    assert!(
        err.starts_with("mapello: in the moves, move 2 at character 4: "),
        "{err}"
    );
}

#[test]
fn map_encode_then_decode_gives_the_map_back() {
    let file = TempFile::new("map.txt", EXAMPLE);
    let code = ok(&["map", "encode", "--position", file.path()]);
    assert_eq!(code, "18EwAAAAMAABIAABJRhCAAQAA\n");
    assert_eq!(ok(&["map", "decode", code.trim()]), EXAMPLE);
    // A share code is a position too.
    assert_eq!(
        ok(&["show", "--position", code.trim()]),
        ok(&["show", "--position", file.path()])
    );
}

#[test]
fn map_decode_refuses_a_bad_code() {
    let err = fails(&["map", "decode", "18EwAAAAMAABIAABJRhCAAQA"]);
    assert!(
        err.starts_with("mapello: share code character 25: a 8 x 8 share code has 25 characters"),
        "{err}"
    );
    let err = fails(&["map", "decode", "9"]);
    assert!(err.contains("unknown share code version '9'"), "{err}");
}

/// Figures `bench` must report, whichever way it prints them.
const BENCH_FIGURES: [&str; 4] = [
    "perft othello d10",
    "perft mapello 8-8-8 d10",
    "perft mapello 8-8-8 d10 / othello d10",
    "perft othello d12",
];

#[test]
fn bench_prints_name_value_unit_lines() {
    let out = ok(&["bench"]);
    assert!(out.lines().count() >= 2, "{out}");
    for line in out.lines() {
        let (name, figure) = line.split_once(": ").unwrap_or_else(|| panic!("{line}"));
        let (value, unit) = figure.split_once(' ').unwrap_or_else(|| panic!("{line}"));
        assert!(!name.is_empty() && !unit.is_empty(), "{line}");
        assert!(value.parse::<f64>().is_ok(), "{line}");
    }
    for figure in BENCH_FIGURES {
        assert!(out.contains(&format!("{figure}: ")), "{figure}\n{out}");
    }
}

#[test]
fn bench_markdown_prints_a_dated_table_and_its_method() {
    let out = ok(&["bench", "--markdown"]);
    let blocks: Vec<&str> = out.trim_end().split("\n\n").collect();
    let [heading, commit, table, method] = blocks[..] else {
        panic!("not heading, commit, table and method:\n{out}");
    };
    // `## <cpu>, <n> cores, YYYY-MM-DD`
    let (machine, date) = heading
        .strip_prefix("## ")
        .and_then(|h| h.rsplit_once(", "))
        .unwrap_or_else(|| panic!("{heading}"));
    assert!(!machine.is_empty(), "{heading}");
    let digits: Vec<&str> = date.split('-').collect();
    assert!(
        digits.iter().map(|d| d.len()).eq([4, 2, 2])
            && digits.iter().all(|d| d.chars().all(|c| c.is_ascii_digit())),
        "{heading}"
    );
    assert!(
        commit.starts_with("Commit ") && commit.ends_with('.') && !commit.contains('\n'),
        "{commit}"
    );
    let mut rows = table.lines();
    assert_eq!(rows.next(), Some("| figure | value | unit |"));
    assert_eq!(rows.next(), Some("| --- | ---: | --- |"));
    let mut names = Vec::new();
    for row in rows {
        let cells: Vec<&str> = row
            .strip_prefix("| ")
            .and_then(|r| r.strip_suffix(" |"))
            .unwrap_or_else(|| panic!("{row}"))
            .split(" | ")
            .collect();
        let [name, value, unit] = cells[..] else {
            panic!("{row}");
        };
        assert!(!name.is_empty() && !unit.is_empty(), "{row}");
        assert!(value.parse::<f64>().is_ok(), "{row}");
        names.push(name);
    }
    for figure in BENCH_FIGURES {
        assert!(names.contains(&figure), "{figure}\n{out}");
    }
    assert!(
        method.starts_with("Method: ") && !method.contains('\n'),
        "{method}"
    );
}

#[test]
fn errors_go_to_standard_error_with_a_non_zero_status() {
    let cases: [(&[&str], &str); 12] = [
        (&[], "usage: mapello COMMAND"),
        (&["frobnicate"], "unknown command 'frobnicate'"),
        (&["perft"], "missing depth D"),
        (&["perft", "x"], "depth D must be 0 to 20, not 'x'"),
        (
            &["perft", "2", "--variant", "chess"],
            "unknown variant 'chess'",
        ),
        (
            &["perft", "2", "--size", "7"],
            "--size must be 6, 8 or 10, not 7",
        ),
        (&["perft", "2", "--bogus"], "unknown option --bogus"),
        (
            &["show", "--position", "no/such/file"],
            "no/such/file: no such file",
        ),
        (&["show", "--position", "1.txt"], "1.txt: no such file"),
        (
            &["show", "--position", "src"],
            "src: a directory, not a position file",
        ),
        (
            &["show", "--position", "mymap"],
            "'mymap' is neither a file, nor a share code",
        ),
        (
            &["show", "--position", "XXO O"],
            "OBF character 4: the board ends after 3 of its 64 squares",
        ),
    ];
    for (args, want) in cases {
        let err = fails(args);
        assert!(
            err.starts_with("mapello: ") && err.contains(want),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_diagram_error_names_the_file_line_and_column() {
    let file = TempFile::new("bad.txt", &EXAMPLE.replace(". # .", ". # Q"));
    let err = fails(&["show", "--position", file.path()]);
    assert_eq!(
        err,
        format!(
            "mapello: {}: line 2, column 5: 'Q' is not a diagram cell (. # + * X O)\n",
            file.path()
        )
    );
}

#[test]
fn variant_othello_refuses_a_map_with_pieces() {
    let file = TempFile::new("othello.txt", EXAMPLE);
    let err = fails(&[
        "perft",
        "1",
        "--variant",
        "othello",
        "--position",
        file.path(),
    ]);
    assert!(
        err.contains("othello is played without walls, bonuses or jokers"),
        "{err}"
    );
}

#[test]
fn help_lists_every_command() {
    let out = ok(&["help"]);
    for command in ["perft", "show", "map", "bench", "review"] {
        assert!(out.contains(&format!("  {command}")), "{out}");
    }
}

#[test]
fn option_words_keep_their_grammar() {
    // `--` is a pass and options after it still count; `--name=value` is
    // `--name value`; a flag given a value and a word after `--` that is
    // no letter are not options.
    assert_eq!(
        one_line_error(&["show", "--variant", "othello", "f5", "--", "d6", "--size=8"]),
        "mapello: move 2 (pass): cannot pass: a legal move exists\n"
    );
    let cases: [(&[&str], &str); 8] = [
        (&["perft", "2", "--size"], "--size needs a value"),
        (&["perft", "2", "--size=6", "--size", "8"], "--size is given twice"),
        (&["bestmove", "--level="], "--level must be 1 to 10, not ''"),
        (&["bench", "--markdown=1"], "unknown option --markdown=1"),
        (&["perft", "2", "--Bogus", "x"], "unknown option --Bogus"),
        (&["perft", "--depth=3"], "missing depth D (a deeper perft cannot finish)"),
        (
            &["show", "--variant", "othello", "--5"],
            "in the moves, move 2 at character 3: unexpected '5' (a move is a square such as f5, or pass)",
        ),
        (
            &["show", "--variant", "othello", "-x"],
            "in the moves, move 1 at character 1: unexpected '-' (a move is a square such as f5, or pass)",
        ),
    ];
    for (args, want) in cases {
        assert_eq!(
            one_line_error(args),
            format!("mapello: {want}\n"),
            "{args:?}"
        );
    }
    assert_eq!(
        ok(&["perft", "2", "--variant=reversi", "--size=10"]),
        "1 4\n2 12\n"
    );
    assert_eq!(ok(&["perft", "2", "--help"]), ok(&["help"]));
}

#[test]
fn a_perft_too_deep_to_finish_is_refused_naming_the_limit() {
    for depth in ["4294967295", "21", "-1", "99999999999999999999"] {
        let err = one_line_error(&["perft", depth]);
        assert!(err.contains("depth D must be 0 to 20"), "{err}");
    }
    assert_eq!(ok(&["perft", "0"]), "");
}

#[test]
fn numeric_options_out_of_range_are_refused_naming_the_range() {
    let obf = OTHELLO_START;
    let cases: [(&[&str], &str); 18] = [
        (&["bestmove", "--level", "0"], "--level must be 1 to 10, not '0'"),
        (&["bestmove", "--level", "11"], "--level must be 1 to 10, not '11'"),
        (&["bestmove", "--time-ms", "NaN"], "--time-ms must be 1 to 600000, not 'NaN'"),
        (&["bestmove", "--time-ms", "inf"], "--time-ms must be 1 to 600000, not 'inf'"),
        (&["bestmove", "--time-ms", "0"], "--time-ms must be 1 to 600000, not '0'"),
        (&["bestmove", "--time-ms", "1e9"], "--time-ms must be 1 to 600000, not '1e9'"),
        (
            &["match", "--a", "1", "--b", "2", "--games", "0"],
            "--games must be 1 to 1000000, not '0'",
        ),
        (
            &["match", "--a", "1", "--b", "2", "--games", "4294967296"],
            "--games must be 1 to 1000000, not '4294967296'",
        ),
        (
            &["match", "--a", "1", "--b", "2", "--games", "2", "--seed", "-1"],
            "--seed must be 0 to 18446744073709551615, not '-1'",
        ),
        (
            &["match", "--a", "uct:4294967295", "--b", "2", "--games", "2"],
            "--a uct:N takes 1 to 1000000 playouts, not 4294967295",
        ),
        (
            &["match", "--a", "1", "--b", "uct:0", "--games", "2"],
            "--b must be a level from 1 to 10, classic:L, random, greedy or uct:N (1 to 1000000 playouts), not 'uct:0'",
        ),
        (
            &["match", "--a", "0", "--b", "2", "--games", "2"],
            "--a must be a level from 1 to 10, classic:L, random, greedy or uct:N (1 to 1000000 playouts), not '0'",
        ),
        (&["tune", "--games", "0"], "--games must be 1 to 20000, not '0'"),
        (&["tune", "--level", "11"], "--level must be 1 to 10, not '11'"),
        (&["tune", "--solve-at", "21"], "--solve-at must be 0 to 20, not '21'"),
        (&["tune", "--ridge", "-1"], "--ridge must be 0 to 1000000, not '-1'"),
        (&["tune", "--ridge", "nan"], "--ridge must be 0 to 1000000, not 'nan'"),
        (
            &["solve", "--position", obf, "--max-empties", "101"],
            "--max-empties must be 0 to 100, not '101'",
        ),
    ];
    for (args, want) in cases {
        let err = one_line_error(args);
        assert_eq!(err, format!("mapello: {want}\n"), "{args:?}");
    }
}

/// FFO #40 after d8 f8 g7 h8 g8 pass e8 c8 f7 d7: 11 empties, c7 +24.
const ELEVEN_EMPTIES: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOXOOXX---OOOXX---OOXXX--OOOOOO X";

#[test]
fn solve_refuses_more_empties_than_its_limit_unless_the_option_lifts_it() {
    assert_eq!(
        ok(&["solve", "--position", ELEVEN_EMPTIES]),
        "best: c7 score: +24\n"
    );
    let err = one_line_error(&["solve", "--position", ELEVEN_EMPTIES, "--max-empties", "10"]);
    assert!(
        err.contains("solve takes at most 10 empty squares and the position has 11; --max-empties 11 lifts the limit"),
        "{err}"
    );
    assert_eq!(
        ok(&["solve", "--position", ELEVEN_EMPTIES, "--max-empties", "11"]),
        "best: c7 score: +24\n"
    );
    let err = one_line_error(&["solve", "--variant", "othello"]);
    assert!(
        err.contains("solve takes at most 26 empty squares and the position has 60"),
        "{err}"
    );
    assert!(
        err.contains("that solve would take over a million years"),
        "{err}"
    );
}

#[test]
fn solve_on_several_threads_finds_the_same_score() {
    // FFO #40: a2 is its one best move, +38.
    let ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    for threads in ["1", "2", "3"] {
        assert_eq!(
            ok(&["solve", "--position", ffo40, "--threads", threads]),
            "best: a2 score: +38\n",
            "{threads} threads"
        );
    }
    let err = one_line_error(&["solve", "--position", ffo40, "--threads", "0"]);
    assert!(err.contains("--threads must be 1 to 256, not '0'"), "{err}");
}

#[test]
fn a_long_solve_reports_its_progress_on_standard_error() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mapello"))
        .args(["solve", "--variant", "othello", "--max-empties", "60"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    let read = BufReader::new(child.stderr.take().unwrap()).read_line(&mut line);
    // This solve would take years: stop it once it has spoken.
    child.kill().unwrap();
    child.wait().unwrap();
    read.unwrap();
    assert_eq!(line, "solving 60 empty squares: 2 s so far\n");
}

/// A Blocs position of the flipping phase: a1 to d1 and d4 show black.
const BLOCS_FLIPPING: &str = "XXXX\nOOOO\nOOOO\nOOOX\n";

#[test]
fn blocs_show_prints_the_board_the_player_to_move_the_phase_and_the_legal_moves() {
    let out = ok(&["show", "--variant", "blocs", "b2X", "a1o"]);
    let head: Vec<&str> = out.lines().take(6).collect();
    assert_eq!(
        head,
        [
            "O . . .",
            ". X . .",
            ". . . .",
            ". . . .",
            "X to move",
            "placement phase"
        ]
    );
    let legal: Vec<&str> = out.lines().nth(6).unwrap().split(' ').collect();
    assert_eq!(legal[..5], ["legal:", "b1X", "b1O", "c1X", "c1O"]);
    assert_eq!(legal.len(), 1 + 2 * 14);
    assert_eq!(out.lines().count(), 7);

    let file = TempFile::new("blocs-flipping", BLOCS_FLIPPING);
    let out = ok(&["show", "--variant", "blocs", "--position", file.path()]);
    assert_eq!(
        out,
        "X X X X\nO O O O\nO O O O\nO O O X\nX to move\nflipping phase\n\
         legal: a1 a1-b1 a1-c1 a1-d1 a1-d4 b1 b1-c1 b1-d1 b1-d4 c1 c1-d1 c1-d4 d1 d1-d4 \
         a2-d4 b2-d4 c2-d4 d2-d4 a3-d4 b3-d4 c3-d4 d3-d4 a4-d4 b4-d4 c4-d4 d4\n"
    );
}

#[test]
fn blocs_show_says_game_over_and_the_winner_after_the_last_flip() {
    let last = "XOOO\nOOOO\nOOOO\nOOOO\nO to move\n";
    let out = ok(&["show", "--variant", "blocs", "--position", last, "a1"]);
    assert_eq!(
        out,
        "O O O O\nO O O O\nO O O O\nO O O O\ngame over\nwinner: O\nflipping phase\nlegal:\n"
    );
}

#[test]
fn blocs_perft_counts_placements_with_both_faces() {
    let out = ok(&["perft", "3", "--variant", "blocs"]);
    assert_eq!(out, "1 32\n2 960\n3 26880\n");
    let file = TempFile::new("blocs-perft", BLOCS_FLIPPING);
    let out = ok(&[
        "perft",
        "1",
        "--variant",
        "BLOCS",
        "--position",
        file.path(),
    ]);
    assert_eq!(out, "1 26\n");
}

#[test]
fn blocs_solve_is_exact_and_the_first_player_loses() {
    assert_eq!(
        ok(&["solve", "--variant", "blocs"]),
        "best: a1X score: -1\n"
    );
    // One black disc left in the corner: flipping it wins at once.
    let one = "XOOO\nOOOO\nOOOO\nOOOO\n";
    let out = ok(&["solve", "--variant", "blocs", "--position", one]);
    assert_eq!(out, "best: a1 score: +1\n");
    // b1 and a2: every move leaves one disc or a pair the opponent clears.
    let pair = "OXOO\nXOOO\nOOOO\nOOOO\n";
    let out = ok(&["solve", "--variant", "blocs", "--position", pair]);
    assert!(out.ends_with(" score: -1\n"), "{out}");
    let done = "OOOO\nOOOO\nOOOO\nOOOO\n";
    let err = one_line_error(&["solve", "--variant", "blocs", "--position", done]);
    assert!(err.contains("the game is over"), "{err}");
}

#[test]
fn blocs_bestmove_at_the_top_level_plays_a_winning_move() {
    let one = "OOOO\nOOOO\nOOOO\nOOOX\n";
    let out = ok(&[
        "bestmove",
        "--variant",
        "blocs",
        "--position",
        one,
        "--level",
        "5",
    ]);
    assert_eq!(out, "best: d4\n");
    for level in ["1", "2", "3", "4"] {
        let out = ok(&[
            "bestmove",
            "--variant",
            "blocs",
            "--level",
            level,
            "--seed",
            "7",
        ]);
        let mv = out.strip_prefix("best: ").unwrap().trim_end();
        assert!(mv.len() == 3 && mv.ends_with(['X', 'O']), "{out}");
    }
}

#[test]
fn blocs_match_plays_whole_games_and_the_perfect_player_beats_random() {
    let out = ok(&words(
        "match --variant blocs --a 5 --b random --games 4 --seed 3",
    ));
    let lines = match_lines(
        &out,
        4,
        "game 1 X a (5) O b (random) moves ",
        "game 2 X b (random) O a (5) moves ",
    );
    // X loses the empty board with best play, so a perfect O always wins;
    // as X it wins only when random errs, which it does at once.
    assert!(lines[1].ends_with(" a wins"), "{out}");
    assert_eq!(lines[4], "games 4 a-wins 4 b-wins 0 draws 0");
}

#[test]
fn blocs_bad_input_gets_one_line_errors() {
    let cases: [(&[&str], &str); 11] = [
        (
            &["show", "--variant", "blocs", "e5X"],
            "in the moves, move 1 at character 1: 'e5' is not a square",
        ),
        (
            &["show", "--variant", "blocs", "a1X", "a1O"],
            "move 2 (a1O): a1 is not empty",
        ),
        (
            &["show", "--variant", "blocs", "c3-a1"],
            "from its top-left to its lower-right",
        ),
        (
            &["show", "--variant", "blocs", "a1"],
            "move 1 (a1): a1 is a flip, but discs are still being placed",
        ),
        (
            &["show", "--variant", "blocs", "--size", "8"],
            "Blocs is played on the 4 x 4 board only",
        ),
        (
            &["show", "--variant", "blocs", "--position", "1abc"],
            "'1abc': no such file",
        ),
        (
            &["show", "--variant", "blocs", "--position", "XX\nOO\n"],
            "line 1, column 3: 2 cells in a row, expected 4",
        ),
        (
            &["bestmove", "--variant", "blocs"],
            "give --level L (1 to 5)",
        ),
        (
            &["bestmove", "--variant", "blocs", "--level", "6"],
            "--level must be 1 to 5, not '6'",
        ),
        (
            &[
                "match",
                "--variant",
                "blocs",
                "--a",
                "greedy",
                "--b",
                "1",
                "--games",
                "2",
            ],
            "--a must be a Blocs level from 1 to 5 or random",
        ),
        (
            &["map", "encode", "--variant", "blocs"],
            "'map' is not a command of Blocs",
        ),
    ];
    for (args, want) in cases {
        let err = one_line_error(args);
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

/// FFO #40 (20 empties, black to move, a2 +38).
const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
/// Ten moves into FFO #40 along the best line (white's pass left out).
const FFO_40_LINE: [&str; 9] = ["a2", "b1", "c1", "b6", "c7", "a7", "b7", "b8", "d7"];

/// The position after `moves` from `position`, as a diagram `solve` reads.
fn diagram_after(position: &str, moves: &[&str]) -> String {
    let mut args = vec!["show", "--position", position];
    args.extend(moves);
    let out = ok(&args);
    let rows: Vec<&str> = out.lines().take(8).collect();
    let side = out
        .lines()
        .nth(8)
        .unwrap()
        .strip_prefix("to move: ")
        .unwrap();
    format!("{}\n{side} to move\n", rows.join("\n"))
}

#[test]
fn review_prints_a_line_per_move_and_marks_an_exact_blunder() {
    let mut args = vec!["review", "--position", FFO_40, "--level", "3"];
    args.extend(FFO_40_LINE);
    args.push("d8");
    let out = ok(&args);
    let lines: Vec<&str> = out.lines().collect();
    // The pass white had to make is a move of its own.
    assert_eq!(lines.len(), 11, "{out}");
    assert!(lines[3].starts_with("4 O pass "), "{out}");
    for (i, line) in lines.iter().enumerate() {
        let f: Vec<&str> = line.split(' ').collect();
        assert_eq!(f.len(), 12, "{line}");
        assert_eq!(f[0], (i + 1).to_string());
        assert_eq!(f[1], if i % 2 == 0 { "X" } else { "O" }, "{line}");
        assert_eq!((f[4], f[7]), ("best", "loss"), "{line}");
        let value = |s: &str| s.parse::<i32>().unwrap();
        assert_eq!(value(f[6]) - value(f[3]), value(f[8]), "{line}");
        assert!(value(f[8]) >= 0, "{line}");
    }
    // 11 empties: solved, and d8 throws the win away.
    assert_eq!(
        lines[10],
        "11 X d8 -10 best f8 +38 loss 48 blunder exact 11"
    );
    // The values agree with `solve` on the position and after the move.
    let before = diagram_after(FFO_40, &FFO_40_LINE);
    let o = ["--variant", "othello"];
    assert_eq!(
        ok(&["solve", "--position", &before, o[0], o[1]]),
        "best: f8 score: +38\n"
    );
    let mut line = FFO_40_LINE.to_vec();
    line.push("d8");
    let after = diagram_after(FFO_40, &line);
    let solved = ok(&["solve", "--position", &after, o[0], o[1]]);
    assert!(solved.ends_with(" score: +10\n"), "{solved}");
}

#[test]
fn review_works_on_a_mapello_map_and_names_searched_depths() {
    let map = TempFile::new("review-map", EXAMPLE);
    let out = ok(&[
        "review",
        "--position",
        map.path(),
        "--level",
        "1",
        "e3",
        "d3",
        "c3",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("1 X e3 "), "{out}");
    assert!(lines[2].starts_with("3 X c3 "), "{out}");
    for line in lines {
        assert!(line.ends_with(" depth 2"), "{line}");
    }
}

#[test]
fn review_refuses_an_illegal_move_a_bad_level_and_no_moves() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["review", "e3", "a1"],
            "move 2 (a1): a1 is not a legal move",
        ),
        (
            &["review", "--level", "0", "e3"],
            "--level must be 1 to 5, not '0'",
        ),
        (
            &["review", "--level", "6", "e3"],
            "--level must be 1 to 5, not '6'",
        ),
        (
            &["review", "--level", "deep", "e3"],
            "--level must be 1 to 5, not 'deep'",
        ),
        (
            &["review"],
            "no moves to review: give the game's moves after the options",
        ),
        (&["review", "e3", "--depth", "3"], "unknown option --depth"),
    ];
    for (args, want) in cases {
        let err = one_line_error(args);
        assert_eq!(err, format!("mapello: {want}\n"), "{args:?}");
    }
    let err = one_line_error(&["review", "e3", "zz"]);
    assert!(
        err.starts_with("mapello: in the moves, move 2 at character 4: "),
        "{err}"
    );
}

#[test]
fn review_values_troll_in_chain_steps_and_marks_a_missed_block_a_blunder() {
    // White lets Black's column d reach row 8 with g7 instead of a block.
    let game = "d1 c5 d2 g2 d3 g3 d4 g4 d5 g5 d6 g6 d7 g7 d8";
    let mut args = vec!["review", "--variant", "troll", "--level", "1"];
    args.extend(game.split(' '));
    let out = ok(&args);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 15, "{out}");
    let g7: Vec<&str> = lines[13].split(' ').collect();
    // A proven result reads as won or lost, and a move that changed it
    // lost the result, not a number of steps.
    assert_eq!(&g7[..4], ["14", "O", "g7", "lost"], "{out}");
    assert!(["e3", "e5", "e7"].contains(&g7[5]), "{out}");
    assert!(g7[6].parse::<i32>().is_ok_and(|v| v.abs() <= 16), "{out}");
    assert_eq!(g7[7..10], ["loss", "result", "blunder"], "{out}");
    assert_eq!(
        lines[14], "15 X d8 won best d8 won loss 0 - exact 50",
        "{out}"
    );
    assert!(!out.contains("100"), "{out}");
    let blunders = lines.iter().filter(|l| l.contains(" blunder ")).count();
    assert_eq!(blunders, 1, "{out}");
}

#[test]
fn match_games_are_the_same_on_any_number_of_threads() {
    let plain_args = words("match --variant othello --a 3 --b classic:3 --games 6 --seed 5");
    let args = [&plain_args[..], &["--openings", "4"]].concat();
    let one = ok(&args);
    let two = ok(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    let lines = match_lines(
        &one,
        6,
        "game 1 black a (3) white b (classic:3) score ",
        "game 2 black b (classic:3) white a (3) score ",
    );
    assert!(lines[6].starts_with("games 6 a-wins "), "{one}");
    // Without random openings every pair replays the one start.
    let plain = ok(&plain_args);
    assert_ne!(one, plain);
}

#[test]
fn random_maps_are_of_the_size_asked_for() {
    // Discs and bonus points of a game: on 6 x 6 at most 36 squares and
    // 8 bonuses, on 8 x 8 at most 64 and 8; 10 x 10 games go past both.
    let totals = |size: &str| -> Vec<u32> {
        let out = ok(&words(&format!(
            "match --random-maps --size {size} --a greedy --b greedy --games 4"
        )));
        out.lines()
            .filter(|l| l.starts_with("game "))
            .map(|l| {
                let score = l
                    .split(" score ")
                    .nth(1)
                    .unwrap()
                    .split(' ')
                    .next()
                    .unwrap();
                score.split('-').map(|x| x.parse::<u32>().unwrap()).sum()
            })
            .collect()
    };
    let six = totals("6");
    assert_eq!(six.len(), 4);
    assert!(six.iter().all(|&t| t <= 36 + 24), "{six:?}");
    let ten = totals("10");
    assert!(ten.iter().all(|&t| t > 64 + 24), "{ten:?}");
}

#[test]
fn a_match_can_give_each_move_a_time_instead_of_a_budget() {
    let out = ok(&words(
        "match --random-maps --a 8 --b classic:8 --games 2 --time-ms 2",
    ));
    assert_eq!(out.lines().count(), 3, "{out}");
    assert!(
        out.ends_with("draws 0\n") || out.contains("draws "),
        "{out}"
    );
    let err = one_line_error(&words("match --a 1 --b 2 --games 2 --openings 21"));
    assert_eq!(err, "mapello: --openings must be 1 to 20, not '21'\n");
    let err = one_line_error(&["match", "--a", "classic:0", "--b", "2", "--games", "2"]);
    assert!(err.contains("not 'classic:0'"), "{err}");
}

/// The fewest games whose error is measured (one in 50 is held out),
/// played and labelled quickly.
const FEW_QUICK_GAMES: [&str; 6] = ["--games", "50", "--level", "2", "--solve-at", "8"];

/// An empty directory of this test run's own, named `name`.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mapello-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn train_plays_fits_writes_weights_and_resumes() {
    let dir = scratch("train");
    let d = dir.to_str().unwrap();
    let weights = dir.join("net.bin");
    let w = weights.to_str().unwrap();
    let mut args = vec!["train", "--dir", d];
    args.extend(FEW_QUICK_GAMES);
    args.extend(["--epochs", "1", "--out", w]);
    let first = mapello(&args, None);
    let stderr = String::from_utf8(first.stderr).unwrap();
    assert!(first.status.success(), "{stderr}");
    assert!(stderr.contains("games: chunk 1 of 1"), "{stderr}");
    assert!(stderr.contains("epoch 1 of 1: error "), "{stderr}");
    let stdout = String::from_utf8(first.stdout).unwrap();
    assert!(stdout.starts_with("games: 50 positions: "), "{stdout}");
    assert!(stdout.ends_with(&format!("weights: {w}\n")), "{stdout}");
    let bytes = std::fs::read(&weights).unwrap();
    // A second run finds the games and the epoch done, and writes the same weights.
    let again = mapello(&args, None);
    let stderr = String::from_utf8(again.stderr).unwrap();
    assert!(again.status.success(), "{stderr}");
    assert!(!stderr.contains("epoch "), "{stderr}");
    assert_eq!(std::fs::read(&weights).unwrap(), bytes);
    let mut other = args.to_vec();
    other.extend(["--seed", "2"]);
    let err = one_line_error(&other);
    assert!(err.contains("holds a run with other settings"), "{err}");
    // A second generation is played with the first one's network, and
    // the fit reads both.
    let mut two = args.to_vec();
    two[4] = "50,50";
    let second = mapello(&two, None);
    let stderr = String::from_utf8(second.stderr).unwrap();
    assert!(
        stderr.contains("holds a run with other settings"),
        "{stderr}"
    );
    let dir2 = dir.join("two");
    two[2] = dir2.to_str().unwrap();
    let second = mapello(&two, None);
    let stderr = String::from_utf8(second.stderr).unwrap();
    assert!(second.status.success(), "{stderr}");
    assert!(
        stderr.contains("generation 2 games: chunk 1 of 1"),
        "{stderr}"
    );
    assert!(
        stderr.contains("generation 2 epoch 1 of 1: error "),
        "{stderr}"
    );
    let stdout = String::from_utf8(second.stdout).unwrap();
    assert!(stdout.starts_with("games: 100 positions: "), "{stdout}");
    // Its maps are those a first generation seeded 1 ^ 2^48 plays with the
    // hand-made evaluation, but the network plays them otherwise.
    let dir3 = dir.join("three");
    let mut classic = args.to_vec();
    classic[2] = dir3.to_str().unwrap();
    classic.extend(["--seed", "281474976710657"]);
    assert!(mapello(&classic, None).status.success());
    let (learned, hand_made) = (first_games(&dir2, 2), first_games(&dir3, 1));
    assert_eq!(game_lines(&learned).len(), 50);
    assert_eq!(game_lines(&learned), game_lines(&hand_made));
    assert_ne!(learned, hand_made);
    for bad in ["3,", "0", "3,x", "100000,100001", "1,1,1,1,1,1"] {
        two[4] = bad;
        let err = one_line_error(&two);
        assert!(err.contains(&format!("not '{bad}'")), "{err}");
    }
    let mut unwritable = args.to_vec();
    *unwritable.last_mut().unwrap() = "/nonexistent/net.bin";
    let err = fails(&unwritable);
    let last = err.lines().last().unwrap();
    assert!(
        last.starts_with("mapello: cannot write /nonexistent/net.bin: "),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// `train --blend B`: the same games, fitted to targets that are `B`% of
/// the result, so other weights; the plan names the share.
#[test]
fn train_blend_fits_the_same_games_to_other_targets() {
    let dir = scratch("train-blend");
    let results = dir.join("results");
    let mut args = vec!["train", "--dir", results.to_str().unwrap()];
    args.extend(FEW_QUICK_GAMES);
    let first = dir.join("first.bin");
    args.extend(["--epochs", "1", "--out", first.to_str().unwrap()]);
    assert!(mapello(&args, None).status.success());
    let mut same_dir = args.clone();
    same_dir.extend(["--blend", "0"]);
    let err = one_line_error(&same_dir);
    assert!(err.contains("holds a run with other settings"), "{err}");
    let values = dir.join("values");
    let blended = dir.join("blended.bin");
    let mut blend = vec!["train", "--dir", values.to_str().unwrap()];
    blend.extend(FEW_QUICK_GAMES);
    blend.extend(["--epochs", "1", "--out", blended.to_str().unwrap()]);
    blend.extend(["--blend", "0"]);
    let run = mapello(&blend, None);
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(run.status.success(), "{stderr}");
    let plan = std::fs::read_to_string(values.join("plan.txt")).unwrap();
    assert!(plan.trim_end().ends_with(" blend 0"), "{plan}");
    assert_eq!(first_games(&values, 1), first_games(&results, 1));
    assert_ne!(
        std::fs::read(&blended).unwrap(),
        std::fs::read(&first).unwrap()
    );
    *blend.last_mut().unwrap() = "101";
    let err = one_line_error(&blend);
    assert!(err.contains("--blend"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// `train --from W`: the first generation is played with the weights in
/// `W` and every fit starts from them.
#[test]
fn train_from_weights_plays_and_fits_from_them() {
    let dir = scratch("train-from");
    let d = dir.to_str().unwrap();
    let first = dir.join("first.bin");
    let mut args = vec!["train", "--dir", d];
    args.extend(FEW_QUICK_GAMES);
    args.extend(["--epochs", "1", "--out", first.to_str().unwrap()]);
    assert!(mapello(&args, None).status.success());
    let from_dir = dir.join("from");
    let next = dir.join("next.bin");
    let mut from = vec!["train", "--dir", from_dir.to_str().unwrap()];
    from.extend(FEW_QUICK_GAMES);
    from.extend(["--epochs", "1", "--out", next.to_str().unwrap()]);
    from.extend(["--from", first.to_str().unwrap()]);
    let run = mapello(&from, None);
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(run.status.success(), "{stderr}");
    assert!(
        stderr.contains("points there with the weights the fit starts from"),
        "{stderr}"
    );
    let plan = std::fs::read_to_string(from_dir.join("plan.txt")).unwrap();
    assert!(
        plan.trim_end()
            .ends_with(&format!("from {}", first.display())),
        "{plan}"
    );
    // The same maps and openings as the hand-made evaluation's first
    // generation, played otherwise.
    let (learned, hand_made) = (first_games(&from_dir, 1), first_games(&dir, 1));
    assert_eq!(game_lines(&learned), game_lines(&hand_made));
    assert_ne!(learned, hand_made);
    // A file that is not weights, and weights of another size, are refused.
    let plan_txt = from_dir.join("plan.txt");
    let mut bad = from.clone();
    *bad.last_mut().unwrap() = plan_txt.to_str().unwrap();
    let err = one_line_error(&bad);
    assert!(err.contains("is not a network's weights"), "{err}");
    let six = dir.join("six.bin");
    std::fs::write(&six, mapello_model_bytes(6)).unwrap();
    *bad.last_mut().unwrap() = six.to_str().unwrap();
    let err = one_line_error(&bad);
    assert!(
        err.contains("holds weights for 6 x 6 boards, not 8 x 8"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// The first games file of generation `g` of the `train` run in `dir`.
fn first_games(dir: &std::path::Path, g: u32) -> String {
    std::fs::read_to_string(dir.join(format!("gen-{g}")).join("games-0000.txt")).unwrap()
}

/// The `game <variant> <share code>` lines of a games file: its maps.
fn game_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("game "))
        .map(str::to_string)
        .collect()
}

/// The weights the program is built with for `n` x `n` boards.
fn mapello_model_bytes(n: u32) -> Vec<u8> {
    std::fs::read(format!(
        "{}/src/ai/net/s{n}.bin",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// `patterns fit` from earlier tables: held as firmly as a billion
/// positions, the weights stay as they were; a prior needs its count, and
/// a file that is not tables is refused.
#[test]
fn patterns_fit_starts_from_earlier_tables() {
    let dir = scratch("patterns");
    let d = dir.to_str().unwrap();
    let mut games = vec!["patterns", "games", "--dir", d];
    games.extend(FEW_QUICK_GAMES);
    let played = mapello(&games, None);
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let first = dir.join("first.bin");
    let f = first.to_str().unwrap();
    let fitted = ok(&["patterns", "fit", "--dir", d, "--out", f]);
    assert!(fitted.starts_with("positions: "), "{fitted}");
    assert!(!fitted.contains("prior"), "{fitted}");
    let second = dir.join("second.bin");
    let s = second.to_str().unwrap();
    let from = [
        "patterns",
        "fit",
        "--dir",
        d,
        "--prior",
        f,
        "--prior-positions",
        "1000000000",
        "--out",
        s,
    ];
    let again = ok(&from);
    assert!(
        again.starts_with("prior: error with its tables "),
        "{again}"
    );
    assert_eq!(
        std::fs::read(&first).unwrap(),
        std::fs::read(&second).unwrap()
    );
    let err = one_line_error(&["patterns", "fit", "--dir", d, "--prior", f, "--out", s]);
    assert!(
        err.contains("--prior and --prior-positions go together"),
        "{err}"
    );
    let mut not_tables = from;
    not_tables[5] = d;
    let err = one_line_error(&not_tables);
    assert!(err.contains("cannot read"), "{err}");
    let games_file = dir.join("games-0000.txt");
    not_tables[5] = games_file.to_str().unwrap();
    let err = one_line_error(&not_tables);
    assert!(err.contains("is not pattern tables"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// `book build` is reproducible and resumable: the same options give the
/// same file, and a deeper build extends a shallower one to the same file
/// a deeper build from nothing writes. `book probe` reads it; a corrupt
/// book is an error.
#[test]
fn book_build_is_reproducible_and_probe_reads_it() {
    let a = TempFile::new("book-a.bin", "");
    let b = TempFile::new("book-b.bin", "");
    let _ = std::fs::remove_file(a.path());
    let _ = std::fs::remove_file(b.path());
    let build = |out: &str, plies: &str| {
        ok(&[
            "book", "build", "--out", out, "--plies", plies, "--level", "2", "--spread", "2",
        ])
    };
    assert!(build(a.path(), "3").contains(" in the book: "));
    build(a.path(), "1");
    build(a.path(), "3");
    build(b.path(), "3");
    assert_eq!(
        std::fs::read(a.path()).unwrap(),
        std::fs::read(b.path()).unwrap()
    );
    let start = ok(&["book", "probe", "--book", a.path()]);
    let mut moves: Vec<&str> = start
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    moves.sort();
    assert_eq!(moves, ["c4", "d3", "e6", "f5"], "{start}");
    assert_eq!(
        ok(&["book", "probe", "--book", a.path(), "f5", "d6", "c3"]),
        "not in the book\n"
    );
    // The built-in book knows the start.
    assert_eq!(ok(&["book", "probe"]).lines().count(), 4);
    let bad = TempFile::new("book-bad.bin", "MPLBOOK\u{1}\u{5}\u{0}\u{0}\u{0}abc");
    let err = one_line_error(&["book", "probe", "--book", bad.path()]);
    assert!(
        err.ends_with("the opening book ends early, at byte 15\n"),
        "{err}"
    );
    let err = one_line_error(&["book", "probe", "--variant", "mapello"]);
    assert_eq!(err, "mapello: the opening book is for 8 x 8 Othello\n");
    let err = one_line_error(&["book", "probe", "--book", bad.path(), "--size", "6"]);
    assert!(err.contains("ends early"), "{err}");
    assert_eq!(
        one_line_error(&["book"]),
        "mapello: missing build or probe\n"
    );
}
