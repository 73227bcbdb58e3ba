use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::*;
use crate::bits::S8;
use crate::game::AnyGame;
use crate::map::{Counts, Map};
use crate::rules::{Status, Variant};

fn board(seed: u64) -> Board<S8> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let map = Map::random(8, Counts::FULL_SET, &mut rng).unwrap();
    let AnyGame::S8(game) = AnyGame::new(Variant::Mapello, map).unwrap() else {
        unreachable!("an 8 x 8 map")
    };
    game.board().clone()
}

fn model() -> &'static Model {
    builtin(8).expect("the program has 8 x 8 weights")
}

#[test]
fn the_sums_after_moves_and_passes_are_those_of_the_position() {
    for seed in 0..20 {
        let board = board(seed);
        let g = Terrain::new(&board);
        let net = Learned::new(&board, &g, model());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut pos = board.start();
        let mut p = Pos::of(&pos);
        let mut acc = net.start(p);
        loop {
            let fresh = net.start(p);
            assert_eq!((acc.me, acc.opp), (fresh.me, fresh.opp), "map {seed}");
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
}

#[test]
fn walls_jokers_and_bonuses_change_the_value() {
    let plain = {
        let AnyGame::S8(game) = AnyGame::new(Variant::Mapello, Map::empty(8).unwrap()).unwrap()
        else {
            unreachable!("an 8 x 8 map")
        };
        game.board().clone()
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
fn broken_model_files_are_refused_with_a_reason() {
    let bytes = model().to_bytes();
    let refuse = |b: &[u8]| Model::parse(b).unwrap_err();
    assert_eq!(refuse(b""), "a network file cut short");
    assert_eq!(refuse(b"NOTANETWORKFILE!"), "not a Mapello network file");
    assert_eq!(
        refuse(&bytes[..bytes.len() - 1]),
        "a network file cut short"
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(refuse(&longer), "a network file with bytes past its end");
    let mut other_size = bytes.clone();
    other_size[8] = 7;
    assert!(refuse(&other_size).contains("does not fit this program"));
    let mut other_hidden = bytes;
    other_hidden[12] = 3;
    assert!(refuse(&other_hidden).contains("3 sums"));
}

#[test]
fn only_eight_by_eight_has_weights() {
    assert!(builtin(8).is_some());
    assert!(builtin(6).is_none());
    assert!(builtin(10).is_none());
}
