//! A heuristic chosen by name: the names a command line (`--heuristic`), a cluster's work file or
//! the explorer's requests give a puzzle's heuristics ([`Puzzle::HEURISTICS`](crate::Puzzle),
//! each named by its `Display`), read back with a typed error.

use std::fmt;

/// A heuristic's name that the puzzle does not know; its message lists the names it does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnknownHeuristic {
    /// The name as given.
    pub name: String,
    /// The names the puzzle knows, in the order `--help` lists them.
    pub known: Vec<String>,
}

impl fmt::Display for UnknownHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, known) = (&self.name, self.known.join(", "));
        write!(f, "unknown heuristic {name:?}: the heuristics are {known}")
    }
}

impl std::error::Error for UnknownHeuristic {}

/// The heuristic of `all` whose name (its `Display`) is `name`: what a puzzle's heuristic type
/// answers to `FromStr` with.
///
/// ```
/// use search_cli::heuristic_by_name;
///
/// let all = ["gaps", "zero"];
/// assert_eq!(heuristic_by_name(&all, "zero"), Ok("zero"));
/// let unknown = heuristic_by_name(&all, "psychic").unwrap_err();
/// assert_eq!(unknown.to_string(), r#"unknown heuristic "psychic": the heuristics are gaps, zero"#);
/// ```
///
/// # Errors
///
/// [`UnknownHeuristic`] when no heuristic of `all` bears the name.
pub fn heuristic_by_name<H: Copy + fmt::Display>(
    all: &[H],
    name: &str,
) -> Result<H, UnknownHeuristic> {
    all.iter().copied().find(|heuristic| heuristic.to_string() == name).ok_or_else(|| {
        UnknownHeuristic { name: name.to_owned(), known: all.iter().map(H::to_string).collect() }
    })
}
