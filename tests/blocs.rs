//! Blocs: the solver against plain brute-force searches, and the AI against the solver.

use std::time::Instant;

use mapello::blocs::ai::{self, Ai, Level, MAX_LEVEL};
use mapello::blocs::{Face, Move, Phase, Player, Position, Solver, Square, FULL, LONGEST_GAME};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Win or loss for the player to move in every flipping-phase position,
/// by plain minimax (a position is won when some move leaves a lost one),
/// the smaller masks first since every flip lowers the mask.
fn flipping_wins() -> Vec<bool> {
    let mut win = vec![false; 1 << 16];
    for black in 1..=FULL {
        let pos = Position::flipping(black, Player::X);
        win[usize::from(black)] = pos
            .moves()
            .into_iter()
            .any(|m| !win[usize::from(pos.play(m).unwrap().black())]);
    }
    win
}

/// Plain minimax through the placement phase, the flipping phase read from `flip`.
fn brute_force(pos: &Position, flip: &[bool]) -> bool {
    match pos.phase() {
        Phase::Flipping => flip[usize::from(pos.black())],
        Phase::Placement => pos
            .moves()
            .into_iter()
            .any(|m| !brute_force(&pos.play(m).unwrap(), flip)),
    }
}

/// A random position with `empty` empty squares, its faces at random.
fn random_placement(rng: &mut Xoshiro256PlusPlus, empty: u32) -> Position {
    let mut pos = Position::START;
    while 16 - pos.occupied().count_ones() > empty {
        let moves = pos.moves();
        let m = moves[rng.next_u32() as usize % moves.len()];
        pos = pos.play(m).unwrap();
    }
    pos
}

#[test]
fn grundy_values_match_a_brute_force_search_beside_a_nim_heap() {
    // A position has Grundy value g exactly when, played beside a nim heap
    // of g, the player to move loses; search every (mask, heap) pair.
    let solver = Solver::new();
    const HEAPS: usize = 24;
    let mut win = vec![[false; HEAPS]; 1 << 16];
    for black in 0..=FULL {
        let pos = Position::flipping(black, Player::X);
        let children: Vec<usize> = pos
            .moves()
            .into_iter()
            .map(|m| usize::from(pos.play(m).unwrap().black()))
            .collect();
        for heap in 0..HEAPS {
            win[usize::from(black)][heap] = children.iter().any(|&c| !win[c][heap])
                || (0..heap).any(|h| !win[usize::from(black)][h]);
        }
    }
    for black in 0..=FULL {
        let g = usize::from(solver.grundy(black));
        assert!(g < HEAPS, "{black:#06x}: {g}");
        for (heap, &won) in win[usize::from(black)].iter().enumerate() {
            assert_eq!(won, heap != g, "{black:#06x} heap {heap}");
        }
    }
    let flip = flipping_wins();
    for black in 0..=FULL {
        let pos = Position::flipping(black, Player::O);
        assert_eq!(solver.wins(&pos), flip[usize::from(black)], "{black:#06x}");
    }
}

#[test]
fn grundy_values_are_the_xor_of_the_single_discs_values() {
    let solver = Solver::shared();
    let single = Square::ALL.map(|s| solver.grundy(s.bit()));
    for black in 0..=FULL {
        let xor = Square::ALL
            .iter()
            .filter(|s| black & s.bit() != 0)
            .fold(0, |x, s| x ^ single[s.index() as usize]);
        assert_eq!(solver.grundy(black), xor, "{black:#06x}");
    }
    // Coin-turning theory: the nim product of the ruler values of the
    // column and the row (1, 2, 1, 4), as in Winning Ways' Rugs.
    assert_eq!(single, [1, 2, 1, 4, 2, 3, 2, 8, 1, 2, 1, 4, 4, 8, 4, 6]);
}

#[test]
fn placement_outcomes_match_a_brute_force_search() {
    let solver = Solver::shared();
    let flip = flipping_wins();
    // Every position with one or two empty squares.
    for empty in 1..=FULL {
        if empty.count_ones() > 2 {
            continue;
        }
        let occupied = !empty;
        let mut black = occupied;
        loop {
            let to_move = if empty.count_ones() == 1 {
                Player::O
            } else {
                Player::X
            };
            let pos = Position::new(occupied, black, to_move).unwrap();
            assert_eq!(solver.wins(&pos), brute_force(&pos, &flip), "{pos:?}");
            if black == 0 {
                break;
            }
            black = (black - 1) & occupied;
        }
    }
    // Random positions with three to seven empty squares.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(18);
    let mut seen = [0usize; 2];
    for empty in 3..=7 {
        let samples = if empty == 7 { 12 } else { 60 };
        for _ in 0..samples {
            let pos = random_placement(&mut rng, empty);
            let want = brute_force(&pos, &flip);
            assert_eq!(solver.wins(&pos), want, "{pos:?}");
            seen[usize::from(want)] += 1;
        }
    }
    assert!(seen[0] > 10 && seen[1] > 10, "{seen:?}");
}

#[test]
fn the_top_level_plays_perfectly_in_every_flipping_position() {
    let flip = flipping_wins();
    let mut top = Ai::new(Level::get(MAX_LEVEL).unwrap(), 1);
    for black in 1..=FULL {
        let pos = Position::flipping(black, Player::X);
        let m = top.choose(&pos).unwrap();
        let after = pos.play(m).unwrap();
        if flip[usize::from(black)] {
            assert!(
                !flip[usize::from(after.black())],
                "{black:#06x}: {m} misses the win"
            );
        }
        let winning: Vec<Move> = pos
            .moves()
            .into_iter()
            .filter(|&m| !flip[usize::from(pos.play(m).unwrap().black())])
            .collect();
        assert_eq!(ai::hints(&pos), winning, "{black:#06x}");
    }
    assert_eq!(top.choose(&Position::flipping(0, Player::X)), None);
}

#[test]
fn the_top_level_plays_perfectly_in_sampled_placement_positions() {
    let solver = Solver::shared();
    let mut top = Ai::new(Level::get(MAX_LEVEL).unwrap(), 2);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut won = 0;
    for k in 0..2000 {
        let pos = random_placement(&mut rng, 1 + k % 16);
        let m = top.choose(&pos).unwrap();
        let after = pos.play(m).unwrap();
        if solver.wins(&pos) {
            won += 1;
            assert!(!solver.wins(&after), "{pos:?}: {m} misses the win");
        }
        let hints = ai::hints(&pos);
        assert_eq!(hints.is_empty(), !solver.wins(&pos));
        for m in pos.moves() {
            let wins = !solver.wins(&pos.play(m).unwrap());
            assert_eq!(hints.contains(&m), wins, "{pos:?}: {m}");
        }
    }
    assert!(won > 200, "{won}");
}

#[test]
fn the_first_player_loses_from_the_empty_board() {
    let solver = Solver::shared();
    assert!(!solver.wins(&Position::START));
    assert!(ai::hints(&Position::START).is_empty());
    let solution = solver.solve(&Position::START).unwrap();
    assert!(!solution.win);
}

#[test]
fn the_lowest_levels_see_the_end_of_the_game_one_or_two_plies_ahead() {
    // c3 alone ends the game; every other move leaves black discs.
    let pos = Position::flipping(Square::parse("c3").unwrap().bit(), Player::X);
    let c3 = "c3".parse::<Move>().unwrap();
    for seed in 0..20 {
        assert_eq!(Ai::new(Level::get(1).unwrap(), seed).choose(&pos), Some(c3));
    }
    // From b1 and d1 black, level 2 never flips only one of them (the other
    // would then end the game); a1-b1 leaves a1 and d1, not an immediate loss.
    let pos = Position::flipping(0b1010, Player::X);
    for seed in 0..50 {
        let m = Ai::new(Level::get(2).unwrap(), seed).choose(&pos).unwrap();
        let after = pos.play(m).unwrap();
        assert!(after.black().count_ones() != 1, "{m}");
    }
}

#[test]
fn each_level_beats_the_one_below_and_the_lower_levels_err() {
    let solver = Solver::shared();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    // Errors: how often each level gives away a won flipping position.
    let mut errors = [0u32; MAX_LEVEL as usize];
    for k in 1..=MAX_LEVEL {
        let mut ai = Ai::new(Level::get(k).unwrap(), u64::from(k));
        for _ in 0..400 {
            let pos = loop {
                let pos = Position::flipping(rng.next_u32() as u16, Player::X);
                if solver.wins(&pos) {
                    break pos;
                }
            };
            let after = pos.play(ai.choose(&pos).unwrap()).unwrap();
            errors[k as usize - 1] += u32::from(solver.wins(&after));
        }
    }
    println!("errors in 400 won positions by level: {errors:?}");
    assert!(errors.windows(2).all(|w| w[0] > w[1]), "{errors:?}");
    assert_eq!(errors[MAX_LEVEL as usize - 1], 0);
    // Games from the empty board, each pair with the sides swapped.
    for k in 1..MAX_LEVEL {
        let (mut strong_wins, mut longest) = (0, 0);
        let games: u32 = 200;
        for g in 0..games {
            let seed = u64::from(k * 1000 + g);
            let mut weak = Ai::new(Level::get(k).unwrap(), seed);
            let mut strong = Ai::new(Level::get(k + 1).unwrap(), seed + 1);
            let strong_side = if g % 2 == 0 { Player::X } else { Player::O };
            let (winner, moves) = if strong_side == Player::X {
                ai::play_game(&Position::START, &mut strong, &mut weak)
            } else {
                ai::play_game(&Position::START, &mut weak, &mut strong)
            };
            strong_wins += u32::from(winner == strong_side);
            longest = longest.max(moves.len());
        }
        println!(
            "level {} against level {k}: {strong_wins} of {games}, longest game {longest} moves",
            k + 1
        );
        assert!(
            strong_wins * 100 >= games * 55,
            "level {} won {strong_wins}",
            k + 1
        );
    }
}

#[test]
fn solver_figures() {
    // The best of five builds, as other work on the machine only slows one down.
    let mut best = f64::INFINITY;
    let mut solver = Solver::new();
    for _ in 0..5 {
        let start = Instant::now();
        solver = Solver::new();
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "blocs solver: tables built in {:.1} ms, {} KB",
        best * 1e3,
        solver.memory_bytes() / 1024
    );
    let solution = solver.solve(&Position::START).unwrap();
    println!(
        "empty board: first player {}",
        if solution.win { "wins" } else { "loses" }
    );
    let mut pos = Position::START;
    for sq in Square::ALL {
        pos = pos.play(Move::Place(sq, Face::Black)).unwrap();
    }
    assert_eq!(
        solver.solve(&pos).map(|s| s.win),
        Some(solver.grundy(FULL) != 0)
    );
}

/// Hostile text for the move and diagram readers: no panic, clear errors,
/// and whatever is accepted writes back and reads again the same.
#[cfg(not(target_arch = "wasm32"))]
mod hostile {
    use mapello::blocs::{diagram, transcript, Move, Player, Position};
    use proptest::prelude::*;

    fn position() -> impl Strategy<Value = Position> {
        (any::<u16>(), any::<u16>(), any::<bool>()).prop_filter_map(
            "not a position",
            |(occupied, black, o)| {
                let to_move = if o { Player::O } else { Player::X };
                Position::new(occupied, black & occupied, to_move).ok()
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn any_text_as_a_move(text in "\\PC{0,8}|[a-eA-E0-5xXoO -]{0,7}") {
            if let Ok(m) = text.parse::<Move>() {
                prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
            }
        }

        #[test]
        fn any_text_as_a_transcript(text in "\\PC{0,30}|[a-eA-E0-5xXoO ,-]{0,30}") {
            match transcript::read(&text) {
                Ok(moves) => prop_assert_eq!(transcript::read(&transcript::write(&moves)), Ok(moves)),
                Err(e) => prop_assert!(e.to_string().starts_with("move "), "{}", e),
            }
        }

        #[test]
        fn any_text_as_a_diagram(text in "\\PC{0,40}|[.XOxo \\n;#]{0,40}") {
            match diagram::read(&text) {
                Ok(pos) => prop_assert_eq!(diagram::read(&diagram::write(&pos)), Ok(pos)),
                Err(e) => prop_assert!(e.to_string().starts_with("line "), "{}", e),
            }
        }

        #[test]
        fn mutated_diagrams(pos in position(), at in any::<prop::sample::Index>(), c in "\\PC|[.XO\\n ]") {
            let mut text = diagram::write(&pos);
            prop_assert_eq!(diagram::read(&text), Ok(pos));
            let i = at.index(text.len());
            text.replace_range(i..=i, &c);
            match diagram::read(&text) {
                Ok(read) => prop_assert_eq!(diagram::read(&diagram::write(&read)), Ok(read)),
                Err(e) => prop_assert!(e.to_string().starts_with("line "), "{}", e),
            }
        }
    }
}

#[test]
fn the_longest_game_has_16_placements_and_1007_flips() {
    // Longest flipping phase from each mask, the smaller masks first since
    // every flip lowers the mask.
    let mut longest = vec![0usize; 1 << 16];
    for black in 1..=FULL {
        let pos = Position::flipping(black, Player::X);
        longest[usize::from(black)] = 1 + pos
            .moves()
            .into_iter()
            .map(|m| longest[usize::from(pos.play(m).unwrap().black())])
            .max()
            .unwrap();
    }
    let most = longest.iter().copied().max().unwrap();
    assert_eq!(16 + most, LONGEST_GAME);
    assert_eq!(longest[usize::from(FULL)], most);
}
