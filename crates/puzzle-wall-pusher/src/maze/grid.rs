//! The grid the maze is drawn on: its cells, the four directions, and the tables that name
//! each cell's neighbours and the wall slot on each of its sides (the slot numbering of the
//! encoding described in the [`maze`](super) module).

use std::fmt;

/// Rows of cells.
pub const ROWS: usize = 4;
/// Columns of cells.
pub const COLUMNS: usize = 6;
/// Cells: `6 * row + column`, from 0 at the top left.
pub const CELLS: usize = ROWS * COLUMNS;

/// The first vertical slot.
pub(crate) const VERTICAL: u32 = 30;

/// A direction, in the order W, N, E, S: the order of the bits of a cell's mask (1, 2, 4, 8), and
/// the order in which the solver tries moves, which breaks ties between shortest answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// West: column - 1. Mask bit 1.
    W,
    /// North: row - 1. Mask bit 2.
    N,
    /// East: column + 1. Mask bit 4.
    E,
    /// South: row + 1. Mask bit 8.
    S,
}

impl Dir {
    /// The four directions, in the solver's order.
    pub const ALL: [Dir; 4] = [Dir::W, Dir::N, Dir::E, Dir::S];

    /// The direction back.
    #[must_use]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::W => Dir::E,
            Dir::N => Dir::S,
            Dir::E => Dir::W,
            Dir::S => Dir::N,
        }
    }

    /// The direction's bit in a cell's mask: 1, 2, 4 or 8.
    #[must_use]
    pub const fn mask_bit(self) -> u8 {
        1 << self as u8
    }

    /// The judge's letter: `W`, `N`, `E` or `S`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Dir::W => 'W',
            Dir::N => 'N',
            Dir::E => 'E',
            Dir::S => 'S',
        }
    }

    /// The direction a letter names, if it names one.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Dir> {
        match letter {
            'W' => Some(Dir::W),
            'N' => Some(Dir::N),
            'E' => Some(Dir::E),
            'S' => Some(Dir::S),
            _ => None,
        }
    }

    /// The lower-case name, for messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Dir::W => "west",
            Dir::N => "north",
            Dir::E => "east",
            Dir::S => "south",
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The slot on side `dir` of `cell`.
#[expect(clippy::cast_possible_truncation, reason = "rows and columns are below 6")]
const fn slot_of(cell: usize, dir: Dir) -> u32 {
    let (row, column) = ((cell / COLUMNS) as u32, (cell % COLUMNS) as u32);
    match dir {
        Dir::W => VERTICAL + 7 * row + column,
        Dir::E => VERTICAL + 7 * row + column + 1,
        Dir::N => 6 * row + column,
        Dir::S => 6 * (row + 1) + column,
    }
}

/// The neighbour on side `dir` of `cell`, if it is inside the maze.
#[expect(clippy::cast_possible_truncation, reason = "cells are below 24")]
const fn neighbour_of(cell: usize, dir: Dir) -> Option<u8> {
    let (row, column) = (cell / COLUMNS, cell % COLUMNS);
    let inside = match dir {
        Dir::W => column > 0,
        Dir::E => column + 1 < COLUMNS,
        Dir::N => row > 0,
        Dir::S => row + 1 < ROWS,
    };
    if !inside {
        return None;
    }
    Some(match dir {
        Dir::W => cell - 1,
        Dir::E => cell + 1,
        Dir::N => cell - COLUMNS,
        Dir::S => cell + COLUMNS,
    } as u8)
}

/// A table of one value per cell and direction, built by `f`.
macro_rules! per_cell_and_dir {
    ($ty:ty, $init:expr, $f:ident) => {{
        let mut table = [[$init; 4]; CELLS];
        let mut cell = 0;
        while cell < CELLS {
            let mut d = 0;
            while d < 4 {
                table[cell][d] = $f(cell, Dir::ALL[d]);
                d += 1;
            }
            cell += 1;
        }
        table
    }};
}

/// `SLOT[cell][dir]`: the bit of the wall slot on that side of the cell.
pub(crate) const SLOT: [[u32; 4]; CELLS] = per_cell_and_dir!(u32, 0, slot_of);

/// `NEIGHBOUR[cell][dir]`: the neighbouring cell on that side, if inside.
pub(crate) const NEIGHBOUR: [[Option<u8>; 4]; CELLS] =
    per_cell_and_dir!(Option<u8>, None, neighbour_of);

/// The 20 border slots, as a mask: the only places an exit can be.
pub const BORDER: u64 = {
    let mut mask = 0;
    let mut cell = 0;
    while cell < CELLS {
        let mut d = 0;
        while d < 4 {
            if NEIGHBOUR[cell][d].is_none() {
                mask |= 1 << SLOT[cell][d];
            }
            d += 1;
        }
        cell += 1;
    }
    mask
};

/// `EXIT_CELL[slot]`: for a border slot, the cell inside it (and 0 for other slots).
#[expect(clippy::cast_possible_truncation, reason = "cells are below 24")]
pub(crate) const EXIT_CELL: [u8; 64] = {
    let mut table = [0; 64];
    let mut cell = 0;
    while cell < CELLS {
        let mut d = 0;
        while d < 4 {
            if NEIGHBOUR[cell][d].is_none() {
                table[SLOT[cell][d] as usize] = cell as u8;
            }
            d += 1;
        }
        cell += 1;
    }
    table
};
