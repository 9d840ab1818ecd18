//! A trace is data from outside: markup in any of its fields must never run in the page. Traces
//! carrying `<img src=x onerror=...>` in every field the page shows are loaded, every event
//! stepped to and every node selected; the markup's script (which would count itself in
//! `window.ran` and change the title) must not have run, and the markup be shown as text or the
//! trace refused with a message naming the field. `?trace=` naming another origin is refused.

use ida_examples::puzzles::sliding::page::TWO_BY_THREE;
use serde_json::{Value, json};

use super::driver_run;
use super::harness::Fixture;

/// Markup whose script, if it ever runs, leaves its mark: `window.ran` counts and the title changes.
const MARKUP: &str = r#"<img src=x onerror="window.ran=(window.ran||0)+1;document.title='ran'">"#;

/// The lines of a trace, parsed.
fn lines(trace: &str) -> Vec<Value> {
    trace
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn text(lines: &[Value]) -> String {
    lines.iter().map(|l| l.to_string() + "\n").collect()
}

/// IDA* on the 3x2 board (a trace with code and a state space), markup put in every string the
/// page shows: the header's names, code and states; each event's move, state and drawing; the
/// answer's moves.
fn marked_trace() -> Vec<Value> {
    let (_, trace) = driver_run("sliding", TWO_BY_THREE, "ida", "manhattan", 1_000_000);
    let mut lines = lines(&trace);
    let header = &mut lines[0];
    for field in ["puzzle", "instance", "heuristic"] {
        header[field] = json!(format!("{MARKUP}{}", header[field].as_str().unwrap()));
    }
    for line in header["code"]["lines"].as_array_mut().unwrap() {
        *line = json!(format!("{}{MARKUP}", line.as_str().unwrap()));
    }
    for state in header["graph"]["states"].as_array_mut().unwrap() {
        *state = json!(format!("{MARKUP}{}", state.as_str().unwrap()));
    }
    for (i, event) in lines.iter_mut().enumerate().skip(1) {
        if event["move"].is_string() {
            event["move"] = json!(MARKUP);
        }
        if event["state"].is_string() {
            event["state"] = json!(format!("{MARKUP}{}", event["state"].as_str().unwrap()));
        }
        if event["draw"].is_object() {
            // Half the drawings with markup for a number (drawn as the state's text), half with
            // an unknown kind named by markup.
            if i % 2 == 0 {
                event["draw"]["rows"] = json!(MARKUP);
            } else {
                event["draw"]["kind"] = json!(MARKUP);
            }
        }
        if event["ev"] == "stats" {
            event["moves"] = json!([MARKUP, MARKUP]);
        }
    }
    lines
}

/// Loads `trace` (text) in the page, steps to every event, selects every node, shows every run;
/// then waits for any image's error to fire and answers what the page shows and whether script ran.
fn load_and_walk(fixture: &Fixture, trace: &str, name: &str) -> Value {
    fixture.page.run(
        "const title = document.title;
         let loaded = null;
         try { loaded = await explorer.load(arguments[0], arguments[1]); } catch (e) { loaded = { error: String(e.message) }; }
         const s = explorer.state();
         for (let i = 0; i < s.events; i++) {
           const t = explorer.seek(i);
           if (t.current >= 0) { explorer.select(t.current); explorer.select(t.current); }
         }
         explorer.runs().forEach((_, i) => explorer.show(i));
         if (s.events) explorer.toSolution();
         await new Promise((r) => setTimeout(r, 800));
         return { ran: window.ran ?? 0, titleKept: document.title === title, loaded,
                  imgs: document.querySelectorAll('img').length,
                  message: document.getElementById('message').textContent,
                  runTitle: document.getElementById('run-title').textContent,
                  compare: document.getElementById('compare').textContent,
                  code: document.getElementById('code').textContent,
                  path: document.getElementById('path').textContent };",
        &[json!(trace), json!(name)],
    )
}

#[test]
fn markup_in_every_field_a_trace_shows_is_text_never_script() {
    let Some(fixture) = Fixture::new() else { return };
    let solved = marked_trace();
    let mut stopped = solved.clone();
    let stats = stopped.last_mut().unwrap();
    *stats = json!({"ev": "stats", "generated": stats["generated"], "expanded": stats["expanded"],
        "iterations": stats["iterations"], "peak": stats["peak"], "elapsed_ms": 0.5,
        "outcome": "stopped", "reason": MARKUP});
    let seen = load_and_walk(&fixture, &text(&solved), MARKUP);
    assert!(seen["loaded"]["error"].is_null(), "the trace is well-formed: {seen}");
    assert_eq!(seen["ran"], 0, "no script ran: {seen}");
    assert_eq!(seen["titleKept"], true, "{seen}");
    assert_eq!(seen["imgs"], 0, "no element made from a trace's text: {seen}");
    // The markup is there, as text.
    for part in ["runTitle", "code", "path", "compare"] {
        assert!(seen[part].as_str().unwrap().contains(MARKUP), "{part} shows the text: {seen}");
    }
    let seen = load_and_walk(&fixture, &text(&stopped), "stopped");
    assert_eq!(seen["ran"], 0, "no script ran: {seen}");
    assert_eq!(seen["imgs"], 0, "{seen}");
    assert!(seen["compare"].as_str().unwrap().contains(MARKUP), "the reason, as text: {seen}");
}

#[test]
fn markup_where_a_number_belongs_is_refused_naming_the_field() {
    let Some(fixture) = Fixture::new() else { return };
    let (_, trace) = driver_run("sliding", TWO_BY_THREE, "ida", "manhattan", 1_000_000);
    let good = lines(&trace);
    let last = good.len() - 1;
    let end = good.iter().position(|l| l["ev"] == "iteration_end").unwrap();
    let expand = good.iter().position(|l| l["ev"] == "expand").unwrap();
    let cases: [(usize, &str, &str); 8] = [
        (last, "", "peak"),
        (last, "", "elapsed_ms"),
        (last, "", "cost"),
        (end, "", "next_bound"),
        (expand, "", "sid"),
        (0, "", "event_cap"),
        (0, "graph", "h"),
        (0, "code", "marks"),
    ];
    for (at, inside, field) in cases {
        let mut lines = good.clone();
        let object = if inside.is_empty() { &mut lines[at] } else { &mut lines[at][inside] };
        object[field] = json!(MARKUP);
        let seen = load_and_walk(&fixture, &text(&lines), "hostile trace");
        assert_eq!(seen["ran"], 0, "{field}: no script ran: {seen}");
        assert_eq!(seen["imgs"], 0, "{field}: {seen}");
        let message = seen["message"].as_str().unwrap();
        assert!(
            message.contains("is not a valid trace") && message.contains(field),
            "{field}: refused, the message naming it: {message}"
        );
        assert!(seen["loaded"]["error"].is_string(), "{field}: the load rejects: {seen}");
    }
    // The comparison, where a stats line's markup once ran, holds no run at all.
    let runs = fixture.page.run("return explorer.runs().length;", &[]);
    assert_eq!(runs, 0);
}

#[test]
fn a_trace_named_on_another_origin_is_not_opened() {
    let Some(fixture) = Fixture::new() else { return };
    let foreign = format!(
        "http://localhost:{}/api/run?puzzle=sliding&instance=0+1+2+3+4+5+6+7+8&algorithm=ida&heuristic=manhattan",
        fixture.server.port
    );
    for url in [foreign.as_str(), "javascript:window.ran=1", "data:text/plain,{}"] {
        let page = fixture.server.url(&format!("/?trace={}", super::encode(url)));
        fixture.page.goto(&page);
        let seen = fixture.page.run(
            "await explorer.ready; await new Promise((r) => setTimeout(r, 300));
             return { events: explorer.state().events ?? 0, ran: window.ran ?? 0,
                      message: document.getElementById('message').textContent };",
            &[],
        );
        assert_eq!(seen["events"], 0, "{url}: not loaded: {seen}");
        assert_eq!(seen["ran"], 0, "{url}: {seen}");
        assert!(
            seen["message"].as_str().unwrap().contains("own origin"),
            "{url}: said why: {seen}"
        );
    }
    // The page's own server's run, named by a path, still opens.
    let own =
        "/api/run?puzzle=sliding&instance=1+0+2+3+4+5+6+7+8&algorithm=ida&heuristic=manhattan";
    let state = fixture.open_run(own);
    assert_eq!(state["outcome"]["cost"], 1, "{state}");
}
