//! The Rotation Game as a [`search_core::Problem`].

use search_core::Problem;

use crate::{Board, Move};

/// The Rotation Game, as the search drivers see it: boards as states, the eight moves in
/// dictionary order, every move costing one.
///
/// The problem holds no data: the rules are the same for every board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rotation;

impl Problem for Rotation {
    type State = Board;
    type Move = Move;
    /// A `u8` is plenty: no answer is longer than a few dozen moves.
    type Cost = u8;

    /// The same eight moves everywhere, lent from a constant table.
    type Moves<'a> = &'static [Move];

    /// All eight moves, `A` to `H`: every line can always be rotated, and this order gives the
    /// dictionary-smallest answer among the shortest.
    fn moves(&self, _: &Board) -> &'static [Move] {
        &Move::ALL
    }

    fn apply(&self, board: &mut Board, mv: Move) {
        board.apply(mv);
    }

    fn undo(&self, board: &mut Board, mv: Move) {
        board.undo(mv);
    }

    fn inverse(&self, mv: Move) -> Option<Move> {
        Some(mv.inverse())
    }

    fn is_goal(&self, board: &Board) -> bool {
        board.is_solved()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_is_always_available_in_order() {
        let board = Board::from_cells(&[1; 24]).unwrap();
        assert_eq!(Rotation.legal_moves(&board), Move::ALL);
    }

    #[test]
    fn inverses_lead_straight_back() {
        let cells = std::array::from_fn(|cell| [1, 2, 3][cell % 3]);
        let start = Board::from_cells(&cells).unwrap();
        for mv in Move::ALL {
            let mut board = start;
            Rotation.apply(&mut board, mv);
            Rotation.apply(&mut board, Rotation.inverse(mv).unwrap());
            assert_eq!(board, start);
        }
    }
}
