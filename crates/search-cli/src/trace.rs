//! `--trace`: the IDA\* search tree as text, through the search's [`Observer`] hook.

use std::fmt::{self, Display};
use std::io::{self, Write};

use search_core::{IterationStats, Node, Observer, Problem, Pruned};

/// An [`Observer`] that writes the IDA\* search tree as text, one line per node, at most `limit`
/// lines (then one line saying it stopped).
///
/// Each iteration starts with `bound=B`; each node is indented by its depth and shows the move
/// that reached it, `g`, `h`, `f`, and whether it was expanded or pruned.
#[derive(Debug)]
pub struct Trace<W: Write> {
    out: W,
    limit: usize,
    written: usize,
    /// The first write error, reported by [`Trace::finish`]; writing stops there.
    error: Option<io::Error>,
}

impl<W: Write> Trace<W> {
    /// A trace into `out` of at most `limit` lines.
    pub fn new(out: W, limit: usize) -> Self {
        Self { out, limit, written: 0, error: None }
    }

    /// Flushes the trace.
    ///
    /// # Errors
    ///
    /// The first error met while writing it.
    pub fn finish(mut self) -> io::Result<()> {
        match self.error.take() {
            Some(error) => Err(error),
            None => self.out.flush(),
        }
    }

    fn line(&mut self, line: fmt::Arguments<'_>) {
        if self.error.is_some() || self.written > self.limit {
            return;
        }
        self.written += 1;
        let result = if self.written > self.limit {
            writeln!(self.out, "... trace stopped after {} lines (see --trace-limit)", self.limit)
        } else {
            writeln!(self.out, "{line}")
        };
        self.error = result.err();
    }
}

/// `-` for a cost that does not fit in its type.
fn or_dash<C: Display>(value: Option<C>) -> String {
    value.map_or_else(|| "-".to_owned(), |value| value.to_string())
}

impl<P, W> Observer<P> for Trace<W>
where
    P: Problem,
    P::Move: Display,
    W: Write,
{
    fn iteration_started(&mut self, bound: P::Cost) {
        self.line(format_args!("bound={bound}"));
    }

    fn node_expanded(&mut self, node: &Node<'_, P>) {
        let indent = "  ".repeat(node.depth);
        let via = node.via.map_or_else(|| "start".to_owned(), |mv| mv.to_string());
        let (g, h, f) = (node.g, node.h, or_dash(node.f()));
        self.line(format_args!("{indent}{via} g={g} h={h} f={f} expanded"));
    }

    fn child_pruned(&mut self, child: &Pruned<'_, P>) {
        let indent = "  ".repeat(child.depth);
        let (via, g, h, f) = (child.via, or_dash(child.g), child.h, or_dash(child.f()));
        self.line(format_args!("{indent}{via} g={g} h={h} f={f} pruned"));
    }

    fn iteration_finished(&mut self, stats: &IterationStats<P::Cost>) {
        let (bound, generated, expanded) = (stats.bound, stats.generated, stats.expanded);
        self.line(format_args!("end of bound={bound}: generated={generated} expanded={expanded}"));
    }

    fn solution_found(&mut self, moves: &[P::Move], cost: P::Cost) {
        let moves: String = moves.iter().map(ToString::to_string).collect();
        self.line(format_args!("solution {moves} cost={cost}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trace_stops_at_its_limit() {
        let mut buffer = Vec::new();
        let mut trace = Trace::new(&mut buffer, 2);
        for _ in 0..5 {
            trace.line(format_args!("x"));
        }
        trace.finish().unwrap();
        let text = String::from_utf8(buffer).unwrap();
        assert_eq!(text, "x\nx\n... trace stopped after 2 lines (see --trace-limit)\n");
    }
}
