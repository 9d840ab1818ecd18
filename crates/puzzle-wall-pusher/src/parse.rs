//! Reading the judge's input: cases of a start and 24 cell masks, ended by `0 0`.
//!
//! The parser is an iterator over the cases, so a caller can answer every good case before it
//! reports the first bad one.

use std::error::Error;
use std::fmt;
use std::iter::Once;

use judge_input::{Decoded, Integer, Token, Tokens};

use crate::maze::{COLUMNS, ROWS, disagreement};
use crate::{CELLS, Dir, Maze};

/// The numbers in a case: the start's column and row, then the 24 masks.
const NUMBERS: usize = 2 + CELLS;

/// What is wrong with a case of the input. Every variant names the case, counted from 1; cells
/// are named by column and row counted from 1, as in the input.
///
/// A variant keeps a token's first 32 characters and its length, never the token whole; its
/// message shows a token of more than 32 characters by its first 32, `...` and its length in
/// bytes, so that a huge token makes a short error and a short message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A token is not an integer (an optional sign and decimal digits).
    NotAnInteger {
        /// The case, counted from 1.
        case: usize,
        /// The offending token.
        token: Token,
    },
    /// The start is not a cell: the column is outside 1..6 or the row outside 1..4 (and they
    /// are not both 0, which ends the input).
    StartOutside {
        /// The case, counted from 1.
        case: usize,
        /// The column as written.
        column: Token,
        /// The row as written.
        row: Token,
    },
    /// The input ends after the start's column, which is outside 1..6 (and not 0): the column,
    /// not the missing row, is what the message names.
    ColumnOutside {
        /// The case, counted from 1.
        case: usize,
        /// The column as written (it may be too large for any integer type).
        column: Token,
    },
    /// A cell's mask is outside 0..15.
    BadMask {
        /// The case, counted from 1.
        case: usize,
        /// The cell's column, from 1.
        column: usize,
        /// The cell's row, from 1.
        row: usize,
        /// The integer as written (it may be too large for any integer type).
        token: Token,
    },
    /// The input ends in the middle of a case.
    Truncated {
        /// The case, counted from 1.
        case: usize,
        /// How many of its 26 numbers (column, row, 24 masks) were there.
        found: usize,
    },
    /// Two neighbouring cells disagree about the wall between them: this cell's mask has a wall
    /// on side `side`, and the neighbour's mask has none on the opposite side.
    WallsDisagree {
        /// The case, counted from 1.
        case: usize,
        /// The column, from 1, of the cell that has the wall.
        column: usize,
        /// The row, from 1, of the cell that has the wall.
        row: usize,
        /// The side of that cell the wall is on.
        side: Dir,
    },
}

impl ParseError {
    /// The case the error is in, counted from 1.
    #[must_use]
    pub fn case(&self) -> usize {
        match *self {
            Self::NotAnInteger { case, .. }
            | Self::StartOutside { case, .. }
            | Self::ColumnOutside { case, .. }
            | Self::BadMask { case, .. }
            | Self::Truncated { case, .. }
            | Self::WallsDisagree { case, .. } => case,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotAnInteger { case, token } => {
                write!(f, "case {case}: token {} is not an integer", token.quoted())
            }
            Self::StartOutside { case, column, row } => {
                let (column, row) = (column.as_written(), row.as_written());
                write!(
                    f,
                    "case {case}: the start (column {column}, row {row}) is outside the maze's \
                     {COLUMNS} columns and {ROWS} rows"
                )
            }
            Self::ColumnOutside { case, column } => {
                let column = column.as_written();
                write!(
                    f,
                    "case {case}: the start's column {column} is outside the maze's {COLUMNS} \
                     columns (and the input ends before its row)"
                )
            }
            Self::BadMask { case, column, row, token } => {
                let token = token.as_written();
                write!(
                    f,
                    "case {case}: the cell at column {column}, row {row} has mask {token}, but a \
                     mask is 0 to 15"
                )
            }
            Self::Truncated { case, found } => write!(
                f,
                "case {case}: the input ends after {found} of the case's {NUMBERS} numbers"
            ),
            Self::WallsDisagree { case, column, row, side } => {
                let (next_column, next_row) = match side {
                    Dir::W => (column - 1, *row),
                    Dir::E => (column + 1, *row),
                    Dir::N => (*column, row - 1),
                    Dir::S => (*column, row + 1),
                };
                write!(
                    f,
                    "case {case}: the cell at column {column}, row {row} has a wall on its {} \
                     side, but its neighbour at column {next_column}, row {next_row} has none on \
                     its {} side",
                    side.name(),
                    side.opposite().name()
                )
            }
        }
    }
}

impl Error for ParseError {}

/// The cases of a judge input, one [`Maze`] at a time.
///
/// - Tokens are separated by any ASCII whitespace: the judge puts the start on a line and the
///   masks on four more, but any layout is read the same.
/// - **Integers.** An integer is an optional sign (`+` or `-`) followed by one or more ASCII
///   decimal digits, leading zeros allowed (`+1` and `001` are 1, `-0` is 0); any other token is
///   not an integer, and a negative integer other than 0 is out of range. The three puzzle
///   crates read numbers by this one rule, [`judge_input::Token::integer`]. A token that is not
///   an integer is [`ParseError::NotAnInteger`]; one out of range is
///   [`ParseError::StartOutside`] or [`ParseError::BadMask`] (or [`ParseError::ColumnOutside`],
///   a start's column with the input ending before its row).
/// - A start of `0 0` ends the input; nothing after it is read. So does the end of the text right
///   after a complete case (the final `0 0` may be missing), or after a lone `0`.
/// - **Walls both sides must agree on.** A wall between two cells appears in both masks; if one
///   cell has it and its neighbour does not, the case is rejected with
///   [`ParseError::WallsDisagree`], naming the cell that has it. The input is taken to be wrong
///   rather than guessed at: the rules do not say which of the two masks to believe.
/// - After an error the iterator ends: what follows a bad token cannot be trusted to line up.
/// - **Memory.** A token is read through, not held: the parser keeps its first 32 characters
///   and its length, and the numbers of the case it is in. Fed by [`cases_from_bytes`] a buffer
///   at a time, it reads any input, a 20 MB token included, in memory bounded by its buffer.
///
/// ```
/// use puzzle_wall_pusher::{cases, ParseError};
///
/// let input = "2 3\n10 2 10 10 2 6\n3 12 11 14 9 4\n13 15 3 6 15 13\n14 11 12 9 14 11\n7 1";
/// let mut cases = cases(input);
/// assert_eq!(cases.next().unwrap().unwrap().player(), 13);
/// let error = cases.next().unwrap().unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "case 2: the start (column 7, row 1) is outside the maze's 6 columns and 4 rows"
/// );
/// assert_eq!(cases.next(), None);
/// ```
#[must_use]
pub fn cases(input: &str) -> Cases<Once<&str>> {
    cases_from(std::iter::once(input))
}

/// The cases of an input given in pieces of text, each made of whole tokens (a token never spans
/// two pieces: single tokens, lines, or what a reader has buffered up to its last whitespace),
/// read only as far as the next case needs: the parser behind [`cases`], for input that arrives
/// bit by bit (a program reading a pipe or a person typing) and is never held whole.
///
/// ```
/// use puzzle_wall_pusher::cases_from;
///
/// let input = "2 3 10 2 10 10 2 6 3 12 11 14 9 4 13 15 3 6 15 13 14 11 12 9 14 11 0 0";
/// let mut cases = cases_from(input.split(' ').map(String::from));
/// assert_eq!(cases.next().unwrap().unwrap().player(), 13);
/// assert_eq!(cases.next(), None); // the 0 0: the end
/// ```
#[must_use]
pub fn cases_from<I>(pieces: I) -> Cases<I::IntoIter>
where
    I: IntoIterator<Item: AsRef<str>>,
{
    Cases::new(Grammar, Tokens::new(pieces.into_iter()))
}

/// The cases of an input given as pieces of bytes cut anywhere (a program's reads of a file or a
/// pipe: a token may span pieces), read one piece at a time and only as far as the next case
/// needs, in memory bounded by the largest piece whatever the input holds. Bytes that are not
/// UTF-8 become U+FFFD, as [`String::from_utf8_lossy`] makes them, wherever the pieces are cut.
///
/// ```
/// use puzzle_wall_pusher::cases_from_bytes;
///
/// let start: &[u8] = b"2 3 10 2 10 10 2 6 3 12 11 14 9 4 13 15 3 6 15 13 14 11 12 9 1";
/// let pieces = [start, b"4 11 0"];
/// let mut cases = cases_from_bytes(pieces);
/// assert_eq!(cases.next().unwrap().unwrap().player(), 13);
/// assert_eq!(cases.next(), None); // a lone 0: the end
/// ```
#[must_use]
pub fn cases_from_bytes<I>(pieces: I) -> Cases<Decoded<I::IntoIter>>
where
    I: IntoIterator<Item: AsRef<[u8]>>,
{
    Cases::new(Grammar, Tokens::joined(Decoded::new(pieces.into_iter())))
}

/// The iterator [`cases`], [`cases_from`] and [`cases_from_bytes`] return, over pieces of text
/// `I`.
pub type Cases<I> = judge_input::Cases<Grammar, I>;

/// The judge's grammar of a case: a start and 24 cell masks, or `0 0` that ends the input
/// ([`cases`] says it whole). [`Cases`] reads the cases by it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Grammar;

impl judge_input::Grammar for Grammar {
    type Case = Maze;
    type Error = ParseError;

    fn read<I: Iterator<Item: AsRef<str>>>(
        &mut self,
        tokens: &mut Tokens<I>,
        case: usize,
    ) -> Option<Result<Maze, ParseError>> {
        // Kept for the message of a start outside the maze, past the next token's read.
        let column_token = tokens.next()?.clone();
        let column = match number(case, &column_token) {
            Ok(column) => column,
            Err(error) => return Some(Err(error)),
        };
        let Some(row_token) = tokens.next() else {
            return match column {
                Some(0) => None,
                Some(1..=COLUMNS) => Some(Err(ParseError::Truncated { case, found: 1 })),
                _ => Some(Err(ParseError::ColumnOutside { case, column: column_token })),
            };
        };
        let row = match number(case, row_token) {
            Ok(row) => row,
            Err(error) => return Some(Err(error)),
        };
        let start = match (column, row) {
            (Some(0), Some(0)) => return None,
            (Some(column @ 1..=COLUMNS), Some(row @ 1..=ROWS)) => COLUMNS * (row - 1) + column - 1,
            _ => {
                let (column, row) = (column_token, row_token.clone());
                return Some(Err(ParseError::StartOutside { case, column, row }));
            }
        };
        let mut masks = [0; CELLS];
        for (cell, mask) in masks.iter_mut().enumerate() {
            let Some(token) = tokens.next() else {
                return Some(Err(ParseError::Truncated { case, found: 2 + cell }));
            };
            match number(case, token) {
                Err(error) => return Some(Err(error)),
                Ok(Some(value @ 0..=15)) => {
                    *mask = u8::try_from(value).expect("a mask fits in a byte");
                }
                Ok(_) => {
                    let (column, row) = (cell % COLUMNS + 1, cell / COLUMNS + 1);
                    let token = token.clone();
                    return Some(Err(ParseError::BadMask { case, column, row, token }));
                }
            }
        }
        if let Some((cell, side)) = disagreement(&masks) {
            let (column, row) = (cell % COLUMNS + 1, cell / COLUMNS + 1);
            return Some(Err(ParseError::WallsDisagree { case, column, row, side }));
        }
        Some(Ok(Maze::from_masks(&masks, start)))
    }
}

/// Reads `token` of case `case` as an integer: `Some(value)` when it is not negative and fits a
/// `usize`, `None` when it is an integer out of every range this format uses.
fn number(case: usize, token: &Token) -> Result<Option<usize>, ParseError> {
    match token.integer() {
        None => Err(ParseError::NotAnInteger { case, token: token.clone() }),
        Some(Integer::Natural(value)) => Ok(usize::try_from(value).ok()),
        Some(Integer::Negative | Integer::TooLarge) => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_with_signs_and_leading_zeros() {
        let number = |text: &str| number(1, &Token::from(text));
        assert_eq!(number("+007"), Ok(Some(7)));
        assert_eq!(number("-0"), Ok(Some(0)));
        assert_eq!(number("-3"), Ok(None));
        assert_eq!(number("99999999999999999999999"), Ok(None));
        for bad in ["", "-", "x", "1.0", "1e3", "٣"] {
            assert!(number(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn disagreements_name_both_cells() {
        let error = ParseError::WallsDisagree { case: 2, column: 3, row: 1, side: Dir::S };
        assert_eq!(
            error.to_string(),
            "case 2: the cell at column 3, row 1 has a wall on its south side, but its neighbour \
             at column 3, row 2 has none on its north side"
        );
    }

    #[test]
    fn bytes_cut_anywhere_read_as_the_whole_text() {
        let case = "2 3 10 2 10 10 2 6 3 12 11 14 9 4 13 15 3 6 15 13 14 11 12 9 14 11";
        let input = format!("{case}\n{case}\n1 999999999999999999999999 x");
        for size in 1..20 {
            let read: Vec<_> = cases_from_bytes(input.as_bytes().chunks(size)).collect();
            assert_eq!(read, cases(&input).collect::<Vec<_>>(), "pieces of {size}");
            assert_eq!(read.len(), 3);
        }
    }

    #[test]
    fn a_huge_token_is_read_through_but_not_held() {
        // A start, then 20 MB of NUL bytes in pieces of 4 KB made one at a time.
        static NULS: [u8; 4096] = [0; 4096];
        let pieces = std::iter::once(b"2 3 10 ".to_vec())
            .chain(std::iter::repeat_n(NULS.to_vec(), 20_000_000 / 4096));
        let error = cases_from_bytes(pieces).next().unwrap().unwrap_err();
        let bytes = 20_000_000 / 4096 * 4096;
        assert_eq!(
            error.to_string(),
            format!(r#"case 1: token "{}..." ({bytes} bytes) is not an integer"#, r"\0".repeat(32))
        );
        let ParseError::NotAnInteger { token, .. } = error else { unreachable!() };
        assert_eq!(token.start().len(), judge_input::EXCERPT_CHARS);
    }

    #[test]
    fn a_start_column_out_of_range_at_the_input_s_end_is_named() {
        // 20 MB of digits, in pieces of 4 KB: the start's column, and nothing after it.
        let pieces = std::iter::repeat_n(vec![b'7'; 4096], 20_000_000 / 4096);
        let error = cases_from_bytes(pieces).next().unwrap().unwrap_err();
        let bytes = 20_000_000 / 4096 * 4096;
        assert_eq!(
            error.to_string(),
            format!(
                "case 1: the start's column {}... ({bytes} bytes) is outside the maze's 6 \
                 columns (and the input ends before its row)",
                "7".repeat(32)
            )
        );
        let message = |input: &str| cases(input).next().unwrap().unwrap_err().to_string();
        assert_eq!(
            message("-3"),
            "case 1: the start's column -3 is outside the maze's 6 columns (and the input ends \
             before its row)"
        );
        // A column in the maze: what is wrong is the input's end.
        assert_eq!(message("6"), "case 1: the input ends after 1 of the case's 26 numbers");
        assert_eq!(cases("0").next(), None, "a lone 0 ends the input");
    }
}
