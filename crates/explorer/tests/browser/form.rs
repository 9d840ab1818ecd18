//! The run form in headless Chromium, used as a person uses it: an instance typed into the box,
//! the algorithm and heuristic picked from their menus, Run clicked; a malformed instance; a
//! random instance; a goal past the event cap.

use serde_json::{Value, json};

use super::harness::{Fixture, screenshot_path};
use super::page::EIGHT;
use super::{driver_run, run_path};

/// The puzzle's name as a trace's header gives it.
fn header_puzzle(trace: &str) -> String {
    let header: Value = serde_json::from_str(trace.lines().next().unwrap()).unwrap();
    header["puzzle"].as_str().unwrap().to_owned()
}

#[test]
fn an_instance_typed_into_the_form_runs_and_steps_like_the_driver() {
    let Some(fixture) = Fixture::with_form() else { return };
    let page = &fixture.page;
    // The menus come from /api/puzzles.
    let menus = page.run(
        "const opts = (id) => [...document.getElementById(id).options].map((o) => o.value);
         return { puzzles: opts('f-puzzle'), algorithms: opts('f-algorithm'), heuristics: opts('f-heuristic'),
                  instance: document.getElementById('f-instance').value, cap: document.getElementById('f-cap').value };",
        &[],
    );
    for puzzle in ["sliding", "rotation", "wall-pusher", "pancake", "pocket-cube"] {
        assert!(menus["puzzles"].as_array().unwrap().contains(&json!(puzzle)), "{menus}");
    }
    for algorithm in ["ida", "iddfs", "bts", "bfs", "ucs", "astar"] {
        assert!(menus["algorithms"].as_array().unwrap().contains(&json!(algorithm)), "{menus}");
    }
    assert!(menus["heuristics"].as_array().unwrap().contains(&json!("manhattan")), "{menus}");
    assert!(!menus["instance"].as_str().unwrap().is_empty(), "the first preset fills the box");
    assert_eq!(menus["cap"], "1000000");

    fixture.enter("sliding", EIGHT);
    let first = fixture.run_from_form("ida", "manhattan");
    let (expected, trace) = driver_run("sliding", EIGHT, "ida", "manhattan", 1_000_000);
    let name = format!("{} · ida · manhattan", header_puzzle(&trace));
    assert_eq!(first["name"], name.as_str(), "a run is named from its header");
    assert!(fixture.text("compare").contains(&name));

    // Step event by event through the whole of the second iteration: at its end the counters on
    // the page are the driver's.
    let figures = &expected.iterations[1];
    let end = page.run(
        "let s = explorer.nextIteration();
         // N lands on the iteration's first tree: its start's expansion, the event after its start line.
         if (s.iteration !== 2 || s.kind !== 'expand' || s.treeNodes < 1) throw new Error('not at iteration 2: ' + JSON.stringify(s));
         while (s.kind !== 'iteration_end') s = explorer.step(1);
         s.counters = ['c-iter', 'c-bound', 'c-exp-it', 'c-gen-it', 'c-cut', 'c-least'].map((id) => document.getElementById(id).textContent);
         return s;",
        &[],
    );
    assert_eq!(end["iteration"], 2);
    assert_eq!(end["agree"], true, "{end}");
    let counters: Vec<String> = serde_json::from_value(end["counters"].clone()).unwrap();
    assert_eq!(
        counters,
        [
            "2 of 4".to_owned(),
            figures.bound.to_string(),
            format!("this iteration {}", figures.expanded),
            format!("this iteration {}", figures.generated),
            figures.pruned.to_string(),
            figures.next_bound.unwrap().to_string(),
        ]
    );
    let drawn = end["treeNodes"].as_u64().unwrap() + end["hiddenNodes"].as_u64().unwrap();
    assert_eq!(drawn, 1 + figures.generated, "the start and every child generated");
    page.screenshot(&screenshot_path("explorer-form.png"));

    // A second Run, with A*, is added to the comparison beside the first.
    let (astar, _) = driver_run("sliding", EIGHT, "astar", "manhattan", 1_000_000);
    let second = fixture.run_from_form("astar", "manhattan");
    assert_eq!(second["name"], format!("{} · astar · manhattan", header_puzzle(&trace)).as_str());
    assert_eq!(second["generated"], astar.generated);
    let runs = page.run("return explorer.runs();", &[]);
    assert_eq!(runs.as_array().unwrap().len(), 2, "{runs}");
    assert_eq!(runs[0]["generated"], expected.generated);
    let rows = page.run("return document.querySelectorAll('#compare tbody tr').length;", &[]);
    assert_eq!(rows, 2);
}

#[test]
fn a_bad_instance_in_the_form_shows_the_parsers_message_beside_it_and_changes_nothing_else() {
    let Some(fixture) = Fixture::with_form() else { return };
    let page = &fixture.page;
    fixture.enter("sliding", EIGHT);
    fixture.run_from_form("ida", "manhattan");
    // The state less its render times, which vary from one render to the next.
    let snapshot = "const state = explorer.seek(7);
         delete state.renderMs; delete state.renderParts;
         return { state, runs: explorer.runs().length,
                  title: document.getElementById('run-title').textContent,
                  message: document.getElementById('message').textContent,
                  tree: document.getElementById('tree').innerHTML };";
    let before = page.run(snapshot, &[]);

    let malformed = "0 1 2 x 4 5 6 7 8";
    page.type_into("#f-instance", malformed);
    page.click("#f-run");
    let error = page
        .try_run("return await explorer.formRun();", &[])
        .expect_err("a malformed instance is refused");
    let message = super::api::parser_message(malformed);
    assert_eq!(error, message);
    let inline = page.run(
        "const e = document.getElementById('f-error'); return { hidden: e.hidden, text: e.textContent };",
        &[],
    );
    assert_eq!(inline["hidden"], false);
    assert_eq!(inline["text"], message.as_str(), "the 400's body alone, beside the instance");
    let after = page.run(snapshot, &[]);
    assert_eq!(after, before, "nothing else on the page changed");
    page.screenshot(&screenshot_path("explorer-bad-instance.png"));

    // Editing the instance takes the message away.
    page.type_into("#f-instance", EIGHT);
    assert_eq!(page.run("return document.getElementById('f-error').hidden;", &[]), true);
}

#[test]
fn a_random_instance_at_a_distance_runs_to_a_goal_no_farther() {
    let Some(fixture) = Fixture::with_form() else { return };
    let page = &fixture.page;
    page.click("#f-puzzle option[value='sliding']");
    page.type_into("#f-distance", "8");
    let before = page.run("return document.getElementById('f-instance').value;", &[]);
    page.click("#f-random");
    let instance = page.run(
        "const box = document.getElementById('f-instance');
         for (let i = 0; i < 600 && box.value === arguments[0]; i++) await new Promise((r) => setTimeout(r, 50));
         return box.value;",
        &[before],
    );
    let instance = instance.as_str().unwrap().to_owned();
    assert_ne!(instance, "", "a random instance fills the box");
    let summary = fixture.run_from_form("ida", "manhattan");
    let (expected, _) = driver_run("sliding", &instance, "ida", "manhattan", 1_000_000);
    let cost = expected.cost.unwrap();
    // A walk of 8 moves ends at most 8 moves from the goal, and on a square board at an even
    // distance (each move changes the blank's row or column by one).
    assert!(cost <= 8 && cost.is_multiple_of(2), "{instance}: cost {cost}");
    assert!(summary["answer"].as_str().unwrap().starts_with(&format!("cost {cost}:")), "{summary}");
}

#[test]
fn a_goal_past_the_event_cap_is_reported_solved() {
    let Some(fixture) = Fixture::with_form() else { return };
    let page = &fixture.page;
    fixture.enter("sliding", EIGHT);
    page.type_into("#f-cap", "40");
    fixture.run_from_form("ida", "manhattan");
    let state = page.run("return explorer.toSolution();", &[]);
    assert_eq!(state["truncated"], true, "{state}");
    assert_eq!(state["outcome"]["outcome"], "solved");
    let message = state["message"].as_str().unwrap();
    assert!(message.starts_with("The goal lies past the recording cap"), "{message}");
    let outcome = fixture.text("outcome");
    assert!(outcome.starts_with("Solved: cost 10, 10 moves"), "{outcome}");
    assert!(outcome.contains("past the recording cap of 40 events"), "{outcome}");
    assert!(!outcome.contains("no goal") && !message.contains("no goal"), "{outcome}");
    // The same from a link, with no form involved.
    let (_, trace) = driver_run("sliding", EIGHT, "ida", "manhattan", 40);
    assert!(trace.contains("\"truncated\""), "the driver's trace went past the cap too");
    let link = format!("{}&cap=40", run_path("sliding", EIGHT, "ida", "manhattan"));
    fixture.open_run(&link);
    let state = page.run("return explorer.toSolution();", &[]);
    assert!(state["message"].as_str().unwrap().starts_with("The goal lies past"), "{state}");
    assert!(fixture.text("outcome").starts_with("Solved: cost 10"));
    // The form holds the run the link named, ready for a second run that changes one thing.
    let form = page.run(
        "return ['f-puzzle', 'f-instance', 'f-algorithm', 'f-heuristic', 'f-cap'].map((id) => document.getElementById(id).value);",
        &[],
    );
    assert_eq!(form, json!(["sliding", EIGHT, "ida", "manhattan", "40"]));
    page.screenshot(&screenshot_path("explorer-past-cap.png"));
}

/// Clicks Random at `distance` moves and waits for the box to change: the instance made, and the
/// note under it (`None` when the note is hidden).
fn random_at(fixture: &Fixture, distance: &str) -> (String, Option<String>) {
    let page = &fixture.page;
    page.type_into("#f-distance", distance);
    let before = page.run("return document.getElementById('f-instance').value;", &[]);
    page.click("#f-random");
    let made = page.run(
        "const box = document.getElementById('f-instance');
         for (let i = 0; i < 600 && box.value === arguments[0]; i++) await new Promise((r) => setTimeout(r, 50));
         const note = document.getElementById('f-note');
         return [box.value, note.hidden ? null : note.textContent, document.getElementById('f-error').textContent];",
        &[before],
    );
    assert_eq!(made[2], "", "no error: {made}");
    (made[0].as_str().unwrap().to_owned(), made[1].as_str().map(str::to_owned))
}

#[test]
fn random_on_the_3x2_board_makes_a_3x2_board() {
    let Some(fixture) = Fixture::with_form() else { return };
    fixture.enter("sliding", ida_examples::puzzles::sliding::page::TWO_BY_THREE);
    let (instance, note) = random_at(&fixture, "12");
    assert!(instance.starts_with("3x2: "), "{instance}");
    assert_eq!(instance.split_whitespace().count(), 7, "the shape and 6 cells: {instance}");
    assert_ne!(instance, ida_examples::puzzles::sliding::page::TWO_BY_THREE);
    // The 3x2 board's farthest states are 21 moves away: 12 is reached, and nothing is noted.
    assert_eq!(note, None, "{instance}");
    let summary = fixture.run_from_form("ida", "manhattan");
    let (expected, trace) = driver_run("sliding", &instance, "ida", "manhattan", 1_000_000);
    assert_eq!(expected.cost, Some(12), "{instance}");
    assert!(summary["answer"].as_str().unwrap().starts_with("cost 12:"), "{summary}");
    // The run is drawn as a 3x2 board, its state space with it.
    let header: Value = serde_json::from_str(trace.lines().next().unwrap()).unwrap();
    assert_eq!(header["graph"]["states"].as_array().map(Vec::len), Some(360));
}

#[test]
fn random_past_the_farthest_distance_says_how_far_it_got() {
    let Some(fixture) = Fixture::with_form() else { return };
    fixture.enter("sliding", EIGHT);
    // No 8-puzzle board is more than 31 moves from the goal (Reinefeld 1993).
    let (instance, note) = random_at(&fixture, "40");
    let (expected, _) = driver_run("sliding", &instance, "ida", "manhattan", 1_000_000);
    let cost = expected.cost.unwrap();
    assert!(cost < 40, "{instance}: cost {cost}");
    assert_eq!(
        note.as_deref(),
        Some(format!("Asked for 40 moves; the farthest found is {cost} from the goal.").as_str())
    );
    // A distance reached takes the note away.
    let (_, note) = random_at(&fixture, "6");
    assert_eq!(note, None);
}
