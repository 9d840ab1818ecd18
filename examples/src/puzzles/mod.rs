//! The four programs, each a command line and a [`Puzzle`](crate::Puzzle): here, in the
//! library, so that tests can run a program's whole path from input to output in-process; the
//! binaries `rotation`, `wall-pusher`, `sliding` and `cube` only call their `main`.
//!
//! Each program names its puzzle's heuristics (its `HeuristicName`, read by `--heuristic`) and
//! offers every driver of search-cli's [`Algorithm`](crate::Algorithm) that fits its puzzle
//! (`--algorithm`): the puzzle crates know their heuristics and how to solve a case, and leave
//! the choosing by name to the programs.

use std::fmt;

pub mod cube;
pub mod rotation;
pub mod sliding;
pub mod wall_pusher;

/// A heuristic's name that a program does not know; its message lists the names it does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnknownHeuristic {
    /// The name as given.
    pub name: String,
    /// The names the program knows, in the order `--help` lists them.
    pub known: Vec<String>,
}

impl fmt::Display for UnknownHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, known) = (&self.name, self.known.join(", "));
        write!(f, "unknown heuristic {name:?}: the heuristics are {known}")
    }
}

impl std::error::Error for UnknownHeuristic {}

/// The heuristic of `all` whose name (its `Display`) is `name`: what each `HeuristicName`'s
/// `FromStr` does.
fn by_name<H: Copy + fmt::Display>(all: &[H], name: &str) -> Result<H, UnknownHeuristic> {
    all.iter().copied().find(|heuristic| heuristic.to_string() == name).ok_or_else(|| {
        UnknownHeuristic { name: name.to_owned(), known: all.iter().map(H::to_string).collect() }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_programs_heuristics_are_read_by_name_and_written_back() {
        for heuristic in rotation::HeuristicName::ALL {
            assert_eq!(heuristic.name().parse(), Ok(heuristic));
        }
        for heuristic in wall_pusher::HeuristicName::ALL {
            assert_eq!(heuristic.to_string().parse(), Ok(heuristic));
        }
        for heuristic in sliding::HeuristicName::ALL {
            assert_eq!(heuristic.to_string().parse(), Ok(heuristic));
        }
        let unknown = "manhattan".parse::<rotation::HeuristicName>().unwrap_err();
        assert_eq!(
            unknown.to_string(),
            r#"unknown heuristic "manhattan": the heuristics are exact, count"#
        );
    }
}
