//! Reading the judge's input: cases of 24 symbols, ended by a lone `0`.
//!
//! The parser is an iterator over the cases, so a caller can answer every good case before it
//! reports the first bad one, the way a judge's reference solution would have behaved.

use std::error::Error;
use std::fmt;
use std::iter::Once;

use judge_input::{Excerpt, Tokens};

use crate::Board;
use crate::board::CELLS;

/// What is wrong with a case of the input. Every variant names the case, counted from 1.
///
/// A variant keeps its tokens whole; its message shows a token of more than 32 characters by
/// its first 32, `...` and its length in bytes, so that a huge token makes a short message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A token is not an integer (an optional sign and decimal digits).
    NotAnInteger {
        /// The case, counted from 1.
        case: usize,
        /// The offending token.
        token: String,
    },
    /// An integer is not a symbol: it is outside 1..3 (a `0` ends the input only in place of a
    /// case's first number).
    BadSymbol {
        /// The case, counted from 1.
        case: usize,
        /// The cell, 0 to 23, the integer was meant for.
        cell: usize,
        /// The integer as written (it may be too large for any integer type).
        token: String,
    },
    /// The input ends in the middle of a case.
    Truncated {
        /// The case, counted from 1.
        case: usize,
        /// How many of its 24 numbers were there.
        found: usize,
    },
}

impl ParseError {
    /// The case the error is in, counted from 1.
    #[must_use]
    pub fn case(&self) -> usize {
        match *self {
            Self::NotAnInteger { case, .. }
            | Self::BadSymbol { case, .. }
            | Self::Truncated { case, .. } => case,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotAnInteger { case, token } => {
                write!(f, "case {case}: token {} is not an integer", Excerpt::quoted(token))
            }
            Self::BadSymbol { case, cell, token } => {
                let token = Excerpt::as_written(token);
                write!(f, "case {case}: cell {cell} holds {token}, but a symbol is 1, 2 or 3")
            }
            Self::Truncated { case, found } => {
                write!(f, "case {case}: the input ends after {found} of the case's {CELLS} numbers")
            }
        }
    }
}

impl Error for ParseError {}

/// The cases of a judge input, one [`Board`] at a time.
///
/// - Tokens are separated by any ASCII whitespace: the judge puts one case per line, but a case
///   may span lines and a line may hold several cases.
/// - **Integers.** An integer is an optional sign (`+` or `-`) followed by one or more ASCII
///   decimal digits, leading zeros allowed (`+1` and `001` are 1, `-0` is 0); any other token is
///   not an integer, and a negative integer other than 0 is out of range. The three puzzle
///   crates read numbers by this one rule. A token that is not an integer is
///   [`ParseError::NotAnInteger`]; one out of range is [`ParseError::BadSymbol`].
/// - An integer 0 in place of a case's first number ends the input; anything after it is not
///   read. The end of the text right after a complete case ends it too.
/// - Any symbol mix is accepted (see the crate documentation).
/// - After an error the iterator ends: what follows a bad token cannot be trusted to line up.
///
/// ```
/// use puzzle_rotation::{cases, ParseError};
///
/// let input = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1 2 x";
/// let mut cases = cases(input);
/// assert!(cases.next().unwrap().is_ok());
/// let error = cases.next().unwrap().unwrap_err();
/// assert_eq!(error.to_string(), r#"case 2: token "x" is not an integer"#);
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
/// use puzzle_rotation::cases_from;
///
/// let mut tokens = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3 0".split(' ').map(String::from);
/// let mut cases = cases_from(tokens.by_ref());
/// assert!(cases.next().unwrap().is_ok());
/// assert_eq!(cases.next(), None); // the 0: the end
/// ```
#[must_use]
pub fn cases_from<I>(pieces: I) -> Cases<I::IntoIter>
where
    I: IntoIterator<Item: AsRef<str>>,
{
    Cases { tokens: Tokens::new(pieces.into_iter()), case: 0, done: false }
}

/// The iterator [`cases`] and [`cases_from`] return, over pieces of text `I`.
pub struct Cases<I: Iterator> {
    tokens: Tokens<I>,
    /// The number of the case last started.
    case: usize,
    done: bool,
}

/// The case reached, not the text: the pieces may be anything that reads as text.
impl<I: Iterator> fmt::Debug for Cases<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cases")
            .field("case", &self.case)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

impl<I: Iterator<Item: AsRef<str>>> Iterator for Cases<I> {
    type Item = Result<Board, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let result = self.next_case();
        // Stop after the terminator, the end of the input, or an error.
        self.done = !matches!(result, Some(Ok(_)));
        result
    }
}

impl<I: Iterator<Item: AsRef<str>>> Cases<I> {
    fn next_case(&mut self) -> Option<Result<Board, ParseError>> {
        let case = self.case + 1;
        let mut cells = [0; CELLS];
        for (cell, slot) in cells.iter_mut().enumerate() {
            let Some(at) = self.tokens.next() else {
                return (cell > 0).then_some(Err(ParseError::Truncated { case, found: cell }));
            };
            let token = self.tokens.text(at);
            self.case = case;
            let Some(value) = integer(token) else {
                let token = token.to_owned();
                return Some(Err(ParseError::NotAnInteger { case, token }));
            };
            match value {
                Integer::Zero if cell == 0 => return None,
                Integer::Symbol(symbol) => *slot = symbol,
                Integer::Zero | Integer::Other => {
                    let token = token.to_owned();
                    return Some(Err(ParseError::BadSymbol { case, cell, token }));
                }
            }
        }
        // Every cell holds 1, 2 or 3 by now, so the board is valid.
        Board::from_cells(&cells).map(Ok)
    }
}

/// What an integer token means to the parser.
enum Integer {
    /// 1, 2 or 3.
    Symbol(u8),
    /// Zero, however written (`0`, `00`, `-0`).
    Zero,
    /// Any other integer, however large.
    Other,
}

/// Reads `token` as an integer: an optional sign, then one or more decimal digits.
fn integer(token: &str) -> Option<Integer> {
    // Nearly every token of a judge's input: a symbol written as one digit.
    if let &[digit @ b'1'..=b'3'] = token.as_bytes() {
        return Some(Integer::Symbol(digit - b'0'));
    }
    let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    let significant = digits.trim_start_matches('0');
    let negative = token.starts_with('-');
    Some(match significant {
        "" => Integer::Zero,
        "1" | "2" | "3" if !negative => Integer::Symbol(significant.as_bytes()[0] - b'0'),
        _ => Integer::Other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CASE: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";

    fn parse(input: &str) -> Vec<Result<Board, ParseError>> {
        cases(input).collect()
    }

    #[test]
    fn integers_are_classified() {
        assert!(matches!(integer("2"), Some(Integer::Symbol(2))));
        assert!(matches!(integer("+03"), Some(Integer::Symbol(3))));
        assert!(matches!(integer("-0"), Some(Integer::Zero)));
        assert!(matches!(integer("-1"), Some(Integer::Other)));
        assert!(matches!(integer("99999999999999999999999"), Some(Integer::Other)));
        for bad in ["", "-", "x", "1.0", "1e3", "٣"] {
            assert!(integer(bad).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn a_zero_ends_the_input_and_what_follows_is_not_read() {
        let input = format!("{CASE}\n0\nthis is not read");
        assert_eq!(parse(&input).len(), 1);
    }

    #[test]
    fn an_empty_input_has_no_cases() {
        assert!(parse("").is_empty());
        assert!(parse(" \n\t").is_empty());
    }

    #[test]
    fn errors_name_the_case_and_the_cell() {
        let input = format!("{CASE} 1 2 3 -1");
        let results = parse(&input);
        let error = results[1].clone().unwrap_err();
        assert_eq!(error, ParseError::BadSymbol { case: 2, cell: 3, token: "-1".into() });
        assert_eq!(error.case(), 2);
        assert_eq!(error.to_string(), "case 2: cell 3 holds -1, but a symbol is 1, 2 or 3");
    }

    #[test]
    fn truncation_says_how_much_was_there() {
        let error = ParseError::Truncated { case: 4, found: 10 };
        assert_eq!(error.to_string(), "case 4: the input ends after 10 of the case's 24 numbers");
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
