//! Positions and moves: [`Board`] and [`Slide`].

#![expect(
    clippy::cast_possible_truncation,
    reason = "cells and tiles are below 32 (boards of at most 25 cells), so they fit in a u8"
)]

use std::fmt;

/// The most cells a board has: 5 x 5.
pub const MAX_CELLS: usize = 25;

/// Every table is padded to 32 entries, so that an index masked with 31 is known to be in range
/// and the hot path needs no bounds checks.
pub(crate) const PADDED: usize = 32;
pub(crate) const MASK: usize = PADDED - 1;

/// `0, 1, 2, ...`: the goal's cells, padded.
const GOAL: [u8; PADDED] = {
    let mut cells = [0; PADDED];
    let mut cell = 0;
    while cell < MAX_CELLS {
        cells[cell] = cell as u8;
        cell += 1;
    }
    cells
};

/// A position of a `width` x `width` puzzle: tiles `1..width²` and the blank, `0`, in cells
/// numbered row by row from the top left. The goal is `0 1 2 ... width²-1`, blank top-left.
///
/// ```
/// use puzzle_sliding::Board;
///
/// let board = Board::new(3, &[1, 0, 2, 3, 4, 5, 6, 7, 8]).unwrap();
/// assert_eq!(board.blank(), 1);
/// assert!(board.is_solvable());
/// assert_eq!(board.to_string(), "1 0 2\n3 4 5\n6 7 8\n");
/// assert!(Board::new(3, &[1, 1, 0, 3, 4, 5, 6, 7, 8]).is_none()); // 1 twice, 2 missing
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The tile in each cell, row by row; cells beyond `width²` hold 0.
    pub(crate) cells: [u8; PADDED],
    /// The blank's cell.
    pub(crate) blank: u8,
    width: u8,
}

impl Board {
    /// Moves the blank as `slide` says (no check that it is a move from the blank's cell).
    #[inline]
    pub(crate) fn slide(&mut self, slide: Slide) {
        let (from, to) = (usize::from(slide.from) & MASK, usize::from(slide.to) & MASK);
        self.cells[from] = self.cells[to];
        self.cells[to] = 0;
        self.blank = slide.to;
    }

    /// The board of side `width` (2 to 5) with these cells, row by row; `None` unless `cells`
    /// holds each of `0..width²` exactly once.
    #[must_use]
    pub fn new(width: usize, cells: &[u8]) -> Option<Board> {
        let count = width * width;
        if !(2..=5).contains(&width) || cells.len() != count {
            return None;
        }
        let mut seen = 0_u32;
        for &tile in cells {
            if usize::from(tile) >= count || seen & 1 << tile != 0 {
                return None;
            }
            seen |= 1 << tile;
        }
        let mut padded = [0; PADDED];
        padded[..count].copy_from_slice(cells);
        let blank = cells.iter().position(|&tile| tile == 0)?;
        Some(Board { cells: padded, blank: u8::try_from(blank).ok()?, width: width as u8 })
    }

    /// The goal of side `width` (2 to 5): `0 1 2 ...`, blank top-left.
    ///
    /// # Panics
    ///
    /// If `width` is not 2 to 5.
    #[must_use]
    pub fn goal(width: usize) -> Board {
        Board::new(width, &GOAL[..width * width]).expect("a width from 2 to 5")
    }

    /// The side of the board.
    #[must_use]
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// The cells, row by row, 0 for the blank.
    #[must_use]
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.width() * self.width()]
    }

    /// The blank's cell.
    #[must_use]
    pub fn blank(&self) -> usize {
        usize::from(self.blank)
    }

    /// Whether this is the goal.
    #[must_use]
    #[inline]
    pub fn is_goal(&self) -> bool {
        self.cells == GOAL_PADDED_FOR[self.width() & 7]
    }

    /// Whether the goal can be reached. For odd widths, iff the number of inversions among the
    /// tiles (pairs in the wrong order, blank excluded) is even; for even widths, iff inversions
    /// plus the blank's row is even. (A move changes the inversions by 0 or, for a vertical move,
    /// by `width - 1`, and the blank's row by 0 or 1, so the parity of the sum for even widths and
    /// of the inversions for odd widths never changes; the goal has both even.)
    #[must_use]
    pub fn is_solvable(&self) -> bool {
        let tiles: Vec<u8> = self.cells().iter().copied().filter(|&tile| tile != 0).collect();
        let inversions: usize = tiles
            .iter()
            .enumerate()
            .map(|(i, &tile)| tiles[i + 1..].iter().filter(|&&later| later < tile).count())
            .sum();
        let row = if self.width().is_multiple_of(2) { self.blank() / self.width() } else { 0 };
        (inversions + row).is_multiple_of(2)
    }

    /// The board transposed about its main diagonal, tiles renamed likewise (the tile whose goal
    /// is row `r`, column `c` becomes the one whose goal is row `c`, column `r`): the goal's
    /// reflection is the goal, and distances to it are the same.
    #[must_use]
    pub fn reflected(&self) -> Board {
        let width = self.width();
        let transpose = |cell: usize| (cell % width) * width + cell / width;
        let mut cells = [0; PADDED];
        for (cell, &tile) in self.cells().iter().enumerate() {
            cells[transpose(cell)] = transpose(usize::from(tile)) as u8;
        }
        Board { cells, blank: transpose(self.blank()) as u8, width: self.width }
    }
}

/// The goal for each width 0..8 (only 2 to 5 are boards), padded.
const GOAL_PADDED_FOR: [[u8; PADDED]; 8] = {
    let mut goals = [[0; PADDED]; 8];
    let mut width = 2;
    while width <= 5 {
        let mut cell = 0;
        while cell < width * width {
            goals[width][cell] = cell as u8;
            cell += 1;
        }
        width += 1;
    }
    goals
};

/// Rows of numbers separated by spaces, one line per row.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells().chunks(self.width()) {
            let row: Vec<String> = row.iter().map(ToString::to_string).collect();
            writeln!(f, "{}", row.join(" "))?;
        }
        Ok(())
    }
}

/// A move: the blank goes from cell `from` to the neighbouring cell `to`, and the tile there
/// slides the other way. Shown as the blank's direction: `U`, `D`, `L` or `R`.
///
/// ```
/// use puzzle_sliding::Slide;
///
/// assert_eq!(Slide { from: 5, to: 1 }.to_string(), "U");
/// assert_eq!(Slide { from: 5, to: 6 }.to_string(), "R");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    /// The blank's cell before the move.
    pub from: u8,
    /// The blank's cell after the move, where the moved tile was.
    pub to: u8,
}

impl Slide {
    /// The blank's direction: `'U'`, `'D'`, `'L'` or `'R'`. (Left and right move the blank by
    /// one cell, up and down by a whole row, at least 2 cells: no width is needed to tell them
    /// apart.)
    #[must_use]
    pub fn letter(self) -> char {
        match (self.from, self.to) {
            (from, to) if to == from + 1 => 'R',
            (from, to) if to + 1 == from => 'L',
            (from, to) if to > from => 'D',
            _ => 'U',
        }
    }
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
