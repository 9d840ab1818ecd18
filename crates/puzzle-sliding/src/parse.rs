//! Reading boards: one per line, `k²` integers, `#` comments and blank lines skipped.
//!
//! The parser is an iterator over the boards, so a caller can answer every good board before it
//! reports the first bad one.

use std::error::Error;
use std::fmt;
use std::str::Lines;

use crate::{Board, MAX_CELLS};

/// What is wrong with a line of the input. Every variant names the case (the board, counted from
/// 1 among the lines that are neither blank nor comments) and the line, counted from 1.
///
/// A variant keeps its tokens whole; its message shows a token of more than 32 characters by
/// its first 32, `...` and its length in bytes, so that a huge token makes a short message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A token is not an integer (an optional sign and decimal digits).
    NotAnInteger {
        /// The case, counted from 1.
        case: usize,
        /// The line, counted from 1.
        line: usize,
        /// The offending token.
        token: String,
    },
    /// The line does not hold 4, 9, 16 or 25 numbers (a square board of side 2 to 5).
    WrongCount {
        /// The case, counted from 1.
        case: usize,
        /// The line, counted from 1.
        line: usize,
        /// How many numbers it holds.
        found: usize,
    },
    /// A number is not a tile of the board: negative, or not below the number of cells.
    OutOfRange {
        /// The case, counted from 1.
        case: usize,
        /// The line, counted from 1.
        line: usize,
        /// The number as written (it may be too large for any integer type).
        token: String,
        /// The board's number of cells.
        cells: usize,
    },
    /// A tile appears twice (so another is missing).
    Duplicate {
        /// The case, counted from 1.
        case: usize,
        /// The line, counted from 1.
        line: usize,
        /// The tile.
        tile: u8,
    },
}

impl ParseError {
    /// The case the error is in, counted from 1.
    #[must_use]
    pub fn case(&self) -> usize {
        match *self {
            Self::NotAnInteger { case, .. }
            | Self::WrongCount { case, .. }
            | Self::OutOfRange { case, .. }
            | Self::Duplicate { case, .. } => case,
        }
    }

    /// The line the error is on, counted from 1.
    #[must_use]
    pub fn line(&self) -> usize {
        match *self {
            Self::NotAnInteger { line, .. }
            | Self::WrongCount { line, .. }
            | Self::OutOfRange { line, .. }
            | Self::Duplicate { line, .. } => line,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "case {} (line {}): ", self.case(), self.line())?;
        match self {
            Self::NotAnInteger { token, .. } => {
                write!(f, "token {} is not an integer", Excerpt::quoted(token))
            }
            Self::WrongCount { found, .. } => write!(
                f,
                "{found} numbers, but a board has 4, 9, 16 or 25 (k x k cells, k from 2 to 5)"
            ),
            Self::OutOfRange { token, cells, .. } => {
                let token = Excerpt::as_written(token);
                write!(f, "{token} is not a tile of a {cells}-cell board (0 to {})", cells - 1)
            }
            Self::Duplicate { tile, .. } => write!(f, "tile {tile} appears twice"),
        }
    }
}

impl Error for ParseError {}

/// The most characters of a token an error message shows.
const EXCERPT_CHARS: usize = 32;

/// A token as an error message shows it: whole if it has at most [`EXCERPT_CHARS`] characters,
/// otherwise its first [`EXCERPT_CHARS`] characters, `...` and its length in bytes. However long
/// a token is (nothing stops an input from holding a 100 KB one), the message stays a line long.
/// The cut falls between characters, never inside one.
struct Excerpt<'a> {
    token: &'a str,
    /// In double quotes with Rust's escapes, as a token that may hold anything is shown; or as
    /// written, as an integer is.
    quoted: bool,
}

impl<'a> Excerpt<'a> {
    /// `token` in double quotes: `"x"`, or `"xxx..." (100000 bytes)` when it is long.
    fn quoted(token: &'a str) -> Self {
        Self { token, quoted: true }
    }

    /// `token` as written: `99`, or `999... (100000 bytes)` when it is long.
    fn as_written(token: &'a str) -> Self {
        Self { token, quoted: false }
    }

    fn show(&self, f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
        if self.quoted { write!(f, "{text:?}") } else { f.write_str(text) }
    }
}

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((cut, _)) = self.token.char_indices().nth(EXCERPT_CHARS) else {
            return self.show(f, self.token);
        };
        self.show(f, &format!("{}...", &self.token[..cut]))?;
        write!(f, " ({} bytes)", self.token.len())
    }
}

/// The cases of an input, one [`Board`] per line.
///
/// - A line holds the `k²` cells of one board, row by row, separated by whitespace; `0` is the
///   blank. The count says the size: 9 numbers for the 8-puzzle, 16 for the 15-puzzle, 25 for
///   the 24-puzzle (and 4 for the 3-puzzle).
/// - **Integers.** An integer is an optional sign (`+` or `-`) followed by one or more ASCII
///   decimal digits, leading zeros allowed (`+1` and `001` are 1, `-0` is 0); any other token is
///   not an integer, and a negative integer other than 0 is out of range. The three puzzle
///   crates read numbers by this one rule. A token that is not an integer is
///   [`ParseError::NotAnInteger`]; one out of range is [`ParseError::OutOfRange`].
/// - Blank lines and lines whose first non-blank character is `#` are skipped.
/// - After an error the iterator ends.
///
/// ```
/// use puzzle_sliding::cases;
///
/// let input = "# two boards\n1 0 2 3 4 5 6 7 8\n\n1 2 3 4 5 6 7 8 8\n";
/// let mut cases = cases(input);
/// assert_eq!(cases.next().unwrap().unwrap().width(), 3);
/// let error = cases.next().unwrap().unwrap_err();
/// assert_eq!(error.to_string(), "case 2 (line 4): tile 8 appears twice");
/// assert_eq!(cases.next(), None);
/// ```
#[must_use]
pub fn cases(input: &str) -> Cases<Lines<'_>> {
    cases_from(input.lines())
}

/// The cases of an input given as its lines, read one at a time and only as far as the next
/// case needs: the parser behind [`cases`], for input that arrives bit by bit (a program reading
/// a pipe or a person typing) and is never held whole.
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
pub fn cases_from<I>(lines: I) -> Cases<I::IntoIter>
where
    I: IntoIterator<Item: AsRef<str>>,
{
    Cases { lines: lines.into_iter(), line: 0, case: 0, done: false }
}

/// The iterator [`cases`] and [`cases_from`] return, over lines `I`.
#[derive(Debug, Clone)]
pub struct Cases<I> {
    lines: I,
    /// The number of the line last read.
    line: usize,
    /// The number of the case last read.
    case: usize,
    done: bool,
}

impl<I: Iterator<Item: AsRef<str>>> Iterator for Cases<I> {
    type Item = Result<Board, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        for text in self.lines.by_ref() {
            self.line += 1;
            // ASCII whitespace only, as between the numbers: a no-break space is a bad token
            // wherever it is.
            let text = text.as_ref().trim_ascii();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            self.case += 1;
            let result = parse_board(text, self.case, self.line);
            self.done = result.is_err();
            return Some(result);
        }
        self.done = true;
        None
    }
}

/// One board from the text of its line.
fn parse_board(text: &str, case: usize, line: usize) -> Result<Board, ParseError> {
    let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
    let integers = tokens
        .iter()
        .map(|&token| {
            integer(token).ok_or_else(|| ParseError::NotAnInteger {
                case,
                line,
                token: token.to_owned(),
            })
        })
        .collect::<Result<Vec<Integer>, ParseError>>()?;
    let found = tokens.len();
    let width = (2..=5).find(|width| width * width == found);
    let Some(width) = width else {
        return Err(ParseError::WrongCount { case, line, found });
    };
    let mut cells = [0_u8; MAX_CELLS];
    let mut seen = 0_u32;
    for ((slot, token), integer) in cells.iter_mut().zip(&tokens).zip(integers) {
        let tile = match integer {
            Integer::Byte(tile) if usize::from(tile) < found => tile,
            _ => {
                let token = (*token).to_owned();
                return Err(ParseError::OutOfRange { case, line, token, cells: found });
            }
        };
        if seen & 1 << tile != 0 {
            return Err(ParseError::Duplicate { case, line, tile });
        }
        seen |= 1 << tile;
        *slot = tile;
    }
    Ok(Board::new(width, &cells[..found]).expect("each tile once, all in range"))
}

/// What an integer token means to the parser.
enum Integer {
    /// A value from 0 to 255, however written (`7`, `+007`, `-0`).
    Byte(u8),
    /// A negative value, or one above 255, however large: never a tile.
    OutOfRange,
}

/// Reads `token` as an integer: an optional sign, then one or more decimal digits.
fn integer(token: &str) -> Option<Integer> {
    let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    let significant = digits.trim_start_matches('0');
    if significant.is_empty() {
        return Some(Integer::Byte(0));
    }
    if token.starts_with('-') {
        return Some(Integer::OutOfRange);
    }
    Some(significant.parse().map_or(Integer::OutOfRange, Integer::Byte))
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

    #[test]
    fn integers_are_classified() {
        assert!(matches!(integer("7"), Some(Integer::Byte(7))));
        assert!(matches!(integer("+007"), Some(Integer::Byte(7))));
        assert!(matches!(integer("-0"), Some(Integer::Byte(0))));
        assert!(matches!(integer("255"), Some(Integer::Byte(255))));
        assert!(matches!(integer("256"), Some(Integer::OutOfRange)));
        assert!(matches!(integer("-1"), Some(Integer::OutOfRange)));
        assert!(matches!(integer("99999999999999999999999"), Some(Integer::OutOfRange)));
        for bad in ["", "+", "-", "++1", "+-1", "1-", "x", "1.0", "1e3", "٣"] {
            assert!(integer(bad).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn an_excerpt_keeps_the_escapes_of_a_quoted_token() {
        let token = "\"\t".repeat(20);
        let expected = format!(r#""{}..." (40 bytes)"#, r#"\"\t"#.repeat(16));
        assert_eq!(Excerpt::quoted(&token).to_string(), expected);
        assert_eq!(Excerpt::quoted("\"").to_string(), r#""\"""#);
        assert_eq!(Excerpt::as_written("-07").to_string(), "-07");
    }
}
