//! The fast rules core against a plain reference written from docs/rules.md: a
//! grid of cells with the ring around it, where a move walks each of the
//! eight directions square by square.
//!
//! Random games on random maps (random numbers of walls, bonuses and jokers;
//! also Othello and Reversi; sizes 6, 8 and 10) compare legal moves, the
//! result of playing every square, status and scores at every position. The
//! seed comes from `MAPELLO_SEED`, else from the clock, and is printed.

#![cfg(not(target_arch = "wasm32"))]

mod common;
#[path = "common/turns.rs"]
mod turns;

use mapello::bits::{Bits, Size, S10, S6, S8};
use mapello::{Board, Colour, Counts, Map, Piece, Position, Rules, Square, Status, Variant};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use turns::{Turns, DIRECTIONS};

/// Positions to compare in one run.
const POSITIONS: usize = 100_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Ring,
    Joker,
    Empty,
    Wall,
    Bonus,
    Disc(Colour),
}

/// A game state in the most obvious representation.
#[derive(Clone, Debug)]
struct Reference {
    variant: Variant,
    n: i32,
    /// (n + 2) x (n + 2) cells, ring included, row by row.
    cells: Vec<Cell>,
    side: Colour,
    taken: [u8; 2],
}

impl Reference {
    fn new(variant: Variant, map: &Map) -> Reference {
        let n = map.size() as i32;
        let side = n + 2;
        let mut cells = Vec::new();
        for y in 0..side {
            for x in 0..side {
                let ring = x == 0 || y == 0 || x == side - 1 || y == side - 1;
                cells.push(match (ring, map.get(x as u32, y as u32)) {
                    (true, Some(Piece::Joker)) => Cell::Joker,
                    (true, _) => Cell::Ring,
                    (false, Some(Piece::Wall)) => Cell::Wall,
                    (false, Some(Piece::Bonus)) => Cell::Bonus,
                    (false, _) => Cell::Empty,
                });
            }
        }
        let mut r = Reference {
            variant,
            n,
            cells,
            side: Colour::Black,
            taken: [0, 0],
        };
        // docs/rules.md: Mapello black d4 e5, white e4 d5; Othello the mirror;
        // Reversi starts empty. In 1-based outer coordinates d4 is (c, c).
        let c = n / 2;
        let (black, white) = (Cell::Disc(Colour::Black), Cell::Disc(Colour::White));
        let start = match variant {
            Variant::Mapello => [black, white, white, black],
            Variant::Othello => [white, black, black, white],
            Variant::Reversi => [Cell::Empty; 4],
            _ => unreachable!("the Reversi family only: tests/troll_reference.rs checks Troll"),
        };
        for (i, (x, y)) in [(c, c), (c + 1, c), (c, c + 1), (c + 1, c + 1)]
            .into_iter()
            .enumerate()
        {
            r.set(x, y, start[i]);
        }
        r
    }

    fn get(&self, x: i32, y: i32) -> Option<Cell> {
        let side = self.n + 2;
        ((0..side).contains(&x) && (0..side).contains(&y))
            .then(|| self.cells[(y * side + x) as usize])
    }

    fn set(&mut self, x: i32, y: i32, c: Cell) {
        let side = self.n + 2;
        self.cells[(y * side + x) as usize] = c;
    }

    fn inner(&self) -> impl Iterator<Item = (i32, i32)> {
        let n = self.n;
        (1..=n).flat_map(move |y| (1..=n).map(move |x| (x, y)))
    }

    fn is_centre(&self, x: i32, y: i32) -> bool {
        let c = self.n / 2;
        (x == c || x == c + 1) && (y == c || y == c + 1)
    }

    /// Reversi: the first four moves fill the centre.
    fn in_opening(&self) -> bool {
        self.variant == Variant::Reversi
            && self
                .inner()
                .filter(|&(x, y)| self.is_centre(x, y))
                .any(|(x, y)| !matches!(self.get(x, y), Some(Cell::Disc(_))))
    }

    /// Discs flipped by a disc of the side to move on (x, y).
    fn flips(&self, x: i32, y: i32) -> Vec<(i32, i32)> {
        let me = Cell::Disc(self.side);
        let opp = Cell::Disc(self.side.other());
        let mut flips = Vec::new();
        for (dx, dy) in DIRECTIONS {
            let mut run = Vec::new();
            let (mut cx, mut cy) = (x + dx, y + dy);
            while self.get(cx, cy) == Some(opp) {
                run.push((cx, cy));
                cx += dx;
                cy += dy;
            }
            let end = self.get(cx, cy);
            if end == Some(me) || end == Some(Cell::Joker) {
                flips.extend(run);
            }
        }
        flips
    }

    fn is_legal(&self, x: i32, y: i32) -> bool {
        let free = matches!(self.get(x, y), Some(Cell::Empty | Cell::Bonus));
        if self.in_opening() {
            free && self.is_centre(x, y)
        } else {
            free && !self.flips(x, y).is_empty()
        }
    }

    fn play(&self, x: i32, y: i32) -> Reference {
        let mut next = self.clone();
        if !self.in_opening() {
            for (fx, fy) in self.flips(x, y) {
                next.set(fx, fy, Cell::Disc(self.side));
            }
        }
        if self.get(x, y) == Some(Cell::Bonus) {
            next.taken[self.side.index()] += 1;
        }
        next.set(x, y, Cell::Disc(self.side));
        next.side = self.side.other();
        next
    }

    fn discs(&self, c: Colour) -> i32 {
        self.cells.iter().filter(|&&x| x == Cell::Disc(c)).count() as i32
    }

    /// Discs plus 3 per bonus taken; at the end of Othello the winner also
    /// gets the empty squares, and a draw shares them.
    fn score(&self, c: Colour) -> i32 {
        let points = |c: Colour| self.discs(c) + 3 * i32::from(self.taken[c.index()]);
        let (mine, theirs) = (points(c), points(c.other()));
        if self.variant != Variant::Othello || self.status() != Status::GameOver {
            return mine;
        }
        let empties = self.n * self.n - self.discs(c) - self.discs(c.other());
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => mine + empties,
            std::cmp::Ordering::Equal => mine + empties / 2,
            std::cmp::Ordering::Less => mine,
        }
    }

    /// The same state as the core's bitboards.
    fn position<S: Size>(&self) -> Position<S> {
        let mut bits = [S::B::ZERO; 2];
        let mut bonus = S::B::ZERO;
        for (x, y) in self.inner() {
            let i = ((y - 1) * self.n + (x - 1)) as u32;
            match self.get(x, y) {
                Some(Cell::Disc(c)) => bits[c.index()] |= S::B::bit(i),
                Some(Cell::Bonus) => bonus |= S::B::bit(i),
                _ => {}
            }
        }
        Position::new(bits[0], bits[1], bonus, self.taken, self.side)
    }
}

impl Turns for Reference {
    fn legal(&self) -> Vec<(i32, i32)> {
        self.inner().filter(|&(x, y)| self.is_legal(x, y)).collect()
    }

    fn passed(&self) -> Reference {
        Reference {
            side: self.side.other(),
            ..self.clone()
        }
    }
}

fn below(rng: &mut Xoshiro256PlusPlus, n: u32) -> u32 {
    (rng.next_u64() % u64::from(n)) as u32
}

/// Plays one random game, comparing the core with the reference at every
/// position; returns the number of positions compared.
fn compare_game<S: Size>(
    rng: &mut Xoshiro256PlusPlus,
    variant: Variant,
    map: &Map,
    context: &str,
) -> usize {
    let board = Board::<S>::new(variant, map).unwrap();
    let mut reference = Reference::new(variant, map);
    assert_eq!(board.start(), reference.position::<S>(), "{context}: start");
    let n = S::N as i32;
    let mut positions = 0;
    for ply in 0.. {
        positions += 1;
        let pos = reference.position::<S>();
        let at = || format!("{context}, ply {ply}: {reference:?}");
        let legal = reference.legal();
        let want = legal.iter().fold(S::B::ZERO, |b, &(x, y)| {
            b | S::B::bit(((y - 1) * n + (x - 1)) as u32)
        });
        assert_eq!(board.moves(&pos), want, "moves at {}", at());
        for (x, y) in reference.inner() {
            let sq = Square::from_xy((x - 1) as u32, (y - 1) as u32, n as u32).unwrap();
            let got = board.play(&pos, sq);
            let expected = reference
                .is_legal(x, y)
                .then(|| reference.play(x, y).position::<S>());
            assert_eq!(got, expected, "play ({x}, {y}) at {}", at());
            if let Some(next) = got {
                assert_eq!(
                    board.play_legal(&pos, sq.index()),
                    next,
                    "play_legal at {}",
                    at()
                );
            }
        }
        let status = reference.status();
        assert_eq!(board.status(&pos), status, "status at {}", at());
        for c in [Colour::Black, Colour::White] {
            assert_eq!(
                board.score(&pos, c),
                reference.score(c),
                "score of {c:?} at {}",
                at()
            );
        }
        match status {
            Status::GameOver => {
                let margin =
                    reference.score(reference.side) - reference.score(reference.side.other());
                assert_eq!(board.final_margin(&pos), margin, "margin at {}", at());
                return positions;
            }
            Status::MustPass => reference = reference.passed(),
            Status::ToMove => {
                let (x, y) = legal[below(rng, legal.len() as u32) as usize];
                reference = reference.play(x, y);
            }
        }
    }
    unreachable!("the loop returns at the end of the game")
}

fn random_setup(rng: &mut Xoshiro256PlusPlus) -> (u32, Variant, Map) {
    let n = [6, 8, 8, 10][below(rng, 4) as usize];
    let variant = match below(rng, 10) {
        0 | 1 => Variant::Othello,
        2 | 3 => Variant::Reversi,
        _ => Variant::Mapello,
    };
    let counts = if variant == Variant::Mapello {
        // Sometimes a full ring of jokers, sometimes none, usually some.
        let ring = 4 * n + 4;
        Counts {
            walls: below(rng, n * n / 4 + 1),
            bonuses: below(rng, n * n / 4 + 1),
            jokers: match below(rng, 8) {
                0 => 0,
                1 => ring,
                _ => below(rng, ring + 1),
            },
        }
    } else {
        Counts::default()
    };
    (n, variant, Map::random(n, counts, rng).unwrap())
}

#[test]
fn the_core_agrees_with_the_reference_rules_on_random_games() {
    let seed = common::seed("reference");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (mut positions, mut games) = (0, 0);
    while positions < POSITIONS {
        let (n, variant, map) = random_setup(&mut rng);
        let context = format!("seed {seed}, game {games}, {variant:?} {n} x {n}, map {map:?}");
        positions += match n {
            6 => compare_game::<S6>(&mut rng, variant, &map, &context),
            8 => compare_game::<S8>(&mut rng, variant, &map, &context),
            _ => compare_game::<S10>(&mut rng, variant, &map, &context),
        };
        games += 1;
    }
    println!("{positions} positions in {games} games agree");
}
