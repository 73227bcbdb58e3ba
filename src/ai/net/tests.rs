use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::*;
use crate::bits::{Size, S8};
use crate::game::AnyGame;
use crate::map::{Counts, Map, SIZES};
use crate::rules::{Rules, Status, Variant};

fn board(seed: u64) -> Board<S8> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let map = Map::random(8, Counts::FULL_SET, &mut rng).unwrap();
    let AnyGame::S8(game) = AnyGame::new(Variant::Mapello, map).unwrap() else {
        unreachable!("an 8 x 8 map")
    };
    game.rules().clone()
}

fn model() -> &'static Model {
    builtin(8).expect("the program has 8 x 8 weights")
}

/// Plays a random game on `board` and checks at each step that the sums
/// carried from move to move are those computed from the position.
fn random_game<S: Size>(board: &Board<S>, seed: u64) {
    let model = builtin(S::N).expect("every board size has weights");
    let g = Terrain::new(board);
    let net = Learned::new(board, &g, model);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pos = board.start();
    let mut p = Pos::of(&pos);
    let mut acc = net.start(p);
    loop {
        let fresh = net.start(p);
        assert_eq!(
            (acc.me, acc.opp),
            (fresh.me, fresh.opp),
            "{} x {}, map {seed}",
            S::N,
            S::N
        );
        assert_eq!(net.value(&g, p, &acc), net.value(&g, p, &fresh));
        match board.status(&pos) {
            Status::GameOver => break,
            Status::MustPass => {
                acc = net.pass(&acc);
                pos = pos.passed();
            }
            Status::ToMove => {
                let moves: Vec<u32> = Squares(board.moves(&pos)).collect();
                let sq = moves[rng.next_u32() as usize % moves.len()];
                acc = net.play(&acc, p, sq, board.flips(&pos, sq));
                pos = board.play_legal(&pos, sq);
            }
        }
        p = Pos::of(&pos);
    }
}

#[test]
fn the_sums_after_moves_and_passes_are_those_of_the_position() {
    for n in SIZES {
        for seed in 0..12 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let map = Map::random(n, Counts::FULL_SET, &mut rng).unwrap();
            match AnyGame::new(Variant::Mapello, map).unwrap() {
                AnyGame::S6(game) => random_game(game.rules(), seed),
                AnyGame::S8(game) => random_game(game.rules(), seed),
                AnyGame::S10(game) => random_game(game.rules(), seed),
                AnyGame::Troll(_) => unreachable!("a Mapello game"),
            }
        }
    }
}

#[test]
fn walls_jokers_and_bonuses_change_the_value() {
    let plain = {
        let AnyGame::S8(game) = AnyGame::new(Variant::Mapello, Map::empty(8).unwrap()).unwrap()
        else {
            unreachable!("an 8 x 8 map")
        };
        game.rules().clone()
    };
    let mapped = board(3);
    let value = |b: &Board<S8>| {
        let g = Terrain::new(b);
        let net = Learned::new(b, &g, model());
        let p = Pos::of(&b.start());
        net.network(&net.start(p), g.empties(p.me, p.opp).count())
    };
    assert_ne!(value(&plain), value(&mapped));
}

#[test]
fn a_model_reads_back_what_it_wrote() {
    let m = model();
    assert_eq!(m.n, 8);
    assert_eq!(m.input.len(), inputs::count(8));
    assert_eq!(Model::parse(&m.to_bytes()).as_ref(), Ok(m));
}

#[test]
fn weights_past_a_byte_take_three_bytes_and_read_back() {
    let mut m = model().clone();
    let edges = [i16::MIN, -129, -128, -127, -1, 0, 1, 127, 128, i16::MAX];
    m.bias[..edges.len()].copy_from_slice(&edges);
    m.bias[edges.len()..].fill(5);
    let bytes = m.to_bytes();
    assert_eq!(Model::parse(&bytes).as_ref(), Ok(&m));
    let mut plain = m.clone();
    plain.bias = [5; HIDDEN];
    // Five of the ten edges (past -127 ..= 127) are wide: two more bytes each.
    assert_eq!(bytes.len(), plain.to_bytes().len() + 2 * 5);
}

#[test]
fn broken_model_files_are_refused_with_a_reason() {
    let bytes = model().to_bytes();
    let refuse = |b: &[u8]| Model::parse(b).unwrap_err();
    assert_eq!(refuse(b""), ModelError::CutShort);
    assert_eq!(refuse(b"").to_string(), "a network file cut short");
    assert_eq!(refuse(b"NOTANETWORKFILE!"), ModelError::NotANetwork);
    assert_eq!(
        refuse(b"NOTANETWORKFILE!").to_string(),
        "not a Mapello network file"
    );
    assert_eq!(refuse(&bytes[..bytes.len() - 1]), ModelError::CutShort);
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        refuse(&longer).to_string(),
        "a network file with bytes past its end"
    );
    let mut other_size = bytes.clone();
    other_size[8] = 7;
    assert!(matches!(
        refuse(&other_size),
        ModelError::DoesNotFit { n: 7, .. }
    ));
    assert!(refuse(&other_size)
        .to_string()
        .contains("does not fit this program"));
    let mut other_hidden = bytes;
    other_hidden[12] = 3;
    assert!(refuse(&other_hidden).to_string().contains("3 sums"));
}

#[test]
fn every_board_size_has_its_weights() {
    for n in SIZES {
        assert_eq!(builtin(n).map(|m| m.n), Some(n));
    }
    assert!(builtin(7).is_none());
}

#[test]
fn no_sum_of_the_built_in_weights_can_leave_i16() {
    for n in SIZES {
        let m = builtin(n).unwrap();
        for unit in 0..HIDDEN {
            let mut most = i32::from(m.bias[unit]).abs();
            for sq in 0..n * n {
                most += (0..inputs::KINDS)
                    .map(|kind| i32::from(m.input[inputs::square(sq, kind)][unit]).abs())
                    .max()
                    .unwrap();
            }
            for row in &m.input[inputs::KINDS * (n * n) as usize..] {
                most += i32::from(row[unit]).abs();
            }
            assert!(
                most <= i32::from(i16::MAX),
                "{n} x {n}, sum {unit} reaches {most}"
            );
        }
    }
}
