//! Shared by the integration tests that draw random cases.

/// The seed of a randomised test: `MAPELLO_SEED` when set, else the clock.
/// It is printed with `name`, so a failing run can be replayed.
pub(crate) fn seed(name: &str) -> u64 {
    let seed = std::env::var("MAPELLO_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        });
    println!("{name}: seed {seed} (MAPELLO_SEED={seed} replays it)");
    seed
}
