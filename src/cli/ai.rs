//! The AI commands: `solve`, `bestmove`, `match` and `balance`.

use std::io::Write;
use std::time::Instant;

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{Args, Bench, CliError, Command, PositionArgs};
use crate::ai::budget::Budget;
use crate::ai::levels::{Level, MAX_LEVEL};
use crate::ai::players::Kind;
use crate::ai::search::Options;
use crate::ai::{self, matches, tune};
use crate::game::AnyGame;
use crate::map::{Counts, Map};
use crate::position::Colour;
use crate::rules::Variant;

pub const SOLVE: Command = Command {
    name: "solve",
    usage: "--position P",
    run: solve,
};

/// A score as the command line prints it: `+38`, `0`, `-12`.
pub fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

fn solve(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let position = PositionArgs::take(args)?;
    args.finish()?;
    let game = position.game()?;
    let solved = ai::solve(&game, None).ok_or_else(|| CliError("the search was stopped".into()))?;
    writeln!(
        out,
        "best: {} score: {}",
        solved.best.name(game.size()),
        signed(solved.score)
    )?;
    Ok(())
}

pub const BESTMOVE: Command = Command {
    name: "bestmove",
    usage: "--position P (--level L | --time-ms T)",
    run: bestmove,
};

fn bestmove(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let position = PositionArgs::take(args)?;
    let level: Option<u32> = args.parsed("level", &format!("a level from 1 to {MAX_LEVEL}"))?;
    let time: Option<f64> = args.parsed("time-ms", "a number of milliseconds")?;
    args.finish()?;
    let options = match (level, time) {
        (Some(k), None) => Level::get(k)
            .ok_or_else(|| CliError(format!("--level must be 1 to {MAX_LEVEL}, not {k}")))?
            .options(1),
        (None, Some(t)) if t > 0.0 => {
            let strongest = Level::get(MAX_LEVEL).expect("the strongest level exists");
            Options {
                budget: Budget {
                    time_ms: Some(t),
                    ..Budget::default()
                },
                endgame: strongest.endgame,
                ..Options::default()
            }
        }
        (None, Some(_)) => return Err(CliError("--time-ms must be positive".into())),
        _ => return Err(CliError("give either --level L or --time-ms T".into())),
    };
    let game = position.game()?;
    let found = ai::best_move(&game, &options, None, &mut |_| {});
    writeln!(
        out,
        "best: {} score: {} depth: {} nodes: {}",
        found.best.name(game.size()),
        signed(found.score.round() as i32),
        found.depth,
        found.nodes
    )?;
    Ok(())
}

pub const MATCH: Command = Command {
    name: "match",
    usage: "[--position P | --random-maps] --a L --b L --games N [--seed S]",
    run: play_match,
};

fn player(args: &mut Args, name: &str) -> Result<Kind, CliError> {
    let text = args.value(name)?.ok_or_else(|| {
        CliError(format!(
            "missing --{name} L (a level, random, greedy or uct:N)"
        ))
    })?;
    text.parse()
        .map_err(|e: String| CliError(format!("--{name}: {e}")))
}

fn play_match(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let position = PositionArgs::take(args)?;
    let random_maps = args.flag("random-maps");
    let a = player(args, "a")?;
    let b = player(args, "b")?;
    let games: u32 = args
        .parsed("games", "a number of games")?
        .ok_or_else(|| CliError("missing --games N".into()))?;
    let seed: u64 = args.parsed("seed", "a number")?.unwrap_or(1);
    args.finish()?;
    if random_maps && position.position.is_some() {
        return Err(CliError(
            "give --position or --random-maps, not both".into(),
        ));
    }
    let fixed = if random_maps {
        None
    } else {
        Some(position.game()?)
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut map_game = None;
    let (mut a_wins, mut b_wins, mut draws) = (0, 0, 0);
    for i in 0..games {
        if random_maps && i % 2 == 0 {
            let counts = Counts {
                walls: 8,
                bonuses: 8,
                jokers: 8,
            };
            let map = Map::random(8, counts, &mut rng).map_err(|e| CliError(e.to_string()))?;
            map_game =
                Some(AnyGame::new(Variant::Mapello, map).map_err(|e| CliError(e.to_string()))?);
        }
        let game = fixed
            .as_ref()
            .or(map_game.as_ref())
            .expect("a game to play");
        let a_black = i % 2 == 0;
        let (black, white) = if a_black { (a, b) } else { (b, a) };
        let outcome = matches::play(
            game,
            black,
            white,
            seed.wrapping_mul(1_000_003) ^ u64::from(i),
        );
        let a_colour = if a_black {
            Colour::Black
        } else {
            Colour::White
        };
        let result = match outcome.winner() {
            None => {
                draws += 1;
                "draw"
            }
            Some(c) if c == a_colour => {
                a_wins += 1;
                "a wins"
            }
            Some(_) => {
                b_wins += 1;
                "b wins"
            }
        };
        let (bn, wn) = if a_black { ("a", "b") } else { ("b", "a") };
        writeln!(
            out,
            "game {} black {bn} ({black}) white {wn} ({white}) score {}-{} {result}",
            i + 1,
            outcome.scores[0],
            outcome.scores[1]
        )?;
        out.flush()?;
    }
    writeln!(
        out,
        "games {games} a-wins {a_wins} b-wins {b_wins} draws {draws}"
    )?;
    Ok(())
}

pub const TUNE: Command = Command {
    name: "tune",
    usage: "[--games N] [--seed S] [--level L] [--solve-at E] [--ridge R]",
    run: tune,
};

/// Plays the training games and prints the new `src/ai/weights.rs`; the
/// error before and after goes to standard error.
fn tune(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let plan = tune::Plan {
        games: args.parsed("games", "a number of games")?.unwrap_or(2000),
        seed: args.parsed("seed", "a number")?.unwrap_or(1),
        level: args.parsed("level", "a level")?.unwrap_or(4),
        solve_at: args
            .parsed("solve-at", "a number of empties")?
            .unwrap_or(14),
    };
    let ridge: f64 = args.parsed("ridge", "a number")?.unwrap_or(10.0);
    args.finish()?;
    if Level::get(plan.level).is_none() {
        return Err(CliError(format!("--level must be 1 to {MAX_LEVEL}")));
    }
    let samples = tune::samples(&plan, &mut |done| {
        if done % 100 == 0 {
            eprintln!("{done} games");
        }
    });
    let weights = tune::fit(&samples, ridge);
    eprintln!(
        "{} positions; error {:.2} points before, {:.2} after",
        samples.len(),
        tune::error(&samples, &crate::ai::weights::WEIGHTS),
        tune::error(&samples, &weights)
    );
    let note = format!(
        "{} games at level {}, solved from {} empties, seed {}, ridge {ridge}: {} positions.",
        plan.games,
        plan.level,
        plan.solve_at,
        plan.seed,
        samples.len()
    );
    write!(out, "{}", tune::source(&weights, &note))?;
    Ok(())
}

pub const BALANCE: Command = Command {
    name: "balance",
    usage: "--position P",
    run: balance,
};

/// A balance as printed: signed, one decimal.
fn signed_decimal(v: f64) -> String {
    let text = format!("{v:.1}");
    if v >= 0.05 {
        format!("+{text}")
    } else if text == "-0.0" {
        "0.0".to_string()
    } else {
        text
    }
}

fn balance(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let position = PositionArgs::take(args)?;
    args.finish()?;
    let game = position.game()?;
    writeln!(
        out,
        "balance: {}",
        signed_decimal(ai::balance::balance(&game))
    )?;
    Ok(())
}

/// FFO endgame test positions #40 to #44 (tournament scoring), with the
/// exact score and the best moves.
pub const FFO: [(&str, &str, i32, &[&str]); 5] = [
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

/// Search speed: nodes per second of the strongest level's midgame search
/// on a fixed Mapello map, then the FFO #40-#44 solve times and the
/// solver's nodes per second.
pub fn bench(bench: &mut Bench) -> Result<(), CliError> {
    let counts = Counts {
        walls: 8,
        bonuses: 8,
        jokers: 8,
    };
    let map = Map::random(8, counts, &mut Xoshiro256PlusPlus::seed_from_u64(1))
        .map_err(|e| CliError(e.to_string()))?;
    let game = AnyGame::new(Variant::Mapello, map).map_err(|e| CliError(e.to_string()))?;
    let options = Options {
        budget: Budget {
            nodes: Some(2_000_000),
            ..Budget::default()
        },
        ..Options::default()
    };
    let start = Instant::now();
    let found = ai::best_move(&game, &options, None, &mut |_| {});
    let rate = found.nodes as f64 / start.elapsed().as_secs_f64();
    bench.figure(
        "search mapello 8-8-8 start",
        format!("{rate:.0}"),
        "nodes/s",
    )?;
    let (mut total, mut nodes) = (0.0, 0);
    for (name, obf, score, best) in FFO {
        let setup = crate::obf::read(obf)?;
        let game = AnyGame::from_setup(&setup).map_err(|e| CliError(e.to_string()))?;
        let start = Instant::now();
        let solved = ai::solve(&game, None).ok_or_else(|| CliError("stopped".into()))?;
        let seconds = start.elapsed().as_secs_f64();
        let right = solved.score == score && best.contains(&solved.best.name(8).as_str());
        if !right {
            return Err(CliError(format!(
                "FFO {name}: {} {} instead of {best:?} {score}",
                solved.best.name(8),
                solved.score
            )));
        }
        bench.figure(&format!("solve ffo {name}"), format!("{seconds:.2}"), "s")?;
        total += seconds;
        nodes += solved.nodes;
    }
    bench.figure("solve ffo #40-#44", format!("{total:.2}"), "s")?;
    bench.figure(
        "solve ffo #40-#44",
        format!("{:.0}", nodes as f64 / total),
        "nodes/s",
    )?;
    Ok(())
}
