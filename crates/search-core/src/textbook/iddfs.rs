//! Iterative deepening as a textbook writes it: depth-first searches under a growing limit on
//! the path's cost (on its number of moves, when every move costs one).
//!
//! It is IDA\* without a heuristic, and [`iddfs`](crate::iddfs) runs it as IDA\* with the
//! [`Blind`](crate::Blind) bound, node for node as here.

use num_traits::Zero;

use crate::outcome::{Outcome, Solution};
use crate::problem::Problem;

/// Searches for the first optimal solution from `start` by iterative deepening, as
/// [`iddfs`](crate::iddfs) does, without its limits, observer or speed.
pub fn iddfs<P: Problem>(problem: &P, start: &P::State) -> Outcome<P::Move, P::Cost> {
    let mut state = start.clone();
    let mut path = Vec::new(); // the moves from the start: all that is kept
    if problem.is_goal(&state) {
        return Outcome::Solved(Solution { moves: path, cost: P::Cost::zero() });
    }
    let mut limit = P::Cost::zero();
    loop {
        // One iteration: every path that costs at most the limit.
        let mut next_limit = None;
        let g = P::Cost::zero();
        // mark: iteration
        let found = search(problem, &mut state, &mut path, g, limit, &mut next_limit);
        if let Some(cost) = found {
            return Outcome::Solved(Solution { moves: path, cost });
        }
        // mark: iteration_end
        match next_limit {
            // The cheapest path cut off sets the next limit: one move more, for unit costs.
            Some(next) => limit = next,
            // Nothing was cut off: the whole tree was searched.
            None => return Outcome::NoSolution,
        }
    }
}

/// Searches below `state`, which `path` reached at cost `g`, for a goal within `limit`: `Some`
/// with its cost (`path` then leads to it), or `None` with `next_limit` lowered to the least cost
/// that exceeded the limit.
fn search<P: Problem>(
    problem: &P,
    state: &mut P::State,
    path: &mut Vec<P::Move>,
    g: P::Cost,
    limit: P::Cost,
    next_limit: &mut Option<P::Cost>,
) -> Option<P::Cost> {
    // Expand: generate the children in move order.
    // mark: expand
    for &mv in problem.moves(state).as_ref() {
        // Not straight back the way we came (or whatever else the problem refuses).
        if path.last().is_some_and(|&last| !problem.may_follow(last, mv)) {
            continue;
        }
        let child_g = g + problem.cost(state, mv);
        if child_g > limit {
            // Beyond the limit: cut off, and a candidate for the next limit.
            // mark: cutoff
            *next_limit = Some(next_limit.map_or(child_g, |next| next.min(child_g)));
            continue;
        }
        problem.apply(state, mv);
        path.push(mv);
        if problem.is_goal(state) {
            // mark: goal
            return Some(child_g); // a goal, found as it is generated
        }
        let found = search(problem, state, path, child_g, limit, next_limit);
        if found.is_some() {
            return found;
        }
        path.pop();
        problem.undo(state, mv);
    }
    None // this subtree is exhausted under the limit
}
