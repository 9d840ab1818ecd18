//! The textbook code a trace's header carries (`docs/trace-format.md`, "`code`"): IDA\*, A\*,
//! breadth-first and uniform-cost search written over search-core's traits, with the line the
//! page highlights for each kind of event.
//!
//! The lines are search-core's drivers with their speed-ups taken out (the two-level expansion,
//! the explicit stack, the early pricing of children): what a lecture writes on the board. The
//! marks are 1-based line numbers, checked against the text by this module's tests.

use serde::Serialize;

/// A listing and its marks, as the header's `code` field.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Code {
    /// The code, one string a line.
    pub lines: &'static [&'static str],
    /// Event kind to the 1-based line the run is at when that event happens.
    pub marks: &'static [(&'static str, usize)],
}

impl Code {
    /// The header's `code` object: `{"lines": [...], "marks": {kind: line}}`.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        let marks: serde_json::Map<String, serde_json::Value> =
            self.marks.iter().map(|&(kind, line)| (kind.to_owned(), line.into())).collect();
        serde_json::json!({ "lines": self.lines, "marks": marks })
    }

    /// The 1-based line of `kind`'s mark, if it has one.
    #[must_use]
    pub fn mark(&self, kind: &str) -> Option<usize> {
        self.marks.iter().find(|&&(k, _)| k == kind).map(|&(_, line)| line)
    }
}

/// IDA\* over `Problem` and `Heuristic`: the outer loop of growing bounds, the depth-first search
/// under one bound, the least `f` cut off becoming the next bound.
pub const IDA_STAR: Code = Code {
    lines: &[
        "/// IDA*: depth-first searches under a growing bound on f = g + h.",
        "fn ida_star<P: Problem, H: Heuristic<P>>(",
        "    problem: &P, heuristic: &H, start: &P::State,",
        ") -> Option<(Vec<P::Move>, P::Cost)> {",
        "    let mut state = start.clone();",
        "    let mut path = Vec::new(); // the moves from the start: all IDA* keeps",
        "    let mut bound = heuristic.estimate(problem, &state);",
        "    loop {",
        "        // One iteration: every path whose f stays within the bound.",
        "        let mut least_cut = None; // the least f beyond the bound",
        "        if let Some(cost) = search(problem, heuristic, &mut state, &mut path,",
        "                                   P::Cost::zero(), bound, &mut least_cut) {",
        "            return Some((path, cost));",
        "        }",
        "        // Nothing within the bound reached a goal: the least f cut off is",
        "        // the next bound; nothing cut off means the tree is exhausted.",
        "        bound = least_cut?;",
        "    }",
        "}",
        "",
        "/// Searches below `state`, reached at cost `g`; `Some(cost)` at a goal.",
        "fn search<P: Problem, H: Heuristic<P>>(",
        "    problem: &P, heuristic: &H, state: &mut P::State,",
        "    path: &mut Vec<P::Move>, g: P::Cost, bound: P::Cost,",
        "    least_cut: &mut Option<P::Cost>,",
        ") -> Option<P::Cost> {",
        "    // Expand: generate the children in move order.",
        "    for mv in problem.moves(state) {",
        "        if let Some(&last) = path.last() {",
        "            if !problem.may_follow(last, mv) { continue; }",
        "        }",
        "        let child_g = g + problem.cost(state, mv);",
        "        problem.apply(state, mv);",
        "        let h = heuristic.estimate(problem, state);",
        "        let f = child_g + h;",
        "        if f > bound {",
        "            // Cut off: remember the least f beyond the bound.",
        "            *least_cut = Some(least_cut.map_or(f, |least| least.min(f)));",
        "            problem.undo(state, mv);",
        "            continue;",
        "        }",
        "        path.push(mv);",
        "        if problem.is_goal(state) {",
        "            return Some(child_g); // a goal, found as it is generated",
        "        }",
        "        if let Some(cost) = search(problem, heuristic, state, path,",
        "                                   child_g, bound, least_cut) {",
        "            return Some(cost);",
        "        }",
        "        path.pop();",
        "        problem.undo(state, mv);",
        "    }",
        "    None // this subtree is exhausted under the bound",
        "}",
    ],
    marks: &[
        ("iteration", 11),
        ("expand", 28),
        ("cutoff", 36),
        ("goal", 44),
        ("iteration_end", 17),
    ],
};

/// A\* over `Problem` and `Heuristic`, with the open list as a priority queue and the closed
/// list as the best cost known for each state reached.
pub const A_STAR: Code = Code {
    lines: &[
        "/// A*: expand the open node of least f = g + h, keeping every state reached.",
        "fn astar<P: Problem, H: Heuristic<P>>(",
        "    problem: &P, heuristic: &H, start: &P::State,",
        ") -> Option<P::Cost> where P::State: Hash + Eq {",
        "    let mut best_g = HashMap::from([(start.clone(), P::Cost::zero())]);",
        "    let mut open = BinaryHeap::new(); // least f first, then greatest g",
        "    open.push(Entry::new(heuristic.estimate(problem, start), zero, start.clone()));",
        "    while let Some(Entry { g, state, .. }) = open.pop() {",
        "        if g > best_g[&state] { continue; } // stale: reached more cheaply since",
        "        if problem.is_goal(&state) {",
        "            return Some(g); // a goal, recognised when taken from the open list",
        "        }",
        "        // Expand: generate the children in move order.",
        "        for mv in problem.moves(&state) {",
        "            let mut child = state.clone();",
        "            problem.apply(&mut child, mv);",
        "            let child_g = g + problem.cost(&state, mv);",
        "            if best_g.get(&child).is_some_and(|&known| known <= child_g) {",
        "                continue; // seen at no greater cost: skipped",
        "            }",
        "            best_g.insert(child.clone(), child_g);",
        "            let h = heuristic.estimate(problem, &child);",
        "            open.push(Entry::new(child_g + h, child_g, child)); // pushed",
        "        }",
        "    }",
        "    None // every reachable state expanded: no solution",
        "}",
    ],
    marks: &[("push", 23), ("skip", 19), ("expand", 13), ("goal", 11), ("pop", 8)],
};

/// Breadth-first search over `Problem`: the open list a first-in first-out queue, a goal
/// recognised as it is generated (every path found later is no shorter).
pub const BREADTH_FIRST: Code = Code {
    lines: &[
        "/// Breadth-first search: expand the states in the order they were reached.",
        "fn breadth_first<P: Problem>(",
        "    problem: &P, start: &P::State,",
        ") -> Option<usize> where P::State: Hash + Eq {",
        "    if problem.is_goal(start) { return Some(0); }",
        "    let mut depth = HashMap::from([(start.clone(), 0)]); // open and closed",
        "    let mut open = VecDeque::from([start.clone()]);      // oldest first",
        "    while let Some(state) = open.pop_front() {",
        "        // Expand: generate the children in move order.",
        "        for mv in problem.moves(&state) {",
        "            let mut child = state.clone();",
        "            problem.apply(&mut child, mv);",
        "            if depth.contains_key(&child) {",
        "                continue; // reached before, no later: skipped",
        "            }",
        "            depth.insert(child.clone(), depth[&state] + 1);",
        "            if problem.is_goal(&child) {",
        "                return Some(depth[&child]); // a goal, found as it is generated",
        "            }",
        "            open.push_back(child); // pushed",
        "        }",
        "    }",
        "    None // every reachable state expanded: no solution",
        "}",
    ],
    marks: &[("push", 20), ("skip", 14), ("expand", 9), ("goal", 18), ("pop", 8)],
};

/// Uniform-cost search (Dijkstra's algorithm) over `Problem`: A\* with no heuristic, the open
/// list ordered by the path's cost `g`.
pub const UNIFORM_COST: Code = Code {
    lines: &[
        "/// Uniform-cost search: expand the open node of least path cost g.",
        "fn uniform_cost<P: Problem>(",
        "    problem: &P, start: &P::State,",
        ") -> Option<P::Cost> where P::State: Hash + Eq {",
        "    let mut best_g = HashMap::from([(start.clone(), P::Cost::zero())]);",
        "    let mut open = BinaryHeap::new(); // least g first",
        "    open.push(Entry::new(P::Cost::zero(), start.clone()));",
        "    while let Some(Entry { g, state }) = open.pop() {",
        "        if g > best_g[&state] { continue; } // stale: reached more cheaply since",
        "        if problem.is_goal(&state) {",
        "            return Some(g); // a goal, recognised when taken from the open list",
        "        }",
        "        // Expand: generate the children in move order.",
        "        for mv in problem.moves(&state) {",
        "            let mut child = state.clone();",
        "            problem.apply(&mut child, mv);",
        "            let child_g = g + problem.cost(&state, mv);",
        "            if best_g.get(&child).is_some_and(|&known| known <= child_g) {",
        "                continue; // seen at no greater cost: skipped",
        "            }",
        "            best_g.insert(child.clone(), child_g);",
        "            open.push(Entry::new(child_g, child)); // pushed",
        "        }",
        "    }",
        "    None // every reachable state expanded: no solution",
        "}",
    ],
    marks: &[("push", 22), ("skip", 19), ("expand", 13), ("goal", 11), ("pop", 8)],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_points_at_the_line_it_describes() {
        let line = |code: &Code, kind| code.lines[code.mark(kind).unwrap() - 1];
        assert!(line(&IDA_STAR, "iteration").contains("search(problem"));
        assert!(line(&IDA_STAR, "expand").contains("for mv in problem.moves"));
        assert!(line(&IDA_STAR, "cutoff").contains("if f > bound"));
        assert!(line(&IDA_STAR, "goal").contains("return Some(child_g)"));
        assert!(line(&IDA_STAR, "iteration_end").contains("bound = least_cut?"));
        assert!(line(&A_STAR, "push").contains("open.push"));
        assert!(line(&A_STAR, "skip").contains("continue; // seen"));
        assert!(line(&A_STAR, "expand").contains("// Expand"));
        assert!(line(&A_STAR, "goal").contains("return Some(g)"));
        assert!(line(&A_STAR, "pop").contains("open.pop()"));
        for code in [&BREADTH_FIRST, &UNIFORM_COST] {
            assert!(line(code, "push").contains("// pushed"));
            assert!(line(code, "skip").contains(": skipped"));
            assert!(line(code, "expand").contains("// Expand"));
            assert!(line(code, "goal").contains("a goal"));
            assert!(line(code, "pop").contains(".pop"));
        }
    }

    #[test]
    fn the_header_object_maps_kinds_to_lines() {
        let json = IDA_STAR.to_json();
        assert_eq!(json["marks"]["cutoff"], 36);
        assert_eq!(json["lines"].as_array().unwrap().len(), IDA_STAR.lines.len());
    }
}
