//! What an exact solve and a win-draw-loss solve cost from 18 to 24 empty
//! squares, on Othello and on 8 x 8 maps with the full set of pieces: the
//! data behind the expert levels' solve points (`src/ai/levels.rs`).
//!
//!   cargo run --release --example endgame_points [games] [cap]
//!
//! Each game opens with 6 random plies (Othello) or on a random map, then
//! level 5 plays it; at each count of empties from 24 down to 18, a
//! search with level 10's node budget (or `cap` nodes) solves the
//! position exactly, then for the win alone, from scratch. Prints one line
//! per solve (board, empties, kind, nodes, milliseconds, finished), then
//! the share of solves that finished within each level's budget.

use std::time::Instant;

use mapello::ai::matches::opening;
use mapello::ai::Budget;
use mapello::{best_move, AnyGame, Counts, Level, Map, Options, Status, Variant};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const EMPTIES: std::ops::RangeInclusive<u32> = 18..=24;

fn empties(game: &AnyGame) -> u32 {
    mapello::caps::empties(game)
}

/// One solve of `game` from scratch: nodes, milliseconds, finished.
fn solve(game: &AnyGame, exact: bool, cap: u64) -> (u64, f64, bool) {
    let e = empties(game);
    let options = Options {
        budget: Budget {
            nodes: Some(cap),
            ..Budget::default()
        },
        endgame: if exact { e } else { 0 },
        wld: if exact { 0 } else { e },
        ..Options::default()
    };
    let start = Instant::now();
    let found = best_move(game, &options, None, &mut |_| {});
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    (found.nodes, ms, found.nodes < cap)
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>());
    let games = args.next().unwrap_or(Ok(6)).map_err(|e| e.to_string())?;
    let cap = args
        .next()
        .unwrap_or(Ok(100_000_000))
        .map_err(|e| e.to_string())?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut rows: Vec<(&str, u32, bool, u64)> = Vec::new();
    for g in 0..games {
        for board in ["othello", "map"] {
            let start = if board == "othello" {
                let game =
                    AnyGame::new(Variant::Othello, Map::empty(8).map_err(|e| e.to_string())?)
                        .map_err(|e| e.to_string())?;
                opening(&game, 6, &mut rng)
            } else {
                let map = Map::random(8, Counts::FULL_SET, &mut rng).map_err(|e| e.to_string())?;
                AnyGame::new(Variant::Mapello, map).map_err(|e| e.to_string())?
            };
            let mut game = start;
            let level5 = Level::get(5).expect("level 5").options(8, g);
            while game.status() != Status::GameOver && empties(&game) >= *EMPTIES.start() {
                let e = empties(&game);
                if EMPTIES.contains(&e) && game.status() == Status::ToMove {
                    for exact in [false, true] {
                        let (nodes, ms, done) = solve(&game, exact, cap);
                        let kind = if exact { "exact" } else { "wld" };
                        println!("{board} {e} {kind} {nodes} {ms:.0} {done}");
                        rows.push((board, e, exact, if done { nodes } else { u64::MAX }));
                    }
                }
                let mv = best_move(&game, &level5, None, &mut |_| {}).best;
                game.play(mv).map_err(|e| e.to_string())?;
            }
        }
    }
    for k in [9, 10] {
        let budget = Level::get(k).expect("a level").nodes(8).expect("a budget");
        for exact in [false, true] {
            let kind = if exact { "exact" } else { "wld" };
            let shares: Vec<String> = EMPTIES
                .map(|e| {
                    let of: Vec<u64> = rows
                        .iter()
                        .filter(|r| r.1 == e && r.2 == exact)
                        .map(|r| r.3)
                        .collect();
                    let within = of.iter().filter(|&&n| n < budget).count();
                    format!("{e}: {within}/{}", of.len())
                })
                .collect();
            println!("level {k} ({budget} nodes) {kind}: {}", shares.join(", "));
        }
    }
    Ok(())
}
