//! [`EdgeDatabase`]: the pattern database of one group of edges, the group kept with the table.
//! Two groups are built and kept in files ([`cache`](super::cache)):
//!
//! - seven edges, [`Edges::seven`] (`UR UF UL UB DR DF DL`: 12!/5! · 2⁷ = 510,935,040 entries,
//!   255 MB in 4 bits an entry, at most 11 moves). Through a view of the cube from another side
//!   (a quarter turn of the whole cube, [`Rotation::X`]) the same table bounds the other five
//!   edges and two of these: one table for two groups that together cover all twelve edges.
//! - eight edges, [`Edges::eight`] (the `U` and `D` layers': 12!/4! · 2⁸ = 5,109,350,400
//!   entries, 2.55 GB in 4 bits an entry, at most 12 moves). Seen through the cube's quarter
//!   turns `x` and `z` ([`Rotation::X`], [`Rotation::Z`]), the same table bounds the `F` and `B`
//!   layers' eight edges and the `R` and `L` layers': three groups, each edge in two of them.
//!
//! Built by search-core's breadth-first builder on every core over the group's move table
//! ([`GroupMoves`]), the levels found by reading the table rather than kept as lists
//! ([`levels_by_scan`]): the largest levels hold hundreds of millions of ranks, gigabytes as
//! lists, so the build holds the table (a byte a rank), the move table, and the packed copy at
//! the end: about 0.9 GB and half a minute on two cores for seven edges, about 7.5 GB and three
//! minutes for eight (`docs/performance.md` has the figures).
//!
//! [`Rotation::X`]: crate::Rotation::X
//! [`Rotation::Z`]: crate::Rotation::Z
//! [`levels_by_scan`]: search_core::pattern_database::ParallelBuilder::levels_by_scan

use std::time::Instant;

use search_core::pattern_database::{Abstraction, PatternDatabase};

use super::BuildTimes;
use super::abstractions::Edges;
use super::move_tables::GroupMoves;
use super::nibbles::Nibbles;
use crate::Cube;

/// An edge group's pattern database: the moves the group's edges need, where they are and how
/// flipped, the other edges forgotten; the group ([`Edges`]) and its table (4 bits an entry).
#[derive(Clone, Debug)]
pub struct EdgeDatabase {
    edges: Edges,
    table: Nibbles,
}

impl EdgeDatabase {
    /// Builds the database of `edges` on `threads` threads (0: all the machine's), by
    /// search-core's breadth-first builder over the group's move table, levels by scan, then
    /// packs it in 4 bits an entry. Minutes on two cores for seven or eight edges.
    #[must_use]
    pub fn build(edges: Edges, threads: usize) -> (EdgeDatabase, BuildTimes) {
        let start = Instant::now();
        let database = {
            let moves = GroupMoves::new(edges, threads);
            PatternDatabase::builder().threads(threads).levels_by_scan().build(&moves)
        };
        let table = Nibbles::pack(&database);
        drop(database);
        (EdgeDatabase { edges, table }, BuildTimes { each: vec![start.elapsed()] })
    }

    /// The database of `edges` from a table made before (read from a file): `None` unless it
    /// has the group's size.
    #[must_use]
    pub fn from_table(edges: Edges, table: Nibbles) -> Option<EdgeDatabase> {
        (table.len() == edges.size()).then_some(EdgeDatabase { edges, table })
    }

    /// The table.
    #[must_use]
    pub fn table(&self) -> &Nibbles {
        &self.table
    }

    /// The group the table is over.
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

    /// Starts loading the distance at `rank` (a hint: see [`Nibbles::prefetch`]).
    #[expect(clippy::inline_always, reason = "one instruction, in the search's loop")]
    #[inline(always)]
    pub fn prefetch(&self, rank: usize) {
        self.table.prefetch(rank);
    }

    /// The distance of `cube`'s edges of the group.
    #[must_use]
    #[inline]
    pub fn distance_of(&self, cube: &Cube) -> u8 {
        self.table.distance(self.edges.rank(cube))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Turn;

    #[test]
    fn a_small_groups_database_holds_its_distances() {
        // Two edges: 12 · 11 · 4 = 528 entries, at most 4 moves apart (built in a moment).
        let edges = Edges::new(3, 2);
        let (database, _) = EdgeDatabase::build(edges, 2);
        assert_eq!(database.table().len(), 528);
        assert_eq!(database.distance_of(&Cube::solved()), 0);
        let one = Cube::solved().after(&[Turn::ALL[0]]);
        assert_eq!(database.distance_of(&one), 1);
        let again = EdgeDatabase::from_table(edges, database.table().clone()).unwrap();
        assert_eq!(again.distance_of(&one), 1);
        assert!(EdgeDatabase::from_table(Edges::new(3, 3), database.table().clone()).is_none());
    }

    #[test]
    fn seven_and_eight_edges_rank_as_the_literature_counts() {
        assert_eq!(Edges::seven().size(), 510_935_040);
        let edges = Edges::eight();
        assert_eq!(edges.size(), 5_109_350_400);
        let mut cube = Cube::solved();
        for turn in [Turn::ALL[3], Turn::ALL[8], Turn::ALL[14], Turn::ALL[16]] {
            cube.turn(turn);
        }
        let rank = edges.rank(&cube);
        assert!(rank < edges.size());
        assert_eq!(edges.rank(&edges.cube_of(rank)), rank);
        assert_eq!(edges.rank(&edges.cube_of(edges.size() - 1)), edges.size() - 1);
    }
}
