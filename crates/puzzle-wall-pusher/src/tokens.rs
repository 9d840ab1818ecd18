//! The tokens of an input given in pieces: [`Tokens`], for the parser.

use std::ops::Range;

/// The whitespace-separated tokens of text that arrives in pieces, each piece made of whole
/// tokens (a token never spans two pieces): the whole input as one piece, its lines, or whatever
/// a reader has buffered up to its last whitespace. A piece is asked for only when the tokens
/// before it are used up, and the tokens are found in place, with no copy, as
/// `str::split_ascii_whitespace` would find them in one text.
pub(crate) struct Tokens<I: Iterator> {
    pieces: I,
    piece: Option<I::Item>,
    /// Where the next token's search starts in `piece`.
    at: usize,
}

impl<I: Iterator<Item: AsRef<str>>> Tokens<I> {
    pub(crate) fn new(pieces: I) -> Self {
        Tokens { pieces, piece: None, at: 0 }
    }

    /// Where the next token lies in the current piece (for [`text`](Self::text)), reading
    /// further pieces as needed; `None` at the end of the input.
    pub(crate) fn next(&mut self) -> Option<Range<usize>> {
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
    pub(crate) fn text(&self, range: Range<usize>) -> &str {
        self.piece.as_ref().map_or("", |piece| &piece.as_ref()[range])
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
}
