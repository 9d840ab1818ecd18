//! `--trace`: the search as text, through the search's [`Observer`] hook: the IDA\* search tree
//! of each iteration, or the nodes a best-first driver queues and expands.

use std::fmt::{self, Display};
use std::io::{self, Write};
use std::marker::PhantomData;

use search_core::{IterationStats, Node, Observer, Problem, Pruned};

/// How a traced state is drawn, if it is: lines of text to indent under its node.
type Drawing<'d, P> = Box<dyn Fn(&<P as Problem>::State) -> Option<String> + 'd>;

/// An [`Observer`] that writes a search of problem `P` as text: a header per case, one line per
/// node, and each bound's summary.
///
/// - [`case`](Self::case) writes the header `== case N ==`.
/// - Each iteration starts with `bound=B`. Each node is indented by its depth and shows the move
///   that reached it, `g`, `h`, `f`, and whether it was expanded or pruned (cut off by the
///   bound); the goal gets a line of its own, ending in `goal`.
/// - Each iteration ends with `end of bound=B: generated=G expanded=E pruned=P`, and, when the
///   bound was searched in full without a solution, `next bound=N`: the least `f` cut off, the
///   bound of the next iteration (`-` when nothing was cut off but paths whose cost does not fit
///   in the cost type). A solution ends with `solution MOVES cost=C`.
/// - At most `limit` node lines are written per case, then one line saying they stopped; the
///   header, the bounds' lines and the solution are written whatever the limit, so a long search
///   still shows how its bound grew.
/// - With a drawing ([`drawing`](Self::drawing)), each node line is followed by its state's
///   drawing, indented as the node (the parent's state for a pruned child, whose move is not
///   made).
/// - A best-first driver (breadth-first, uniform-cost search, A\*) has no bounds: each node it
///   puts on the open list gets a line ending in `queued`, each it takes off and expands a line
///   ending in `expanded`, in the order the driver does so, indented by depth; then the goal's
///   line and the solution.
pub struct Trace<'d, W: Write, P: Problem> {
    out: W,
    limit: usize,
    /// Node lines written so far.
    nodes: usize,
    /// The current iteration's children cut off, and the least `f` among them.
    pruned: u64,
    least_cut: Option<P::Cost>,
    /// The last iteration's summary, written once it is known whether it found the solution.
    pending: Option<IterationStats<P::Cost>>,
    drawing: Option<Drawing<'d, P>>,
    /// The first write error, reported by [`Trace::finish`]; writing stops there.
    error: Option<io::Error>,
    problem: PhantomData<fn(&P)>,
}

impl<W: Write, P: Problem> fmt::Debug for Trace<'_, W, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Trace")
            .field("limit", &self.limit)
            .field("nodes", &self.nodes)
            .field("drawn", &self.drawing.is_some())
            .finish_non_exhaustive()
    }
}

impl<'d, W: Write, P: Problem> Trace<'d, W, P> {
    /// A trace into `out` of at most `limit` node lines.
    pub fn new(out: W, limit: usize) -> Self {
        Self {
            out,
            limit,
            nodes: 0,
            pruned: 0,
            least_cut: None,
            pending: None,
            drawing: None,
            error: None,
            problem: PhantomData,
        }
    }

    /// Writes the header of case `number` (counted from 1), `== case N ==`.
    #[must_use]
    pub fn case(mut self, number: usize) -> Self {
        self.summary(format_args!("== case {number} =="));
        self
    }

    /// Draws each node's state under its line with `draw`, which returns the drawing's lines
    /// (`None`: no drawing).
    #[must_use]
    pub fn drawing(mut self, draw: impl Fn(&P::State) -> Option<String> + 'd) -> Self {
        self.drawing = Some(Box::new(draw));
        self
    }

    /// Writes the last bound's summary if it is still due, and flushes the trace.
    ///
    /// # Errors
    ///
    /// The first error met while writing it.
    pub fn finish(mut self) -> io::Result<()> {
        self.end_of_bound(false);
        match self.error.take() {
            Some(error) => Err(error),
            None => self.out.flush(),
        }
    }

    /// Writes a line that is always written: a header, a bound, a summary, a solution.
    fn summary(&mut self, line: fmt::Arguments<'_>) {
        if self.error.is_none() {
            self.error = writeln!(self.out, "{line}").err();
        }
    }

    /// Writes a node's line, and `state`'s drawing if there is one, unless `limit` node lines
    /// have been written already (the first line past it says so).
    fn node(&mut self, depth: usize, line: fmt::Arguments<'_>, state: &P::State) {
        if self.error.is_some() || self.nodes > self.limit {
            return;
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            let limit = self.limit;
            self.summary(format_args!(
                "... node lines stopped after {limit} (see --trace-limit); the bounds go on"
            ));
            return;
        }
        let indent = "  ".repeat(depth);
        self.summary(format_args!("{indent}{line}"));
        if let Some(drawing) = self.drawing.as_ref().and_then(|draw| draw(state)) {
            for row in drawing.lines() {
                if self.error.is_none() {
                    self.error = writeln!(self.out, "{indent}  | {row}").err();
                }
            }
        }
    }

    /// Writes the last bound's summary if it is due: with the next bound unless `solved`.
    fn end_of_bound(&mut self, solved: bool) {
        let Some(stats) = self.pending.take() else {
            return;
        };
        let (bound, generated, expanded) = (stats.bound, stats.generated, stats.expanded);
        let pruned = self.pruned;
        let next =
            if solved { String::new() } else { format!(" next bound={}", or_dash(self.least_cut)) };
        self.summary(format_args!(
            "end of bound={bound}: generated={generated} expanded={expanded} pruned={pruned}{next}"
        ));
    }
}

/// `-` for a cost that does not fit in its type.
fn or_dash<C: Display>(value: Option<C>) -> String {
    value.map_or_else(|| "-".to_owned(), |value| value.to_string())
}

impl<W, P> Observer<P> for Trace<'_, W, P>
where
    P: Problem,
    P::Move: Display,
    W: Write,
{
    fn iteration_started(&mut self, bound: P::Cost) {
        self.end_of_bound(false);
        (self.pruned, self.least_cut) = (0, None);
        self.summary(format_args!("bound={bound}"));
    }

    fn node_expanded(&mut self, node: &Node<'_, P>) {
        let via = node.via.map_or_else(|| "start".to_owned(), |mv| mv.to_string());
        let (g, h, f) = (node.g, node.h, or_dash(node.f()));
        self.node(node.depth, format_args!("{via} g={g} h={h} f={f} expanded"), node.state);
    }

    fn node_queued(&mut self, node: &Node<'_, P>) {
        let via = node.via.map_or_else(|| "start".to_owned(), |mv| mv.to_string());
        let (g, h, f) = (node.g, node.h, or_dash(node.f()));
        self.node(node.depth, format_args!("{via} g={g} h={h} f={f} queued"), node.state);
    }

    fn child_pruned(&mut self, child: &Pruned<'_, P>) {
        self.pruned += 1;
        if let Some(f) = child.f() {
            self.least_cut = Some(self.least_cut.map_or(f, |least| least.min(f)));
        }
        let (via, g, h, f) = (child.via, or_dash(child.g), child.h, or_dash(child.f()));
        self.node(child.depth, format_args!("{via} g={g} h={h} f={f} pruned"), child.parent);
    }

    fn iteration_finished(&mut self, stats: &IterationStats<P::Cost>) {
        self.pending = Some(*stats);
    }

    /// The goal's line (IDA\* recognises it as it is generated, so it is never expanded; its
    /// estimate is 0), then the bound's summary (for a depth-first driver), then the solution.
    fn solution_found(&mut self, moves: &[P::Move], cost: P::Cost) {
        let via = moves.last().map_or_else(|| "start".to_owned(), ToString::to_string);
        let indent = "  ".repeat(moves.len());
        self.summary(format_args!("{indent}{via} g={cost} h=0 f={cost} goal"));
        self.end_of_bound(true);
        let moves: String = moves.iter().map(ToString::to_string).collect();
        self.summary(format_args!("solution {moves} cost={cost}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter that adds 1 or 2 for a cost of 1 each, the goal 3; searched with the estimate 0.
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

    fn traced(limit: usize, draw: bool) -> String {
        let mut buffer = Vec::new();
        let mut trace = Trace::<_, Count>::new(&mut buffer, limit).case(7);
        if draw {
            trace = trace.drawing(|n: &u8| Some(format!("at {n}")));
        }
        let report =
            search_core::IdaStar::new(&Count, &search_core::Blind).observer(&mut trace).run(&0);
        assert_eq!(report.outcome.solution().map(|s| s.cost), Some(2));
        trace.finish().unwrap();
        String::from_utf8(buffer).unwrap()
    }

    #[test]
    fn each_bound_says_what_it_cut_and_the_next_bound_the_goal_has_a_line() {
        let expected = [
            "== case 7 ==",
            "bound=0",
            "start g=0 h=0 f=0 expanded",
            "  1 g=1 h=0 f=1 pruned",
            "  2 g=1 h=0 f=1 pruned",
            "end of bound=0: generated=2 expanded=1 pruned=2 next bound=1",
            "bound=1",
            "start g=0 h=0 f=0 expanded",
            "  1 g=1 h=0 f=1 expanded",
            "    1 g=2 h=0 f=2 pruned",
            "    2 g=2 h=0 f=2 pruned",
            "  2 g=1 h=0 f=1 expanded",
            "    1 g=2 h=0 f=2 pruned",
            "    2 g=2 h=0 f=2 pruned",
            "end of bound=1: generated=6 expanded=3 pruned=4 next bound=2",
            "bound=2",
            "start g=0 h=0 f=0 expanded",
            "  1 g=1 h=0 f=1 expanded",
            "    1 g=2 h=0 f=2 expanded",
            "      1 g=3 h=0 f=3 pruned",
            "      2 g=3 h=0 f=3 pruned",
            "    2 g=2 h=0 f=2 goal",
            "end of bound=2: generated=5 expanded=3 pruned=2",
            "solution 12 cost=2",
        ];
        assert_eq!(traced(100, false), expected.map(|line| format!("{line}\n")).concat());
    }

    #[test]
    fn past_the_limit_the_bounds_still_show() {
        let text = traced(2, false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[..4],
            ["== case 7 ==", "bound=0", "start g=0 h=0 f=0 expanded", "  1 g=1 h=0 f=1 pruned",]
        );
        assert_eq!(
            lines[4],
            "... node lines stopped after 2 (see --trace-limit); the bounds go on"
        );
        let summaries: Vec<&&str> =
            lines[5..].iter().filter(|line| !line.starts_with(' ')).collect();
        assert_eq!(summaries.len(), lines.len() - 5 - 1, "only the goal is indented: {text}");
        assert!(
            text.ends_with("end of bound=2: generated=5 expanded=3 pruned=2\nsolution 12 cost=2\n")
        );
    }

    #[test]
    fn a_drawing_follows_each_node_line() {
        let text = traced(3, true);
        assert!(
            text.starts_with(
                "== case 7 ==\nbound=0\nstart g=0 h=0 f=0 expanded\n  | at 0\n  \
                 1 g=1 h=0 f=1 pruned\n    | at 0\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn a_best_first_driver_s_nodes_are_queued_then_expanded() {
        let mut buffer = Vec::new();
        let mut trace = Trace::<_, Count>::new(&mut buffer, 100).case(2);
        let report = search_core::BreadthFirst::new(&Count).observer(&mut trace).run(&0);
        assert_eq!(report.outcome.solution().map(|s| s.cost), Some(2));
        trace.finish().unwrap();
        // 2 from 1 is seen already, so not queued; 3 is the goal, found as it is generated.
        let expected = [
            "== case 2 ==",
            "start g=0 h=0 f=0 queued",
            "start g=0 h=0 f=0 expanded",
            "  1 g=1 h=0 f=1 queued",
            "  2 g=1 h=0 f=1 queued",
            "  1 g=1 h=0 f=1 expanded",
            "    2 g=2 h=0 f=2 queued",
            "    2 g=2 h=0 f=2 goal",
            "solution 12 cost=2",
        ];
        let text = String::from_utf8(buffer).unwrap();
        assert_eq!(text, expected.map(|line| format!("{line}\n")).concat());
    }
}
