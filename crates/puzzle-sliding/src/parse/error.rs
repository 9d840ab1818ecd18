//! What is wrong with a line of the input, and the tokens an error keeps.

use std::error::Error;
use std::fmt;

use crate::MAX_CELLS;

/// What is wrong with a line of the input. Every variant names the case (the board, counted from
/// 1 among the lines that are neither blank nor comments) and the line, counted from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A token is not an integer (an optional sign and decimal digits).
    NotAnInteger {
        /// The case, counted from 1.
        case: usize,
        /// The line, counted from 1.
        line: usize,
        /// The offending token.
        token: Token,
    },
    /// The line does not hold 4, 9, 16 or 25 numbers (a square board of side 2 to 5).
    WrongCount {
        /// The case, counted from 1.
        case: usize,
        /// The line, counted from 1.
        line: usize,
        /// How many numbers it holds; 26 for a line of more than 25, which the parser stops
        /// reading at its 26th number.
        found: usize,
    },
    /// A number is not a tile of the board: negative, or not below the number of cells.
    OutOfRange {
        /// The case, counted from 1.
        case: usize,
        /// The line, counted from 1.
        line: usize,
        /// The number as written (it may be too large for any integer type).
        token: Token,
        /// The board's number of cells.
        cells: usize,
    },
    /// A line whose count of numbers is no board's holds a number too large for any board's
    /// tile (above 24): the number, not the count, is what the message names.
    TooLarge {
        /// The case, counted from 1.
        case: usize,
        /// The line, counted from 1.
        line: usize,
        /// The number as written (it may be too large for any integer type).
        token: Token,
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
    /// The line's first token ends with `:`, so it is a shape, but not a board's: not
    /// `WIDTHxHEIGHT:`, or a side below 2, or more than 25 cells.
    BadShape {
        /// The case, counted from 1.
        case: usize,
        /// The line, counted from 1.
        line: usize,
        /// The token.
        token: Token,
    },
    /// The line starts with a shape, but its count of numbers is not the shape's cells.
    ShapeMismatch {
        /// The case, counted from 1.
        case: usize,
        /// The line, counted from 1.
        line: usize,
        /// The shape's columns.
        width: usize,
        /// The shape's rows.
        height: usize,
        /// How many numbers the line holds; 26 for a line of more than 25, which the parser
        /// stops reading at its 26th number.
        found: usize,
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
            | Self::TooLarge { case, .. }
            | Self::Duplicate { case, .. }
            | Self::BadShape { case, .. }
            | Self::ShapeMismatch { case, .. } => case,
        }
    }

    /// The line the error is on, counted from 1.
    #[must_use]
    pub fn line(&self) -> usize {
        match *self {
            Self::NotAnInteger { line, .. }
            | Self::WrongCount { line, .. }
            | Self::OutOfRange { line, .. }
            | Self::TooLarge { line, .. }
            | Self::Duplicate { line, .. }
            | Self::BadShape { line, .. }
            | Self::ShapeMismatch { line, .. } => line,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "case {} (line {}): ", self.case(), self.line())?;
        match self {
            Self::NotAnInteger { token, .. } => {
                write!(f, "token {} is not an integer", token.quoted())
            }
            Self::WrongCount { found, .. } => {
                if *found > MAX_CELLS {
                    write!(f, "more than {MAX_CELLS} numbers")?;
                } else {
                    write!(f, "{found} numbers")?;
                }
                write!(f, ", but a board has 4, 9, 16 or 25 (k x k cells, k from 2 to 5)")
            }
            Self::OutOfRange { token, cells, .. } => {
                let token = token.as_written();
                write!(f, "{token} is not a tile of a {cells}-cell board (0 to {})", cells - 1)
            }
            Self::TooLarge { token, .. } => {
                let token = token.as_written();
                write!(f, "{token} is too large: a tile is 0 to {} on any board", MAX_CELLS - 1)
            }
            Self::Duplicate { tile, .. } => write!(f, "tile {tile} appears twice"),
            Self::BadShape { token, .. } => write!(
                f,
                "shape {} is not a board's: a shape is WIDTHxHEIGHT: (columns x rows), each \
                 at least 2, at most {MAX_CELLS} cells, as in 2x3:",
                token.quoted()
            ),
            Self::ShapeMismatch { width, height, found, .. } => {
                if *found > MAX_CELLS {
                    write!(f, "more than {MAX_CELLS} numbers")?;
                } else {
                    write!(f, "{found} numbers")?;
                }
                write!(f, ", but a {width}x{height} board has {}", width * height)
            }
        }
    }
}

impl Error for ParseError {}

/// The most characters of a token an error keeps and its message shows.
pub use judge_input::EXCERPT_CHARS;

/// A token of the input as an error keeps it: its first [`EXCERPT_CHARS`] characters and its
/// length in bytes. However long the token (nothing stops an input from holding a 20 MB one),
/// the error holds a few bytes and its message stays a line long.
///
/// ```
/// use puzzle_sliding::Token;
///
/// let token = Token::from("x".repeat(100).as_str());
/// assert_eq!((token.start(), token.bytes()), ("x".repeat(32).as_str(), 100));
/// assert!(!token.is_whole());
/// assert!(Token::from("-1").is_whole());
/// ```
pub use judge_input::Token;
