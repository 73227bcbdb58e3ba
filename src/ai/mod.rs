//! The AI: search, exact endgame solver, evaluation, levels and baseline
//! players, generic over the board size and every variant.

pub mod budget;
pub mod clock;
pub mod endgame;
pub mod eval;
pub mod geometry;
pub mod pos;
pub mod stability;
pub mod tt;
pub mod weights;

use std::sync::atomic::AtomicBool;

use crate::game::AnyGame;
use crate::square::{Move, Square};

/// An exact endgame result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// A best move (a pass when the side to move has none).
    pub best: Move,
    /// The exact final margin for the side to move, bonus points included.
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Solves the current position of `game` exactly (no budget); `None` when
/// `cancel` was raised first.
pub fn solve(game: &AnyGame, cancel: Option<&AtomicBool>) -> Option<Solved> {
    crate::with_game!(game, g => {
        let board = g.board();
        let position = g.position();
        let geometry = geometry::Geometry::new(board);
        let eval = eval::Eval::new(&geometry);
        let mut table = tt::Table::new(22);
        let mut ctl = budget::Control::new(budget::Budget::default(), cancel);
        let p = pos::Pos::of(position);
        let (score, best) = endgame::Solver::new(&geometry, &mut table, &mut ctl, Some(&eval)).solve(p)?;
        let n = board.map().size();
        Some(Solved {
            best: best.and_then(|sq| Square::from_index(sq, n)).map_or(Move::Pass, Move::Play),
            score: score + pos::Pos::taken_margin(position),
            nodes: ctl.nodes,
        })
    })
}
