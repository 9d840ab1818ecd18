//! The puzzle as search-core sees it: [`Sliding`], the geometry of a board size as tables built
//! once, and its [`Problem`] implementation.

#![expect(
    clippy::cast_possible_truncation,
    reason = "cells are below 32 (boards of at most 25 cells), so they fit in a u8"
)]

use std::fmt;

use search_core::Problem;

use crate::board::{MASK, PADDED};
use crate::{Board, Slide};

/// The geometry of a `width` x `height` puzzle, as tables built once: the blank's moves from each
/// cell, in the order up, left, right, down (Korf's), and each tile's Manhattan distance from its
/// goal cell for each cell.
#[derive(Clone)]
pub struct Sliding {
    width: usize,
    height: usize,
    /// The blank's moves from each cell, in order, padded; `move_counts` says how many are real.
    moves: [[Slide; 4]; PADDED],
    move_counts: [u8; PADDED],
    /// The blank's moves from each cell after each move that may have reached it, the move
    /// back left out: `followers[followers_index(previous)]`, padded; `follower_counts` says how
    /// many are real (at most three: a row of four, so that the count masked to two bits needs
    /// no bounds check). What [`Problem::moves_after`] answers.
    followers: [[Slide; 4]; PADDED * PADDED],
    follower_counts: [u8; PADDED * PADDED],
    /// `distance[tile][cell]`: rows plus columns between `cell` and `tile`'s goal; 0 for the blank.
    ///
    /// A row per byte value, not per tile: any tile read from a board indexes the table as it
    /// is, with no mask or bounds check on the way from the board to the distance, which is the
    /// hot path of [`Manhattan`](crate::Manhattan)'s price of a child: one instruction fewer on
    /// the chain of loads each child waits for (its effect is measured in
    /// `docs/performance.md`). The rows past the last tile are never read, so they take no room
    /// in the caches.
    pub(crate) distance: [[u8; PADDED]; 256],
}

/// The shape alone: the tables follow from it.
impl fmt::Debug for Sliding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("Sliding");
        debug.field("width", &self.width);
        if self.height != self.width {
            debug.field("height", &self.height);
        }
        debug.finish_non_exhaustive()
    }
}

impl Sliding {
    /// The puzzle of side `width`, 2 to 5.
    ///
    /// # Panics
    ///
    /// If `width` is not 2 to 5.
    #[must_use]
    pub fn new(width: usize) -> Self {
        assert!((2..=5).contains(&width), "a width from 2 to 5, not {width}");
        Self::rectangular(width, width)
    }

    /// The puzzle of `width` columns and `height` rows: at least 2 of each, at most
    /// [`MAX_CELLS`](crate::MAX_CELLS) cells ([`Board::is_shape`]).
    ///
    /// ```
    /// use puzzle_sliding::{Board, Sliding};
    /// use search_core::breadth_first;
    ///
    /// let puzzle = Sliding::rectangular(3, 2);
    /// let board = Board::rectangular(3, 2, &[3, 1, 2, 4, 0, 5]).unwrap();
    /// let moves = breadth_first(&puzzle, &board).outcome.into_solution().unwrap().moves;
    /// assert_eq!(moves.iter().map(ToString::to_string).collect::<String>(), "LU");
    /// ```
    ///
    /// # Panics
    ///
    /// If the shape is not a board's.
    #[must_use]
    pub fn rectangular(width: usize, height: usize) -> Self {
        assert!(Board::is_shape(width, height), "no {width} x {height} board");
        let cells = width * height;
        let mut moves = [[Slide::new(0, 0); 4]; PADDED];
        let mut move_counts = [0; PADDED];
        for from in 0..cells {
            let (row, column) = (from / width, from % width);
            let up = (row > 0).then(|| from - width);
            let left = (column > 0).then(|| from - 1);
            let right = (column + 1 < width).then_some(from + 1);
            let down = (row + 1 < height).then_some(from + width);
            for to in [up, left, right, down].into_iter().flatten() {
                let slide = Slide::new(from, to);
                moves[from][usize::from(move_counts[from])] = slide;
                move_counts[from] += 1;
            }
        }
        let mut followers = [[Slide::new(0, 0); 4]; PADDED * PADDED];
        let mut follower_counts = [0; PADDED * PADDED];
        for to in 0..cells {
            for &previous in &moves[to][..usize::from(move_counts[to])] {
                // `previous` is the move that came back the other way: from `previous.to` to `to`.
                let back = previous.reversed();
                let index = followers_index(back);
                for &next in &moves[to][..usize::from(move_counts[to])] {
                    if next.to() != back.from() {
                        followers[index][usize::from(follower_counts[index])] = next;
                        follower_counts[index] += 1;
                    }
                }
            }
        }
        let mut distance = [[0; PADDED]; 256];
        for (tile, row) in distance.iter_mut().enumerate().take(cells).skip(1) {
            for (cell, distance) in row.iter_mut().enumerate().take(cells) {
                let rows = (tile / width).abs_diff(cell / width);
                let columns = (tile % width).abs_diff(cell % width);
                *distance = (rows + columns) as u8;
            }
        }
        Self { width, height, moves, move_counts, followers, follower_counts, distance }
    }

    /// The puzzle of `board`'s shape.
    #[must_use]
    pub fn for_board(board: &Board) -> Self {
        Self::rectangular(board.width(), board.height())
    }

    /// The number of columns: the side of a square board.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The number of cells, `width·height`.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The blank's moves from `cell`, in the order up, left, right, down.
    #[must_use]
    #[inline]
    pub fn moves_from(&self, cell: usize) -> &[Slide] {
        let cell = cell & MASK;
        &self.moves[cell][..usize::from(self.move_counts[cell])]
    }

    /// The Manhattan distance of `board`: for every tile, the rows and columns between its cell
    /// and its goal cell.
    #[must_use]
    pub fn manhattan(&self, board: &Board) -> u8 {
        let cells = board.cells().iter().enumerate();
        cells.map(|(cell, &tile)| self.distance[usize::from(tile) & MASK][cell]).sum()
    }

    /// Plays `slides` from `board` in order; `None` if one of them is not a move of the blank.
    #[must_use]
    pub fn play(&self, board: &Board, slides: &[Slide]) -> Option<Board> {
        let mut board = *board;
        for &slide in slides {
            if !self.moves_from(board.blank()).contains(&slide) {
                return None;
            }
            board.slide(slide);
        }
        Some(board)
    }
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
        board.slide(mv);
    }

    #[inline]
    fn undo(&self, board: &mut Board, mv: Slide) {
        board.slide(mv.reversed());
    }

    #[inline]
    fn inverse(&self, mv: Slide) -> Option<Slide> {
        Some(mv.reversed())
    }

    /// Every move but the one straight back, found in one byte: all of a board's moves start
    /// from the blank's cell, so the move back is the one that ends where `previous` started.
    #[inline]
    fn may_follow(&self, previous: Slide, mv: Slide) -> bool {
        mv.to() != previous.from()
    }

    /// From the table built by [`Sliding::new`]: the blank's moves from its cell, the move back
    /// left out.
    #[inline]
    fn moves_after(&self, _: &Board, previous: Slide) -> Option<&[Slide]> {
        let index = followers_index(previous);
        Some(&self.followers[index][..usize::from(self.follower_counts[index]) & 3])
    }

    #[inline]
    fn is_goal(&self, board: &Board) -> bool {
        board.is_goal()
    }
}

/// Where the moves that may follow `previous` are in [`Sliding`]'s table: by the cell it left and
/// the cell it reached, each below [`PADDED`].
#[inline]
fn followers_index(previous: Slide) -> usize {
    previous.to() * PADDED + previous.from()
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
                    for &mv in puzzle.moves_from(previous.to()) {
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

    #[test]
    fn the_table_of_followers_lists_the_moves_that_may_follow_in_order() {
        for (width, height) in [(2, 2), (3, 2), (2, 3), (3, 3), (4, 4), (5, 5), (5, 4), (4, 6)] {
            let puzzle = Sliding::rectangular(width, height);
            let goal = Board::rectangular_goal(width, height);
            for cell in 0..puzzle.cells() {
                for &previous in puzzle.moves_from(cell) {
                    // The goal with its blank moved to where `previous` ends.
                    let mut board = goal;
                    board.cells[0] = board.cells[previous.to()];
                    board.cells[previous.to()] = 0;
                    let expected: Vec<Slide> = puzzle
                        .legal_moves(&board)
                        .into_iter()
                        .filter(|&mv| puzzle.may_follow(previous, mv))
                        .collect();
                    let listed = puzzle.moves_after(&board, previous).expect("a table");
                    assert_eq!(listed, expected, "{width}x{height} after {previous:?}");
                    let moves = puzzle.moves_from(previous.to()).len();
                    assert_eq!(listed.len(), moves - 1, "{width}x{height} after {previous:?}");
                }
            }
        }
    }
}
