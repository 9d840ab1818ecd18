//! Reading the judge's input: cases of 24 symbols, ended by a lone `0`.
//!
//! The parser is an iterator over the cases, so a caller can answer every good case before it
//! reports the first bad one, the way a judge's reference solution would have behaved.

use std::error::Error;
use std::fmt;
use std::iter::Once;

use judge_input::{Decoded, Integer, Token, Tokens};

use crate::Board;
use crate::board::CELLS;

/// What is wrong with a case of the input. Every variant names the case, counted from 1.
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
    /// An integer is not a symbol: it is outside 1..3 (a `0` ends the input only in place of a
    /// case's first number).
    BadSymbol {
        /// The case, counted from 1.
        case: usize,
        /// The cell, 0 to 23, the integer was meant for.
        cell: usize,
        /// The integer as written (it may be too large for any integer type).
        token: Token,
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
                write!(f, "case {case}: token {} is not an integer", token.quoted())
            }
            Self::BadSymbol { case, cell, token } => {
                let token = token.as_written();
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
///   crates read numbers by this one rule, [`judge_input::Token::integer`]. A token that is not
///   an integer is [`ParseError::NotAnInteger`]; one out of range is [`ParseError::BadSymbol`].
/// - An integer 0 in place of a case's first number ends the input; anything after it is not
///   read. The end of the text right after a complete case ends it too.
/// - Any symbol mix is accepted (see the crate documentation).
/// - After an error the iterator ends: what follows a bad token cannot be trusted to line up.
/// - **Memory.** A token is read through, not held: the parser keeps its first 32 characters
///   and its length, and the 24 symbols of the case it is in. Fed by [`cases_from_bytes`] a
///   buffer at a time, it reads any input, a 20 MB token included, in memory bounded by its
///   buffer.
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
    Cases::new(Grammar, Tokens::new(pieces.into_iter()))
}

/// The cases of an input given as pieces of bytes cut anywhere (a program's reads of a file or a
/// pipe: a token may span pieces), read one piece at a time and only as far as the next case
/// needs, in memory bounded by the largest piece whatever the input holds. Bytes that are not
/// UTF-8 become U+FFFD, as [`String::from_utf8_lossy`] makes them, wherever the pieces are cut.
///
/// ```
/// use puzzle_rotation::cases_from_bytes;
///
/// let pieces: [&[u8]; 2] = [b"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1", b"2 3"];
/// let mut cases = cases_from_bytes(pieces);
/// assert!(cases.next().unwrap().is_ok());
/// let error = cases.next().unwrap().unwrap_err();
/// assert_eq!(error.to_string(), "case 2: cell 0 holds 12, but a symbol is 1, 2 or 3");
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

/// The judge's grammar of a case: 24 symbols, or a lone `0` that ends the input ([`cases`]
/// says it whole). [`Cases`] reads the cases by it.
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
        let mut cells = [0; CELLS];
        for (cell, slot) in cells.iter_mut().enumerate() {
            let Some(token) = tokens.next() else {
                return (cell > 0).then_some(Err(ParseError::Truncated { case, found: cell }));
            };
            match token.integer() {
                None => return Some(Err(ParseError::NotAnInteger { case, token: token.clone() })),
                Some(Integer::Natural(0)) if cell == 0 => return None,
                Some(Integer::Natural(symbol @ 1..=3)) => {
                    *slot = u8::try_from(symbol).expect("a symbol fits in a byte");
                }
                Some(_) => {
                    let token = token.clone();
                    return Some(Err(ParseError::BadSymbol { case, cell, token }));
                }
            }
        }
        // Every cell holds 1, 2 or 3 by now, so the board is valid.
        Board::from_cells(&cells).map(Ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CASE: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";

    fn parse(input: &str) -> Vec<Result<Board, ParseError>> {
        cases(input).collect()
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
    fn bytes_cut_anywhere_read_as_the_whole_text() {
        let input = format!("{CASE}\n{CASE} 1 x\u{e9}");
        for size in 1..20 {
            let read: Vec<_> = cases_from_bytes(input.as_bytes().chunks(size)).collect();
            assert_eq!(read, parse(&input), "pieces of {size}");
        }
    }

    #[test]
    fn a_huge_token_is_read_through_but_not_held() {
        // 20 MB of NUL bytes, in pieces of 4 KB made one at a time, after a good case.
        static NULS: [u8; 4096] = [0; 4096];
        let pieces = std::iter::once(format!("{CASE} ").into_bytes())
            .chain(std::iter::repeat_n(NULS.to_vec(), 20_000_000 / 4096));
        let mut cases = cases_from_bytes(pieces);
        assert!(cases.next().unwrap().is_ok());
        let error = cases.next().unwrap().unwrap_err();
        let bytes = 20_000_000 / 4096 * 4096;
        assert_eq!(
            error.to_string(),
            format!(r#"case 2: token "{}..." ({bytes} bytes) is not an integer"#, r"\0".repeat(32))
        );
        let ParseError::NotAnInteger { token, .. } = error else { unreachable!() };
        assert_eq!(token.start().len(), judge_input::EXCERPT_CHARS);
    }
}
