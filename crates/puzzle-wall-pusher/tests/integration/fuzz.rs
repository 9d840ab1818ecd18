//! Fuzzing the parser with generated inputs, good and bad (docs/fuzzing.md).
//!
//! Two kinds of input:
//!
//! - **Made to measure.** Valid mazes (a start, and 24 masks whose shared walls agree), each
//!   number written in one of the ways the integer rule allows and separated by any ASCII
//!   whitespace, then an ending whose outcome is known: nothing, the terminator `0 0` (with text
//!   after it that must not be read), a lone `0`, or one bad case (a token that is not an
//!   integer, a start outside the maze, a mask outside 0..15, two cells that disagree about a
//!   wall, or the input ending inside the case) followed by text that must not be read. The
//!   parser must give exactly the expected mazes and error.
//! - **Damaged.** A made-to-measure input with random damage: a token replaced by anything
//!   (non-ASCII text, huge or signed numbers, bytes that are not UTF-8, nothing), bytes inserted,
//!   the whitespace between two tokens changed, the text cut. Nothing predicts the outcome, so
//!   the contract is checked instead: no panic; the parser fed token by token, the way the
//!   program feeds it, agrees; every case before the first bad one is answered and the error
//!   names the bad one in a message of a line; the good cases alone replay to the same mazes;
//!   the cases before the damage are read as they were written.
//!
//! How many inputs a property tries: `PROPTEST_CASES` when set, otherwise
//! [`DEFAULT_CASES`](test_support::fuzz::DEFAULT_CASES),
//! chosen so that the whole fuzz suite takes about a minute in CI.

use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::TestCaseError;
use puzzle_wall_pusher::{
    CELLS, COLUMNS, Dir, Maze, ParseError, ROWS, cases, cases_from, cases_from_bytes,
};
use test_support::fuzz::{
    self, DEFAULT_CASES, config, damage, damaged, gap, not_an_integer, outside, program_tokens,
    token_spans, written,
};

/// The numbers of a case: the start's column and row, then the 24 masks.
const NUMBERS: usize = 2 + CELLS;

/// The longest error message allowed. A message shows at most 32 characters of a token, each at
/// most 10 bytes once escaped (`\u{10ffff}`), in a frame of less than 150 bytes.
const MAX_MESSAGE_BYTES: usize = 32 * 10 + 150;

/// A valid maze: its start cell, its 24 masks, and its 26 tokens as written. Each inner wall and
/// each border side (a wall, or an exit when missing) is there or not at random; the masks of
/// the two cells beside an inner wall agree.
fn case() -> impl Strategy<Value = (usize, [u8; CELLS], Vec<String>)> {
    (0..CELLS, prop::array::uniform24(0..16_u8)).prop_flat_map(|(start, random)| {
        let masks: [u8; CELLS] = std::array::from_fn(|cell| {
            let (column, row) = (cell % COLUMNS, cell / COLUMNS);
            // A cell's own east and south walls decide the walls it shares with the cells east
            // and south of it; the west and north walls are the neighbours' east and south.
            let mut mask = random[cell] & (Dir::E.mask_bit() | Dir::S.mask_bit());
            mask |= match column {
                0 => random[cell] & Dir::W.mask_bit(),
                _ => u8::from(random[cell - 1] & Dir::E.mask_bit() != 0) * Dir::W.mask_bit(),
            };
            mask |= match row {
                0 => random[cell] & Dir::N.mask_bit(),
                _ => u8::from(random[cell - COLUMNS] & Dir::S.mask_bit() != 0) * Dir::N.mask_bit(),
            };
            mask
        });
        let column = u8::try_from(start % COLUMNS + 1).unwrap();
        let row = u8::try_from(start / COLUMNS + 1).unwrap();
        let numbers = [column, row].into_iter().chain(masks).map(written).collect::<Vec<_>>();
        (Just(start), Just(masks), numbers)
    })
}

/// A start outside the maze, as written: a column outside 1..6 or a row outside 1..4, or both,
/// but not both zero (the terminator).
fn start_outside() -> impl Strategy<Value = (String, String)> {
    let (columns, rows) = (u8::try_from(COLUMNS).unwrap(), u8::try_from(ROWS).unwrap());
    let column = (1..=columns).prop_flat_map(written);
    let row = (1..=rows).prop_flat_map(written);
    prop_oneof![
        (outside(1, columns), row),
        (column, outside(1, rows)),
        (outside(1, columns), outside(1, rows)),
    ]
    .prop_filter("not the terminator", |(column, row)| !(is_zero(column) && is_zero(row)))
}

/// Whether the integer `token` is zero.
fn is_zero(token: &str) -> bool {
    token.trim_start_matches(['+', '-']).bytes().all(|byte| byte == b'0')
}

/// How a made-to-measure input ends, after its valid cases.
#[derive(Clone, Debug)]
enum Ending {
    /// The text ends.
    Nothing,
    /// The terminator (two zeros), then text that is not read.
    Terminator { zeros: (String, String), unread: String },
    /// A lone zero, then the end of the text.
    LoneZero(String),
    /// A case whose number `index` (0 the column, 1 the row, 2.. the masks) is replaced by
    /// `token`, which is not an integer, then text that is not read.
    NotAnInteger { numbers: Vec<String>, index: usize, token: String, unread: String },
    /// A case whose start is outside the maze.
    StartOutside { numbers: Vec<String>, column: String, row: String, unread: String },
    /// A case whose mask `cell` is `token`, an integer outside 0..15.
    BadMask { numbers: Vec<String>, cell: usize, token: String, unread: String },
    /// A case where cell `cell` has its wall on side `side` added or removed, and its neighbour's
    /// mask is left as it was.
    OneSidedWall {
        masks: [u8; CELLS],
        numbers: Vec<String>,
        cell: usize,
        side: Dir,
        unread: String,
    },
    /// A case of which only the first `found` numbers are there.
    Truncated { numbers: Vec<String>, found: usize },
}

/// The neighbour of `cell` on side `side`, if it has one.
fn neighbour(cell: usize, side: Dir) -> Option<usize> {
    let (column, row) = (cell % COLUMNS, cell / COLUMNS);
    match side {
        Dir::W => (column > 0).then(|| cell - 1),
        Dir::N => (row > 0).then(|| cell - COLUMNS),
        Dir::E => (column + 1 < COLUMNS).then_some(cell + 1),
        Dir::S => (row + 1 < ROWS).then_some(cell + COLUMNS),
    }
}

/// Any of the endings, equally often.
fn ending() -> impl Strategy<Value = Ending> {
    let numbers = || case().prop_map(|(_, _, numbers)| numbers);
    let unread = || any::<String>();
    let inner_side = (0..CELLS, select(&Dir::ALL[..]))
        .prop_filter("a side with a neighbour", |&(cell, side)| neighbour(cell, side).is_some());
    prop_oneof![
        Just(Ending::Nothing),
        ((written(0), written(0)), unread())
            .prop_map(|(zeros, unread)| Ending::Terminator { zeros, unread }),
        written(0).prop_map(Ending::LoneZero),
        (numbers(), 0..NUMBERS, not_an_integer(), unread()).prop_map(
            |(numbers, index, token, unread)| Ending::NotAnInteger {
                numbers,
                index,
                token,
                unread
            }
        ),
        (numbers(), start_outside(), unread()).prop_map(|(numbers, (column, row), unread)| {
            Ending::StartOutside { numbers, column, row, unread }
        }),
        (numbers(), 0..CELLS, outside(0, 15), unread()).prop_map(
            |(numbers, cell, token, unread)| Ending::BadMask { numbers, cell, token, unread }
        ),
        (case(), inner_side, unread()).prop_map(|((_, masks, numbers), (cell, side), unread)| {
            Ending::OneSidedWall { masks, numbers, cell, side, unread }
        }),
        (numbers(), 1..NUMBERS).prop_map(|(numbers, found)| Ending::Truncated { numbers, found }),
    ]
}

/// An input and what the parser must make of it.
#[derive(Clone, Debug)]
struct MadeToMeasure {
    text: String,
    expected: Vec<Result<Maze, ParseError>>,
}

/// Up to four valid cases and an ending, written with gaps that vary.
fn made_to_measure() -> impl Strategy<Value = MadeToMeasure> {
    let gaps = prop::collection::vec(gap(), 1..8);
    (prop::collection::vec(case(), 0..5), ending(), gaps).prop_map(|(good, ending, gaps)| {
        let mut tokens: Vec<String> =
            good.iter().flat_map(|(_, _, numbers)| numbers.clone()).collect();
        let mut expected: Vec<_> =
            good.iter().map(|(start, masks, _)| Ok(Maze::from_masks(masks, *start))).collect();
        // The case the ending's bad case, if any, is.
        let case = good.len() + 1;
        // Text that is not read may run into the token before it: a space keeps them apart.
        let mut unread_text = String::new();
        match ending {
            Ending::Nothing => {}
            Ending::Terminator { zeros: (column, row), unread } => {
                tokens.extend([column, row]);
                unread_text = unread;
            }
            Ending::LoneZero(zero) => tokens.push(zero),
            Ending::NotAnInteger { mut numbers, index, token, unread } => {
                numbers[index].clone_from(&token);
                tokens.extend(numbers);
                expected.push(Err(ParseError::NotAnInteger { case, token: token.into() }));
                unread_text = unread;
            }
            Ending::StartOutside { mut numbers, column, row, unread } => {
                numbers[0].clone_from(&column);
                numbers[1].clone_from(&row);
                tokens.extend(numbers);
                expected.push(Err(ParseError::StartOutside {
                    case,
                    column: column.into(),
                    row: row.into(),
                }));
                unread_text = unread;
            }
            Ending::BadMask { mut numbers, cell, token, unread } => {
                numbers[2 + cell].clone_from(&token);
                tokens.extend(numbers);
                let (column, row) = (cell % COLUMNS + 1, cell / COLUMNS + 1);
                expected.push(Err(ParseError::BadMask { case, column, row, token: token.into() }));
                unread_text = unread;
            }
            Ending::OneSidedWall { mut masks, mut numbers, cell, side, unread } => {
                masks[cell] ^= side.mask_bit();
                numbers[2 + cell] = masks[cell].to_string();
                tokens.extend(numbers);
                // The error names the cell that has the wall: this one if the wall was added,
                // else the neighbour, which still has it.
                let (cell, side) = if masks[cell] & side.mask_bit() != 0 {
                    (cell, side)
                } else {
                    (neighbour(cell, side).unwrap(), side.opposite())
                };
                let (column, row) = (cell % COLUMNS + 1, cell / COLUMNS + 1);
                expected.push(Err(ParseError::WallsDisagree { case, column, row, side }));
                unread_text = unread;
            }
            Ending::Truncated { numbers, found } => {
                tokens.extend(numbers.into_iter().take(found));
                expected.push(Err(ParseError::Truncated { case, found }));
            }
        }
        let mut text = String::new();
        for (index, token) in tokens.iter().enumerate() {
            text += token;
            text += gaps[index % gaps.len()];
        }
        if !unread_text.is_empty() {
            text = text + " " + &unread_text;
        }
        MadeToMeasure { text, expected }
    })
}

/// The contract of a parse of `text`: every case up to the first error is a maze; the error, if
/// any, ends the results, names the case after the good ones and is a line long; the good cases'
/// tokens, read again alone, give the same mazes and no error.
fn check_contract(text: &str, results: &[Result<Maze, ParseError>]) -> Result<(), TestCaseError> {
    let good: Vec<Maze> = results.iter().map_while(|result| result.clone().ok()).collect();
    match &results[good.len()..] {
        [] => {}
        [Err(error)] => {
            let case = good.len() + 1;
            prop_assert_eq!(error.case(), case);
            let message = error.to_string();
            prop_assert!(message.starts_with(&format!("case {case}: ")), "{}", message);
            prop_assert!(
                message.len() <= MAX_MESSAGE_BYTES,
                "{} bytes: {}",
                message.len(),
                message
            );
        }
        rest => {
            return Err(TestCaseError::fail(format!("results after the first error: {rest:?}")));
        }
    }
    let replay: Vec<&str> = text.split_ascii_whitespace().take(NUMBERS * good.len()).collect();
    let replayed: Vec<_> = cases(&replay.join(" ")).collect();
    prop_assert_eq!(replayed, good.into_iter().map(Ok).collect::<Vec<_>>());
    Ok(())
}

proptest! {
    #![proptest_config(config(DEFAULT_CASES))]

    #[test]
    fn made_to_measure_inputs_give_the_expected_mazes_and_error(input in made_to_measure()) {
        let results: Vec<_> = cases(&input.text).collect();
        prop_assert_eq!(&results, &input.expected);
        check_contract(&input.text, &results)?;
    }

    #[test]
    fn damaged_inputs_keep_the_contract(
        input in made_to_measure(),
        damages in prop::collection::vec(damage(fuzz::junk), 1..4),
    ) {
        let (bytes, first_damaged) = damaged(&input.text, &damages);
        let text = String::from_utf8_lossy(&bytes);
        let results: Vec<_> = cases(&text).collect();
        let streamed: Vec<_> = cases_from(program_tokens(&bytes)).collect();
        prop_assert_eq!(&streamed, &results, "the parser fed token by token disagrees");
        // The programs' way: the bytes as they are read, cut anywhere.
        for size in [1, 2, 3, 5, 64] {
            let read: Vec<_> = cases_from_bytes(bytes.chunks(size)).collect();
            prop_assert_eq!(&read, &results, "the parser fed pieces of {} bytes disagrees", size);
        }
        check_contract(&text, &results)?;
        // A case whose tokens all end before the first damaged byte is read as it was written.
        let untouched =
            token_spans(&input.text).iter().filter(|(_, end)| *end < first_damaged).count();
        let good = input.expected.iter().take_while(|result| result.is_ok()).count();
        let intact = (untouched / NUMBERS).min(good);
        prop_assert_eq!(&results[..intact], &input.expected[..intact]);
    }
}
