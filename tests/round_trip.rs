//! Write then read gives back exactly what was written: diagrams, OBF
//! strings, share codes (at most 48 characters for any 8 x 8 map) and
//! transcripts.

#![cfg(not(target_arch = "wasm32"))]

use mapello::{
    diagram, obf, sharecode, transcript, AnyGame, Colour, Limits, Map, Move, Piece, Setup, Square,
    Status, Variant,
};
use proptest::prelude::*;

/// Per-cell codes of a map: 0 empty, 1 wall, 2 bonus inside; any non-zero
/// value puts a joker on a ring cell. Sparse, dense and full maps.
fn cell_codes(cells: usize) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec((0u8..12).prop_map(|v| if v < 3 { v } else { 0 }), cells),
        prop::collection::vec(0u8..3, cells),
        prop::collection::vec(1u8..3, cells),
    ]
}

fn size() -> impl Strategy<Value = u32> {
    prop_oneof![Just(6u32), Just(8), Just(10)]
}

/// Builds a map from cell codes, skipping the centre where nothing may stand.
fn build_map(n: u32, codes: &[u8]) -> Map {
    let mut map = Map::empty(n).unwrap();
    let side = map.side();
    for y in 0..side {
        for x in 0..side {
            let code = codes[(y * side + x) as usize];
            let piece = match (map.is_ring(x, y), code) {
                (_, 0) => continue,
                (true, _) => Piece::Joker,
                (false, 1) => Piece::Wall,
                (false, _) => Piece::Bonus,
            };
            if map.check_cell(x, y, piece).is_ok() {
                map.set(x, y, Some(piece), &Limits::UNLIMITED).unwrap();
            }
        }
    }
    map
}

fn map_strategy() -> impl Strategy<Value = Map> {
    size()
        .prop_flat_map(|n| (Just(n), cell_codes(((n + 2) * (n + 2)) as usize)))
        .prop_map(|(n, codes)| build_map(n, &codes))
}

/// Any legal setup: a map (for Mapello), discs on squares free of walls and
/// bonuses, either side to move, bonuses taken.
fn setup_strategy() -> impl Strategy<Value = Setup> {
    let variant = prop_oneof![
        2 => Just(Variant::Mapello),
        1 => Just(Variant::Othello),
        1 => Just(Variant::Reversi)
    ];
    (variant, map_strategy())
        .prop_flat_map(|(variant, map)| {
            let n = map.size() as usize;
            (
                Just(variant),
                Just(map),
                prop::collection::vec(0u8..3, n * n),
                any::<bool>(),
                (0u8..16, 0u8..16),
            )
        })
        .prop_map(|(variant, map, discs, white_to_move, taken)| {
            let n = map.size();
            let map = if variant == Variant::Mapello {
                map
            } else {
                Map::empty(n).unwrap()
            };
            let (mut black, mut white) = (Vec::new(), Vec::new());
            for (i, &d) in discs.iter().enumerate() {
                let sq = Square::from_index(i as u32, n).unwrap();
                match (d, map.at(sq)) {
                    (1, None) => black.push(sq),
                    (2, None) => white.push(sq),
                    _ => {}
                }
            }
            Setup {
                variant,
                map,
                black,
                white,
                side: if white_to_move {
                    Colour::White
                } else {
                    Colour::Black
                },
                taken: if variant == Variant::Mapello {
                    [taken.0, taken.1]
                } else {
                    [0, 0]
                },
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn diagrams_read_back_what_was_written(setup in setup_strategy()) {
        let text = diagram::write(&setup);
        prop_assert_eq!(diagram::read(&text, Some(setup.variant)), Ok(setup.clone()));
        // Without a variant a diagram is Mapello (docs/formats.md); where its
        // rows say the size alone, the rest reads back the same.
        let n = setup.map.size();
        match setup.variant {
            Variant::Mapello if n >= 8 => prop_assert_eq!(diagram::read(&text, None), Ok(setup)),
            Variant::Othello | Variant::Reversi if n <= 8 => prop_assert_eq!(
                diagram::read(&text, None),
                Ok(Setup { variant: Variant::Mapello, ..setup })
            ),
            _ => {}
        }
    }

    #[test]
    fn share_codes_read_back_any_map_in_at_most_48_characters(map in map_strategy()) {
        let code = sharecode::encode(&map);
        prop_assert!(code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        if map.size() == 8 {
            prop_assert!(code.len() <= 48, "{} has {} characters", code, code.len());
        }
        prop_assert_eq!(sharecode::decode(&code), Ok(map));
    }

    #[test]
    fn obf_reads_back_what_was_written(discs in prop::collection::vec(0u8..3, 64), white_to_move: bool) {
        let mut setup = Setup::start(Variant::Othello, Map::empty(8).unwrap());
        let squares = |want| (0..64).filter(|&i| discs[i as usize] == want).map(|i| Square::from_index(i, 8).unwrap()).collect();
        setup.black = squares(1);
        setup.white = squares(2);
        if white_to_move {
            setup.side = Colour::White;
        }
        let text = obf::write(&setup).unwrap();
        prop_assert_eq!(text.len(), 66);
        prop_assert_eq!(obf::read(&text), Ok(setup));
    }

    #[test]
    fn transcripts_read_back_and_replay_to_the_same_game(map in map_strategy(), picks in prop::collection::vec(any::<u16>(), 0..120)) {
        let mut game = AnyGame::new(Variant::Mapello, map.clone()).unwrap();
        for pick in picks {
            let snap = game.snapshot();
            match snap.status {
                Status::GameOver => break,
                Status::MustPass => game.play(Move::Pass).unwrap(),
                Status::ToMove => {
                    let name = &snap.legal[usize::from(pick) % snap.legal.len()];
                    game.play(game.parse_move(name).unwrap()).unwrap();
                }
            }
        }
        let n = game.size();
        let text = transcript::write(&game.moves(), n);
        prop_assert_eq!(transcript::read(&text, n), Ok(game.moves()));
        let mut again = AnyGame::new(Variant::Mapello, map).unwrap();
        transcript::replay(&mut again, &game.moves()).unwrap();
        prop_assert_eq!(again.snapshot(), game.snapshot());
    }
}
