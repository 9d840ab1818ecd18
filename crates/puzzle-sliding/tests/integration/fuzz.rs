//! Fuzzing the parser with generated inputs, good and bad (docs/fuzzing.md).
//!
//! Two kinds of input:
//!
//! - **Made to measure.** Boards of every size (2x2 to 5x5, solvable or not), one per line, each
//!   number written in one of the ways the integer rule allows and separated by any ASCII
//!   whitespace but a line end, with blank lines and comments between them; then an ending whose
//!   outcome is known: nothing, or one bad line (a token that is not an integer, a count of
//!   numbers that is no board's or a number too large for any board on such a line, a number
//!   that is not a tile, a tile twice) followed by lines that must not be read. The parser must
//!   give exactly the expected boards and error.
//! - **Damaged.** A made-to-measure input with random damage: a token replaced by anything
//!   (non-ASCII text, huge or signed numbers, bytes that are not UTF-8, line ends, nothing),
//!   bytes inserted, the whitespace between two tokens changed, the text cut. Nothing predicts
//!   the outcome, so the contract is checked instead: no panic; the parser fed line by line, the
//!   way the program feeds it, agrees; every board before the first bad one is answered and the
//!   error names the bad one and its line in a message of a line; the lines before the bad one
//!   replay to the same boards; the boards before the damage are read as they were written.
//!
//! How many inputs a property tries: `PROPTEST_CASES` when set, otherwise
//! [`DEFAULT_CASES`](test_support::fuzz::DEFAULT_CASES),
//! chosen so that the whole fuzz suite takes about a minute in CI.

use proptest::prelude::*;
use proptest::sample::{Index, select};
use proptest::test_runner::TestCaseError;
use puzzle_sliding::{Board, ParseError, cases, cases_from, cases_from_bytes};
use test_support::fuzz::{
    self, DEFAULT_CASES, TRICKY, config, damage, damaged, is_integer, outside, written,
};

/// The longest error message allowed. A message shows at most 32 characters of a token, each at
/// most 10 bytes once escaped (`\u{10ffff}`), in a frame of less than 120 bytes.
const MAX_MESSAGE_BYTES: usize = 32 * 10 + 120;

/// A token that is not an integer, and that stays one token wherever it is on its line: one of
/// [`TRICKY`], or arbitrary text without whitespace (a line's ends are trimmed of any
/// whitespace, ASCII or not) that does not start with `#` (which would make its line a comment
/// if it came first) nor end with `:` (which would make it a board's shape, `2x3:`, if it came
/// first; the shape's errors have tests of their own).
fn not_an_integer() -> impl Strategy<Value = String> {
    let arbitrary = any::<String>().prop_map(|text| text.replace(char::is_whitespace, ""));
    prop_oneof![select(TRICKY).prop_map(str::to_owned), arbitrary].prop_filter(
        "not an integer, and one token anywhere",
        |token| {
            !token.is_empty()
                && !is_integer(token)
                && !token.starts_with('#')
                && !token.ends_with(':')
                && !token.contains(char::is_whitespace)
        },
    )
}

/// Whitespace between the numbers of a line: any ASCII whitespace but a line end.
fn gap() -> impl Strategy<Value = &'static str> {
    select(&[" ", " ", " ", "\t", "\x0c", "  ", " \t "][..])
}

/// A line end.
fn line_end() -> impl Strategy<Value = &'static str> {
    select(&["\n", "\n", "\r\n"][..])
}

/// A line that is not a board: blank (perhaps with whitespace), or a comment (perhaps indented).
fn filler() -> impl Strategy<Value = String> {
    let comment = (select(&["", " ", "\t"][..]), any::<String>())
        .prop_map(|(indent, text)| format!("{indent}#{}", text.replace(['\n', '\r'], "")));
    prop_oneof![select(&["", " ", "\t", " \x0c "][..]).prop_map(str::to_owned), comment]
}

/// A board of side 2 to 5, solvable or not: its cells, and their tokens as written.
fn board() -> impl Strategy<Value = (Vec<u8>, Vec<String>)> {
    (2..=5_u8)
        .prop_flat_map(|width| Just((0..width * width).collect::<Vec<u8>>()).prop_shuffle())
        .prop_flat_map(|cells| {
            let tokens = cells.iter().map(|&tile| written(tile)).collect::<Vec<_>>();
            (Just(cells), tokens)
        })
}

/// How a made-to-measure input ends, after its valid boards.
#[derive(Clone, Debug)]
enum Ending {
    /// The text ends.
    Nothing,
    /// A board whose number `index` is replaced by `token`, which is not an integer.
    NotAnInteger { numbers: Vec<String>, index: usize, token: String },
    /// A line of `numbers` (whose values are `values`), whose count is no board's.
    WrongCount { values: Vec<u8>, numbers: Vec<String> },
    /// A board whose number `index` is replaced by `token`, an integer that is not a tile.
    OutOfRange { numbers: Vec<String>, index: usize, token: String },
    /// A board whose number `index` is replaced by the tile at `from`, so that it appears twice.
    Duplicate { cells: Vec<u8>, numbers: Vec<String>, index: usize, from: usize },
}

/// Any of the endings, equally often.
fn ending() -> impl Strategy<Value = Ending> {
    let numbers = || board().prop_map(|(_, numbers)| numbers);
    let not_a_square =
        (1..=30_usize).prop_filter("no board's count", |count| ![4, 9, 16, 25].contains(count));
    prop_oneof![
        Just(Ending::Nothing),
        (numbers(), any::<Index>(), not_an_integer()).prop_map(|(numbers, index, token)| {
            let index = index.index(numbers.len());
            Ending::NotAnInteger { numbers, index, token }
        }),
        not_a_square
            .prop_flat_map(|count| {
                let number = (0..30_u8).prop_flat_map(|value| (Just(value), written(value)));
                prop::collection::vec(number, count)
            })
            .prop_map(|numbers| {
                let (values, numbers) = numbers.into_iter().unzip();
                Ending::WrongCount { values, numbers }
            }),
        (numbers(), any::<Index>())
            .prop_flat_map(|(numbers, index)| {
                let high = u8::try_from(numbers.len() - 1).unwrap();
                (Just(numbers), Just(index), outside(0, high))
            })
            .prop_map(|(numbers, index, token)| {
                let index = index.index(numbers.len());
                Ending::OutOfRange { numbers, index, token }
            }),
        (board(), any::<Index>(), any::<Index>()).prop_map(|((cells, numbers), index, from)| {
            let index = index.index(cells.len());
            // Any other cell than `index`.
            let from = (index + 1 + from.index(cells.len() - 1)) % cells.len();
            Ending::Duplicate { cells, numbers, index, from }
        }),
    ]
}

/// An input and what the parser must make of it.
#[derive(Clone, Debug)]
struct MadeToMeasure {
    text: String,
    expected: Vec<Result<Board, ParseError>>,
}

/// The lines of a made-to-measure input: `fillers[i]` before the `i`-th board (the bad line
/// last among them) and, with no bad line, after the last, the numbers of a line separated by
/// `gaps`, each line ended by one of `ends`.
#[derive(Clone, Debug)]
struct Layout {
    fillers: Vec<Vec<String>>,
    gaps: Vec<&'static str>,
    ends: Vec<&'static str>,
}

/// Fillers for up to five boards and after them, and the gaps and line ends to cycle through.
fn layout() -> impl Strategy<Value = Layout> {
    let fillers = prop::collection::vec(prop::collection::vec(filler(), 0..3), 6);
    let gaps = prop::collection::vec(gap(), 1..6);
    let ends = prop::collection::vec(line_end(), 1..4);
    (fillers, gaps, ends).prop_map(|(fillers, gaps, ends)| Layout { fillers, gaps, ends })
}

/// Up to four valid boards and an ending, with blank lines and comments between them, written
/// with gaps and line ends that vary.
fn made_to_measure() -> impl Strategy<Value = MadeToMeasure> {
    let unread = prop::collection::vec(any::<String>(), 0..3);
    (prop::collection::vec(board(), 0..5), ending(), layout(), unread).prop_map(
        |(good, ending, layout, unread)| {
            let mut lines: Vec<Vec<String>> =
                good.iter().map(|(_, numbers)| numbers.clone()).collect();
            let mut expected: Vec<_> = good
                .iter()
                .map(|(cells, _)| {
                    let width = (2..=5).find(|width| width * width == cells.len()).unwrap();
                    Ok(Board::new(width, cells).unwrap())
                })
                .collect();
            // The bad line's case and line, once they are known.
            let case = good.len() + 1;
            let line = good.len()
                + 1
                + layout.fillers.iter().take(good.len() + 1).map(Vec::len).sum::<usize>();
            let bad = match ending {
                Ending::Nothing => None,
                Ending::NotAnInteger { mut numbers, index, token } => {
                    numbers[index].clone_from(&token);
                    let token = token.into();
                    Some((numbers, ParseError::NotAnInteger { case, line, token }))
                }
                Ending::WrongCount { values, numbers } => {
                    // The parser stops at a 26th number, naming the count; a line that ends
                    // with a count that is no board's names a number too large for any board
                    // rather than the count.
                    let found = numbers.len().min(26);
                    let too_large = (found <= 25)
                        .then(|| values.iter().position(|&value| value >= 25))
                        .flatten();
                    let error = match too_large {
                        Some(index) => {
                            let token = numbers[index].clone().into();
                            ParseError::TooLarge { case, line, token }
                        }
                        None => ParseError::WrongCount { case, line, found },
                    };
                    Some((numbers, error))
                }
                Ending::OutOfRange { mut numbers, index, token } => {
                    numbers[index].clone_from(&token);
                    let cells = numbers.len();
                    let token = token.into();
                    Some((numbers, ParseError::OutOfRange { case, line, token, cells }))
                }
                Ending::Duplicate { cells, mut numbers, index, from } => {
                    numbers[index] = cells[from].to_string();
                    Some((numbers, ParseError::Duplicate { case, line, tile: cells[from] }))
                }
            };
            let has_bad_line = bad.is_some();
            if let Some((numbers, error)) = bad {
                lines.push(numbers);
                expected.push(Err(error));
            }
            let mut text = String::new();
            let mut ends = layout.ends.iter().cycle();
            let mut gaps = layout.gaps.iter().cycle();
            for (numbers, fillers) in lines.iter().zip(&layout.fillers) {
                for filler in fillers {
                    text = text + filler + ends.next().unwrap();
                }
                for (index, number) in numbers.iter().enumerate() {
                    if index > 0 {
                        text += gaps.next().unwrap();
                    }
                    text += number;
                }
                text += ends.next().unwrap();
            }
            if has_bad_line {
                // After a bad line, lines that must not be read.
                for line in unread {
                    text = text + &line + "\n";
                }
            } else {
                // After the last board, blank lines and comments, which are no case.
                for filler in &layout.fillers[lines.len()] {
                    text = text + filler + ends.next().unwrap();
                }
            }
            MadeToMeasure { text, expected }
        },
    )
}

/// Replacement text for damage: line ends and comment marks, as often as each kind of
/// [`fuzz::junk`].
fn junk() -> BoxedStrategy<Vec<u8>> {
    let line_ends = select(&["\n", "\r\n", "\n\n", "#", "\n#", "\r"][..])
        .prop_map(|text| text.as_bytes().to_vec());
    prop_oneof![1 => line_ends, 6 => fuzz::junk()].boxed()
}

/// The lines of `bytes` as the programs cut them: at each `\n`, less a `\r` before it, each line
/// made text on its own (a byte that is not UTF-8 becomes U+FFFD); the last line need not end.
fn program_lines(bytes: &[u8]) -> Vec<String> {
    let mut lines: Vec<&[u8]> = bytes.split(|&byte| byte == b'\n').collect();
    if lines.last().is_some_and(|last| last.is_empty()) {
        lines.pop();
    }
    lines
        .into_iter()
        .map(|line| String::from_utf8_lossy(line.strip_suffix(b"\r").unwrap_or(line)).into_owned())
        .collect()
}

/// Whether a line holds a board (or what should be one): neither blank nor a comment.
fn holds_a_board(line: &str) -> bool {
    let line = line.trim_ascii();
    !line.is_empty() && !line.starts_with('#')
}

/// The contract of a parse of `text`: every board up to the first error is read; the error, if
/// any, ends the results, names the case after the good ones and the line that case is on, and is
/// a line long; the lines before the error's, read again alone, give the same boards and no error.
fn check_contract(text: &str, results: &[Result<Board, ParseError>]) -> Result<(), TestCaseError> {
    let good: Vec<Board> = results.iter().map_while(|result| result.clone().ok()).collect();
    let lines: Vec<&str> = text.lines().collect();
    let mut read = lines.len();
    match &results[good.len()..] {
        [] => {}
        [Err(error)] => {
            let case = good.len() + 1;
            prop_assert_eq!(error.case(), case);
            // The case's line: the line of the first board after the good ones.
            let line = lines
                .iter()
                .enumerate()
                .filter(|(_, line)| holds_a_board(line))
                .nth(good.len())
                .map(|(index, _)| index + 1);
            prop_assert_eq!(Some(error.line()), line);
            let message = error.to_string();
            let frame = format!("case {case} (line {}): ", error.line());
            prop_assert!(message.starts_with(&frame), "{}", message);
            prop_assert!(
                message.len() <= MAX_MESSAGE_BYTES,
                "{} bytes: {}",
                message.len(),
                message
            );
            read = error.line() - 1;
        }
        rest => {
            return Err(TestCaseError::fail(format!("results after the first error: {rest:?}")));
        }
    }
    let replayed: Vec<_> = cases_from(&lines[..read]).collect();
    prop_assert_eq!(replayed, good.into_iter().map(Ok).collect::<Vec<_>>());
    Ok(())
}

proptest! {
    #![proptest_config(config(DEFAULT_CASES))]

    #[test]
    fn made_to_measure_inputs_give_the_expected_boards_and_error(input in made_to_measure()) {
        let results: Vec<_> = cases(&input.text).collect();
        prop_assert_eq!(&results, &input.expected);
        check_contract(&input.text, &results)?;
    }

    #[test]
    fn damaged_inputs_keep_the_contract(
        input in made_to_measure(),
        damages in prop::collection::vec(damage(junk), 1..4),
    ) {
        let (bytes, first_damaged) = damaged(&input.text, &damages);
        let text = String::from_utf8_lossy(&bytes);
        let results: Vec<_> = cases(&text).collect();
        let streamed: Vec<_> = cases_from(program_lines(&bytes)).collect();
        prop_assert_eq!(&streamed, &results, "the parser fed line by line disagrees");
        for size in [1, 2, 3, 5, 64] {
            let read: Vec<_> = cases_from_bytes(bytes.chunks(size)).collect();
            prop_assert_eq!(&read, &results, "the parser fed pieces of {} bytes disagrees", size);
        }
        check_contract(&text, &results)?;
        // A board whose line, line end included, comes before the first damaged byte is read as
        // it was written.
        let mut line_ends_at = 0;
        let mut intact = 0;
        for line in input.text.split_inclusive('\n') {
            line_ends_at += line.len();
            if !line.ends_with('\n') || line_ends_at > first_damaged {
                break;
            }
            intact += usize::from(holds_a_board(line));
        }
        let good = input.expected.iter().take_while(|result| result.is_ok()).count();
        let intact = intact.min(good);
        prop_assert_eq!(&results[..intact], &input.expected[..intact]);
    }
}
