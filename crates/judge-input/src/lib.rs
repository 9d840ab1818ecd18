//! Reading an online judge's input as it arrives, whatever its grammar: the whitespace-separated
//! [`Tokens`] of text that comes in pieces, and a bad token as an error message shows it, an
//! [`Excerpt`].
//!
//! A parser built on it yields one case at a time from pieces read only as the cases need them
//! (a program answers each case before the next is read), and its error messages stay a line
//! long whatever the input holds.
//!
//! ```
//! use judge_input::{Excerpt, Tokens};
//!
//! // Pieces as a reader hands them out: each ends at whitespace, so no token is cut.
//! let mut tokens = Tokens::new(["1 22\n", "333 x"].into_iter());
//! let mut found = Vec::new();
//! while let Some(at) = tokens.next() {
//!     found.push(tokens.text(at).to_owned());
//! }
//! assert_eq!(found, ["1", "22", "333", "x"]);
//!
//! let long = "9".repeat(100);
//! assert_eq!(Excerpt::quoted("x").to_string(), r#""x""#);
//! assert_eq!(Excerpt::as_written(&long).to_string(), format!("{}... (100 bytes)", &long[..32]));
//! ```

use std::fmt;
use std::ops::Range;

/// The whitespace-separated tokens of text that arrives in pieces, each piece made of whole
/// tokens (a token never spans two pieces): the whole input as one piece, its lines, or whatever
/// a reader has buffered up to its last whitespace. A piece is asked for only when the tokens
/// before it are used up, and the tokens are found in place, with no copy, as
/// `str::split_ascii_whitespace` would find them in one text.
pub struct Tokens<I: Iterator> {
    pieces: I,
    piece: Option<I::Item>,
    /// Where the next token's search starts in `piece`.
    at: usize,
}

impl<I: Iterator<Item: AsRef<str>>> Tokens<I> {
    /// The tokens of `pieces`, each piece made of whole tokens.
    pub fn new(pieces: I) -> Self {
        Tokens { pieces, piece: None, at: 0 }
    }

    /// Where the next token lies in the current piece (for [`text`](Self::text)), reading
    /// further pieces as needed; `None` at the end of the input.
    #[expect(
        clippy::should_implement_trait,
        reason = "not an Iterator: the token's text borrows the tokens, through `text`"
    )]
    pub fn next(&mut self) -> Option<Range<usize>> {
        loop {
            if let Some(piece) = &self.piece {
                let bytes = piece.as_ref().as_bytes();
                let start = self.at
                    + bytes[self.at..].iter().take_while(|b| b.is_ascii_whitespace()).count();
                if start < bytes.len() {
                    let length =
                        bytes[start..].iter().take_while(|b| !b.is_ascii_whitespace()).count();
                    self.at = start + length;
                    return Some(start..start + length);
                }
            }
            self.piece = Some(self.pieces.next()?);
            self.at = 0;
        }
    }

    /// The text of the token at `range`, as [`next`](Self::next) gave it; valid until the next
    /// call of `next`.
    pub fn text(&self, range: Range<usize>) -> &str {
        self.piece.as_ref().map_or("", |piece| &piece.as_ref()[range])
    }
}

/// The most characters of a token an error message shows.
pub const EXCERPT_CHARS: usize = 32;

/// A token as an error message shows it: whole if it has at most [`EXCERPT_CHARS`] characters,
/// otherwise its first [`EXCERPT_CHARS`] characters, `...` and its length in bytes. However long
/// a token is (nothing stops an input from holding a 100 KB one), the message stays a line long.
/// The cut falls between characters, never inside one.
///
/// A reader that streams its input need not keep a long token whole: it keeps the token's first
/// [`EXCERPT_CHARS`] characters and its length, and shows them with
/// [`of_length`](Self::of_length).
///
/// ```
/// use judge_input::Excerpt;
///
/// assert_eq!(Excerpt::quoted("x").to_string(), r#""x""#);
/// let long = "9".repeat(40);
/// let shown = format!("{}... (40 bytes)", "9".repeat(32));
/// assert_eq!(Excerpt::as_written(&long).to_string(), shown);
/// assert_eq!(Excerpt::as_written(&long[..32]).of_length(40).to_string(), shown);
/// ```
pub struct Excerpt<'a> {
    /// The token, or its start when [`bytes`](Self::bytes) says it is longer.
    token: &'a str,
    /// The whole token's length in bytes.
    bytes: usize,
    /// In double quotes with Rust's escapes, as a token that may hold anything is shown; or as
    /// written, as an integer is.
    quoted: bool,
}

impl<'a> Excerpt<'a> {
    /// `token` in double quotes: `"x"`, or `"xxx..." (100000 bytes)` when it is long.
    #[must_use]
    pub fn quoted(token: &'a str) -> Self {
        Self { token, bytes: token.len(), quoted: true }
    }

    /// `token` as written: `99`, or `999... (100000 bytes)` when it is long.
    #[must_use]
    pub fn as_written(token: &'a str) -> Self {
        Self { token, bytes: token.len(), quoted: false }
    }

    /// The excerpt of a token `bytes` long of which this one holds the start (at least its
    /// first [`EXCERPT_CHARS`] characters, or all of it).
    #[must_use]
    pub fn of_length(self, bytes: usize) -> Self {
        Self { bytes, ..self }
    }

    fn show(&self, f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
        if self.quoted { write!(f, "{text:?}") } else { f.write_str(text) }
    }
}

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cut =
            self.token.char_indices().nth(EXCERPT_CHARS).map_or(self.token.len(), |(at, _)| at);
        if cut == self.bytes {
            return self.show(f, self.token);
        }
        self.show(f, &format!("{}...", &self.token[..cut]))?;
        write!(f, " ({} bytes)", self.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_found_across_pieces_as_in_one_text() {
        let pieces = ["  1 22\n", "", " \t", "333 4", "\r\n5 "];
        let mut tokens = Tokens::new(pieces.iter());
        let mut found = Vec::new();
        while let Some(range) = tokens.next() {
            found.push(tokens.text(range).to_owned());
        }
        assert_eq!(found, pieces.concat().split_ascii_whitespace().collect::<Vec<_>>());
    }

    #[test]
    fn a_long_token_is_cut_between_characters() {
        let long = "é".repeat(40);
        assert_eq!(
            Excerpt::quoted(&long).to_string(),
            format!("{:?} (80 bytes)", "é".repeat(32) + "...")
        );
        assert_eq!(Excerpt::as_written("-12").to_string(), "-12");
        assert_eq!(Excerpt::quoted("a\tb").to_string(), r#""a\tb""#);
    }
}
