//! The shape syntax, `WIDTHxHEIGHT:`, and its errors.

use puzzle_sliding::{Board, ParseError, cases};
use rstest::rstest;

#[test]
fn a_shape_gives_the_board_its_columns_and_rows() {
    let input =
        "2x3: 1 0 2 3 4 5\n3x2: 1 0 2 3 4 5\n3x3: 1 0 2 3 4 5 6 7 8\n\t02x03:\t0 1 2 3 4 5\r\n";
    let boards: Vec<Board> = cases(input).map(Result::unwrap).collect();
    let shapes: Vec<_> = boards.iter().map(|b| (b.width(), b.height(), b.blank())).collect();
    assert_eq!(shapes, [(2, 3, 1), (3, 2, 1), (3, 3, 1), (2, 3, 0)]);
    assert_eq!(boards[0].to_string(), "1 0\n2 3\n4 5\n");
    assert_eq!(boards[2], Board::new(3, &[1, 0, 2, 3, 4, 5, 6, 7, 8]).unwrap());
    assert!(boards[3].is_goal());
}

#[rstest]
#[case::one_column("1x3: 0 1 2", "1x3:")]
#[case::one_row("5x1: 0 1 2 3 4", "5x1:")]
#[case::too_many_cells("5x6: 0 1 2", "5x6:")]
#[case::no_height("2x: 0 1 2 3", "2x:")]
#[case::no_width("x2: 0 1 2 3", "x2:")]
#[case::capital_x("2X3: 0 1 2 3 4 5", "2X3:")]
#[case::three_sides("2x3x4: 0 1", "2x3x4:")]
#[case::a_colon_alone(": 0 1 2 3", ":")]
#[case::signed("+2x3: 0 1 2 3 4 5", "+2x3:")]
fn a_shape_that_is_no_boards_is_an_error(#[case] line: &str, #[case] token: &str) {
    let input = format!("0 1 2 3\n{line}\n");
    let mut boards = cases(&input);
    assert!(boards.next().unwrap().is_ok());
    let error = boards.next().unwrap().unwrap_err();
    assert_eq!(error, ParseError::BadShape { case: 2, line: 2, token: token.into() });
    assert_eq!(
        error.to_string(),
        format!(
            "case 2 (line 2): shape \"{token}\" is not a board's: a shape is WIDTHxHEIGHT: \
             (columns x rows), each at least 2, at most 25 cells, as in 2x3:"
        )
    );
    assert_eq!(boards.next(), None);
}

#[rstest]
#[case::too_few("2x3: 1 0 2 3 4", 5)]
#[case::too_many("2x3: 1 0 2 3 4 5 6", 7)]
#[case::none("2x3:", 0)]
#[case::a_square_count("2x3: 0 1 2 3", 4)]
fn a_count_that_is_not_the_shapes_is_an_error(#[case] line: &str, #[case] found: usize) {
    let error = cases(line).next().unwrap().unwrap_err();
    assert_eq!(error, ParseError::ShapeMismatch { case: 1, line: 1, width: 2, height: 3, found });
    assert_eq!(
        error.to_string(),
        format!("case 1 (line 1): {found} numbers, but a 2x3 board has 6")
    );
}

#[test]
fn the_other_errors_keep_their_meaning_after_a_shape() {
    let error = cases("2x3: 0 1 2 3 4 6").next().unwrap().unwrap_err();
    assert_eq!(error.to_string(), "case 1 (line 1): 6 is not a tile of a 6-cell board (0 to 5)");
    let error = cases("2x3: 0 1 1 3 4 5").next().unwrap().unwrap_err();
    assert_eq!(error.to_string(), "case 1 (line 1): tile 1 appears twice");
    // A shape is the line's first token only; later, a token ending with `:` is no integer.
    let error = cases("0 1 2x2: 3").next().unwrap().unwrap_err();
    assert!(matches!(error, ParseError::NotAnInteger { .. }), "{error}");
    let error = cases("2x2: 2x2: 0 1 2 3").next().unwrap().unwrap_err();
    assert!(matches!(error, ParseError::NotAnInteger { .. }), "{error}");
    // Glued to its first number, it is one token, not a shape.
    let error = cases("2x3:1 0 2 3 4 5").next().unwrap().unwrap_err();
    assert!(matches!(error, ParseError::NotAnInteger { .. }), "{error}");
    // A comment line is still a comment, whatever follows the `#`.
    assert_eq!(cases("#2x3: 0 1\n").count(), 0);
}

#[test]
fn a_line_of_more_than_25_numbers_after_a_shape_stops_at_the_26th() {
    let line = format!("5x5: {}", "1 ".repeat(40));
    let error = cases(&line).next().unwrap().unwrap_err();
    assert_eq!(
        error,
        ParseError::ShapeMismatch { case: 1, line: 1, width: 5, height: 5, found: 26 }
    );
    assert_eq!(error.to_string(), "case 1 (line 1): more than 25 numbers, but a 5x5 board has 25");
}
