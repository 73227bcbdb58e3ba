//! The transposition table: bounds on a position's value, the depth they
//! hold for and the best move found, in two-way buckets.
//!
//! Threads may share one table (the exact solver's helpers do). Each
//! entry is two words, its data and its key XOR-ed with the data, read and
//! written without a lock: an entry that another thread was writing while
//! it was read fails the key check and is ignored, so a bound read is
//! always one some search stored for that position. Two threads narrowing
//! the same entry at once may lose one's bounds, never make them wrong.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Marks an entry without a best move.
pub(crate) const NO_MOVE: u8 = u8::MAX;

/// Bounds beyond every score.
const INF: i16 = i16::MAX;

/// What the table knows about one position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The value is at least this.
    pub lower: i16,
    /// The value is at most this.
    pub upper: i16,
    /// Depth the bounds hold for (empties for exact endgame values).
    pub depth: u8,
    /// Best move found, or [`NO_MOVE`].
    pub mv: u8,
    date: u8,
}

impl Entry {
    /// The entry as its data word.
    #[inline(always)]
    fn pack(self) -> u64 {
        u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.depth) << 32
            | u64::from(self.mv) << 40
            | u64::from(self.date) << 48
    }

    /// The entry of a data word.
    #[inline(always)]
    fn unpack(data: u64) -> Entry {
        Entry {
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8,
            mv: (data >> 40) as u8,
            date: (data >> 48) as u8,
        }
    }
}

/// One place in the table: an entry's data with the top byte of its key,
/// and its key XOR-ed with that (both 0 while it is empty, its date then
/// 0). The byte settles most misses with one word read.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry held for `key`, if this slot holds one whole.
    #[inline(always)]
    fn read(&self, key: u64) -> Option<Entry> {
        let data = self.data.load(Relaxed);
        if data >> 56 != key >> 56 || data >> 48 & 0xff == 0 {
            return None;
        }
        let check = self.check.load(Relaxed);
        (check ^ data == key).then(|| Entry::unpack(data))
    }

    /// The entry held, whatever its key (to choose which to replace).
    #[inline(always)]
    fn held(&self) -> Entry {
        Entry::unpack(self.data.load(Relaxed))
    }

    #[inline(always)]
    fn write(&self, key: u64, e: Entry) {
        let data = e.pack() | key >> 56 << 56;
        self.check.store(key ^ data, Relaxed);
        self.data.store(data, Relaxed);
    }
}

/// A fixed-size table of [`Entry`], replaced by depth and age.
#[derive(Debug)]
pub(crate) struct Table {
    entries: Box<[Slot]>,
    mask: usize,
    date: u8,
}

impl Clone for Table {
    fn clone(&self) -> Table {
        let entries = self
            .entries
            .iter()
            .map(|s| Slot {
                check: AtomicU64::new(s.check.load(Relaxed)),
                data: AtomicU64::new(s.data.load(Relaxed)),
            })
            .collect();
        Table {
            entries,
            mask: self.mask,
            date: self.date,
        }
    }
}

/// Table sizes, as powers of two of their entries (16 bytes each).
pub(crate) mod bits {
    /// A quick search: a weak level, or a budget under [`SMALL_BUDGET`]
    /// nodes (1 MB).
    pub(crate) const SMALL: u32 = 16;
    /// The node budgets below which a search takes the [`SMALL`] table.
    pub(crate) const SMALL_BUDGET: u64 = 100_000;
    /// Hints and self-play tuning (4 MB).
    pub(crate) const MEDIUM: u32 = 18;
    /// A strong level's search (16 MB each, for the two tables of a searcher).
    pub(crate) const LARGE: u32 = 20;
    /// The exact solver, which keeps every position it proves (64 MB).
    pub(crate) const SOLVER: u32 = 22;
}

impl Table {
    /// A table of `2^bits` entries.
    pub(crate) fn new(bits: u32) -> Table {
        let size = 1usize << bits;
        Table {
            entries: (0..size).map(|_| Slot::default()).collect(),
            mask: size - 2,
            date: 1,
        }
    }

    /// Writes every entry once, so that the memory is mapped before a
    /// search that threads share rather than a page at a time during it:
    /// threads taking page faults at once wait for each other. A search
    /// on one thread maps only the pages it reaches.
    pub(crate) fn touch(&self) {
        for slot in self.entries.iter() {
            slot.data.store(0, Relaxed);
        }
    }

    /// Starts a new search: older entries become the first to go.
    pub(crate) fn age(&mut self) {
        self.date = self.date.wrapping_add(1).max(1);
    }

    /// The entry for `key`, if any.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask;
        self.entries[i..i + 2].iter().find_map(|s| s.read(key))
    }

    /// Records that a search of `depth` with window (`alpha`, `beta`) found
    /// `value` and best move `mv`.
    #[inline]
    pub(crate) fn store(&self, key: u64, depth: u32, alpha: i32, beta: i32, value: i32, mv: u8) {
        let depth = depth.min(u8::MAX as u32) as u8;
        let value = value.clamp(-(INF as i32) + 1, INF as i32 - 1) as i16;
        let lower = if value as i32 > alpha { value } else { -INF };
        let upper = if (value as i32) < beta { value } else { INF };
        let i = key as usize & self.mask;
        let date = self.date;
        let bucket = &self.entries[i..i + 2];
        for slot in bucket {
            let Some(mut e) = slot.read(key) else {
                continue;
            };
            if e.depth == depth {
                e.lower = e.lower.max(lower);
                e.upper = e.upper.min(upper);
                if e.lower > e.upper {
                    (e.lower, e.upper) = (lower, upper);
                }
            } else if depth > e.depth || e.date != date {
                (e.lower, e.upper, e.depth) = (lower, upper, depth);
            } else {
                return;
            }
            if mv != NO_MOVE {
                e.mv = mv;
            }
            e.date = date;
            slot.write(key, e);
            return;
        }
        // Replace the older, then the shallower, entry.
        let worth = |s: &Slot| {
            let e = s.held();
            (e.date == date, e.depth)
        };
        let slot = if worth(&bucket[0]) <= worth(&bucket[1]) {
            &bucket[0]
        } else {
            &bucket[1]
        };
        let e = Entry {
            lower,
            upper,
            depth,
            mv,
            date,
        };
        slot.write(key, e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_takes_the_sixteen_bytes_the_table_sizes_count() {
        assert_eq!(std::mem::size_of::<Slot>(), 16);
    }

    #[test]
    fn an_entry_written_halfway_is_not_read() {
        let t = Table::new(4);
        t.store(42, 5, 0, 10, 12, 3);
        let i = 42 & t.mask;
        let slot = t.entries[i..i + 2]
            .iter()
            .find(|s| s.read(42).is_some())
            .unwrap();
        let e = Entry {
            lower: -4,
            upper: -4,
            depth: 5,
            mv: 1,
            date: 1,
        };
        slot.data.store(e.pack(), Relaxed);
        assert!(t.probe(42).is_none());
    }

    #[test]
    fn bounds_narrow_as_searches_of_one_depth_add_up() {
        let t = Table::new(4);
        t.store(42, 5, 0, 10, 12, 3);
        let e = t.probe(42).unwrap();
        assert_eq!((e.lower, e.upper, e.mv), (12, INF, 3));
        t.store(42, 5, 12, 20, 15, NO_MOVE);
        let e = t.probe(42).unwrap();
        assert_eq!((e.lower, e.upper, e.mv), (15, 15, 3));
        assert!(t.probe(43).is_none());
    }

    #[test]
    fn deeper_results_replace_shallower_ones() {
        let t = Table::new(4);
        t.store(7, 2, -5, 5, 1, 1);
        t.store(7, 6, -5, 5, -3, 2);
        let e = t.probe(7).unwrap();
        assert_eq!((e.lower, e.upper, e.depth, e.mv), (-3, -3, 6, 2));
        t.store(7, 3, -5, 5, 4, 9);
        assert_eq!(t.probe(7).unwrap().depth, 6);
    }
}
