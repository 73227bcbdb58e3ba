//! The moves of a share link, its `g=` part (docs/formats.md, "share
//! link"): a transcript run together, lower case. A link cut short or
//! edited by hand still opens, so the reader keeps the moves before the
//! first thing that is not one, and the moves past [`MAX_MOVES`]. Only the
//! form is read here: the squares are those of the largest board, and
//! whether a move is legal on the link's map is the game's to say when it
//! is played.
//!
//! ```
//! use mapello::link;
//!
//! let read = link::read("F5 d6,c3pass", false);
//! assert_eq!(read.moves, ["f5", "d6", "c3", "pass"]);
//! assert_eq!(read.problem, None);
//! let read = link::read("f5d6f0c3", false);
//! assert_eq!(read.moves, ["f5", "d6"]);
//! assert_eq!(
//!     read.problem.unwrap().to_string(),
//!     "The moves in the link are damaged after move 2: the game stops there."
//! );
//! ```

use std::fmt;

use crate::map::SIZES;
pub use crate::transcript::MAX_MOVES;
use crate::transcript::{self, Written};

/// The side of the largest board, whose squares a link may name.
const LARGEST: u32 = SIZES[SIZES.len() - 1];

/// The moves of a link, each as the link spells it in lower case (`pass`
/// stays `pass`, `pa` stays `pa`), and what was left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkMoves {
    /// The moves kept, in order.
    pub moves: Vec<String>,
    /// Why the moves after them were left out, when some were.
    pub problem: Option<Problem>,
}

/// Why a link's moves stop before the end of its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The text after the moves kept is not a move.
    Damaged {
        /// How many moves were kept.
        kept: usize,
    },
    /// More than [`MAX_MOVES`] moves: more than any game has.
    TooLong,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (why, kept) = match *self {
            Problem::Damaged { kept } => ("damaged", kept),
            Problem::TooLong => ("longer than any game", MAX_MOVES),
        };
        let at = if kept == 0 {
            "from the first move".to_string()
        } else {
            format!("after move {kept}")
        };
        write!(
            f,
            "The moves in the link are {why} {at}: the game stops there."
        )
    }
}

/// Reads a link's moves from `text`. `cut` says that `text` is only the
/// start of the link's moves, the rest unread (a reader caps what it
/// copies): the moves stop where the reading did, and a move that the cut
/// may have split is left out with the rest.
pub fn read(text: &str, cut: bool) -> LinkMoves {
    let chars: Vec<char> = text.chars().collect();
    let (mut written, error) = transcript::read_prefix(text, LARGEST);
    let mut stopped = error.is_some() || cut;
    if cut && error.is_none() && written.last().is_some_and(|w| w.at.end == chars.len()) {
        written.pop();
    }
    let problem = if written.len() > MAX_MOVES {
        written.truncate(MAX_MOVES);
        stopped = false;
        Some(Problem::TooLong)
    } else {
        None
    };
    let problem = problem.or(stopped.then_some(Problem::Damaged {
        kept: written.len(),
    }));
    let moves = written.iter().map(|w| spelling(&chars, w)).collect();
    LinkMoves { moves, problem }
}

/// How `chars` spell the move `w`, in lower case.
fn spelling(chars: &[char], w: &Written) -> String {
    chars[w.at.clone()]
        .iter()
        .map(char::to_ascii_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> Option<String> {
        read(text, false).problem.map(|p| p.to_string())
    }

    #[test]
    fn moves_are_kept_lower_case_as_the_link_spells_them() {
        let read = read("F5 D6,c3pa a10 j10 pass -- ps 1. e3", false);
        assert_eq!(
            read.moves,
            ["f5", "d6", "c3", "pa", "a10", "j10", "pass", "--", "ps", "e3"]
        );
        assert_eq!(read.problem, None);
        assert_eq!(
            super::read("", false),
            LinkMoves {
                moves: vec![],
                problem: None
            }
        );
    }

    #[test]
    fn the_squares_are_those_of_the_largest_board_whatever_the_map() {
        let text = format!("{}j1", "j10".repeat(199));
        let read = read(&text, false);
        assert_eq!(read.moves.len(), MAX_MOVES);
        assert_eq!(read.problem, None);
        assert_eq!(problem("k1"), problem("<script>"));
    }

    #[test]
    fn damaged_moves_keep_the_moves_before_the_damage() {
        let cases = [
            ("<script>", 0),
            ("f5z9", 1),
            ("f5d6f0c3", 2),
            ("f5k1d6", 1),
            ("f5d6a11", 2),
        ];
        for (text, kept) in cases {
            let read = read(text, false);
            assert_eq!(read.moves.len(), kept, "{text}");
            assert_eq!(read.problem, Some(Problem::Damaged { kept }), "{text}");
        }
        assert_eq!(
            problem("<b>").unwrap(),
            "The moves in the link are damaged from the first move: the game stops there."
        );
    }

    #[test]
    fn moves_past_the_200th_are_cut_there() {
        let read = read(&"f5".repeat(300), false);
        assert_eq!(read.moves.len(), MAX_MOVES);
        assert_eq!(read.problem, Some(Problem::TooLong));
        assert_eq!(
            read.problem.unwrap().to_string(),
            "The moves in the link are longer than any game after move 200: the game stops there."
        );
        let damaged_late = format!("{}!", "f5".repeat(250));
        assert_eq!(
            super::read(&damaged_late, false).problem,
            Some(Problem::TooLong)
        );
    }

    #[test]
    fn a_cut_text_stops_where_the_reading_did_and_drops_a_move_it_may_have_split() {
        let read = read("f5 d6 a1", true);
        assert_eq!(read.moves, ["f5", "d6"]);
        assert_eq!(read.problem, Some(Problem::Damaged { kept: 2 }));
        assert_eq!(super::read("f5 d6 ", true).moves, ["f5", "d6"]);
        let long = super::read(&"f5".repeat(300), true);
        assert_eq!(
            (long.moves.len(), long.problem),
            (MAX_MOVES, Some(Problem::TooLong))
        );
    }
}
