//! The drivers a program can run, by the names its command line (`--algorithm`), the trace
//! format's header and the explorer's requests give them.

use std::fmt;

/// A search-core driver, by the name a command line gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// IDA\*: depth-first iterations under a growing bound on `f = g + h`; memory for the path.
    #[default]
    Ida,
    /// Budgeted Tree Search: IDA\*'s answers without its re-searches when costs are diverse.
    Bts,
    /// Iterative deepening: IDA\* with no estimate.
    Iddfs,
    /// Breadth-first search: the fewest moves, every state reached kept (hashable states).
    Bfs,
    /// Uniform-cost search (Dijkstra's): the least cost, every state reached kept.
    Ucs,
    /// A\*: best first on `f`, the open and closed lists kept (hashable states).
    Astar,
}

impl Algorithm {
    /// The drivers that hold only the path, for any puzzle.
    pub const DEPTH_FIRST: &'static [Algorithm] =
        &[Algorithm::Ida, Algorithm::Bts, Algorithm::Iddfs];
    /// Every driver; the last three need hashable states ([`Search::solve`](crate::Search::solve)).
    pub const ALL: &'static [Algorithm] = &[
        Algorithm::Ida,
        Algorithm::Bts,
        Algorithm::Iddfs,
        Algorithm::Bfs,
        Algorithm::Ucs,
        Algorithm::Astar,
    ];

    /// Whether the driver searches depth first, holding only the path
    /// ([`DEPTH_FIRST`](Self::DEPTH_FIRST)).
    #[must_use]
    pub fn depth_first(self) -> bool {
        Algorithm::DEPTH_FIRST.contains(&self)
    }

    /// Whether the driver uses the heuristic: iterative deepening, breadth-first and
    /// uniform-cost search search blind.
    #[must_use]
    pub fn informed(self) -> bool {
        !matches!(self, Algorithm::Iddfs | Algorithm::Bfs | Algorithm::Ucs)
    }

    /// The name, as the command line and the trace format's header give it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Ida => "ida",
            Algorithm::Bts => "bts",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Bfs => "bfs",
            Algorithm::Ucs => "ucs",
            Algorithm::Astar => "astar",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A driver's name that no driver bears; its message lists the names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm {
    /// The name as given.
    pub name: String,
}

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        write!(f, "unknown algorithm {:?}: the algorithms are {}", self.name, names.join(", "))
    }
}

impl std::error::Error for UnknownAlgorithm {}

impl std::str::FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    fn from_str(name: &str) -> Result<Self, UnknownAlgorithm> {
        Algorithm::ALL
            .iter()
            .copied()
            .find(|algorithm| algorithm.name() == name)
            .ok_or_else(|| UnknownAlgorithm { name: name.to_owned() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn algorithms_are_named_as_the_command_line_names_them() {
        for &algorithm in Algorithm::ALL {
            assert_eq!(algorithm.name().parse(), Ok(algorithm));
            assert_eq!(algorithm.to_string(), algorithm.name());
        }
        let message = "dfs".parse::<Algorithm>().unwrap_err();
        assert_eq!(
            message.to_string(),
            r#"unknown algorithm "dfs": the algorithms are ida, bts, iddfs, bfs, ucs, astar"#
        );
        let depth_first: Vec<Algorithm> =
            Algorithm::ALL.iter().copied().filter(|a| a.depth_first()).collect();
        assert_eq!(depth_first, Algorithm::DEPTH_FIRST);
    }
}
