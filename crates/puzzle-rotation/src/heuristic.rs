//! Lower bounds on the number of moves still needed.

use search_core::Heuristic;

use crate::board::count;
use crate::{Board, Move, Rotation};

/// The textbook bound: 8 minus the number of centre cells holding the centre's most common
/// symbol.
///
/// **Admissible** because a move rotates one line, which crosses the centre in three consecutive
/// cells: one block leaves the centre and one enters it, so the count of any symbol in the centre
/// changes by at most one per move. Reaching 8 from `n` therefore takes at least `8 - n` moves.
///
/// It is also zero exactly on solved boards, as the search requires.
///
/// ```
/// use puzzle_rotation::{Board, Count, Rotation};
/// use search_core::Heuristic;
///
/// let board = Board::from_cells(&[
///     1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3,
/// ]).unwrap();
/// // The centre cells 6, 7, 8, 11, 12, 15, 16, 17 hold 3, 2, 3, 2, 2, 2, 2, 2: six 2s.
/// assert_eq!(Count.estimate(&Rotation, &board), 2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count;

impl Count {
    /// The bound for centre counts (how many centre cells hold each symbol).
    fn from_counts(counts: [u8; 3]) -> u8 {
        8 - counts.into_iter().max().unwrap_or(0)
    }
}

impl Heuristic<Rotation> for Count {
    fn estimate(&self, _: &Rotation, board: &Board) -> u8 {
        Self::from_counts(board.centre_counts())
    }

    /// Cheap without making the move: the line's block at position 2 leaves the centre and the
    /// block at position 5 enters it (see [`Move::line`]), so the child's centre is the parent's
    /// blocks on [`Move::centre_after`], counted with one AND and one population count per
    /// symbol.
    #[inline]
    fn estimate_child(&self, _: &Rotation, parent: &Board, mv: Move, _: u8) -> Option<u8> {
        let cells = mv.centre_after();
        Some(Self::from_counts(parent.masks().map(|mask| count(mask & cells))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few boards with every symbol somewhere in the centre and off it.
    fn boards() -> Vec<Board> {
        let mut boards = Vec::new();
        for shift in 0..6 {
            let cells = std::array::from_fn(|cell| [1, 2, 3][(cell * 7 + shift) % 3]);
            boards.push(Board::from_cells(&cells).unwrap());
            let cells = std::array::from_fn(|cell| [1, 2, 3][(cell / 3 + shift) % 3]);
            boards.push(Board::from_cells(&cells).unwrap());
        }
        boards
    }

    #[test]
    fn pricing_a_child_from_its_parent_matches_pricing_it_after_the_move() {
        for board in boards() {
            for mv in Move::ALL {
                let mut child = board;
                child.apply(mv);
                let parent_h = Count.estimate(&Rotation, &board);
                assert_eq!(
                    Count.estimate_child(&Rotation, &board, mv, parent_h),
                    Some(Count.estimate(&Rotation, &child)),
                    "{mv} from {board:?}"
                );
            }
        }
    }

    #[test]
    fn one_move_changes_the_estimate_by_at_most_one() {
        for board in boards() {
            for mv in Move::ALL {
                let mut child = board;
                child.apply(mv);
                let (before, after) =
                    (Count.estimate(&Rotation, &board), Count.estimate(&Rotation, &child));
                assert!(before.abs_diff(after) <= 1);
            }
        }
    }

    #[test]
    fn solved_boards_cost_nothing() {
        let board = Board::from_cells(&[2; 24]).unwrap();
        assert_eq!(Count.estimate(&Rotation, &board), 0);
    }
}
