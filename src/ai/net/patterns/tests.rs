use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::*;
use crate::ai::eval::{Evaluator, SCALE};
use crate::ai::net::patterns_for;
use crate::ai::pos::Pos;
use crate::ai::terrain::Terrain;
use crate::bits::{Squares, S8};
use crate::game::AnyGame;
use crate::map::{Counts, Map};
use crate::rules::{Board, Rules, Status, Variant};

fn othello() -> Board<S8> {
    Board::new(Variant::Othello, &Map::empty(8).unwrap()).unwrap()
}

/// The number of a place read square by square.
fn read(place: &[u32], me: u64, opp: u64) -> u16 {
    place.iter().rev().fold(0, |n, &sq| {
        n * 3 + u16::from(me >> sq & 1 == 1) + 2 * u16::from(opp >> sq & 1 == 1)
    })
}

/// Random tables whose weights are the same for a number and its mirror
/// image, as a fit makes them.
fn symmetric_tables(seed: u64) -> Patterns {
    let layout = Layout::get();
    let mirrors = layout.mirrors();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut weights = vec![0i8; STAGES * layout.stage_size];
    for stage in 0..STAGES {
        for (k, mirror) in mirrors.iter().enumerate() {
            let start = stage * layout.stage_size + layout.offset[k] as usize;
            let end = layout
                .offset
                .get(k + 1)
                .map_or(layout.stage_size, |&o| o as usize)
                - layout.offset[k] as usize;
            let raw: Vec<i8> = (0..end).map(|_| (rng.next_u32() % 41) as i8 - 20).collect();
            for n in 0..end {
                weights[start + n] = match mirror {
                    Some(m) => raw[n] + raw[m[n] as usize],
                    None => raw[n],
                };
            }
        }
    }
    Patterns::new(&weights)
}

#[test]
fn the_symmetric_shapes_have_mirror_images_and_the_2_x_5_block_none() {
    let mirrors = Layout::get().mirrors();
    let has: Vec<bool> = mirrors.iter().map(Option::is_some).collect();
    assert_eq!(
        has,
        [true, true, false, true, true, true, true, true, true, true, true]
    );
    for m in mirrors.iter().flatten() {
        // A mirror image of a mirror image is the number itself, and
        // some numbers are their own.
        assert!(m
            .iter()
            .enumerate()
            .all(|(n, &i)| m[i as usize] as usize == n));
        assert!(m.iter().enumerate().any(|(n, &i)| n != i as usize));
    }
}

#[test]
fn the_shapes_stand_in_46_places_that_cover_the_board() {
    let layout = Layout::get();
    assert_eq!(layout.squares.len(), 46);
    let sizes: Vec<usize> = (0..SHAPE_COUNT)
        .map(|k| layout.shape.iter().filter(|&&s| s == Some(k)).count())
        .collect();
    assert_eq!(sizes, [4, 4, 8, 4, 4, 4, 2, 4, 4, 4, 4]);
    for place in &layout.squares {
        let mut set = place.clone();
        set.sort_unstable();
        set.dedup();
        assert_eq!(set.len(), place.len());
    }
    for sq in 0..64 {
        assert!(
            layout.squares.iter().any(|p| p.contains(&sq)),
            "square {sq}"
        );
    }
    assert_eq!(layout.start[46], layout.stage_size as u32);
}

#[test]
fn numbers_read_each_place_in_base_3() {
    let layout = Layout::get();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    for _ in 0..200 {
        let me = rng.next_u64() & rng.next_u64();
        let opp = rng.next_u64() & !me;
        let numbers = layout.numbers(me, opp);
        for (lane, place) in layout.squares.iter().enumerate() {
            assert_eq!(numbers[lane], read(place, me, opp));
        }
        assert_eq!(numbers[46], 0);
        assert_eq!(numbers[47], 0);
    }
}

#[test]
fn numbers_carried_from_move_to_move_are_those_of_the_position() {
    let board = othello();
    for seed in 0..20 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut pos = board.start();
        let mut numbers = Numbers::of(pos.me, pos.opp);
        loop {
            let fresh = Numbers::of(pos.me, pos.opp);
            assert_eq!(numbers.mine, fresh.mine);
            assert_eq!(numbers.theirs, fresh.theirs);
            match board.status(&pos) {
                Status::GameOver => break,
                Status::MustPass => {
                    numbers = numbers.pass();
                    pos = pos.passed();
                }
                Status::ToMove => {
                    let moves: Vec<u32> = Squares(board.moves(&pos)).collect();
                    let sq = moves[rng.next_u32() as usize % moves.len()];
                    numbers = numbers.play(Layout::get(), sq, Squares(board.flips(&pos, sq)));
                    pos = board.play_legal(&pos, sq);
                }
            }
        }
    }
}

#[test]
fn tables_with_mirror_images_alike_value_the_eight_symmetric_positions_alike() {
    let tables = symmetric_tables(9);
    let layout = Layout::get();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
    let image = |t: u32, set: u64| -> u64 {
        Squares(set).fold(0, |acc, sq| {
            let (x, y) = turn(t, 8, (sq % 8, sq / 8));
            acc | 1 << (y * 8 + x)
        })
    };
    let mut nonzero = 0;
    for _ in 0..100 {
        let me = rng.next_u64() & rng.next_u64();
        let opp = rng.next_u64() & !me;
        let empties = (rng.next_u32() % 61).min((!(me | opp)).count_ones());
        let value = tables.value(layout, &layout.numbers(me, opp), empties);
        nonzero += usize::from(value != 0);
        for t in 1..8 {
            let (m, o) = (image(t, me), image(t, opp));
            assert_eq!(
                tables.value(layout, &layout.numbers(m, o), empties),
                value,
                "symmetry {t}"
            );
        }
    }
    assert!(nonzero > 90);
}

#[test]
fn the_evaluation_is_the_tables_sum_carried_from_move_to_move() {
    let board = othello();
    let g = Terrain::new(&board);
    let tables: &'static Patterns = Box::leak(Box::new(symmetric_tables(5)));
    let eval = Patterned::new(tables);
    let weights = tables.weights();
    let layout = Layout::get();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(6);
    let mut pos = board.start();
    let mut acc = eval.start(Pos::of(&pos));
    let mut nonzero = 0;
    while board.status(&pos) != Status::GameOver {
        let p = Pos::of(&pos);
        let empties = 64 - (pos.me | pos.opp).count_ones();
        // Each place's weight, read square by square, in eighths of a point.
        let stage = &weights[stage_of(empties) * layout.stage_size..];
        let steps: i32 = (0..LANES)
            .filter_map(|lane| {
                let k = layout.shape[lane]?;
                let n = read(&layout.squares[lane], pos.me, pos.opp);
                Some(i32::from(stage[layout.offset[k] as usize + usize::from(n)]))
            })
            .sum();
        let value = Evaluator::<S8>::value(&eval, &g, p, &acc);
        assert_eq!(value, steps * STEP);
        assert_eq!(STEP * 8, SCALE, "a step is an eighth of a point");
        nonzero += usize::from(value != 0);
        if board.status(&pos) == Status::MustPass {
            acc = Evaluator::<S8>::pass(&eval, &acc);
            pos = pos.passed();
            continue;
        }
        let moves: Vec<u32> = Squares(board.moves(&pos)).collect();
        let sq = moves[rng.next_u32() as usize % moves.len()];
        acc = eval.play(&acc, p, sq, board.flips(&pos, sq));
        pos = board.play_legal(&pos, sq);
    }
    assert!(nonzero > 40);
}

#[test]
fn the_tables_apply_to_the_open_8_x_8_board_only() {
    assert!(builtin().is_some(), "the built-in tables read");
    let open = |variant, n| {
        let game = AnyGame::new(variant, Map::empty(n).unwrap()).unwrap();
        crate::by_game!(&game, g => patterns_for(g.rules()).is_some(), _t => false)
    };
    assert!(open(Variant::Othello, 8));
    assert!(open(Variant::Reversi, 8));
    assert!(open(Variant::Mapello, 8));
    assert!(!open(Variant::Othello, 6));
    assert!(!open(Variant::Othello, 10));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let map = Map::random(8, Counts::FULL_SET, &mut rng).unwrap();
    let game = AnyGame::new(Variant::Mapello, map).unwrap();
    assert!(!crate::by_game!(&game, g => patterns_for(g.rules()).is_some(), _t => true));
}

#[test]
fn a_file_reads_back_the_tables_it_was_written_from() {
    let tables = symmetric_tables(2);
    let bytes = tables.to_bytes();
    assert_eq!(Patterns::parse(&bytes), Ok(tables.clone()));
    let empty = Patterns::new(&vec![0; STAGES * Layout::get().stage_size]);
    assert_eq!(Patterns::parse(&empty.to_bytes()), Ok(empty));
    let built = builtin().unwrap();
    assert_eq!(Patterns::parse(&built.to_bytes()).as_ref(), Ok(built));
}

#[test]
fn a_damaged_file_is_refused_with_its_reason() {
    let bytes = symmetric_tables(2).to_bytes();
    assert_eq!(
        Patterns::parse(b"MAPNET02"),
        Err(PatternsError::NotPatterns)
    );
    assert_eq!(Patterns::parse(&[]), Err(PatternsError::NotPatterns));
    for cut in [9, 12, bytes.len() / 2, bytes.len() - 1] {
        assert!(Patterns::parse(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(Patterns::parse(&longer), Err(PatternsError::PastItsEnd));
    let mut other = MAGIC.to_vec();
    put_varint(&mut other, 4);
    put_varint(&mut other, 100);
    put_varint(&mut other, 0);
    assert_eq!(
        Patterns::parse(&other),
        Err(PatternsError::DoesNotFit {
            stages: 4,
            size: 100
        })
    );
    // A run past the last weight, a weight beyond i8, a number that
    // never ends.
    let head = |count: u32| {
        let mut b = MAGIC.to_vec();
        put_varint(&mut b, STAGES as u32);
        put_varint(&mut b, Layout::get().stage_size as u32);
        put_varint(&mut b, count);
        b
    };
    let mut past = head(1);
    put_varint(&mut past, (STAGES * Layout::get().stage_size) as u32);
    put_varint(&mut past, 2);
    assert_eq!(Patterns::parse(&past), Err(PatternsError::CutShort));
    let mut wide = head(1);
    put_varint(&mut wide, 0);
    put_varint(&mut wide, 256);
    assert_eq!(Patterns::parse(&wide), Err(PatternsError::TooWide));
    let mut widest = head(1);
    put_varint(&mut widest, 0);
    put_varint(&mut widest, 254);
    assert!(Patterns::parse(&widest).is_ok());
    let mut endless = head(1);
    endless.extend([0xff; 8]);
    assert_eq!(Patterns::parse(&endless), Err(PatternsError::CutShort));
}
