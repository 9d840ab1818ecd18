//! [`SevenEdges`]: the pattern database of seven edges, `UR UF UL UB DR DF DL` (510,935,040
//! entries, 255 MB in 4 bits an entry), and through a view of the cube from another side
//! (a quarter turn of the whole cube, [`Rotation::X`]) the database of the other five and two
//! of these: one table for two groups that together cover all twelve edges.
//!
//! Built by search-core's breadth-first builder on every core over the group's move table
//! ([`EdgeMoves`], 287 MB), the levels found by reading the table rather than kept as lists
//! ([`levels_by_scan`]): the largest levels hold hundreds of millions of ranks, gigabytes as
//! lists, so the build takes the table (511 MB, a byte a rank), the move table, and the packed
//! copy (255 MB) at the end: about 1.1 GB.
//!
//! [`Rotation::X`]: crate::Rotation::X
//! [`levels_by_scan`]: search_core::pattern_database::ParallelBuilder::levels_by_scan

use std::time::Instant;

use search_core::pattern_database::{Abstraction, PatternDatabase};

use super::BuildTimes;
use super::abstractions::Edges;
use super::move_tables::EdgeMoves;
use super::nibbles::Nibbles;
use crate::Cube;

/// The seven edges' pattern database: the moves the edges `UR UF UL UB DR DF DL` need, where
/// they are and how flipped, the other five forgotten (at most 11 moves).
#[derive(Clone, Debug)]
pub struct SevenEdges {
    edges: Edges,
    table: Nibbles,
}

impl SevenEdges {
    /// The abstraction: edge cubies 0 to 6.
    #[must_use]
    pub fn abstraction() -> Edges {
        Edges::new(0, 7)
    }

    /// Builds the database on `threads` threads (0: all the machine's), by search-core's
    /// breadth-first builder over the move table, levels by scan, then packs it in 4 bits an
    /// entry. Minutes on two cores (`docs/performance.md` has the figures).
    #[must_use]
    pub fn build(threads: usize) -> (SevenEdges, BuildTimes) {
        let start = Instant::now();
        let edges = SevenEdges::abstraction();
        let database = {
            let moves = EdgeMoves::new(edges);
            PatternDatabase::builder().threads(threads).levels_by_scan().build(&moves)
        };
        let table = Nibbles::pack(&database);
        drop(database);
        (SevenEdges { edges, table }, BuildTimes { each: vec![start.elapsed()] })
    }

    /// The database from a table made before (read from a file): `None` unless it has the
    /// abstraction's size.
    #[must_use]
    pub fn from_table(table: Nibbles) -> Option<SevenEdges> {
        let edges = SevenEdges::abstraction();
        (table.len() == edges.size()).then_some(SevenEdges { edges, table })
    }

    /// The table.
    #[must_use]
    pub fn table(&self) -> &Nibbles {
        &self.table
    }

    /// The abstraction the table is over.
    #[must_use]
    pub fn edges(&self) -> &Edges {
        &self.edges
    }

    /// The memory the table takes, in bytes.
    #[must_use]
    pub fn memory(&self) -> usize {
        self.table.bytes().len()
    }

    /// The table's distance at `rank`.
    #[must_use]
    #[inline]
    pub fn distance(&self, rank: usize) -> u8 {
        self.table.distance(rank)
    }

    /// The distance of `cube`'s seven edges.
    #[must_use]
    #[inline]
    pub fn distance_of(&self, cube: &Cube) -> u8 {
        self.table.distance(self.edges.rank(cube))
    }
}
