//! `mapello --variant troll` against docs/formats.md, "Troll and Blocs":
//! exact output on standard output, one-line errors on standard error.

#![cfg(feature = "cli")]

#[path = "common/cli.rs"]
mod run;

use run::{match_lines, ok, one_line_error, words, TempFile};

/// Black's column d is one disc short of row 8, Black to move.
const ONE_TO_GO: &str = "\
...X....
...X....
...X....
...X....
...X....
...X....
...X....
O.......
X to move
";

#[test]
fn show_prints_the_empty_start_with_48_legal_squares() {
    let out = ok(&["show", "--variant", "troll"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..8], [". . . . . . . ."; 8]);
    assert_eq!(lines[8], "to move: X");
    assert_eq!(lines[9].split_whitespace().count(), 1 + 48);
    assert!(lines[9].starts_with("legal: b1 c1 d1 e1 f1 g1 b2 c2"));
    assert_eq!(lines[10], "score: X 0 O 0");
    assert_eq!(lines.len(), 11);
}

#[test]
fn show_names_the_winner_when_a_side_connects() {
    let out = ok(&words("show --variant troll d1 d2 d3 d4 d5 d6 d7 a2 d8"));
    let tail: Vec<&str> = out.lines().skip(8).collect();
    assert_eq!(
        tail,
        ["game over", "winner: X", "legal:", "score: X 8 O 1"],
        "{out}"
    );
}

#[test]
fn show_says_winner_none_for_a_draw() {
    let mut text = String::new();
    for y in 0..8 {
        let row: String = (0..8)
            .map(|x| if (x + y) % 2 == 0 { 'X' } else { 'O' })
            .collect();
        text.push_str(&row);
        text.push('\n');
    }
    let full = TempFile::new("troll-draw", &text);
    let out = ok(&["show", "--variant", "troll", "--position", full.path()]);
    let tail: Vec<&str> = out.lines().skip(8).collect();
    assert_eq!(
        tail,
        ["game over", "winner: none", "legal:", "score: X 32 O 32"]
    );
}

#[test]
fn a_move_on_the_opponents_edge_without_a_flip_is_refused() {
    assert_eq!(
        one_line_error(&["show", "--variant", "troll", "a3"]),
        "mapello: move 1 (a3): a3 is not a legal move\n"
    );
}

#[test]
fn perft_counts_48_and_2268_from_the_start() {
    assert_eq!(
        ok(&["perft", "3", "--variant", "troll"]),
        "1 48\n2 2268\n3 104940\n"
    );
}

#[test]
fn troll_is_refused_on_other_sizes() {
    assert_eq!(
        one_line_error(&["show", "--variant", "troll", "--size", "10"]),
        "mapello: the position cannot be played: troll is played on 8 x 8 only, not 10 x 10\n"
    );
}

#[test]
fn bestmove_and_solve_find_the_connecting_move() {
    let diagram = TempFile::new("troll-one-to-go", ONE_TO_GO);
    let p = diagram.path();
    let best = ok(&[
        "bestmove",
        "--variant",
        "troll",
        "--position",
        p,
        "--level",
        "3",
    ]);
    assert!(best.starts_with("best: d8 score: +"), "{best}");
    assert_eq!(
        ok(&["solve", "--variant", "troll", "--position", p]),
        "best: d8 score: +1\n"
    );
}

#[test]
fn solve_says_when_the_budget_proves_nothing() {
    assert_eq!(
        one_line_error(&["solve", "--variant", "troll", "--max-nodes", "1000"]),
        "mapello: not proven within 1000 nodes (--max-nodes N searches further)\n"
    );
    assert!(
        one_line_error(&["solve", "--variant", "troll", "--max-empties", "20"])
            .contains("--max-nodes")
    );
    assert_eq!(
        one_line_error(&["solve", "--variant", "troll", "--threads", "2"]),
        "mapello: troll is solved on one thread\n"
    );
}

#[test]
fn match_plays_troll_games_to_a_connection() {
    let out = ok(&words("match --variant troll --a 3 --b random --games 2"));
    let lines = match_lines(
        &out,
        2,
        "game 1 black a (3) white b (random) score ",
        "game 2 black b (random) white a (3) score ",
    );
    assert_eq!(lines[2], "games 2 a-wins 2 b-wins 0 draws 0");
}
