//! The four programs, each a command line and a [`Puzzle`](crate::Puzzle): here, in the
//! library, so that tests can run a program's whole path from input to output in-process; the
//! binaries `rotation`, `wall-pusher`, `sliding` and `cube` only call their `main`.
//!
//! Each program names its puzzle's heuristics (its `HeuristicName`, declared with
//! search-cli's `heuristic_names!` and read by `--heuristic`) and
//! offers every driver of search-cli's [`Algorithm`](crate::Algorithm) that fits its puzzle
//! (`--algorithm`): the puzzle crates know their heuristics and how to solve a case, and leave
//! the choosing by name to the programs.

pub mod cube;
pub mod rotation;
pub mod sliding;
pub mod wall_pusher;

/// A heuristic's name that a program does not know (search-cli's): the error of each
/// `HeuristicName`'s `FromStr`, which search-cli's `heuristic_names!` declares with the names.
pub use search_cli::UnknownHeuristic;

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
