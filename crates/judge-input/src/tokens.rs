//! The whitespace-separated tokens of text that arrives in pieces ([`Tokens`]).

use crate::Token;

/// The whitespace-separated tokens of text that arrives in pieces, as `str::split_ascii_whitespace`
/// would find them in the pieces joined, with the line ends between them for a grammar that
/// reads lines ([`next_in_line`](Self::next_in_line)).
///
/// A piece is asked for only when the text before it is used up, and each token is handed over
/// as a [`Token`]: its first characters, its length and its value as an integer, never the token
/// whole. So the memory the tokens take is bounded whatever the input holds: the piece being
/// read and one `Token`, a few dozen bytes, whether a token is 1 byte long or 20 MB.
///
/// The pieces come in one of two ways:
/// - [`joined`](Self::joined): cut anywhere between two characters (the buffers a program reads
///   a file or a pipe into, as [`Decoded`](crate::Decoded) decodes them), so that a token may span
///   pieces: a token ends at the whitespace after it, or at the end of the input.
/// - [`new`](Self::new): each piece made of whole tokens (single tokens, lines, what a reader has
///   buffered up to its last whitespace), so that a piece's end ends a token too, and a token at
///   the end of a piece is handed over without waiting for the next piece.
///
/// ```
/// use judge_input::{Next, Tokens};
///
/// // "4" and "5" are one token, "45": the pieces are joined.
/// let mut tokens = Tokens::joined(["1 22\n33", "3 4", "5 x"].into_iter());
/// let mut found = Vec::new();
/// while let Some(token) = tokens.next() {
///     found.push(token.start().to_owned());
/// }
/// assert_eq!(found, ["1", "22", "333", "45", "x"]);
///
/// // Whole tokens in each piece: "4" and "5" are two.
/// let mut tokens = Tokens::new(["4", "5\n"].into_iter());
/// assert_eq!(tokens.next().map(|token| token.start().to_owned()).as_deref(), Some("4"));
/// assert!(matches!(tokens.next_in_line(), Next::Token(token) if token.start() == "5"));
/// assert!(matches!(tokens.next_in_line(), Next::LineEnd));
/// assert_eq!(tokens.line(), 2);
/// assert!(matches!(tokens.next_in_line(), Next::End));
/// ```
pub struct Tokens<I: Iterator> {
    pieces: I,
    /// The piece being read, and how far.
    piece: Option<I::Item>,
    at: usize,
    /// Whether `pieces` has ended (it is not asked again).
    ended: bool,
    /// Whether each piece is made of whole tokens ([`new`](Self::new)).
    whole: bool,
    /// The token last read: its memory kept for the next.
    token: Token,
    /// The line reached, counted from 1.
    line: usize,
}

/// What comes next in the input ([`Tokens::next_in_line`]).
#[derive(Debug)]
pub enum Next<'a> {
    /// A token.
    Token(&'a Token),
    /// The end of a line: a `\n`.
    LineEnd,
    /// The end of the input (it ends its last line too).
    End,
}

/// What [`Tokens::advance`] has read.
enum Step {
    Token,
    LineEnd,
    End,
}

impl<I: Iterator<Item: AsRef<str>>> Tokens<I> {
    /// The tokens of `pieces`, each piece made of whole tokens: a token ends at whitespace or at
    /// the end of its piece.
    pub fn new(pieces: I) -> Self {
        Self::with(pieces, true)
    }

    /// The tokens of `pieces` joined, the pieces cut anywhere between two characters: a token
    /// ends at whitespace or at the end of the input, whichever piece that is in.
    pub fn joined(pieces: I) -> Self {
        Self::with(pieces, false)
    }

    fn with(pieces: I, whole: bool) -> Self {
        let (piece, at, ended, token, line) = (None, 0, false, Token::default(), 1);
        Tokens { pieces, piece, at, ended, whole, token, line }
    }

    /// The next token, past any line ends; `None` at the end of the input.
    #[expect(
        clippy::should_implement_trait,
        reason = "not an Iterator: the token handed over is the tokens' own, kept for the next"
    )]
    pub fn next(&mut self) -> Option<&Token> {
        loop {
            match self.advance() {
                Step::Token => return Some(&self.token),
                Step::LineEnd => {}
                Step::End => return None,
            }
        }
    }

    /// The next token or line end, or the end of the input: for a grammar whose cases are
    /// lines. A line end is handed over as soon as its `\n` has been read, without waiting for
    /// the next piece.
    pub fn next_in_line(&mut self) -> Next<'_> {
        match self.advance() {
            Step::Token => Next::Token(&self.token),
            Step::LineEnd => Next::LineEnd,
            Step::End => Next::End,
        }
    }

    /// The line the tokens have reached, counted from 1: that of the token last handed over, or
    /// the next line once a line end has been.
    #[must_use]
    pub fn line(&self) -> usize {
        self.line
    }

    /// Reads the next token into `self.token`, or a line end, or the end of the input.
    fn advance(&mut self) -> Step {
        self.token.clear();
        // Whether a token has started (in this piece or an earlier one).
        let mut inside = false;
        loop {
            let Some(piece) = &self.piece else {
                if !self.ended {
                    if let Some(piece) = self.pieces.next() {
                        (self.piece, self.at) = (Some(piece), 0);
                        continue;
                    }
                    self.ended = true;
                }
                // The end of the input ends the token it is in.
                return if inside { Step::Token } else { Step::End };
            };
            let text = piece.as_ref();
            let bytes = text.as_bytes();
            if !inside {
                let blank = bytes[self.at..]
                    .iter()
                    .position(|&byte| byte == b'\n' || !byte.is_ascii_whitespace());
                let Some(blank) = blank else {
                    self.piece = None;
                    continue;
                };
                self.at += blank;
                if bytes[self.at] == b'\n' {
                    self.at += 1;
                    self.line += 1;
                    return Step::LineEnd;
                }
                inside = true;
            }
            // Whitespace is ASCII, so the token's part in this piece ends between characters.
            let length = bytes[self.at..]
                .iter()
                .position(u8::is_ascii_whitespace)
                .unwrap_or(bytes.len() - self.at);
            self.token.push_str(&text[self.at..self.at + length]);
            self.at += length;
            let ended_here = self.at < bytes.len();
            if !ended_here {
                self.piece = None;
            }
            if ended_here || self.whole {
                return Step::Token;
            }
            // The token may go on in the next piece.
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tokens' starts, and the line ends as `"\n"`.
    fn read<I: Iterator<Item: AsRef<str>>>(mut tokens: Tokens<I>) -> Vec<String> {
        let mut found = Vec::new();
        loop {
            match tokens.next_in_line() {
                Next::Token(token) => found.push(token.start().to_owned()),
                Next::LineEnd => found.push("\n".to_owned()),
                Next::End => return found,
            }
        }
    }

    /// What `split_ascii_whitespace` finds in each line of `text`, with the line ends.
    fn expected(text: &str) -> Vec<String> {
        let mut found = Vec::new();
        for (index, line) in text.split('\n').enumerate() {
            if index > 0 {
                found.push("\n".to_owned());
            }
            found.extend(line.split_ascii_whitespace().map(str::to_owned));
        }
        found
    }

    #[test]
    fn joined_pieces_cut_anywhere_read_as_one_text() {
        let text = "  1 22\n\n \t333 4\r\n5 é6\x0b7 \n";
        for size in 1..=text.len() {
            let mut pieces = Vec::new();
            let mut rest = text;
            while !rest.is_empty() {
                let mut cut = size.min(rest.len());
                while !rest.is_char_boundary(cut) {
                    cut += 1;
                }
                pieces.push(&rest[..cut]);
                rest = &rest[cut..];
            }
            assert_eq!(read(Tokens::joined(pieces.iter())), expected(text), "pieces of {size}");
        }
    }

    #[test]
    fn whole_pieces_end_their_tokens() {
        let pieces = ["  1 22\n", "", " \t", "333", "4", "\r\n5 "];
        assert_eq!(read(Tokens::new(pieces.iter())), ["1", "22", "\n", "333", "4", "\n", "5"]);
    }

    #[test]
    fn a_piece_is_asked_for_only_when_the_text_before_it_is_used_up() {
        let asked = std::cell::Cell::new(0);
        let pieces = ["1 2\n", "3"].into_iter().inspect(|_| asked.set(asked.get() + 1));
        let mut tokens = Tokens::joined(pieces);
        assert_eq!(tokens.next().map(Token::start), Some("1"));
        assert_eq!(tokens.next().map(Token::start), Some("2"));
        assert!(matches!(tokens.next_in_line(), Next::LineEnd));
        assert_eq!(asked.get(), 1);
        // "3" might go on in a third piece: the end of the input says it does not.
        assert_eq!(tokens.next().map(Token::start), Some("3"));
        assert_eq!(tokens.next().map(Token::start), None);
        assert_eq!(tokens.next().map(Token::start), None);
    }

    #[test]
    fn a_token_of_any_length_is_counted_not_held() {
        let piece = "\0".repeat(4096);
        let mut tokens = Tokens::joined(std::iter::repeat_n(piece.as_str(), 1000).chain([" 1"]));
        let token = tokens.next().unwrap();
        assert_eq!((token.start(), token.bytes()), ("\0".repeat(32).as_str(), 4_096_000));
        assert_eq!(tokens.next().map(Token::start), Some("1"));
    }

    #[test]
    fn lines_are_counted_past_blank_lines() {
        let mut tokens = Tokens::joined(["a\n\n b \n", "c"].into_iter());
        let mut lines = Vec::new();
        while let Some(token) = tokens.next() {
            lines.push(token.start().to_owned());
            lines.push(tokens.line().to_string());
        }
        assert_eq!(lines, ["a", "1", "b", "3", "c", "4"]);
    }
}
