//! The whole program on the portable path, the one an x86-64 CPU without
//! AVX2 or BMI2 takes: `MAPELLO_PORTABLE` keeps a run off the fast copies,
//! and every answer must be the same as on the path this CPU picks.

#![cfg(feature = "cli")]

use std::process::Command;

/// Standard output of a successful `mapello` run, on the portable path or not.
fn run(args: &[&str], portable: bool) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mapello"));
    command.args(args);
    if portable {
        command.env("MAPELLO_PORTABLE", "1");
    } else {
        command.env_remove("MAPELLO_PORTABLE");
    }
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The same output on both paths, and that output.
fn same(args: &[&str]) -> String {
    let portable = run(args, true);
    assert_eq!(portable, run(args, false), "{args:?}");
    portable
}

#[test]
fn perft_counts_the_same_on_the_portable_path() {
    let othello = same(&["perft", "9", "--variant", "othello"]);
    assert!(othello.ends_with("9 3005288\n"), "{othello}");
    // Walls, bonuses and jokers on 8 x 8 and 10 x 10 (the Crossroads presets).
    let map = same(&["perft", "8", "--position", "18bAAAAFFRAQEAAAAEAjHACAQ"]);
    assert!(map.ends_with("8 356124\n"), "{map}");
    let map = same(&[
        "perft",
        "8",
        "--position",
        "110UQMAAAAAAAABJAABAAAAAAAABAACNADAAgQ",
    ]);
    assert!(map.ends_with("8 391380\n"), "{map}");
}

#[test]
fn the_solver_and_the_search_answer_the_same_on_the_portable_path() {
    // FFO #40: a2 wins by 38.
    let ffo = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    assert_eq!(same(&["solve", "--position", ffo]), "best: a2 score: +38\n");
    // Node budgets make the searches replay exactly.
    for level in ["4", "6"] {
        same(&[
            "bestmove",
            "--position",
            "18bAAAAFFRAQEAAAAEAjHACAQ",
            "--level",
            level,
        ]);
    }
}
