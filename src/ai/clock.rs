//! Wall-clock time for search budgets. `std::time::Instant` panics on
//! wasm32, so the browser build reads JavaScript's `Date.now()` instead.

/// Time since the clock was started.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clock {
    #[cfg(not(target_arch = "wasm32"))]
    start: std::time::Instant,
    #[cfg(target_arch = "wasm32")]
    start: f64,
}

impl Clock {
    /// A clock started now.
    pub(crate) fn start() -> Clock {
        Clock {
            #[cfg(not(target_arch = "wasm32"))]
            start: std::time::Instant::now(),
            #[cfg(target_arch = "wasm32")]
            start: js_sys::Date::now(),
        }
    }

    /// Milliseconds since the start.
    pub(crate) fn elapsed_ms(&self) -> f64 {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.start.elapsed().as_secs_f64() * 1000.0
        }
        #[cfg(target_arch = "wasm32")]
        {
            js_sys::Date::now() - self.start
        }
    }
}
