//! An exact solve of FFO #40-#44 on one thread against several sharing
//! one table (`mapello::ai::solve_threads`): the figures behind
//! docs/benchmarks.md, "The exact solve on two threads".
//!
//!   cargo run --release --example smp_ffo [rounds] [threads]
//!
//! Each position is solved `rounds` times (3 unless told) on one thread
//! and on `threads` (2 unless told), alternating; each run's score and
//! move are checked. Prints one markdown row per position, the best
//! wall-clock time of each and the nodes of that run, then the totals.

use std::time::Instant;

use mapello::ai::{solve_threads, Budget};
use mapello::AnyGame;

/// The positions of `mapello bench` (src/cli/ai.rs): name, OBF, exact
/// score, best moves.
const FFO: [(&str, &str, i32, &[&str]); 5] = [
    (
        "#40",
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
        38,
        &["a2"],
    ),
    (
        "#41",
        "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X",
        0,
        &["h4"],
    ),
    (
        "#42",
        "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X",
        6,
        &["g2"],
    ),
    (
        "#43",
        "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O",
        -12,
        &["g3", "c7"],
    ),
    (
        "#44",
        "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O",
        -14,
        &["d2", "b8"],
    ),
];

/// One checked solve: seconds and nodes.
fn run(game: &AnyGame, threads: usize, name: &str, score: i32, best: &[&str]) -> (f64, u64) {
    let start = Instant::now();
    let solved = solve_threads(game, Budget::default(), None, threads).expect("no budget");
    let seconds = start.elapsed().as_secs_f64();
    let mv = solved.best.name(8);
    assert!(
        solved.score == score && best.contains(&mv.as_str()),
        "FFO {name} on {threads} threads: {mv} {} instead of {best:?} {score}",
        solved.score
    );
    (seconds, solved.nodes)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().map_or(3, |a| a.parse().expect("rounds"));
    let threads: usize = args.next().map_or(2, |a| a.parse().expect("threads"));
    println!("| position | 1 thread | nodes | {threads} threads | nodes | ratio |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    let (mut one, mut many) = ((0.0, 0), (0.0, 0));
    for (name, obf, score, best) in FFO {
        let game = AnyGame::from_setup(&mapello::obf::read(obf).expect("OBF")).expect("setup");
        let (mut a, mut b) = ((f64::MAX, 0), (f64::MAX, 0));
        for _ in 0..rounds {
            let r = run(&game, 1, name, score, best);
            if r.0 < a.0 {
                a = r;
            }
            let r = run(&game, threads, name, score, best);
            if r.0 < b.0 {
                b = r;
            }
        }
        println!(
            "| {name} | {:.2} s | {} | {:.2} s | {} | {:.2} |",
            a.0,
            a.1,
            b.0,
            b.1,
            b.0 / a.0
        );
        (one.0, one.1, many.0, many.1) = (one.0 + a.0, one.1 + a.1, many.0 + b.0, many.1 + b.1);
    }
    println!(
        "| total | {:.2} s | {} | {:.2} s | {} | {:.2} |",
        one.0,
        one.1,
        many.0,
        many.1,
        many.0 / one.0
    );
}
