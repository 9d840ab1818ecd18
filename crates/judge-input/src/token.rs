//! A token as a parser keeps it ([`Token`]): its first characters, its length, what it says as an
//! integer; and as an error message shows it ([`Excerpt`]).

use std::fmt;

/// The most characters of a token a [`Token`] keeps and an [`Excerpt`] shows.
pub const EXCERPT_CHARS: usize = 32;

/// A token of the input as a parser keeps it: its first [`EXCERPT_CHARS`] characters, its length
/// in bytes, its last character, and what it says as an [integer](Self::integer). However long
/// the token (nothing stops an input from holding a 20 MB one), a `Token` holds a few bytes, and
/// an error that keeps it makes a message a line long.
///
/// [`Tokens`](crate::Tokens) fills one a piece of text at a time, so a token is never held whole;
/// `From<&str>` makes one from a whole token.
///
/// Two tokens are equal when they keep the same start and length: what an error shows of them.
///
/// ```
/// use judge_input::{Integer, Token};
///
/// let token = Token::from("x".repeat(100).as_str());
/// assert_eq!((token.start(), token.bytes()), ("x".repeat(32).as_str(), 100));
/// assert!(!token.is_whole());
/// assert_eq!(token.integer(), None);
/// assert!(Token::from("-1").is_whole());
/// assert_eq!(Token::from("-1").integer(), Some(Integer::Negative));
/// ```
#[derive(Clone, Default)]
pub struct Token {
    /// The first characters.
    start: String,
    /// The length in bytes.
    bytes: usize,
    /// What the bytes read so far say as an integer, and the last character.
    scan: Scan,
}

impl Token {
    /// The token's first [`EXCERPT_CHARS`] characters (all of it when it is no longer).
    #[must_use]
    #[inline]
    pub fn start(&self) -> &str {
        &self.start
    }

    /// The token's length in bytes.
    #[must_use]
    #[inline]
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Whether [`start`](Self::start) is the whole token.
    #[must_use]
    #[inline]
    pub fn is_whole(&self) -> bool {
        self.start.len() == self.bytes
    }

    /// The token's last character; `None` for an empty token.
    #[must_use]
    #[inline]
    pub fn last(&self) -> Option<char> {
        self.scan.last
    }

    /// What the token says as an integer, by the one rule every parser of this crate's users
    /// reads numbers by: an optional sign (`+` or `-`) followed by one or more ASCII decimal
    /// digits, leading zeros allowed (`+1` and `001` are 1, `-0` and `-000` are 0). Any other
    /// token (`1.0`, `1e3`, `++1`, `1-`, `٣`, the empty token) is `None`: not an integer.
    ///
    /// The value is read as the token goes by, so a token of any length is classified without
    /// being held: a 20 MB run of zeros then a `1` is 1.
    ///
    /// ```
    /// use judge_input::{Integer, Token};
    ///
    /// let integer = |text: &str| Token::from(text).integer();
    /// assert_eq!(integer("+007"), Some(Integer::Natural(7)));
    /// assert_eq!(integer("-0"), Some(Integer::Natural(0)));
    /// assert_eq!(integer("-5"), Some(Integer::Negative));
    /// assert_eq!(integer("99999999999999999999999"), Some(Integer::TooLarge));
    /// assert_eq!(integer("1e3"), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn integer(&self) -> Option<Integer> {
        let scan = &self.scan;
        if scan.form != Form::Digits {
            return None;
        }
        Some(match (scan.value, scan.too_large) {
            (0, false) => Integer::Natural(0),
            _ if scan.negative => Integer::Negative,
            (value, false) => Integer::Natural(value),
            (_, true) => Integer::TooLarge,
        })
    }

    /// The token in double quotes with Rust's escapes, as a token that may hold anything is
    /// shown: `"x"`, or `"xxx..." (100000 bytes)` when it is long.
    #[must_use]
    pub fn quoted(&self) -> Excerpt<'_> {
        Excerpt::quoted(&self.start).of_length(self.bytes)
    }

    /// The token as written, as an integer is shown: `99`, or `999... (100000 bytes)` when it is
    /// long.
    #[must_use]
    pub fn as_written(&self) -> Excerpt<'_> {
        Excerpt::as_written(&self.start).of_length(self.bytes)
    }

    /// Empties the token, keeping its memory, for the next one.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.start.clear();
        self.bytes = 0;
        self.scan = Scan::default();
    }

    /// Adds `text`, the next part of the token (all of it, or what one piece of the input holds
    /// of it): its first characters are kept while the start is not full, the rest is counted.
    /// Inlined (as are the accessors) into the parsers' crates, which call it once a token.
    #[inline]
    pub(crate) fn push_str(&mut self, text: &str) {
        // Nearly every token of a judge's input: one or two digits, read without the general
        // scan or a copy through `memcpy`.
        if self.bytes == 0 {
            let value = match *text.as_bytes() {
                [digit @ b'0'..=b'9'] => u64::from(digit - b'0'),
                [tens @ b'0'..=b'9', units @ b'0'..=b'9'] => {
                    u64::from(tens - b'0') * 10 + u64::from(units - b'0')
                }
                _ => return self.push_part(text),
            };
            for &digit in text.as_bytes() {
                self.start.push(char::from(digit));
            }
            self.bytes = text.len();
            let last = text.as_bytes().last().map(|&digit| char::from(digit));
            self.scan = Scan { value, form: Form::Digits, last, ..Scan::default() };
            return;
        }
        self.push_part(text);
    }

    /// [`push_str`](Self::push_str) for any part.
    fn push_part(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        self.scan.read(text.as_bytes(), self.bytes == 0);
        self.scan.last = text.chars().next_back();
        self.bytes += text.len();
        // A count of at most `EXCERPT_CHARS` characters, once a part: a 20 MB token read in
        // 64 KB parts costs a few hundred of them.
        let room = EXCERPT_CHARS - self.start.chars().count();
        let cut = text.char_indices().nth(room).map_or(text.len(), |(cut, _)| cut);
        self.start.push_str(&text[..cut]);
    }
}

impl From<&str> for Token {
    fn from(token: &str) -> Token {
        let mut kept = Token::default();
        kept.push_str(token);
        kept
    }
}

impl From<String> for Token {
    fn from(token: String) -> Token {
        Token::from(token.as_str())
    }
}

impl PartialEq for Token {
    fn eq(&self, other: &Token) -> bool {
        (&self.start, self.bytes) == (&other.start, other.bytes)
    }
}

impl Eq for Token {}

/// What an error shows of the token: its start and its length.
impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Token")
            .field("start", &self.start)
            .field("bytes", &self.bytes)
            .finish_non_exhaustive()
    }
}

/// What an integer token says ([`Token::integer`]). Each grammar decides which values it takes;
/// this only reads them, however long they are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Integer {
    /// Zero or more, up to `u64::MAX`, however written: `7`, `+007`, `-0`.
    Natural(u64),
    /// Below zero, however far: `-1`, `-99999999999999999999999`.
    Negative,
    /// Above `u64::MAX`: a value no grammar of a judge's input takes, kept apart so that it is
    /// never mistaken for a small one.
    TooLarge,
}

/// What a token's bytes say as an integer so far (an optional sign, then decimal digits), and
/// its last character: packed, so that an error keeping two tokens stays small.
#[derive(Clone, Copy, Debug, Default)]
struct Scan {
    /// The value of the digits read, while it fits.
    value: u64,
    /// Whether the value has gone above `u64::MAX`.
    too_large: bool,
    /// Whether the token starts with `-`.
    negative: bool,
    /// What the bytes read look like.
    form: Form,
    /// The last character read.
    last: Option<char>,
}

/// What a token's bytes look like so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Form {
    /// No digit yet (nothing, or a sign).
    #[default]
    NoDigit,
    /// A sign or not, then digits.
    Digits,
    /// A byte that is neither a leading sign nor a digit: not an integer, whatever follows.
    Other,
}

impl Scan {
    /// Reads `bytes`, the token's first if `first`.
    fn read(&mut self, bytes: &[u8], first: bool) {
        for (at, &byte) in bytes.iter().enumerate() {
            if self.form == Form::Other {
                return;
            }
            match byte {
                b'+' | b'-' if first && at == 0 => self.negative = byte == b'-',
                b'0'..=b'9' => {
                    self.form = Form::Digits;
                    let digit = u64::from(byte - b'0');
                    match self.value.checked_mul(10).and_then(|value| value.checked_add(digit)) {
                        Some(value) => self.value = value,
                        None => self.too_large = true,
                    }
                }
                _ => self.form = Form::Other,
            }
        }
    }
}

/// A token as an error message shows it: whole if it has at most [`EXCERPT_CHARS`] characters,
/// otherwise its first [`EXCERPT_CHARS`] characters, `...` and its length in bytes. However long
/// a token is, the message stays a line long. The cut falls between characters, never inside
/// one.
///
/// A [`Token`] gives its excerpt ([`Token::quoted`], [`Token::as_written`]); a token held whole
/// as text gives it here, and a start of a longer token with [`of_length`](Self::of_length).
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

    /// The token of `parts` read one after another, as pieces of the input hand them over.
    fn token_of(parts: &[&str]) -> Token {
        let mut token = Token::default();
        for part in parts {
            token.push_str(part);
        }
        token
    }

    #[test]
    fn a_token_read_in_parts_is_the_token_read_whole() {
        let whole = "+0012é".repeat(10);
        for size in 1..whole.len() {
            let mut parts = Vec::new();
            let mut rest = whole.as_str();
            while !rest.is_empty() {
                let mut cut = size.min(rest.len());
                while !rest.is_char_boundary(cut) {
                    cut += 1;
                }
                parts.push(&rest[..cut]);
                rest = &rest[cut..];
            }
            let token = token_of(&parts);
            assert_eq!(token, Token::from(whole.as_str()), "parts of {size}");
            assert_eq!(token.start().chars().count(), EXCERPT_CHARS);
            assert_eq!(token.last(), Some('é'));
            assert_eq!(token.integer(), None);
        }
    }

    #[test]
    fn integers_are_read_by_one_rule() {
        let integer = |text: &str| Token::from(text).integer();
        assert_eq!(integer("7"), Some(Integer::Natural(7)));
        assert_eq!(integer("-000"), Some(Integer::Natural(0)));
        assert_eq!(integer("18446744073709551615"), Some(Integer::Natural(u64::MAX)));
        assert_eq!(integer("18446744073709551616"), Some(Integer::TooLarge));
        assert_eq!(integer("-18446744073709551616"), Some(Integer::Negative));
        for bad in ["", "+", "-", "++1", "+-1", "1-", "1+1", "x", "1.0", "1e3", "٣", "\0"] {
            assert_eq!(integer(bad), None, "{bad:?}");
        }
        // A sign is read only at the token's start, even when it starts a later part.
        assert_eq!(token_of(&["1", "-2"]).integer(), None);
        assert_eq!(token_of(&["-", "2"]).integer(), Some(Integer::Negative));
        let mut zeros = "0".repeat(100_000);
        zeros.push('3');
        assert_eq!(integer(&zeros), Some(Integer::Natural(3)));
    }

    #[test]
    fn a_long_token_is_cut_between_characters() {
        let long = "é".repeat(40);
        assert_eq!(
            Excerpt::quoted(&long).to_string(),
            format!("{:?} (80 bytes)", "é".repeat(32) + "...")
        );
        assert_eq!(
            Token::from(long.as_str()).quoted().to_string(),
            Excerpt::quoted(&long).to_string()
        );
        assert_eq!(Excerpt::as_written("-12").to_string(), "-12");
        assert_eq!(Excerpt::quoted("a\tb").to_string(), r#""a\tb""#);
    }

    #[test]
    fn an_excerpt_keeps_the_escapes_of_a_quoted_token() {
        let token = "\"\t".repeat(20);
        let expected = format!(r#""{}..." (40 bytes)"#, r#"\"\t"#.repeat(16));
        assert_eq!(Token::from(token.as_str()).quoted().to_string(), expected);
        assert_eq!(Token::from("\"").quoted().to_string(), r#""\"""#);
        assert_eq!(Token::from("-07").as_written().to_string(), "-07");
    }
}
