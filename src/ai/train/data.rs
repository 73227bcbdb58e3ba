//! The training data: self-play games on random maps and on the empty
//! Othello board, each position labelled with the margin its game reached
//! once solved exactly and with the value the player's search gave it.
//!
//! The games of the first generation are played by a level with the
//! hand-made evaluation, those of each later one with the network fitted
//! to the generations before, so the data never depend on the weights the
//! program was built with.
//!
//! Games are made in chunks of [`CHUNK`], each written to its own file
//! once complete, so an interrupted run resumes at the first missing
//! chunk. A game's map, opening and players come from the seed and the
//! game's number alone: the files are the same whatever the threads.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::bits::{Bits, Size, Squares};
use crate::game::AnyGame;
use crate::map::{Counts, Map};
use crate::position::{Colour, Position};
use crate::rules::{Board, Rules, Status, Variant};
use crate::sharecode;

use crate::ai::budget::Budget;
use crate::ai::eval::SCALE;
use crate::ai::levels::Level;
use crate::ai::net::Model;
use crate::ai::pos::Pos;
use crate::ai::search::Searcher;
use crate::ai::tt;

/// Games in one data file.
pub(crate) const CHUNK: u32 = 1000;

/// How the training games are played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Plan {
    /// Side of the board.
    pub n: u32,
    /// Number of games (rounded up to whole chunks).
    pub games: u32,
    /// Seed of the maps, openings and players.
    pub seed: u64,
    /// Level whose search plays (and values) the games.
    pub level: u32,
    /// Free squares from which the rest of a game is solved exactly.
    pub solve_at: u32,
    /// Every game on the empty Othello board (the pattern evaluation's
    /// games), instead of one in three.
    pub othello_only: bool,
    /// Play with the built-in pattern tables where they apply (the
    /// pattern evaluation's second generation of games), as the program's
    /// own levels do; `model` must then be the built-in network.
    pub tables: bool,
}

impl Plan {
    /// Number of chunks.
    pub(crate) fn chunks(&self) -> u32 {
        self.games.div_ceil(CHUNK)
    }
}

/// The file of chunk `c` in `dir`.
pub(crate) fn chunk_path(dir: &Path, c: u32) -> PathBuf {
    dir.join(format!("games-{c:04}.txt"))
}

/// The seed of generation `g` (from 0) of a run seeded with `seed`, so
/// that each generation plays other maps and openings.
pub(crate) fn generation_seed(seed: u64, g: u32) -> u64 {
    seed ^ (u64::from(g) << 48)
}

/// Makes every chunk of `plan` missing from `dir` on `threads` threads,
/// played with `model`'s evaluation (the hand-made one without);
/// `progress` gets the chunks done so far and the total.
pub(crate) fn generate(
    plan: &Plan,
    dir: &Path,
    model: Option<&Model>,
    threads: u32,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> std::io::Result<()> {
    fs::create_dir_all(dir)?;
    let total = plan.chunks();
    let todo: Vec<u32> = (0..total)
        .filter(|&c| !chunk_path(dir, c).exists())
        .collect();
    let done = AtomicU32::new(total - todo.len() as u32);
    let next = AtomicU32::new(0);
    let failure: Mutex<Option<std::io::Error>> = Mutex::new(None);
    progress(done.load(Ordering::SeqCst), total);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::SeqCst) as usize;
                let Some(&c) = todo.get(k) else { break };
                if let Err(e) = write_chunk(plan, dir, model, c) {
                    *failure.lock().expect("no thread panics holding it") = Some(e);
                    break;
                }
                progress(done.fetch_add(1, Ordering::SeqCst) + 1, total);
            });
        }
    });
    match failure.into_inner().expect("no thread panics holding it") {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Plays chunk `c`'s games and writes them, through a temporary file so a
/// chunk on disk is always whole.
fn write_chunk(plan: &Plan, dir: &Path, model: Option<&Model>, c: u32) -> std::io::Result<()> {
    let mut text = String::new();
    let first = c * CHUNK;
    for i in first..(first + CHUNK).min(plan.games) {
        game_record(plan, model, i, &mut text);
    }
    let tmp = dir.join(format!("games-{c:04}.tmp"));
    let mut file = fs::File::create(&tmp)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    fs::rename(tmp, chunk_path(dir, c))
}

/// The map and variant of game `i` of `plan`: one game in three is
/// Othello (every game with [`Plan::othello_only`]), one a map with the
/// editor's full set of pieces, one a map of any density.
pub(crate) fn game_of(plan: &Plan, i: u32) -> AnyGame {
    let (seed, n) = (plan.seed, plan.n);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ (u64::from(i) << 20) ^ 0x5eed);
    let third = if plan.othello_only { 0 } else { i % 3 };
    let game = match third {
        0 => AnyGame::new(Variant::Othello, Map::empty(n).expect("a board size")),
        k => {
            let counts = if k == 1 {
                Counts::FULL_SET
            } else {
                Counts {
                    walls: rng.next_u32() % 9,
                    bonuses: rng.next_u32() % 9,
                    jokers: rng.next_u32() % 9,
                }
            };
            let map = Map::random(n, counts, &mut rng).expect("8 of each fit");
            AnyGame::new(Variant::Mapello, map)
        }
    };
    game.expect("a start position")
}

/// Appends game `i`'s record: a `game` line, then one line a position.
fn game_record(plan: &Plan, model: Option<&Model>, i: u32, out: &mut String) {
    let game = game_of(plan, i);
    let mut rng =
        Xoshiro256PlusPlus::seed_from_u64(plan.seed.wrapping_mul(0x9e37_79b9) ^ u64::from(i));
    out.push_str(&format!(
        "game {} {}\n",
        game.variant().name(),
        sharecode::encode(game.map())
    ));
    crate::by_game!(&game,
        g => play(g.rules(), *g.position(), plan, model, &mut rng, out),
        _t => unreachable!("training plays Othello and Mapello"));
}

/// One labelled position: its discs, the final margin it led to and the
/// search's value, both for the side to move and without the bonus points
/// already taken.
struct Seen<S: Size> {
    pos: Position<S>,
    value: f64,
}

fn play<S: Size>(
    board: &Board<S>,
    start: Position<S>,
    plan: &Plan,
    model: Option<&Model>,
    rng: &mut Xoshiro256PlusPlus,
    out: &mut String,
) {
    let mut searcher = Searcher::with_model(board, tt::bits::MEDIUM, model);
    if plan.tables {
        searcher.use_tables(board);
    }
    let level = Level::get(plan.level).expect("a level");
    let random_plies = 2 + rng.next_u32() % 9;
    let mut seen: Vec<Seen<S>> = Vec::new();
    let final_black = play_out(board, start, |pos, plies| {
        let empties = searcher.terrain().empties(pos.me, pos.opp).count();
        let (value, best) = if empties <= plan.solve_at {
            let (score, best, _) = searcher
                .solve(Pos::of(pos), Budget::default(), None)
                .expect("an unlimited solve finishes");
            (f64::from(score), best)
        } else {
            let a = searcher.search(
                Pos::of(pos),
                &level.options(S::N, rng.next_u64()),
                None,
                &mut |_| {},
            );
            (f64::from(a.score) / f64::from(SCALE), a.best)
        };
        seen.push(Seen { pos: *pos, value });
        if plies < random_plies {
            let list: Vec<u32> = Squares(board.moves(pos)).collect();
            list[rng.next_u32() as usize % list.len()]
        } else {
            best.expect("a position to move has a best move")
        }
    });
    for s in seen {
        let p = &s.pos;
        let result = final_black * sign(p) - Pos::taken_margin(p);
        out.push_str(&format!(
            "{:x} {:x} {:x} {result} {:.1}\n",
            p.me.to_u128(),
            p.opp.to_u128(),
            p.bonus.to_u128(),
            s.value
        ));
    }
}

/// Plays `start` to the end, `choose` picking the move of each position
/// with a move (given the plies played so far); passes are played for
/// it. Returns black's final margin.
pub(crate) fn play_out<S: Size>(
    board: &Board<S>,
    start: Position<S>,
    mut choose: impl FnMut(&Position<S>, u32) -> u32,
) -> i32 {
    let mut pos = start;
    let mut plies = 0;
    loop {
        match board.status(&pos) {
            Status::GameOver => return board.final_margin(&pos) * sign(&pos),
            Status::MustPass => pos = pos.passed(),
            Status::ToMove => {
                let sq = choose(&pos, plies);
                pos = board.play_legal(&pos, sq);
                plies += 1;
            }
        }
    }
}

/// +1 when black is to move, -1 otherwise.
pub(crate) fn sign<S: Size>(p: &Position<S>) -> i32 {
    if p.side == Colour::Black {
        1
    } else {
        -1
    }
}
