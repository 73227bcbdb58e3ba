//! The Othello opening book: for positions of the first plies of 8 x 8
//! Othello, every move's value as a deep search found it, so the strong
//! levels play the opening at once and vary it a little.
//!
//! A position is found under any of the board's 8 symmetries: the book
//! keys the least of its 8 images (a hash of it) and gives squares in that
//! image. A move's value is the searched one, unless the position it
//! leads to is in the book too: then it is that position's best value,
//! negated (a negamax over the book, at each probe).
//!
//! The file (`book/othello8.bin`, fetched by the page's AI worker; the
//! native program has it built in):
//!
//! ```text
//! "MPLBOOK" version:u8 count:u32le
//! count x ( key:u64le  moves:u8  moves x ( square:u8 value:i8 ) )
//! ```
//!
//! keys strictly increasing, 1 to 32 moves each on squares 0..64 (in the
//! key's image), values -64..=64 points for the side to move. `mapello
//! book build` writes it, `mapello book probe` reads it.

use std::collections::HashMap;
use std::sync::OnceLock;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use thiserror::Error;

use crate::bits::{Bits, Size, Squares, S8};
use crate::position::Position;
use crate::rules::{Board, Rules, Variant};

/// The first bytes of a book file.
const MAGIC: &[u8; 7] = b"MPLBOOK";
/// The format's version, after [`MAGIC`].
pub const VERSION: u8 = 1;
/// Most moves a book position stores (Othello's opening has far fewer).
const MOST_MOVES: usize = 32;
/// Widest value, in points, on an 8 x 8 board.
const MOST_VALUE: i8 = 64;
/// A level plays a book move at random among those within this many
/// points of the best: near-equal moves, so the opening varies.
pub const SPREAD: i32 = 1;

/// Why bytes are not a book.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BookError {
    /// The file does not start with the book's magic bytes.
    #[error("not an opening book (it does not start with MPLBOOK)")]
    Magic,
    /// A version this program does not read.
    #[error("opening book version {0} (this program reads version {VERSION})")]
    Version(u8),
    /// The file ends inside an entry.
    #[error("the opening book ends early, at byte {0}")]
    Truncated(usize),
    /// Bytes after the last entry.
    #[error("the opening book has {0} bytes after its last entry")]
    Trailing(usize),
    /// Keys not in increasing order (or a key twice).
    #[error("the opening book's entry {0} is out of order")]
    Order(u32),
    /// An entry with no move, or more than a position can have.
    #[error("the opening book's entry {0} has {1} moves")]
    Moves(u32, usize),
    /// A square off the board, twice in an entry, or a value out of range.
    #[error("the opening book's entry {0} has a bad move")]
    Move(u32),
}

/// An opening book: for each position's key, its moves (squares in the
/// key's image) and their searched values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    entries: HashMap<u64, Vec<(u8, i8)>>,
}

/// The 8 symmetries of the 8 x 8 board, as maps of a square index.
fn image(t: u32, sq: u32) -> u32 {
    let (mut r, mut c) = (sq / 8, sq % 8);
    if t & 1 != 0 {
        (r, c) = (c, r);
    }
    if t & 2 != 0 {
        r = 7 - r;
    }
    if t & 4 != 0 {
        c = 7 - c;
    }
    r * 8 + c
}

/// A set of squares under symmetry `t`.
fn image_set(t: u32, set: u64) -> u64 {
    Squares(set).fold(0, |b, sq| b | 1u64 << image(t, sq))
}

/// A 64-bit mix (splitmix64's finaliser).
fn mix(mut h: u64) -> u64 {
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// The book's key of a position (discs of the side to move, of the other)
/// and the symmetry that takes it to the image the key stands for.
fn canonical(me: u64, opp: u64) -> (u64, u32) {
    let (image, t) = (0..8)
        .map(|t| ((image_set(t, me), image_set(t, opp)), t))
        .min()
        .expect("eight symmetries");
    (mix(image.0 ^ mix(image.1)), t)
}

/// The discs of `pos` as the book reads them.
fn discs(pos: &Position<S8>) -> (u64, u64) {
    (pos.me.to_u128() as u64, pos.opp.to_u128() as u64)
}

impl Book {
    /// Reads a book file, checking every entry.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let mut at = 0usize;
        let mut take = |k: usize| -> Result<&[u8], BookError> {
            let part = bytes
                .get(at..at + k)
                .ok_or(BookError::Truncated(bytes.len()))?;
            at += k;
            Ok(part)
        };
        if take(MAGIC.len()).map_err(|_| BookError::Magic)? != MAGIC {
            return Err(BookError::Magic);
        }
        let version = take(1)?[0];
        if version != VERSION {
            return Err(BookError::Version(version));
        }
        let count = u32::from_le_bytes(take(4)?.try_into().expect("4 bytes"));
        let mut entries = HashMap::new();
        let mut last = None;
        for i in 0..count {
            let key = u64::from_le_bytes(take(8)?.try_into().expect("8 bytes"));
            if last.is_some_and(|k| k >= key) {
                return Err(BookError::Order(i));
            }
            last = Some(key);
            let k = usize::from(take(1)?[0]);
            if k == 0 || k > MOST_MOVES {
                return Err(BookError::Moves(i, k));
            }
            let mut moves = Vec::with_capacity(k);
            let mut seen = 0u64;
            for pair in take(2 * k)?.chunks(2) {
                let (sq, value) = (pair[0], pair[1] as i8);
                if sq >= 64 || seen & 1 << sq != 0 || !(-MOST_VALUE..=MOST_VALUE).contains(&value) {
                    return Err(BookError::Move(i));
                }
                seen |= 1 << sq;
                moves.push((sq, value));
            }
            entries.insert(key, moves);
        }
        if at != bytes.len() {
            return Err(BookError::Trailing(bytes.len() - at));
        }
        Ok(Book { entries })
    }

    /// The book as a file: the same book always gives the same bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut keys: Vec<&u64> = self.entries.keys().collect();
        keys.sort();
        let mut out = MAGIC.to_vec();
        out.push(VERSION);
        out.extend((keys.len() as u32).to_le_bytes());
        for key in keys {
            let moves = &self.entries[key];
            out.extend(key.to_le_bytes());
            out.push(moves.len() as u8);
            for &(sq, value) in moves {
                out.extend([sq, value as u8]);
            }
        }
        out
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// True when `pos` (under any symmetry) is in the book.
    pub fn has(&self, pos: &Position<S8>) -> bool {
        let (me, opp) = discs(pos);
        self.entries.contains_key(&canonical(me, opp).0)
    }

    /// Records `values` (square, points) as the moves of `pos`.
    pub fn insert(&mut self, pos: &Position<S8>, values: &[(u32, i32)]) {
        let (me, opp) = discs(pos);
        let (key, t) = canonical(me, opp);
        let mut moves: Vec<(u8, i8)> = values
            .iter()
            .map(|&(sq, v)| {
                let v = v.clamp(-i32::from(MOST_VALUE), i32::from(MOST_VALUE));
                (image(t, sq) as u8, v as i8)
            })
            .collect();
        moves.sort();
        moves.dedup_by_key(|m| m.0);
        moves.truncate(MOST_MOVES);
        if !moves.is_empty() {
            self.entries.insert(key, moves);
        }
    }

    /// The searched value of each legal move of `pos`, best first, or
    /// `None` when `pos` is not in the book; a move the book does not
    /// give is left out.
    fn stored(&self, board: &Board<S8>, pos: &Position<S8>) -> Option<Vec<(u32, i32)>> {
        let (me, opp) = discs(pos);
        let (key, t) = canonical(me, opp);
        let moves = self.entries.get(&key)?;
        let found: Vec<(u32, i32)> = Squares(board.moves(pos))
            .filter_map(|sq| {
                let img = image(t, sq) as u8;
                let i = moves.binary_search_by_key(&img, |m| m.0).ok()?;
                Some((sq, i32::from(moves[i].1)))
            })
            .collect();
        (!found.is_empty()).then_some(found)
    }

    /// The best value of `pos` over the book (see the module's note),
    /// remembered by key in `memo`.
    fn best(
        &self,
        board: &Board<S8>,
        pos: &Position<S8>,
        memo: &mut HashMap<u64, Option<i32>>,
    ) -> Option<i32> {
        let (me, opp) = discs(pos);
        let key = canonical(me, opp).0;
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let best = self
            .values_in(board, pos, memo)
            .map(|v| v.iter().map(|m| m.1).max().expect("not empty"));
        memo.insert(key, best);
        best
    }

    fn values_in(
        &self,
        board: &Board<S8>,
        pos: &Position<S8>,
        memo: &mut HashMap<u64, Option<i32>>,
    ) -> Option<Vec<(u32, i32)>> {
        let mut moves = self.stored(board, pos)?;
        for m in &mut moves {
            let child = board.play_legal(pos, m.0);
            if !board.moves(&child).is_empty() {
                if let Some(v) = self.best(board, &child, memo) {
                    m.1 = -v;
                }
            }
        }
        moves.sort_by_key(|m| (-m.1, m.0));
        Some(moves)
    }

    /// Each book move of `pos` with its value over the book, best first
    /// (`None` when `pos` is not in the book or `board` is not 8 x 8
    /// Othello).
    pub fn probe(&self, board: &Board<S8>, pos: &Position<S8>) -> Option<Vec<(u32, i32)>> {
        if board.variant() != Variant::Othello {
            return None;
        }
        self.values_in(board, pos, &mut HashMap::new())
    }

    /// A move for `pos` from the book: one of those within [`SPREAD`] of
    /// the best, drawn with `seed`, and its value.
    pub fn choose(&self, board: &Board<S8>, pos: &Position<S8>, seed: u64) -> Option<(u32, i32)> {
        let moves = self.probe(board, pos)?;
        let best = moves[0].1;
        let near = moves.iter().take_while(|m| m.1 >= best - SPREAD).count();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        Some(moves[rng.next_u32() as usize % near])
    }
}

/// The program's book, once it has one: built in natively, handed over by
/// [`install`] in the browser.
static BOOK: OnceLock<Book> = OnceLock::new();

/// The book file built into the native program.
#[cfg(not(target_arch = "wasm32"))]
const BUILTIN: &[u8] = include_bytes!("../../book/othello8.bin");

/// The program's book, if it has one.
pub fn shared() -> Option<&'static Book> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        Some(BOOK.get_or_init(|| Book::from_bytes(BUILTIN).expect("the built-in book reads")))
    }
    #[cfg(target_arch = "wasm32")]
    {
        BOOK.get()
    }
}

/// Makes `book` the program's book (the browser's worker, once it has
/// fetched the file); a second book is ignored.
pub fn install(book: Book) {
    let _ = BOOK.set(book);
}

/// A book move for a level that plays from the book: `pos` in 8 x 8
/// Othello and in the program's book. Generic over the size so that the
/// search's callers need not know it.
pub(crate) fn lookup<S: Size>(
    board: &Board<S>,
    pos: &Position<S>,
    seed: u64,
) -> Option<(u32, i32)> {
    if S::N != 8 || board.variant() != Variant::Othello {
        return None;
    }
    let book = shared()?;
    let board8 = Board::<S8>::new(Variant::Othello, &crate::map::Map::empty(8).ok()?).ok()?;
    let pos8 = Position::<S8>::new(
        pos.me.to_u128() as u64,
        pos.opp.to_u128() as u64,
        0,
        [0, 0],
        crate::position::Colour::Black,
    );
    book.choose(&board8, &pos8, seed)
}

/// How `mapello book build` grows a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Build {
    /// Positions fewer than this many plies from the start get values.
    pub plies: u32,
    /// The level whose search values each position's moves.
    pub level: u32,
    /// A move leads to a book position when its value is within this many
    /// points of the position's best.
    pub spread: i32,
}

/// Positions the build adds between two calls of its `save`.
#[cfg(not(target_arch = "wasm32"))]
const SAVE_EVERY: usize = 16;

/// Grows `book` breadth first from the Othello start as `build` says: each
/// position not yet in it gets every move's value from the level's search,
/// and the moves within the spread of its best lead on. A position already
/// in the book is taken as it is, so a build that stopped resumes where it
/// was, and a build with more plies extends a book: the same options give
/// the same book. `save` is called every few new positions and at the end,
/// `progress` with the positions added and the ply reached. Returns the
/// positions added.
#[cfg(not(target_arch = "wasm32"))]
pub fn build(
    book: &mut Book,
    build: &Build,
    save: &mut dyn FnMut(&Book) -> std::io::Result<()>,
    progress: &mut dyn FnMut(usize, u32),
) -> std::io::Result<usize> {
    use super::engine::Engine;
    use super::levels::Level;
    use std::collections::HashSet;

    let map = crate::map::Map::empty(8).expect("an empty 8 x 8 map");
    let board = Board::<S8>::new(Variant::Othello, &map).expect("Othello plays on it");
    let start = crate::setup::Setup::start(Variant::Othello, map);
    let game = crate::game::AnyGame::from_setup(&start).expect("the Othello start");
    let crate::game::AnyGame::S8(g) = game else {
        unreachable!("an 8 x 8 game")
    };
    let level = Level::get(build.level).expect("a level");
    let options = level.options(8, 0);
    let mut added = 0;
    let mut queue = vec![*g.position()];
    let mut seen = HashSet::new();
    for ply in 0..build.plies {
        let mut next = Vec::new();
        for pos in &queue {
            if board.moves(pos).is_empty() {
                continue;
            }
            if !book.has(pos) {
                let values: Vec<(u32, i32)> = board
                    .hints(pos, &options, None)
                    .into_iter()
                    .filter_map(|(mv, v)| match mv {
                        crate::square::Move::Play(sq) => Some((sq.index(), v.round() as i32)),
                        crate::square::Move::Pass => None,
                    })
                    .collect();
                book.insert(pos, &values);
                added += 1;
                progress(added, ply);
                if added % SAVE_EVERY == 0 {
                    save(book)?;
                }
            }
            let Some(moves) = book.stored(&board, pos) else {
                continue;
            };
            let best = moves.iter().map(|m| m.1).max().expect("not empty");
            for &(sq, v) in &moves {
                let child = board.play_legal(pos, sq);
                let (me, opp) = discs(&child);
                if v >= best - build.spread && seen.insert(canonical(me, opp).0) {
                    next.push(child);
                }
            }
        }
        queue = next;
    }
    save(book)?;
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> (Board<S8>, Position<S8>) {
        let map = crate::map::Map::empty(8).unwrap();
        let board = Board::<S8>::new(Variant::Othello, &map).unwrap();
        let setup = crate::setup::Setup::start(Variant::Othello, map);
        let crate::game::AnyGame::S8(g) = crate::game::AnyGame::from_setup(&setup).unwrap() else {
            unreachable!()
        };
        (board, *g.position())
    }

    #[test]
    fn the_eight_symmetries_are_a_group_of_permutations() {
        for t in 0..8 {
            let all: u64 = (0..64).fold(0, |b, sq| b | 1 << image(t, sq));
            assert_eq!(all, u64::MAX);
        }
    }

    #[test]
    fn a_position_is_found_under_every_symmetry_with_its_moves_turned() {
        let (board, pos) = start();
        let mut book = Book::default();
        // The start's four moves, d3 best.
        book.insert(&pos, &[(19, 2), (26, 0), (37, 0), (44, 0)]);
        let got = book.probe(&board, &pos).unwrap();
        assert_eq!(got.len(), 4);
        // Every first move gives the same position up to symmetry.
        let a = board.play_legal(&pos, 19);
        let mut other = Book::default();
        other.insert(&a, &[(18, 5)]);
        for &(sq, _) in &got {
            let child = board.play_legal(&pos, sq);
            assert!(other.has(&child));
            assert_eq!(other.probe(&board, &child).unwrap().len(), 1);
        }
    }

    #[test]
    fn a_move_into_a_book_position_takes_that_position_s_value() {
        let (board, pos) = start();
        let mut book = Book::default();
        book.insert(&pos, &[(19, 0), (26, 0), (37, 0), (44, 0)]);
        let child = board.play_legal(&pos, 19);
        let replies: Vec<(u32, i32)> = Squares(board.moves(&child)).map(|sq| (sq, -3)).collect();
        book.insert(&child, &replies);
        // Every first move is the same up to symmetry: each is worth 3.
        let got = book.probe(&board, &pos).unwrap();
        assert!(got.iter().all(|m| m.1 == 3), "{got:?}");
    }

    #[test]
    fn a_book_reads_back_byte_for_byte() {
        let (board, pos) = start();
        let mut book = Book::default();
        book.insert(&pos, &[(19, 2), (26, -1), (37, 0), (44, 64)]);
        book.insert(&board.play_legal(&pos, 19), &[(18, -5), (20, 7)]);
        let bytes = book.to_bytes();
        let back = Book::from_bytes(&bytes).unwrap();
        assert_eq!(back, book);
        assert_eq!(back.to_bytes(), bytes);
    }

    #[test]
    fn a_corrupt_book_is_an_error_not_a_panic() {
        let (board, pos) = start();
        let mut book = Book::default();
        book.insert(&pos, &[(19, 2), (26, -1)]);
        book.insert(&board.play_legal(&pos, 19), &[(18, -5)]);
        let bytes = book.to_bytes();
        assert_eq!(Book::from_bytes(b""), Err(BookError::Magic));
        assert_eq!(Book::from_bytes(b"MPLBOOX\x01"), Err(BookError::Magic));
        let mut v2 = bytes.clone();
        v2[7] = 2;
        assert_eq!(Book::from_bytes(&v2), Err(BookError::Version(2)));
        for cut in 8..bytes.len() {
            assert!(Book::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut long = bytes.clone();
        long.push(0);
        assert_eq!(Book::from_bytes(&long), Err(BookError::Trailing(1)));
        // Every single-byte change reads or fails, never panics.
        for i in 0..bytes.len() {
            for b in [0u8, 1, 63, 64, 65, 127, 128, 200, 255] {
                let mut bad = bytes.clone();
                bad[i] = b;
                let _ = Book::from_bytes(&bad);
            }
        }
    }

    #[test]
    fn a_level_draws_among_the_near_equal_moves_only() {
        let (board, pos) = start();
        let mut book = Book::default();
        book.insert(&pos, &[(19, 0), (26, 0), (37, 0), (44, 0)]);
        let child = board.play_legal(&pos, 19);
        // f4 (29) and f5 (37)... reply values: one clearly best, one near.
        let replies: Vec<u32> = Squares(board.moves(&child)).collect();
        let values: Vec<(u32, i32)> = replies
            .iter()
            .enumerate()
            .map(|(i, &sq)| (sq, [4, 3, -10][i % 3]))
            .collect();
        book.insert(&child, &values);
        let mut drawn = HashSet::new();
        for seed in 0..64 {
            let (sq, v) = book.choose(&board, &child, seed).unwrap();
            assert!(v >= 3, "{sq} {v}");
            drawn.insert(sq);
        }
        assert!(drawn.len() > 1);
    }

    use std::collections::HashSet;
}
