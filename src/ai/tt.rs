//! The transposition table: bounds on a position's value, the depth they
//! hold for and the best move found, in two-way buckets.

/// Marks an entry without a best move.
pub(crate) const NO_MOVE: u8 = u8::MAX;

/// Bounds beyond every score.
const INF: i16 = i16::MAX;

/// What the table knows about one position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    key: u64,
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

/// A fixed-size table of [`Entry`], replaced by depth and age.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    date: u8,
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
            entries: vec![Entry::default(); size],
            mask: size - 2,
            date: 1,
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
        let bucket = &self.entries[i..i + 2];
        bucket.iter().find(|e| e.key == key && e.date != 0).copied()
    }

    /// Records that a search of `depth` with window (`alpha`, `beta`) found
    /// `value` and best move `mv`.
    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
        value: i32,
        mv: u8,
    ) {
        let depth = depth.min(u8::MAX as u32) as u8;
        let value = value.clamp(-(INF as i32) + 1, INF as i32 - 1) as i16;
        let lower = if value as i32 > alpha { value } else { -INF };
        let upper = if (value as i32) < beta { value } else { INF };
        let i = key as usize & self.mask;
        let date = self.date;
        let bucket = &mut self.entries[i..i + 2];
        if let Some(e) = bucket.iter_mut().find(|e| e.key == key && e.date != 0) {
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
            return;
        }
        // Replace the older, then the shallower, entry.
        let worth = |e: &Entry| (e.date == date, e.depth);
        let slot = if worth(&bucket[0]) <= worth(&bucket[1]) {
            &mut bucket[0]
        } else {
            &mut bucket[1]
        };
        *slot = Entry {
            key,
            lower,
            upper,
            depth,
            mv,
            date,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_takes_the_sixteen_bytes_the_table_sizes_count() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
    }

    #[test]
    fn bounds_narrow_as_searches_of_one_depth_add_up() {
        let mut t = Table::new(4);
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
        let mut t = Table::new(4);
        t.store(7, 2, -5, 5, 1, 1);
        t.store(7, 6, -5, 5, -3, 2);
        let e = t.probe(7).unwrap();
        assert_eq!((e.lower, e.upper, e.depth, e.mv), (-3, -3, 6, 2));
        t.store(7, 3, -5, 5, 4, 9);
        assert_eq!(t.probe(7).unwrap().depth, 6);
    }
}
