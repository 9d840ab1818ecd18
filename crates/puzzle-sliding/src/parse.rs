//! Reading boards: one per line, `k²` integers (or a shape such as `2x3:` and as many integers
//! as its cells), `#` comments and blank lines skipped.
//!
//! The parser is an iterator over the boards, so a caller can answer every good board before it
//! reports the first bad one.
//!
//! It reads its input as a stream of text, token by token as `judge_input::Tokens` finds them in
//! pieces cut anywhere, and holds no more of it than a board needs, so that its memory is bounded
//! whatever the input: besides the piece of input it is given (a line, a buffer), at most the 25
//! numbers of the line it is in, each kept as its value and its first [`EXCERPT_CHARS`]
//! characters (for a message). A line stops being read at its 26th number (too many for any
//! board), and a token of any length, say 20 MB of one character, is read through without being
//! held.

use std::iter::{self, Once};

use judge_input::{Integer, Next, Tokens};

use crate::{Board, MAX_CELLS};

mod error;
mod pieces;

pub use error::{EXCERPT_CHARS, ParseError, Token};
pub use judge_input::Decoded;
pub use pieces::{LineEnds, LinePiece};

/// The cases of an input, one [`Board`] per line.
///
/// - A line holds the `k²` cells of one board, row by row, separated by whitespace; `0` is the
///   blank. The count says the size: 9 numbers for the 8-puzzle, 16 for the 15-puzzle, 25 for
///   the 24-puzzle (and 4 for the 3-puzzle).
/// - **Rectangular boards.** A line may start with the board's shape, `WIDTHxHEIGHT:` (columns,
///   a lowercase `x`, rows, a colon, then whitespace), and then holds `WIDTH·HEIGHT` cells, row
///   by row: `2x3: 1 0 2 3 4 5` is the board of two columns and three rows whose blank is in the
///   top right corner. A shape has at least 2 columns and 2 rows and at most 25 cells
///   (`3x3:` is allowed, and the same as no shape). The goal is, as for square boards, the blank
///   top-left then `1 2 3 ...` row by row. A line's first token that ends with `:` is read as a
///   shape, and one that is not a board's is [`ParseError::BadShape`]; a count that is not the
///   shape's is [`ParseError::ShapeMismatch`]. (No line that was a board without the shape
///   syntax means anything else with it: a token ending with `:` was never an integer.)
/// - **Integers.** An integer is an optional sign (`+` or `-`) followed by one or more ASCII
///   decimal digits, leading zeros allowed (`+1` and `001` are 1, `-0` is 0); any other token is
///   not an integer, and a negative integer other than 0 is out of range. The three puzzle
///   crates read numbers by this one rule. A token that is not an integer is
///   [`ParseError::NotAnInteger`]; one out of range is [`ParseError::OutOfRange`].
/// - The tokens of a line are read in order, and the first fault found is the error: a token
///   that is not an integer, a 26th number (more than any board has), then, at the line's end,
///   a count that is no board's, a number out of range, a tile twice. A line that ends with a
///   count that is no board's and holds a number above 24, too large for any board (a 20 MB
///   token of digits, say), is [`ParseError::TooLarge`]: the number is named, not the count (a
///   26th number is the error at once, whatever the numbers before it).
/// - Blank lines and lines whose first non-blank character is `#` are skipped. Lines end with
///   `\n`; the ASCII whitespace around and between numbers (`\r` included) is skipped.
/// - After an error the iterator ends.
/// - **Memory.** Besides the piece of input it is reading, the parser holds at most the 25
///   numbers of the line it is in, each as its value and its first [`EXCERPT_CHARS`]
///   characters: a line stops being read at its 26th number, and a token of any length is
///   read through without being held. Fed by [`cases_from_bytes`] a buffer at a time, it reads
///   any input, a 100 MB line included, in memory bounded by its buffer.
///
/// ```
/// use puzzle_sliding::cases;
///
/// let input = "# three boards\n1 0 2 3 4 5 6 7 8\n2x3: 1 0 2 3 4 5\n\n1 2 3 4 5 6 7 8 8\n";
/// let mut cases = cases(input);
/// assert_eq!(cases.next().unwrap().unwrap().width(), 3);
/// let board = cases.next().unwrap().unwrap();
/// assert_eq!((board.width(), board.height(), board.blank()), (2, 3, 1));
/// let error = cases.next().unwrap().unwrap_err();
/// assert_eq!(error.to_string(), "case 3 (line 5): tile 8 appears twice");
/// assert_eq!(cases.next(), None);
/// ```
#[must_use]
pub fn cases(input: &str) -> Cases<Once<&str>> {
    cases_from_text(iter::once(input))
}

/// The cases of an input given as its lines (without their line ends), read one at a time and
/// only as far as the next case needs.
///
/// ```
/// use puzzle_sliding::cases_from;
///
/// let lines = vec!["# a comment".to_owned(), "1 0 2 3 4 5 6 7 8".to_owned()];
/// let mut cases = cases_from(lines);
/// assert_eq!(cases.next().unwrap().unwrap().blank(), 1);
/// assert_eq!(cases.next(), None);
/// ```
#[must_use]
pub fn cases_from<I>(lines: I) -> Cases<LineEnds<I::IntoIter>>
where
    I: IntoIterator<Item: AsRef<str>>,
{
    cases_from_text(LineEnds::new(lines.into_iter()))
}

/// The cases of an input given as pieces of text cut anywhere (between characters), read one
/// piece at a time and only as far as the next case needs: the parser behind [`cases`] and
/// [`cases_from`].
///
/// ```
/// use puzzle_sliding::cases_from_text;
///
/// // "4" and "5" are one token: "45".
/// let mut cases = cases_from_text(["1 0 2 3 4", "5 6 7 8 9\n"]);
/// assert!(cases.next().unwrap().is_err());
/// let mut cases = cases_from_text(["1 0 2 3 4", " 5 6 7 8\n0 1"]);
/// assert_eq!(cases.next().unwrap().unwrap().blank(), 1);
/// assert!(cases.next().unwrap().is_err());
/// ```
#[must_use]
pub fn cases_from_text<I>(pieces: I) -> Cases<I::IntoIter>
where
    I: IntoIterator<Item: AsRef<str>>,
{
    Cases::new(Grammar, Tokens::joined(pieces.into_iter()))
}

/// The cases of an input given as pieces of bytes cut anywhere (a program's reads of a file or a
/// pipe), read one piece at a time and only as far as the next case needs. Bytes that are not
/// UTF-8 become U+FFFD, as [`String::from_utf8_lossy`] makes them, wherever the pieces are cut: a
/// character cut between two pieces is whole again.
///
/// ```
/// use puzzle_sliding::cases_from_bytes;
///
/// let pieces: [&[u8]; 3] = [b"1 0 2 3 4 5 6 7 \xc3", b"\xa9\n", b"1 0 2 3 4 5 6 7 8\n"];
/// let mut cases = cases_from_bytes(pieces);
/// let error = cases.next().unwrap().unwrap_err();
/// assert_eq!(error.to_string(), r#"case 1 (line 1): token "é" is not an integer"#);
/// ```
#[must_use]
pub fn cases_from_bytes<I>(pieces: I) -> Cases<Decoded<I::IntoIter>>
where
    I: IntoIterator<Item: AsRef<[u8]>>,
{
    cases_from_text(Decoded::new(pieces.into_iter()))
}

/// The iterator [`cases`], [`cases_from`], [`cases_from_text`] and [`cases_from_bytes`] return,
/// over pieces of text `I`.
pub type Cases<I> = judge_input::Cases<Grammar, I>;

/// The grammar of a case: a line of a board's numbers, after any blank lines and comments
/// ([`cases`] says it whole). [`Cases`] reads the cases by it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Grammar;

impl judge_input::Grammar for Grammar {
    type Case = Board;
    type Error = ParseError;

    fn read<I: Iterator<Item: AsRef<str>>>(
        &mut self,
        tokens: &mut Tokens<I>,
        case: usize,
    ) -> Option<Result<Board, ParseError>> {
        // The line of the case, once its first token is read.
        let mut line = None;
        // Whether the line being read is a comment (its first token starts with `#`).
        let mut comment = false;
        // The shape the line started with, if any: columns and rows.
        let mut shape = None;
        // The numbers the line has held so far, with their tokens for a message.
        let mut numbers = Vec::with_capacity(MAX_CELLS);
        loop {
            // No line end lies between here and the next token: this is its line.
            let here = tokens.line();
            let token = match tokens.next_in_line() {
                Next::Token(token) => token,
                // The end of the input ends its last line.
                ended => {
                    if let Some(line) = line {
                        return Some(board(&numbers, shape, case, line));
                    }
                    if matches!(ended, Next::End) {
                        return None;
                    }
                    comment = false;
                    continue;
                }
            };
            if comment {
                continue;
            }
            let line = match line {
                Some(line) => line,
                // The line's first token: a comment, or a case, which may start with its shape.
                None if token.start().starts_with('#') => {
                    comment = true;
                    continue;
                }
                None => {
                    line = Some(here);
                    if token.last() == Some(':') {
                        let Some(board) = shape_of(token) else {
                            let token = token.clone();
                            return Some(Err(ParseError::BadShape { case, line: here, token }));
                        };
                        shape = Some(board);
                        continue;
                    }
                    here
                }
            };
            let Some(integer) = token.integer() else {
                let token = token.clone();
                return Some(Err(ParseError::NotAnInteger { case, line, token }));
            };
            if numbers.len() == MAX_CELLS {
                let found = MAX_CELLS + 1;
                return Some(Err(match shape {
                    Some((width, height)) => {
                        ParseError::ShapeMismatch { case, line, width, height, found }
                    }
                    None => ParseError::WrongCount { case, line, found },
                }));
            }
            numbers.push((integer, token.clone()));
        }
    }
}

/// The token as a board's shape, `WIDTHxHEIGHT:`, if it is one: columns and rows as ASCII
/// decimal digits (leading zeros allowed), a lowercase `x`, a colon.
fn shape_of(token: &Token) -> Option<(usize, usize)> {
    if !token.is_whole() {
        return None;
    }
    let (width, height) = token.start().strip_suffix(':')?.split_once('x')?;
    let side = |text: &str| -> Option<usize> {
        let digits =
            !text.is_empty() && text.len() <= 3 && text.bytes().all(|b| b.is_ascii_digit());
        digits.then(|| text.parse().ok()).flatten()
    };
    let (width, height) = (side(width)?, side(height)?);
    Board::is_shape(width, height).then_some((width, height))
}

/// The first of a line's numbers that is too large for any board's tile, as the error of a line
/// whose count is no board's.
fn too_large(numbers: &[(Integer, Token)], case: usize, line: usize) -> Option<ParseError> {
    let (_, token) = numbers.iter().find(|(integer, _)| match *integer {
        Integer::Natural(value) => value >= MAX_CELLS as u64,
        Integer::TooLarge => true,
        Integer::Negative => false,
    })?;
    Some(ParseError::TooLarge { case, line, token: token.clone() })
}

/// The board of a line's numbers, of the shape it started with if any.
fn board(
    numbers: &[(Integer, Token)],
    shape: Option<(usize, usize)>,
    case: usize,
    line: usize,
) -> Result<Board, ParseError> {
    let found = numbers.len();
    let (width, height) = match shape {
        Some((width, height)) if width * height == found => (width, height),
        Some((width, height)) => {
            return Err(too_large(numbers, case, line).unwrap_or(ParseError::ShapeMismatch {
                case,
                line,
                width,
                height,
                found,
            }));
        }
        None => match (2..=5).find(|width| width * width == found) {
            Some(width) => (width, width),
            None => {
                return Err(too_large(numbers, case, line).unwrap_or(ParseError::WrongCount {
                    case,
                    line,
                    found,
                }));
            }
        },
    };
    let mut cells = [0_u8; MAX_CELLS];
    let mut seen = 0_u32;
    for (slot, (integer, token)) in cells.iter_mut().zip(numbers) {
        let tile = match *integer {
            Integer::Natural(tile) => {
                u8::try_from(tile).ok().filter(|&tile| usize::from(tile) < found)
            }
            Integer::Negative | Integer::TooLarge => None,
        };
        let Some(tile) = tile else {
            let token = token.clone();
            return Err(ParseError::OutOfRange { case, line, token, cells: found });
        };
        if seen & 1 << tile != 0 {
            return Err(ParseError::Duplicate { case, line, tile });
        }
        seen |= 1 << tile;
        *slot = tile;
    }
    Ok(Board::rectangular(width, height, &cells[..found]).expect("each tile once, all in range"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_ascii_whitespace_separates_or_surrounds_numbers() {
        // A no-break space is a bad token at the start of a line as between two numbers.
        for line in ["\u{a0}1 0 2 3 4 5 6 7 8", "1 0 2 3 4 5 6 7\u{a0}8", "\u{3000}"] {
            let error = cases(line).next().unwrap().unwrap_err();
            assert!(matches!(error, ParseError::NotAnInteger { .. }), "{line:?}: {error}");
        }
        assert!(cases("\t1 0 2 3 4 5 6 7 8\r").next().unwrap().is_ok());
    }

    /// Pieces of bytes made on demand, never held together: `count` pieces of `piece`, and a
    /// count of the pieces taken.
    fn pieces<'a>(
        piece: &'static [u8],
        count: usize,
        taken: &'a std::cell::Cell<usize>,
    ) -> impl Iterator<Item = &'static [u8]> + 'a {
        iter::repeat_n(piece, count).inspect(|_| taken.set(taken.get() + 1))
    }

    #[test]
    fn a_long_line_is_read_up_to_its_26th_number() {
        let taken = std::cell::Cell::new(0);
        let error = cases_from_bytes(pieces(b"1 ", 50_000_000, &taken)).next().unwrap();
        let expected = ParseError::WrongCount { case: 1, line: 1, found: 26 };
        assert_eq!(error, Err(expected.clone()));
        assert_eq!(
            expected.to_string(),
            "case 1 (line 1): more than 25 numbers, but a board has 4, 9, 16 or 25 (k x k cells, \
             k from 2 to 5)"
        );
        // The 26th number ends at the space after it.
        assert_eq!(taken.get(), 26);
    }

    #[test]
    fn a_huge_token_is_read_through_but_not_held() {
        // 20 MB of NUL bytes, in pieces of 4 KB made one at a time.
        static NULS: [u8; 4096] = [0; 4096];
        let taken = std::cell::Cell::new(0);
        let mut cases = cases_from_bytes(pieces(&NULS, 20_000_000 / 4096, &taken));
        let error = cases.next().unwrap().unwrap_err();
        let bytes = 20_000_000 / 4096 * 4096;
        assert_eq!(
            error.to_string(),
            format!(
                r#"case 1 (line 1): token "{}..." ({bytes} bytes) is not an integer"#,
                r"\0".repeat(32)
            )
        );
        let ParseError::NotAnInteger { token, .. } = error else { unreachable!() };
        assert_eq!(token.start().len(), EXCERPT_CHARS);
        // A number as long, all leading zeros, is a tile.
        let mut zeros = String::from("1 2 3 4 5 6 7 8 ");
        zeros.push_str(&"0".repeat(100_000));
        let taken = std::cell::Cell::new(0);
        let text = zeros.clone();
        let board = cases_from_text(text.as_bytes().chunks(7).map(|chunk| {
            taken.set(taken.get() + 1);
            std::str::from_utf8(chunk).unwrap()
        }))
        .next();
        assert_eq!(board.unwrap().unwrap().blank(), 8);
        assert!(taken.get() > 1);
    }

    #[test]
    fn a_number_too_large_for_any_board_is_named_rather_than_the_count() {
        // 20 MB of digits, in pieces of 4 KB made one at a time: one number, far too large.
        static SEVENS: [u8; 4096] = [b'7'; 4096];
        let taken = std::cell::Cell::new(0);
        let error = cases_from_bytes(pieces(&SEVENS, 20_000_000 / 4096, &taken)).next().unwrap();
        let bytes = 20_000_000 / 4096 * 4096;
        assert_eq!(
            error.unwrap_err().to_string(),
            format!(
                "case 1 (line 1): {}... ({bytes} bytes) is too large: a tile is 0 to 24 on any \
                 board",
                "7".repeat(32)
            )
        );
        let message = |line: &str| cases(line).next().unwrap().unwrap_err().to_string();
        assert_eq!(
            message("1 2 25 4 0"),
            "case 1 (line 1): 25 is too large: a tile is 0 to 24 on any board"
        );
        assert_eq!(
            message("2x3: 1 0 99999999999999999999999"),
            "case 1 (line 1): 99999999999999999999999 is too large: a tile is 0 to 24 on any board"
        );
        // A 26th number is the error at once: the count is named, whatever the numbers before it.
        let many = format!("{} 30 1", "1 ".repeat(24));
        assert_eq!(
            message(&many),
            "case 1 (line 1): more than 25 numbers, but a board has 4, 9, 16 or 25 (k x k cells, \
             k from 2 to 5)"
        );
        // A count that is a board's keeps the board's own range in the message.
        assert_eq!(
            message("1 2 3 4 5 6 7 8 30"),
            "case 1 (line 1): 30 is not a tile of a 9-cell board (0 to 8)"
        );
        // Small numbers: the count is what is wrong.
        assert_eq!(
            message("1 2 0"),
            "case 1 (line 1): 3 numbers, but a board has 4, 9, 16 or 25 (k x k cells, k from 2 \
             to 5)"
        );
    }
}
