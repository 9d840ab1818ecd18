//! The state space of a small puzzle, as the header's `graph` gives it (`docs/trace-format.md`,
//! "`graph`"), and the writer that puts each node event's state id, its `sid`, on its line.
//!
//! The server lays out nothing: it lists the states reachable from the start (in the order a
//! breadth-first walk reaches them, the start first), the pairs of states one move apart, the
//! goals and each state's estimate, and the page draws them. A state's sid is its index in that
//! list. The recorders (search-cli's, shared with the programs) know nothing of the graph, so the
//! sid is added to their lines on the way out by [`Sids`], which finds each line's `state` text
//! among the graph's.

use std::collections::{BTreeSet, HashMap};
use std::hash::Hash;
use std::io::{self, Write};

use search_core::Problem;
use serde::{Deserialize, Serialize};

/// The most states a graph is drawn with: beyond that the rings of the drawing are too crowded
/// to read, and the walk that lists the states stops (the 2x3 sliding board's 360 states and
/// the 6-pancake stack's 720 are drawn; the 8-puzzle's 181,440 are not).
pub const GRAPH_LIMIT: usize = 1000;

/// A puzzle's whole state space, as the header's `graph` field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Graph {
    /// Every state reachable from the start, as its text; a state's sid is its index here.
    pub states: Vec<String>,
    /// Each state's estimate by the run's heuristic (all 0 for a blind search).
    pub h: Vec<u64>,
    /// The pairs of states one move apart, each pair once, the smaller sid first.
    pub edges: Vec<[u32; 2]>,
    /// The start's sid: always 0.
    pub start: u32,
    /// The goals' sids.
    pub goals: Vec<u32>,
}

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

/// A writer of trace lines that adds `"sid":N` to each line whose `state` is one of the graph's
/// states, and passes every other line (and every line, when there is no graph) as it is.
pub struct Sids<W> {
    out: W,
    /// The line being written, up to its `\n`.
    line: Vec<u8>,
    /// Each state's text to its sid; `None` when there is no graph.
    by_text: Option<HashMap<String, u32>>,
}

impl<W: Write> Sids<W> {
    /// Lines to `out`, with the sids of `graph`'s states.
    #[must_use]
    pub fn new(out: W, graph: Option<&Graph>) -> Self {
        let by_text =
            graph.map(|graph| (0..).zip(&graph.states).map(|(sid, s)| (s.clone(), sid)).collect());
        Sids { out, line: Vec::new(), by_text }
    }

    /// The sid of the state on `line`, a JSON object, if it names one of the graph's.
    fn sid_of(&self, line: &[u8]) -> Option<u32> {
        // A key inside a string would have its quotes escaped: this is the line's own field.
        const KEY: &[u8] = b",\"state\":";
        let at = line.windows(KEY.len()).position(|w| w == KEY)? + KEY.len();
        let mut value = serde_json::Deserializer::from_slice(&line[at..]);
        let text = String::deserialize(&mut value).ok()?;
        self.by_text.as_ref()?.get(&text).copied()
    }

    /// Writes the line held, with its sid.
    fn emit(&mut self) -> io::Result<()> {
        let sid = self.sid_of(&self.line);
        match (sid, self.line.last()) {
            (Some(sid), Some(b'}')) => {
                let end = self.line.len() - 1;
                self.out.write_all(&self.line[..end])?;
                write!(self.out, ",\"sid\":{sid}}}")?;
            }
            _ => self.out.write_all(&self.line)?,
        }
        self.line.clear();
        self.out.write_all(b"\n")
    }
}

impl<W: Write> Write for Sids<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.by_text.is_none() {
            return self.out.write(buf);
        }
        let mut rest = buf;
        while let Some(end) = rest.iter().position(|&b| b == b'\n') {
            self.line.extend_from_slice(&rest[..end]);
            self.emit()?;
            rest = &rest[end + 1..];
        }
        self.line.extend_from_slice(rest);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Explorable;

    #[test]
    fn the_2x3_board_has_360_states_each_with_its_neighbours() {
        let problem = puzzle_sliding::Sliding::rectangular(3, 2);
        let (_, start) = crate::puzzles::Sliding.parse("3x2: 1 2 0 3 4 5").unwrap();
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

    #[test]
    fn a_line_naming_a_state_of_the_graph_gets_its_sid() {
        let graph = Graph {
            states: vec!["a".into(), "b\nc".into()],
            h: vec![0, 0],
            edges: vec![[0, 1]],
            start: 0,
            goals: vec![1],
        };
        let mut out = Sids::new(Vec::new(), Some(&graph));
        out.write_all(
            b"{\"ev\":\"expand\",\"id\":0,\"state\":\"b\\nc\",\"draw\":{}}\n{\"ev\":\"cut\"",
        )
        .unwrap();
        out.write_all(b",\"id\":1}\n{\"ev\":\"push\",\"state\":\"z\"}\n").unwrap();
        let text = String::from_utf8(out.out).unwrap();
        assert_eq!(
            text,
            "{\"ev\":\"expand\",\"id\":0,\"state\":\"b\\nc\",\"draw\":{},\"sid\":1}\n\
             {\"ev\":\"cut\",\"id\":1}\n{\"ev\":\"push\",\"state\":\"z\"}\n"
        );
    }
}
