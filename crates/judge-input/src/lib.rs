//! Reading an online judge's input as it arrives, whatever its grammar.
//!
//! - [`Tokens`]: the whitespace-separated tokens of text that comes in pieces (a file or a pipe
//!   read a buffer at a time, [`Decoded`] from bytes), with the line ends for a grammar of lines.
//! - [`Token`]: a token as a parser keeps it, its first characters and its length, and what it
//!   says as an [`Integer`] by the one rule every grammar here shares.
//! - [`Excerpt`]: a bad token as an error message shows it, a line long however long the token.
//! - [`Cases`]: the cases of an input numbered from 1, one at a time, read by a puzzle's
//!   [`Grammar`], which says only what one case is.
//!
//! A parser built on it yields one case at a time from pieces read only as the cases need them
//! (a program answers each case before the next is read), and its error messages stay a line
//! long whatever the input holds.
//!
//! # Memory
//!
//! However long the input, its lines or its tokens, reading it holds the piece being read, one
//! [`Token`] (at most [`EXCERPT_CHARS`] characters and a few counters) and what the grammar keeps
//! of the case it is reading: a token of 20 MB is read through and counted, never held, and a
//! piece never holds more than its reader's buffer when the pieces are
//! [`joined`](Tokens::joined). (Pieces made of whole tokens, [`Tokens::new`], are as long as
//! their longest token: whoever cuts them holds it.)
//!
//! ```
//! use judge_input::{Decoded, Excerpt, Integer, Tokens};
//!
//! // Pieces as a reader hands them out, cut anywhere: "22" spans two.
//! let pieces: [&[u8]; 3] = [b"1 2", b"2\n333 ", b"x"];
//! let mut tokens = Tokens::joined(Decoded::new(pieces.into_iter()));
//! let mut found = Vec::new();
//! while let Some(token) = tokens.next() {
//!     found.push((token.start().to_owned(), token.integer()));
//! }
//! assert_eq!(
//!     found,
//!     [
//!         ("1".to_owned(), Some(Integer::Natural(1))),
//!         ("22".to_owned(), Some(Integer::Natural(22))),
//!         ("333".to_owned(), Some(Integer::Natural(333))),
//!         ("x".to_owned(), None),
//!     ]
//! );
//!
//! let long = "9".repeat(100);
//! assert_eq!(Excerpt::quoted("x").to_string(), r#""x""#);
//! assert_eq!(Excerpt::as_written(&long).to_string(), format!("{}... (100 bytes)", &long[..32]));
//! ```

mod cases;
mod decoded;
mod token;
mod tokens;

pub use cases::{Cases, Grammar};
pub use decoded::Decoded;
pub use token::{EXCERPT_CHARS, Excerpt, Integer, Token};
pub use tokens::{Next, Tokens};

/// This crate's README, its example compiled and run as a doctest so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
