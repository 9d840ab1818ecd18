//! The formula heuristics: [`Manhattan`] distance and [`LinearConflict`].

#![expect(
    clippy::cast_possible_truncation,
    reason = "cells and tiles are below 32 (boards of at most 25 cells), so they fit in a u8"
)]

use search_core::Heuristic;

use crate::board::MASK;
use crate::{Board, Slide, Sliding};

/// The Manhattan distance: for every tile, the rows and columns between its cell and its goal
/// cell. A move shifts one tile by one cell, so the bound never overestimates, and it changes by
/// exactly one: [`estimate_child`](Heuristic::estimate_child) prices a child from its parent with
/// one table look-up per cell (the tile's distance from its goal before and after), which is
/// what makes IDA\* with it fast.
///
/// ```
/// use puzzle_sliding::{Board, Manhattan, Sliding};
/// use search_core::Heuristic;
///
/// let board = Board::new(3, &[1, 0, 2, 3, 4, 5, 6, 7, 8]).unwrap();
/// assert_eq!(Manhattan.estimate(&Sliding::new(3), &board), 1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Manhattan;

impl Heuristic<Sliding> for Manhattan {
    fn estimate(&self, puzzle: &Sliding, board: &Board) -> u8 {
        puzzle.manhattan(board)
    }

    /// The tile in the blank's destination slides into the blank's cell: only its term changes.
    #[inline]
    fn estimate_child(&self, puzzle: &Sliding, board: &Board, mv: Slide, before: u8) -> Option<u8> {
        let (from, to) = (mv.from(), mv.to());
        let tile = usize::from(board.cells[to]);
        let distance = &puzzle.distance[tile];
        Some(before.wrapping_add(distance[from]).wrapping_sub(distance[to]))
    }
}

/// The Manhattan distance plus two moves per linear conflict (Hansson, Mayer and Yung 1992).
///
/// Two tiles in their goal row (or column), in the wrong order along it, are in conflict: one of
/// them must leave the line and come back, two moves the Manhattan distance does not count. In
/// each row, the tiles whose goal is that row and that must leave it are counted as the fewest
/// to remove so that the rest are in order (the row's tiles minus its longest increasing run of
/// goal columns); likewise for columns. A tile that leaves its goal row stays in its column, so the
/// row and column terms add up, and the bound stays admissible.
///
/// A move changes one tile's row or column, so [`estimate_child`](Heuristic::estimate_child)
/// recounts only the two lines it leaves and enters.
///
/// ```
/// use puzzle_sliding::{Board, LinearConflict, Manhattan, Sliding};
/// use search_core::Heuristic;
///
/// let puzzle = Sliding::new(3);
/// let board = Board::new(3, &[0, 2, 1, 3, 4, 5, 6, 7, 8]).unwrap(); // 2 and 1 swapped
/// assert_eq!(Manhattan.estimate(&puzzle, &board), 2);
/// assert_eq!(LinearConflict.estimate(&puzzle, &board), 4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LinearConflict;

impl LinearConflict {
    /// Twice the tiles that must leave row `row` (`by_rows`) or column `row` (otherwise).
    fn line(board: &Board, by_rows: bool, line: usize) -> u8 {
        let width = board.width();
        // Goal positions along the line of the tiles whose goal is on this line, in cell order.
        let mut along = [0_u8; 5];
        let mut count = 0;
        for step in 0..width {
            let cell = if by_rows { line * width + step } else { step * width + line };
            let tile = usize::from(board.cells[cell & MASK]);
            let (goal_line, goal_along) =
                if by_rows { (tile / width, tile % width) } else { (tile % width, tile / width) };
            if tile != 0 && goal_line == line {
                along[count] = goal_along as u8;
                count += 1;
            }
        }
        // The longest increasing subsequence, quadratic in at most 5 tiles.
        let mut longest = [1_u8; 5];
        for i in 0..count {
            for j in 0..i {
                if along[j] < along[i] {
                    longest[i] = longest[i].max(longest[j] + 1);
                }
            }
        }
        let kept = longest[..count].iter().copied().max().unwrap_or(0);
        2 * (count as u8 - kept)
    }

    /// The conflict terms of every row and column.
    fn conflicts(board: &Board) -> u8 {
        (0..board.width())
            .map(|line| Self::line(board, true, line) + Self::line(board, false, line))
            .sum()
    }
}

impl Heuristic<Sliding> for LinearConflict {
    fn estimate(&self, puzzle: &Sliding, board: &Board) -> u8 {
        puzzle.manhattan(board) + Self::conflicts(board)
    }

    /// A horizontal move takes a tile from one column to another (its row keeps its tiles, in the
    /// same order); a vertical move, from one row to another. Only those two lines are recounted.
    fn estimate_child(&self, puzzle: &Sliding, board: &Board, mv: Slide, before: u8) -> Option<u8> {
        let manhattan = Manhattan.estimate_child(puzzle, board, mv, before)?;
        let width = board.width();
        let (from, to) = (mv.from(), mv.to());
        let by_rows = from.abs_diff(to) != 1; // vertical: the tile changes rows
        let (old_line, new_line) =
            if by_rows { (to / width, from / width) } else { (to % width, from % width) };
        let mut child = *board;
        child.slide(mv);
        let lines_before =
            Self::line(board, by_rows, old_line) + Self::line(board, by_rows, new_line);
        let lines_after =
            Self::line(&child, by_rows, old_line) + Self::line(&child, by_rows, new_line);
        Some(manhattan + lines_after - lines_before)
    }
}
