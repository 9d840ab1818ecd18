//! Fuzzing the parser with generated inputs, good and bad (docs/fuzzing.md).
//!
//! Two kinds of input:
//!
//! - **Made to measure.** Valid cases, each number written in one of the ways the integer rule
//!   allows and separated by any ASCII whitespace, then an ending whose outcome is known: nothing,
//!   the terminator (with text after it that must not be read), or one bad case (a token that is
//!   not an integer, an integer that is not a symbol, or the input ending inside it) followed by
//!   text that must not be read. The parser must give exactly the expected boards and error.
//! - **Damaged.** A made-to-measure input with random damage: a token replaced by anything
//!   (non-ASCII text, huge or signed numbers, bytes that are not UTF-8, nothing), bytes inserted,
//!   the whitespace between two tokens changed, the text cut. Nothing predicts the outcome, so
//!   the contract is checked instead: no panic; the parser fed token by token, the way the
//!   program feeds it, agrees; every case before the first bad one is answered and the error
//!   names the bad one in a message of a line; the good cases alone replay to the same boards;
//!   the cases before the damage are read as they were written.
//!
//! How many inputs a property tries: `PROPTEST_CASES` when set, otherwise
//! [`DEFAULT_CASES`](test_support::fuzz::DEFAULT_CASES),
//! chosen so that the whole fuzz suite takes about a minute in CI.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use puzzle_rotation::{Board, CELLS, ParseError, cases, cases_from, cases_from_bytes};
use test_support::fuzz::{
    self, DEFAULT_CASES, config, damage, damaged, gap, not_an_integer, program_tokens, token_spans,
    written,
};

/// The longest error message allowed. A message shows at most 32 characters of a token, each at
/// most 10 bytes once escaped (`\u{10ffff}`), in a frame of less than 100 bytes.
const MAX_MESSAGE_BYTES: usize = 32 * 10 + 100;

/// An integer that is not a symbol and not zero: 4 to 9, -1 to -3, a larger one (up to 60
/// digits), or another negative one, any of them possibly with leading zeros.
fn not_a_symbol() -> impl Strategy<Value = String> {
    prop_oneof![
        "[+]?0{0,2}[4-9]",
        "-0{0,2}[1-3]",
        "[+]?0{0,2}[1-9][0-9]{1,60}",
        "-0{0,2}[1-9][0-9]{0,60}",
    ]
}

/// A cell and an integer that is no symbol there: any integer but 1, 2 and 3, zero included
/// except in the first cell (where it is the terminator).
fn bad_symbol() -> impl Strategy<Value = (usize, String)> {
    prop_oneof![(0..CELLS, not_a_symbol()), (1..CELLS, written(0))]
}

/// A valid case: its 24 symbols and their tokens as written.
fn case() -> impl Strategy<Value = ([u8; CELLS], Vec<String>)> {
    prop::collection::vec((1..=3_u8).prop_flat_map(|symbol| (Just(symbol), written(symbol))), CELLS)
        .prop_map(|cells| {
            let symbols = std::array::from_fn(|cell| cells[cell].0);
            (symbols, cells.into_iter().map(|(_, token)| token).collect())
        })
}

/// How a made-to-measure input ends, after its valid cases.
#[derive(Clone, Debug)]
enum Ending {
    /// The text ends.
    Nothing,
    /// The terminator, then text that is not read.
    Terminator { zero: String, unread: String },
    /// A case whose number `cell` is replaced by `token`, which is not an integer, then text
    /// that is not read.
    NotAnInteger { numbers: Vec<String>, cell: usize, token: String, unread: String },
    /// A case whose number `cell` is replaced by `token`, an integer that is not a symbol.
    BadSymbol { numbers: Vec<String>, cell: usize, token: String, unread: String },
    /// A case of which only the first `found` numbers are there.
    Truncated { numbers: Vec<String>, found: usize },
}

/// Any of the endings, equally often.
fn ending() -> impl Strategy<Value = Ending> {
    let tokens = || case().prop_map(|(_, tokens)| tokens);
    let unread = || any::<String>();
    prop_oneof![
        Just(Ending::Nothing),
        (written(0), unread()).prop_map(|(zero, unread)| Ending::Terminator { zero, unread }),
        (tokens(), 0..CELLS, not_an_integer(), unread()).prop_map(
            |(numbers, cell, token, unread)| Ending::NotAnInteger { numbers, cell, token, unread }
        ),
        (tokens(), bad_symbol(), unread()).prop_map(|(numbers, (cell, token), unread)| {
            Ending::BadSymbol { numbers, cell, token, unread }
        }),
        (tokens(), 1..CELLS).prop_map(|(numbers, found)| Ending::Truncated { numbers, found }),
    ]
}

/// An input and what the parser must make of it.
#[derive(Clone, Debug)]
struct MadeToMeasure {
    text: String,
    expected: Vec<Result<Board, ParseError>>,
}

/// Up to four valid cases and an ending, written with gaps that vary.
fn made_to_measure() -> impl Strategy<Value = MadeToMeasure> {
    let gaps = prop::collection::vec(gap(), 1..8);
    (prop::collection::vec(case(), 0..5), ending(), gaps).prop_map(|(good, ending, gaps)| {
        let mut tokens: Vec<String> = good.iter().flat_map(|(_, tokens)| tokens.clone()).collect();
        let mut expected: Vec<_> =
            good.iter().map(|(cells, _)| Ok(Board::from_cells(cells).unwrap())).collect();
        // The case the ending's bad case, if any, is.
        let case = good.len() + 1;
        // Text that is not read may run into the token before it: a space keeps them apart.
        let mut unread_text = String::new();
        match ending {
            Ending::Nothing => {}
            Ending::Terminator { zero, unread } => {
                tokens.push(zero);
                unread_text = unread;
            }
            Ending::NotAnInteger { mut numbers, cell, token, unread } => {
                numbers[cell].clone_from(&token);
                tokens.extend(numbers);
                expected.push(Err(ParseError::NotAnInteger { case, token: token.into() }));
                unread_text = unread;
            }
            Ending::BadSymbol { mut numbers, cell, token, unread } => {
                numbers[cell].clone_from(&token);
                tokens.extend(numbers);
                expected.push(Err(ParseError::BadSymbol { case, cell, token: token.into() }));
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

/// The contract of a parse of `text`: every case up to the first error is a board; the error, if
/// any, ends the results, names the case after the good ones and is a line long; the good cases'
/// tokens, read again alone, give the same boards and no error.
fn check_contract(text: &str, results: &[Result<Board, ParseError>]) -> Result<(), TestCaseError> {
    let good: Vec<Board> = results.iter().map_while(|result| result.clone().ok()).collect();
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
    let replay: Vec<&str> = text.split_ascii_whitespace().take(CELLS * good.len()).collect();
    let replayed: Vec<_> = cases(&replay.join(" ")).collect();
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
        let intact = (untouched / CELLS).min(good);
        prop_assert_eq!(&results[..intact], &input.expected[..intact]);
    }
}
