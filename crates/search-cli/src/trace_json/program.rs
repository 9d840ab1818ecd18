//! A program's `--trace-json` run of one case: the header, the driver's events, the `stats` line.
//!
//! A program knows its case only as its puzzle's own type, and the problem, the heuristic and the
//! start only inside the puzzle's [`solve`](crate::Puzzle::solve). So the recording goes into the
//! [`Search`](crate::Search) the puzzle is handed, and is made where they meet:
//!
//! - a puzzle that searches through [`Search::solve`](crate::Search::solve) or
//!   [`Search::ida_star`](crate::Search::ida_star) gets the full recorders of the format (those the
//!   explorer uses): every expanded node's state, the goal's, and for the best-first drivers the
//!   children skipped as seen before;
//! - a puzzle that runs searches of its own ([`Search::into_parts`](crate::Search::into_parts))
//!   hands them the recording as their observer: the depth-first recorder then writes what the observer is told
//!   (the states of the nodes expanded, not the goal's, which no event shows).
//!
//! Either way the header waits for the start, whose text is its `instance` (unless the header
//! names the instance already, as the explorer's does), and the `stats` line carries the
//! solution's moves and cost.
//!
//! The explorer records its runs the same way: a [`Recording`] in a
//! [`Search::recorded`](crate::Search::recorded), its states described with their drawings and
//! state ids, and [`Recording::finish`] for the `stats` line.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::Hash;
use std::io::Write;
use std::sync::Arc;

use search_core::num_traits::ToPrimitive;
use search_core::{
    AStar, Blind, BreadthFirst, BudgetedSearch, Heuristic, IdaStar, IterationStats, Limits, Node,
    Observer, Outcome, Problem, Pruned, Report, SearchStats, UniformCost,
};

use super::recorder::{BestFirst, DepthFirst, Describe, Described, IterationEnd, Name};
use super::{Ending, Graph, Header, Lines, Stats, number};
use crate::Algorithm;

/// Where the lines go: the trace file's writer.
type Writer<'a> = &'a mut dyn Write;

/// A state's text, as the puzzle prints it (`None`: it does not).
type Text<'a, S> = &'a (dyn Fn(&S) -> Option<String> + Sync);

/// The whole state space reachable from a start, for the header's `graph`: given the problem, the
/// start and the run's estimate of a state, the graph, or `None` when it is too large to draw.
/// The explorer's, for small puzzles (its states' texts must be the recording's).
pub type StateSpace<'a, P> = &'a (
        dyn Fn(&P, &<P as Problem>::State, &dyn Fn(&<P as Problem>::State) -> u64) -> Option<Graph>
            + Sync
    );

/// One case's recording, shared by the [`Search`](crate::Search) and the observer it hands a
/// puzzle's own driver: what a program's `--trace-json` and the explorer's runs write through.
pub struct Recording<'a, P: Problem> {
    slot: RefCell<Slot<'a, P>>,
    /// The state's text, as the puzzle prints it.
    text: Text<'a, P::State>,
    /// The same as the recorders take it.
    describe: Describe<'a, P::State>,
    name: Name<P::Move>,
    /// The state space, drawn in the header when the first search shows its problem and start.
    space: Option<StateSpace<'a, P>>,
}

struct Slot<'a, P: Problem> {
    /// The header, until it is written with the start's text.
    header: Option<Header>,
    /// The lines, while no recorder holds them.
    lines: Option<Lines<Writer<'a>>>,
    /// Whether the states are described: the puzzle prints its start.
    described: bool,
    /// Each state of the header's graph by its text, to its id: the `sid` of a node event.
    sids: Option<Arc<HashMap<String, u32>>>,
    /// The recorder of a puzzle's own driver, made at its first event.
    bare: Option<DepthFirst<'a, P, Writer<'a>>>,
    /// An `iteration_start` told before the start was seen.
    early_bound: Option<P::Cost>,
    /// The number the next node takes: a puzzle may search more than once for its answer.
    next_id: u64,
    /// The deepest path seen, in moves.
    deepest: u64,
    /// The solution's moves and cost, as the driver told them.
    solution: Option<(Vec<String>, u64)>,
    /// Every iteration's figures, as the `iteration_end` lines gave them.
    ends: Vec<IterationEnd>,
    /// What proved there is no solution, as the driver that proved it says.
    exhausted: Option<&'static str>,
}

impl<'a, P: Problem> Recording<'a, P> {
    /// A recording into `lines` (nothing written yet), opened by `header` once the start is
    /// known (its `instance`, if empty, the start's text); `text` prints a state (`None`: the
    /// puzzle does not, and no state is written), `describe` is the same for the recorders, and
    /// `name` names a move ([`displayed`](super::recorder::displayed): its `Display`).
    pub fn new(
        header: Header,
        lines: Lines<Writer<'a>>,
        (text, describe): (Text<'a, P::State>, Describe<'a, P::State>),
        name: Name<P::Move>,
    ) -> Self {
        let slot = Slot {
            header: Some(header),
            lines: Some(lines),
            described: false,
            sids: None,
            bare: None,
            early_bound: None,
            next_id: 0,
            deepest: 0,
            solution: None,
            ends: Vec::new(),
            exhausted: None,
        };
        Recording { slot: RefCell::new(slot), text, describe, name, space: None }
    }

    /// This recording with the state space drawn in its header (`space` gives it, from the
    /// first search's problem and start, estimated as that search estimates: by its heuristic
    /// for IDA\*, Budgeted Tree Search and A\*, 0 for the blind drivers), each node event naming
    /// its state there by its `sid`.
    #[must_use]
    pub fn with_state_space(self, space: StateSpace<'a, P>) -> Self {
        Recording { space: Some(space), ..self }
    }

    /// Draws the state space in the header, if one is asked for and the header is not written.
    fn draw_space(&self, problem: &P, start: &P::State, estimate: &dyn Fn(&P::State) -> u64) {
        let Some(space) = self.space else { return };
        let mut guard = self.slot.borrow_mut();
        let slot = &mut *guard;
        let Some(header) = slot.header.as_mut() else { return };
        let graph = space(problem, start, estimate);
        slot.sids = graph.as_ref().map(|graph| {
            Arc::new((0..).zip(&graph.states).map(|(sid, text)| (text.clone(), sid)).collect())
        });
        header.graph = graph;
    }

    /// The sids of the header's graph's states, by their texts, if it has one.
    fn sids(&self) -> Option<Arc<HashMap<String, u32>>> {
        self.slot.borrow().sids.clone()
    }

    /// Writes the header, once: its `instance`, unless given, the text of `start`, if it is
    /// known and the puzzle prints it. States are described if it does.
    fn open(&self, slot: &mut Slot<'a, P>, start: Option<&P::State>) {
        let Some(mut header) = slot.header.take() else { return };
        if let Some(text) = start.and_then(|start| (self.text)(start)) {
            if header.instance.is_empty() {
                header.instance = text;
            }
            slot.described = true;
        }
        if let Some(lines) = slot.lines.as_mut() {
            lines.header(&header);
        }
    }

    /// The lines for a recorder, the header written with `start`; the states' describer if the
    /// puzzle prints them; the number of the recorder's first node.
    fn lines(&self, start: &P::State) -> (Lines<Writer<'a>>, Option<Describe<'a, P::State>>, u64) {
        let mut slot = self.slot.borrow_mut();
        self.open(&mut slot, Some(start));
        let lines = slot.lines.take().expect("the lines are back after each search");
        (lines, slot.described.then_some(self.describe), slot.next_id)
    }

    /// A depth-first driver (IDA\*, iterative deepening, Budgeted Tree Search) from `start`,
    /// recorded; its peak the deepest path.
    pub(crate) fn depth_first<H: Heuristic<P>>(
        &self,
        (problem, heuristic, start): (&P, &H, &P::State),
        algorithm: Algorithm,
        limits: Limits<P::Cost>,
    ) -> Report<P::Move, P::Cost> {
        if algorithm == Algorithm::Iddfs {
            self.draw_space(problem, start, &|_| 0);
        } else {
            self.draw_space(problem, start, &|state| number(&heuristic.estimate(problem, state)));
        }
        let (lines, described, first) = self.lines(start);
        let (base, sids) = (self.describe, self.sids());
        let with_sids = move |state: &P::State| with_sid(base, sids.as_deref(), state);
        let describe: Option<Describe<'_, P::State>> = described.map(|_| &with_sids as _);
        let recorder = DepthFirst::named(Some((problem, start)), describe, self.name, lines);
        let mut recorder = recorder.numbered_from(first);
        let mut report = match algorithm {
            Algorithm::Bts => BudgetedSearch::new(problem, heuristic)
                .limits(limits)
                .observer(&mut recorder)
                .run(start)
                .into_report(),
            Algorithm::Iddfs => {
                IdaStar::new(problem, &Blind).limits(limits).observer(&mut recorder).run(start)
            }
            _ => IdaStar::new(problem, heuristic).limits(limits).observer(&mut recorder).run(start),
        };
        let next_id = recorder.next_id();
        let (lines, deepest, ends) = recorder.finish();
        self.slot.borrow_mut().ends.extend(ends);
        report.stats.peak_held = report.stats.peak_held.max(deepest as u64);
        self.finished((lines, next_id), deepest, &report, algorithm);
        report
    }

    /// A best-first driver (breadth-first, uniform-cost search, A\*) from `start`, recorded.
    pub(crate) fn best_first<H: Heuristic<P>>(
        &self,
        (problem, heuristic, start): (&P, &H, &P::State),
        algorithm: Algorithm,
        limits: Limits<P::Cost>,
    ) -> Report<P::Move, P::Cost>
    where
        P::State: Hash + Eq,
    {
        if algorithm == Algorithm::Astar {
            self.draw_space(problem, start, &|state| number(&heuristic.estimate(problem, state)));
        } else {
            self.draw_space(problem, start, &|_| 0);
        }
        let (lines, described, first) = self.lines(start);
        let (base, sids) = (self.describe, self.sids());
        let with_sids = move |state: &P::State| with_sid(base, sids.as_deref(), state);
        let describe: Option<Describe<'_, P::State>> = described.map(|_| &with_sids as _);
        let (report, lines) = if algorithm == Algorithm::Astar {
            let recorder =
                BestFirst::named((problem, heuristic, start), describe, self.name, lines);
            let mut recorder = recorder.numbered_from(first);
            let report =
                AStar::new(problem, heuristic).limits(limits).observer(&mut recorder).run(start);
            let next_id = recorder.next_id();
            let lines = recorder.finish(!stopped(&report));
            (report, (lines, next_id))
        } else {
            // Neither has an estimate: the skipped children are priced with none.
            let recorder = BestFirst::named((problem, &Blind, start), describe, self.name, lines);
            let recorder = recorder.numbered_from(first);
            if algorithm == Algorithm::Bfs {
                let mut recorder = recorder.goal_when_generated();
                let report =
                    BreadthFirst::new(problem).limits(limits).observer(&mut recorder).run(start);
                let next_id = recorder.next_id();
                let lines = recorder.finish(!stopped(&report));
                (report, (lines, next_id))
            } else {
                let mut recorder = recorder;
                let report =
                    UniformCost::new(problem).limits(limits).observer(&mut recorder).run(start);
                let next_id = recorder.next_id();
                let lines = recorder.finish(!stopped(&report));
                (report, (lines, next_id))
            }
        };
        self.finished(lines, 0, &report, algorithm);
        report
    }

    /// Keeps what a recorded run gave: the lines back, its deepest path, its solution's moves
    /// and cost, what proved there is none.
    fn finished(
        &self,
        (lines, next_id): (Lines<Writer<'a>>, u64),
        deepest: usize,
        report: &Report<P::Move, P::Cost>,
        algorithm: Algorithm,
    ) {
        let mut slot = self.slot.borrow_mut();
        slot.lines = Some(lines);
        slot.next_id = next_id;
        slot.deepest = slot.deepest.max(deepest as u64);
        match &report.outcome {
            Outcome::Solved(solution) => {
                let moves = solution.moves.iter().map(|mv| (self.name)(mv)).collect();
                slot.solution = Some((moves, number(&solution.cost)));
            }
            Outcome::NoSolution => slot.exhausted = Some(Ending::exhausted(algorithm.name())),
            _ => {}
        }
    }

    /// Writes the `stats` line of the case, whose search gave `stats` and ended `solved` (the
    /// puzzle's answer has a solution), with no solution, or stopped (`Err`: the limit and
    /// bound, as text); returns the lines, the deepest path the recorders saw, in moves, and
    /// the iterations' figures.
    ///
    /// # Panics
    ///
    /// Never: the lines are back in the recording after each search.
    pub fn finish<C: ToPrimitive>(
        &self,
        stats: &SearchStats<C>,
        ended: Result<bool, String>,
    ) -> Finished<Writer<'a>> {
        let mut slot = self.slot.borrow_mut();
        if let Some(bare) = slot.bare.take() {
            let (lines, deepest, ends) = bare.finish();
            slot.ends.extend(ends);
            slot.lines = Some(lines);
            slot.deepest = slot.deepest.max(deepest as u64);
        }
        if let Some(header) = slot.header.take()
            && let Some(lines) = slot.lines.as_mut()
        {
            // The search showed no node: the start is unknown.
            lines.header(&header);
        }
        let ending = match ended {
            Ok(true) => {
                let (moves, cost) = slot.solution.take().unzip();
                Ending::Solved { moves, cost }
            }
            Ok(false) => Ending::NoSolution(
                slot.exhausted.unwrap_or("the program answered that there is none").to_owned(),
            ),
            Err(stopped) => Ending::Stopped(stopped),
        };
        let mut lines = slot.lines.take().expect("the recording's lines are back");
        lines.last(&Stats::new(stats, slot.deepest, ending));
        Finished { lines, deepest: slot.deepest, iterations: std::mem::take(&mut slot.ends) }
    }
}

/// What a [`Recording`] gives back at its end.
#[derive(Debug)]
pub struct Finished<W> {
    /// The lines, the `stats` line written: [`Lines::finish`] says whether every write went
    /// through.
    pub lines: Lines<W>,
    /// The deepest path the recorders saw, in moves: a depth-first search's peak.
    pub deepest: u64,
    /// Each iteration's figures, as its `iteration_end` line gave them (depth-first searches).
    pub iterations: Vec<IterationEnd>,
}

/// `state` as `describe` describes it, with its sid in the header's graph if `sids` has it.
fn with_sid<S>(
    describe: Describe<'_, S>,
    sids: Option<&HashMap<String, u32>>,
    state: &S,
) -> Described {
    let mut described = describe(state);
    described.sid = sids.and_then(|sids| sids.get(&described.text).copied());
    described
}

/// Whether a search was stopped by a limit (part way through an expansion, perhaps).
fn stopped<M, C>(report: &Report<M, C>) -> bool {
    matches!(report.outcome, Outcome::Stopped { .. })
}

impl<'a, P: Problem> Recording<'a, P> {
    /// The recorder of a puzzle's own driver, made at its first event: the header written with
    /// the start if the event shows it (`start`), and an `iteration_start` told before it
    /// passed on.
    fn with_bare<R>(
        &self,
        start: Option<&P::State>,
        event: impl FnOnce(&mut DepthFirst<'a, P, Writer<'a>>) -> R,
    ) -> R {
        let mut slot = self.slot.borrow_mut();
        if slot.bare.is_none() {
            self.open(&mut slot, start);
            let lines = slot.lines.take().expect("the lines are back after each search");
            let describe = slot.described.then_some(self.describe);
            let bare = DepthFirst::named(None, describe, self.name, lines);
            let mut bare = bare.numbered_from(slot.next_id);
            if let Some(bound) = slot.early_bound.take() {
                bare.iteration_started(bound);
            }
            slot.bare = Some(bare);
        }
        event(slot.bare.as_mut().expect("made above"))
    }
}

/// The observer a puzzle's own searches are handed
/// ([`Search::into_parts`](crate::Search::into_parts)).
impl<P: Problem> Observer<P> for &Recording<'_, P> {
    fn iteration_started(&mut self, bound: P::Cost) {
        let mut slot = self.slot.borrow_mut();
        if slot.bare.is_none() && slot.header.is_some() {
            // The start comes with the iteration's first node.
            slot.early_bound = Some(bound);
            return;
        }
        drop(slot);
        self.with_bare(None, |bare| bare.iteration_started(bound));
    }

    fn node_expanded(&mut self, node: &Node<'_, P>) {
        let start = (node.depth == 0).then_some(node.state);
        self.with_bare(start, |bare| bare.node_expanded(node));
    }

    fn child_pruned(&mut self, child: &Pruned<'_, P>) {
        self.with_bare(None, |bare| bare.child_pruned(child));
    }

    fn iteration_finished(&mut self, stats: &IterationStats<P::Cost>) {
        self.with_bare(None, |bare| bare.iteration_finished(stats));
    }

    fn solution_found(&mut self, moves: &[P::Move], cost: P::Cost) {
        let names = moves.iter().map(|mv| (self.name)(mv)).collect();
        self.slot.borrow_mut().solution = Some((names, number(&cost)));
        self.with_bare(None, |bare| bare.solution_found(moves, cost));
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::Search;
    use crate::trace_json::recorder::{Described, displayed};

    /// A counter that adds 1 or 2 for a cost of 1 each, the goal 3.
    struct Count;

    impl Problem for Count {
        type State = u8;
        type Move = u8;
        type Cost = u8;
        type Moves<'a> = [u8; 2];
        fn moves(&self, _: &u8) -> [u8; 2] {
            [1, 2]
        }
        fn apply(&self, n: &mut u8, step: u8) {
            *n += step;
        }
        fn undo(&self, n: &mut u8, step: u8) {
            *n -= step;
        }
        fn inverse(&self, _: u8) -> Option<u8> {
            None
        }
        fn is_goal(&self, n: &u8) -> bool {
            *n == 3
        }
    }

    fn header(algorithm: Algorithm) -> Header {
        Header {
            format: super::super::FORMAT,
            version: super::super::VERSION,
            puzzle: "count".to_owned(),
            instance: String::new(),
            algorithm: algorithm.name(),
            heuristic: "zero".to_owned(),
            event_cap: 1000,
            code: None,
            graph: None,
        }
    }

    /// The lines of a recorded search of `Count` from 0 with `algorithm`, through
    /// [`Search::solve`], or the puzzle's own IDA\* ([`Search::into_parts`]) when `own`.
    fn recorded(algorithm: Algorithm, own: bool) -> Vec<Value> {
        let mut out = Vec::new();
        let text = |n: &u8| Some(n.to_string());
        let describe = |n: &u8| Described { text: n.to_string(), draw: None, sid: None };
        {
            let writer: &mut dyn Write = &mut out;
            let lines = Lines::new(writer, 1000);
            let recording =
                Recording::new(header(algorithm), lines, (&text, &describe), displayed::<u8>);
            let limits = Limits::default();
            let search = Search::recorded(&limits, &recording).with_algorithm(algorithm);
            let report = if own {
                let (limits, observer, _) = search.into_parts();
                IdaStar::new(&Count, &Blind).limits(limits.clone()).observer(observer).run(&0)
            } else {
                search.solve(&Count, &Blind, &0)
            };
            let solved = report.outcome.solution().is_some();
            let finished = recording.finish(&report.stats, Ok(solved));
            finished.lines.finish().unwrap();
        }
        let text = String::from_utf8(out).unwrap();
        text.lines().map(|line| serde_json::from_str(line).unwrap()).collect()
    }

    /// The events of `kind`.
    fn count(trace: &[Value], kind: &str) -> u64 {
        trace.iter().filter(|event| event["ev"] == kind).count() as u64
    }

    #[test]
    fn every_driver_s_run_has_the_instance_the_states_and_the_solution() {
        for &algorithm in Algorithm::ALL {
            let trace = recorded(algorithm, false);
            assert_eq!(trace[0]["instance"], "0", "{algorithm}");
            assert_eq!(trace[0]["algorithm"], algorithm.name());
            let stats = trace.last().unwrap();
            assert_eq!(stats["ev"], "stats", "{algorithm}");
            assert_eq!(stats["moves"], serde_json::json!(["1", "2"]), "{algorithm}");
            assert_eq!(stats["cost"], 2, "{algorithm}");
            assert_eq!(count(&trace, "expand"), stats["expanded"].as_u64().unwrap(), "{algorithm}");
            let goal = trace.iter().find(|event| event["ev"] == "goal").expect("a goal");
            if algorithm.depth_first() || algorithm == Algorithm::Bfs {
                assert_eq!(goal["state"], "3", "{algorithm}");
            }
            if !algorithm.depth_first() {
                // The children generated: pushed, skipped, or the goal found as it was made.
                let new_goal = u64::from(algorithm == Algorithm::Bfs);
                let generated = count(&trace, "push") + count(&trace, "skip") + new_goal;
                assert_eq!(generated, stats["generated"].as_u64().unwrap(), "{algorithm}");
                assert!(stats["peak"].as_u64().unwrap() >= 3, "{algorithm}: {stats}");
            } else if algorithm == Algorithm::Bts {
                // Budgeted Tree Search may look past the answer's bound before it settles.
                assert!(stats["peak"].as_u64().unwrap() >= 2, "{algorithm}: {stats}");
            } else {
                assert_eq!(stats["peak"], 2, "{algorithm}: the deepest path");
            }
        }
    }

    #[test]
    fn breadth_first_search_finds_the_goal_as_it_generates_it() {
        let kinds: Vec<String> = recorded(Algorithm::Bfs, false)
            .iter()
            .skip(1)
            .map(|event| {
                let mut kind = event["ev"].as_str().unwrap().to_owned();
                for key in ["id", "parent", "move"] {
                    if let Some(value) = event.get(key).filter(|value| !value.is_null()) {
                        kind = format!("{kind} {key}={value}");
                    }
                }
                kind
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "push id=0",
                "pop id=0",
                "expand id=0",
                r#"push id=1 parent=0 move="1""#,
                r#"push id=2 parent=0 move="2""#,
                "pop id=1",
                "expand id=1",
                r#"skip parent=1 move="1""#,
                r#"goal id=3 parent=1 move="2""#,
                "stats",
            ]
        );
    }

    #[test]
    fn a_puzzle_s_own_driver_is_recorded_with_what_its_observer_is_told() {
        let own = recorded(Algorithm::Ida, true);
        let solved = recorded(Algorithm::Ida, false);
        assert_eq!(own[0]["instance"], "0");
        // The same events, but for the goal's state, which no event of the driver shows.
        assert_eq!(own.len(), solved.len());
        for (own, solved) in own.iter().zip(&solved) {
            if own["ev"] == "goal" {
                assert_eq!((own.get("state"), &solved["state"]), (None, &Value::from("3")));
            } else if own["ev"] != "stats" {
                assert_eq!(own, solved);
            }
        }
        let stats = own.last().unwrap();
        assert_eq!((&stats["moves"], &stats["cost"]), (&serde_json::json!(["1", "2"]), &2.into()));
        assert_eq!(stats["peak"], 2);
    }

    #[test]
    fn a_state_space_asked_for_is_in_the_header_and_each_node_names_its_state_there() {
        // The counter's states up to the goal, listed from 3 down so that a sid is not the number
        // itself (a count past the goal is in no graph); each estimated as the run estimates it
        // (A*: 3 - n by the heuristic; bfs: 0).
        struct Left;
        impl Heuristic<Count> for Left {
            fn estimate(&self, _: &Count, n: &u8) -> u8 {
                3_u8.saturating_sub(*n)
            }
        }
        let space = |_: &Count, _: &u8, estimate: &dyn Fn(&u8) -> u64| {
            Some(Graph {
                states: ["3", "2", "1", "0"].map(String::from).to_vec(),
                h: [3, 2, 1, 0].map(|n| estimate(&n)).to_vec(),
                edges: vec![[0, 1], [1, 2], [2, 3]],
                start: 3,
                goals: vec![0],
            })
        };
        for (algorithm, h) in [(Algorithm::Astar, [0, 1, 2, 3]), (Algorithm::Bfs, [0; 4])] {
            let mut out = Vec::new();
            let text = |n: &u8| Some(n.to_string());
            let describe = |n: &u8| Described { text: n.to_string(), draw: None, sid: None };
            {
                let writer: &mut dyn Write = &mut out;
                let lines = Lines::new(writer, 1000);
                let recording =
                    Recording::new(header(algorithm), lines, (&text, &describe), displayed::<u8>)
                        .with_state_space(&space);
                let limits = Limits::default();
                let search = Search::recorded(&limits, &recording).with_algorithm(algorithm);
                let report = search.solve(&Count, &Left, &0);
                let finished = recording.finish(&report.stats, Ok(true));
                finished.lines.finish().unwrap();
            }
            let trace: Vec<Value> = String::from_utf8(out)
                .unwrap()
                .lines()
                .map(|line| serde_json::from_str(line).unwrap())
                .collect();
            assert_eq!(trace[0]["graph"]["h"], serde_json::json!(h), "{algorithm}");
            let mut named = 0;
            for event in &trace[1..] {
                if let Some(state) = event["state"].as_str() {
                    let n: u64 = state.parse().unwrap();
                    if n <= 3 {
                        assert_eq!(event["sid"], 3 - n, "{algorithm}: {event}");
                        named += 1;
                    } else {
                        assert!(event.get("sid").is_none(), "{algorithm}: {event}");
                    }
                }
            }
            assert!(named >= 4, "{algorithm}: every state named: {trace:?}");
        }
        // Without a state space, no node names a sid.
        let trace = recorded(Algorithm::Ida, false);
        assert!(trace[0].get("graph").is_none());
        assert!(trace.iter().all(|event| event.get("sid").is_none()));
    }
}
