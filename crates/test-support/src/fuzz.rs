//! What the three puzzle crates' parser fuzzing shares (their `tests/fuzz.rs`, and
//! `docs/fuzzing.md`): how many inputs a property tries, tokens that are almost integers, numbers
//! written every way the integer rule allows, and random damage done to a text. Each crate keeps
//! what is its own: its cases, its endings and the contract its parser keeps.

use proptest::prelude::*;
use proptest::sample::{Index, select};
use proptest::test_runner::Config;

/// The inputs each property tries unless `PROPTEST_CASES` says otherwise.
pub const DEFAULT_CASES: u32 = 2_000;

/// `default_cases` inputs per property, or `PROPTEST_CASES`. A failure is not saved to a file:
/// a test run writes nothing into the source tree, and a failure found becomes a named test.
#[must_use]
pub fn config(default_cases: u32) -> Config {
    let config = if std::env::var_os("PROPTEST_CASES").is_some() {
        Config::default()
    } else {
        Config::with_cases(default_cases)
    };
    Config { failure_persistence: None, ..config }
}

/// Tokens that are almost integers, or look like digits or spaces without being ASCII ones.
pub const TRICKY: &[&str] = &[
    "+",
    "-",
    "+-1",
    "-+1",
    "--1",
    "1-",
    "1+",
    "1.0",
    "1e3",
    "0x1",
    "1_0",
    "٣",
    "१",
    "１",
    "\u{a0}",
    "1\u{a0}",
    "\u{3000}2",
    "\u{feff}1",
    "\u{b}",
    "1\u{0}",
    "∞",
    "NaN",
    "#1",
];

/// Whether `token` is an integer by the rule every puzzle crate reads numbers by: an optional
/// sign, then one or more ASCII decimal digits.
#[must_use]
pub fn is_integer(token: &str) -> bool {
    let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
    !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit())
}

/// `value` as the integer rule allows it to be written: `2`, `+2`, `02`, `+002`, and zero also
/// as `-0`.
pub fn written(value: u8) -> impl Strategy<Value = String> {
    let signs: &[&str] = if value == 0 { &["", "+", "-"] } else { &["", "+"] };
    (select(signs), 0..3_usize)
        .prop_map(move |(sign, zeros)| format!("{sign}{}{value}", "0".repeat(zeros)))
}

/// A token that is not an integer: one of [`TRICKY`], or arbitrary text without ASCII
/// whitespace.
pub fn not_an_integer() -> impl Strategy<Value = String> {
    let arbitrary =
        any::<String>().prop_map(|text| text.replace(|c: char| c.is_ascii_whitespace(), ""));
    prop_oneof![select(TRICKY).prop_map(str::to_owned), arbitrary]
        .prop_filter("not an integer", |token| !token.is_empty() && !is_integer(token))
}

/// An integer outside `low..=high`, zero included when it is outside: just below or above the
/// range, far above it (up to 60 digits), or negative, any of them possibly with leading zeros.
pub fn outside(low: u8, high: u8) -> impl Strategy<Value = String> {
    let below = (0..low).prop_flat_map(written).boxed();
    let above = (high + 1..=high + 5).prop_flat_map(written).boxed();
    let below_or_above = if low == 0 { above } else { prop_oneof![below, above].boxed() };
    prop_oneof![below_or_above, "[+]?0{0,2}[1-9][0-9]{2,60}", "-0{0,2}[1-9][0-9]{0,60}"]
}

/// Whitespace between tokens: any ASCII whitespace, one character or several.
pub fn gap() -> impl Strategy<Value = &'static str> {
    select(&[" ", " ", " ", "\n", "\t", "\r\n", "\x0c", "\r", "  ", " \n\t"][..])
}

/// Replacement text for damage: almost-integers, integers from small to huge with signs,
/// arbitrary Unicode (whitespace included), bytes that are not UTF-8, a huge token, nothing.
pub fn junk() -> BoxedStrategy<Vec<u8>> {
    prop_oneof![
        select(TRICKY).prop_map(|token| token.as_bytes().to_vec()),
        "[+-]?[0-9]{1,80}".prop_map(String::into_bytes),
        any::<String>().prop_map(String::into_bytes),
        prop::collection::vec(any::<u8>(), 0..12),
        (1..20_000_usize, select(&["9", "x", "é"][..]))
            .prop_map(|(length, unit)| unit.repeat(length).into_bytes()),
        Just(Vec::new()),
    ]
    .boxed()
}

/// One piece of damage, placed relative to the undamaged text.
#[derive(Clone, Debug)]
pub enum Damage {
    /// A token replaced.
    Token(Index, Vec<u8>),
    /// Bytes inserted at a character boundary.
    Insert(Index, Vec<u8>),
    /// The whitespace between two tokens replaced (by nothing: the two merge).
    Gap(Index, Vec<u8>),
    /// Everything from a character boundary on removed.
    Cut(Index),
}

/// Any of the kinds of damage, equally often, with `junk` (such as [`junk`]) as replacement text.
pub fn damage(junk: fn() -> BoxedStrategy<Vec<u8>>) -> impl Strategy<Value = Damage> {
    prop_oneof![
        (any::<Index>(), junk()).prop_map(|(at, with)| Damage::Token(at, with)),
        (any::<Index>(), junk()).prop_map(|(at, with)| Damage::Insert(at, with)),
        (any::<Index>(), prop_oneof![Just(Vec::new()), junk()])
            .prop_map(|(at, with)| Damage::Gap(at, with)),
        any::<Index>().prop_map(Damage::Cut),
    ]
}

/// The byte ranges of the tokens of `text`.
#[must_use]
pub fn token_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (at, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (start, c.is_ascii_whitespace()) {
            (None, false) => start = Some(at),
            (Some(from), true) => {
                spans.push((from, at));
                start = None;
            }
            _ => {}
        }
    }
    spans
}

/// `text` with `damages` done to it, and the position of the first byte they changed.
///
/// Each damage is placed in the undamaged text; they are done from the last to the first so that
/// each one's place is still where it was, and one that overlaps a later one is left out.
#[must_use]
pub fn damaged(text: &str, damages: &[Damage]) -> (Vec<u8>, usize) {
    let spans = token_spans(text);
    let boundaries: Vec<usize> =
        text.char_indices().map(|(at, _)| at).chain([text.len()]).collect();
    let mut edits: Vec<(usize, usize, &[u8])> = damages
        .iter()
        .filter_map(|damage| match damage {
            Damage::Token(at, with) if !spans.is_empty() => {
                let (start, end) = spans[at.index(spans.len())];
                Some((start, end, with.as_slice()))
            }
            Damage::Gap(at, with) if spans.len() > 1 => {
                let index = at.index(spans.len() - 1);
                Some((spans[index].1, spans[index + 1].0, with.as_slice()))
            }
            Damage::Insert(at, with) => {
                let at = boundaries[at.index(boundaries.len())];
                Some((at, at, with.as_slice()))
            }
            Damage::Cut(at) => Some((boundaries[at.index(boundaries.len())], text.len(), &[][..])),
            Damage::Token(..) | Damage::Gap(..) => None,
        })
        .collect();
    edits.sort_by_key(|&(start, end, _)| std::cmp::Reverse((start, end)));
    let mut bytes = text.as_bytes().to_vec();
    let mut first = text.len() + 1;
    for (start, end, with) in edits {
        if end <= first {
            bytes.splice(start..end, with.iter().copied());
            first = start;
        }
    }
    (bytes, first)
}

/// The tokens of `bytes` as the programs cut them: at ASCII whitespace bytes, each token made
/// text on its own (a byte that is not UTF-8 becomes U+FFFD).
#[must_use]
pub fn program_tokens(bytes: &[u8]) -> Vec<String> {
    bytes
        .split(u8::is_ascii_whitespace)
        .filter(|token| !token.is_empty())
        .map(|token| String::from_utf8_lossy(token).into_owned())
        .collect()
}
