//! The abstractions with their turns precomputed (Kociemba-style coordinates): [`CornerMoves`],
//! [`EdgeMoves`] (groups of up to seven edges) and [`GroupMoves`] (up to eight), the same ranks
//! and the same successors as [`Corners`] and [`Edges`], found by index arithmetic and a table
//! read instead of unranking, turning and ranking again. search-core's builder takes them as any
//! [`Abstraction`].
//!
//! # Why the coordinates split
//!
//! A corners' rank is `permutation * 3⁷ + twists`. A turn moves the cubies between places and
//! adds its own twist to each place's, whichever cubie is there: the new permutation depends only
//! on the permutation, the new twists only on the twists. So a turn is two small tables, one over
//! the 40,320 permutations and one over the 2,187 twists (1.5 MB in all).
//!
//! An edge group's rank is `places << count | flips`, the flips a bit per cubie. A turn moves
//! each cubie to a new place and flips it or not by the place it leaves: the new places depend
//! only on the places, and the flips change by a mask that depends only on the places too. So a
//! turn is, per rank of the places, the new rank of the places and the mask, packed in 4 bytes
//! (48 MB for six edges, 287 MB for seven). The flips being the rank's low bits, the rank after
//! a turn is the entry with the flips before it xored in. Eight edges' ranks pass 2³², so
//! [`GroupMoves`] keeps the places' rank and the mask apart (5 bytes a turn: 359 MB for seven
//! edges, 1.8 GB for eight).

use search_core::pattern_database::Abstraction;

use super::abstractions::{Corners, Edges};
use super::huge::HugeBytes;
use crate::Turn;

/// 3⁷: the corners' twists.
const TWISTS: usize = 2187;

/// [`Corners`] with its turns in two tables: ranks and successors as [`Corners`]'.
#[derive(Clone, Debug)]
pub struct CornerMoves {
    corners: Corners,
    /// `permutations[p * 18 + t]`: the permutation's rank after turn `t` from permutation `p`.
    permutations: Vec<u16>,
    /// `twists[w * 18 + t]`: the twists after turn `t` from twists `w`.
    twists: Vec<u16>,
}

impl CornerMoves {
    /// The tables, made by turning one cube per permutation and per twist (a few milliseconds).
    #[must_use]
    pub fn new() -> CornerMoves {
        let corners = Corners::new();
        let permutation_count = corners.size() / TWISTS;
        let mut permutations = Vec::with_capacity(permutation_count * 18);
        for permutation in 0..permutation_count {
            corners.predecessors(permutation * TWISTS, &mut |next| {
                permutations.push(narrow(next / TWISTS));
            });
        }
        // Twists `w` of the identity permutation (rank 0): the permutation part of the
        // successors is dropped.
        let mut twists = Vec::with_capacity(TWISTS * 18);
        for twist in 0..TWISTS {
            corners.predecessors(twist, &mut |next| twists.push(narrow(next % TWISTS)));
        }
        CornerMoves { corners, permutations, twists }
    }

    /// The abstraction the tables follow.
    #[must_use]
    pub fn corners(&self) -> &Corners {
        &self.corners
    }

    /// The rank after turn `turn` from rank `rank`.
    #[must_use]
    #[inline]
    pub fn turned(&self, rank: usize, turn: Turn) -> usize {
        let (permutation, twist) = (rank / TWISTS, rank % TWISTS);
        let t = turn.index();
        usize::from(self.permutations[permutation * 18 + t]) * TWISTS
            + usize::from(self.twists[twist * 18 + t])
    }
}

impl Default for CornerMoves {
    fn default() -> CornerMoves {
        CornerMoves::new()
    }
}

impl Abstraction for CornerMoves {
    fn size(&self) -> usize {
        self.corners.size()
    }

    fn goals(&self) -> Vec<usize> {
        self.corners.goals()
    }

    #[inline]
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
        let (permutation, twist) = (rank / TWISTS, rank % TWISTS);
        let permutations = &self.permutations[permutation * 18..][..18];
        let twists = &self.twists[twist * 18..][..18];
        for (&permutation, &twist) in permutations.iter().zip(twists) {
            visit(usize::from(permutation) * TWISTS + usize::from(twist));
        }
    }
}

/// [`Edges`] with its turns in a table: ranks and successors as [`Edges`]'.
///
/// The table depends on the number of cubies in the group only, not on which they are (a turn
/// moves places, whichever cubies are there): one table turns every group of that size.
#[derive(Clone, Debug)]
pub struct EdgeMoves {
    edges: Edges,
    /// The number of cubies in the group, as a shift.
    count: u32,
    /// `turns[r * 18 + t]`, for places of rank `r` and turn `t`: the places' rank after the
    /// turn, shifted left by `count`, with the cubies the turn flips as the low bits (a bit
    /// each). The rank after the turn is this entry with the flips before it xored in: one read
    /// (below 2²⁹ for seven edges).
    turns: Vec<u32>,
}

impl EdgeMoves {
    /// The tables for `edges`, made by turning the group once per rank of its places (a fraction
    /// of a second for six edges).
    ///
    /// # Panics
    ///
    /// Never for an [`Edges`] (at most 7 cubies: ranks below 12!/5! · 2⁷ < 2³²).
    #[must_use]
    pub fn new(edges: Edges) -> EdgeMoves {
        let count = u32::from(edges.cubies().1);
        let place_count = edges.size() >> count;
        let mut turns = Vec::with_capacity(place_count * 18);
        for rank in 0..place_count {
            // No flips before the turn: the rank after it is the entry itself.
            edges.predecessors(rank << count, &mut |next| {
                turns.push(u32::try_from(next).expect("below 12!/5! * 2^7"));
            });
        }
        EdgeMoves { edges, count, turns }
    }

    /// The abstraction the tables follow.
    #[must_use]
    pub fn edges(&self) -> &Edges {
        &self.edges
    }

    /// Starts loading the row of 18 entries that [`turned`](EdgeMoves::turned) reads for
    /// `rank` (a hint: [`search_core::prefetch`]): the cache lines of its first, middle and last
    /// entries, all those 72 bytes span.
    #[expect(clippy::inline_always, reason = "a few instructions, in the search's loop")]
    #[inline(always)]
    pub fn prefetch(&self, rank: usize) {
        let start = (rank >> self.count) * 18;
        search_core::prefetch(&self.turns, start);
        search_core::prefetch(&self.turns, start + 9);
        search_core::prefetch(&self.turns, start + 17);
    }

    /// The rank after turn `turn` from rank `rank`.
    #[must_use]
    #[inline]
    pub fn turned(&self, rank: usize, turn: Turn) -> usize {
        let index = (rank >> self.count) * 18 + turn.index();
        self.turns[index] as usize ^ (rank & ((1 << self.count) - 1))
    }
}

impl Abstraction for EdgeMoves {
    fn size(&self) -> usize {
        self.edges.size()
    }

    fn goals(&self) -> Vec<usize> {
        self.edges.goals()
    }

    #[inline]
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
        let start = (rank >> self.count) * 18;
        let flips = rank & ((1 << self.count) - 1);
        for &turned in &self.turns[start..][..18] {
            visit(turned as usize ^ flips);
        }
    }
}

/// The bytes of one rank of the places in a [`GroupMoves`] table: for each of the 18 turns the
/// places' rank after it (4 bytes, little-endian), then each turn's flips (a byte), side by side
/// so that a node's children read one row.
const ROW: usize = 18 * 4 + 18;

/// An [`Edges`] group's turns in a table, as [`EdgeMoves`] but for groups of up to eight edges,
/// whose ranks pass 2³² (`places << count | flips`): a row per rank of the places, holding each
/// turn's places' rank and flips (90 bytes; 359 MB for seven edges, 1.8 GB for eight, made in
/// seconds), in huge pages where the system grants them ([`HugeBytes`]).
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

    /// Starts loading the row that [`turned`](GroupMoves::turned) reads for `rank` (a hint:
    /// [`search_core::prefetch`]): the cache lines of its first, middle and last bytes, all
    /// those a row of 90 bytes spans.
    #[expect(clippy::inline_always, reason = "a few instructions, in the search's loop")]
    #[inline(always)]
    pub fn prefetch(&self, rank: usize) {
        let start = (rank >> self.count) * ROW;
        self.rows.prefetch(start);
        self.rows.prefetch(start + ROW / 2);
        self.rows.prefetch(start + ROW - 1);
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

/// A rank below 2¹⁶ as a `u16`.
fn narrow(rank: usize) -> u16 {
    u16::try_from(rank).expect("corner coordinates are below 40,320")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The successors of `rank`, in the order of the turns.
    fn successors(abstraction: &dyn Abstraction, rank: usize) -> Vec<usize> {
        let mut found = Vec::new();
        abstraction.predecessors(rank, &mut |next| found.push(next));
        found
    }

    #[test]
    fn the_tables_give_the_abstractions_own_successors() {
        let corners = CornerMoves::new();
        let edges = [EdgeMoves::new(Edges::first_six()), EdgeMoves::new(Edges::last_six())];
        // Ranks spread over each space, by a stride prime to its size.
        for step in 0..2000_usize {
            let rank = step.wrapping_mul(7_919_993) % corners.size();
            let expected = successors(corners.corners(), rank);
            assert_eq!(successors(&corners, rank), expected, "corners {rank}");
            for (turn, &next) in Turn::ALL.iter().zip(&expected) {
                assert_eq!(corners.turned(rank, *turn), next);
            }
            for group in &edges {
                let rank = step.wrapping_mul(7_919_993) % group.size();
                let expected = successors(group.edges(), rank);
                assert_eq!(successors(group, rank), expected, "edges {rank}");
                for (turn, &next) in Turn::ALL.iter().zip(&expected) {
                    assert_eq!(group.turned(rank, *turn), next);
                }
            }
        }
    }

    #[test]
    fn one_table_turns_every_group_of_a_size() {
        let [first, last] = [Edges::first_six(), Edges::last_six()].map(EdgeMoves::new);
        assert_eq!(first.turns, last.turns);
        assert_eq!(EdgeMoves::new(Edges::new(3, 2)).turns, EdgeMoves::new(Edges::new(9, 2)).turns);
    }

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
}
