//! [`EightEdges`]: the pattern database of eight edges, `UR UF UL UB DR DF DL DB` (the `U` and
//! `D` layers' edges: 12!/4! x 2^8 = 5,109,350,400 entries, 2.55 GB in 4 bits an entry), and
//! [`GroupMoves`], an edge group's turns in a table whose ranks may pass 2³² (as eight edges'
//! do). Seen through the cube's quarter turns `x` and `z` ([`Rotation::X`], [`Rotation::Z`]),
//! the same table bounds the `F` and `B` layers' eight edges and the `R` and `L` layers': three
//! groups, each edge in two of them.
//!
//! Built by search-core's breadth-first builder on every core over the move table, the levels
//! found by reading the table ([`levels_by_scan`]): the build holds a byte a rank (5.1 GB), the
//! move table (1.8 GB) and the packed copy (2.55 GB) at the end, about 7.5 GB at its peak, and
//! takes about three minutes on two cores (`docs/performance.md` has the figures).
//!
//! [`Rotation::X`]: crate::Rotation::X
//! [`Rotation::Z`]: crate::Rotation::Z
//! [`levels_by_scan`]: search_core::pattern_database::ParallelBuilder::levels_by_scan

use std::time::Instant;

use search_core::pattern_database::{Abstraction, PatternDatabase};

use super::BuildTimes;
use super::abstractions::Edges;
use super::huge::HugeBytes;
use super::nibbles::Nibbles;
use crate::{Cube, Turn};

/// The eight edges' pattern database: the moves the edges `UR UF UL UB DR DF DL DB` need,
/// where they are and how flipped, the other four forgotten (at most 12 moves).
#[derive(Clone, Debug)]
pub struct EightEdges {
    edges: Edges,
    table: Nibbles,
}

impl EightEdges {
    /// The abstraction: edge cubies 0 to 7.
    #[must_use]
    pub fn abstraction() -> Edges {
        Edges::new(0, 8)
    }

    /// Builds the database on `threads` threads (0: all the machine's), by search-core's
    /// breadth-first builder over the move table, levels by scan, then packs it in 4 bits an
    /// entry. Minutes on two cores, and about 7.5 GB of memory.
    #[must_use]
    pub fn build(threads: usize) -> (EightEdges, BuildTimes) {
        let start = Instant::now();
        let edges = EightEdges::abstraction();
        let database = {
            let moves = GroupMoves::new(edges, threads);
            PatternDatabase::builder().threads(threads).levels_by_scan().build(&moves)
        };
        let table = Nibbles::pack(&database);
        drop(database);
        (EightEdges { edges, table }, BuildTimes { each: vec![start.elapsed()] })
    }

    /// The database from a table made before (read from a file): `None` unless it has the
    /// abstraction's size.
    #[must_use]
    pub fn from_table(table: Nibbles) -> Option<EightEdges> {
        EightEdges::for_group(EightEdges::abstraction(), table)
    }

    /// A table over another group of edges (fewer than eight: tests track and search with a
    /// small table as with the large one): `None` unless it has the group's size.
    #[must_use]
    pub fn for_group(edges: Edges, table: Nibbles) -> Option<EightEdges> {
        (table.len() == edges.size()).then_some(EightEdges { edges, table })
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

    /// The distance of `cube`'s edges of the group.
    #[must_use]
    #[inline]
    pub fn distance_of(&self, cube: &Cube) -> u8 {
        self.table.distance(self.edges.rank(cube))
    }
}

/// The bytes of one rank of the places in a [`GroupMoves`] table: for each of the 18 turns the
/// places' rank after it (4 bytes, little-endian), then each turn's flips (a byte), side by side
/// so that a node's children read one row.
const ROW: usize = 18 * 4 + 18;

/// An [`Edges`] group's turns in a table, as [`EdgeMoves`](super::move_tables::EdgeMoves) but
/// for groups of up to eight edges, whose ranks pass 2³² (`places << count | flips`): a row per
/// rank of the places, holding each turn's places' rank and flips (90 bytes; 1.8 GB for eight
/// edges, made in seconds), in huge pages where the system grants them ([`HugeBytes`]).
#[derive(Clone, Debug)]
pub struct GroupMoves {
    edges: Edges,
    count: u32,
    rows: HugeBytes,
}

impl GroupMoves {
    /// The table for `edges`, made on `threads` threads (0: the machine's cores) by turning the
    /// group once per rank of its places.
    ///
    /// # Panics
    ///
    /// If the operating system refuses to start the threads.
    #[must_use]
    pub fn new(edges: Edges, threads: usize) -> GroupMoves {
        let count = u32::from(edges.cubies().1);
        let place_count = edges.size() >> count;
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
        } else {
            threads
        };
        let mut rows = HugeBytes::zeroed(place_count * ROW);
        let per_thread = place_count.div_ceil(threads).max(1);
        std::thread::scope(|scope| {
            for (chunk_index, chunk) in rows.chunks_mut(per_thread * ROW).enumerate() {
                scope.spawn(move || {
                    for (offset, row) in chunk.chunks_exact_mut(ROW).enumerate() {
                        let rank = chunk_index * per_thread + offset;
                        let mut turn = 0;
                        // No flips before the turn: the flips after it are the turn's own.
                        edges.predecessors(rank << count, &mut |next| {
                            let places = u32::try_from(next >> count).expect("below 12!/4! places");
                            row[turn * 4..turn * 4 + 4].copy_from_slice(&places.to_le_bytes());
                            #[expect(clippy::cast_possible_truncation, reason = "8 flip bits")]
                            let flips = (next & ((1 << count) - 1)) as u8;
                            row[72 + turn] = flips;
                            turn += 1;
                        });
                    }
                });
            }
        });
        GroupMoves { edges, count, rows }
    }

    /// The abstraction the table follows.
    #[must_use]
    pub fn edges(&self) -> &Edges {
        &self.edges
    }

    /// The memory the table takes, in bytes.
    #[must_use]
    pub fn memory(&self) -> usize {
        self.rows.len()
    }

    /// The rank after turn `turn` from rank `rank`.
    ///
    /// # Panics
    ///
    /// If `rank` is not below the group's size.
    #[must_use]
    #[inline]
    pub fn turned(&self, rank: usize, turn: Turn) -> usize {
        let row = &self.rows[(rank >> self.count) * ROW..][..ROW];
        let at = turn.index() * 4;
        let places = u32::from_le_bytes([row[at], row[at + 1], row[at + 2], row[at + 3]]);
        let flips = rank & ((1 << self.count) - 1);
        (places as usize) << self.count | (usize::from(row[72 + turn.index()]) ^ flips)
    }
}

impl Abstraction for GroupMoves {
    fn size(&self) -> usize {
        self.edges.size()
    }

    fn goals(&self) -> Vec<usize> {
        self.edges.goals()
    }

    #[inline]
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
        for turn in Turn::ALL {
            visit(self.turned(rank, turn));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_turns_as_the_group_does() {
        for edges in [Edges::new(0, 3), Edges::new(4, 4), Edges::new(2, 5)] {
            let moves = GroupMoves::new(edges, 2);
            assert_eq!(moves.size(), edges.size());
            for rank in (0..edges.size()).step_by(97) {
                let mut expected = Vec::new();
                edges.predecessors(rank, &mut |next| expected.push(next));
                let turned: Vec<usize> = Turn::ALL.iter().map(|&t| moves.turned(rank, t)).collect();
                assert_eq!(turned, expected, "rank {rank}");
            }
        }
    }

    #[test]
    fn eight_edges_rank_above_four_billion() {
        let edges = EightEdges::abstraction();
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
