//! The 8-puzzle, written against search-core's traits as any user's puzzle would be.
//!
//! Tiles 1 to 8 and the blank (`0`) lie on a 3 x 3 board, cells numbered row by row from 0. A move
//! slides a tile next to the blank into it, and is named by the direction the blank moves. The
//! goal is `0 1 2 / 3 4 5 / 6 7 8`: tile `t` in cell `t`, the blank top-left.

use search_core::{Heuristic, Problem};

/// A board: `board[cell]` is the tile in `cell`, `0` the blank.
pub type Board = [u8; 9];

/// The goal: every tile in the cell of its own number.
pub const GOAL: Board = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/// A move, by the direction the blank moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blank {
    Up,
    Left,
    Right,
    Down,
}

impl Blank {
    /// How far the blank's cell moves.
    fn offset(self) -> isize {
        match self {
            Blank::Up => -3,
            Blank::Left => -1,
            Blank::Right => 1,
            Blank::Down => 3,
        }
    }

    /// The move's letter: `U`, `L`, `R` or `D`.
    pub fn letter(self) -> char {
        match self {
            Blank::Up => 'U',
            Blank::Left => 'L',
            Blank::Right => 'R',
            Blank::Down => 'D',
        }
    }
}

/// The blank's moves from each cell, in the order up, left, right, down: listed once, lent out
/// by [`EightPuzzle::moves`], so nothing is built per node.
const MOVES_FROM: [&[Blank]; 9] = {
    use Blank::{Down, Left, Right, Up};
    [
        &[Right, Down],
        &[Left, Right, Down],
        &[Left, Down],
        &[Up, Right, Down],
        &[Up, Left, Right, Down],
        &[Up, Left, Down],
        &[Up, Right],
        &[Up, Left, Right],
        &[Up, Left],
    ]
};

/// The cell that holds the blank.
fn blank(board: &Board) -> usize {
    board.iter().position(|&tile| tile == 0).expect("a board has a blank")
}

/// The 8-puzzle as a [`Problem`]: every move costs 1.
pub struct EightPuzzle;

impl Problem for EightPuzzle {
    type State = Board;
    type Move = Blank;
    type Cost = u8;
    type Moves<'a> = &'static [Blank];

    fn moves(&self, board: &Board) -> &'static [Blank] {
        MOVES_FROM[blank(board)]
    }

    fn apply(&self, board: &mut Board, mv: Blank) {
        let from = blank(board);
        board.swap(from, from.wrapping_add_signed(mv.offset()));
    }

    fn undo(&self, board: &mut Board, mv: Blank) {
        self.apply(board, self.inverse(mv).expect("every move has an inverse"));
    }

    fn inverse(&self, mv: Blank) -> Option<Blank> {
        Some(match mv {
            Blank::Up => Blank::Down,
            Blank::Left => Blank::Right,
            Blank::Right => Blank::Left,
            Blank::Down => Blank::Up,
        })
    }

    fn is_goal(&self, board: &Board) -> bool {
        *board == GOAL
    }
}

/// The Manhattan distance: for each tile, the rows plus the columns between its cell and its goal
/// cell. A move shifts one tile by one cell, so this never overestimates.
pub struct Manhattan;

impl Heuristic<EightPuzzle> for Manhattan {
    fn estimate(&self, _: &EightPuzzle, board: &Board) -> u8 {
        let mut sum = 0;
        for (cell, &tile) in (0u8..).zip(board) {
            if tile != 0 {
                sum += (cell / 3).abs_diff(tile / 3) + (cell % 3).abs_diff(tile % 3);
            }
        }
        sum
    }
}
