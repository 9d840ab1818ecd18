//! Uniform-cost search (Dijkstra's algorithm) as a textbook writes it: A\* with no heuristic,
//! the open list a priority queue ordered by the path's cost `g`.
//! [`UniformCost`](crate::UniformCost) does exactly this, node for node, faster.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hash;

use num_traits::Zero;

use super::reached::Reached;
use crate::outcome::Outcome;
use crate::problem::Problem;

/// Searches from `start` for a cheapest solution, cheapest state first, as
/// [`UniformCost`](crate::UniformCost) does, without its limits, observer or speed.
pub fn uniform_cost<P>(problem: &P, start: &P::State) -> Outcome<P::Move, P::Cost>
where
    P: Problem<State: Hash + Eq>,
{
    // Every state seen: the open list and the closed.
    let mut reached: Reached<P> = Reached::new(start);
    // The open list: (g, number), the least g first, then the state reached first.
    let mut open = BinaryHeap::from([Reverse((P::Cost::zero(), 0))]);
    // mark: pop
    while let Some(Reverse((g, at))) = open.pop() {
        if g > reached[at].g {
            continue; // stale: the state was reached more cheaply since
        }
        if problem.is_goal(&reached[at].state) {
            // mark: goal
            return Outcome::Solved(reached.path_to(at)); // a goal, taken from the open list
        }
        let state = reached[at].state.clone();
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
            let number = match reached.number(&child) {
                None => reached.add(child, child_g, (at, mv)),
                // Reached before, at a greater cost: this path replaces that one.
                Some(known) if child_g < reached[known].g => {
                    reached[known].g = child_g;
                    reached[known].from = Some((at, mv));
                    known
                }
                // mark: skip
                Some(_) => continue, // seen at no greater cost: skipped
            };
            // mark: push
            open.push(Reverse((child_g, number)));
        }
    }
    Outcome::NoSolution // every state reached was expanded: no solution
}
