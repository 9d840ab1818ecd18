//! Pattern databases: exact distances in an abstraction of a problem, tabulated once and looked
//! up as an admissible bound.
//!
//! # What a pattern database is
//!
//! An **abstraction** maps each state of a problem to a smaller *abstract state* (a *pattern*):
//! it forgets part of the state, say which tile is which among the tiles that do not matter, and
//! keeps the rest, say where the tiles that matter are. A move of the problem is a move of the
//! abstraction too, and a goal state maps to an abstract goal. So a solution of the problem maps
//! to a path of the same length in the abstraction, and the abstract distance to the nearest
//! abstract goal is a **lower bound** on the real one: an admissible heuristic, often a much
//! better one than a formula, when the abstraction keeps enough of the state.
//!
//! When the abstraction is small enough to enumerate, its distances are computed once, for every
//! abstract state, and stored in a table: the pattern database (Culberson and Schaeffer, "Pattern
//! databases", *Computational Intelligence* 14(3), 1998). The abstract states are **ranked**:
//! numbered `0..size` by a bijection the abstraction defines (for "which `k` of `n` cells hold the
//! marked pieces", [`SubsetRanking`]), so the table is a plain vector indexed by rank. It is filled
//! by a **backward breadth-first search**: start from every abstract goal at distance 0 and
//! walk the moves backwards, level by level; the first time a rank is reached is its distance.
//! During the problem's search, the bound for a state is one ranking and one table look-up.
//!
//! This module offers the generic part: the [`Abstraction`] trait a puzzle implements, the
//! [`PatternDatabase`] built from it by breadth-first search (unit move costs only), and the
//! [`SubsetRanking`] of `k`-subsets, the usual abstraction of "where are these pieces".
//!
//! # Example
//!
//! A toy abstraction: two marked pieces on a ring of 6 cells, any piece may step to a
//! neighbouring empty cell, and the goal is both pieces on cells 0 and 1. The abstract states are
//! the 2-subsets of the 6 cells, C(6, 2) = 15 of them, ranked with [`SubsetRanking`].
//!
//! ```
//! use search_core::{Abstraction, PatternDatabase, SubsetRanking};
//!
//! struct TwoOnARing { ranking: SubsetRanking }
//!
//! impl Abstraction for TwoOnARing {
//!     fn size(&self) -> usize { self.ranking.count() }
//!     fn goals(&self) -> Vec<usize> { vec![self.ranking.rank(0b11)] }
//!     /// Steps are their own inverses here, so the predecessors are the successors.
//!     fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
//!         let cells = self.ranking.unrank(rank);
//!         for cell in (0..6).filter(|cell| cells >> cell & 1 == 1) {
//!             for next in [(cell + 1) % 6, (cell + 5) % 6] {
//!                 if cells >> next & 1 == 0 {
//!                     visit(self.ranking.rank(cells & !(1 << cell) | 1 << next));
//!                 }
//!             }
//!         }
//!     }
//! }
//!
//! let ring = TwoOnARing { ranking: SubsetRanking::new(6, 2) };
//! let database = PatternDatabase::build(&ring);
//! assert_eq!(database.len(), 15);
//! assert_eq!(database.distance(ring.ranking.rank(0b00_0011)), 0);
//! // From cells 0 and 2, one step; from 1 and 2, the piece on 1 steps to 0, then the other to 1.
//! assert_eq!(database.distance(ring.ranking.rank(0b00_0101)), 1);
//! assert_eq!(database.distance(ring.ranking.rank(0b00_0110)), 2);
//! // From cells 2 and 3, four steps whichever way round: the farthest.
//! assert_eq!(database.distance(ring.ranking.rank(0b00_1100)), 4);
//! assert_eq!(database.max_distance(), 4);
//! ```

#[cfg(feature = "parallel")]
mod parallel;

use std::borrow::Cow;
use std::collections::VecDeque;

/// An abstraction of a problem whose abstract states are ranked `0..size`, with unit-cost moves.
///
/// The contract, for the [`PatternDatabase`] built from it to be an admissible bound:
///
/// - every state of the problem maps to one rank (the caller ranks states itself when it looks
///   distances up), and every goal of the problem maps to one of [`goals`](Abstraction::goals);
/// - a move of the problem from a state `s` to a state `t` is a move of the abstraction from the
///   rank of `s` to the rank of `t`, so [`predecessors`](Abstraction::predecessors) of the rank of
///   `t` include the rank of `s`.
pub trait Abstraction {
    /// The number of abstract states: they are ranked `0..size`.
    fn size(&self) -> usize;

    /// The ranks of the abstract goal states (the database's distance 0).
    fn goals(&self) -> Vec<usize>;

    /// Calls `visit` with every rank one move away from `rank` **backwards**: the ranks from
    /// which one move reaches `rank`. When every move has an inverse that is a move too, these
    /// are simply the ranks one move away forwards. Duplicates are allowed.
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize));
}

/// For every rank of an [`Abstraction`], the fewest moves to one of its goals: a table built once
/// by breadth-first search, looked up as an admissible bound.
///
/// Distances are stored as `u8`: a distance of 255 or more is not supported ([`build`] panics),
/// and [`UNREACHABLE`](PatternDatabase::UNREACHABLE) marks a rank from which no goal can be
/// reached.
///
/// [`build`]: PatternDatabase::build
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternDatabase {
    /// Owned when built by [`build`](PatternDatabase::build), borrowed when made earlier (at
    /// build time, say) and handed over with [`from_static`](PatternDatabase::from_static).
    distances: Cow<'static, [u8]>,
}

impl PatternDatabase {
    /// The distance of a rank from which no abstract goal can be reached.
    pub const UNREACHABLE: u8 = u8::MAX;

    /// Fills the database by breadth-first search backwards from the abstraction's goals, with a
    /// first-in first-out queue of ranks.
    ///
    /// # Complexity
    ///
    /// Each rank is queued once and its predecessors listed once: time linear in `size` times the
    /// number of moves, memory one byte per rank plus the queue (up to one `usize` per rank).
    ///
    /// # Panics
    ///
    /// If a goal or a predecessor is not below [`size`](Abstraction::size), or if some rank is 255
    /// or more moves from every goal (distances are stored as `u8`, with 255 meaning unreachable).
    #[must_use]
    pub fn build<A: Abstraction + ?Sized>(abstraction: &A) -> Self {
        let size = abstraction.size();
        let mut distances = vec![Self::UNREACHABLE; size];
        let mut queue = VecDeque::new();
        for goal in abstraction.goals() {
            assert!(goal < size, "goal rank {goal} is not below the size {size}");
            if distances[goal] != 0 {
                distances[goal] = 0;
                queue.push_back(goal);
            }
        }
        while let Some(rank) = queue.pop_front() {
            let next = distances[rank] + 1;
            assert!(next < Self::UNREACHABLE, "distances above 254 are not supported");
            abstraction.predecessors(rank, &mut |before| {
                assert!(before < size, "predecessor rank {before} is not below the size {size}");
                if distances[before] == Self::UNREACHABLE {
                    distances[before] = next;
                    queue.push_back(before);
                }
            });
        }
        Self { distances: Cow::Owned(distances) }
    }

    /// The same database as [`build`](PatternDatabase::build) followed by
    /// [`min_per_block`](PatternDatabase::min_per_block)`(block)`, in an eighth of the memory:
    /// for each run of `block` consecutive ranks, the fewest moves from any of them to a goal.
    ///
    /// The breadth-first search reaches ranks in order of distance, so the first rank of a block
    /// it reaches gives the block's least distance. The search therefore keeps one bit per rank
    /// (reached or not) and one byte per block, instead of a byte per rank. For an abstraction
    /// much larger than the processor's caches, such as a sliding-tile pattern with the blank's
    /// whereabouts as the fine part of the rank, the smaller tables are what makes the search
    /// faster (measured 30% on the 15-puzzle's six-tile patterns).
    ///
    /// ```
    /// use search_core::{Abstraction, PatternDatabase};
    ///
    /// /// Ranks 0..6 on a line, one step at a time; the goal is rank 0.
    /// struct Line;
    /// impl Abstraction for Line {
    ///     fn size(&self) -> usize { 6 }
    ///     fn goals(&self) -> Vec<usize> { vec![0] }
    ///     fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
    ///         if rank > 0 { visit(rank - 1) }
    ///         if rank < 5 { visit(rank + 1) }
    ///     }
    /// }
    ///
    /// let coarse = PatternDatabase::build_per_block(&Line, 2);
    /// assert_eq!(coarse.distances(), [0, 2, 4]);
    /// assert_eq!(coarse, PatternDatabase::build(&Line).min_per_block(2));
    /// ```
    ///
    /// # Complexity
    ///
    /// Time as for [`build`](PatternDatabase::build); memory one bit per rank, one byte per
    /// block, and two levels of the search (up to one `u32` per rank).
    ///
    /// # Panics
    ///
    /// As [`build`](PatternDatabase::build) does; also if `block` is 0 or does not divide the
    /// size, or if the size exceeds 2³² ranks.
    #[must_use]
    pub fn build_per_block<A: Abstraction + ?Sized>(abstraction: &A, block: usize) -> Self {
        let size = abstraction.size();
        assert!(block > 0 && size.is_multiple_of(block), "{block} does not divide {size}");
        assert!(u32::try_from(size - 1).is_ok(), "{size} ranks do not fit in a u32");
        let mut distances = vec![Self::UNREACHABLE; size / block];
        let mut reached = vec![0_u64; size.div_ceil(64)];
        // The ranks at the current distance, and those found at the next: level by level, the
        // queue needs no distances of its own.
        let (mut level, mut next_level) = (Vec::new(), Vec::new());
        let mut reach = |rank: usize, distance: u8, found: &mut Vec<u32>| {
            let (word, bit) = (rank / 64, 1 << (rank % 64));
            if reached[word] & bit == 0 {
                reached[word] |= bit;
                let least = &mut distances[rank / block];
                *least = (*least).min(distance);
                #[expect(clippy::cast_possible_truncation, reason = "the size was checked to fit")]
                found.push(rank as u32);
            }
        };
        for goal in abstraction.goals() {
            assert!(goal < size, "goal rank {goal} is not below the size {size}");
            reach(goal, 0, &mut level);
        }
        let mut distance = 0_u8;
        while !level.is_empty() {
            assert!(distance + 1 < Self::UNREACHABLE, "distances above 254 are not supported");
            for &rank in &level {
                abstraction.predecessors(rank as usize, &mut |before| {
                    assert!(
                        before < size,
                        "predecessor rank {before} is not below the size {size}"
                    );
                    reach(before, distance + 1, &mut next_level);
                });
            }
            level.clear();
            std::mem::swap(&mut level, &mut next_level);
            distance += 1;
        }
        Self { distances: Cow::Owned(distances) }
    }

    /// A database whose distances were computed before: typically by [`build`] in a build
    /// script, written to a file and embedded with `include_bytes!`, so that a program pays
    /// nothing at start-up. The slice is used as it is, indexed by rank.
    ///
    /// ```
    /// use search_core::PatternDatabase;
    ///
    /// static DISTANCES: [u8; 3] = [0, 1, 2];
    /// let database = PatternDatabase::from_static(&DISTANCES);
    /// assert_eq!(database.distance(2), 2);
    /// ```
    ///
    /// [`build`]: PatternDatabase::build
    #[must_use]
    pub const fn from_static(distances: &'static [u8]) -> Self {
        Self { distances: Cow::Borrowed(distances) }
    }

    /// The fewest moves from `rank` to an abstract goal, or
    /// [`UNREACHABLE`](PatternDatabase::UNREACHABLE).
    ///
    /// # Panics
    ///
    /// If `rank` is not below [`len`](PatternDatabase::len).
    #[must_use]
    #[inline]
    pub fn distance(&self, rank: usize) -> u8 {
        self.distances[rank]
    }

    /// The number of ranks: the abstraction's size.
    #[must_use]
    pub fn len(&self) -> usize {
        self.distances.len()
    }

    /// Whether the abstraction has no states at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.distances.is_empty()
    }

    /// The greatest distance of a rank from which a goal is reachable; 0 when there is none.
    #[must_use]
    pub fn max_distance(&self) -> u8 {
        self.distances.iter().copied().filter(|&d| d != Self::UNREACHABLE).max().unwrap_or(0)
    }

    /// Every distance, indexed by rank.
    #[must_use]
    pub fn distances(&self) -> &[u8] {
        &self.distances
    }
}

/// An abstraction whose moves cost 0 or 1: the abstraction of an **additive** pattern database,
/// where only the moves of the pieces the pattern keeps are counted.
///
/// In the sliding-tile puzzle, say, a pattern keeps a few tiles and the blank; moving the blank
/// through a cell no pattern tile holds moves a tile the pattern ignores, which the pattern's
/// database does not count (cost 0), so the databases of disjoint patterns can be added up.
/// [`PatternDatabase::build_zero_one`] fills the table by 0-1 breadth-first search.
///
/// The contract is [`Abstraction`]'s, with costs: a move of the problem from `s` to `t` that the
/// pattern counts (costs 1) or ignores (costs 0) is a move of the abstraction of that cost from the
/// rank of `s` to the rank of `t`, so [`predecessors`](ZeroOneAbstraction::predecessors) of the
/// rank of `t` include the rank of `s` with that cost.
pub trait ZeroOneAbstraction {
    /// The number of abstract states: they are ranked `0..size`.
    fn size(&self) -> usize;

    /// The ranks of the abstract goal states (the database's distance 0).
    fn goals(&self) -> Vec<usize>;

    /// Calls `visit(before, cost)` for every rank `before` from which one move of cost `cost`
    /// (0 or 1) reaches `rank`. Duplicates are allowed.
    fn predecessors<F: FnMut(usize, u8)>(&self, rank: usize, visit: F);
}

impl PatternDatabase {
    /// Fills the database by 0-1 breadth-first search backwards from the abstraction's goals:
    /// the distance of a rank is the least total cost of a path from it to a goal.
    ///
    /// The search goes level by level: the ranks at distance `d` are listed, and the list grows
    /// while it is walked, with every rank one move of cost 0 away; ranks one move of cost 1 away
    /// go to the next level's list (and are skipped there if a cost-0 move reached them first).
    ///
    /// ```
    /// use search_core::{PatternDatabase, ZeroOneAbstraction};
    ///
    /// /// A line of 6 cells; stepping right costs 1, stepping left is free (ranks are cells).
    /// struct Slope;
    /// impl ZeroOneAbstraction for Slope {
    ///     fn size(&self) -> usize { 6 }
    ///     fn goals(&self) -> Vec<usize> { vec![5] }
    ///     fn predecessors<F: FnMut(usize, u8)>(&self, cell: usize, mut visit: F) {
    ///         if cell > 0 { visit(cell - 1, 1) }  // stepping right from cell - 1
    ///         if cell < 5 { visit(cell + 1, 0) }  // stepping left from cell + 1
    ///     }
    /// }
    /// assert_eq!(PatternDatabase::build_zero_one(&Slope).distances(), [5, 4, 3, 2, 1, 0]);
    /// ```
    ///
    /// # Complexity
    ///
    /// Each rank is listed at most twice and its predecessors visited once: time linear in
    /// `size` times the number of moves; memory one byte per rank plus the two lists (a `u32` per
    /// rank listed).
    ///
    /// # Panics
    ///
    /// If `size` does not fit in a `u32`, a goal or a predecessor is not below `size`, a cost is
    /// neither 0 nor 1, or some rank is 255 or more from every goal.
    #[must_use]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "ranks are below the size, checked to fit in a u32"
    )]
    pub fn build_zero_one<A: ZeroOneAbstraction>(abstraction: &A) -> Self {
        let size = abstraction.size();
        assert!(u32::try_from(size).is_ok(), "{size} ranks do not fit in a u32");
        let mut distances = vec![Self::UNREACHABLE; size];
        let mut level = Vec::new();
        for goal in abstraction.goals() {
            assert!(goal < size, "goal rank {goal} is not below the size {size}");
            if distances[goal] != 0 {
                distances[goal] = 0;
                level.push(goal as u32);
            }
        }
        let mut distance = 0_u8;
        let mut next_level = Vec::new();
        while !level.is_empty() {
            assert!(distance < Self::UNREACHABLE - 1, "distances above 254 are not supported");
            let mut walked = 0;
            while let Some(&rank) = level.get(walked) {
                walked += 1;
                if distances[rank as usize] != distance {
                    continue; // listed one level too late: a free move reached it earlier
                }
                abstraction.predecessors(rank as usize, |before, cost| {
                    assert!(before < size, "predecessor {before} is not below the size {size}");
                    let reached = distance + cost;
                    match cost {
                        0 if distances[before] > distance => level.push(before as u32),
                        1 if distances[before] > reached => next_level.push(before as u32),
                        0 | 1 => return,
                        _ => panic!("a move costs 0 or 1, not {cost}"),
                    }
                    distances[before] = reached;
                });
            }
            level.clear();
            std::mem::swap(&mut level, &mut next_level);
            distance += 1;
        }
        Self { distances: Cow::Owned(distances) }
    }

    /// A database whose distances were computed some other way (read back from a file, say),
    /// indexed by rank; [`UNREACHABLE`](PatternDatabase::UNREACHABLE) marks unreachable ranks.
    #[must_use]
    pub fn from_distances(distances: Vec<u8>) -> Self {
        Self { distances: Cow::Owned(distances) }
    }

    /// The database of a coarser abstraction: the least distance in each run of `block`
    /// consecutive ranks, so rank `r` of the result covers ranks `r * block .. (r + 1) * block`.
    ///
    /// When a rank is `coarse * block + detail`, this forgets `detail`: a database built over
    /// "where the pattern tiles are, and where the blank is" becomes one over "where the pattern
    /// tiles are" whose distances are the least over the blank's cells, still admissible.
    ///
    /// ```
    /// use search_core::PatternDatabase;
    ///
    /// let fine = PatternDatabase::from_distances(vec![3, 1, 255, 255, 2, 4]);
    /// assert_eq!(fine.min_per_block(2).distances(), [1, 255, 2]);
    /// ```
    ///
    /// # Panics
    ///
    /// If `block` is 0 or does not divide [`len`](PatternDatabase::len).
    #[must_use]
    pub fn min_per_block(&self, block: usize) -> Self {
        assert!(
            block > 0 && self.len().is_multiple_of(block),
            "{block} does not divide {}",
            self.len()
        );
        let coarse = self.distances.chunks_exact(block);
        Self::from_distances(coarse.map(|run| run.iter().copied().min().unwrap_or(0)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cycle of `len` nodes, the goal at node 0, moves to both neighbours.
    struct Cycle {
        len: usize,
    }

    impl Abstraction for Cycle {
        fn size(&self) -> usize {
            self.len
        }
        fn goals(&self) -> Vec<usize> {
            (0..self.len.min(1)).collect()
        }
        fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
            visit((rank + 1) % self.len);
            visit((rank + self.len - 1) % self.len);
        }
    }

    #[test]
    fn distances_on_a_cycle_go_around_the_shorter_way() {
        for len in [1, 2, 7, 10] {
            let database = PatternDatabase::build(&Cycle { len });
            assert_eq!(database.len(), len);
            for node in 0..len {
                let expected = node.min(len - node);
                assert_eq!(usize::from(database.distance(node)), expected, "{node} of {len}");
            }
            assert_eq!(usize::from(database.max_distance()), len / 2);
        }
    }

    /// Two disjoint cycles: only the one holding the goal is reachable.
    struct TwoCycles;

    impl Abstraction for TwoCycles {
        fn size(&self) -> usize {
            8
        }
        fn goals(&self) -> Vec<usize> {
            vec![0, 2]
        }
        fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
            let (base, node) = (rank / 4 * 4, rank % 4);
            visit(base + (node + 1) % 4);
            visit(base + (node + 3) % 4);
        }
    }

    #[test]
    fn several_goals_and_unreachable_ranks() {
        let database = PatternDatabase::build(&TwoCycles);
        assert_eq!(database.distances(), [0, 1, 0, 1, 255, 255, 255, 255]);
        assert_eq!(database.max_distance(), 1);
        assert!(!database.is_empty());
        assert!(PatternDatabase::build(&Cycle { len: 0 }).is_empty());
    }

    #[test]
    fn building_per_block_equals_building_then_taking_the_least_per_block() {
        for (len, block) in [(1, 1), (10, 1), (10, 2), (10, 5), (12, 3), (12, 12), (500, 4)] {
            let per_block = PatternDatabase::build_per_block(&Cycle { len }, block);
            let full = PatternDatabase::build(&Cycle { len }).min_per_block(block);
            assert_eq!(per_block, full, "a cycle of {len} in blocks of {block}");
        }
        for block in [1, 2, 4, 8] {
            let per_block = PatternDatabase::build_per_block(&TwoCycles, block);
            assert_eq!(per_block, PatternDatabase::build(&TwoCycles).min_per_block(block));
        }
        assert_eq!(PatternDatabase::build_per_block(&TwoCycles, 4).distances(), [0, 255]);
    }

    #[test]
    #[should_panic(expected = "3 does not divide 10")]
    fn blocks_must_divide_the_size() {
        let _ = PatternDatabase::build_per_block(&Cycle { len: 10 }, 3);
    }

    #[test]
    #[should_panic(expected = "distances above 254")]
    fn distances_that_do_not_fit_in_a_byte_are_refused() {
        let _ = PatternDatabase::build(&Cycle { len: 600 });
    }

    /// A cycle where stepping up costs 1 and stepping down is free: a rank `r` is `r` steps down
    /// from the goal 0, all free, unless going the other way round is cheaper (never here).
    struct DownhillCycle {
        len: usize,
    }

    impl ZeroOneAbstraction for DownhillCycle {
        fn size(&self) -> usize {
            self.len
        }
        fn goals(&self) -> Vec<usize> {
            vec![0]
        }
        fn predecessors<F: FnMut(usize, u8)>(&self, rank: usize, mut visit: F) {
            visit((rank + 1) % self.len, 0); // down from rank + 1
            visit((rank + self.len - 1) % self.len, 1); // up from rank - 1
        }
    }

    /// The cycle abstraction with every move costing 1.
    struct Costly(Cycle);
    impl ZeroOneAbstraction for Costly {
        fn size(&self) -> usize {
            self.0.size()
        }
        fn goals(&self) -> Vec<usize> {
            self.0.goals()
        }
        fn predecessors<F: FnMut(usize, u8)>(&self, rank: usize, mut visit: F) {
            Abstraction::predecessors(&self.0, rank, &mut |before| visit(before, 1));
        }
    }

    #[test]
    fn zero_one_distances_count_only_the_costly_moves() {
        let database = PatternDatabase::build_zero_one(&DownhillCycle { len: 9 });
        assert_eq!(database.distances(), [0; 9]);
        for len in [1, 2, 7, 10] {
            let zero_one = PatternDatabase::build_zero_one(&Costly(Cycle { len }));
            assert_eq!(zero_one, PatternDatabase::build(&Cycle { len }), "{len}");
        }
    }

    /// Ranks `0..n` on a line; from `r` to `r + 1` costs 1 when `r` is even, 0 when odd; back free.
    struct Mixed;

    impl ZeroOneAbstraction for Mixed {
        fn size(&self) -> usize {
            8
        }
        fn goals(&self) -> Vec<usize> {
            vec![7]
        }
        fn predecessors<F: FnMut(usize, u8)>(&self, rank: usize, mut visit: F) {
            if rank > 0 {
                visit(rank - 1, u8::from((rank - 1).is_multiple_of(2)));
            }
            if rank < 7 {
                visit(rank + 1, 0);
            }
        }
    }

    #[test]
    fn zero_one_distances_on_a_line_of_mixed_costs() {
        let database = PatternDatabase::build_zero_one(&Mixed);
        assert_eq!(database.distances(), [4, 3, 3, 2, 2, 1, 1, 0]);
        assert_eq!(database.min_per_block(4).distances(), [2, 0]);
    }
}
