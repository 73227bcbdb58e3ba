//! Perft leaves per second on random 8 x 8 maps with the default 8 walls,
//! 8 bonuses and 8 jokers, next to the Othello start: how much the "map
//! against plain board" figure of `mapello bench` depends on the map. Seed 1
//! is the bench's map.
//!
//! Perft counts the last ply in bulk, one count per position one ply above
//! it, so leaves per second follow the mobility there (leaves per such
//! position, printed beside each map): walls that cut the board's lines
//! lower both. The last column divides the mobility out: positions counted
//! per second, against the plain board's, the share the code is answerable for.
//!
//!   cargo run --release --example map_perft [maps] [rounds]
//!
//! Each figure is the best of `rounds` (by default the bench's) timed runs,
//! alternating between the boards, by the bench's own loop
//! ([`mapello::cli::perft_rates`]).

use mapello::cli::{perft_rates, ROUNDS};
use mapello::{sharecode, AnyGame, Counts, Map, Variant};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const DEPTH: u32 = 10;

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>());
    let maps = args.next().unwrap_or(Ok(12)).map_err(|e| e.to_string())?;
    let rounds = args
        .next()
        .unwrap_or(Ok(ROUNDS as u64))
        .map_err(|e| e.to_string())?;
    if maps == 0 || rounds == 0 {
        return Err("maps and rounds must be at least 1".into());
    }
    let counts = Counts {
        walls: 8,
        bonuses: 8,
        jokers: 8,
    };
    let mut boards = vec![(
        "othello".to_string(),
        AnyGame::new(Variant::Othello, Map::empty(8).map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?,
    )];
    for seed in 1..=maps {
        let map = Map::random(8, counts, &mut Xoshiro256PlusPlus::seed_from_u64(seed))
            .map_err(|e| e.to_string())?;
        let name = format!("seed {seed:2} {}", sharecode::encode(&map));
        boards.push((
            name,
            AnyGame::new(Variant::Mapello, map).map_err(|e| e.to_string())?,
        ));
    }
    let perfts: Vec<Vec<u64>> = boards.iter().map(|(_, g)| g.perft_all(DEPTH)).collect();
    let games: Vec<&AnyGame> = boards.iter().map(|(_, g)| g).collect();
    let best = perft_rates(&games, DEPTH, rounds as usize).map_err(|e| e.to_string())?;
    let mobility =
        |perft: &[u64]| perft[DEPTH as usize - 1] as f64 / perft[DEPTH as usize - 2] as f64;
    let (plain, plain_mobility) = (best[0], mobility(&perfts[0]));
    let mut ratios = Vec::new();
    for (((name, _), perft), rate) in boards.iter().zip(&perfts).zip(&best) {
        let ratio = rate / plain;
        println!(
            "{name}: mobility {:.2}, {:.0} M leaves/s, {ratio:.3} of the plain board, \
             {:.3} per counted position",
            mobility(perft),
            rate / 1e6,
            ratio * plain_mobility / mobility(perft),
        );
        ratios.push(ratio);
    }
    let maps = &ratios[1..];
    let least = maps.iter().copied().fold(f64::INFINITY, f64::min);
    let most = maps.iter().copied().fold(0.0, f64::max);
    let mean = maps.iter().sum::<f64>() / maps.len() as f64;
    println!("maps: {least:.3} to {most:.3} of the plain board, mean {mean:.3}");
    Ok(())
}
