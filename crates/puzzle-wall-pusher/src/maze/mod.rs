//! The maze: 4 rows of 6 cells, its 58 wall slots and the player, all in one `u64`.
//!
//! # The encoding
//!
//! A wall lies on a **slot**: a cell's side, shared with the neighbour on that side (or with the
//! outside, on the border). A wall between two cells is one slot, so the two cells' masks can
//! never disagree once the maze is encoded. Cells are numbered `6 * row + column` from 0, rows
//! and columns from 0 at the top left.
//!
//! | bits | holds |
//! |---|---|
//! | 0..30 | horizontal slots: bit `6 * y + c` is the wall on line `y` (0 = the top border, 4 = the bottom border) above column `c`: north of cell `(y, c)`, south of cell `(y - 1, c)` |
//! | 30..58 | vertical slots: bit `30 + 7 * r + x` is the wall on line `x` (0 = the west border, 6 = the east border) in row `r`: west of cell `(r, x)`, east of cell `(r, x - 1)` |
//! | 58..63 | the player's cell, 0 to 23 |
//! | 63 | set once the player has left the maze (the cell is then the one it left from) |
//!
//! With this layout the north walls of the 24 cells are bits 0..24 as they stand and the south
//! walls are bits 6..30, so a region of cells grows by a few shifts and masks (see
//! [`Maze::region`]).

mod grid;

use std::fmt;

use grid::VERTICAL;
pub use grid::{BORDER, CELLS, COLUMNS, Dir, ROWS};
pub(crate) use grid::{EXIT_CELL, NEIGHBOUR, SLOT};

/// The wall slots: bits 0..58 of the encoding.
const WALLS: u64 = (1 << 58) - 1;
/// Where the player's cell starts in the encoding.
const PLAYER_SHIFT: u32 = 58;
/// Set once the player has left.
const LEFT: u64 = 1 << 63;

/// What a move in some direction does from a position: the three kinds of move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Walk to the neighbouring cell: no wall in the way. Undone by walking back.
    Walk(Dir),
    /// Push the wall in the way one cell further and step into the cell behind it. Walking back
    /// does not pull the wall: a push has no inverse.
    Push(Dir),
    /// Leave the maze through an open exit: the last move of every answer.
    Leave(Dir),
}

impl Step {
    /// The direction of the move.
    #[must_use]
    pub const fn dir(self) -> Dir {
        match self {
            Step::Walk(dir) | Step::Push(dir) | Step::Leave(dir) => dir,
        }
    }
}

/// The judge's letter of the move's direction: a walk, a push and a leaving move look the same.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.dir().fmt(f)
    }
}

/// The whole state of a maze: its walls and the player, in one `u64` (see the
/// [module documentation](self) for the layout).
///
/// ```
/// use puzzle_wall_pusher::{Dir, Maze, Step};
///
/// // A single wall east of the top-left cell; the border is closed except north of that cell.
/// let mut masks = [0u8; 24];
/// for cell in 0..24 {
///     let (row, column) = (cell / 6, cell % 6);
///     if column == 0 { masks[cell] |= 1 }
///     if column == 5 { masks[cell] |= 4 }
///     if row == 0 && column > 0 { masks[cell] |= 2 }
///     if row == 3 { masks[cell] |= 8 }
/// }
/// masks[0] |= 4;
/// masks[1] |= 1;
/// let maze = Maze::from_masks(&masks, 0);
/// assert_eq!(maze.masks(), masks);
/// assert_eq!(maze.step(Dir::W), None); // the border
/// assert_eq!(maze.step(Dir::N), Some(Step::Leave(Dir::N)));
/// assert_eq!(maze.step(Dir::E), Some(Step::Push(Dir::E)));
/// assert_eq!(maze.step(Dir::S), Some(Step::Walk(Dir::S)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Maze(u64);

impl Maze {
    /// The maze the 24 cell masks describe (1 = west, 2 = north, 4 = east, 8 = south; bits above
    /// 8 are ignored), with the player in `player` (`6 * row + column`).
    ///
    /// A wall between two cells is present if **either** cell's mask has it (the union). The
    /// parser rejects input whose neighbouring masks disagree before it gets here (see
    /// [`disagreement`]).
    ///
    /// # Panics
    ///
    /// If `player` is not a cell (24 or more).
    #[must_use]
    pub fn from_masks(masks: &[u8; CELLS], player: usize) -> Maze {
        assert!(player < CELLS, "cell {player} is outside the maze");
        let mut bits = 0;
        for (cell, &mask) in masks.iter().enumerate() {
            for dir in Dir::ALL {
                if mask & dir.mask_bit() != 0 {
                    bits |= 1 << SLOT[cell][dir as usize];
                }
            }
        }
        Maze(bits | (player as u64) << PLAYER_SHIFT)
    }

    /// The encoding (see the [module documentation](self)).
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The maze with this encoding, if it is one: the player's cell must be below 24.
    #[must_use]
    pub const fn from_bits(bits: u64) -> Option<Maze> {
        if (bits & !LEFT) >> PLAYER_SHIFT < CELLS as u64 { Some(Maze(bits)) } else { None }
    }

    /// The walls: bits 0..58 of the encoding, one per slot.
    #[must_use]
    pub const fn walls(self) -> u64 {
        self.0 & WALLS
    }

    /// The player's cell, `6 * row + column`; once it has left, the cell it left from.
    #[must_use]
    pub const fn player(self) -> usize {
        ((self.0 & !LEFT) >> PLAYER_SHIFT) as usize
    }

    /// Whether the player has left the maze: the goal.
    #[must_use]
    pub const fn has_left(self) -> bool {
        self.0 & LEFT != 0
    }

    /// Whether `cell` has a wall on side `dir`.
    ///
    /// # Panics
    ///
    /// If `cell` is 24 or more.
    #[must_use]
    pub const fn has_wall(self, cell: usize, dir: Dir) -> bool {
        self.0 >> SLOT[cell][dir as usize] & 1 != 0
    }

    /// The 24 cell masks, in the judge's format (both sides of every wall set).
    #[must_use]
    pub fn masks(self) -> [u8; CELLS] {
        std::array::from_fn(|cell| {
            Dir::ALL
                .iter()
                .filter(|&&dir| self.has_wall(cell, dir))
                .fold(0, |mask, dir| mask | dir.mask_bit())
        })
    }

    /// The open exits: the empty border slots, as bits of the encoding.
    #[must_use]
    pub const fn open_exits(self) -> u64 {
        !self.0 & BORDER
    }

    /// The move in direction `dir` from where the player stands, or `None` if it is impossible
    /// (a border wall, or a wall with another behind it) or the player has left.
    #[must_use]
    #[inline]
    pub const fn step(self, dir: Dir) -> Option<Step> {
        if self.has_left() {
            return None;
        }
        let cell = self.player();
        let wall = self.has_wall(cell, dir);
        match NEIGHBOUR[cell][dir as usize] {
            None if wall => None,
            None => Some(Step::Leave(dir)),
            Some(_) if !wall => Some(Step::Walk(dir)),
            Some(next) if self.has_wall(next as usize, dir) => None,
            Some(_) => Some(Step::Push(dir)),
        }
    }

    /// Plays `step`, which [`Maze::step`] returned for this maze.
    #[inline]
    pub fn apply(&mut self, step: Step) {
        let cell = self.player();
        match step {
            Step::Walk(dir) => {
                self.move_player(cell, dir);
            }
            Step::Push(dir) => {
                let next = self.move_player(cell, dir);
                self.0 ^= 1 << SLOT[cell][dir as usize] | 1 << SLOT[next][dir as usize];
            }
            Step::Leave(_) => self.0 |= LEFT,
        }
    }

    /// Takes back `step`, the last move played.
    #[inline]
    pub fn undo(&mut self, step: Step) {
        let cell = self.player();
        match step {
            Step::Walk(dir) => {
                self.move_player(cell, dir.opposite());
            }
            Step::Push(dir) => {
                let before = self.move_player(cell, dir.opposite());
                self.0 ^= 1 << SLOT[before][dir as usize] | 1 << SLOT[cell][dir as usize];
            }
            Step::Leave(_) => self.0 &= !LEFT,
        }
    }

    /// Moves the player from `cell` to its neighbour on side `dir`, and returns that neighbour.
    #[inline]
    fn move_player(&mut self, cell: usize, dir: Dir) -> usize {
        let next = NEIGHBOUR[cell][dir as usize].map_or(cell, usize::from);
        self.0 = (self.0 & !(31 << PLAYER_SHIFT)) | (next as u64) << PLAYER_SHIFT;
        next
    }

    /// The cells the player can walk to from `cell` with these walls (pushing nothing), as a mask
    /// of 24 bits, `cell` included.
    #[must_use]
    pub fn region(self, cell: usize) -> u32 {
        let (east, south) = open_sides(self.0);
        let mut region = 1 << cell;
        loop {
            let grown = region
                | (region & east) << 1
                | (region >> 1) & east
                | (region & south) << COLUMNS
                | (region >> COLUMNS) & south;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The cells with an open exit on some side, as a mask of 24 bits.
    #[must_use]
    pub fn exit_cells(self) -> u32 {
        let mut cells = 0;
        let mut open = self.open_exits();
        while open != 0 {
            cells |= 1 << EXIT_CELL[open.trailing_zeros() as usize];
            open &= open - 1;
        }
        cells
    }

    /// The same walls with the player in `cell` (and in the maze).
    #[must_use]
    pub(crate) const fn with_player(self, cell: usize) -> Maze {
        Maze(self.walls() | (cell as u64) << PLAYER_SHIFT)
    }
}

/// The cells that can walk east and those that can walk south, as masks of 24 bits.
#[inline]
fn open_sides(bits: u64) -> (u32, u32) {
    let mut east = 0;
    for row in 0..ROWS {
        // Row `row`'s vertical slots; the east side of column `c` is slot `c + 1`, and column 5's
        // east side is the border.
        let line = bits >> (VERTICAL as usize + 7 * row);
        east |= ((!line >> 1) & 0x1F) << (COLUMNS * row);
    }
    // The south side of cell `i` is horizontal slot `i + 6`; row 3's south side is the border.
    let south = !(bits >> COLUMNS) & ((1 << (COLUMNS * (ROWS - 1))) - 1);
    #[expect(clippy::cast_possible_truncation, reason = "both masks are below 2^24")]
    (east as u32, south as u32)
}

/// The first wall the masks of two neighbouring cells disagree on: `(cell, dir)` such that `cell`
/// has a wall on side `dir` and its neighbour there has none on the opposite side, or the
/// reverse. Border sides have no neighbour and never disagree.
///
/// ```
/// use puzzle_wall_pusher::{disagreement, Dir};
///
/// let mut masks = [0u8; 24];
/// assert_eq!(disagreement(&masks), None);
/// masks[8] = 8; // cell 8 (row 1, column 2) has a south wall, cell 14 no north wall
/// assert_eq!(disagreement(&masks), Some((8, Dir::S)));
/// ```
#[must_use]
pub fn disagreement(masks: &[u8; CELLS]) -> Option<(usize, Dir)> {
    for (cell, &mask) in masks.iter().enumerate() {
        for dir in Dir::ALL {
            if let Some(next) = NEIGHBOUR[cell][dir as usize] {
                let here = mask & dir.mask_bit() != 0;
                let there = masks[usize::from(next)] & dir.opposite().mask_bit() != 0;
                if here != there {
                    return Some(if here {
                        (cell, dir)
                    } else {
                        (usize::from(next), dir.opposite())
                    });
                }
            }
        }
    }
    None
}

/// A drawing of the maze: `+` at the corners, `---` and `|` for walls, gaps for the exits, `@` for
/// the player. Once the player has left, a last line says so.
///
/// ```text
/// +---+---+---+---+---+---+
/// |       |           |   |
/// +---+   +---+---+   +   +
/// ```
impl fmt::Display for Maze {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let horizontal = |f: &mut fmt::Formatter<'_>, row: usize, dir: Dir| -> fmt::Result {
            for column in 0..COLUMNS {
                let wall = self.has_wall(COLUMNS * row + column, dir);
                write!(f, "+{}", if wall { "---" } else { "   " })?;
            }
            writeln!(f, "+")
        };
        for row in 0..ROWS {
            horizontal(f, row, Dir::N)?;
            for column in 0..COLUMNS {
                let cell = COLUMNS * row + column;
                let wall = if self.has_wall(cell, Dir::W) { '|' } else { ' ' };
                let player = !self.has_left() && self.player() == cell;
                write!(f, "{wall}{}", if player { " @ " } else { "   " })?;
            }
            let east = self.has_wall(COLUMNS * row + COLUMNS - 1, Dir::E);
            writeln!(f, "{}", if east { '|' } else { ' ' })?;
        }
        horizontal(f, ROWS - 1, Dir::S)?;
        if self.has_left() {
            writeln!(f, "(the player has left the maze)")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_is_shared_by_the_two_cells_beside_it() {
        let mut seen = 0u64;
        for cell in 0..CELLS {
            for dir in Dir::ALL {
                let slot = SLOT[cell][dir as usize];
                assert!(slot < 58);
                seen |= 1 << slot;
                if let Some(next) = NEIGHBOUR[cell][dir as usize] {
                    assert_eq!(SLOT[usize::from(next)][dir.opposite() as usize], slot);
                }
            }
        }
        assert_eq!(seen, WALLS);
        assert_eq!(BORDER.count_ones(), 20);
    }

    #[test]
    fn masks_round_trip() {
        // Any masks: a wall either side reports is there, and reads back on both sides.
        let masks: [u8; CELLS] = std::array::from_fn(|cell| u8::try_from(cell * 7 % 16).unwrap());
        let maze = Maze::from_masks(&masks, 5);
        assert_eq!(Maze::from_masks(&maze.masks(), 5), maze);
        assert_eq!(maze.player(), 5);
        assert!(!maze.has_left());
    }

    #[test]
    fn a_region_stops_at_walls() {
        // A wall east of every cell in column 2 splits the maze in two halves of 12 cells.
        let mut masks = [0u8; CELLS];
        for row in 0..ROWS {
            masks[COLUMNS * row + 2] |= 4;
            masks[COLUMNS * row + 3] |= 1;
        }
        let maze = Maze::from_masks(&masks, 0);
        assert_eq!(maze.region(0).count_ones(), 12);
        assert_eq!(maze.region(0) & maze.region(3), 0);
        assert_eq!(maze.region(0) | maze.region(3), (1 << CELLS) - 1);
    }

    #[test]
    fn from_bits_refuses_a_player_outside_the_maze() {
        assert!(Maze::from_bits(23 << PLAYER_SHIFT).is_some());
        assert!(Maze::from_bits(24 << PLAYER_SHIFT).is_none());
        assert!(Maze::from_bits(u64::MAX).is_none());
    }
}
