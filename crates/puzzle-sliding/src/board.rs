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

/// A position of a `width` x `height` puzzle: tiles `1..width·height` and the blank, `0`, in
/// cells numbered row by row from the top left. The goal is `0 1 2 ... width·height-1`, blank
/// top-left. Square boards (the 8-, 15- and 24-puzzle) are made by [`Board::new`]; boards of
/// other shapes, such as the 2 x 3 board of 360 reachable positions, by [`Board::rectangular`].
///
/// ```
/// use puzzle_sliding::Board;
///
/// let board = Board::new(3, &[1, 0, 2, 3, 4, 5, 6, 7, 8]).unwrap();
/// assert_eq!(board.blank(), 1);
/// assert!(board.is_solvable());
/// assert_eq!(board.to_string(), "1 0 2\n3 4 5\n6 7 8\n");
/// assert!(Board::new(3, &[1, 1, 0, 3, 4, 5, 6, 7, 8]).is_none()); // 1 twice, 2 missing
///
/// // Three columns, two rows.
/// let board = Board::rectangular(3, 2, &[1, 0, 2, 3, 4, 5]).unwrap();
/// assert_eq!((board.width(), board.height()), (3, 2));
/// assert_eq!(board.to_string(), "1 0 2\n3 4 5\n");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The tile in each cell, row by row; cells beyond `width·height` hold 0.
    ///
    /// The blank's cell is not kept beside them: a search's move says where the blank is, and
    /// a field written with every move made and taken back cost one instruction per node
    /// generated (`docs/performance.md`); [`blank`](Board::blank) finds it.
    pub(crate) cells: [u8; PADDED],
    width: u8,
    /// The number of cells, `width·height` (kept rather than the height: the goal test picks
    /// its goal by it).
    count: u8,
}

impl Board {
    /// Moves the blank as `slide` says (no check that it is a move from the blank's cell).
    #[inline]
    pub(crate) fn slide(&mut self, slide: Slide) {
        let (from, to) = (slide.from.index(), slide.to.index());
        self.cells[from] = self.cells[to];
        self.cells[to] = 0;
    }

    /// The board of side `width` (2 to 5) with these cells, row by row; `None` unless `cells`
    /// holds each of `0..width²` exactly once.
    #[must_use]
    pub fn new(width: usize, cells: &[u8]) -> Option<Board> {
        if !(2..=5).contains(&width) {
            return None;
        }
        Board::rectangular(width, width, cells)
    }

    /// Whether a board may have `width` columns and `height` rows: at least 2 of each (a
    /// board of one row or column has no way for its tiles to pass each other) and at most
    /// [`MAX_CELLS`] cells.
    #[must_use]
    pub fn is_shape(width: usize, height: usize) -> bool {
        width >= 2 && height >= 2 && width.saturating_mul(height) <= MAX_CELLS
    }

    /// The board of `width` columns and `height` rows with these cells, row by row; `None`
    /// unless the shape is a board's ([`Board::is_shape`]) and `cells` holds each of
    /// `0..width·height` exactly once. With `height == width`, the same board as [`Board::new`].
    #[must_use]
    pub fn rectangular(width: usize, height: usize, cells: &[u8]) -> Option<Board> {
        if !Board::is_shape(width, height) || cells.len() != width * height {
            return None;
        }
        let count = width * height;
        let mut seen = 0_u32;
        for &tile in cells {
            if usize::from(tile) >= count || seen & 1 << tile != 0 {
                return None;
            }
            seen |= 1 << tile;
        }
        let mut padded = [0; PADDED];
        padded[..count].copy_from_slice(cells);
        Some(Board { cells: padded, width: width as u8, count: count as u8 })
    }

    /// The goal of side `width` (2 to 5): `0 1 2 ...`, blank top-left.
    ///
    /// # Panics
    ///
    /// If `width` is not 2 to 5.
    #[must_use]
    pub fn goal(width: usize) -> Board {
        assert!((2..=5).contains(&width), "a width from 2 to 5, not {width}");
        Board::rectangular_goal(width, width)
    }

    /// The goal of `width` columns and `height` rows: `0 1 2 ...`, blank top-left.
    ///
    /// # Panics
    ///
    /// If the shape is not a board's ([`Board::is_shape`]).
    #[must_use]
    pub fn rectangular_goal(width: usize, height: usize) -> Board {
        assert!(Board::is_shape(width, height), "no {width} x {height} board");
        Board::rectangular(width, height, &GOAL[..width * height]).expect("a board's shape")
    }

    /// The number of columns: the side of a square board.
    #[must_use]
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// The number of rows.
    #[must_use]
    pub fn height(&self) -> usize {
        usize::from(self.count / self.width)
    }

    /// Whether the board is square (the 8-, 15-, 24-puzzle and the 2 x 2 board).
    #[must_use]
    pub fn is_square(&self) -> bool {
        self.width() == self.height()
    }

    /// The cells, row by row, 0 for the blank.
    #[must_use]
    pub fn cells(&self) -> &[u8] {
        &self.cells[..usize::from(self.count)]
    }

    /// The blank's cell (found among the cells: a board holds one 0).
    #[must_use]
    pub fn blank(&self) -> usize {
        self.cells().iter().position(|&tile| tile == 0).unwrap_or(0)
    }

    /// Whether this is the goal.
    #[must_use]
    #[inline]
    pub fn is_goal(&self) -> bool {
        self.cells == GOAL_PADDED_FOR[usize::from(self.count) & MASK]
    }

    /// Whether the goal can be reached. For odd widths, iff the number of inversions among the
    /// tiles (pairs in the wrong order, blank excluded) is even; for even widths, iff inversions
    /// plus the blank's row (from the top, from 0) is even. (A move changes the inversions by 0
    /// or, for a vertical move, by `width - 1`, and the blank's row by 0 or 1, so the parity of
    /// the sum for even widths and of the inversions for odd widths never changes; the goal has
    /// both even.) The height plays no part, so the test is the same for rectangular boards; on
    /// every board of at least 2 x 2 the positions it accepts are all reachable (Johnson and
    /// Story, 1879, for the 15-puzzle; the argument holds for any such rectangle).
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
    /// reflection is the goal, and distances to it are the same. A `width` x `height` board's
    /// reflection is `height` x `width`.
    #[must_use]
    pub fn reflected(&self) -> Board {
        let (width, height) = (self.width(), self.height());
        let transpose = |cell: usize| (cell % width) * height + cell / width;
        let mut cells = [0; PADDED];
        for (cell, &tile) in self.cells().iter().enumerate() {
            cells[transpose(cell)] = transpose(usize::from(tile)) as u8;
        }
        Board { cells, width: height as u8, count: self.count }
    }
}

/// The goal for each number of cells up to 31 (only 4 to [`MAX_CELLS`] are boards), padded.
const GOAL_PADDED_FOR: [[u8; PADDED]; PADDED] = {
    let mut goals = [[0; PADDED]; PADDED];
    let mut count = 0;
    while count < PADDED {
        let mut cell = 0;
        while cell < count {
            goals[count][cell] = cell as u8;
            cell += 1;
        }
        count += 1;
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
/// assert_eq!(Slide::new(5, 1).to_string(), "U");
/// assert_eq!(Slide::new(5, 6).to_string(), "R");
/// assert_eq!((Slide::new(5, 6).from(), Slide::new(5, 6).to()), (5, 6));
/// ```
///
/// Its cells are of a type of 32 values, not bytes: a cell read from a move then
/// indexes a board's 32 cells, or a table's row of 32, with no mask and no bounds check, which
/// is the hot path of every child the search generates (the instructions this saves are counted
/// in `docs/performance.md`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Slide {
    /// The blank's cell before the move.
    from: Cell,
    /// The blank's cell after the move, where the moved tile was.
    to: Cell,
}

impl Slide {
    /// The blank's move from cell `from` to cell `to` (no check that they are neighbours: see
    /// [`Sliding::play`](crate::Sliding::play)).
    ///
    /// # Panics
    ///
    /// If a cell is not below [`MAX_CELLS`].
    #[must_use]
    pub const fn new(from: usize, to: usize) -> Slide {
        assert!(from < MAX_CELLS && to < MAX_CELLS, "a cell of a board is below 25");
        Slide { from: Cell::new(from), to: Cell::new(to) }
    }

    /// The blank's cell before the move.
    #[must_use]
    #[inline]
    pub fn from(self) -> usize {
        self.from.index()
    }

    /// The blank's cell after the move, where the moved tile was.
    #[must_use]
    #[inline]
    pub fn to(self) -> usize {
        self.to.index()
    }

    /// The blank's cells before and after the move, as bytes.
    #[inline]
    pub(crate) fn bytes(self) -> (u8, u8) {
        (self.from as u8, self.to as u8)
    }

    /// The move back: the blank returns from `to` to `from`.
    #[must_use]
    #[inline]
    pub fn reversed(self) -> Slide {
        Slide { from: self.to, to: self.from }
    }

    /// The blank's direction: `'U'`, `'D'`, `'L'` or `'R'`. (Left and right move the blank by
    /// one cell, up and down by a whole row, at least 2 cells: no width is needed to tell them
    /// apart.)
    #[must_use]
    pub fn letter(self) -> char {
        match (self.from(), self.to()) {
            (from, to) if to == from + 1 => 'R',
            (from, to) if to + 1 == from => 'L',
            (from, to) if to > from => 'D',
            _ => 'U',
        }
    }
}

/// As the fields were bytes: `Slide { from: 5, to: 1 }`.
impl fmt::Debug for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Slide").field("from", &self.from()).field("to", &self.to()).finish()
    }
}

/// A cell of a padded board, `0..32`: one byte whose every value is in range of the padded
/// tables, which the compiler knows from the type (a load of a `Cell` carries its range), so
/// that indexing a `[_; PADDED]` by it needs neither a mask nor a bounds check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub(crate) enum Cell {
    C0 = 0,
    C1,
    C2,
    C3,
    C4,
    C5,
    C6,
    C7,
    C8,
    C9,
    C10,
    C11,
    C12,
    C13,
    C14,
    C15,
    C16,
    C17,
    C18,
    C19,
    C20,
    C21,
    C22,
    C23,
    C24,
    C25,
    C26,
    C27,
    C28,
    C29,
    C30,
    C31,
}

impl Cell {
    /// Every cell, in order.
    const ALL: [Cell; PADDED] = [
        Cell::C0,
        Cell::C1,
        Cell::C2,
        Cell::C3,
        Cell::C4,
        Cell::C5,
        Cell::C6,
        Cell::C7,
        Cell::C8,
        Cell::C9,
        Cell::C10,
        Cell::C11,
        Cell::C12,
        Cell::C13,
        Cell::C14,
        Cell::C15,
        Cell::C16,
        Cell::C17,
        Cell::C18,
        Cell::C19,
        Cell::C20,
        Cell::C21,
        Cell::C22,
        Cell::C23,
        Cell::C24,
        Cell::C25,
        Cell::C26,
        Cell::C27,
        Cell::C28,
        Cell::C29,
        Cell::C30,
        Cell::C31,
    ];

    /// The cell `index`, below [`PADDED`] (masked to it).
    #[inline]
    pub(crate) const fn new(index: usize) -> Cell {
        Cell::ALL[index & MASK]
    }

    /// The cell's number.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
