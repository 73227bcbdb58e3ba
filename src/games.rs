//! The games the product offers, in one list that the command line, the
//! wasm API and the page's game chooser all read: adding a game is one
//! record in [`GAMES`] beside its engine.
//!
//! ```
//! use mapello::games::{self, Engine};
//! use mapello::Variant;
//!
//! assert_eq!(games::by_id("Othello").unwrap().engine, Engine::Reversi(Variant::Othello));
//! assert_eq!(games::by_id("blocs").unwrap().sizes, [4]);
//! assert!(games::by_id("chess").is_none());
//! ```

use serde::Serialize;

use crate::rules::Variant;

/// The code that plays a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// The Reversi-family rules of [`Board`](crate::Board), with this variant.
    Reversi(Variant),
    /// The 4 x 4 game of [`crate::blocs`].
    Blocs,
}

/// One game as every front end names and offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// The lower-case name on the command line (`--variant`), in the API
    /// and in share links.
    pub id: &'static str,
    /// The name players read.
    pub name: &'static str,
    /// The board sides it is played on, the default first when there is a
    /// choice (see [`GameInfo::default_size`]).
    pub sizes: &'static [u32],
    /// Whether it is played on a map of walls, bonuses and jokers.
    pub maps: bool,
    /// The code that plays it (front ends dispatch on it).
    #[serde(skip)]
    pub engine: Engine,
}

/// Every game, in the order the chooser lists them.
#[rustfmt::skip]
pub const GAMES: &[GameInfo] = &[
    GameInfo { id: "mapello", name: "Mapello", sizes: &[6, 8, 10], maps: true, engine: Engine::Reversi(Variant::Mapello) },
    GameInfo { id: "othello", name: "Othello", sizes: &[6, 8, 10], maps: false, engine: Engine::Reversi(Variant::Othello) },
    GameInfo { id: "reversi", name: "Reversi", sizes: &[6, 8, 10], maps: false, engine: Engine::Reversi(Variant::Reversi) },
    GameInfo { id: "troll", name: "Troll", sizes: &[8], maps: false, engine: Engine::Reversi(Variant::Troll) },
    GameInfo { id: "blocs", name: "Blocs", sizes: &[4], maps: false, engine: Engine::Blocs },
];

impl Engine {
    /// The variant of a Reversi-family game.
    pub fn variant(self) -> Option<Variant> {
        match self {
            Engine::Reversi(v) => Some(v),
            Engine::Blocs => None,
        }
    }
}

impl GameInfo {
    /// The board side a game starts on: 8 when offered, else the only one.
    pub fn default_size(&self) -> u32 {
        if self.sizes.contains(&8) {
            8
        } else {
            self.sizes[0]
        }
    }
}

impl Variant {
    /// Every variant, in the catalogue's order.
    pub fn all() -> impl Iterator<Item = Variant> {
        GAMES.iter().filter_map(|g| g.engine.variant())
    }

    /// Reads a variant name (any letter case); `None` for a game that is
    /// not played with discs on a square board.
    pub fn parse(text: &str) -> Option<Variant> {
        Variant::all().find(|v| v.name().eq_ignore_ascii_case(text))
    }
}

/// The game named `id` (any letter case).
pub fn by_id(id: &str) -> Option<&'static GameInfo> {
    GAMES.iter().find(|g| g.id.eq_ignore_ascii_case(id))
}

/// Every id, as an error lists them: `mapello, othello, reversi, troll or blocs`.
pub fn ids() -> String {
    let ids: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
    match ids.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_lower_case_and_each_variant_is_listed_once() {
        for (i, g) in GAMES.iter().enumerate() {
            assert_eq!(g.id, g.id.to_ascii_lowercase());
            assert!(GAMES[..i].iter().all(|h| h.id != g.id), "{}", g.id);
            assert!(!g.sizes.is_empty(), "{}", g.id);
        }
        // Each variant's module owns its name; the catalogue lists each
        // variant once, under that name.
        for v in Variant::all() {
            assert_eq!(Variant::parse(v.name()), Some(v));
            let listed: Vec<_> = GAMES
                .iter()
                .filter(|g| g.engine == Engine::Reversi(v))
                .collect();
            assert_eq!(listed.len(), 1, "{v:?}");
            assert_eq!(listed[0].id, v.name());
        }
        assert_eq!(Variant::Othello.name(), "othello");
        assert_eq!(Variant::parse("blocs"), None);
        assert_eq!(ids(), "mapello, othello, reversi, troll or blocs");
    }

    #[test]
    fn the_default_size_is_8_where_offered() {
        assert_eq!(by_id("mapello").unwrap().default_size(), 8);
        assert_eq!(by_id("BLOCS").unwrap().default_size(), 4);
    }
}
