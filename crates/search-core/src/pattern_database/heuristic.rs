//! A pattern database read as a [`Heuristic`]: [`PatternHeuristic`], the abstraction function
//! that ranks a problem's state and the table of the abstraction's distances.

use std::fmt;

use num_traits::Bounded;

use super::PatternDatabase;
use crate::heuristic::Heuristic;
use crate::problem::Problem;

/// An admissible heuristic made of a pattern database and the **abstraction function** that
/// ranks a problem's state: the estimate of a state is the database's distance at its rank.
///
/// # The contract
///
/// `rank(state)` must be the rank, in the abstraction the database was built over, of the
/// state's abstract state: a state of the problem maps to the abstract state whose
/// predecessors the [`Abstraction`](super::Abstraction) (or
/// [`WeightedAbstraction`](super::WeightedAbstraction)) listed. The abstraction's contract then
/// makes the estimate admissible: every path of the problem to a goal maps to an abstract path
/// to an abstract goal, of no greater cost, and the database holds the cheapest. A rank from
/// which no abstract goal is reachable ([`PatternDatabase::UNREACHABLE`]) estimates
/// `Cost::max_value()`, the heuristics' "no goal is reachable from here": a driver prunes it for
/// good. The distances are read in units of the problem's cost.
///
/// The database may be owned (`PatternDatabase`) or shared (`&PatternDatabase`,
/// `Arc<PatternDatabase>`): any `D: AsRef<PatternDatabase>`, so that several heuristics (a
/// pattern and its mirror image, say) can read one table.
///
/// # Combining
///
/// Several databases make a better heuristic together: [`Max`](crate::Max) of any of them is
/// admissible; [`Additive`](crate::Additive), their sum, only when each move's cost is counted
/// by one database at most (disjoint patterns built with
/// [`zero_one`](super::Builder::zero_one), moves of other pieces costing 0).
///
/// # Example
///
/// The 2 x 2 sliding puzzle (cells `0 1 / 2 3`, goal `0 1 2 3`), abstracted to where tiles 1 and
/// 2 are, tile 3 and the blank both forgotten: 4 x 3 = 12 placements, ranked with
/// [`PartialPermutationRanking`](crate::ranking::PartialPermutationRanking). A move slides one of them
/// into a free neighbouring cell.
///
/// ```
/// use search_core::Heuristic;
/// use search_core::pattern_database::{Abstraction, PatternDatabase, PatternHeuristic};
/// use search_core::ranking::PartialPermutationRanking;
/// # use search_core::Problem;
/// # struct TwoByTwo;
/// # impl Problem for TwoByTwo {
/// #     type State = [u8; 4]; type Move = usize; type Cost = u8; type Moves<'a> = Vec<usize>;
/// #     fn moves(&self, _: &[u8; 4]) -> Vec<usize> { vec![] }
/// #     fn apply(&self, _: &mut [u8; 4], _: usize) {}
/// #     fn undo(&self, _: &mut [u8; 4], _: usize) {}
/// #     fn inverse(&self, _: usize) -> Option<usize> { None }
/// #     fn is_goal(&self, cells: &[u8; 4]) -> bool { *cells == [0, 1, 2, 3] }
/// # }
///
/// struct TilesOneAndTwo(PartialPermutationRanking);
///
/// impl Abstraction for TilesOneAndTwo {
///     fn size(&self) -> usize { self.0.count() }
///     fn goals(&self) -> Vec<usize> { vec![self.0.rank(&[1, 2])] }
///     /// A tile slides into a free neighbouring cell, and slides back: predecessors are
///     /// successors.
///     fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
///         let mut at = [0; 2];
///         self.0.unrank(rank, &mut at);
///         for tile in 0..2 {
///             // The neighbours of cell c in a 2 x 2 grid are c ^ 1 and c ^ 2.
///             for next in [at[tile] ^ 1, at[tile] ^ 2] {
///                 if !at.contains(&next) {
///                     let mut moved = at;
///                     moved[tile] = next;
///                     visit(self.0.rank(&moved));
///                 }
///             }
///         }
///     }
/// }
///
/// let ranking = PartialPermutationRanking::new(4, 2);
/// let database = PatternDatabase::builder().build(&TilesOneAndTwo(ranking));
/// let cells_of_one_and_two = move |cells: &[u8; 4]| {
///     let cell = |tile| cells.iter().position(|&t| t == tile).unwrap() as u8;
///     ranking.rank(&[cell(1), cell(2)])
/// };
/// let heuristic = PatternHeuristic::new(database, cells_of_one_and_two);
///
/// assert_eq!(heuristic.estimate(&TwoByTwo, &[0, 1, 2, 3]), 0);
/// // Tiles 1 and 2 swapped: each must go round the other, 4 tile moves at least.
/// assert_eq!(heuristic.estimate(&TwoByTwo, &[0, 2, 1, 3]), 4);
/// ```
///
/// # Complexity
///
/// An estimate is one call of `rank` and one table look-up.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PatternHeuristic<R, D = PatternDatabase> {
    database: D,
    rank: R,
}

impl<R, D: AsRef<PatternDatabase>> PatternHeuristic<R, D> {
    /// The heuristic that estimates a state by `database`'s distance at `rank(state)`.
    ///
    /// `rank` is typically a closure `|state: &P::State| -> usize` (annotate its argument: the
    /// problem is only known when the heuristic is used); it must rank states as the
    /// abstraction `database` was built over ranks their abstract states, each below
    /// `database.len()`.
    #[must_use]
    pub fn new(database: D, rank: R) -> Self {
        Self { database, rank }
    }

    /// The database.
    #[must_use]
    pub fn database(&self) -> &PatternDatabase {
        self.database.as_ref()
    }

    /// The abstraction function.
    #[must_use]
    pub fn rank_function(&self) -> &R {
        &self.rank
    }
}

impl<P, R, D> Heuristic<P> for PatternHeuristic<R, D>
where
    P: Problem + ?Sized,
    R: Fn(&P::State) -> usize,
    D: AsRef<PatternDatabase>,
{
    /// The database's distance at `rank(state)`, or `Cost::max_value()` for
    /// [`UNREACHABLE`](PatternDatabase::UNREACHABLE).
    ///
    /// # Panics
    ///
    /// If `rank(state)` is not below the database's length.
    #[inline]
    fn estimate(&self, _: &P, state: &P::State) -> P::Cost {
        let distance = self.database.as_ref().distance((self.rank)(state));
        if distance == PatternDatabase::UNREACHABLE {
            return P::Cost::max_value();
        }
        // Every unsigned primitive integer holds a byte: the conversion never fails.
        num_traits::cast(distance).unwrap_or_else(P::Cost::max_value)
    }
}

/// Shows the database's length, not its distances (millions of them, typically).
impl<R, D: AsRef<PatternDatabase>> fmt::Debug for PatternHeuristic<R, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternHeuristic")
            .field("ranks", &self.database.as_ref().len())
            .field("max_distance", &self.database.as_ref().max_distance())
            .finish_non_exhaustive()
    }
}

impl AsRef<PatternDatabase> for PatternDatabase {
    fn as_ref(&self) -> &PatternDatabase {
        self
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    /// A line of cells `0..6`, a walker stepping left or right; the goal is cell 0, and cell 5
    /// is a trap with no way out.
    struct Line;

    impl Problem for Line {
        type State = u8;
        type Move = i8;
        type Cost = u16;
        type Moves<'a> = Vec<i8>;
        fn moves(&self, &cell: &u8) -> Vec<i8> {
            match cell {
                0 => vec![1],
                5 => vec![],
                _ => vec![-1, 1],
            }
        }
        fn apply(&self, cell: &mut u8, step: i8) {
            *cell = cell.wrapping_add_signed(step);
        }
        fn undo(&self, cell: &mut u8, step: i8) {
            *cell = cell.wrapping_add_signed(-step);
        }
        fn inverse(&self, step: i8) -> Option<i8> {
            Some(-step)
        }
        fn is_goal(&self, &cell: &u8) -> bool {
            cell == 0
        }
    }

    #[test]
    fn estimates_are_the_distances_and_unreachable_is_a_dead_end() {
        // The exact distances, as an abstraction that forgets nothing would give them.
        let database = PatternDatabase::from_distances(vec![0, 1, 2, 3, 4, 255]);
        let by_cell = |&cell: &u8| usize::from(cell);
        let owned = PatternHeuristic::new(database.clone(), by_cell);
        let estimates: Vec<u16> = (0..6).map(|cell| owned.estimate(&Line, &cell)).collect();
        assert_eq!(estimates, [0, 1, 2, 3, 4, u16::MAX]);
        // Borrowed and shared tables read the same.
        let borrowed = PatternHeuristic::new(&database, by_cell);
        let shared = PatternHeuristic::new(Arc::new(database.clone()), by_cell);
        for cell in 0..6 {
            assert_eq!(borrowed.estimate(&Line, &cell), owned.estimate(&Line, &cell));
            assert_eq!(shared.estimate(&Line, &cell), owned.estimate(&Line, &cell));
        }
        assert_eq!(owned.database(), &database);
        assert_eq!((owned.rank_function())(&4), 4);
        assert_eq!(format!("{owned:?}"), "PatternHeuristic { ranks: 6, max_distance: 4, .. }");
    }

    #[test]
    fn ida_star_with_the_exact_database_walks_straight_home() {
        let database = PatternDatabase::from_distances(vec![0, 1, 2, 3, 4, 255]);
        let heuristic = PatternHeuristic::new(database, |&cell: &u8| usize::from(cell));
        let report = crate::ida_star(&Line, &heuristic, &4);
        assert_eq!(report.outcome.solution().map(|s| s.moves.clone()), Some(vec![-1; 4]));
        // A perfect heuristic: one iteration, and no child beyond the bound is expanded.
        assert_eq!(report.stats.iterations.len(), 1);
        assert_eq!(report.stats.expanded, 4);
        // The trap is a dead end: no iteration at all.
        let trapped = crate::ida_star(&Line, &heuristic, &5);
        assert_eq!(trapped.outcome, crate::Outcome::NoSolution);
    }
}
