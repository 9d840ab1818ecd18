//! Pattern databases over a [`WeightedAbstraction`], whose moves cost small integers, filled by
//! Dial's algorithm backwards from the goals: `PatternDatabase::weighted`.
//!
//! # How it works
//!
//! Dial, "Algorithm 360: shortest-path forest with topological ordering", *Communications of the
//! ACM* 12(11), 1969, <https://doi.org/10.1145/363269.363610>: Dijkstra's algorithm, with the
//! priority queue replaced by one **bucket** (a list of ranks) per distance, which works because
//! distances are small integers (here at most 254, the largest a byte stores). The buckets are
//! emptied in order of distance, from 0: a rank in bucket `d` whose distance is still `d` is
//! final (every cheaper rank was settled before), so its predecessors are offered the distance
//! `d + cost` and, when that lowers theirs, listed in bucket `d + cost`. A move of cost 0 lists
//! its rank in the bucket being emptied, which is walked while it grows. A rank whose distance
//! is lowered again is listed again; its earlier entry, found later with a distance that no
//! longer matches, is skipped. With costs 0 and 1 only, this is the 0-1 breadth-first search of
//! `PatternDatabase::zero_one`; with cost 1 only, breadth-first search.
//!
//! # Design decisions
//!
//! - **One callback shape for both abstraction traits.** [`Abstraction::predecessors`] calls
//!   `visit(before)`, [`WeightedAbstraction::predecessors`] `visit(before, cost)`: the same
//!   `&mut dyn FnMut`, rank first, the cost added where there is one. There is no blanket
//!   implementation making every `Abstraction` a `WeightedAbstraction` of cost 1: with both
//!   traits in scope, `size()` and `goals()` would be ambiguous on every unit-cost abstraction
//!   (E0034); wrapping one takes three lines (the tests do).
//! - **Costs are bytes**, as distances are: a database of small integer costs, not of arbitrary
//!   weights (for those, distances would need more than a byte per rank).
//! - **A bucket per distance**, 255 of them, rather than Dial's circular array of `max cost + 1`:
//!   the distances are bounded anyway, and a bucket holds nothing once emptied.

use super::PatternDatabase;
#[cfg(doc)]
use crate::pattern_database::unit_cost::Abstraction;

/// An abstraction whose moves cost small integers (0 to 254): the abstraction of an **additive**
/// pattern database (moves of pieces the pattern ignores cost 0), or of a puzzle whose moves
/// cost different amounts (a move of several pieces costing more).
///
/// The contract is [`Abstraction`]'s, with costs: a move of the problem from `s` to `t` that
/// the pattern counts as costing `c` is a move of the abstraction of cost `c` from the rank of
/// `s` to the rank of `t`, so [`predecessors`](WeightedAbstraction::predecessors) of the rank of
/// `t` include the rank of `s` with cost `c`. For the database to be an admissible heuristic,
/// `c` must not exceed the problem's cost for that move; for several databases to be **added**
/// ([`Additive`](crate::Additive)), each move's cost must be shared out among them, each
/// counting its part and the others 0.
///
/// # Example
///
/// ```
/// use search_core::pattern_database::{PatternDatabase, WeightedAbstraction};
///
/// /// A line of 6 cells, the goal at cell 0; a step left costs 1, a jump of two cells left
/// /// costs 3, stepping right is free (ranks are cells).
/// struct Hills;
/// impl WeightedAbstraction for Hills {
///     fn size(&self) -> usize { 6 }
///     fn goals(&self) -> Vec<usize> { vec![0] }
///     fn predecessors(&self, cell: usize, visit: &mut dyn FnMut(usize, u8)) {
///         if cell + 1 < 6 { visit(cell + 1, 1) } // a step left from cell + 1
///         if cell + 2 < 6 { visit(cell + 2, 3) } // a jump left from cell + 2
///         if cell > 0 { visit(cell - 1, 0) }     // a step right from cell - 1
///     }
/// }
/// // Two steps (2) beat a jump (3).
/// assert_eq!(PatternDatabase::builder().build_weighted(&Hills).distances(), [0, 1, 2, 3, 4, 5]);
/// ```
pub trait WeightedAbstraction {
    /// The number of abstract states: they are ranked `0..size`.
    fn size(&self) -> usize;

    /// The ranks of the abstract goal states (the database's distance 0).
    fn goals(&self) -> Vec<usize>;

    /// Calls `visit(before, cost)` for every rank `before` from which one move of cost `cost`
    /// reaches `rank`. Duplicates are allowed; the cheapest counts.
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize, u8));
}

impl PatternDatabase {
    /// Fills the database by Dial's algorithm backwards from the abstraction's goals: the
    /// distance of a rank is the least total cost of a path from it to a goal.
    ///
    /// See the [`WeightedAbstraction`] example. For costs 0 and 1 only,
    /// `zero_one` says so and checks it; for cost 1
    /// only, `unit_cost` needs no distance lists.
    ///
    /// # Complexity
    ///
    /// Each rank is settled once, its predecessors visited once, and listed once per time its
    /// distance is lowered (at most once per predecessor visit leading to it): time linear in
    /// `size` times the number of moves, plus the 255 buckets; memory one byte per rank plus
    /// the lists (a `u32` per rank listed).
    ///
    /// # Panics
    ///
    /// If `size` does not fit in a `u32`, a goal or a predecessor is not below `size`, or some
    /// rank's distance is 255 or more (distances are stored as `u8`, with 255 meaning
    /// unreachable).
    #[must_use]
    pub(super) fn weighted<A: WeightedAbstraction + ?Sized>(abstraction: &A) -> Self {
        Self::from_distances(search_by_cost(abstraction, u8::MAX))
    }
}

/// Dial's algorithm backwards from the goals: every rank's least cost to a goal, with
/// [`PatternDatabase::UNREACHABLE`] for the ranks from which none is reachable.
///
/// # Panics
///
/// As `PatternDatabase::weighted`; also if a move costs more than `max_cost`
/// (`zero_one`'s contract).
pub(super) fn search_by_cost<A: WeightedAbstraction + ?Sized>(
    abstraction: &A,
    max_cost: u8,
) -> Vec<u8> {
    const UNREACHABLE: u8 = PatternDatabase::UNREACHABLE;
    let size = abstraction.size();
    assert!(u32::try_from(size).is_ok(), "{size} ranks do not fit in a u32");
    let mut distances = vec![UNREACHABLE; size];
    // `buckets[d]`: the ranks whose distance was lowered to `d` (each listed when it was).
    let mut buckets = vec![Vec::<u32>::new(); usize::from(UNREACHABLE)];
    // The ranks a path reached only at 255 or more: the search fails if one stays unreached.
    let mut beyond = Vec::new();
    for goal in abstraction.goals() {
        assert!(goal < size, "goal rank {goal} is not below the size {size}");
        if distances[goal] != 0 {
            distances[goal] = 0;
            buckets[0].push(rank_u32(goal));
        }
    }
    for distance in 0..UNREACHABLE {
        let mut bucket = std::mem::take(&mut buckets[usize::from(distance)]);
        let mut walked = 0;
        while let Some(&rank) = bucket.get(walked) {
            walked += 1;
            if distances[rank as usize] != distance {
                continue; // listed before a cheaper path lowered it: settled already
            }
            abstraction.predecessors(rank as usize, &mut |before, cost| {
                assert!(before < size, "predecessor {before} is not below the size {size}");
                assert!(cost <= max_cost, "a move costs at most {max_cost}, not {cost}");
                let Some(reached) = distance.checked_add(cost).filter(|&d| d < UNREACHABLE) else {
                    beyond.push(rank_u32(before));
                    return;
                };
                if reached < distances[before] {
                    distances[before] = reached;
                    // A free move lists its rank in the bucket being walked.
                    let list =
                        if cost == 0 { &mut bucket } else { &mut buckets[usize::from(reached)] };
                    list.push(rank_u32(before));
                }
            });
        }
    }
    assert_fits(&distances, &beyond);
    distances
}

/// Panics unless every rank some path reached at 255 or more was reached more cheaply too.
pub(super) fn assert_fits(distances: &[u8], beyond: &[u32]) {
    assert!(
        beyond.iter().all(|&rank| distances[rank as usize] != PatternDatabase::UNREACHABLE),
        "distances above 254 are not supported"
    );
}

/// A rank as a `u32`, for the buckets (the size was checked to fit).
#[expect(clippy::cast_possible_truncation, reason = "ranks are below the size, checked to fit")]
pub(super) fn rank_u32(rank: usize) -> u32 {
    rank as u32
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::pattern_database::unit_cost::Abstraction;
    use crate::pattern_database::unit_cost::tests::Cycle;

    /// Dijkstra's algorithm with a binary heap, backwards from the goals: the reference the
    /// buckets must agree with, distances in `u32` so that none is cut at 255.
    fn dijkstra<A: WeightedAbstraction + ?Sized>(abstraction: &A) -> Vec<Option<u32>> {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let mut distances = vec![None; abstraction.size()];
        let mut heap: BinaryHeap<_> =
            abstraction.goals().into_iter().map(|goal| Reverse((0, goal))).collect();
        while let Some(Reverse((distance, rank))) = heap.pop() {
            if distances[rank].is_some() {
                continue;
            }
            distances[rank] = Some(distance);
            abstraction.predecessors(rank, &mut |before, cost| {
                if distances[before].is_none() {
                    heap.push(Reverse((distance + u32::from(cost), before)));
                }
            });
        }
        distances
    }

    /// A ring of `len` ranks, the goal at 0; a step up costs `up`, a step down `down`, and a
    /// jump of three ranks up costs `jump`.
    struct Ring {
        len: usize,
        up: u8,
        down: u8,
        jump: u8,
    }

    impl WeightedAbstraction for Ring {
        fn size(&self) -> usize {
            self.len
        }
        fn goals(&self) -> Vec<usize> {
            vec![0]
        }
        fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize, u8)) {
            let len = self.len;
            visit((rank + len - 1) % len, self.up);
            visit((rank + 1) % len, self.down);
            visit((rank + 3 * len - 3) % len, self.jump);
        }
    }

    #[test]
    fn distances_are_dijkstras_on_rings_of_mixed_costs() {
        for (len, up, down, jump) in [(10, 1, 1, 1), (12, 2, 5, 3), (30, 0, 4, 7), (7, 3, 0, 0)] {
            let ring = Ring { len, up, down, jump };
            let expected: Vec<u8> = dijkstra(&ring)
                .into_iter()
                .map(|d| d.map_or(PatternDatabase::UNREACHABLE, |d| u8::try_from(d).unwrap()))
                .collect();
            assert_eq!(
                PatternDatabase::builder().build_weighted(&ring).distances(),
                expected,
                "{len}"
            );
        }
    }

    /// A unit-cost abstraction as a weighted one whose moves all cost 1.
    pub(in crate::pattern_database) struct UnitCosts<A>(pub(in crate::pattern_database) A);

    impl<A: Abstraction> WeightedAbstraction for UnitCosts<A> {
        fn size(&self) -> usize {
            self.0.size()
        }
        fn goals(&self) -> Vec<usize> {
            self.0.goals()
        }
        fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize, u8)) {
            self.0.predecessors(rank, &mut |before| visit(before, 1));
        }
    }

    #[test]
    fn with_every_cost_1_the_distances_are_breadth_first_searchs() {
        for len in [1, 2, 7, 10] {
            let weighted = PatternDatabase::builder().build_weighted(&UnitCosts(Cycle { len }));
            assert_eq!(weighted, PatternDatabase::builder().build(&Cycle { len }));
        }
    }

    #[test]
    fn a_distance_of_254_fits_and_255_does_not() {
        // Two ranks, one move of the given cost between them.
        struct Two(u8);
        impl WeightedAbstraction for Two {
            fn size(&self) -> usize {
                2
            }
            fn goals(&self) -> Vec<usize> {
                vec![0]
            }
            fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize, u8)) {
                if rank == 0 {
                    visit(1, self.0);
                }
            }
        }
        assert_eq!(PatternDatabase::builder().build_weighted(&Two(254)).distances(), [0, 254]);
        let too_far =
            std::panic::catch_unwind(|| PatternDatabase::builder().build_weighted(&Two(255)));
        assert!(too_far.is_err());
    }

    #[test]
    fn a_path_beyond_254_is_no_error_when_a_cheaper_one_is_found_later() {
        // From the goal 0: rank 1 is 200 away, rank 3 240; rank 2 is 200 + 100 through rank 1,
        // found first, and 240 + 10 through rank 3, found later.
        struct Detour;
        impl WeightedAbstraction for Detour {
            fn size(&self) -> usize {
                4
            }
            fn goals(&self) -> Vec<usize> {
                vec![0]
            }
            fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize, u8)) {
                match rank {
                    0 => {
                        visit(1, 200);
                        visit(3, 240);
                    }
                    1 => visit(2, 100),
                    3 => visit(2, 10),
                    _ => {}
                }
            }
        }
        assert_eq!(
            PatternDatabase::builder().build_weighted(&Detour).distances(),
            [0, 200, 250, 240]
        );
    }
}
