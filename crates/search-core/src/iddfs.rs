//! Iterative-deepening depth-first search: IDA\* with the [`Blind`] bound.
//!
//! With a bound of zero everywhere, `f = g`, so each IDA\* iteration is a depth-first search that
//! goes no further than a cost limit, and the limit grows to the least path cost that exceeded it
//! (one more move, when moves all cost one). That *is* iterative deepening, so it needs no driver
//! of its own: it shares IDA\*'s stack, limits, statistics and observer.

use crate::heuristic::Blind;

use crate::ida_star::IdaStar;

use crate::outcome::Report;

use crate::problem::Problem;

/// Searches for the first optimal solution from `start` by iterative deepening.
///
/// # Arguments and returns
///
/// As for [`IdaStar`] with the [`Blind`] heuristic, which never overestimates, so the answer is
/// always the first optimal solution in move order. For limits or an observer, use
/// `IdaStar::new(problem, &Blind)` directly.
///
/// # Complexity
///
/// Memory linear in the solution's depth. Time `O(b^d)` for branching factor `b` and depth `d`,
/// against `O(b^d)` for one breadth-first search: re-searching the shallower levels each iteration
/// costs a factor of about `b / (b - 1)` for unit costs.
///
/// # Example
///
/// ```
/// use search_core::{iddfs, Problem};
///
/// /// Flip pancakes: reverse the first `k` of a stack until it is sorted.
/// struct Pancakes;
///
/// impl Problem for Pancakes {
///     type State = Vec<u8>;
///     type Move = usize;
///     type Cost = u8;
///     type Moves<'a> = Vec<usize>; // simplest; a `MoveVec` would avoid the allocation
///     fn moves(&self, stack: &Vec<u8>) -> Vec<usize> {
///         (2..=stack.len()).collect()
///     }
///     fn apply(&self, stack: &mut Vec<u8>, k: usize) { stack[..k].reverse() }
///     fn undo(&self, stack: &mut Vec<u8>, k: usize) { stack[..k].reverse() }
///     fn inverse(&self, k: usize) -> Option<usize> { Some(k) }
///     fn is_goal(&self, stack: &Vec<u8>) -> bool { stack.is_sorted() }
/// }
///
/// let report = iddfs(&Pancakes, &vec![3, 1, 2]);
/// assert_eq!(report.outcome.solution().unwrap().moves, [3, 2]);
/// ```
pub fn iddfs<P: Problem>(problem: &P, start: &P::State) -> Report<P::Move, P::Cost> {
    IdaStar::new(problem, &Blind).run(start)
}
