//! Pattern databases over a [`WeightedAbstraction`] whose moves cost 0 or 1, filled by 0-1
//! breadth-first search backwards from the goals: `PatternDatabase::zero_one`.
//!
//! This is the search for **additive** databases, where a pattern counts only the moves of its
//! own pieces: a move that costs nothing keeps a rank at its level, one that costs 1 sends it to
//! the next. It is Dial's algorithm (`weighted.rs`) with two buckets in use at a time, and is
//! that search, with the costs checked.

use super::PatternDatabase;
use super::weighted::{WeightedAbstraction, search_by_cost};

impl PatternDatabase {
    /// Fills the database by 0-1 breadth-first search backwards from the abstraction's goals:
    /// the distance of a rank is the least total cost of a path from it to a goal, every move
    /// costing 0 or 1.
    ///
    /// The search goes level by level: the ranks at distance `d` are listed, and the list grows
    /// while it is walked, with every rank one move of cost 0 away; ranks one move of cost 1 away
    /// go to the next level's list (and are skipped there if a cost-0 move reached them first).
    /// This is `weighted`, which allows any cost, with a
    /// check that every cost is 0 or 1: the additive databases' contract.
    ///
    /// ```
    /// use search_core::pattern_database::{PatternDatabase, WeightedAbstraction};
    ///
    /// /// A line of 6 cells; stepping right costs 1, stepping left is free (ranks are cells).
    /// struct Slope;
    /// impl WeightedAbstraction for Slope {
    ///     fn size(&self) -> usize { 6 }
    ///     fn goals(&self) -> Vec<usize> { vec![5] }
    ///     fn predecessors(&self, cell: usize, visit: &mut dyn FnMut(usize, u8)) {
    ///         if cell > 0 { visit(cell - 1, 1) }  // stepping right from cell - 1
    ///         if cell < 5 { visit(cell + 1, 0) }  // stepping left from cell + 1
    ///     }
    /// }
    /// assert_eq!(PatternDatabase::builder().zero_one().build_weighted(&Slope).distances(), [5, 4, 3, 2, 1, 0]);
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
    pub(super) fn zero_one<A: WeightedAbstraction + ?Sized>(abstraction: &A) -> Self {
        Self::from_distances(search_by_cost(abstraction, 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern_database::unit_cost::tests::Cycle;
    use crate::pattern_database::weighted::tests::UnitCosts;

    /// A cycle where stepping up costs 1 and stepping down is free: a rank `r` is `r` steps down
    /// from the goal 0, all free, unless going the other way round is cheaper (never here).
    struct DownhillCycle {
        len: usize,
    }

    impl WeightedAbstraction for DownhillCycle {
        fn size(&self) -> usize {
            self.len
        }
        fn goals(&self) -> Vec<usize> {
            vec![0]
        }
        fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize, u8)) {
            visit((rank + 1) % self.len, 0); // down from rank + 1
            visit((rank + self.len - 1) % self.len, 1); // up from rank - 1
        }
    }

    #[test]
    fn zero_one_distances_count_only_the_costly_moves() {
        let database =
            PatternDatabase::builder().zero_one().build_weighted(&DownhillCycle { len: 9 });
        assert_eq!(database.distances(), [0; 9]);
        for len in [1, 2, 7, 10] {
            let zero_one =
                PatternDatabase::builder().zero_one().build_weighted(&UnitCosts(Cycle { len }));
            assert_eq!(zero_one, PatternDatabase::builder().build(&Cycle { len }), "{len}");
        }
    }

    /// Ranks `0..n` on a line; from `r` to `r + 1` costs 1 when `r` is even, 0 when odd; back free.
    struct Mixed;

    impl WeightedAbstraction for Mixed {
        fn size(&self) -> usize {
            8
        }
        fn goals(&self) -> Vec<usize> {
            vec![7]
        }
        fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize, u8)) {
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
        let database = PatternDatabase::builder().zero_one().build_weighted(&Mixed);
        assert_eq!(database.distances(), [4, 3, 3, 2, 2, 1, 1, 0]);
        assert_eq!(database.min_per_block(4).distances(), [2, 0]);
    }
}

#[cfg(test)]
mod refusals {
    use super::*;

    /// Two ranks, one move of cost 2 between them.
    struct TooDear;

    impl WeightedAbstraction for TooDear {
        fn size(&self) -> usize {
            2
        }
        fn goals(&self) -> Vec<usize> {
            vec![0]
        }
        fn predecessors(&self, _: usize, visit: &mut dyn FnMut(usize, u8)) {
            visit(1, 2);
        }
    }

    #[test]
    #[should_panic(expected = "a move costs at most 1, not 2")]
    fn a_cost_above_1_is_refused() {
        let _ = PatternDatabase::builder().zero_one().build_weighted(&TooDear);
    }

    #[test]
    fn the_same_abstraction_is_fine_for_the_weighted_build() {
        assert_eq!(PatternDatabase::builder().build_weighted(&TooDear).distances(), [0, 2]);
    }
}
