//! The sliding-tile puzzles on the explorer's page: the board drawn as tiles, the lecture's
//! boards, and random boards of a width or of a shape (`3x2`: 3 columns, 2 rows, whose 360
//! states the page draws as a graph).

use puzzle_sliding::{Board, MAX_CELLS, Sliding};
use search_cli::explore::{Preset, Sizes, random_walk};
use serde_json::{Value, json};

/// A board of 3 columns and 2 rows, 13 moves from the goal: IDA\* with the Manhattan distance
/// takes 4 iterations, revisiting states of the 360 that the page draws.
pub const TWO_BY_THREE: &str = "3x2: 3 4 1 2 5 0";

/// The board as the page draws it: its rows and columns and its tiles, row by row.
#[must_use]
pub fn picture(board: &Board) -> Value {
    let (rows, cols) = (board.height(), board.width());
    json!({"kind": "tiles", "rows": rows, "cols": cols, "tiles": board.cells()})
}

/// The lecture's boards.
#[must_use]
pub fn presets() -> Vec<Preset> {
    vec![
        Preset { name: "8-puzzle, 3 iterations", instance: "0 1 2 7 4 5 3 6 8" },
        Preset { name: "8-puzzle, 4 iterations", instance: "0 1 2 3 7 5 6 8 4" },
        Preset { name: "8-puzzle, 6 iterations", instance: "0 1 2 3 8 5 4 7 6" },
        Preset { name: "8-puzzle, 26 moves", instance: "8 7 1 6 5 2 0 3 4" },
        Preset { name: "8-puzzle, unsolvable", instance: "0 2 1 3 4 5 6 7 8" },
        Preset { name: "3x2 board, its whole state space drawn", instance: TWO_BY_THREE },
        Preset {
            name: "15-puzzle, past a million events",
            instance: "8 12 1 2 10 9 6 3 0 5 15 7 14 4 13 11",
        },
    ]
}

/// Why `board` has no solution: its tiles' parity, when it is wrong.
#[must_use]
pub fn unsolvable(board: &Board) -> Option<String> {
    (!board.is_solvable()).then(|| {
        "the tiles' permutation has the wrong parity: no sequence of moves reaches the goal"
            .to_owned()
    })
}

/// The widths of random square boards.
pub const SIZES: Sizes = Sizes { least: 2, most: 5, default: 3, counts: "a square board's width" };

/// A square board of `width` (3 if it is none of [`SIZES`]) `moves` random moves from the goal.
#[must_use]
pub fn scramble(width: usize, moves: usize, seed: u64) -> String {
    let width = if (SIZES.least..=SIZES.most).contains(&width) { width } else { SIZES.default };
    let board = random_walk(&Sliding::new(width), Board::goal(width), moves, seed);
    cells(&board)
}

/// A board of `WIDTHxHEIGHT` (`3x2`: 3 columns, 2 rows) `moves` random moves from the goal,
/// written as the parser reads it (`3x2: ...`; a square board as its cells alone).
///
/// # Errors
///
/// The shape is malformed, or no board has it.
pub fn scramble_shaped(shape: &str, moves: usize, seed: u64) -> Result<String, String> {
    let malformed =
        || format!("shape '{shape}' is not a board's: WIDTHxHEIGHT, columns and rows, as in 3x2");
    let (width, height) = shape.split_once('x').ok_or_else(malformed)?;
    let width: usize = width.parse().map_err(|_| malformed())?;
    let height: usize = height.parse().map_err(|_| malformed())?;
    if !Board::is_shape(width, height) {
        return Err(format!(
            "no {width}x{height} board: at least 2 columns and 2 rows, at most {MAX_CELLS} cells"
        ));
    }
    let problem = Sliding::rectangular(width, height);
    let board = random_walk(&problem, Board::rectangular_goal(width, height), moves, seed);
    let cells = cells(&board);
    Ok(if width == height { cells } else { format!("{width}x{height}: {cells}") })
}

/// The board's cells, row by row, separated by spaces.
fn cells(board: &Board) -> String {
    let cells: Vec<String> = board.cells().iter().map(ToString::to_string).collect();
    cells.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_drawn_as_the_trace_format_says() {
        let board = Board::new(3, &[1, 0, 2, 3, 4, 5, 6, 7, 8]).unwrap();
        assert_eq!(
            picture(&board),
            json!({"kind": "tiles", "rows": 3, "cols": 3, "tiles": [1, 0, 2, 3, 4, 5, 6, 7, 8]})
        );
    }

    #[test]
    fn a_random_board_has_the_shape_asked_for_or_says_why_not() {
        let square = scramble_shaped("4x4", 6, 1).unwrap();
        assert_eq!(square.split_whitespace().count(), 16, "{square}");
        assert!(scramble_shaped("3x2", 6, 1).unwrap().starts_with("3x2: "));
        let message = |shape| scramble_shaped(shape, 6, 1).unwrap_err();
        assert_eq!(message("6x5"), "no 6x5 board: at least 2 columns and 2 rows, at most 25 cells");
        assert_eq!(message("3x1"), "no 3x1 board: at least 2 columns and 2 rows, at most 25 cells");
        assert_eq!(
            message("3by2"),
            "shape '3by2' is not a board's: WIDTHxHEIGHT, columns and rows, as in 3x2"
        );
        assert_eq!(scramble(4, 0, 1).split_whitespace().count(), 16);
    }
}
