//! The AI commands: `solve`, `bestmove`, `match` and `balance`.

use std::io::Write;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{quoted, Args, Bench, CliError, Command, PositionArgs};
use crate::ai::budget::Budget;
use crate::ai::levels::{Level, MAX_LEVEL};
use crate::ai::players::Kind;
use crate::ai::search::Options;
use crate::ai::{self, matches, tune};
use crate::caps::{self, MAX_SOLVE_EMPTIES, MAX_TIME_MS, SOLVE_EMPTIES};
use crate::game::AnyGame;
use crate::map::{Counts, Map};
use crate::position::Colour;
use crate::rules::Variant;

pub(super) const SOLVE: Command = Command {
    name: "solve",
    usage: "--position P [--max-empties E] [--max-nodes N]",
    run: solve,
};

/// Nodes a Troll proof may search unless `--max-nodes` says otherwise
/// (a few seconds).
const TROLL_PROOF_NODES: u64 = 20_000_000;

/// Most nodes `--max-nodes` may allow (hours).
const MAX_PROOF_NODES: u64 = 100_000_000_000;

/// Most threads `solve --threads` may share a solve between.
const MAX_SOLVE_THREADS: u32 = 256;

/// When a solve first says it is still running, and how often after that.
const FIRST_REPORT: Duration = Duration::from_secs(2);
const REPORT_EVERY: Duration = Duration::from_secs(10);

/// A score as the command line prints it: `+38`, `0`, `-12`.
pub(super) fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

fn solve(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let position = PositionArgs::take(args)?;
    let most = args.number("max-empties", 0..=MAX_SOLVE_EMPTIES)?;
    let nodes = args.number("max-nodes", 1..=MAX_PROOF_NODES)?;
    let threads = args.number("threads", 1..=MAX_SOLVE_THREADS)?;
    args.finish()?;
    let game = not_over(position.game()?)?;
    if game.variant() == Variant::Troll {
        if most.is_some() {
            return Err(CliError::Refused(
                "troll is solved within a node budget: --max-nodes N, not --max-empties".into(),
            ));
        }
        if threads.is_some_and(|t| t > 1) {
            return Err(CliError::Refused("troll is solved on one thread".into()));
        }
        return solve_troll(&game, nodes.unwrap_or(TROLL_PROOF_NODES), out);
    }
    if nodes.is_some() {
        return Err(CliError::Refused(
            "--max-nodes is for troll; other games are solved exactly (--max-empties E)".into(),
        ));
    }
    let most = most.unwrap_or(SOLVE_EMPTIES);
    let empties = caps::empties(&game);
    if empties > most {
        return Err(CliError::Refused(format!(
            "solve takes at most {most} empty squares and the position has {empties}; \
             --max-empties {empties} lifts the limit, but that solve would take {} \
             (each empty square more multiplies the time by 3 to 4; {SOLVE_EMPTIES} take \
             about a minute)",
            caps::solve_time(empties)
        )));
    }
    let threads = threads.unwrap_or(1) as usize;
    let solved = with_progress(empties, || {
        ai::solve_threads(&game, Budget::default(), None, threads)
    })
    .ok_or_else(|| CliError::Refused("the search was stopped".into()))?;
    writeln!(
        out,
        "best: {} score: {}",
        solved.best.name(game.size()),
        signed(solved.score)
    )?;
    Ok(())
}

/// `solve` for Troll: `best: <move> score: +1` (a win for the side to
/// move), `0` (a draw) or `-1` (a loss), once proven within `nodes`.
fn solve_troll(game: &AnyGame, nodes: u64, out: &mut dyn Write) -> Result<(), CliError> {
    let budget = Budget {
        nodes: Some(nodes),
        ..Budget::default()
    };
    let proof = ai::solve(game, budget, None).ok_or_else(|| {
        CliError::Refused(format!(
            "not proven within {nodes} nodes (--max-nodes N searches further)"
        ))
    })?;
    writeln!(
        out,
        "best: {} score: {}",
        proof.best.name(game.size()),
        signed(proof.score)
    )?;
    Ok(())
}

/// Runs `work`, a solve of `empties` empty squares, saying on standard
/// error how long it has been running when it takes more than a moment.
fn with_progress<T>(empties: u32, work: impl FnOnce() -> T) -> T {
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let start = Instant::now();
            let mut next = FIRST_REPORT;
            loop {
                match finished.recv_timeout(next.saturating_sub(start.elapsed())) {
                    Err(RecvTimeoutError::Timeout) => {
                        eprintln!(
                            "solving {empties} empty squares: {} s so far",
                            start.elapsed().as_secs()
                        );
                        next += REPORT_EVERY;
                    }
                    _ => return,
                }
            }
        });
        let result = work();
        drop(done);
        result
    })
}

/// `game`, refused with its result when it is already over.
pub(super) fn not_over(game: AnyGame) -> Result<AnyGame, CliError> {
    match caps::game_over(&game) {
        Some(reason) => Err(CliError::Refused(reason)),
        None => Ok(game),
    }
}

/// Refuses `--random-maps` with a `--variant` it would not play: the
/// random maps are Mapello maps.
fn random_maps_variant(position: &PositionArgs) -> Result<(), CliError> {
    match position.variant {
        None | Some(Variant::Mapello) => Ok(()),
        Some(v) => Err(CliError::Refused(format!(
            "--random-maps draws Mapello maps (walls, bonuses, jokers), which {} does not \
             play; give --position P or leave out --variant {}",
            v.name(),
            v.name()
        ))),
    }
}

pub(super) const BESTMOVE: Command = Command {
    name: "bestmove",
    usage: "--position P (--level L | --time-ms T)",
    run: bestmove,
};

/// The level whose exact-solve point a search given a time uses: the
/// strongest that thinks well under a second, whose solves finish.
const TIMED_LEVEL: u32 = 8;

fn bestmove(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let position = PositionArgs::take(args)?;
    let level = args.number("level", 1..=MAX_LEVEL)?;
    let time = args.number("time-ms", 1.0..=MAX_TIME_MS)?;
    args.finish()?;
    let game = not_over(position.game()?)?;
    let options = match (level, time) {
        (Some(k), None) => Level::get(k)
            .expect("the level is in range")
            .options(game.size(), 1),
        (None, Some(t)) => {
            let timed = Level::get(TIMED_LEVEL).expect("the level exists");
            Options {
                budget: Budget::time(t),
                endgame: timed.endgame,
                ..Options::default()
            }
        }
        _ => {
            return Err(CliError::Refused(
                "give either --level L or --time-ms T".into(),
            ))
        }
    };
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

/// Most games of a match: a fixed map's games differ only by the seed.
const MAX_GAMES: u32 = 1_000_000;

/// A match's `--games N` (required) and `--seed S` (default 1), as every
/// game's `match` reads them.
pub(super) fn games_and_seed(args: &mut Args) -> Result<(u32, u64), CliError> {
    let games = args
        .number("games", 1..=MAX_GAMES)?
        .ok_or_else(|| CliError::Refused("missing --games N".into()))?;
    let seed = args.number("seed", 0..=u64::MAX)?.unwrap_or(1);
    Ok((games, seed))
}

/// A match's results so far, counted from player a's side.
#[derive(Default)]
pub(super) struct Tally {
    a_wins: u32,
    b_wins: u32,
    draws: u32,
}

impl Tally {
    /// Counts one game, `a_won` being `None` for a draw, and names its result
    /// as the game's line says it.
    pub(super) fn record(&mut self, a_won: Option<bool>) -> &'static str {
        match a_won {
            None => {
                self.draws += 1;
                "draw"
            }
            Some(true) => {
                self.a_wins += 1;
                "a wins"
            }
            Some(false) => {
                self.b_wins += 1;
                "b wins"
            }
        }
    }

    /// Games counted so far.
    pub(super) fn games(&self) -> u32 {
        self.a_wins + self.b_wins + self.draws
    }

    /// The match's last line.
    pub(super) fn summary(&self, games: u32, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(out, "games {games} {}", self.totals())
    }

    /// `a-wins W b-wins L draws D`.
    fn totals(&self) -> String {
        let Tally {
            a_wins,
            b_wins,
            draws,
        } = self;
        format!("a-wins {a_wins} b-wins {b_wins} draws {draws}")
    }

    /// After a game is counted: says the totals so far on standard error
    /// after [`FIRST_REPORT`] and every [`REPORT_EVERY`] after that, so
    /// that a long match stopped early has them.
    pub(super) fn report(&self, games: u32, clock: &mut (Instant, Duration)) {
        let (start, next) = clock;
        if start.elapsed() >= *next {
            eprintln!(
                "match: {} of {games} games so far, {}",
                self.games(),
                self.totals()
            );
            *next += REPORT_EVERY;
        }
    }
}

/// A match's clock for [`Tally::report`], started now.
pub(super) fn report_clock() -> (Instant, Duration) {
    (Instant::now(), FIRST_REPORT)
}

/// Most playouts a move of `uct:N`: its tree keeps a node per playout.
const MAX_PLAYOUTS: u32 = 1_000_000;

pub(super) const MATCH: Command = Command {
    name: "match",
    usage: "[--position P | --random-maps] --a L --b L --games N [--seed S] [--openings K] \
            [--time-ms T] [--threads T]",
    run: play_match,
};

/// Most random plies of an opening.
const MAX_OPENING: u32 = 20;

fn player(args: &mut Args, name: &str) -> Result<Kind, CliError> {
    let text = args.value(name)?.ok_or_else(|| {
        CliError::Refused(format!(
            "missing --{name} L (a level, classic:L, random, greedy or uct:N)"
        ))
    })?;
    match text.parse() {
        Ok(Kind::Uct(n)) if n > MAX_PLAYOUTS => Err(CliError::Refused(format!(
            "--{name} uct:N takes 1 to {MAX_PLAYOUTS} playouts, not {n}"
        ))),
        Ok(kind) => Ok(kind),
        Err(_) => Err(CliError::Refused(format!(
            "--{name} must be a level from 1 to {MAX_LEVEL}, classic:L, random, greedy or uct:N \
             (1 to {MAX_PLAYOUTS} playouts), not {}",
            quoted(&text)
        ))),
    }
}

/// One game of a match. The games are drawn in order from the seed, so they
/// are the same whatever the threads.
struct Fixture {
    game: AnyGame,
    a_black: bool,
    seed: u64,
}

/// Draws a match's games one at a time: a pair of games (colours swapped)
/// from each start, on the fixed position or on a new random map.
struct Fixtures {
    fixed: Option<AnyGame>,
    side: u32,
    opening: u32,
    seed: u64,
    rng: Xoshiro256PlusPlus,
    pair: Option<AnyGame>,
    drawn: u32,
}

impl Fixtures {
    fn next(&mut self) -> Result<Fixture, CliError> {
        let i = self.drawn;
        if i % 2 == 0 {
            let start = match &self.fixed {
                Some(game) => game.clone(),
                None => {
                    let map = Map::random(self.side, Counts::FULL_SET, &mut self.rng)?;
                    AnyGame::new(Variant::Mapello, map)?
                }
            };
            self.pair = Some(matches::opening(&start, self.opening, &mut self.rng));
        }
        self.drawn += 1;
        Ok(Fixture {
            game: self.pair.clone().expect("a game to play"),
            a_black: i % 2 == 0,
            seed: self.seed.wrapping_mul(1_000_003) ^ u64::from(i),
        })
    }
}

/// Games a match has drawn but not yet printed, per thread: a long match
/// streams its games in this much memory, whatever its length.
const AHEAD_PER_THREAD: u32 = 4;

fn play_match(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let position = PositionArgs::take(args)?;
    let random_maps = args.flag("random-maps")?;
    let a = player(args, "a")?;
    let b = player(args, "b")?;
    let (games, seed) = games_and_seed(args)?;
    let opening = args.number("openings", 1..=MAX_OPENING)?.unwrap_or(0);
    let time_ms = args.number("time-ms", 1.0..=MAX_TIME_MS)?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let threads = args
        .number("threads", 1..=256)?
        .unwrap_or(1)
        .min(cores.max(1) * 4);
    args.finish()?;
    if random_maps && position.position.is_some() {
        return Err(CliError::Refused(
            "give --position or --random-maps, not both".into(),
        ));
    }
    let thinks = |k: Kind| matches!(k, Kind::Level(_) | Kind::Classic(_) | Kind::Plain(_));
    if time_ms.is_some() && !thinks(a) && !thinks(b) {
        return Err(CliError::Refused(format!(
            "--time-ms gives the levels a time a move, and neither {a} nor {b} is a level"
        )));
    }
    let fixed = if random_maps {
        random_maps_variant(&position)?;
        None
    } else {
        Some(not_over(position.game()?)?)
    };
    let mut fixtures = Fixtures {
        fixed,
        side: position.side(),
        opening,
        seed,
        rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        pair: None,
        drawn: 0,
    };
    let mut tally = Tally::default();
    let mut clock = report_clock();
    let (work, jobs) = mpsc::channel::<(u32, Fixture)>();
    let jobs = Mutex::new(jobs);
    std::thread::scope(|s| -> Result<(), CliError> {
        // Moved in, so that any return drops it and lets the players end.
        let work = work;
        let (sender, results) = mpsc::channel();
        for _ in 0..threads {
            let sender = sender.clone();
            let jobs = &jobs;
            s.spawn(move || loop {
                let job = jobs
                    .lock()
                    .map_err(|_| ())
                    .and_then(|j| j.recv().map_err(|_| ()));
                let Ok((i, f)) = job else { break };
                let (black, white) = if f.a_black { (a, b) } else { (b, a) };
                let outcome = matches::play(&f.game, black, white, f.seed, time_ms);
                if sender.send((i, f.a_black, outcome)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut done = std::collections::BTreeMap::new();
        while tally.games() < games {
            while fixtures.drawn < games
                && fixtures.drawn - tally.games() < threads * AHEAD_PER_THREAD
            {
                let i = fixtures.drawn;
                let fixture = fixtures.next()?;
                work.send((i, fixture))
                    .map_err(|_| CliError::Refused("the players stopped".into()))?;
            }
            let (i, a_black, outcome) = results
                .recv()
                .map_err(|_| CliError::Refused("the players stopped".into()))?;
            done.insert(i, (a_black, outcome));
            while let Some((a_black, outcome)) = done.remove(&tally.games()) {
                let (black, white) = if a_black { (a, b) } else { (b, a) };
                let a_colour = if a_black {
                    Colour::Black
                } else {
                    Colour::White
                };
                let result = tally.record(outcome.winner.map(|c| c == a_colour));
                let (bn, wn) = if a_black { ("a", "b") } else { ("b", "a") };
                writeln!(
                    out,
                    "game {} black {bn} ({black}) white {wn} ({white}) score {}-{} {result}",
                    tally.games(),
                    outcome.scores[0],
                    outcome.scores[1]
                )?;
                out.flush()?;
            }
            tally.report(games, &mut clock);
        }
        Ok(())
    })?;
    tally.summary(games, out)?;
    Ok(())
}

/// Most training games: each keeps about 8 KB of samples in memory.
const MAX_TUNE_GAMES: u32 = 20_000;

/// Most empties the training games solve exactly: a solve of 20 takes a
/// second or two, and every game makes one.
const MAX_SOLVE_AT: u32 = 20;

/// Largest ridge: far past any that leaves the weights meaningful.
const MAX_RIDGE: f64 = 1e6;

pub(super) const TUNE: Command = Command {
    name: "tune",
    usage: "[--games N] [--seed S] [--level L] [--solve-at E] [--ridge R]",
    run: tune,
};

/// Plays the training games and prints the new `src/ai/weights.rs`; the
/// error before and after goes to standard error.
fn tune(args: &mut Args, out: &mut dyn Write) -> Result<(), CliError> {
    let plan = tune::Plan {
        games: args.number("games", 1..=MAX_TUNE_GAMES)?.unwrap_or(2000),
        seed: args.number("seed", 0..=u64::MAX)?.unwrap_or(1),
        level: args.number("level", 1..=MAX_LEVEL)?.unwrap_or(4),
        solve_at: args.number("solve-at", 0..=MAX_SOLVE_AT)?.unwrap_or(14),
    };
    let ridge = args.number("ridge", 0.0..=MAX_RIDGE)?.unwrap_or(10.0);
    args.finish()?;
    let samples = tune::samples(&plan, &mut |done| {
        if done % 100 == 0 {
            eprintln!("{done} games");
        }
    });
    let weights = tune::fit(&samples, ridge)?;
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

pub(super) const BALANCE: Command = Command {
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
    if game.variant() == Variant::Troll {
        return Err(CliError::Refused(
            "balance is a margin in points, and troll has none (a side wins by connecting)".into(),
        ));
    }
    writeln!(
        out,
        "balance: {}",
        signed_decimal(ai::balance::balance(&game))
    )?;
    Ok(())
}

/// FFO endgame test positions #40 to #44 (tournament scoring), with the
/// exact score and the best moves.
pub(super) const FFO: [(&str, &str, i32, &[&str]); 5] = [
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

/// The node budget of the search whose speed `bench` measures.
const BENCH_SEARCH_NODES: u64 = 2_000_000;

/// Search speed: nodes per second of a midgame search of
/// [`BENCH_SEARCH_NODES`] nodes on a fixed Mapello map, then the FFO #40-#44 solve times and the
/// solver's nodes per second.
pub(super) fn bench(bench: &mut Bench) -> Result<(), CliError> {
    bench.method(format!(
        "Search: one search from the Mapello start on the same map, stopped after \
         {BENCH_SEARCH_NODES} nodes, with the learned evaluation and then with the \
         hand-made one (`classic`). FFO #40-#44: one exact solve of each of these \
         Othello endgames (the best move and the score are checked), then their \
         total time and the solver's nodes per second over the five; then the five \
         again, each shared between two threads (`solve --threads 2`), their total \
         time and its ratio to one thread's."
    ));
    let counts = Counts::FULL_SET;
    let map = Map::random(8, counts, &mut Xoshiro256PlusPlus::seed_from_u64(1))?;
    let game = AnyGame::new(Variant::Mapello, map)?;
    let options = Options {
        budget: Budget {
            nodes: Some(BENCH_SEARCH_NODES),
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
    let AnyGame::S8(g) = &game else {
        return Err(CliError::Refused("the bench map is 8 x 8".into()));
    };
    let mut classic = ai::search::Searcher::classic(g.rules(), ai::tt::bits::LARGE);
    let start = Instant::now();
    let found = classic.search(ai::pos::Pos::of(g.position()), &options, None, &mut |_| {});
    let rate = found.nodes as f64 / start.elapsed().as_secs_f64();
    bench.figure(
        "search mapello 8-8-8 start classic",
        format!("{rate:.0}"),
        "nodes/s",
    )?;
    let (mut total, mut nodes) = (0.0, 0);
    for (name, obf, score, best) in FFO {
        let (seconds, solved) = solve_ffo(name, obf, score, best, 1)?;
        bench.figure(&format!("solve ffo {name}"), format!("{seconds:.2}"), "s")?;
        total += seconds;
        nodes += solved;
    }
    bench.figure("solve ffo #40-#44", format!("{total:.2}"), "s")?;
    bench.figure(
        "solve ffo #40-#44",
        format!("{:.0}", nodes as f64 / total),
        "nodes/s",
    )?;
    let mut shared = 0.0;
    for (name, obf, score, best) in FFO {
        let (seconds, _) = solve_ffo(name, obf, score, best, 2)?;
        shared += seconds;
    }
    bench.figure("solve ffo #40-#44 2 threads", format!("{shared:.2}"), "s")?;
    bench.figure(
        "solve ffo #40-#44 2 threads / 1",
        format!("{:.2}", shared / total),
        "ratio",
    )?;
    Ok(())
}

/// Solves FFO position `name` on `threads` threads, checking its score and
/// move; gives the seconds it took and its nodes.
fn solve_ffo(
    name: &str,
    obf: &str,
    score: i32,
    best: &[&str],
    threads: usize,
) -> Result<(f64, u64), CliError> {
    let setup = crate::obf::read(obf)?;
    let game = AnyGame::from_setup(&setup)?;
    let start = Instant::now();
    let solved = ai::solve_threads(&game, Budget::default(), None, threads)
        .ok_or_else(|| CliError::Refused("stopped".into()))?;
    let seconds = start.elapsed().as_secs_f64();
    if solved.score != score || !best.contains(&solved.best.name(8).as_str()) {
        return Err(CliError::Refused(format!(
            "FFO {name}: {} {} instead of {best:?} {score}",
            solved.best.name(8),
            solved.score
        )));
    }
    Ok((seconds, solved.nodes))
}
