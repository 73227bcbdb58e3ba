//! The `mapello` command line (see FORMATS.md for the exact contract).

use std::process::ExitCode;

use mapello::game::AnyGame;
use mapello::map::Map;
use mapello::rules::Variant;

fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("perft") => {
            let depth: u32 = args
                .get(1)
                .and_then(|d| d.parse().ok())
                .ok_or("perft needs a depth")?;
            let variant = if args.iter().any(|a| a == "othello") {
                Variant::Othello
            } else {
                Variant::Mapello
            };
            let game = AnyGame::new(variant, Map::empty(8).map_err(|e| e.to_string())?)
                .map_err(|e| e.to_string())?;
            for d in 1..=depth {
                println!("{d} {}", game.perft(d));
            }
            Ok(())
        }
        _ => Err("usage: mapello perft D".to_string()),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mapello: {e}");
            ExitCode::FAILURE
        }
    }
}
