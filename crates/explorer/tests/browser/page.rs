//! The page in headless Chromium: a run stepped through, two runs compared, an exported page
//! from a file, a malformed instance, and a million-event run's load and step times.

use serde_json::{Value, json};

use super::harness::{Fixture, screenshot_path};
use super::{driver_run, run_path};

/// The lecture's 8-puzzle: IDA* with the Manhattan distance in 4 iterations, bounds 4 to 10.
pub const EIGHT: &str = "0 1 2 3 7 5 6 8 4";
const GOAL: &str = "0 1 2\n3 4 5\n6 7 8";

#[test]
fn an_iteration_stepped_through_shows_the_drivers_figures() {
    let fixture = Fixture::new();
    let page = &fixture.page;
    let (expected, _) = driver_run("sliding", EIGHT, "ida", "manhattan", 1_000_000);
    assert_eq!(expected.iterations.len(), 4);
    // The instance goes in the page's address, as a link from a lecture's notes would give it.
    let loaded = fixture.open_run(&run_path("sliding", EIGHT, "ida", "manhattan"));
    assert_eq!(loaded["outcome"]["outcome"], "solved");
    assert_eq!(loaded["outcome"]["cost"], 10);
    assert_eq!(loaded["warnings"], json!([]));

    // Step event by event through the first two iterations; at each iteration's end the
    // counters are the driver's, and the tree drawn holds the start and every child generated.
    for (k, figures) in expected.iterations.iter().enumerate().take(2) {
        let end = page.run(
            "let s = explorer.state();
             while (!(s.kind === 'iteration_end' && s.iteration === arguments[0])) s = explorer.step(1);
             s.domNodes = document.querySelectorAll('#tree g.node').length;
             s.counters = ['c-gen', 'c-exp', 'c-cut', 'c-bound'].map((id) => document.getElementById(id).textContent);
             return s;",
            &[json!(k + 1)],
        );
        assert_eq!(end["bound"], figures.bound, "iteration {}", k + 1);
        assert_eq!(end["iterationGenerated"], figures.generated, "iteration {}", k + 1);
        assert_eq!(end["iterationExpanded"], figures.expanded, "iteration {}", k + 1);
        assert_eq!(end["pruned"], figures.pruned, "iteration {}", k + 1);
        assert_eq!(end["leastCut"].as_u64(), figures.next_bound, "iteration {}", k + 1);
        assert_eq!(end["agree"], true, "iteration {}: {end}", k + 1);
        let drawn = end["treeNodes"].as_u64().unwrap() + end["hiddenNodes"].as_u64().unwrap();
        assert_eq!(drawn, 1 + figures.generated, "iteration {}: the start and its tree", k + 1);
        assert_eq!(end["domNodes"], end["treeNodes"], "the SVG has a node per node counted");
        assert_eq!(end["counters"][3], figures.bound.to_string());
        if k == 1 {
            page.screenshot(&screenshot_path("explorer-iteration.png"));
        }
    }

    // At the solution, the path runs from the start to the goal, each board drawn.
    let end = page.run(
        "const s = explorer.toSolution();
         s.stackItems = document.querySelectorAll('#path .stack-item').length;
         return s;",
        &[],
    );
    let states = end["pathStates"].as_array().unwrap();
    assert_eq!(states.first().unwrap(), "0 1 2\n3 7 5\n6 8 4");
    assert_eq!(states.last().unwrap(), GOAL);
    assert_eq!(states.len(), 11, "the start and 10 moves");
    assert_eq!(end["stackItems"], 11);
    page.screenshot(&screenshot_path("explorer-solution.png"));
}

#[test]
fn two_runs_are_compared_with_the_drivers_figures() {
    let fixture = Fixture::new();
    let page = &fixture.page;
    let instance = "8 7 1 6 5 2 0 3 4";
    let (ida, _) = driver_run("sliding", instance, "ida", "manhattan", 1_000_000);
    let (astar, _) = driver_run("sliding", instance, "astar", "manhattan", 1_000_000);
    let runs = page.run(
        "await explorer.loadUrl(arguments[0]);
         await explorer.loadUrl(arguments[1]);
         return explorer.runs();",
        &[
            json!(run_path("sliding", instance, "ida", "manhattan")),
            json!(run_path("sliding", instance, "astar", "manhattan")),
        ],
    );
    let runs = runs.as_array().unwrap();
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[0]["name"], "sliding · ida · manhattan", "named from the header");
    assert_eq!(runs[1]["name"], "sliding · astar · manhattan");
    let text = serde_json::to_string(&runs).unwrap();
    for (run, driver) in runs.iter().zip([&ida, &astar]) {
        let figures: Vec<u64> = ["generated", "expanded"]
            .iter()
            .map(|k| find_number(run, k).unwrap_or_else(|| panic!("no {k} in {text}")))
            .collect();
        assert_eq!(figures, [driver.generated, driver.expanded], "{text}");
        let answer = run["answer"].as_str().unwrap_or_default();
        assert!(answer.starts_with(&format!("cost {}:", driver.cost.unwrap())), "{text}");
    }
    // IDA* holds a path of 26 moves; A* holds thousands of states.
    assert_eq!(runs[0]["peak"], 26);
    assert!(runs[1]["peak"].as_u64().unwrap() > 1000, "{text}");
    page.run("explorer.show(1); explorer.toSolution(); document.getElementById('compare-panel').scrollIntoView(); return null;", &[]);
    page.screenshot(&screenshot_path("explorer-compare.png"));
}

/// The number under `key` anywhere in `value` (a summary may nest its figures).
fn find_number(value: &Value, key: &str) -> Option<u64> {
    match value {
        Value::Object(map) => map
            .get(key)
            .and_then(Value::as_u64)
            .or_else(|| map.values().find_map(|v| find_number(v, key))),
        Value::Array(items) => items.iter().find_map(|v| find_number(v, key)),
        _ => None,
    }
}

#[test]
fn an_exported_page_works_from_a_file_with_no_server() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("explorer-export");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("eight.html");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_explore"))
        .args(["--export", file.to_str().unwrap(), "--puzzle", "sliding", "--instance", EIGHT])
        .args(["--algorithm", "ida", "--heuristic", "manhattan"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let (expected, trace) = driver_run("sliding", EIGHT, "ida", "manhattan", 1_000_000);
    // The page counts every line after the header as an event, the stats line included; the
    // exporter's message says the same number.
    let events = trace.lines().count() - 1;
    let said = String::from_utf8(output.stderr).unwrap();
    assert!(said.contains(&format!("({events} events, solved, cost 10)")), "{said}");
    // No server runs in this test: the page has everything inside.
    let (_turn, _driver, page) = Fixture::without_server();
    page.goto(&format!("file://{}", file.display()));
    let state = page.run("await explorer.ready; return explorer.toSolution();", &[]);
    assert_eq!(state["events"], events);
    assert_eq!(state["outcome"]["cost"], expected.cost.unwrap());
    assert_eq!(state["pathStates"].as_array().unwrap().last().unwrap(), GOAL);
    assert_eq!(state["iterations"], 4);
    let form = page.run(
        "const f = document.getElementById('run-form'); return [f.hidden, getComputedStyle(f).display, f.getBoundingClientRect().height];",
        &[],
    );
    assert_eq!(
        form,
        json!([true, "none", 0]),
        "a page opened from a file has no server to run a search: no form, not even an empty one"
    );
}

#[test]
fn a_malformed_instance_shows_the_parsers_message() {
    let fixture = Fixture::new();
    let page = &fixture.page;
    let error = page
        .try_run(
            "return await explorer.loadUrl(arguments[0]);",
            &[json!(run_path("sliding", "0 1 2 x 4 5 6 7 8", "ida", "manhattan"))],
        )
        .expect_err("a malformed instance is refused");
    let message = super::api::parser_message("0 1 2 x 4 5 6 7 8");
    assert!(error.contains(&message), "{error}");
    let shown = page.run("return document.getElementById('message').textContent;", &[]);
    assert_eq!(
        shown.as_str().unwrap(),
        message,
        "the server's message alone, not 'not a valid trace'"
    );
    page.screenshot(&screenshot_path("explorer-malformed.png"));
}

#[test]
fn a_million_event_run_loads_and_steps_without_freezing() {
    let fixture = Fixture::new();
    let page = &fixture.page;
    let instance = "8 12 1 2 10 9 6 3 0 5 15 7 14 4 13 11";
    let times = page.run(
        "const t0 = performance.now();
         await explorer.loadUrl(arguments[0]);
         const load = performance.now() - t0;
         const steps = [];
         explorer.seek(Math.floor(explorer.state().events / 2));
         for (let i = 0; i < 100; i++) { const t = performance.now(); explorer.step(1); steps.push(performance.now() - t); }
         const t1 = performance.now(); explorer.nextIteration(); const jump = performance.now() - t1;
         const t2 = performance.now(); const s = explorer.toSolution(); const end = performance.now() - t2;
         steps.sort((a, b) => a - b);
         return { load, stepMedian: steps[50], stepMax: steps[99], jump, end, events: s.events, truncated: s.truncated, outcome: s.outcome.outcome };",
        &[json!(run_path("sliding", instance, "ida", "manhattan"))],
    );
    eprintln!("a million-event 15-puzzle run in the page: {times}");
    assert_eq!(times["truncated"], true);
    assert!(times["events"].as_u64().unwrap() >= 1_000_000);
    assert_eq!(times["outcome"], "solved");
    // Generous bounds for a loaded two-core machine; the figures measured are printed above.
    assert!(times["load"].as_f64().unwrap() < 120_000.0, "{times}");
    assert!(times["stepMedian"].as_f64().unwrap() < 500.0, "{times}");
    page.screenshot(&screenshot_path("explorer-million.png"));
}

#[test]
fn a_better_heuristic_draws_a_smaller_tree() {
    let fixture = Fixture::new();
    let page = &fixture.page;
    let mut last_iteration_nodes = Vec::new();
    for (heuristic, picture) in
        [("misplaced", "explorer-misplaced.png"), ("manhattan", "explorer-manhattan.png")]
    {
        let (expected, _) = driver_run("sliding", EIGHT, "ida", heuristic, 1_000_000);
        let last = expected.iterations.last().unwrap();
        let state = page.run(
            "await explorer.loadUrl(arguments[0]);
             explorer.show(explorer.runs().length - 1);
             let s = explorer.seek(0);
             while (s.iteration < s.iterations) s = explorer.nextIteration();
             return explorer.toSolution();",
            &[json!(run_path("sliding", EIGHT, "ida", heuristic))],
        );
        assert_eq!(state["iteration"], expected.iterations.len(), "{heuristic}");
        assert_eq!(state["bound"], last.bound, "{heuristic}");
        assert_eq!(state["outcome"]["cost"], 10, "{heuristic}: the same cost either way");
        assert_eq!(state["generated"], expected.generated, "{heuristic}");
        last_iteration_nodes
            .push(state["treeNodes"].as_u64().unwrap() + state["hiddenNodes"].as_u64().unwrap());
        page.screenshot(&screenshot_path(picture));
    }
    // The Manhattan distance is never below the misplaced tiles: fewer nodes under the same bound.
    assert!(last_iteration_nodes[1] < last_iteration_nodes[0], "{last_iteration_nodes:?}");
}

#[test]
fn a_million_event_run_plays_at_1000_events_a_second_with_no_long_task() {
    let fixture = Fixture::new();
    let page = &fixture.page;
    let instance = "8 12 1 2 10 9 6 3 0 5 15 7 14 4 13 11";
    // The browser's own record of every task over 50 ms (the Long Tasks API) while the page
    // plays at 1,000 events a second from a third of the way into the run: a second to settle
    // (the first frames shrink the tree to the playing size), then five seconds measured.
    let played = page.run(
        "await explorer.loadUrl(arguments[0]);
         explorer.seek(Math.floor(explorer.state().events / 3));
         document.getElementById('speed').value = '1000';
         const tasks = [];
         const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]); });
         observer.observe({ type: 'longtask' });
         const t0 = performance.now();
         explorer.play();
         await new Promise((r) => setTimeout(r, 1000));
         const from = explorer.state().cursor, t1 = performance.now();
         await new Promise((r) => setTimeout(r, 5000));
         const events = explorer.state().cursor - from, t2 = performance.now();
         explorer.pause();
         await new Promise((r) => setTimeout(r, 100));
         observer.disconnect();
         const during = (a, b) => tasks.filter(([s]) => s >= a && s < b).map(([, d]) => Math.round(d)).sort((x, y) => x - y);
         const settling = during(t0, t1), measured = during(t1, t2);
         return { events, seconds: (t2 - t1) / 1000, longTasks: measured.length, longest: measured.at(-1) ?? 0,
                  median: measured[Math.floor(measured.length / 2)] ?? 0, settling };",
        &[json!(run_path("sliding", instance, "ida", "manhattan"))],
    );
    eprintln!("playing a million-event run at 1,000 events/s: {played}");
    let rate = played["events"].as_f64().unwrap() / played["seconds"].as_f64().unwrap();
    assert!(rate > 900.0, "it keeps up with 1,000 events/s: {played}");
    assert!(played["longest"].as_f64().unwrap() < 100.0, "no task over 100 ms: {played}");
}
