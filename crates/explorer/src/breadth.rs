//! The breadth-first recorder: an [`Observer`] of search-core's [`BreadthFirst`] that writes its
//! events as trace lines (`docs/trace-format.md`, "Best-first drivers").
//!
//! Breadth-first search differs from A\* and uniform-cost search in one way that the trace shows:
//! it tests a child for the goal **as it is generated**, not when it is taken from the open list,
//! and stops there, in the middle of an expansion. The children after the goal's move are never
//! generated. So its last expansion is written only up to the goal's move, and the goal is a new
//! node with its fields (`goal` with `id`, `parent`, `move`...), pushed by no `push` line.
//!
//! As for A\*, the driver reports the children it queues ([`Observer::node_queued`]) but not the
//! ones it drops as seen before: the recorder works those out from the moves of the node being
//! expanded, and writes the expansion's children in move order when the next expansion starts
//! (or the goal is found).
//!
//! [`BreadthFirst`]: search_core::BreadthFirst

use std::collections::HashMap;
use std::fmt::Display;
use std::hash::Hash;
use std::io::Write;

use search_core::num_traits::{CheckedAdd, ToPrimitive};
use search_core::{Node, Observer, Problem};
use serde::Serialize;
use serde_json::Value;

use crate::recorder::Describe;
use crate::trace::Lines;

fn number<C: ToPrimitive + Copy>(cost: C) -> u64 {
    cost.to_u64().unwrap_or(u64::MAX)
}

/// A node's line: `push`, or the `goal` found as it was generated.
#[derive(Serialize)]
struct NodeLine<'s> {
    ev: &'static str,
    id: u64,
    parent: Option<u64>,
    #[serde(rename = "move")]
    via: Option<String>,
    depth: usize,
    g: u64,
    h: u64,
    state: &'s str,
    #[serde(skip_serializing_if = "Option::is_none")]
    draw: Option<&'s Value>,
    open: u64,
    closed: u64,
}

/// A `pop` or `expand` line.
#[derive(Serialize)]
struct Sizes {
    ev: &'static str,
    id: u64,
    open: u64,
    closed: u64,
}

/// A child generated but not queued: its state was reached before.
#[derive(Serialize)]
struct Skip {
    ev: &'static str,
    parent: u64,
    #[serde(rename = "move")]
    via: String,
    g: Option<u64>,
    h: Option<u64>,
}

/// A start that is a goal: named by its id.
#[derive(Serialize)]
struct Goal {
    ev: &'static str,
    id: u64,
}

/// A child queued by the expansion under way, waiting to be written in move order.
struct Queued<P: Problem> {
    state: P::State,
    via: P::Move,
    depth: usize,
    g: P::Cost,
}

/// The node whose expansion is under way.
struct Expanding<P: Problem> {
    id: u64,
    state: P::State,
    via: Option<P::Move>,
    g: P::Cost,
}

/// How much of an expansion to write.
#[derive(Clone, Copy, PartialEq)]
enum Until<M> {
    /// Every move: the expansion ran to its end.
    End,
    /// The moves up to this one, whose child is the goal.
    Goal(M),
    /// The children queued only: a limit stopped the expansion somewhere unknown.
    Stopped,
}

/// The breadth-first recorder (`bfs`): `push`, `skip`, `pop`, `expand` and `goal` lines, with the
/// open and closed lists' sizes.
pub struct Recorder<'a, P: Problem, W> {
    problem: &'a P,
    describe: Describe<'a, P::State>,
    lines: Lines<W>,
    next_id: u64,
    /// The id of each state reached (breadth-first search reaches each once).
    ids: HashMap<P::State, u64>,
    open: u64,
    closed: u64,
    expanding: Option<Expanding<P>>,
    queued: Vec<Queued<P>>,
}

impl<'a, P, W> Recorder<'a, P, W>
where
    P: Problem<State: Hash + Eq, Move: Display>,
    W: Write,
{
    /// A recorder of breadth-first search on `problem`, writing to `lines` (the header written
    /// already) and describing states with `describe`.
    #[must_use]
    pub fn new(problem: &'a P, describe: Describe<'a, P::State>, lines: Lines<W>) -> Self {
        Self {
            problem,
            describe,
            lines,
            next_id: 0,
            ids: HashMap::new(),
            open: 0,
            closed: 0,
            expanding: None,
            queued: Vec::new(),
        }
    }

    /// Writes a node's line, giving it the next id.
    fn node(
        &mut self,
        ev: &'static str,
        parent: Option<u64>,
        state: &P::State,
        via: Option<P::Move>,
        depth: usize,
        g: P::Cost,
    ) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.open += 1;
        let described = (self.describe)(state);
        self.lines.event(&NodeLine {
            ev,
            id,
            parent,
            via: via.map(|mv| mv.to_string()),
            depth,
            g: number(g),
            h: 0,
            state: &described.text,
            draw: described.draw.as_ref(),
            open: self.open,
            closed: self.closed,
        });
        id
    }

    /// Writes the expansion under way: its children in move order, as far as `until` says.
    fn flush(&mut self, until: Until<P::Move>) {
        let Some(node) = self.expanding.take() else { return };
        let mut queued = std::mem::take(&mut self.queued).into_iter().peekable();
        let back = node.via.and_then(|via| self.problem.inverse(via));
        let moves = self.problem.moves(&node.state);
        for &mv in moves.as_ref() {
            if back == Some(mv) {
                continue;
            }
            if !self.lines.open() {
                self.lines.reached();
                return;
            }
            let goal = until == Until::Goal(mv);
            if queued.peek().is_some_and(|child| child.via == mv) {
                let child = queued.next().expect("peeked");
                let ev = if goal { "goal" } else { "push" };
                let id = self.node(ev, Some(node.id), &child.state, Some(mv), child.depth, child.g);
                self.ids.insert(child.state, id);
            } else if until != Until::Stopped {
                let g = node.g.checked_add(&self.problem.cost(&node.state, mv));
                self.lines.event(&Skip {
                    ev: "skip",
                    parent: node.id,
                    via: mv.to_string(),
                    g: g.map(number),
                    h: g.map(|_| 0),
                });
            }
            if goal {
                return;
            }
        }
    }

    /// The lines, with the last expansion written (`complete`: the search was not stopped part
    /// way through it).
    pub fn finish(mut self, complete: bool) -> Lines<W> {
        self.flush(if complete { Until::End } else { Until::Stopped });
        self.lines
    }
}

impl<P, W> Observer<P> for Recorder<'_, P, W>
where
    P: Problem<State: Hash + Eq, Move: Display>,
    W: Write,
{
    fn node_queued(&mut self, node: &Node<'_, P>) {
        if !self.lines.open() {
            self.lines.reached();
            return;
        }
        match node.via {
            None => {
                let id = self.node("push", None, node.state, None, 0, node.g);
                self.ids.insert(node.state.clone(), id);
            }
            Some(via) => self.queued.push(Queued {
                state: node.state.clone(),
                via,
                depth: node.depth,
                g: node.g,
            }),
        }
    }

    fn node_expanded(&mut self, node: &Node<'_, P>) {
        self.flush(Until::End);
        if !self.lines.open() {
            self.lines.reached();
            // Past the cap nothing more is written: let go of what the lines would need.
            self.ids = HashMap::new();
            return;
        }
        let Some(&id) = self.ids.get(node.state) else { return };
        self.open -= 1;
        self.lines.event(&Sizes { ev: "pop", id, open: self.open, closed: self.closed });
        self.closed += 1;
        self.lines.event(&Sizes { ev: "expand", id, open: self.open, closed: self.closed });
        self.expanding =
            Some(Expanding { id, state: node.state.clone(), via: node.via, g: node.g });
    }

    fn solution_found(&mut self, moves: &[P::Move], _cost: P::Cost) {
        match moves.last() {
            Some(&last) => self.flush(Until::Goal(last)),
            // The start is a goal: tested as it was queued, before any expansion.
            None => self.lines.event(&Goal { ev: "goal", id: 0 }),
        }
    }
}
