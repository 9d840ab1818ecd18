//! The code a trace's header carries (`docs/trace-format.md`, "`code`"): search-core's textbook
//! files ([`search_core::textbook`]), the very code that compiles and is tested node for node
//! against the drivers, with the line the page highlights for each kind of event.
//!
//! The marks come from the files themselves: a comment `// mark: KIND` (or `// mark: KIND, KIND`)
//! names the line below it. The page shows a file without its header (the `//!` lines and the
//! blank lines after them) and without the mark comments, so what a student reads is the code and
//! its ordinary comments.

use search_core::textbook::source;
use serde_json::{Map, Value};

/// The comment that marks the line below it.
const MARK: &str = "// mark:";

/// A listing: the text of one textbook file.
#[derive(Clone, Copy, Debug)]
pub struct Code {
    source: &'static str,
}

/// IDA\*: the loop over the bounds, the depth-first search under one bound.
pub const IDA_STAR: Code = Code::new(source::IDA_STAR);
/// Iterative deepening: IDA\* without a heuristic, a limit on the path's cost.
pub const IDDFS: Code = Code::new(source::IDDFS);
/// Budgeted Tree Search: its stages, and IDA\*'s search under a bound with a budget.
pub const BUDGETED: Code = Code::new(source::BUDGETED);
/// A\*: the open list ordered by `f`, every state reached remembered.
pub const A_STAR: Code = Code::new(source::ASTAR);
/// Breadth-first search: the open list first in, first out; a goal found as it is generated.
pub const BREADTH_FIRST: Code = Code::new(source::BREADTH_FIRST);
/// Uniform-cost search: the open list ordered by `g`.
pub const UNIFORM_COST: Code = Code::new(source::UNIFORM_COST);

/// What a listing shows: its lines, and each event kind with its 1-based line.
struct Listing {
    lines: Vec<&'static str>,
    marks: Vec<(&'static str, usize)>,
}

impl Code {
    /// The listing of a file whose text is `source`.
    #[must_use]
    pub const fn new(source: &'static str) -> Self {
        Self { source }
    }

    /// Reads the file: drops its header, and turns each mark comment into a mark on the line
    /// below it.
    fn listing(&self) -> Listing {
        let body = self
            .source
            .lines()
            .skip_while(|line| line.starts_with("//!"))
            .skip_while(|line| line.trim().is_empty());
        let (mut lines, mut marks, mut pending) = (Vec::new(), Vec::new(), Vec::new());
        for line in body {
            if let Some(kinds) = line.trim().strip_prefix(MARK) {
                pending.extend(kinds.split(',').map(str::trim));
                continue;
            }
            lines.push(line);
            marks.extend(pending.drain(..).map(|kind| (kind, lines.len())));
        }
        while lines.last().is_some_and(|line| line.trim().is_empty()) {
            lines.pop();
        }
        Listing { lines, marks }
    }

    /// The lines shown, in order.
    #[must_use]
    pub fn lines(&self) -> Vec<&'static str> {
        self.listing().lines
    }

    /// Each event kind marked, with its 1-based line, in the order of the file.
    #[must_use]
    pub fn marks(&self) -> Vec<(&'static str, usize)> {
        self.listing().marks
    }

    /// The header's `code` object: `{"lines": [...], "marks": {kind: line}}`.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let Listing { lines, marks } = self.listing();
        let marks: Map<String, Value> =
            marks.into_iter().map(|(kind, line)| (kind.to_owned(), line.into())).collect();
        serde_json::json!({ "lines": lines, "marks": marks })
    }

    /// The 1-based line of `kind`'s mark, if it has one.
    #[must_use]
    pub fn mark(&self, kind: &str) -> Option<usize> {
        self.marks().into_iter().find(|&(k, _)| k == kind).map(|(_, line)| line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The event kinds of the depth-first drivers' traces, and of the best-first drivers'.
    const DEPTH_FIRST: [&str; 5] = ["iteration", "expand", "cutoff", "goal", "iteration_end"];
    const BEST_FIRST: [&str; 5] = ["pop", "goal", "expand", "skip", "push"];

    /// The line `code` marks for `kind`.
    fn line(code: &Code, kind: &str) -> &'static str {
        let line = code.mark(kind).unwrap_or_else(|| panic!("no mark for {kind}"));
        code.lines()[line - 1]
    }

    #[test]
    fn every_listing_marks_each_kind_of_its_traces_once() {
        let listings = [
            (IDA_STAR, DEPTH_FIRST),
            (IDDFS, DEPTH_FIRST),
            (BUDGETED, DEPTH_FIRST),
            (A_STAR, BEST_FIRST),
            (BREADTH_FIRST, BEST_FIRST),
            (UNIFORM_COST, BEST_FIRST),
        ];
        for (code, kinds) in listings {
            let mut marked: Vec<&str> = code.marks().into_iter().map(|(kind, _)| kind).collect();
            marked.sort_unstable();
            let mut expected = kinds.to_vec();
            expected.sort_unstable();
            assert_eq!(marked, expected, "{}", code.lines()[0]);
        }
    }

    #[test]
    fn every_mark_points_at_the_line_it_describes() {
        for code in [IDA_STAR, IDDFS, BUDGETED] {
            assert!(line(&code, "iteration").contains("search("));
            assert!(line(&code, "expand").contains("for &mv in problem.moves(state)"));
            assert!(line(&code, "goal").contains("return"));
            assert!(line(&code, "iteration_end").contains("match"));
        }
        assert!(line(&IDA_STAR, "cutoff").contains("Some(f) if f > bound"));
        assert!(line(&IDDFS, "cutoff").contains("*next_limit = Some("));
        assert!(line(&BUDGETED, "cutoff").contains("Some(f) if f > self.bound"));
        for code in [A_STAR, BREADTH_FIRST, UNIFORM_COST] {
            assert!(line(&code, "pop").contains("while let Some("));
            assert!(line(&code, "pop").contains(".pop"));
            assert!(line(&code, "expand").contains("for &mv in problem.moves(&state)"));
            assert!(line(&code, "skip").contains("continue"));
            assert!(line(&code, "push").contains(".push"));
            assert!(line(&code, "goal").contains("return Outcome::Solved"));
        }
    }

    #[test]
    fn the_page_shows_the_code_without_the_header_or_the_marks() {
        for code in [IDA_STAR, IDDFS, BUDGETED, A_STAR, BREADTH_FIRST, UNIFORM_COST] {
            let lines = code.lines();
            assert!(lines[0].starts_with("use "), "the header is left out: {}", lines[0]);
            assert!(lines.iter().all(|line| !line.starts_with("//!") && !line.contains(MARK)));
            assert!(lines.iter().any(|line| line.starts_with("pub fn ")));
            assert!(!lines.last().unwrap().trim().is_empty());
        }
    }

    #[test]
    fn a_mark_names_the_line_below_it_in_the_lines_shown() {
        let code = Code::new(concat!(
            "//! A header.\n//!\n\n",
            "fn f() {\n    // mark: expand, pop\n    g();\n",
            "    // mark: push\n    h(); // a comment kept\n}\n\n",
        ));
        assert_eq!(code.lines(), ["fn f() {", "    g();", "    h(); // a comment kept", "}"]);
        assert_eq!(code.marks(), [("expand", 2), ("pop", 2), ("push", 3)]);
        assert_eq!(code.mark("push"), Some(3));
        assert_eq!(code.mark("cutoff"), None);
    }

    #[test]
    fn the_header_object_maps_kinds_to_lines() {
        let json = IDA_STAR.to_json();
        let lines = json["lines"].as_array().unwrap();
        assert_eq!(lines.len(), IDA_STAR.lines().len());
        let cutoff = json["marks"]["cutoff"].as_u64().unwrap();
        let cutoff = usize::try_from(cutoff).unwrap();
        assert!(lines[cutoff - 1].as_str().unwrap().contains("f > bound"));
        assert_eq!(json["marks"].as_object().unwrap().len(), DEPTH_FIRST.len());
    }
}
