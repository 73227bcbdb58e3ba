//! How two games of the same start relate: the rule behind correspondence
//! play, where a link that continues a game updates it and one that goes
//! back or takes another line is kept apart. Two games are one line when
//! they share the game, the map and the start position; then their moves
//! say which is ahead.
//!
//! ```
//! use mapello::{lineage, AnyGame, Map, Variant};
//!
//! let mut held = AnyGame::new(Variant::Othello, Map::empty(8)?)?;
//! let mut linked = held.clone();
//! for mv in ["f5", "d6"] {
//!     linked.play(linked.parse_move(mv)?)?;
//! }
//! held.play(held.parse_move("f5")?)?;
//! assert_eq!(lineage::relate(&held, &linked), lineage::Lineage::Ahead { from: 1, to: 2 });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::game::AnyGame;

/// What a game (`linked`) is to another (`held`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lineage {
    /// The same moves from the same start.
    Same {
        /// How many moves both have.
        moves: usize,
    },
    /// The held game's moves and more: it continues the held game.
    Ahead {
        /// How many moves the held game has.
        from: usize,
        /// How many the linked one has.
        to: usize,
    },
    /// The first moves of the held game only: it goes back in it.
    Behind {
        /// How many moves the linked game has.
        to: usize,
        /// How many the held one has.
        from: usize,
    },
    /// Both games play the same first moves, then differ.
    Forked {
        /// How many moves the two games share.
        shared: usize,
    },
    /// Another game, map or start: no move of one can be read in the other.
    Unrelated,
}

/// What `linked` is to `held`.
pub fn relate(held: &AnyGame, linked: &AnyGame) -> Lineage {
    if held.variant() != linked.variant() || held.start_setup() != linked.start_setup() {
        return Lineage::Unrelated;
    }
    of_moves(&held.moves(), &linked.moves())
}

/// What a game of moves `new` is to one of moves `old`, both played from
/// the same start: the rule for any game whose moves are a list (Blocs's
/// too).
pub fn of_moves<M: PartialEq>(old: &[M], new: &[M]) -> Lineage {
    let shared = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    match (shared == old.len(), shared == new.len()) {
        (true, true) => Lineage::Same { moves: shared },
        (true, false) => Lineage::Ahead {
            from: old.len(),
            to: new.len(),
        },
        (false, true) => Lineage::Behind {
            to: new.len(),
            from: old.len(),
        },
        (false, false) => Lineage::Forked { shared },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Map;
    use crate::rules::Variant;

    fn game(variant: Variant, map: &Map, moves: &[&str]) -> AnyGame {
        let mut g = AnyGame::new(variant, map.clone()).expect("the start holds");
        for mv in moves {
            g.play(g.parse_move(mv).expect("a move"))
                .expect("a legal move");
        }
        g
    }

    fn othello(moves: &[&str]) -> AnyGame {
        game(
            Variant::Othello,
            &Map::empty(8).expect("an empty map"),
            moves,
        )
    }

    #[test]
    fn lists_of_moves_relate_by_their_shared_first_moves() {
        assert_eq!(
            of_moves(&["a1X"], &["a1X", "b2O"]),
            Lineage::Ahead { from: 1, to: 2 }
        );
        assert_eq!(
            of_moves(&["a1X", "b2O"], &["a1X", "b2O"]),
            Lineage::Same { moves: 2 }
        );
        assert_eq!(
            of_moves(&["a1X", "b2O"], &["a1X"]),
            Lineage::Behind { to: 1, from: 2 }
        );
        assert_eq!(
            of_moves(&["a1X", "b2O"], &["a1X", "c3O"]),
            Lineage::Forked { shared: 1 }
        );
        assert_eq!(of_moves::<&str>(&[], &[]), Lineage::Same { moves: 0 });
    }

    #[test]
    fn a_game_with_more_moves_of_the_same_line_continues_it() {
        let held = othello(&["f5", "d6"]);
        assert_eq!(
            relate(&held, &othello(&["f5", "d6", "c3"])),
            Lineage::Ahead { from: 2, to: 3 }
        );
        assert_eq!(
            relate(&othello(&[]), &held),
            Lineage::Ahead { from: 0, to: 2 }
        );
    }

    #[test]
    fn the_same_moves_are_the_same_game() {
        assert_eq!(
            relate(&othello(&["f5"]), &othello(&["f5"])),
            Lineage::Same { moves: 1 }
        );
    }

    #[test]
    fn fewer_moves_of_the_same_line_go_back() {
        let held = othello(&["f5", "d6", "c3"]);
        assert_eq!(
            relate(&held, &othello(&["f5"])),
            Lineage::Behind { to: 1, from: 3 }
        );
    }

    #[test]
    fn another_move_after_shared_ones_forks() {
        let held = othello(&["f5", "d6", "c3"]);
        assert_eq!(
            relate(&held, &othello(&["f5", "f6"])),
            Lineage::Forked { shared: 1 }
        );
        assert_eq!(
            relate(&held, &othello(&["e6"])),
            Lineage::Forked { shared: 0 }
        );
    }

    #[test]
    fn another_game_or_map_is_unrelated() {
        let map = Map::empty(8).expect("an empty map");
        let reversi = game(Variant::Reversi, &map, &[]);
        assert_eq!(relate(&othello(&[]), &reversi), Lineage::Unrelated);
        let code = crate::presets::by_id("crossroads").expect("a preset").code;
        let other = crate::sharecode::decode(code).expect("a preset's map");
        let mapello = game(Variant::Mapello, &other, &[]);
        assert_eq!(
            relate(&game(Variant::Mapello, &map, &[]), &mapello),
            Lineage::Unrelated
        );
        assert_eq!(
            relate(
                &othello(&[]),
                &game(Variant::Othello, &Map::empty(6).expect("a map"), &[])
            ),
            Lineage::Unrelated
        );
    }
}
