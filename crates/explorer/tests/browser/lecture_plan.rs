//! docs/teaching.md's lecture plan, step by step: each step's link (`at=N` on a run of the
//! page's server, in lecture mode) opened at a projector's 1280x720, the page checked to show
//! what the plan says of it against the driver's own figures, and its picture taken (saved in
//! docs/images/ when `EXPLORER_SCREENSHOTS` names that directory). The plan must give each link.

use ida_examples::puzzles::sliding::page::TWO_BY_THREE;
use serde_json::{Value, json};

use super::harness::{Fixture, screenshot_path};
use super::page::EIGHT;
use super::{driver_run, encode, run_path};

const PLAN: &str = include_str!("../../../../docs/teaching.md");

/// The lines of the driver's trace of a run, parsed; the header is line 0, so a line's index is
/// the event's number as the page counts it.
fn trace_lines(instance: &str, algorithm: &str) -> Vec<Value> {
    let (_, trace) = driver_run("sliding", instance, algorithm, "manhattan", 1_000_000);
    trace.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The number of the `nth` (0-based) event of kind `ev` in `lines`.
fn nth(lines: &[Value], ev: &str, nth: usize) -> usize {
    lines.iter().enumerate().filter(|(_, l)| l["ev"] == ev).nth(nth).unwrap().0
}

/// A step's address on the page's server, as the plan links it (after `http://127.0.0.1:PORT`).
fn link(instance: &str, algorithm: &str, extra: &str) -> String {
    format!(
        "/?trace={}&lecture=1{extra}",
        encode(&run_path("sliding", instance, algorithm, "manhattan"))
    )
}

/// Opens `link` at 1280x720, waits for two frames, and answers the page's state and text.
fn open(fixture: &Fixture, link: &str) -> Value {
    assert!(PLAN.contains(link), "docs/teaching.md links this step: {link}");
    fixture.page.goto(&fixture.server.url(link));
    fixture.page.run(
        "await explorer.ready; await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
         const s = explorer.state();
         s.check = document.getElementById('c-check').textContent;
         s.least = document.querySelectorAll('#tree .node.least').length;
         return s;",
        &[],
    )
}

#[test]
fn the_lecture_plans_steps_show_what_it_says() {
    let Some(fixture) = Fixture::new() else { return };
    let page = &fixture.page;
    page.viewport(1280, 720);
    let eight = trace_lines(EIGHT, "ida");

    // 1. The start: the first iteration's start expanded, bound 4 = h.
    let s = open(&fixture, &link(EIGHT, "ida", "&at=2"));
    assert_eq!(
        (s["cursor"].as_u64(), s["kind"].as_str(), s["bound"].as_u64()),
        (Some(1), Some("expand"), Some(4)),
        "{s}"
    );
    page.screenshot(&screenshot_path("lecture-1-start.png"));

    // 2. Predict mode from the same place: the first question is about the start's first child.
    let s = open(&fixture, &link(EIGHT, "ida", "&predict=1&at=2"));
    assert_eq!(s["predict"], true);
    let q = page.run("return explorer.step(1).question;", &[]);
    assert_eq!(q["kind"], "cut", "{q}");
    page.screenshot(&screenshot_path("lecture-2-predict.png"));

    // 3. Iteration 2's end: the cut nodes at the least f marked, the next bound 8.
    let end2 = nth(&eight, "iteration_end", 1);
    let s = open(&fixture, &link(EIGHT, "ida", &format!("&at={end2}")));
    assert_eq!(s["kind"], "iteration_end");
    assert_eq!(s["leastCut"], 8);
    assert_eq!(
        s["least"].as_u64(),
        Some(eight[1..end2].iter().filter(|l| l["ev"] == "cut" && l["f"] == 8).count() as u64)
    );
    page.screenshot(&screenshot_path("lecture-3-next-bound.png"));

    // 4. Iteration 3 starts at 8: the note on the bound growing by 2.
    let start3 = nth(&eight, "iteration_start", 2) + 1;
    let s = open(&fixture, &link(EIGHT, "ida", &format!("&at={start3}")));
    assert_eq!(
        s["check"], "The bound grew by 2 (6 to 8): each move changes h by one, so f by 0 or 2.",
        "{s}"
    );
    page.screenshot(&screenshot_path("lecture-4-grew-by-2.png"));

    // 5. The goal: the path, start to goal, is all IDA* holds.
    let goal = nth(&eight, "goal", 0);
    let s = open(&fixture, &link(EIGHT, "ida", &format!("&at={goal}")));
    assert_eq!(s["kind"], "goal");
    assert_eq!(s["path"].as_array().unwrap().len(), 11, "the start and 10 moves");
    page.screenshot(&screenshot_path("lecture-5-path.png"));

    // 6. The 3x2 board's state space at IDA*'s second iteration's end: reached, cut off, within
    //    reach and beyond the bound.
    let small = trace_lines(TWO_BY_THREE, "ida");
    let end2 = nth(&small, "iteration_end", 1);
    let s = open(&fixture, &link(TWO_BY_THREE, "ida", &format!("&view=graph&at={end2}")));
    assert!(s["graph"]["cut"].as_u64().unwrap() > 0, "{s}");
    let shown =
        page.run("return getComputedStyle(document.getElementById('graph-panel')).display;", &[]);
    assert_eq!(shown, "flex", "the state space in the tree's place");
    page.screenshot(&screenshot_path("lecture-6-state-space.png"));

    // 7. Its goal: states expanded in several iterations, some more often than there are
    //    iterations (reached along two paths in one of them).
    let goal = nth(&small, "goal", 0);
    let s = open(&fixture, &link(TWO_BY_THREE, "ida", &format!("&view=graph&at={goal}")));
    let iterations = small.iter().filter(|l| l["ev"] == "iteration_start").count() as u64;
    assert!(s["graph"]["mostExpanded"].as_u64().unwrap() >= iterations, "{s}");
    assert!(s["graph"]["expandedTwice"].as_u64().unwrap() > 0, "{s}");
    page.screenshot(&screenshot_path("lecture-7-repeats.png"));

    // 8. Breadth-first, A* and IDA* side by side on the 3x2 board, each at its goal.
    let runs = page.run(
        "for (const a of arguments[0]) await explorer.loadUrl(a);
         explorer.setSideBySide(true);
         for (let i = 0; i < 3; i++) { explorer.show(i + 1); explorer.toSolution(); }
         explorer.show(3);
         return explorer.state().side;",
        &[json!(["bfs", "astar", "ida"].map(|a| run_path(
            "sliding",
            TWO_BY_THREE,
            a,
            if a == "bfs" { "zero" } else { "manhattan" }
        )))],
    );
    assert_eq!(runs.as_array().unwrap().len(), 3, "{runs}");
    page.screenshot(&screenshot_path("lecture-8-three-searches.png"));
}
