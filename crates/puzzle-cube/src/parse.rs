//! Reading cubes: one per line, a scramble or the stickers ([`cases`]).
//!
//! The parser reads its input a character at a time from pieces cut anywhere, and holds no more
//! of it than a case needs: the cube being scrambled, at most 54 stickers, and the first
//! characters of the token being read (a token of any length is read through and counted).

use std::fmt;

use judge_input::{Decoded, Excerpt};

use crate::{Cube, FaceletError, Pocket, Turn};

/// One case of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Case {
    /// A 3x3x3 cube.
    Cube(Cube),
    /// A pocket cube, as given (not yet [held](Pocket::held)).
    Pocket(Pocket),
}

/// What is wrong with a line of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The case, counted from 1.
    pub case: usize,
    /// The line it is on, counted from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: ErrorKind,
}

/// What is wrong with a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A token of a scramble is not a turn: the token as an error shows it.
    NotATurn(String),
    /// The stickers are not those of a cube that can be solved.
    Facelets(FaceletError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (case, line) = (self.case, self.line);
        write!(f, "case {case} (line {line}): ")?;
        match &self.kind {
            ErrorKind::NotATurn(token) => write!(
                f,
                "{token} is not a turn (a face U R F D L B, then nothing, 2 or ') nor stickers"
            ),
            ErrorKind::Facelets(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for ParseError {}

/// The line prefix that makes a scramble a pocket cube's.
pub const POCKET_PREFIX: &str = "2x2x2:";

/// The cases of an input, one per line.
///
/// - **A scramble:** turns in Singmaster's notation separated by whitespace, `R U R' U' F2`
///   (also `F2'`, the same as `F2`): the cube the scramble makes of the solved cube.
/// - **Stickers:** the 54 facelets in the order `U R F D L B` as [`Cube::from_facelets`] reads
///   them, in one token or several (`UUUUUUUUU RRRRRRRRR ...`): a line is read as stickers when
///   its first token is longer than a turn (more than three characters), or is three letters
///   of faces.
/// - **Pocket cubes:** 24 stickers ([`Pocket::from_facelets`]), or a line that starts with
///   `2x2x2:` and then holds a scramble (nothing after it: the solved pocket cube).
/// - Blank lines, and lines whose first character (after blanks) is `#`, are skipped.
/// - An impossible cube (a twisted corner, a flipped edge, a parity violation, a sticker count
///   that is wrong) is an error that says so; after an error the iterator ends.
///
/// ```
/// use puzzle_cube::{Case, Cube, cases};
///
/// let input = "# two cubes\nR U R' U'\n\nUUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\nR X\n";
/// let mut cases = cases(input);
/// let sexy = Cube::solved().after(&["R", "U", "R'", "U'"].map(|t| t.parse().unwrap()));
/// assert_eq!(cases.next(), Some(Ok(Case::Cube(sexy))));
/// assert_eq!(cases.next(), Some(Ok(Case::Cube(Cube::solved()))));
/// let error = cases.next().unwrap().unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "case 3 (line 5): \"X\" is not a turn (a face U R F D L B, then nothing, 2 or ') nor stickers"
/// );
/// assert_eq!(cases.next(), None);
/// ```
#[must_use]
pub fn cases(input: &str) -> Cases<std::iter::Once<&str>> {
    cases_from_text(std::iter::once(input))
}

/// The cases of an input given as pieces of text cut anywhere (between characters), read one
/// piece at a time and only as far as the next case needs.
#[must_use]
pub fn cases_from_text<I>(pieces: I) -> Cases<I::IntoIter>
where
    I: IntoIterator<Item: AsRef<str>>,
{
    Cases { pieces: pieces.into_iter(), piece: Vec::new(), at: 0, line: 1, case: 0, done: false }
}

/// The cases of an input given as pieces of bytes cut anywhere (a program's reads of a file or a
/// pipe); bytes that are not UTF-8 become U+FFFD.
#[must_use]
pub fn cases_from_bytes<I>(pieces: I) -> Cases<Decoded<I::IntoIter>>
where
    I: IntoIterator<Item: AsRef<[u8]>>,
{
    cases_from_text(Decoded::new(pieces.into_iter()))
}

/// The cases of an input, one at a time: [`cases`] says what they are.
pub struct Cases<I> {
    pieces: I,
    /// The piece being read, and how far.
    piece: Vec<char>,
    at: usize,
    /// The line being read, counted from 1.
    line: usize,
    /// How many cases have been read.
    case: usize,
    done: bool,
}

/// The most characters of a token kept: enough for 54 stickers in one.
const KEPT: usize = 64;

/// A token as read: its first [`KEPT`] characters and its length in bytes.
#[derive(Default)]
struct Token {
    text: String,
    kept: usize,
    bytes: usize,
}

impl Token {
    fn push(&mut self, c: char) {
        if self.kept < KEPT {
            self.text.push(c);
            self.kept += 1;
        }
        self.bytes += c.len_utf8();
    }

    fn is_whole(&self) -> bool {
        self.bytes == self.text.len()
    }

    fn shown(&self) -> String {
        Excerpt::quoted(&self.text).of_length(self.bytes).to_string()
    }
}

/// What ended a token.
#[derive(PartialEq, Eq)]
enum Ended {
    /// Whitespace within the line.
    Blank,
    /// The end of the line.
    Line,
    /// The end of the input.
    Input,
}

impl<I: Iterator<Item: AsRef<str>>> Cases<I> {
    /// The next character, `None` at the end of the input.
    fn next_char(&mut self) -> Option<char> {
        while self.at == self.piece.len() {
            let piece = self.pieces.next()?;
            self.piece = piece.as_ref().chars().collect();
            self.at = 0;
        }
        self.at += 1;
        Some(self.piece[self.at - 1])
    }

    /// The next token of the line into `token` (empty if the line or the input ends first), and
    /// what ended it.
    fn token(&mut self, token: &mut Token) -> Ended {
        *token = Token::default();
        loop {
            match self.next_char() {
                None => return Ended::Input,
                Some('\n') => {
                    self.line += 1;
                    return Ended::Line;
                }
                Some(c) if c.is_ascii_whitespace() => {
                    if token.bytes > 0 {
                        return Ended::Blank;
                    }
                }
                Some(c) => token.push(c),
            }
        }
    }

    /// Reads through to the end of the line.
    fn skip_line(&mut self, mut ended: Ended) {
        let mut token = Token::default();
        while ended == Ended::Blank {
            ended = self.token(&mut token);
        }
    }

    /// Reads the case whose first token is `token`, ended by `ended`.
    fn case(&mut self, mut token: Token, mut ended: Ended) -> Result<Case, ErrorKind> {
        let pocket = token.text == POCKET_PREFIX;
        if pocket {
            if ended != Ended::Blank {
                return Ok(Case::Pocket(Pocket::solved()));
            }
            ended = self.token(&mut token);
        }
        // No turn has more than three characters (`U2'`), nor three faces' letters.
        let stickers = token.bytes > 3
            || (token.kept == 3 && token.text.chars().all(|c| "URFDLB".contains(c)));
        if stickers {
            return self.stickers(token, ended, pocket);
        }
        let mut cube = Cube::solved();
        loop {
            if token.bytes > 0 {
                // After an error the cases end: the rest of the line is not read.
                let turn = if token.is_whole() { token.text.parse::<Turn>().ok() } else { None };
                cube.turn(turn.ok_or_else(|| ErrorKind::NotATurn(token.shown()))?);
            }
            if ended != Ended::Blank {
                break;
            }
            ended = self.token(&mut token);
        }
        Ok(if pocket { Case::Pocket(Pocket::of_cube(&cube)) } else { Case::Cube(cube) })
    }

    /// Reads the stickers of a line whose first token is `token`.
    fn stickers(
        &mut self,
        mut token: Token,
        mut ended: Ended,
        pocket: bool,
    ) -> Result<Case, ErrorKind> {
        let mut stickers = String::with_capacity(54);
        let mut count = 0;
        let mut bad = None;
        loop {
            for c in token.text.chars() {
                count += 1;
                if bad.is_none() && !"URFDLB".contains(c) {
                    bad = Some(FaceletError::NotAColour { sticker: count, found: c });
                }
                if count <= 54 {
                    stickers.push(c);
                }
            }
            // The characters of a long token past those kept.
            count += token.bytes - token.text.len();
            if ended != Ended::Blank {
                break;
            }
            ended = self.token(&mut token);
        }
        let wanted = if pocket || count == 24 { 24 } else { 54 };
        if count != wanted {
            return Err(ErrorKind::Facelets(FaceletError::Count { found: count, wanted }));
        }
        if let Some(error) = bad {
            return Err(ErrorKind::Facelets(error));
        }
        if wanted == 24 {
            Pocket::from_facelets(&stickers).map(Case::Pocket).map_err(ErrorKind::Facelets)
        } else {
            Cube::from_facelets(&stickers).map(Case::Cube).map_err(ErrorKind::Facelets)
        }
    }
}

impl<I: Iterator<Item: AsRef<str>>> Iterator for Cases<I> {
    type Item = Result<Case, ParseError>;

    fn next(&mut self) -> Option<Result<Case, ParseError>> {
        if self.done {
            return None;
        }
        let mut token = Token::default();
        loop {
            let line = self.line;
            let ended = self.token(&mut token);
            if token.bytes == 0 {
                if ended == Ended::Input {
                    self.done = true;
                    return None;
                }
                continue;
            }
            if token.text.starts_with('#') {
                self.skip_line(ended);
                continue;
            }
            self.case += 1;
            let case = self.case;
            let result = self.case(std::mem::take(&mut token), ended);
            return Some(result.map_err(|kind| {
                self.done = true;
                ParseError { case, line, kind }
            }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(input: &str) -> String {
        cases(input).find_map(Result::err).unwrap().to_string()
    }

    #[test]
    fn bad_cases_are_named() {
        assert_eq!(
            error("R\nUUUUUUUUU RRRRRRRRR\n"),
            "case 2 (line 2): 18 stickers, but a cube has 54"
        );
        assert_eq!(error("2x2x2: UUUURRRR"), "case 1 (line 1): 8 stickers, but a cube has 24");
        let long = "R".repeat(100);
        assert!(
            error(&format!("U {long}")).contains("(100 bytes)"),
            "{}",
            error(&format!("U {long}"))
        );
        assert_eq!(
            error("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBBU"),
            "case 1 (line 1): 55 stickers, but a cube has 54"
        );
        let flipped = "UUUUUUUFU RRRRRRRRR FUFFFFFFF DDDDDDDDD LLLLLLLLL BBBBBBBBB";
        assert_eq!(
            error(flipped),
            "case 1 (line 1): a flipped edge: an odd number of edges are flipped"
        );
    }

    #[test]
    fn pocket_cubes_by_prefix_or_by_their_24_stickers() {
        let scrambled: Vec<Case> =
            cases("2x2x2: R U\n2x2x2:\nUUUURRRRFFFFDDDDLLLLBBBB\n").map(Result::unwrap).collect();
        let r_u = Pocket::solved().after(&["R", "U"].map(|t| t.parse().unwrap()));
        assert_eq!(
            scrambled,
            [Case::Pocket(r_u), Case::Pocket(Pocket::solved()), Case::Pocket(Pocket::solved())]
        );
    }

    #[test]
    fn pieces_may_be_cut_anywhere() {
        let whole: Vec<_> = cases("R U2 F'\nD\n").collect();
        let cut: Vec<_> = cases_from_text(["R U", "2 F", "'\nD", "\n"]).collect();
        assert_eq!(whole, cut);
        assert_eq!(whole.len(), 2);
    }
}
