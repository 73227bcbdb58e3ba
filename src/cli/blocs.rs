//! The commands of `--variant blocs`: `show`, `perft`, `solve`, `bestmove`
//! and `match` on the 4 x 4 board (docs/formats.md, "Troll and Blocs").
//!
//! `--position` is a Blocs diagram (see [`crate::blocs::diagram`]) given as
//! `-` for standard input, as the text itself, or as a file; without it the
//! position is the empty board.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::ai::{games_and_seed, report_clock, Tally};
use super::position::{in_source, read_text};
use super::{printable, quoted, Args, Bench, CliError, Command};
use crate::blocs::ai::{Ai, Level, MAX_LEVEL};
use crate::blocs::{diagram, perft, transcript, Move, Phase, Player, Position, Solver};
use crate::caps::{self, MAX_BLOCS_PERFT_DEPTH};
use crate::errors::ParseError;
use crate::games;

/// The commands Blocs has, in the order the usage lists them.
pub(super) const COMMANDS: &[Command] = &[
    Command {
        name: "perft",
        usage: "D [--position P]",
        run: run_perft,
    },
    Command {
        name: "show",
        usage: "[--position P] [MOVES...]",
        run: show,
    },
    Command {
        name: "solve",
        usage: "[--position P]",
        run: solve,
    },
    Command {
        name: "bestmove",
        usage: "[--position P] --level L [--seed S]",
        run: bestmove,
    },
    Command {
        name: "match",
        usage: "[--position P] --a L --b L --games N [--seed S]",
        run: play_match,
    },
];

/// Takes `--variant` (already known to be Blocs), `--size` and `--position`.
fn position(args: &mut Args) -> Result<Position, CliError> {
    args.value("variant")?;
    let blocs = games::by_id("blocs").expect("Blocs is in the catalogue");
    if let Some(size) = args.value("size")? {
        if size.trim() != blocs.default_size().to_string() {
            return Err(CliError::Refused(format!(
                "--size: Blocs is played on the 4 x 4 board only, not {}",
                quoted(&size)
            )));
        }
    }
    match args.value("position")? {
        None => Ok(Position::START),
        Some(arg) => Ok(load(&arg)?),
    }
}

/// Reads a `--position` argument: `-`, a diagram's text, or a file.
fn load(arg: &str) -> Result<Position, ParseError> {
    if arg == "-" {
        let text = read_text(std::io::stdin().lock(), "standard input")?;
        return diagram::read(&text).map_err(in_source("standard input"));
    }
    if arg.contains('\n') {
        return diagram::read(arg);
    }
    let shown = printable(arg);
    match std::fs::metadata(Path::new(arg)) {
        Ok(meta) if meta.is_dir() => Err(ParseError::new(format!(
            "{shown}: a directory, not a position file"
        ))),
        Ok(_) => {
            let file = std::fs::File::open(arg)
                .map_err(|e| ParseError::new(format!("cannot read {shown}: {e}")))?;
            let text = read_text(file, &shown)?;
            diagram::read(&text).map_err(in_source(&shown))
        }
        Err(_) => Err(ParseError::new(format!(
            "{}: no such file (a Blocs position is a diagram: a file, - for standard input, or the text)",
            quoted(arg)
        ))),
    }
}

fn run_perft(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let pos = position(args)?;
    let word = args.required("depth D")?;
    let depth = match word.parse::<u32>() {
        Ok(d) if d <= MAX_BLOCS_PERFT_DEPTH => d,
        Ok(d) => {
            return Err(CliError::Refused(format!(
                "depth D must be 0 to {MAX_BLOCS_PERFT_DEPTH} for Blocs, not {}: perft {d} \
                 from the start would take {}",
                quoted(&word),
                caps::blocs_perft_time(d)
            )))
        }
        Err(_) => {
            return Err(CliError::Refused(format!(
                "depth D must be 0 to {MAX_BLOCS_PERFT_DEPTH}, not {}",
                quoted(&word)
            )))
        }
    };
    args.finish()?;
    for d in 1..=depth {
        writeln!(out, "{d} {}", perft(&pos, d))?;
    }
    Ok(())
}

fn show(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let start = position(args)?;
    let text = args.rest().join(" ");
    args.finish()?;
    let moves =
        transcript::read(&text).map_err(|e| CliError::Refused(format!("in the moves, {e}")))?;
    let line = transcript::replay(&start, &moves)?;
    let pos = line.last().expect("the start is in the line");
    write!(out, "{}", state(pos))?;
    Ok(())
}

/// The board rows, `X to move` or `game over` and `winner: X`, the phase
/// and the legal moves.
pub(super) fn state(pos: &Position) -> String {
    let diagram = diagram::write(pos);
    let mut text: String = diagram.lines().take(4).map(|l| format!("{l}\n")).collect();
    match pos.winner() {
        Some(winner) => text.push_str(&format!("game over\nwinner: {winner}\n")),
        None => text.push_str(&format!("{} to move\n", pos.to_move())),
    }
    text.push_str(match pos.phase() {
        Phase::Placement => "placement phase\n",
        Phase::Flipping => "flipping phase\n",
    });
    let legal: String = pos.moves().iter().map(|m| format!(" {m}")).collect();
    text.push_str(&format!("legal:{legal}\n"));
    text
}

/// Refuses a finished game, which has no move to find.
fn not_over(pos: &Position) -> Result<(), CliError> {
    match pos.winner() {
        Some(w) => Err(CliError::Refused(format!(
            "the game is over ({w} made the last move): there is no move to find"
        ))),
        None => Ok(()),
    }
}

fn solve(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let pos = position(args)?;
    args.finish()?;
    not_over(&pos)?;
    let solved = Solver::shared().solve(&pos).expect("the game is not over");
    let score = if solved.win { "+1" } else { "-1" };
    writeln!(out, "best: {} score: {score}", solved.best)?;
    Ok(())
}

fn bestmove(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let pos = position(args)?;
    if args.value("time-ms")?.is_some() {
        return Err(CliError::Refused(
            "Blocs plays by --level L only (its levels answer at once)".into(),
        ));
    }
    let level = args
        .number("level", 1..=MAX_LEVEL)?
        .ok_or_else(|| CliError::Refused(format!("give --level L (1 to {MAX_LEVEL})")))?;
    let seed = args.number("seed", 0..=u64::MAX)?.unwrap_or(1);
    args.finish()?;
    not_over(&pos)?;
    let mut ai = Ai::new(Level::get(level).expect("the level is in range"), seed);
    let best = ai.choose(&pos).expect("the game is not over");
    writeln!(out, "best: {best}")?;
    Ok(())
}

/// A player of a match: a level, or uniformly random moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Level(u32),
    Random,
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Kind::Level(k) => write!(f, "{k}"),
            Kind::Random => write!(f, "random"),
        }
    }
}

/// A player of one game, its choices drawn from a seed.
enum Contestant {
    Ai(Ai),
    Random(Xoshiro256PlusPlus),
}

impl Contestant {
    fn new(kind: Kind, seed: u64) -> Contestant {
        match kind {
            Kind::Level(k) => Contestant::Ai(Ai::new(Level::get(k).expect("a level"), seed)),
            Kind::Random => Contestant::Random(Xoshiro256PlusPlus::seed_from_u64(seed)),
        }
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        match self {
            Contestant::Ai(ai) => ai.choose(pos),
            Contestant::Random(rng) => {
                let moves = pos.moves();
                (!moves.is_empty()).then(|| moves[rng.next_u32() as usize % moves.len()])
            }
        }
    }
}

fn player(args: &mut Args, name: &str) -> Result<Kind, CliError> {
    let text = args
        .value(name)?
        .ok_or_else(|| CliError::Refused(format!("missing --{name} L (a level or random)")))?;
    match text.parse() {
        Ok(k) if (1..=MAX_LEVEL).contains(&k) => Ok(Kind::Level(k)),
        _ if text == "random" => Ok(Kind::Random),
        _ => Err(CliError::Refused(format!(
            "--{name} must be a Blocs level from 1 to {MAX_LEVEL} or random, not {} \
             (greedy and uct:N play the Reversi games: Blocs has no score to be greedy for)",
            quoted(&text)
        ))),
    }
}

fn play_match(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let start = position(args)?;
    let a = player(args, "a")?;
    let b = player(args, "b")?;
    let (games, seed) = games_and_seed(args)?;
    args.finish()?;
    not_over(&start)?;
    let mut tally = Tally::default();
    let mut clock = report_clock();
    for i in 0..games {
        let game_seed = seed.wrapping_mul(1_000_003) ^ u64::from(i);
        let a_first = i % 2 == 0;
        let (x, o) = if a_first { (a, b) } else { (b, a) };
        let mut players = [
            Contestant::new(x, game_seed),
            Contestant::new(o, game_seed ^ 0x9e37_79b9_7f4a_7c15),
        ];
        let mut pos = start;
        let mut plies = 0u64;
        while let Some(mv) = players[usize::from(pos.to_move() == Player::O)].choose(&pos) {
            pos = pos.play(mv).expect("players choose legal moves");
            plies += 1;
        }
        let winner = pos.winner().expect("the game ended");
        let result = tally.record(Some((winner == Player::X) == a_first));
        let (xn, on) = if a_first { ("a", "b") } else { ("b", "a") };
        writeln!(
            out,
            "game {} X {xn} ({x}) O {on} ({o}) moves {plies} {result}",
            i + 1
        )?;
        out.flush()?;
        tally.report(games, &mut clock);
    }
    tally.summary(games, out)?;
    Ok(())
}

/// Solves of the start position timed together, for a steady figure.
const BENCH_SOLVES: u32 = 10_000;

/// The solver's figures: the time and memory to build its tables, and the
/// time of one solve of the empty board.
pub(super) fn bench(bench: &mut Bench) -> Result<(), CliError> {
    bench.method(format!(
        "Blocs: one build of the solver's tables (Grundy values of the 2^16 \
         flipping positions, then the placement outcomes), and the mean of \
         {BENCH_SOLVES} solves of the empty board (the outcome of each of its 32 moves)."
    ));
    let start = Instant::now();
    let solver = Solver::new();
    let build = start.elapsed().as_secs_f64();
    bench.figure("blocs solver tables", format!("{:.1}", build * 1e3), "ms")?;
    bench.figure(
        "blocs solver tables",
        format!("{}", solver.memory_bytes() / 1024),
        "KiB",
    )?;
    let start = Instant::now();
    for _ in 0..BENCH_SOLVES {
        let solved = solver.solve(&Position::START).expect("a move");
        if solved.win {
            return Err(CliError::Refused(
                "Blocs: the first player should lose".into(),
            ));
        }
    }
    let each = start.elapsed().as_secs_f64() / f64::from(BENCH_SOLVES);
    bench.figure("blocs solve start", format!("{:.2}", each * 1e6), "us")?;
    Ok(())
}
