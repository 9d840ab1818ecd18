//! The state space of a 3x2 board in headless Chromium: breadth-first search, A\* and IDA\* run
//! from the form on it, the page's counters and graph against the drivers' own figures; and what
//! a search's end looks like when the instance has no solution or the tab is closed.

use ida_examples::puzzles::sliding::page::TWO_BY_THREE;
use serde_json::{Value, json};

use super::api::{LONG, wait_until};
use super::harness::{Fixture, screenshot_path};
use super::{driver_run, run_path};

/// `n` as the page writes it, in groups of three digits.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A trace's line `at`, parsed (0 the header; negative from the end).
fn line(trace: &str, at: isize) -> Value {
    let lines: Vec<&str> = trace.lines().filter(|l| !l.is_empty()).collect();
    let index = if at < 0 { lines.len() - at.unsigned_abs() } else { at.unsigned_abs() };
    serde_json::from_str(lines[index]).unwrap()
}

#[test]
fn three_drivers_on_the_3x2_board_show_their_figures_and_the_state_space() {
    let Some(fixture) = Fixture::with_form() else { return };
    let page = &fixture.page;
    fixture.enter("sliding", TWO_BY_THREE);
    let mut peaks = Vec::new();
    for (algorithm, heuristic) in [("bfs", "zero"), ("astar", "manhattan"), ("ida", "manhattan")] {
        let (expected, trace) =
            driver_run("sliding", TWO_BY_THREE, algorithm, heuristic, 1_000_000);
        let (graph, last) = (line(&trace, 0)["graph"].clone(), line(&trace, -1));
        let peak = last["peak"].as_u64().unwrap();
        fixture.run_from_form(algorithm, heuristic);
        // At the last event, the stats line: every counter is the driver's, and the events
        // counted up to it agree.
        let end = page.run(
            "const s = explorer.seek(Infinity);
             s.counters = ['c-gen', 'c-exp', 'c-held'].map((id) => document.getElementById(id).textContent);
             s.circles = document.querySelectorAll('#graph-svg circle.gnode').length;
             s.lines = document.querySelectorAll('#graph-svg line.gedge').length;
             return s;",
            &[],
        );
        assert_eq!(end["kind"], "stats", "{algorithm}");
        assert_eq!(end["agree"], true, "{algorithm}: {end}");
        assert_eq!(end["generated"], expected.generated, "{algorithm}");
        assert_eq!(end["expanded"], expected.expanded, "{algorithm}");
        assert_eq!(end["held"], peak, "{algorithm}");
        let counters = [expected.generated, expected.expanded, peak].map(grouped);
        assert_eq!(end["counters"], json!(counters), "{algorithm}");
        // The whole state space, as the server listed it.
        let states = graph["states"].as_array().unwrap().len();
        assert_eq!(states, 360);
        assert_eq!(end["circles"], states, "{algorithm}");
        assert_eq!(end["lines"], graph["edges"].as_array().unwrap().len(), "{algorithm}");
        assert_eq!(end["graph"]["states"], states);
        if algorithm == "ida" {
            // The last iteration reaches some states by two paths or more: IDA* keeps no
            // record of the states it has seen.
            assert!(end["graph"]["revisited"].as_u64().unwrap() > 0, "{end}");
            assert_eq!(peak, 13, "IDA* holds the path: 13 moves");
        } else {
            // A best-first search keeps every state it reaches: they are all it holds.
            assert_eq!(end["graph"]["visited"], peak, "{algorithm}");
            if algorithm == "bfs" {
                // Breadth-first search reaches each state once (A* may push a state again
                // when it finds a cheaper path to it before expanding it).
                assert_eq!(end["graph"]["revisited"], 0, "{algorithm}");
            }
        }
        assert_eq!(expected.cost, Some(13), "{algorithm}");
        peaks.push(peak);
        if algorithm == "bfs" {
            page.run("explorer.seek(Math.floor(explorer.state().events / 3)); document.getElementById('graph-panel').scrollIntoView(); return null;", &[]);
            page.screenshot(&screenshot_path("explorer-state-space.png"));
        }
    }
    // Breadth-first search holds more than A*, which holds more than IDA*'s one path.
    assert!(peaks[0] > peaks[1] && peaks[1] > peaks[2], "{peaks:?}");
    let rows = page.run("return document.querySelectorAll('#compare tbody tr').length;", &[]);
    assert_eq!(rows, 3);
    page.run("document.getElementById('compare-panel').scrollIntoView(); return null;", &[]);
    page.screenshot(&screenshot_path("explorer-memory.png"));
}

#[test]
fn no_solution_says_what_proved_it_and_closing_the_tab_stops_the_search() {
    let Some(fixture) = Fixture::new() else { return };
    let state = fixture.open_run(&run_path("sliding", "0 2 1 3 4 5 6 7 8", "ida", "manhattan"));
    assert_eq!(state["outcome"]["outcome"], "no-solution");
    let outcome = fixture.text("outcome");
    assert_eq!(
        outcome,
        "No solution: the tiles' permutation has the wrong parity: no sequence of moves reaches \
         the goal"
    );

    // A search of minutes, read by the page as it streams in; then the tab is closed.
    let long = format!("{}&cap=10", run_path("sliding", LONG, "ida", "manhattan"));
    fixture
        .page
        .run("explorer.loadUrl(arguments[0]).catch(() => {}); return null;", &[json!(long)]);
    let app = &fixture.server.app;
    wait_until("the search starts", || app.running() == 1);
    fixture.page.close_window();
    wait_until("the search stops", || app.running() == 0);
}
