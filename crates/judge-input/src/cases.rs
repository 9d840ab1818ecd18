//! The cases of an input, numbered, one at a time ([`Cases`]), read by a puzzle's
//! [`Grammar`].

use std::fmt;

use crate::Tokens;

/// How a puzzle's cases are written: what one case is, read from the input's tokens. The rest
/// (numbering the cases, stopping after the last or at the first error) is [`Cases`]'.
pub trait Grammar {
    /// A case read.
    type Case;
    /// What is wrong with a case.
    type Error;

    /// Reads case number `case` (counted from 1) from `tokens`: the case, or what is wrong with
    /// it, or `None` when the input has no more cases (it ended, or its terminator was read).
    fn read<I: Iterator<Item: AsRef<str>>>(
        &mut self,
        tokens: &mut Tokens<I>,
        case: usize,
    ) -> Option<Result<Self::Case, Self::Error>>;
}

/// The cases of an input, one at a time, as `grammar` reads them from its tokens: each numbered,
/// from 1, and the iterator ended by the input's end, its terminator, or its first error (what
/// follows a bad token cannot be trusted to line up). So a caller can answer every good case
/// before it reports the first bad one, the way a judge's reference solution would have behaved.
///
/// ```
/// use judge_input::{Cases, Grammar, Integer, Tokens};
///
/// /// Cases of two numbers, ended by a lone 0.
/// struct Pairs;
///
/// impl Grammar for Pairs {
///     type Case = (u64, u64);
///     type Error = String;
///
///     fn read<I: Iterator<Item: AsRef<str>>>(
///         &mut self,
///         tokens: &mut Tokens<I>,
///         case: usize,
///     ) -> Option<Result<(u64, u64), String>> {
///         let mut pair = [0; 2];
///         for (index, slot) in pair.iter_mut().enumerate() {
///             let Some(token) = tokens.next() else {
///                 return (index > 0).then(|| Err(format!("case {case}: the input ends")));
///             };
///             match token.integer() {
///                 Some(Integer::Natural(0)) if index == 0 => return None,
///                 Some(Integer::Natural(value)) => *slot = value,
///                 _ => return Some(Err(format!("case {case}: {} is no number", token.quoted()))),
///             }
///         }
///         Some(Ok((pair[0], pair[1])))
///     }
/// }
///
/// let cases = Cases::new(Pairs, Tokens::new(["1 2 3 4 5 x 6"].into_iter()));
/// assert_eq!(
///     cases.collect::<Vec<_>>(),
///     [Ok((1, 2)), Ok((3, 4)), Err(r#"case 3: "x" is no number"#.to_owned())]
/// );
/// let cases = Cases::new(Pairs, Tokens::new(["1 2 0 3"].into_iter()));
/// assert_eq!(cases.collect::<Vec<_>>(), [Ok((1, 2))]);
/// ```
pub struct Cases<G, I: Iterator> {
    grammar: G,
    tokens: Tokens<I>,
    /// How many cases have been read, good or bad.
    read: usize,
    done: bool,
}

impl<G, I: Iterator<Item: AsRef<str>>> Cases<G, I> {
    /// The cases `grammar` reads from `tokens`.
    pub fn new(grammar: G, tokens: Tokens<I>) -> Self {
        Cases { grammar, tokens, read: 0, done: false }
    }
}

/// The cases read, not the text: the pieces may be anything that reads as text.
impl<G, I: Iterator> fmt::Debug for Cases<G, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cases")
            .field("read", &self.read)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

impl<G: Grammar, I: Iterator<Item: AsRef<str>>> Iterator for Cases<G, I> {
    type Item = Result<G::Case, G::Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let result = self.grammar.read(&mut self.tokens, self.read + 1);
        self.read += usize::from(result.is_some());
        // Stop after the terminator, the end of the input, or an error.
        self.done = !matches!(result, Some(Ok(_)));
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Integer;

    /// Cases of one natural number each; a 0 is an error, so that the numbering shows.
    struct Ones;

    impl Grammar for Ones {
        type Case = (usize, u64);
        type Error = usize;

        fn read<I: Iterator<Item: AsRef<str>>>(
            &mut self,
            tokens: &mut Tokens<I>,
            case: usize,
        ) -> Option<Result<(usize, u64), usize>> {
            match tokens.next()?.integer() {
                Some(Integer::Natural(value)) if value > 0 => Some(Ok((case, value))),
                _ => Some(Err(case)),
            }
        }
    }

    #[test]
    fn cases_are_numbered_and_end_at_the_first_error() {
        let mut cases = Cases::new(Ones, Tokens::joined(["5 6", " 0 7"].into_iter()));
        assert_eq!(cases.next(), Some(Ok((1, 5))));
        assert_eq!(cases.next(), Some(Ok((2, 6))));
        assert_eq!(cases.next(), Some(Err(3)));
        assert_eq!(cases.next(), None);
        assert_eq!(format!("{cases:?}"), "Cases { read: 3, done: true, .. }");
    }
}
