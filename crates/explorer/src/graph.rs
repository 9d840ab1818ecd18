//! The state space of a small puzzle, as the header's `graph` gives it (`docs/trace-format.md`,
//! "`graph`").
//!
//! The server lays out nothing: it lists the states reachable from the start (in the order a
//! breadth-first walk reaches them, the start first), the pairs of states one move apart, the
//! goals and each state's estimate, and the page draws them. A state's sid is its index in that
//! list; the recorders (search-cli's, shared with the programs) write it on each node event whose
//! state the run describes with one ([`Described::sid`](crate::recorder::Described::sid)).

use std::collections::{BTreeSet, HashMap};
use std::hash::Hash;

use search_core::Problem;

pub use crate::trace::Graph;

/// The most states a graph is drawn with: beyond that the rings of the drawing are too crowded
/// to read, and the walk that lists the states stops (the 2x3 sliding board's 360 states and
/// the 6-pancake stack's 720 are drawn; the 8-puzzle's 181,440 are not).
pub const GRAPH_LIMIT: usize = 1000;

/// The state space reachable from `start`, each state shown as `text` gives it and estimated by
/// `h`; `None` if it holds more than `limit` states, or if two states have the same text (the
/// page could not tell them apart).
#[must_use]
pub fn state_space<P: Problem<State: Hash + Eq>>(
    problem: &P,
    start: &P::State,
    limit: usize,
    text: impl Fn(&P::State) -> String,
    h: impl Fn(&P::State) -> u64,
) -> Option<Graph> {
    let mut sids: HashMap<P::State, u32> = HashMap::from([(start.clone(), 0)]);
    let mut order = vec![start.clone()];
    let mut edges = BTreeSet::new();
    let mut next = 0;
    while let Some(state) = order.get(next).cloned() {
        let from = u32::try_from(next).ok()?;
        next += 1;
        for &mv in problem.moves(&state).as_ref() {
            let mut child = state.clone();
            problem.apply(&mut child, mv);
            let to = if let Some(&sid) = sids.get(&child) {
                sid
            } else {
                if order.len() >= limit {
                    return None;
                }
                let sid = u32::try_from(order.len()).ok()?;
                sids.insert(child.clone(), sid);
                order.push(child);
                sid
            };
            if from != to {
                edges.insert([from.min(to), from.max(to)]);
            }
        }
    }
    let states: Vec<String> = order.iter().map(&text).collect();
    let distinct: std::collections::HashSet<&String> = states.iter().collect();
    if distinct.len() != states.len() {
        return None;
    }
    let goals =
        (0..).zip(&order).filter(|(_, state)| problem.is_goal(state)).map(|(sid, _)| sid).collect();
    Some(Graph {
        states,
        h: order.iter().map(h).collect(),
        edges: edges.into_iter().collect(),
        start: 0,
        goals,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_2x3_board_has_360_states_each_with_its_neighbours() {
        let problem = puzzle_sliding::Sliding::rectangular(3, 2);
        let start = puzzle_sliding::Board::rectangular(3, 2, &[1, 2, 0, 3, 4, 5]).unwrap();
        let text = |board: &puzzle_sliding::Board| board.to_string().trim_end().to_owned();
        let graph = state_space(&problem, &start, GRAPH_LIMIT, text, |_| 0).unwrap();
        assert_eq!(graph.states.len(), 360, "half of 6!: the other half has the wrong parity");
        // Each state has 2 or 3 moves (the blank in a corner or in the middle of a long side):
        // 240 corner states and 120 middle ones, each edge counted from both ends.
        assert_eq!(graph.edges.len() * 2, 240 * 2 + 120 * 3);
        assert_eq!(graph.goals.len(), 1);
        assert_eq!(graph.states[usize::try_from(graph.goals[0]).unwrap()], "0 1 2\n3 4 5");
        assert_eq!(graph.states[0], "1 2 0\n3 4 5");
        assert_eq!(state_space(&problem, &start, 359, text, |_| 0), None);
    }
}
