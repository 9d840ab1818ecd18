//! The admissible bound: the distance to the nearest open exit, plus the leaving move.

use search_core::Heuristic;

use crate::maze::{BORDER, CELLS, COLUMNS, EXIT_CELL};
use crate::{Maze, Step, WallPusher};

/// The grid distance from the player to the nearest cell with an open exit, plus one for the
/// leaving move; 0 once the player has left; `u8::MAX` (a dead end) when every exit is closed.
///
/// It never overestimates: every move changes the player's row or column by one, walls inside
/// the maze can be pushed aside (so they are ignored), and exits only ever close, so an exit
/// closed now stays closed. It is consistent, too: a move changes the distance to any one exit
/// by at most one, and closing exits only raises the minimum.
///
/// ```
/// use puzzle_wall_pusher::{cases, ExitDistance, WallPusher};
/// use search_core::Heuristic;
///
/// let sample = include_str!("../tests/data/sample.in");
/// let maze = cases(sample).next().unwrap().unwrap();
/// // From column 2, row 3 the nearest exit is west of the bottom-left cell: a row down, a column
/// // left, then out.
/// assert_eq!(ExitDistance.estimate(&WallPusher, &maze), 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExitDistance;

/// `DISTANCE[slot][cell]`: for a border slot, one more than the grid distance from `cell` to the
/// cell inside the slot; 0 for other slots (never read).
#[expect(clippy::cast_possible_truncation, reason = "distances are below 10")]
const DISTANCE: [[u8; CELLS]; 58] = {
    let mut table = [[0; CELLS]; 58];
    let mut slot = 0;
    while slot < 58 {
        if BORDER >> slot & 1 != 0 {
            let exit = EXIT_CELL[slot] as usize;
            let mut cell = 0;
            while cell < CELLS {
                let rows = (cell / COLUMNS).abs_diff(exit / COLUMNS);
                let columns = (cell % COLUMNS).abs_diff(exit % COLUMNS);
                table[slot][cell] = (rows + columns + 1) as u8;
                cell += 1;
            }
        }
        slot += 1;
    }
    table
};

impl Heuristic<WallPusher> for ExitDistance {
    #[inline]
    fn estimate(&self, _: &WallPusher, maze: &Maze) -> u8 {
        if maze.has_left() {
            return 0;
        }
        let player = maze.player();
        let mut open = maze.open_exits();
        let mut nearest = u8::MAX;
        while open != 0 {
            nearest = nearest.min(DISTANCE[open.trailing_zeros() as usize][player]);
            open &= open - 1;
        }
        nearest
    }

    /// The child is a copy of one `u64` with the move played on it: pricing it costs no more than
    /// pricing any maze, and a child beyond the bound costs the driver no move and no undo.
    #[inline]
    fn estimate_child(&self, problem: &WallPusher, maze: &Maze, step: Step, _: u8) -> Option<u8> {
        let mut child = *maze;
        child.apply(step);
        Some(self.estimate(problem, &child))
    }
}
