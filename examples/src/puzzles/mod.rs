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
/// The pancake puzzle of the tutorial `docs/adding-a-puzzle.md`: the outside program's own file,
/// so that the explorer offers the program the tutorial builds, written once.
#[path = "../../../tests/outside-program/src/pancakes.rs"]
pub mod pancakes;
pub mod rotation;
pub mod sliding;
pub mod wall_pusher;

/// A heuristic's name that a program does not know (search-cli's): the error of each
/// `HeuristicName`'s `FromStr`, which search-cli's `heuristic_names!` declares with the names.
pub use search_cli::UnknownHeuristic;
use search_cli::explore::Register;

/// Hands `registry` (the explorer's registry) the programs' puzzles, in the order its page lists
/// them: the sliding puzzles, the Rotation Game, the Wall Pushers, the tutorial's pancake puzzle
/// and the pocket cube.
pub fn builtin(registry: &mut impl Register) {
    registry.register(sliding::Program::new(None, 0));
    registry.register(rotation::Program { pretty: false });
    registry.register(wall_pusher::Program { pretty: false });
    registry.register(pancakes::Program);
    registry.register(cube::PocketProgram { threads: 0 });
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
