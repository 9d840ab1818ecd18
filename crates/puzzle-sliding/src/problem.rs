//! The puzzle as search-core sees it: [`Sliding`] implements [`Problem`].

use search_core::Problem;

use crate::board::MASK;
use crate::{Board, Slide, Sliding};

/// Moves the blank as `slide` says (no check that it is a move from the blank's cell).
#[inline]
pub(crate) fn slide(board: &mut Board, slide: Slide) {
    let (from, to) = (usize::from(slide.from) & MASK, usize::from(slide.to) & MASK);
    board.cells[from] = board.cells[to];
    board.cells[to] = 0;
    board.blank = slide.to;
}

/// The sliding-tile puzzle: states are [`Board`]s of this puzzle's width, moves are the blank's
/// [`Slide`]s, tried **up, left, right, down** (Korf's order, so node counts match his), each
/// costing 1. A move's inverse slides the blank back.
///
/// ```
/// use puzzle_sliding::{Board, Slide, Sliding};
/// use search_core::Problem;
///
/// let puzzle = Sliding::new(3);
/// let board = Board::new(3, &[1, 2, 0, 3, 4, 5, 6, 7, 8]).unwrap();
/// let moves: String = puzzle.legal_moves(&board).iter().map(ToString::to_string).collect();
/// assert_eq!(moves, "LD");
/// ```
impl Problem for Sliding {
    type State = Board;
    type Move = Slide;
    type Cost = u8;

    /// A slice of the table of moves per cell, built once by [`Sliding::new`].
    type Moves<'a> = &'a [Slide];

    #[inline]
    fn moves(&self, board: &Board) -> &[Slide] {
        self.moves_from(board.blank())
    }

    #[inline]
    fn apply(&self, board: &mut Board, mv: Slide) {
        slide(board, mv);
    }

    #[inline]
    fn undo(&self, board: &mut Board, mv: Slide) {
        slide(board, Slide { from: mv.to, to: mv.from });
    }

    #[inline]
    fn inverse(&self, mv: Slide) -> Option<Slide> {
        Some(Slide { from: mv.to, to: mv.from })
    }

    /// Every move but the one straight back, found in one byte: all of a board's moves start
    /// from the blank's cell, so the move back is the one that ends where `previous` started.
    #[inline]
    fn may_follow(&self, previous: Slide, mv: Slide) -> bool {
        mv.to != previous.from
    }

    #[inline]
    fn is_goal(&self, board: &Board) -> bool {
        board.is_goal()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quick_test_refuses_exactly_the_inverse() {
        for width in 2..=5 {
            let puzzle = Sliding::new(width);
            for cell in 0..puzzle.cells() {
                for &previous in puzzle.moves_from(cell) {
                    for &mv in puzzle.moves_from(usize::from(previous.to)) {
                        let expected = puzzle.inverse(previous) != Some(mv);
                        assert_eq!(
                            puzzle.may_follow(previous, mv),
                            expected,
                            "{previous:?} {mv:?}"
                        );
                    }
                }
            }
        }
    }
}
