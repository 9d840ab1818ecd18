//! Breadth-first search as a textbook writes it: the open list a first-in first-out queue, every
//! state reached remembered, a goal recognised as it is generated (every path found later is no
//! shorter). [`BreadthFirst`](crate::BreadthFirst) does exactly this, node for node, faster.

use std::collections::VecDeque;
use std::hash::Hash;

use num_traits::Zero;

use super::reached::Reached;
use crate::outcome::{Outcome, Solution};
use crate::problem::Problem;

/// Searches from `start` for the first solution of fewest moves, breadth-first, as
/// [`BreadthFirst`](crate::BreadthFirst) does, without its limits, observer or speed.
pub fn breadth_first<P>(problem: &P, start: &P::State) -> Outcome<P::Move, P::Cost>
where
    P: Problem<State: Hash + Eq>,
{
    if problem.is_goal(start) {
        return Outcome::Solved(Solution { moves: Vec::new(), cost: P::Cost::zero() });
    }
    // Every state seen: the open list and the closed.
    let mut reached: Reached<P> = Reached::new(start);
    let mut open = VecDeque::from([0]); // the numbers of the states to expand, oldest first
    // mark: pop
    while let Some(at) = open.pop_front() {
        let (state, g) = (reached[at].state.clone(), reached[at].g);
        // The move straight back to the state before is not tried.
        let back = reached.via(at).and_then(|via| problem.inverse(via));
        // Expand: generate the children in move order.
        // mark: expand
        for &mv in problem.moves(&state).as_ref() {
            if back == Some(mv) {
                continue;
            }
            let child_g = g + problem.cost(&state, mv);
            let mut child = state.clone();
            problem.apply(&mut child, mv);
            if reached.number(&child).is_some() {
                // mark: skip
                continue; // reached before, by a path no longer: skipped
            }
            let is_goal = problem.is_goal(&child);
            let number = reached.add(child, child_g, (at, mv));
            if is_goal {
                // mark: goal
                return Outcome::Solved(reached.path_to(number)); // a goal, found as it is generated
            }
            // mark: push
            open.push_back(number);
        }
    }
    Outcome::NoSolution // every state reached was expanded: no solution
}
