//! A\* as a textbook writes it: the open list a priority queue ordered by `f = g + h`, every
//! state reached remembered with the cheapest path known to it. [`AStar`](crate::AStar) does
//! exactly this, node for node, faster.
//!
//! Ties between equal `f` go to the greatest `g` (the deepest node, nearest a goal by the
//! heuristic), then to the state reached first. A state reached again more cheaply after its
//! expansion is pushed and expanded again, so an admissible heuristic that is not consistent
//! still gives a cheapest solution.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hash;

use num_traits::{CheckedAdd, Zero};

use super::reached::Reached;
use crate::heuristic::Heuristic;
use crate::outcome::Outcome;
use crate::problem::Problem;

/// Searches from `start` for a cheapest solution with A\*, as [`AStar`](crate::AStar) does,
/// without its limits, observer or speed. `heuristic` must never overestimate.
pub fn astar<P, H>(problem: &P, heuristic: &H, start: &P::State) -> Outcome<P::Move, P::Cost>
where
    P: Problem<State: Hash + Eq>,
    H: Heuristic<P>,
{
    // Every state seen: the open list and the closed.
    let mut reached: Reached<P> = Reached::new(start);
    // The open list: (f, Reverse(g), number), the least f first, then the greatest g, then the
    // state reached first.
    let start_f = heuristic.estimate(problem, start);
    let mut open = BinaryHeap::from([Reverse((start_f, Reverse(P::Cost::zero()), 0))]);
    // mark: pop
    while let Some(Reverse((_, Reverse(g), at))) = open.pop() {
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
            let h = heuristic.estimate(problem, &child);
            // A dead end: its estimate, the cost type's maximum, overflows.
            let Some(child_f) = child_g.checked_add(&h) else {
                continue;
            };
            let number = match reached.number(&child) {
                None => reached.add(child, child_g, (at, mv)),
                // Reached before, at a greater cost: this path replaces that one, and the state
                // is pushed again, even if it was expanded already.
                Some(known) if child_g < reached[known].g => {
                    reached[known].g = child_g;
                    reached[known].from = Some((at, mv));
                    known
                }
                // mark: skip
                Some(_) => continue, // seen at no greater cost: skipped
            };
            // mark: push
            open.push(Reverse((child_f, Reverse(child_g), number)));
        }
    }
    Outcome::NoSolution // every state reached was expanded: no solution
}
