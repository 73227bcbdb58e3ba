//! How long a search may run: depth, nodes and time limits, and a
//! cancellation flag another thread may raise.

use std::sync::atomic::{AtomicBool, Ordering};

use super::clock::Clock;

/// Limits on one search; `None` means no limit of that kind.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Budget {
    /// Deepest iteration of the midgame search, in plies.
    pub depth: Option<u32>,
    /// Nodes over the whole search (midgame and endgame).
    pub nodes: Option<u64>,
    /// Milliseconds of wall-clock time.
    pub time_ms: Option<f64>,
}

impl Budget {
    /// `ms` milliseconds of wall-clock time, and no other limit.
    pub fn time(ms: f64) -> Budget {
        Budget {
            time_ms: Some(ms),
            ..Budget::default()
        }
    }
}

/// Nodes between two looks at the clock and the cancellation flag.
const CHECK_EVERY: u64 = 2048;

/// The running state of a budget: counts nodes and decides when to stop.
#[derive(Debug)]
pub(crate) struct Control<'a> {
    budget: Budget,
    clock: Clock,
    cancel: Option<&'a AtomicBool>,
    /// Nodes searched so far.
    pub nodes: u64,
    next_check: u64,
    stopped: bool,
}

impl<'a> Control<'a> {
    /// Starts the clock on `budget`, stopping early when `cancel` is raised.
    pub(crate) fn new(budget: Budget, cancel: Option<&'a AtomicBool>) -> Control<'a> {
        Control {
            budget,
            clock: Clock::start(),
            cancel,
            nodes: 0,
            next_check: CHECK_EVERY,
            stopped: false,
        }
    }

    /// True once a limit is reached or the search was cancelled; looks at
    /// the clock only every few thousand nodes.
    #[inline(always)]
    pub(crate) fn stopped(&mut self) -> bool {
        if self.nodes >= self.next_check {
            self.check();
        }
        self.stopped
    }

    #[cold]
    fn check(&mut self) {
        self.next_check = self.nodes + CHECK_EVERY;
        let nodes_out = self.budget.nodes.is_some_and(|n| self.nodes >= n);
        let time_out = self
            .budget
            .time_ms
            .is_some_and(|t| self.clock.elapsed_ms() >= t);
        let cancelled = self.cancel.is_some_and(|c| c.load(Ordering::Relaxed));
        if nodes_out || time_out || cancelled {
            self.stopped = true;
        }
    }

    /// True once a limit is reached or the search was cancelled, looking
    /// at the clock and the flag now (for a thread that waits instead of
    /// counting nodes).
    pub(crate) fn poll(&mut self) -> bool {
        self.check();
        self.stopped
    }

    /// True when the search was stopped (without looking at the clock).
    pub(crate) fn was_stopped(&self) -> bool {
        self.stopped
    }

    /// Fraction of the node or time budget used so far (0 when unlimited).
    pub(crate) fn used(&self) -> f64 {
        let nodes = self
            .budget
            .nodes
            .map_or(0.0, |n| self.nodes as f64 / n.max(1) as f64);
        let time = self
            .budget
            .time_ms
            .map_or(0.0, |t| self.clock.elapsed_ms() / t.max(1.0));
        nodes.max(time)
    }
}
