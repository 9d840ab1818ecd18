//! The parser on good and bad inputs.

use puzzle_sliding::{Board, ParseError, cases};
use rstest::rstest;

/// How many boards parse, and the error that ends the input, if any.
fn parse(input: &str) -> (usize, Option<ParseError>) {
    let mut good = 0;
    for board in cases(input) {
        match board {
            Ok(_) => good += 1,
            Err(error) => return (good, Some(error)),
        }
    }
    (good, None)
}

const EIGHT: &str = "1 2 0 3 4 5 6 7 8";

#[rstest]
#[case::two_boards(format!("{EIGHT}\n{EIGHT}\n"), 2)]
#[case::comments_and_blank_lines(format!("# a comment\n\n  # another\n{EIGHT}\n\n"), 1)]
#[case::no_final_newline(EIGHT.to_owned(), 1)]
#[case::tabs_and_leading_zeros("\t01 2 0 3 4 5 6 7 008".to_owned(), 1)]
#[case::every_size("3 2 0 1\n1 2 0 3 4 5 6 7 8\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n".to_owned(), 3)]
#[case::empty(String::new(), 0)]
fn good_inputs(#[case] input: String, #[case] count: usize) {
    assert_eq!(parse(&input), (count, None));
}

#[rstest]
#[case::not_an_integer(
    format!("{EIGHT}\n1 2 x 3 4 5 6 7 8"),
    ParseError::NotAnInteger { case: 2, line: 2, token: "x".into() },
    r#"case 2 (line 2): token "x" is not an integer"#,
)]
#[case::negative(
    "-1 2 0 3 4 5 6 7 8".to_owned(),
    ParseError::OutOfRange { case: 1, line: 1, token: "-1".into(), cells: 9 },
    "case 1 (line 1): -1 is not a tile of a 9-cell board (0 to 8)",
)]
#[case::sign_alone(
    "+ 2 0 3 4 5 6 7 8".to_owned(),
    ParseError::NotAnInteger { case: 1, line: 1, token: "+".into() },
    r#"case 1 (line 1): token "+" is not an integer"#,
)]
#[case::too_few(
    format!("# comment\n{EIGHT}\n\n1 2 3 4 5 6 7 8"),
    ParseError::WrongCount { case: 2, line: 4, found: 8 },
    "case 2 (line 4): 8 numbers, but a board has 4, 9, 16 or 25 (k x k cells, k from 2 to 5)",
)]
#[case::too_many(
    format!("{EIGHT} 9"),
    ParseError::WrongCount { case: 1, line: 1, found: 10 },
    "case 1 (line 1): 10 numbers, but a board has 4, 9, 16 or 25 (k x k cells, k from 2 to 5)",
)]
#[case::out_of_range(
    "1 2 0 3 4 5 6 7 9".to_owned(),
    ParseError::OutOfRange { case: 1, line: 1, token: "9".into(), cells: 9 },
    "case 1 (line 1): 9 is not a tile of a 9-cell board (0 to 8)",
)]
#[case::huge(
    "1 2 0 3 4 5 6 7 99999999999999999999".to_owned(),
    ParseError::OutOfRange { case: 1, line: 1, token: "99999999999999999999".into(), cells: 9 },
    "case 1 (line 1): 99999999999999999999 is not a tile of a 9-cell board (0 to 8)",
)]
#[case::duplicate(
    format!("{EIGHT}\n{EIGHT}\n1 2 0 3 4 5 6 7 7"),
    ParseError::Duplicate { case: 3, line: 3, tile: 7 },
    "case 3 (line 3): tile 7 appears twice",
)]
fn bad_inputs(#[case] input: String, #[case] expected: ParseError, #[case] message: &str) {
    let (good, error) = parse(&input);
    assert_eq!(good, expected.case() - 1);
    let error = error.expect("an error");
    assert_eq!(error, expected);
    assert_eq!(error.to_string(), message);
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
    // The 8-puzzle's board whose cell i holds tile i, the token in the cell of the tile it
    // should read as (in cell 0 if it should read as none): the board comes back only if the
    // token reads as that tile.
    let goal: Vec<u8> = (0..9).collect();
    let tile = match reading {
        Reading::Integer(value) => usize::try_from(value).ok().filter(|&tile| tile < 9),
        Reading::NotAnInteger => None,
    };
    let mut tokens: Vec<String> = goal.iter().map(u8::to_string).collect();
    tokens[tile.unwrap_or(0)] = token.to_owned();
    let token = token.into();
    let expected = match reading {
        Reading::NotAnInteger => Err(ParseError::NotAnInteger { case: 1, line: 1, token }),
        Reading::Integer(_) if tile.is_some() => Ok(Board::new(3, &goal).unwrap()),
        Reading::Integer(_) => Err(ParseError::OutOfRange { case: 1, line: 1, token, cells: 9 }),
    };
    assert_eq!(cases(&tokens.join(" ")).collect::<Vec<_>>(), vec![expected]);
}

/// A message shows a long token by its first 32 characters and its length, so that a 100 KB
/// token makes a message a line long, not 100 KB long.
#[rstest]
#[case::not_an_integer(
    format!("1 2 0 3 4 5 6 7 {}", "x".repeat(100_000)),
    ParseError::NotAnInteger { case: 1, line: 1, token: "x".repeat(100_000).into() },
    format!(r#"case 1 (line 1): token "{}..." (100000 bytes) is not an integer"#, "x".repeat(32)),
)]
#[case::cut_between_characters(
    format!("1 2 0 3 4 5 6 7 {}", "é".repeat(50_000)),
    ParseError::NotAnInteger { case: 1, line: 1, token: "é".repeat(50_000).into() },
    format!(r#"case 1 (line 1): token "{}..." (100000 bytes) is not an integer"#, "é".repeat(32)),
)]
#[case::not_a_tile(
    format!("1 2 0 3 4 5 6 7 {}", "1".repeat(100_000)),
    ParseError::OutOfRange { case: 1, line: 1, token: "1".repeat(100_000).into(), cells: 9 },
    format!(
        "case 1 (line 1): {}... (100000 bytes) is not a tile of a 9-cell board (0 to 8)",
        "1".repeat(32)
    ),
)]
fn a_long_token_is_shown_by_its_start_and_its_length(
    #[case] input: String,
    #[case] expected: ParseError,
    #[case] message: String,
) {
    assert_eq!(parse(&input), (0, Some(expected.clone())));
    let shown = expected.to_string();
    assert!(shown.len() < 200, "{} bytes", shown.len());
    assert_eq!(shown, message);
}

/// A token of 32 characters is still shown whole; one more, and it is cut.
#[test]
fn a_token_is_cut_only_past_32_characters() {
    let whole = ParseError::NotAnInteger { case: 1, line: 1, token: "x".repeat(32).into() };
    assert_eq!(
        whole.to_string(),
        format!(r#"case 1 (line 1): token "{}" is not an integer"#, "x".repeat(32))
    );
    let cut = ParseError::NotAnInteger { case: 1, line: 1, token: "x".repeat(33).into() };
    assert_eq!(
        cut.to_string(),
        format!(r#"case 1 (line 1): token "{}..." (33 bytes) is not an integer"#, "x".repeat(32))
    );
}

#[test]
fn nothing_is_read_after_an_error() {
    let mut cases = cases("1 2 3\n1 2 0 3 4 5 6 7 8\n");
    assert!(cases.next().unwrap().is_err());
    assert!(cases.next().is_none());
}

/// A line stops being read at its 26th number, whatever follows: more than any board has.
#[test]
fn a_line_of_more_than_25_numbers_is_refused_at_the_26th() {
    let expected = ParseError::WrongCount { case: 1, line: 1, found: 26 };
    let message = "case 1 (line 1): more than 25 numbers, but a board has 4, 9, 16 or 25 (k x k cells, \
         k from 2 to 5)";
    for tail in ["", " x", " 1 2 3", " -"] {
        let input = format!("{}{tail}", ["1"; 26].join(" "));
        let (good, error) = parse(&input);
        assert_eq!((good, error.as_ref()), (0, Some(&expected)), "{input}");
        assert_eq!(error.unwrap().to_string(), message);
    }
    // A bad token before the 26th number is still the error.
    let (_, error) = parse(&format!("1 x {}", ["1"; 30].join(" ")));
    assert!(matches!(error, Some(ParseError::NotAnInteger { .. })), "{error:?}");
}
