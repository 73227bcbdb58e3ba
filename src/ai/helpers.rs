//! Where a shared exact solve ([`super::endgame::solve_shared`]) finds the
//! threads that help it.
//!
//! Natively it starts them. A wasm module cannot start a thread: in the
//! page's threaded workers' module (wasm32 built with atomics, its memory
//! shared between workers) the helpers are other workers, instantiated on
//! the same memory, that wait in [`serve`] for a solve to help. The
//! solving worker posts its helpers' job where they wait, and takes it
//! back, waiting until every helper has left it, before the solve returns.

/// Runs `main` while `count` helpers run `helper` (which must return once
/// `main` has returned and raised the stop flag the helpers watch);
/// returns what `main` returns once they have all returned. Natively the
/// helpers are threads started here.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn run<T>(count: usize, helper: &(dyn Fn() + Sync), main: impl FnOnce() -> T) -> T {
    std::thread::scope(|scope| {
        for _ in 0..count {
            scope.spawn(helper);
        }
        main()
    })
}

/// On wasm32 without atomics no helper can come: `main` runs alone.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
pub(crate) fn run<T>(_count: usize, _helper: &(dyn Fn() + Sync), main: impl FnOnce() -> T) -> T {
    main()
}

#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
pub(crate) use workers::{run, serve};

#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
mod workers {
    use std::sync::{Condvar, Mutex, MutexGuard};

    /// A helper's job, made `'static`: [`run`] takes it back before the
    /// borrow it was made from ends.
    type Job = &'static (dyn Fn() + Sync);

    /// What the helpers wait on.
    struct Board {
        /// The job posted, if any.
        job: Option<Job>,
        /// How many more helpers may take it.
        seats: usize,
        /// Helpers running a job.
        running: usize,
    }

    static BOARD: Mutex<Board> = Mutex::new(Board {
        job: None,
        seats: 0,
        running: 0,
    });
    /// Signalled when a job is posted, and when a helper leaves one.
    static CHANGED: Condvar = Condvar::new();

    fn board() -> MutexGuard<'static, Board> {
        // A helper that panicked aborted its worker: the board's state is
        // still whole.
        BOARD.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `main` while at most `count` of the workers waiting in
    /// [`serve`] run `helper`; returns once every helper that took it has
    /// returned from it. Fewer helpers, or none, may come.
    pub(crate) fn run<T>(count: usize, helper: &(dyn Fn() + Sync), main: impl FnOnce() -> T) -> T {
        // SAFETY: the job is taken back from the board, and every helper
        // that took it has returned from it, before this function returns,
        // so the borrow outlives every use of the job.
        #[allow(unsafe_code)]
        let job: Job = unsafe { std::mem::transmute::<&(dyn Fn() + Sync), Job>(helper) };
        {
            let mut board = board();
            board.job = Some(job);
            board.seats = count;
        }
        CHANGED.notify_all();
        let found = main();
        let mut board = board();
        board.job = None;
        board.seats = 0;
        while board.running > 0 {
            board = CHANGED.wait(board).unwrap_or_else(|e| e.into_inner());
        }
        found
    }

    /// A helper worker's life: waits, without spinning, for a job posted
    /// by [`run`], runs it, and waits again. Never returns: the page ends
    /// the worker.
    pub(crate) fn serve() -> ! {
        let mut board = board();
        loop {
            match board.job {
                Some(job) if board.seats > 0 => {
                    board.seats -= 1;
                    board.running += 1;
                    drop(board);
                    job();
                    board = self::board();
                    board.running -= 1;
                    CHANGED.notify_all();
                }
                _ => board = CHANGED.wait(board).unwrap_or_else(|e| e.into_inner()),
            }
        }
    }
}
