//! The parser on good and bad inputs.

use puzzle_rotation::{ParseError, cases};
use rstest::rstest;

const CASE: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";

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

#[rstest]
#[case::terminated(format!("{CASE}\n{CASE}\n0\n"), 2)]
#[case::missing_final_zero(format!("{CASE}\n{CASE}"), 2)]
#[case::tokens_across_lines(CASE.replace(' ', "\n"), 1)]
#[case::cases_on_one_line(format!("{CASE} {CASE} 0"), 2)]
#[case::tabs_and_blank_lines(format!("\n\t{}\n\n0", CASE.replace(' ', "\t")), 1)]
#[case::only_the_terminator("0".to_owned(), 0)]
#[case::nothing_after_the_terminator_is_read(format!("{CASE} 0 x y z"), 1)]
fn good_inputs(#[case] input: String, #[case] count: usize) {
    assert_eq!(parse(&input), (count, None));
}

#[rstest]
#[case::not_an_integer(
    format!("{CASE}\n1 2 x"),
    1,
    ParseError::NotAnInteger { case: 2, token: "x".into() },
    r#"case 2: token "x" is not an integer"#,
)]
#[case::symbol_four(
    format!("1 4 {}", &CASE[4..]),
    0,
    ParseError::BadSymbol { case: 1, cell: 1, token: "4".into() },
    "case 1: cell 1 holds 4, but a symbol is 1, 2 or 3",
)]
#[case::zero_inside_a_case(
    format!("{CASE} {CASE} 3 0"),
    2,
    ParseError::BadSymbol { case: 3, cell: 1, token: "0".into() },
    "case 3: cell 1 holds 0, but a symbol is 1, 2 or 3",
)]
#[case::out_of_range(
    format!("{CASE} 123456789012345678901234567890"),
    1,
    ParseError::BadSymbol { case: 2, cell: 0, token: "123456789012345678901234567890".into() },
    "case 2: cell 0 holds 123456789012345678901234567890, but a symbol is 1, 2 or 3",
)]
#[case::truncated(
    format!("{CASE} 1 2 3"),
    1,
    ParseError::Truncated { case: 2, found: 3 },
    "case 2: the input ends after 3 of the case's 24 numbers",
)]
#[case::decimal(
    "1.0".to_owned(),
    0,
    ParseError::NotAnInteger { case: 1, token: "1.0".into() },
    r#"case 1: token "1.0" is not an integer"#,
)]
fn bad_inputs(
    #[case] input: String,
    #[case] good: usize,
    #[case] error: ParseError,
    #[case] message: &str,
) {
    assert_eq!(error.to_string(), message);
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
    // The token in place of the first number of a case: 0 ends the input, 1 to 3 is a symbol
    // (the same board as with the value written plainly), any other integer is no symbol.
    let rest = &CASE[1..];
    let input = format!("{token}{rest}");
    let expected = match reading {
        Reading::NotAnInteger => {
            vec![Err(ParseError::NotAnInteger { case: 1, token: token.into() })]
        }
        Reading::Integer(0) => vec![],
        Reading::Integer(value @ 1..=3) => cases(&format!("{value}{rest}")).collect(),
        Reading::Integer(_) => {
            vec![Err(ParseError::BadSymbol { case: 1, cell: 0, token: token.into() })]
        }
    };
    assert_eq!(cases(&input).collect::<Vec<_>>(), expected);
}

/// A message shows a long token by its first 32 characters and its length, so that a 100 KB
/// token makes a message a line long, not 100 KB long.
#[rstest]
#[case::not_an_integer(
    "x".repeat(100_000),
    ParseError::NotAnInteger { case: 1, token: "x".repeat(100_000).into() },
    format!(r#"case 1: token "{}..." (100000 bytes) is not an integer"#, "x".repeat(32)),
)]
#[case::cut_between_characters(
    "é".repeat(50_000),
    ParseError::NotAnInteger { case: 1, token: "é".repeat(50_000).into() },
    format!(r#"case 1: token "{}..." (100000 bytes) is not an integer"#, "é".repeat(32)),
)]
#[case::not_a_symbol(
    "1".repeat(100_000),
    ParseError::BadSymbol { case: 1, cell: 0, token: "1".repeat(100_000).into() },
    format!("case 1: cell 0 holds {}... (100000 bytes), but a symbol is 1, 2 or 3", "1".repeat(32)),
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

#[test]
fn the_iterator_ends_after_an_error() {
    let mut all = cases("x 1 1 1");
    assert!(all.next().unwrap().is_err());
    assert!(all.next().is_none());
}
