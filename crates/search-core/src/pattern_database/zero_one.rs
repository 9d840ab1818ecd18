//! Pattern databases over a [`ZeroOneAbstraction`], whose moves cost 0 or 1, filled by 0-1
//! breadth-first search backwards from the goals: [`PatternDatabase::build_zero_one`].
//!
//! This is the search for **additive** databases, where a pattern counts only the moves of its
//! own pieces: a move that costs nothing keeps a rank at its level, one that costs 1 sends it to
//! the next.

use super::PatternDatabase;

/// An abstraction whose moves cost 0 or 1: the abstraction of an **additive** pattern database,
/// where only the moves of the pieces the pattern keeps are counted.
///
/// In the sliding-tile puzzle, say, a pattern keeps a few tiles and the blank; moving the blank
/// through a cell no pattern tile holds moves a tile the pattern ignores, which the pattern's
/// database does not count (cost 0), so the databases of disjoint patterns can be added up.
/// [`PatternDatabase::build_zero_one`] fills the table by 0-1 breadth-first search.
///
/// The contract is [`Abstraction`](super::Abstraction)'s, with costs: a move of the problem
/// from `s` to `t` that the pattern counts (costs 1) or ignores (costs 0) is a move of the
/// abstraction of that cost from the rank of `s` to the rank of `t`, so
/// [`predecessors`](ZeroOneAbstraction::predecessors) of the rank of `t` include the rank of `s`
/// with that cost.
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
        Self::from_distances(distances)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern_database::Abstraction;
    use crate::pattern_database::unit_cost::tests::Cycle;

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
