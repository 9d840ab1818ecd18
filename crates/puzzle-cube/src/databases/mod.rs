//! The cubes' admissible bounds, from pattern databases built by search-core's builder:
//! [`Korf`] and the larger edge groups' [`EdgeDatabase`] for the 3x3x3 cube, [`PocketBound`] and
//! [`PocketDistances`] for the pocket cube.

use std::time::{Duration, Instant};

use search_core::Heuristic;
use search_core::pattern_database::{Abstraction, PatternDatabase};

use crate::{Cube, Pocket, PocketCube, Rubik};

pub mod abstractions;
pub mod cache;
pub mod edge_database;
pub mod huge;
pub mod move_tables;
pub mod nibbles;
pub mod pocket;
pub mod tracked;
pub mod tracked_groups;

use abstractions::{Corners, Edges};
pub use edge_database::EdgeDatabase;
use move_tables::{CornerMoves, EdgeMoves};
use nibbles::Nibbles;

/// Korf's bound for the 3x3x3 cube (1997): the largest of three pattern databases' distances,
/// the corners' (88,179,840 entries, at most 11 moves) and two groups of six edges' (42,577,920
/// entries each, at most 10), `UR UF UL UB DR DF` and `DL DB FR FL BL BR`. Stored in 4 bits an
/// entry ([`Nibbles`]): 86.7 MB in all.
#[derive(Clone, Debug)]
pub struct Korf {
    corners: Corners,
    first: Edges,
    last: Edges,
    tables: [Nibbles; 3],
}

/// How a [`Korf`] bound was made: how long each database took to build (or read).
#[derive(Clone, Debug, Default)]
pub struct BuildTimes {
    /// The corners', then each group of edges'.
    pub each: Vec<Duration>,
}

impl Korf {
    /// The three abstractions, in the order the tables are kept: corners, first six edges,
    /// last six edges.
    #[must_use]
    pub fn abstractions() -> (Corners, Edges, Edges) {
        (Corners::new(), Edges::first_six(), Edges::last_six())
    }

    /// Builds the three databases on `threads` threads (0: all the machine's), with
    /// search-core's breadth-first builder over the abstractions' move tables
    /// ([`CornerMoves`], [`EdgeMoves`]), then packs them in 4 bits an entry; [`cached`](Korf::cached) keeps
    /// them in a file.
    #[must_use]
    pub fn build(threads: usize) -> (Korf, BuildTimes) {
        let (corners, first, last) = Korf::abstractions();
        let mut times = BuildTimes::default();
        let mut build = |abstraction: &(dyn Abstraction + Sync)| {
            let start = Instant::now();
            let database = PatternDatabase::builder().threads(threads).build(abstraction);
            let packed = Nibbles::pack(&database);
            times.each.push(start.elapsed());
            packed
        };
        // The same abstractions with their turns in tables (a fraction of a second to make):
        // the builder's successors become index arithmetic.
        let tables = [
            build(&CornerMoves::new()),
            build(&EdgeMoves::new(first)),
            build(&EdgeMoves::new(last)),
        ];
        (Korf { corners, first, last, tables }, times)
    }

    /// The bound from tables made before (read from a file): `None` unless they are of the
    /// abstractions' sizes.
    #[must_use]
    pub fn from_tables(tables: [Nibbles; 3]) -> Option<Korf> {
        let (corners, first, last) = Korf::abstractions();
        let sizes = [corners.size(), first.size(), last.size()];
        (tables.iter().zip(sizes).all(|(table, size)| table.len() == size)).then_some(Korf {
            corners,
            first,
            last,
            tables,
        })
    }

    /// The three tables: corners, first six edges, last six edges.
    #[must_use]
    pub fn tables(&self) -> &[Nibbles; 3] {
        &self.tables
    }

    /// The memory the tables take, in bytes.
    #[must_use]
    pub fn memory(&self) -> usize {
        self.tables.iter().map(|table| table.bytes().len()).sum()
    }

    /// The three databases' distances for `cube`: corners, first edges, last edges.
    #[must_use]
    #[inline]
    pub fn distances(&self, cube: &Cube) -> [u8; 3] {
        [
            self.tables[0].distance(self.corners.rank(cube)),
            self.tables[1].distance(self.first.rank(cube)),
            self.tables[2].distance(self.last.rank(cube)),
        ]
    }
}

/// The largest of the three databases' distances.
impl Heuristic<Rubik> for Korf {
    #[inline]
    fn estimate(&self, _: &Rubik, cube: &Cube) -> u8 {
        let [corners, first, last] = self.distances(cube);
        corners.max(first).max(last)
    }
}

/// The corners' database alone: admissible, weaker than [`Korf`], a second bound to check that
/// two heuristics find solutions of the same length.
#[derive(Clone, Copy, Debug)]
pub struct CornersOnly<'a>(pub &'a Korf);

impl Heuristic<Rubik> for CornersOnly<'_> {
    #[inline]
    fn estimate(&self, _: &Rubik, cube: &Cube) -> u8 {
        self.0.tables[0].distance(self.0.corners.rank(cube))
    }
}

pub use pocket::{PocketBound, PocketDistances};

/// The pocket cube's bounds are admissible for the pocket cube held by its corner.
impl Heuristic<PocketCube> for PocketDistances {
    #[inline]
    fn estimate(&self, _: &PocketCube, pocket: &Pocket) -> u8 {
        self.distance(pocket)
    }
}
