//! Pattern databases over an [`Abstraction`] whose moves all cost 1, filled by breadth-first
//! search backwards from the goals: `PatternDatabase::unit_cost` keeps every rank's distance,
//! `PatternDatabase::unit_cost_per_block` only the least of each block of ranks.
//!
//! Both are the same search ([`search_backwards`]), level by level from the goals; they differ in
//! what they remember of a rank the search reaches: its distance, in a byte per rank, or whether
//! it has been reached, in a bit per rank, and the least distance of its block.

use super::PatternDatabase;

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

impl PatternDatabase {
    /// Fills the database by breadth-first search backwards from the abstraction's goals: a
    /// rank's distance is the level at which the search first reaches it.
    ///
    /// # Complexity
    ///
    /// Each rank is listed once and its predecessors visited once: time linear in `size` times the
    /// number of moves, memory one byte per rank plus two levels of the search (up to one `usize`
    /// per rank).
    ///
    /// # Panics
    ///
    /// If a goal or a predecessor is not below [`size`](Abstraction::size), or if some rank is 255
    /// or more moves from every goal (distances are stored as `u8`, with 255 meaning unreachable).
    #[must_use]
    pub(super) fn unit_cost<A: Abstraction + ?Sized>(abstraction: &A) -> Self {
        let mut distances = vec![Self::UNREACHABLE; abstraction.size()];
        search_backwards::<A, usize>(abstraction, |rank, distance| {
            let first = distances[rank] == Self::UNREACHABLE;
            if first {
                distances[rank] = distance;
            }
            first
        });
        Self::from_distances(distances)
    }

    /// The same database as `unit_cost` followed by
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
    /// use search_core::pattern_database::{Abstraction, PatternDatabase};
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
    /// let coarse = PatternDatabase::builder().per_block(2).build(&Line);
    /// assert_eq!(coarse.distances(), [0, 2, 4]);
    /// assert_eq!(coarse, PatternDatabase::builder().build(&Line).min_per_block(2));
    /// ```
    ///
    /// # Complexity
    ///
    /// Time as for `unit_cost`; memory one bit per rank, one byte per
    /// block, and two levels of the search (up to one `u32` per rank).
    ///
    /// # Panics
    ///
    /// As `unit_cost` does; also if `block` is 0 or does not divide the
    /// size, or if the size exceeds 2³² ranks.
    #[must_use]
    pub(super) fn unit_cost_per_block<A: Abstraction + ?Sized>(
        abstraction: &A,
        block: usize,
    ) -> Self {
        let size = abstraction.size();
        assert!(block > 0 && size.is_multiple_of(block), "{block} does not divide {size}");
        assert!(u32::try_from(size - 1).is_ok(), "{size} ranks do not fit in a u32");
        let mut distances = vec![Self::UNREACHABLE; size / block];
        let mut reached = vec![0_u64; size.div_ceil(64)];
        search_backwards::<A, u32>(abstraction, |rank, distance| {
            let (word, bit) = (rank / 64, 1 << (rank % 64));
            if reached[word] & bit != 0 {
                return false;
            }
            reached[word] |= bit;
            let least = &mut distances[rank / block];
            *least = (*least).min(distance);
            true
        });
        Self::from_distances(distances)
    }
}

/// The breadth-first search backwards from the goals that both builds make, level by level:
/// offers `reach` every goal with the distance 0, then every predecessor of a rank at distance
/// `d` with the distance `d + 1`. `reach` records the rank and returns whether this is the first
/// time it is reached; only such ranks make the next level, so each rank is listed once and
/// reached first at its distance. A level lists its ranks as `R`: `u32` halves its memory when
/// the size allows.
///
/// # Panics
///
/// If a goal or a predecessor is not below the abstraction's size, or if a rank is reached at
/// distance 254 (distances are stored as `u8`, with 255 meaning unreachable).
fn search_backwards<A: Abstraction + ?Sized, R: ListedRank>(
    abstraction: &A,
    mut reach: impl FnMut(usize, u8) -> bool,
) {
    let size = abstraction.size();
    let (mut level, mut next_level) = (Vec::<R>::new(), Vec::<R>::new());
    for goal in abstraction.goals() {
        assert!(goal < size, "goal rank {goal} is not below the size {size}");
        if reach(goal, 0) {
            level.push(R::listed(goal));
        }
    }
    let mut distance = 0_u8;
    while !level.is_empty() {
        assert!(
            distance + 1 < PatternDatabase::UNREACHABLE,
            "distances above 254 are not supported"
        );
        for &rank in &level {
            abstraction.predecessors(rank.rank(), &mut |before| {
                assert!(before < size, "predecessor rank {before} is not below the size {size}");
                if reach(before, distance + 1) {
                    next_level.push(R::listed(before));
                }
            });
        }
        level.clear();
        std::mem::swap(&mut level, &mut next_level);
        distance += 1;
    }
}

/// A rank as a level of [`search_backwards`] lists it.
trait ListedRank: Copy {
    /// `rank`, which the caller has checked fits.
    fn listed(rank: usize) -> Self;
    /// The rank back.
    fn rank(self) -> usize;
}

impl ListedRank for usize {
    fn listed(rank: usize) -> Self {
        rank
    }
    fn rank(self) -> usize {
        self
    }
}

impl ListedRank for u32 {
    #[expect(clippy::cast_possible_truncation, reason = "the caller checked the size fits")]
    fn listed(rank: usize) -> Self {
        rank as u32
    }
    fn rank(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A cycle of `len` nodes, the goal at node 0, moves to both neighbours.
    pub(in crate::pattern_database) struct Cycle {
        pub(in crate::pattern_database) len: usize,
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
            let database = PatternDatabase::builder().build(&Cycle { len });
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
        let database = PatternDatabase::builder().build(&TwoCycles);
        assert_eq!(database.distances(), [0, 1, 0, 1, 255, 255, 255, 255]);
        assert_eq!(database.max_distance(), 1);
        assert!(!database.is_empty());
        assert!(PatternDatabase::builder().build(&Cycle { len: 0 }).is_empty());
    }

    #[test]
    fn building_per_block_equals_building_then_taking_the_least_per_block() {
        for (len, block) in [(1, 1), (10, 1), (10, 2), (10, 5), (12, 3), (12, 12), (500, 4)] {
            let per_block = PatternDatabase::builder().per_block(block).build(&Cycle { len });
            let full = PatternDatabase::builder().build(&Cycle { len }).min_per_block(block);
            assert_eq!(per_block, full, "a cycle of {len} in blocks of {block}");
        }
        for block in [1, 2, 4, 8] {
            let per_block = PatternDatabase::builder().per_block(block).build(&TwoCycles);
            assert_eq!(
                per_block,
                PatternDatabase::builder().build(&TwoCycles).min_per_block(block)
            );
        }
        assert_eq!(PatternDatabase::builder().per_block(4).build(&TwoCycles).distances(), [0, 255]);
    }

    #[test]
    #[should_panic(expected = "3 does not divide 10")]
    fn blocks_must_divide_the_size() {
        let _ = PatternDatabase::builder().per_block(3).build(&Cycle { len: 10 });
    }

    #[test]
    #[should_panic(expected = "distances above 254")]
    fn distances_that_do_not_fit_in_a_byte_are_refused() {
        let _ = PatternDatabase::builder().build(&Cycle { len: 600 });
    }
}
