//! The recorders: [`Observer`]s that write a driver's events as trace lines.
//!
//! [`DepthFirst`] watches IDA\*, iterative deepening and Budgeted Tree Search: it numbers the
//! nodes, keeps the ids of the nodes on the current path (so that each event names its parent),
//! counts the children cut off and their least `f` in each iteration, and holds an iteration's
//! `iteration_end` back until it knows whether a goal ended it (search-core tells the observer of
//! the solution after the iteration's figures; the format wants the `goal` line first).
//!
//! [`BestFirst`] watches A\*, uniform-cost and breadth-first search: the driver tells it of each
//! node put on the open list and of each node expanded. The children that a node's expansion
//! generated but did not queue (seen before, at no greater cost) are not reported, so the recorder
//! works them out itself when the next node is expanded, from the moves of the node before, and
//! writes the queued children and these skipped ones in move order. A\* and uniform-cost search
//! recognise a goal as they take it from the open list; breadth-first search as it generates it
//! ([`BestFirst::goal_when_generated`]).
//!
//! Both name moves by their `Display` ([`DepthFirst::new`], [`BestFirst::new`]); the programs'
//! own recording gives them a naming function instead, for a search whose moves are known to
//! display only to the program.

use std::collections::HashMap;
use std::fmt::Display;
use std::hash::Hash;
use std::io::Write;

use search_core::num_traits::{CheckedAdd, ToPrimitive};
use search_core::{Heuristic, IterationStats, Node, Observer, Problem, Pruned};
use serde::Serialize;
use serde_json::Value;

use super::Lines;

/// A state as a trace shows it: its text (the puzzle's `Display`) and its drawing, if any.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Described {
    /// The state's text.
    pub text: String,
    /// The state's drawing (`docs/trace-format.md`, "Drawings").
    pub draw: Option<Value>,
    /// The state's id in the header's `graph` (`docs/trace-format.md`, "`graph`"), when the
    /// trace has one and the state is among its states.
    pub sid: Option<u32>,
}

/// How a recorder describes a state.
pub type Describe<'a, S> = &'a (dyn Fn(&S) -> Described + Sync);

/// How a recorder names a move.
pub type Name<M> = fn(&M) -> String;

/// A move's name: its `Display`.
pub fn displayed<M: Display>(mv: &M) -> String {
    mv.to_string()
}

fn number<C: ToPrimitive + Copy>(cost: C) -> u64 {
    cost.to_u64().unwrap_or(u64::MAX)
}

#[derive(Serialize)]
struct NodeEvent<'a> {
    ev: &'static str,
    id: u64,
    parent: Option<u64>,
    #[serde(rename = "move")]
    via: Option<String>,
    depth: usize,
    g: u64,
    h: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    draw: Option<&'a Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    open: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    closed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sid: Option<u32>,
}

#[derive(Serialize)]
struct CutEvent {
    ev: &'static str,
    id: u64,
    parent: u64,
    #[serde(rename = "move")]
    via: String,
    depth: usize,
    g: u64,
    h: u64,
    f: Option<u64>,
}

#[derive(Serialize)]
struct Bound {
    ev: &'static str,
    bound: u64,
}

/// An iteration's figures as its `iteration_end` line gives them: the driver's, plus the children
/// cut off and the least `f` among them, the next bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct IterationEnd {
    ev: &'static str,
    /// The iteration's bound.
    pub bound: u64,
    /// The driver's count of children generated (the start excluded).
    pub generated: u64,
    /// The driver's count of nodes expanded (the start included).
    pub expanded: u64,
    /// The children cut off by the bound (dead ends included).
    pub pruned: u64,
    /// The least `f` cut off; `None` when nothing was.
    pub next_bound: Option<u64>,
}

/// The depth-first drivers' recorder (`ida`, `iddfs`, `bts`).
pub struct DepthFirst<'a, P: Problem, W> {
    /// The problem and the start, to work out the goal's state; `None` for a recorder that
    /// writes no states ([`bare`](Self::bare)).
    goal_from: Option<(&'a P, &'a P::State)>,
    describe: Option<Describe<'a, P::State>>,
    name: Name<P::Move>,
    lines: Lines<W>,
    next_id: u64,
    /// The ids of the nodes on the current path, by depth.
    path: Vec<u64>,
    pruned: u64,
    least_cut: Option<u64>,
    pending_end: Option<IterationEnd>,
    deepest: usize,
    ends: Vec<IterationEnd>,
}

impl<'a, P: Problem<Move: Display>, W: Write> DepthFirst<'a, P, W> {
    /// A recorder of a search of `problem` from `start`, writing to `lines` (the header written
    /// already) and describing states with `describe`.
    pub fn new(
        problem: &'a P,
        start: &'a P::State,
        describe: Describe<'a, P::State>,
        lines: Lines<W>,
    ) -> Self {
        Self::named(Some((problem, start)), Some(describe), displayed, lines)
    }

    /// A recorder that writes no states (the events' `state` and `draw` left out, as the format
    /// allows): for a caller that knows neither the problem nor how to show a state, only the
    /// observer's events.
    pub fn bare(lines: Lines<W>) -> Self {
        Self::named(None, None, displayed, lines)
    }
}

impl<'a, P: Problem, W: Write> DepthFirst<'a, P, W> {
    /// A recorder that names moves with `name`: with `goal_from`, the problem and the start, the
    /// goal's state is worked out and described; with `describe`, every expanded node's.
    pub(crate) fn named(
        goal_from: Option<(&'a P, &'a P::State)>,
        describe: Option<Describe<'a, P::State>>,
        name: Name<P::Move>,
        lines: Lines<W>,
    ) -> Self {
        Self {
            goal_from,
            describe,
            name,
            lines,
            next_id: 0,
            path: Vec::new(),
            pruned: 0,
            least_cut: None,
            pending_end: None,
            deepest: 0,
            ends: Vec::new(),
        }
    }

    /// This recorder numbering its nodes from `id` on: for a search that follows another in
    /// the same run, whose nodes took the numbers before.
    pub(crate) fn numbered_from(self, id: u64) -> Self {
        Self { next_id: id, ..self }
    }

    /// The number the next node would take.
    pub(crate) fn next_id(&self) -> u64 {
        self.next_id
    }

    fn flush_end(&mut self) {
        if let Some(end) = self.pending_end.take() {
            self.lines.summary(&end);
            self.ends.push(end);
        }
    }

    fn id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// The lines, with any `iteration_end` still held back written; the deepest node's depth; and
    /// every iteration's figures as written.
    pub fn finish(mut self) -> (Lines<W>, usize, Vec<IterationEnd>) {
        self.flush_end();
        (self.lines, self.deepest, self.ends)
    }

    /// Whether writing has failed (the reader has gone).
    pub fn failed(&self) -> bool {
        self.lines.failed()
    }
}

impl<P: Problem, W: Write> Observer<P> for DepthFirst<'_, P, W> {
    fn iteration_started(&mut self, bound: P::Cost) {
        self.flush_end();
        self.pruned = 0;
        self.least_cut = None;
        self.path.clear();
        self.lines.summary(&Bound { ev: "iteration_start", bound: number(bound) });
    }

    fn node_expanded(&mut self, node: &Node<'_, P>) {
        self.deepest = self.deepest.max(node.depth);
        if !self.lines.open() {
            self.lines.reached();
            return;
        }
        let id = self.id();
        let parent = node.depth.checked_sub(1).and_then(|d| self.path.get(d).copied());
        self.path.truncate(node.depth);
        self.path.push(id);
        let described = self.describe.map(|describe| describe(node.state));
        let described = described.as_ref();
        self.lines.event(&NodeEvent {
            ev: "expand",
            id,
            parent,
            via: node.via.as_ref().map(self.name),
            depth: node.depth,
            g: number(node.g),
            h: number(node.h),
            state: described.map(|described| described.text.as_str()),
            draw: described.and_then(|described| described.draw.as_ref()),
            open: None,
            closed: None,
            sid: described.and_then(|described| described.sid),
        });
    }

    fn child_pruned(&mut self, child: &Pruned<'_, P>) {
        self.pruned += 1;
        let f = child.f().map(number);
        if let Some(f) = f {
            self.least_cut = Some(self.least_cut.map_or(f, |least| least.min(f)));
        }
        if !self.lines.open() {
            self.lines.reached();
            return;
        }
        let Some(&parent) = child.depth.checked_sub(1).and_then(|d| self.path.get(d)) else {
            return;
        };
        let id = self.id();
        self.lines.event(&CutEvent {
            ev: "cut",
            id,
            parent,
            via: (self.name)(&child.via),
            depth: child.depth,
            g: child.g.map_or(u64::MAX, number),
            h: number(child.h),
            f,
        });
    }

    fn iteration_finished(&mut self, stats: &IterationStats<P::Cost>) {
        self.pending_end = Some(IterationEnd {
            ev: "iteration_end",
            bound: number(stats.bound),
            generated: stats.generated,
            expanded: stats.expanded,
            pruned: self.pruned,
            next_bound: self.least_cut,
        });
    }

    fn solution_found(&mut self, moves: &[P::Move], cost: P::Cost) {
        self.deepest = self.deepest.max(moves.len());
        if self.lines.open() {
            let described = match (self.goal_from, self.describe) {
                (Some((problem, start)), Some(describe)) => {
                    let mut state = start.clone();
                    for &mv in moves {
                        problem.apply(&mut state, mv);
                    }
                    Some(describe(&state))
                }
                _ => None,
            };
            let described = described.as_ref();
            let parent = moves.len().checked_sub(1).and_then(|d| self.path.get(d).copied());
            let id = self.id();
            self.lines.event(&NodeEvent {
                ev: "goal",
                id,
                parent,
                via: moves.last().map(self.name),
                depth: moves.len(),
                g: number(cost),
                h: 0,
                state: described.map(|described| described.text.as_str()),
                draw: described.and_then(|described| described.draw.as_ref()),
                open: None,
                closed: None,
                sid: described.and_then(|described| described.sid),
            });
        } else {
            self.lines.reached();
        }
        self.flush_end();
    }
}

#[derive(Serialize)]
struct Expand {
    ev: &'static str,
    id: u64,
    open: u64,
    closed: u64,
}

#[derive(Serialize)]
struct Skip {
    ev: &'static str,
    parent: u64,
    #[serde(rename = "move")]
    via: String,
    g: Option<u64>,
    h: Option<u64>,
}

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
    h: P::Cost,
}

/// The node whose expansion is under way.
struct Expanding<P: Problem> {
    id: u64,
    state: P::State,
    via: Option<P::Move>,
    g: P::Cost,
}

/// How much of the expansion under way [`BestFirst::flush`] writes.
#[derive(Clone, Copy, PartialEq)]
enum Written<M> {
    /// Every child in move order: the queued ones pushed, the others skipped.
    All,
    /// The children before this move (breadth-first search stopped at the goal it reached).
    Before(M),
    /// Only the queued children (a limit stopped the expansion part way, at a child unknown).
    Queued,
}

/// The best-first recorder (`astar`, `ucs`, `bfs`): `push`, `skip`, `pop`, `expand` and `goal`
/// lines, with the open and closed lists' sizes.
pub struct BestFirst<'a, P: Problem, H, W> {
    problem: &'a P,
    heuristic: &'a H,
    start: &'a P::State,
    describe: Option<Describe<'a, P::State>>,
    name: Name<P::Move>,
    /// Breadth-first search: a goal is recognised as it is generated, not as it is popped.
    goal_when_generated: bool,
    lines: Lines<W>,
    next_id: u64,
    /// Each state reached: the id of its latest push, and whether that push has been expanded.
    latest: HashMap<P::State, (u64, bool)>,
    open: u64,
    closed: u64,
    expanding: Option<Expanding<P>>,
    queued: Vec<Queued<P>>,
}

impl<'a, P, H, W> BestFirst<'a, P, H, W>
where
    P: Problem<State: Hash + Eq, Move: Display>,
    H: Heuristic<P>,
    W: Write,
{
    /// A recorder of A\* (or uniform-cost search, with a heuristic of 0) on `problem` with
    /// `heuristic` from `start`, writing to `lines`.
    pub fn new(
        problem: &'a P,
        heuristic: &'a H,
        start: &'a P::State,
        describe: Describe<'a, P::State>,
        lines: Lines<W>,
    ) -> Self {
        Self::named((problem, heuristic, start), Some(describe), displayed, lines)
    }
}

impl<'a, P, H, W> BestFirst<'a, P, H, W>
where
    P: Problem<State: Hash + Eq>,
    H: Heuristic<P>,
    W: Write,
{
    /// A recorder that names moves with `name`, and describes states with `describe` if given.
    pub(crate) fn named(
        (problem, heuristic, start): (&'a P, &'a H, &'a P::State),
        describe: Option<Describe<'a, P::State>>,
        name: Name<P::Move>,
        lines: Lines<W>,
    ) -> Self {
        Self {
            problem,
            heuristic,
            start,
            describe,
            name,
            goal_when_generated: false,
            lines,
            next_id: 0,
            latest: HashMap::new(),
            open: 0,
            closed: 0,
            expanding: None,
            queued: Vec::new(),
        }
    }

    /// This recorder numbering its nodes from `id` on (see [`DepthFirst::numbered_from`]).
    pub(crate) fn numbered_from(self, id: u64) -> Self {
        Self { next_id: id, ..self }
    }

    /// The number the next node would take.
    pub(crate) fn next_id(&self) -> u64 {
        self.next_id
    }

    /// For breadth-first search, which recognises a goal as it generates it: the goal is then
    /// a new node of its own, its `goal` line carrying the node's fields, and the children its
    /// parent would have generated after it are not written.
    #[must_use]
    pub fn goal_when_generated(self) -> Self {
        Self { goal_when_generated: true, ..self }
    }

    fn push(
        &mut self,
        parent: Option<u64>,
        state: &P::State,
        via: Option<P::Move>,
        figures: Figures<P>,
    ) {
        match self.latest.get(state) {
            None => self.open += 1,
            Some(&(_, true)) => {
                // Reopened: reached more cheaply after its expansion.
                self.open += 1;
                self.closed -= 1;
            }
            Some(&(_, false)) => {}
        }
        let id = self.next_id;
        self.next_id += 1;
        self.latest.insert(state.clone(), (id, false));
        self.node_line("push", id, parent, state, via, figures);
    }

    /// Writes a node's line, with the lists' sizes: `push`, or the `goal` of breadth-first search.
    fn node_line(
        &mut self,
        ev: &'static str,
        id: u64,
        parent: Option<u64>,
        state: &P::State,
        via: Option<P::Move>,
        (depth, g, h): Figures<P>,
    ) {
        let described = self.describe.map(|describe| describe(state));
        let described = described.as_ref();
        self.lines.event(&NodeEvent {
            ev,
            id,
            parent,
            via: via.as_ref().map(self.name),
            depth,
            g: number(g),
            h: number(h),
            state: described.map(|described| described.text.as_str()),
            draw: described.and_then(|described| described.draw.as_ref()),
            open: Some(self.open),
            closed: Some(self.closed),
            sid: described.and_then(|described| described.sid),
        });
    }

    /// Writes the expansion under way, as much of it as `written` says: its queued children
    /// pushed, and the children it generated and skipped.
    fn flush(&mut self, written: Written<P::Move>) {
        let Some(node) = self.expanding.take() else { return };
        let queued = std::mem::take(&mut self.queued);
        let mut queued = queued.into_iter().peekable();
        let back = node.via.and_then(|via| self.problem.inverse(via));
        let moves = self.problem.moves(&node.state);
        for &mv in moves.as_ref() {
            if written == Written::Before(mv) {
                break;
            }
            if back == Some(mv) || !self.lines.open() {
                continue;
            }
            if queued.peek().is_some_and(|child| child.via == mv) {
                let child = queued.next().expect("peeked");
                let figures = (child.depth, child.g, child.h);
                self.push(Some(node.id), &child.state, Some(mv), figures);
            } else if written != Written::Queued {
                let g = node.g.checked_add(&self.problem.cost(&node.state, mv));
                let mut child = node.state.clone();
                self.problem.apply(&mut child, mv);
                let h = self.heuristic.estimate(self.problem, &child);
                let dead = g.and_then(|g| g.checked_add(&h)).is_none();
                self.lines.event(&Skip {
                    ev: "skip",
                    parent: node.id,
                    via: (self.name)(&mv),
                    g: g.map(number),
                    h: (!dead).then(|| number(h)),
                });
            }
        }
    }

    /// The lines, with the last expansion written (`complete`: the search was not stopped part
    /// way through it).
    pub fn finish(mut self, complete: bool) -> Lines<W> {
        self.flush(if complete { Written::All } else { Written::Queued });
        self.lines
    }

    /// Whether writing has failed (the reader has gone).
    pub fn failed(&self) -> bool {
        self.lines.failed()
    }

    /// Breadth-first search's goal, the child last queued: the expansion under way written up
    /// to it, then the goal as a new node.
    fn goal_generated(&mut self) {
        let (Some(goal), Some(parent)) = (self.queued.pop(), self.expanding.as_ref()) else {
            self.lines.reached();
            return;
        };
        let parent = parent.id;
        self.flush(Written::Before(goal.via));
        if !self.lines.open() {
            self.lines.reached();
            return;
        }
        let id = self.next_id;
        self.next_id += 1;
        // The driver holds the goal as it stops: one more state on the open list, so the sizes
        // on the goal's line reach the driver's peak.
        self.open += 1;
        let figures = (goal.depth, goal.g, goal.h);
        self.node_line("goal", id, Some(parent), &goal.state, Some(goal.via), figures);
    }
}

/// A node's depth, `g` and `h`.
type Figures<P> = (usize, <P as Problem>::Cost, <P as Problem>::Cost);

impl<P, H, W> Observer<P> for BestFirst<'_, P, H, W>
where
    P: Problem<State: Hash + Eq>,
    H: Heuristic<P>,
    W: Write,
{
    fn node_queued(&mut self, node: &Node<'_, P>) {
        if !self.lines.open() {
            self.lines.reached();
            return;
        }
        match node.via {
            None => self.push(None, node.state, None, (0, node.g, node.h)),
            Some(via) => self.queued.push(Queued {
                state: node.state.clone(),
                via,
                depth: node.depth,
                g: node.g,
                h: node.h,
            }),
        }
    }

    fn node_expanded(&mut self, node: &Node<'_, P>) {
        self.flush(Written::All);
        if !self.lines.open() {
            self.lines.reached();
            // Past the cap nothing more is written: let go of what the lines would need.
            self.latest = HashMap::new();
            return;
        }
        let Some(entry) = self.latest.get_mut(node.state) else { return };
        entry.1 = true;
        let id = entry.0;
        // The node leaves the open list, then joins the closed one. (Stale entries, a state's
        // older pushes, are dropped by the driver unseen: they get no `pop`.)
        self.open -= 1;
        self.lines.event(&Expand { ev: "pop", id, open: self.open, closed: self.closed });
        self.closed += 1;
        self.lines.event(&Expand { ev: "expand", id, open: self.open, closed: self.closed });
        self.expanding =
            Some(Expanding { id, state: node.state.clone(), via: node.via, g: node.g });
    }

    fn solution_found(&mut self, moves: &[P::Move], _cost: P::Cost) {
        if self.goal_when_generated && !moves.is_empty() {
            self.goal_generated();
            return;
        }
        self.flush(Written::All);
        let mut state = self.start.clone();
        for &mv in moves {
            self.problem.apply(&mut state, mv);
        }
        if self.goal_when_generated {
            // Breadth-first search's start, a goal as it was queued: never taken off the list.
            match self.latest.get(&state) {
                Some(&(id, _)) => self.lines.event(&Goal { ev: "goal", id }),
                None => self.lines.reached(),
            }
        } else if let Some(&(id, _)) = self.latest.get(&state) {
            // A* recognises a goal as it takes it from the open list.
            self.open -= 1;
            self.lines.event(&Expand { ev: "pop", id, open: self.open, closed: self.closed });
            self.lines.event(&Goal { ev: "goal", id });
        } else {
            self.lines.reached();
        }
    }
}
