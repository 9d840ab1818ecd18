//! The parser on good and bad inputs, and the policy for walls the two cells disagree on.

use puzzle_wall_pusher::{Dir, ParseError, cases, solve};
use rstest::rstest;

/// The judge's sample case, without the terminator.
const CASE: &str = "2 3
10 2 10 10 2 6
3 12 11 14 9 4
13 15 3 6 15 13
14 11 12 9 14 11";

/// How many cases parse, and the error that ends the input, if any.
fn parse(input: &str) -> (usize, Option<ParseError>) {
    let mut good = 0;
    for case in cases(input) {
        match case {
            Ok(_) => good += 1,
            Err(error) => return (good, Some(error)),
        }
    }
    (good, None)
}

/// The sample case with its `index`-th number (0 = column, 1 = row, 2.. = masks) replaced.
fn with_number(index: usize, token: &str) -> String {
    let mut numbers: Vec<&str> = CASE.split_whitespace().collect();
    numbers[index] = token;
    numbers.join(" ")
}

#[rstest]
#[case::terminated(format!("{CASE}\n{CASE}\n0 0\n"), 2)]
#[case::missing_final_zeros(format!("{CASE}\n{CASE}"), 2)]
#[case::a_lone_zero_at_the_end(format!("{CASE}\n0"), 1)]
#[case::tokens_one_per_line(CASE.replace(' ', "\n"), 1)]
#[case::cases_on_one_line(format!("{} {} 0 0", CASE.replace('\n', " "), CASE.replace('\n', " ")), 2)]
#[case::tabs_and_blank_lines(format!("\n\t{}\n\n0\t0", CASE.replace(' ', "\t")), 1)]
#[case::only_the_terminator("0 0".to_owned(), 0)]
#[case::empty(String::new(), 0)]
#[case::nothing_after_the_terminator_is_read(format!("{CASE} 0 0 x y z"), 1)]
#[case::signs_and_leading_zeros(with_number(2, "+010"), 1)]
fn good_inputs(#[case] input: String, #[case] count: usize) {
    assert_eq!(parse(&input), (count, None));
}

#[rstest]
#[case::not_an_integer(
    format!("{CASE}\n1 x"),
    1,
    ParseError::NotAnInteger { case: 2, token: "x".into() },
    r#"case 2: token "x" is not an integer"#,
)]
#[case::decimal_mask(
    with_number(7, "2.5"),
    0,
    ParseError::NotAnInteger { case: 1, token: "2.5".into() },
    r#"case 1: token "2.5" is not an integer"#,
)]
#[case::mask_sixteen(
    with_number(9, "16"),
    0,
    ParseError::BadMask { case: 1, column: 2, row: 2, token: "16".into() },
    "case 1: the cell at column 2, row 2 has mask 16, but a mask is 0 to 15",
)]
#[case::negative_mask(
    format!("{CASE}\n{}", with_number(25, "-1")),
    1,
    ParseError::BadMask { case: 2, column: 6, row: 4, token: "-1".into() },
    "case 2: the cell at column 6, row 4 has mask -1, but a mask is 0 to 15",
)]
#[case::huge_mask(
    with_number(2, "123456789012345678901234567890"),
    0,
    ParseError::BadMask { case: 1, column: 1, row: 1, token: "123456789012345678901234567890".into() },
    "case 1: the cell at column 1, row 1 has mask 123456789012345678901234567890, but a mask is 0 to 15",
)]
#[case::column_seven(
    with_number(0, "7"),
    0,
    ParseError::StartOutside { case: 1, column: "7".into(), row: "3".into() },
    "case 1: the start (column 7, row 3) is outside the maze's 6 columns and 4 rows",
)]
#[case::row_zero(
    format!("{CASE}\n{}", with_number(1, "0")),
    1,
    ParseError::StartOutside { case: 2, column: "2".into(), row: "0".into() },
    "case 2: the start (column 2, row 0) is outside the maze's 6 columns and 4 rows",
)]
#[case::column_zero_row_one(
    "0 1".to_owned(),
    0,
    ParseError::StartOutside { case: 1, column: "0".into(), row: "1".into() },
    "case 1: the start (column 0, row 1) is outside the maze's 6 columns and 4 rows",
)]
#[case::truncated_masks(
    format!("{CASE}\n1 1 15 15 15"),
    1,
    ParseError::Truncated { case: 2, found: 5 },
    "case 2: the input ends after 5 of the case's 26 numbers",
)]
#[case::truncated_start(
    format!("{CASE}\n3"),
    1,
    ParseError::Truncated { case: 2, found: 1 },
    "case 2: the input ends after 1 of the case's 26 numbers",
)]
fn bad_inputs(
    #[case] input: String,
    #[case] good: usize,
    #[case] error: ParseError,
    #[case] message: &str,
) {
    assert_eq!(error.to_string(), message);
    assert_eq!(error.case(), error_case(&error));
    assert_eq!(parse(&input), (good, Some(error)));
}

/// What the rule for integers, the same in the three puzzle crates, makes of a token: an
/// optional sign (`+` or `-`), then one or more ASCII decimal digits, leading zeros allowed.
#[derive(Clone, Copy, Debug)]
enum Reading {
    /// An integer, with its value.
    Integer(i32),
    /// Not an integer.
    NotAnInteger,
}

/// The same table in the three crates' tests: a token means the same to every program. A
/// negative integer other than 0 is out of range, as too large a one is.
#[rstest]
#[case::plus_one("+1", Reading::Integer(1))]
#[case::plus_zero("+0", Reading::Integer(0))]
#[case::minus_zero("-0", Reading::Integer(0))]
#[case::leading_zeros("007", Reading::Integer(7))]
#[case::signed_leading_zeros("+001", Reading::Integer(1))]
#[case::minus_one("-1", Reading::Integer(-1))]
#[case::lone_plus("+", Reading::NotAnInteger)]
#[case::lone_minus("-", Reading::NotAnInteger)]
#[case::two_pluses("++1", Reading::NotAnInteger)]
#[case::plus_minus("+-1", Reading::NotAnInteger)]
#[case::minus_plus("-+1", Reading::NotAnInteger)]
#[case::minus_after("1-", Reading::NotAnInteger)]
#[case::plus_after("1+", Reading::NotAnInteger)]
#[case::sign_inside("1+1", Reading::NotAnInteger)]
fn every_crate_reads_integers_alike(#[case] token: &str, #[case] reading: Reading) {
    // The token as the start's column: with row 0, a 0 ends the input; with the sample's row 3,
    // 1 to 6 is a column (the same maze as with the value written plainly), any other integer
    // is outside the maze.
    let input = match reading {
        Reading::Integer(0) => format!("{token} 0"),
        _ => with_number(0, token),
    };
    let expected = match reading {
        Reading::NotAnInteger => {
            vec![Err(ParseError::NotAnInteger { case: 1, token: token.into() })]
        }
        Reading::Integer(0) => vec![],
        Reading::Integer(value @ 1..=6) => cases(&with_number(0, &value.to_string())).collect(),
        Reading::Integer(_) => {
            let (column, row) = (token.into(), "3".into());
            vec![Err(ParseError::StartOutside { case: 1, column, row })]
        }
    };
    assert_eq!(cases(&input).collect::<Vec<_>>(), expected);
}

/// A message shows a long token by its first 32 characters and its length, so that a 100 KB
/// token makes a message a line long, not 100 KB long.
#[rstest]
#[case::not_an_integer(
    with_number(5, &"x".repeat(100_000)),
    ParseError::NotAnInteger { case: 1, token: "x".repeat(100_000).into() },
    format!(r#"case 1: token "{}..." (100000 bytes) is not an integer"#, "x".repeat(32)),
)]
#[case::cut_between_characters(
    with_number(5, &"é".repeat(50_000)),
    ParseError::NotAnInteger { case: 1, token: "é".repeat(50_000).into() },
    format!(r#"case 1: token "{}..." (100000 bytes) is not an integer"#, "é".repeat(32)),
)]
#[case::not_a_mask(
    with_number(2, &"1".repeat(100_000)),
    ParseError::BadMask { case: 1, column: 1, row: 1, token: "1".repeat(100_000).into() },
    format!(
        "case 1: the cell at column 1, row 1 has mask {}... (100000 bytes), but a mask is 0 to 15",
        "1".repeat(32)
    ),
)]
#[case::start_outside(
    format!("{0} {0}", "9".repeat(100_000)),
    ParseError::StartOutside { case: 1, column: "9".repeat(100_000).into(), row: "9".repeat(100_000).into() },
    format!(
        "case 1: the start (column {0}... (100000 bytes), row {0}... (100000 bytes)) is outside \
         the maze's 6 columns and 4 rows",
        "9".repeat(32)
    ),
)]
fn a_long_token_is_shown_by_its_start_and_its_length(
    #[case] input: String,
    #[case] error: ParseError,
    #[case] message: String,
) {
    assert_eq!(parse(&input), (0, Some(error.clone())));
    let shown = error.to_string();
    assert!(shown.len() < 200, "{} bytes", shown.len());
    assert_eq!(shown, message);
}

/// A token of 32 characters is still shown whole; one more, and it is cut.
#[test]
fn a_token_is_cut_only_past_32_characters() {
    let whole = ParseError::NotAnInteger { case: 1, token: "x".repeat(32).into() };
    assert_eq!(
        whole.to_string(),
        format!(r#"case 1: token "{}" is not an integer"#, "x".repeat(32))
    );
    let cut = ParseError::NotAnInteger { case: 1, token: "x".repeat(33).into() };
    assert_eq!(
        cut.to_string(),
        format!(r#"case 1: token "{}..." (33 bytes) is not an integer"#, "x".repeat(32))
    );
}

fn error_case(error: &ParseError) -> usize {
    match error {
        ParseError::NotAnInteger { case, .. }
        | ParseError::StartOutside { case, .. }
        | ParseError::ColumnOutside { case, .. }
        | ParseError::BadMask { case, .. }
        | ParseError::Truncated { case, .. }
        | ParseError::WallsDisagree { case, .. } => *case,
    }
}

/// Walls that one cell has and its neighbour lacks reject the case, naming the cell that has
/// the wall and its side, whichever of the two masks is the odd one out.
#[rstest]
// Cell (column 1, row 1) is 10 = north and south; add east (4) without west on its neighbour.
#[case::east_without_west(2, "14", 1, 1, Dir::E)]
// Cell (column 2, row 1) is 2 = north; add west (1) without east on its neighbour.
#[case::west_without_east(3, "3", 2, 1, Dir::W)]
// Cell (column 3, row 2) is 11 = west, north, south; drop south: the cell below still has north.
#[case::north_without_south(10, "3", 3, 3, Dir::N)]
// Cell (column 6, row 2) is 4 = east; add south (8) without north on the cell below.
#[case::south_without_north(13, "12", 6, 2, Dir::S)]
fn walls_the_two_sides_disagree_on_are_rejected(
    #[case] index: usize,
    #[case] mask: &str,
    #[case] column: usize,
    #[case] row: usize,
    #[case] side: Dir,
) {
    let input = format!("{CASE}\n{}\n0 0", with_number(index, mask));
    assert_eq!(parse(&input), (1, Some(ParseError::WallsDisagree { case: 2, column, row, side })));
}

#[test]
fn the_iterator_ends_after_an_error() {
    let mut all = cases("x 1 1 1");
    assert!(all.next().unwrap().is_err());
    assert!(all.next().is_none());
}

#[test]
fn the_cases_before_an_error_are_answered() {
    let input = format!("{CASE}\n{}", with_number(5, "99"));
    let mut all = cases(&input);
    let first = all.next().unwrap().unwrap();
    assert_eq!(solve(&first).to_string(), "NESESEENNWNWWWWW\n");
    assert_eq!(all.next().unwrap().unwrap_err().case(), 2);
}
