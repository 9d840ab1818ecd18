//! Reading boards: one per line, `k²` integers (or a shape such as `2x3:` and as many integers
//! as its cells), `#` comments and blank lines skipped.
//!
//! The parser is an iterator over the boards, so a caller can answer every good board before it
//! reports the first bad one.
//!
//! It reads its input as a stream of text, a character at a time, and holds no more of it than a
//! board needs, so that its memory is bounded whatever the input: besides the piece of input it
//! is given (a line, a buffer), at most the 25 numbers of the line it is in, each kept as its
//! value and its first [`EXCERPT_CHARS`] characters (for a message). A line stops being read at
//! its 26th number (too many for any board), and a token of any length, say 20 MB of one
//! character, is read through without being held.

use std::fmt;
use std::iter::{self, Once};

use crate::{Board, MAX_CELLS};

mod error;
mod pieces;

pub use error::{EXCERPT_CHARS, ParseError, Token};
pub use pieces::{Decoded, LineEnds, LinePiece};

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
///   a count that is no board's, a number out of range, a tile twice.
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
    Cases { pieces: pieces.into_iter(), piece: None, at: 0, reader: Reader::default() }
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
pub struct Cases<I: Iterator> {
    pieces: I,
    /// The piece being read, and how far.
    piece: Option<I::Item>,
    at: usize,
    reader: Reader,
}

impl<I: Iterator> fmt::Debug for Cases<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cases")
            .field("line", &self.reader.line)
            .field("case", &self.reader.case)
            .field("done", &self.reader.done)
            .finish_non_exhaustive()
    }
}

impl<I: Iterator<Item: AsRef<str>>> Iterator for Cases<I> {
    type Item = Result<Board, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.reader.done {
                return None;
            }
            let Some(piece) = &self.piece else {
                let Some(piece) = self.pieces.next() else {
                    // The end of the input ends its last line.
                    let result = self.reader.read('\n');
                    self.reader.done = true;
                    return result;
                };
                (self.piece, self.at) = (Some(piece), 0);
                continue;
            };
            let text = &piece.as_ref()[self.at..];
            for (offset, character) in text.char_indices() {
                if let Some(result) = self.reader.read(character) {
                    self.at += offset + character.len_utf8();
                    self.reader.done |= result.is_err();
                    return Some(result);
                }
            }
            self.piece = None;
        }
    }
}

/// The parser's state between two characters.
#[derive(Debug)]
struct Reader {
    /// The line being read, counted from 1.
    line: usize,
    /// The case last started, counted from 1.
    case: usize,
    /// Whether the line is a comment (its first token starts with `#`).
    comment: bool,
    /// Whether the line holds a case (it has a token, and is not a comment).
    started: bool,
    /// The shape the line started with, if any: columns and rows.
    shape: Option<(usize, usize)>,
    /// The numbers the line has held so far, with their tokens for a message.
    numbers: Vec<(Integer, Token)>,
    /// The token being read, if any.
    token: Option<Scan>,
    /// Whether the iterator has ended.
    done: bool,
}

impl Default for Reader {
    fn default() -> Reader {
        Reader {
            line: 1,
            case: 0,
            comment: false,
            started: false,
            shape: None,
            numbers: Vec::with_capacity(MAX_CELLS),
            token: None,
            done: false,
        }
    }
}

impl Reader {
    /// Reads `character`; returns the case it ends, if any, as a board or an error.
    fn read(&mut self, character: char) -> Option<Result<Board, ParseError>> {
        if character == '\n' {
            let result = self.end_token().map(Err).or_else(|| self.end_line());
            self.line += 1;
            self.comment = false;
            self.started = false;
            self.shape = None;
            self.numbers.clear();
            return result;
        }
        if self.comment {
            return None;
        }
        // ASCII whitespace only, as `split_ascii_whitespace` splits: a no-break space is part
        // of a token wherever it is.
        if character.is_ascii_whitespace() {
            return self.end_token().map(Err);
        }
        if let Some(token) = &mut self.token {
            token.push(character);
            return None;
        }
        if !self.started {
            // The line's first token: a comment, or a case.
            if character == '#' {
                self.comment = true;
                return None;
            }
            self.case += 1;
            self.started = true;
        }
        let mut token = Scan::default();
        token.push(character);
        self.token = Some(token);
        None
    }

    /// Ends the token being read, if any: a number of the line, or the error it makes.
    fn end_token(&mut self) -> Option<ParseError> {
        let token = self.token.take()?;
        let (case, line) = (self.case, self.line);
        if token.last == Some(':') && self.numbers.is_empty() && self.shape.is_none() {
            let Some(shape) = token.shape() else {
                return Some(ParseError::BadShape { case, line, token: token.token });
            };
            self.shape = Some(shape);
            return None;
        }
        let Some(integer) = token.integer() else {
            return Some(ParseError::NotAnInteger { case, line, token: token.token });
        };
        if self.numbers.len() == MAX_CELLS {
            let found = MAX_CELLS + 1;
            return Some(match self.shape {
                Some((width, height)) => {
                    ParseError::ShapeMismatch { case, line, width, height, found }
                }
                None => ParseError::WrongCount { case, line, found },
            });
        }
        self.numbers.push((integer, token.token));
        None
    }

    /// The board of the line ended, if it holds one.
    fn end_line(&self) -> Option<Result<Board, ParseError>> {
        self.started.then(|| board(&self.numbers, self.shape, self.case, self.line))
    }
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
            return Err(ParseError::ShapeMismatch { case, line, width, height, found });
        }
        None => match (2..=5).find(|width| width * width == found) {
            Some(width) => (width, width),
            None => return Err(ParseError::WrongCount { case, line, found }),
        },
    };
    let mut cells = [0_u8; MAX_CELLS];
    let mut seen = 0_u32;
    for (slot, (integer, token)) in cells.iter_mut().zip(numbers) {
        let tile = match *integer {
            Integer::Byte(tile) if usize::from(tile) < found => tile,
            _ => {
                let token = token.clone();
                return Err(ParseError::OutOfRange { case, line, token, cells: found });
            }
        };
        if seen & 1 << tile != 0 {
            return Err(ParseError::Duplicate { case, line, tile });
        }
        seen |= 1 << tile;
        *slot = tile;
    }
    Ok(Board::rectangular(width, height, &cells[..found]).expect("each tile once, all in range"))
}

/// What an integer token means to the parser.
#[derive(Clone, Copy, Debug)]
enum Integer {
    /// A value from 0 to 255, however written (`7`, `+007`, `-0`).
    Byte(u8),
    /// A negative value, or one above 255, however large: never a tile.
    OutOfRange,
}

/// A token being read, a character at a time: what an error keeps of it, and what it says as an
/// integer so far (an optional sign, then one or more decimal digits).
#[derive(Debug, Default)]
struct Scan {
    token: Token,
    /// The characters read.
    characters: usize,
    /// Whether the token starts with `-`.
    negative: bool,
    /// Whether a digit has been read.
    digits: bool,
    /// Whether a character that is neither a leading sign nor a digit has been read.
    other: bool,
    /// The value of the digits read, or 256 once it is above 255.
    value: u16,
    /// The last character read.
    last: Option<char>,
}

impl Scan {
    fn push(&mut self, character: char) {
        if self.characters < EXCERPT_CHARS {
            self.token.start.push(character);
        }
        self.token.bytes += character.len_utf8();
        let first = self.characters == 0;
        self.characters += 1;
        self.last = Some(character);
        match character {
            '+' | '-' if first => self.negative = character == '-',
            '0'..='9' => {
                self.digits = true;
                let digit = u16::from(u8::try_from(character).unwrap_or_default() - b'0');
                self.value = (self.value * 10 + digit).min(256);
            }
            _ => self.other = true,
        }
    }

    /// The token as a board's shape, `WIDTHxHEIGHT:`, if it is one: columns and rows as ASCII
    /// decimal digits (leading zeros allowed), a lowercase `x`, a colon.
    fn shape(&self) -> Option<(usize, usize)> {
        if !self.token.is_whole() {
            return None;
        }
        let (width, height) = self.token.start().strip_suffix(':')?.split_once('x')?;
        let side = |text: &str| -> Option<usize> {
            let digits =
                !text.is_empty() && text.len() <= 3 && text.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| text.parse().ok()).flatten()
        };
        let (width, height) = (side(width)?, side(height)?);
        Board::is_shape(width, height).then_some((width, height))
    }

    /// The token as an integer, if it is one.
    fn integer(&self) -> Option<Integer> {
        if self.other || !self.digits {
            return None;
        }
        Some(match u8::try_from(self.value) {
            Ok(0) => Integer::Byte(0),
            _ if self.negative => Integer::OutOfRange,
            Ok(byte) => Integer::Byte(byte),
            Err(_) => Integer::OutOfRange,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn integer(token: &str) -> Option<Integer> {
        let mut scan = Scan::default();
        token.chars().for_each(|character| scan.push(character));
        scan.integer()
    }

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
}
