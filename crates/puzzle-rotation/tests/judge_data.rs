//! The judge's data: every answer must match the expected output byte for byte.
//!
//! The data files are copies of the shared test data, kept in `tests/data` so the tests read
//! nothing outside the crate.

use std::ops::Range;

use puzzle_rotation::{Answer, ParseError, cases, solve};
use rstest::rstest;

const SAMPLE_IN: &str = include_str!("data/sample.in");
const SAMPLE_OUT: &str = include_str!("data/sample.out");
const RANDOM_IN: &str = include_str!("data/random-200.in");
const RANDOM_OUT: &str = include_str!("data/random-200.out");
const HARD_IN: &str = include_str!("data/hard-30.in");
const HARD_OUT: &str = include_str!("data/hard-30.out");

/// Parses, solves and prints a whole input, as the judge would run it.
fn answer_all(input: &str) -> Result<String, ParseError> {
    let mut output = String::new();
    for case in cases(input) {
        output += &solve(&case?).to_string();
    }
    Ok(output)
}

/// The expected answers of a `.out` file, two lines each.
fn expected_answers(output: &str) -> Vec<String> {
    let lines: Vec<&str> = output.lines().collect();
    lines.chunks(2).map(|pair| format!("{}\n{}\n", pair[0], pair[1])).collect()
}

/// Each case on its own, so a failure names the case. A debug build (`cargo test`) is slow at
/// this, so the cases are split into chunks the test harness runs in parallel, and hard-30 (about
/// half a second per case in a debug build with the count bound) runs its first 5 cases only;
/// the release binary is checked on all of hard-30 (see the crate's report and `--stats`).
#[rstest]
#[case::sample(SAMPLE_IN, SAMPLE_OUT, 0..2)]
#[case::random_200_first_quarter(RANDOM_IN, RANDOM_OUT, 0..50)]
#[case::random_200_second_quarter(RANDOM_IN, RANDOM_OUT, 50..100)]
#[case::random_200_third_quarter(RANDOM_IN, RANDOM_OUT, 100..150)]
#[case::random_200_last_quarter(RANDOM_IN, RANDOM_OUT, 150..200)]
#[case::hard_30_first_five(HARD_IN, HARD_OUT, 0..5)]
fn every_case_matches(#[case] input: &str, #[case] output: &str, #[case] range: Range<usize>) {
    let expected = expected_answers(output);
    let boards: Vec<_> =
        cases(input).map(|case| case.expect("the judge's data is well formed")).collect();
    assert_eq!(boards.len(), expected.len());
    for number in range {
        let answer: Answer = solve(&boards[number]);
        assert_eq!(answer.to_string(), expected[number], "case {}", number + 1);
    }
}

/// Whole texts in, whole texts out: the sample, and the first 40 cases of random-200 (the
/// prefix keeps the debug build fast; every case is checked on its own above).
#[rstest]
#[case::sample(SAMPLE_IN, SAMPLE_OUT, usize::MAX)]
#[case::random_200_first_40(RANDOM_IN, RANDOM_OUT, 40)]
fn whole_files_are_answered_byte_for_byte(
    #[case] input: &str,
    #[case] output: &str,
    #[case] cases: usize,
) {
    // One case per line in these files, and two output lines per case.
    let prefix = |text: &str, lines: usize| -> String {
        text.lines().take(lines).flat_map(|line| [line, "\n"]).collect()
    };
    let (input, output) = (prefix(input, cases), prefix(output, cases.saturating_mul(2)));
    assert_eq!(answer_all(&input).unwrap(), output);
}
