//! The judge's data: every answer must match the expected output byte for byte.
//!
//! The data files are copies of the shared test data, kept in `tests/data` so the tests read
//! nothing outside the crate.

use std::ops::Range;

use puzzle_rotation::{Answer, Board, Count, Exact, ParseError, Rotation, cases, solve};
use rstest::rstest;
use search_core::{Heuristic, ida_star};

const SAMPLE_IN: &str = include_str!("../data/sample.in");
const SAMPLE_OUT: &str = include_str!("../data/sample.out");
const RANDOM_IN: &str = include_str!("../data/random-200.in");
const RANDOM_OUT: &str = include_str!("../data/random-200.out");
const HARD_IN: &str = include_str!("../data/hard-30.in");
const HARD_OUT: &str = include_str!("../data/hard-30.out");

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

/// The judge's boards of an input, parsed.
fn boards(input: &str) -> Vec<Board> {
    cases(input).map(|case| case.expect("the judge's data is well formed")).collect()
}

/// Each case on its own, with the [`Exact`] bound (`solve` uses it, built once per test binary),
/// so a failure names the case. With that bound every case is answered in a few milliseconds even
/// in a debug build, hard-30 included.
#[rstest]
#[case::sample(SAMPLE_IN, SAMPLE_OUT)]
#[case::random_200(RANDOM_IN, RANDOM_OUT)]
#[case::hard_30(HARD_IN, HARD_OUT)]
fn every_case_matches(#[case] input: &str, #[case] output: &str) {
    let expected = expected_answers(output);
    let boards = boards(input);
    assert_eq!(boards.len(), expected.len());
    for (number, board) in boards.iter().enumerate() {
        let answer: Answer = solve(board);
        assert_eq!(answer.to_string(), expected[number], "case {}", number + 1);
    }
}

/// The [`Count`] bound gives the same answers (it is admissible too), on every case: in chunks,
/// so that the test threads share the 30 hard boards (millions of nodes each).
#[rstest]
#[case::sample(SAMPLE_IN, SAMPLE_OUT, 0..2)]
#[case::random_200_first_half(RANDOM_IN, RANDOM_OUT, 0..100)]
#[case::random_200_second_half(RANDOM_IN, RANDOM_OUT, 100..200)]
#[case::hard_30_1_to_10(HARD_IN, HARD_OUT, 0..10)]
#[case::hard_30_11_to_20(HARD_IN, HARD_OUT, 10..20)]
#[case::hard_30_21_to_30(HARD_IN, HARD_OUT, 20..30)]
fn the_count_bound_gives_the_same_answers(
    #[case] input: &str,
    #[case] output: &str,
    #[case] range: Range<usize>,
) {
    let expected = expected_answers(output);
    let boards = boards(input);
    for number in range {
        let board = &boards[number];
        let answer = Answer::from_outcome(board, ida_star(&Rotation, &Count, board).outcome);
        assert_eq!(answer.unwrap().to_string(), expected[number], "case {}", number + 1);
    }
}

/// On standard boards the [`Exact`] bound is the answer's length itself: at the root, IDA\*'s
/// first bound is already the last.
#[rstest]
#[case::sample(SAMPLE_IN, SAMPLE_OUT)]
#[case::random_200(RANDOM_IN, RANDOM_OUT)]
#[case::hard_30(HARD_IN, HARD_OUT)]
fn the_exact_bound_is_the_answer_length(#[case] input: &str, #[case] output: &str) {
    let expected = expected_answers(output);
    for (number, board) in boards(input).iter().enumerate() {
        let moves = expected[number].lines().next().unwrap();
        let length = if moves == "No moves needed" { 0 } else { moves.len() };
        assert_eq!(
            usize::from(Exact::shared().estimate(&Rotation, board)),
            length,
            "case {}",
            number + 1
        );
        let report = ida_star(&Rotation, Exact::shared(), board);
        assert_eq!(report.stats.iterations.len(), 1, "case {}: one iteration", number + 1);
    }
}

/// Whole texts in, whole texts out: the sample, random-200 and hard-30.
#[rstest]
#[case::sample(SAMPLE_IN, SAMPLE_OUT, usize::MAX)]
#[case::random_200(RANDOM_IN, RANDOM_OUT, usize::MAX)]
#[case::hard_30(HARD_IN, HARD_OUT, usize::MAX)]
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
