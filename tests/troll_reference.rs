//! Troll's bitboard rules against a plain reference written from
//! docs/rules.md: an 8 x 8 array of cells, moves that walk each direction
//! square by square, and a connection found by a depth-first search.
//!
//! Perft from the empty start is compared at depths 1 to 4 (depth 5 too with
//! `--ignored`, in a release build), and random games compare the legal moves,
//! the result of every move, the status and the winner at every position. The
//! seed comes from `MAPELLO_SEED`, else from the clock, and is printed.

#![cfg(not(target_arch = "wasm32"))]

mod common;
#[path = "common/turns.rs"]
mod turns;

use mapello::bits::S8;
use mapello::perft::Perft;
use mapello::{Colour, Map, Position, Rules, Square, Status, Troll};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use turns::{Turns, DIRECTIONS};

/// Games to compare in one run.
const GAMES: usize = 400;

/// A Troll game state in the most obvious representation.
#[derive(Clone, Debug, PartialEq)]
struct Reference {
    cells: [[Option<Colour>; 8]; 8],
    side: Colour,
}

impl Reference {
    fn start() -> Reference {
        Reference {
            cells: [[None; 8]; 8],
            side: Colour::Black,
        }
    }

    fn get(&self, x: i32, y: i32) -> Option<Option<Colour>> {
        let inside = (0..8).contains(&x) && (0..8).contains(&y);
        inside.then(|| self.cells[y as usize][x as usize])
    }

    /// True when `(x, y)` is on one of `c`'s two edges.
    fn on_edge(c: Colour, x: i32, y: i32) -> bool {
        match c {
            Colour::Black => y == 0 || y == 7,
            Colour::White => x == 0 || x == 7,
        }
    }

    fn flips(&self, x: i32, y: i32) -> Vec<(i32, i32)> {
        let mut all = Vec::new();
        for (dx, dy) in DIRECTIONS {
            let mut run = Vec::new();
            let (mut cx, mut cy) = (x + dx, y + dy);
            while self.get(cx, cy) == Some(Some(self.side.other())) {
                run.push((cx, cy));
                cx += dx;
                cy += dy;
            }
            if self.get(cx, cy) == Some(Some(self.side)) {
                all.extend(run);
            }
        }
        all
    }

    /// Depth-first search from `c`'s first edge over its discs.
    fn connected(&self, c: Colour) -> bool {
        let mut seen = [[false; 8]; 8];
        let mut stack: Vec<(i32, i32)> = (0..8)
            .map(|i| if c == Colour::Black { (i, 0) } else { (0, i) })
            .filter(|&(x, y)| self.get(x, y) == Some(Some(c)))
            .collect();
        while let Some((x, y)) = stack.pop() {
            if seen[y as usize][x as usize] {
                continue;
            }
            seen[y as usize][x as usize] = true;
            if (c == Colour::Black && y == 7) || (c == Colour::White && x == 7) {
                return true;
            }
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if self.get(x + dx, y + dy) == Some(Some(c)) {
                    stack.push((x + dx, y + dy));
                }
            }
        }
        false
    }

    fn winner(&self) -> Option<Colour> {
        [Colour::Black, Colour::White]
            .into_iter()
            .find(|&c| self.connected(c))
    }

    fn is_legal(&self, x: i32, y: i32) -> bool {
        if self.winner().is_some() || self.get(x, y) != Some(None) {
            return false;
        }
        !Reference::on_edge(self.side.other(), x, y) || !self.flips(x, y).is_empty()
    }

    fn play(&self, x: i32, y: i32) -> Reference {
        let mut next = self.clone();
        for (fx, fy) in self.flips(x, y) {
            next.cells[fy as usize][fx as usize] = Some(self.side);
        }
        next.cells[y as usize][x as usize] = Some(self.side);
        next.side = self.side.other();
        next
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if moves.is_empty() {
            return match self.status() {
                Status::GameOver => 1,
                _ => self.passed().perft(depth - 1),
            };
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&(x, y)| self.play(x, y).perft(depth - 1))
            .sum()
    }

    fn position(&self) -> Position<S8> {
        let mut discs = [0u64; 2];
        for (y, row) in self.cells.iter().enumerate() {
            for (x, cell) in row.iter().enumerate() {
                if let Some(c) = cell {
                    discs[c.index()] |= 1 << (y * 8 + x);
                }
            }
        }
        Position::new(discs[0], discs[1], 0, [0, 0], self.side)
    }
}

impl Turns for Reference {
    fn legal(&self) -> Vec<(i32, i32)> {
        (0..8)
            .flat_map(|y| (0..8).map(move |x| (x, y)))
            .filter(|&(x, y)| self.is_legal(x, y))
            .collect()
    }

    fn passed(&self) -> Reference {
        Reference {
            side: self.side.other(),
            ..self.clone()
        }
    }
}

fn board() -> Troll<S8> {
    Troll::new(&Map::empty(8).unwrap()).unwrap()
}

fn compare_perft(depths: std::ops::RangeInclusive<u32>) {
    let board = board();
    let start = board.start();
    let counts = board.perft_all(&start, *depths.end());
    for d in depths {
        assert_eq!(
            counts[d as usize - 1],
            Reference::start().perft(d),
            "depth {d}"
        );
    }
}

#[test]
fn perft_agrees_with_the_reference_to_depth_4() {
    compare_perft(1..=4);
}

#[test]
#[ignore = "minutes in a debug build: run with --release -- --ignored"]
fn perft_agrees_with_the_reference_at_depth_5() {
    compare_perft(5..=5);
}

#[test]
fn the_core_agrees_with_the_reference_rules_on_random_games() {
    let seed = common::seed("troll reference");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let board = board();
    let mut winners = [0; 3];
    for game in 0..GAMES {
        let mut r = Reference::start();
        loop {
            let pos = r.position();
            let context = format!("seed {seed}, game {game}, position {r:?}");
            assert_eq!(board.status(&pos), r.status(), "{context}");
            let legal = r.legal();
            let want = legal
                .iter()
                .fold(0u64, |b, &(x, y)| b | 1 << (y * 8 + x) as u32);
            assert_eq!(board.moves(&pos), want, "{context}");
            for sq in 0..64 {
                let (x, y) = ((sq % 8) as i32, (sq / 8) as i32);
                let got = board.play(&pos, Square::from_index(sq, 8).unwrap());
                let expected = r.is_legal(x, y).then(|| r.play(x, y).position());
                assert_eq!(got, expected, "{context}, square {sq}");
            }
            match r.status() {
                Status::GameOver => {
                    assert_eq!(board.winner(&pos), r.winner(), "{context}");
                    winners[r.winner().map_or(2, |c| c.index())] += 1;
                    break;
                }
                Status::MustPass => r = r.passed(),
                Status::ToMove => {
                    let (x, y) = legal[rng.next_u32() as usize % legal.len()];
                    r = r.play(x, y);
                }
            }
        }
    }
    // Both colours must win some for the comparison to mean much.
    assert!(winners[0] > 0 && winners[1] > 0, "endings {winners:?}");
    println!("black, white, draws: {winners:?}");
}
