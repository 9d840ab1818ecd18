//! The page a teacher lectures from, at a projector's 1280x720 and 1920x1080 and a tablet's
//! 768x1024: lecture mode's one screen, `at=N` in the address, the dark theme, the keys around
//! the help dialog.

use serde_json::{Value, json};

use super::harness::{Fixture, screenshot_path};
use super::page::EIGHT;
use super::{driver_run, encode, run_path};

/// `WebDriver`'s key codes.
const ESCAPE: &str = "\u{E00C}";
const RIGHT: &str = "\u{E014}";

/// The lecture's 8-puzzle, the address of its run on the page's server.
fn eight_run() -> String {
    run_path("sliding", EIGHT, "ida", "manhattan")
}

/// The 1-based number of an event deep in the last iteration: the expansion of its deepest
/// node before the goal, as the driver's own trace has it.
fn deep_event() -> usize {
    let (_, trace) = driver_run("sliding", EIGHT, "ida", "manhattan", 1_000_000);
    let lines: Vec<Value> = trace.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let last_start = lines.iter().rposition(|l| l["ev"] == "iteration_start").unwrap();
    let (at, line) = lines
        .iter()
        .enumerate()
        .skip(last_start)
        .filter(|(_, l)| l["ev"] == "expand")
        .max_by_key(|(_, l)| l["depth"].as_u64().unwrap())
        .unwrap();
    assert!(line["depth"].as_u64().unwrap() >= 8, "{line}");
    // The header is line 0; events are numbered from 1 as the page's position line counts them.
    at
}

/// Where the page's parts are: each one's box, and whether it lies inside the viewport.
const LAYOUT: &str = "
    const inside = (sel) => {
      const e = document.querySelector(sel);
      if (!e) return { missing: sel };
      const r = e.getBoundingClientRect();
      return { top: r.top, left: r.left, bottom: r.bottom, right: r.right,
               inside: r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5 };
    };
    // Inside its scrolling box as well: seen, not scrolled away.
    const within = (sel, box) => {
      const e = document.querySelector(sel), b = document.querySelector(box);
      if (!e || !b) return { missing: sel };
      const r = e.getBoundingClientRect(), o = b.getBoundingClientRect();
      return { inside: r.left >= o.left - 0.5 && r.right <= o.right + 0.5 && r.top >= o.top - 0.5 && r.bottom <= o.bottom + 0.5 && inside(sel).inside };
    };
    const code = document.getElementById('code');
    const px = (sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize);
    return {
      viewport: [innerWidth, innerHeight],
      tree: inside('#tree-svg'), current: inside('#tree .node.current'), path: inside('#path-panel'),
      line: inside('#code li.at'), counters: inside('.counters'), pathEnd: within('#path .stack-item.current', '#path'),
      lineSeen: within('#code li.at', '#code'), currentSeen: within('#tree .node.current', '#tree'),
      codeClipped: code.scrollWidth > code.clientWidth + 1,
      pageScrolls: [document.documentElement.scrollWidth > innerWidth, document.documentElement.scrollHeight > innerHeight],
      formShown: getComputedStyle(document.getElementById('run-form')).display !== 'none',
      buttonsShown: getComputedStyle(document.getElementById('play')).display !== 'none',
      codeLines: code.querySelectorAll('li').length,
      type: { code: px('#code li.at'), counters: px('#c-gen'), f: px('#tree .node .f'), position: px('#position') },
    };";

#[test]
fn lecture_mode_puts_tree_path_counters_and_code_on_one_screen() {
    let fixture = Fixture::with_form();
    let page = &fixture.page;
    let at = deep_event();
    for (width, height) in [(1280, 720), (1920, 1080)] {
        page.viewport(width, height);
        let url =
            fixture.server.url(&format!("/?trace={}&lecture=1&at={at}", encode(&eight_run())));
        page.goto(&url);
        let state = page.run(
            "await explorer.ready; await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); return explorer.state();",
            &[],
        );
        assert_eq!(state["cursor"], at - 1, "at={at} opens event {at}: {state}");
        assert_eq!(state["kind"], "expand");
        assert_eq!(state["iteration"], 4);
        assert_eq!(state["lecture"], true);
        assert_eq!(state["codeView"], "pseudo", "pseudocode by default in lecture mode");
        let layout = page.run(LAYOUT, &[]);
        let what = format!("{width}x{height}: {layout}");
        assert_eq!(layout["viewport"], json!([width, height]), "{what}");
        for part in
            ["tree", "current", "path", "line", "counters", "pathEnd", "lineSeen", "currentSeen"]
        {
            assert_eq!(layout[part]["inside"], true, "{part} inside the viewport at {what}");
        }
        assert_eq!(layout["codeClipped"], false, "no code clipped sideways at {what}");
        assert_eq!(layout["pageScrolls"], json!([false, false]), "one screen at {what}");
        assert_eq!(layout["formShown"], false, "{what}");
        assert_eq!(layout["buttonsShown"], false, "{what}");
        // Type read from the back of a room: the figures and code at least 16 CSS pixels at a
        // projector's 1280 (18 on a 1920 screen), the tree's f values larger.
        let least = if width >= 1920 { 18.0 } else { 16.0 };
        for part in ["code", "counters", "f", "position"] {
            let size = layout["type"][part].as_f64().unwrap();
            assert!(size >= least, "{part} in {size}px type at {what}");
        }
        page.screenshot(&screenshot_path(&format!("lecture-{width}x{height}.png")));
        // The driver's Rust instead (C): longer, its current line still in sight, nothing
        // clipped sideways.
        page.press("c");
        let rust = page.run(
            &format!("await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); {LAYOUT}"),
            &[],
        );
        assert!(rust["codeLines"].as_u64().unwrap() > 30, "the Rust listing: {rust}");
        assert_eq!(
            rust["line"]["inside"], true,
            "the Rust's current line in sight at {width}x{height}: {rust}"
        );
        assert_eq!(rust["codeClipped"], false, "{rust}");
        page.press("c");
        // The keys still work with the buttons folded away: one event on, then the mode off.
        page.press(RIGHT);
        assert_eq!(page.run("return explorer.state().cursor;", &[]), at);
        page.press("l");
        let off = page.run(
            "return [explorer.state().lecture, getComputedStyle(document.getElementById('play')).display];",
            &[],
        );
        assert_eq!(off[0], false);
        assert_ne!(off[1], "none", "the buttons are back");
        page.press("L");
        assert_eq!(page.run("return explorer.state().lecture;", &[]), true, "L, as l, toggles");
    }
}

#[test]
fn the_address_names_the_event_shown_and_follows_the_stepping() {
    let fixture = Fixture::new();
    let page = &fixture.page;
    let at = deep_event();
    let url = fixture.server.url(&format!("/?trace={}&at={at}", encode(&eight_run())));
    page.goto(&url);
    let state = page.run("await explorer.ready; return explorer.state();", &[]);
    assert_eq!(state["cursor"], at - 1, "{state}");
    let position = state["position"].as_str().unwrap();
    assert!(position.starts_with(&format!("Event {at} of ")), "{position}");
    assert!(position.contains("expanding node"), "the event in words: {position}");
    let address = page.run(
        "explorer.step(3);
         await new Promise((r) => setTimeout(r, 100));
         return new URLSearchParams(location.search).get('at');",
        &[],
    );
    assert_eq!(address, json!((at + 3).to_string()), "the address follows");
    // That address, opened again, is the same moment.
    let again: String = page.run("return location.href;", &[]).as_str().unwrap().to_owned();
    page.goto(&again);
    let state = page.run("await explorer.ready; return explorer.state();", &[]);
    assert_eq!(state["cursor"], at + 2);
    // Past the end: the last event, and a word saying so.
    let url = fixture.server.url(&format!("/?trace={}&at=100000", encode(&eight_run())));
    page.goto(&url);
    let state = page.run("await explorer.ready; return explorer.state();", &[]);
    assert_eq!(state["cursor"], state["events"].as_u64().unwrap() - 1);
    assert!(state["message"].as_str().unwrap().contains("past the run's last event"), "{state}");
}

#[test]
fn the_dark_scheme_follows_the_system_and_the_switch() {
    let fixture = Fixture::new();
    let page = &fixture.page;
    page.color_scheme("dark");
    fixture.open_run(&eight_run());
    let colours = "return [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color, document.getElementById('theme-button').textContent];";
    let dark = page.run(colours, &[]);
    assert_eq!(dark, json!(["rgb(0, 0, 0)", "rgb(255, 255, 255)", "Theme: auto"]), "{dark}");
    page.run("explorer.setLecture(true); return null;", &[]);
    page.screenshot(&screenshot_path("lecture-dark.png"));
    page.color_scheme("light");
    let light = page.run(colours, &[]);
    assert_eq!(light[0], "rgb(255, 255, 255)", "{light}");
    // The switch: dark whatever the system says, then light, then the system's again.
    page.press("t");
    assert_eq!(page.run(colours, &[])[0], "rgb(0, 0, 0)");
    page.click("#theme-button");
    assert_eq!(
        page.run(colours, &[]),
        json!(["rgb(255, 255, 255)", "rgb(17, 17, 17)", "Theme: light"])
    );
    page.color_scheme("dark");
    assert_eq!(page.run(colours, &[])[0], "rgb(255, 255, 255)", "light, as chosen");
}

#[test]
fn a_tablet_gets_no_sideways_scroll() {
    let fixture = Fixture::with_form();
    let page = &fixture.page;
    page.viewport(768, 1024);
    let instance = "8 7 1 6 5 2 0 3 4";
    page.run(
        "await explorer.loadUrl(arguments[0]); await explorer.loadUrl(arguments[1]);
         explorer.show(0); explorer.seek(40); return null;",
        &[
            json!(run_path("sliding", instance, "ida", "manhattan")),
            json!(run_path("sliding", instance, "astar", "manhattan")),
        ],
    );
    let widths = page.run(
        "await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
         const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && !e.closest('.tree-scroll, .table-box, .path-stack, #code')).map((e) => e.id || e.className || e.tagName).slice(0, 10);
         return { scroll: document.documentElement.scrollWidth, width: innerWidth, wide };",
        &[],
    );
    assert_eq!(widths["width"], 768, "{widths}");
    assert!(widths["scroll"].as_u64().unwrap() <= 768, "no sideways scroll: {widths}");
    page.screenshot(&screenshot_path("explorer-tablet.png"));
}

#[test]
fn esc_closes_the_help_and_no_key_steps_the_run_behind_it() {
    let fixture = Fixture::new();
    let page = &fixture.page;
    fixture.open_run(&eight_run());
    page.run("explorer.seek(5); return null;", &[]);
    page.press("?");
    assert_eq!(page.run("return document.getElementById('help').open;", &[]), true);
    page.press(RIGHT);
    page.press("n");
    assert_eq!(
        page.run("return explorer.state().cursor;", &[]),
        5,
        "nothing stepped behind the help"
    );
    page.press(ESCAPE);
    assert_eq!(
        page.run("return document.getElementById('help').open;", &[]),
        false,
        "Esc closes it"
    );
    page.press(RIGHT);
    assert_eq!(page.run("return explorer.state().cursor;", &[]), 6, "the keys step again");
    // With the speed menu focused, → steps the run, not the menu.
    page.click("#speed");
    page.press(ESCAPE);
    let speed = page.run("return document.getElementById('speed').value;", &[]);
    page.press(RIGHT);
    let after =
        page.run("return [explorer.state().cursor, document.getElementById('speed').value];", &[]);
    assert_eq!(after, json!([7, speed]), "→ on the menu");
}

#[test]
fn a_cut_nodes_picture_is_its_own_board() {
    let fixture = Fixture::new();
    let page = &fixture.page;
    let (_, trace) = driver_run("sliding", EIGHT, "ida", "manhattan", 1_000_000);
    fixture.open_run(&eight_run());
    let mut cuts = 0;
    for (at, line) in trace.lines().enumerate().skip(1) {
        let event: Value = serde_json::from_str(line).unwrap();
        if event["ev"] != "cut" {
            continue;
        }
        // The board drawn for the cut node: each tile's label and its cell's centre.
        let tiles = page.run(
            "const s = explorer.seek(arguments[0]); explorer.select(s.current);
             const svg = document.querySelector('#node-board svg');
             const cell = svg.viewBox.baseVal.width / 3;
             return [...svg.querySelectorAll('.tile-label')].map((t) => [Number(t.textContent), Math.floor(t.getAttribute('x') / cell), Math.floor(t.getAttribute('y') / cell)]);",
            &[json!(at - 1)],
        );
        let manhattan: u64 = tiles
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                let (tile, col, row) =
                    (t[0].as_u64().unwrap(), t[1].as_u64().unwrap(), t[2].as_u64().unwrap());
                row.abs_diff(tile / 3) + col.abs_diff(tile % 3)
            })
            .sum();
        assert_eq!(tiles.as_array().unwrap().len(), 8, "event {at}: a board of 8 tiles");
        assert_eq!(
            Some(manhattan),
            event["h"].as_u64(),
            "event {at}: the board drawn is the one the driver priced at h {}",
            event["h"]
        );
        cuts += 1;
    }
    assert!(cuts >= 5, "{cuts} cut nodes looked at");
}

#[test]
fn predict_mode_asks_before_each_child_and_each_new_bound() {
    let fixture = Fixture::new();
    let page = &fixture.page;
    let (expected, trace) = driver_run("sliding", EIGHT, "ida", "manhattan", 1_000_000);
    let lines: Vec<Value> = trace.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    // The questions a student is asked: each child generated (cut off or searched) and each
    // iteration's end before the goal's (the next bound), from the driver's own trace.
    let mut asked = Vec::new();
    let mut iteration = 0;
    for (at, line) in lines.iter().enumerate().skip(1) {
        match line["ev"].as_str().unwrap() {
            "cut" => asked.push((at, "cut".to_owned())),
            "expand" | "goal" if !line["parent"].is_null() => asked.push((at, "search".to_owned())),
            "iteration_end" => {
                if iteration + 1 < expected.iterations.len() {
                    let next = expected.iterations[iteration].next_bound.unwrap();
                    asked.push((at, next.to_string()));
                }
                iteration += 1;
            }
            _ => {}
        }
    }
    fixture.open_run(&eight_run());
    page.press("q");
    // Answered alternately right and wrong, by the keys for cut or searched, by the number box
    // for a bound.
    for (k, (at, answer)) in asked.iter().enumerate() {
        let state = page.run(
            "let s = explorer.state(); while (!s.question && s.cursor < s.events - 1) s = explorer.step(1); return s;",
            &[],
        );
        assert_eq!(state["question"]["at"], at - 1, "question {k} before event {at}: {state}");
        assert_eq!(state["cursor"], at - 2, "the page stops before the event");
        let right = k % 2 == 0;
        let given = match (answer.as_str(), right) {
            ("cut", true) | ("search", false) => "c".to_owned(),
            ("search", true) | ("cut", false) => "s".to_owned(),
            (bound, true) => format!("{bound}\n"),
            (bound, false) => format!("{}\n", bound.parse::<u64>().unwrap() + 1),
        };
        if given.len() == 1 {
            page.press(&given);
        } else {
            page.run("await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); return null;", &[]);
            page.type_into("#predict-number", &given);
        }
        let after = page.run("return explorer.state();", &[]);
        assert_eq!(after["cursor"], at - 1, "the answer shows the event: {after}");
        assert_eq!(after["verdict"]["right"], right, "question {k} ({answer}): {after}");
        let verdict = after["verdict"]["text"].as_str().unwrap();
        assert!(verdict.starts_with(if right { "Right" } else { "Not quite" }), "{verdict}");
    }
    let end = page.run(
        "let s = explorer.state(); while (s.cursor < s.events - 1) { s = explorer.step(1); if (s.question) return s; } return s;",
        &[],
    );
    assert!(end["question"].is_null(), "no more questions than those: {end}");
    assert!(asked.len() > 20, "{} questions", asked.len());
}

#[test]
fn runs_side_by_side_step_together_each_from_its_own_place() {
    let fixture = Fixture::new();
    let page = &fixture.page;
    let instance = "8 7 1 6 5 2 0 3 4";
    let state = page.run(
        "await explorer.loadUrl(arguments[0]); await explorer.loadUrl(arguments[1]); await explorer.loadUrl(arguments[2]);
         explorer.show(0); explorer.seek(10);
         explorer.show(1); explorer.seek(20);
         explorer.show(2); explorer.seek(30);
         explorer.show(0);
         explorer.setSideBySide(true);
         explorer.setLecture(true);
         let s = explorer.step(5);
         s = explorer.step(-2);
         s.columns = [...document.querySelectorAll('#sbs .sbs-run')].map((c) => ({
           position: c.querySelector('.sbs-figures').textContent, nodes: c.querySelectorAll('.node').length,
           inside: c.getBoundingClientRect().bottom <= innerHeight && c.getBoundingClientRect().right <= innerWidth }));
         return s;",
        &[
            json!(run_path("sliding", instance, "ida", "manhattan")),
            json!(run_path("sliding", instance, "astar", "manhattan")),
            json!(run_path("sliding", instance, "ida", "misplaced")),
        ],
    );
    let side: Vec<u64> =
        state["side"].as_array().unwrap().iter().map(|s| s["cursor"].as_u64().unwrap()).collect();
    assert_eq!(side, [13, 23, 33], "each moved 5 on and 2 back from its own place: {state}");
    let columns = state["columns"].as_array().unwrap();
    assert_eq!(columns.len(), 3);
    for (column, at) in columns.iter().zip([14, 24, 34]) {
        let position = column["position"].as_str().unwrap();
        assert!(position.starts_with(&format!("Event {at} of ")), "{position}");
        assert!(column["nodes"].as_u64().unwrap() > 0, "{column}");
        assert_eq!(column["inside"], true, "all three on one screen in lecture mode: {column}");
    }
    page.screenshot(&screenshot_path("lecture-side-by-side.png"));
    // Each keeps its place when shown alone.
    let shown = page.run(
        "explorer.setSideBySide(false); explorer.show(2); return explorer.state().cursor;",
        &[],
    );
    assert_eq!(shown, 33);
}

#[test]
fn e_at_an_iterations_start_and_tree_nodes_by_keyboard() {
    let fixture = Fixture::new();
    let page = &fixture.page;
    let (_, trace) = driver_run("sliding", EIGHT, "ida", "manhattan", 1_000_000);
    let lines: Vec<Value> = trace.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let end = lines.iter().position(|l| l["ev"] == "iteration_end").unwrap();
    fixture.open_run(&eight_run());
    // At the first iteration's start, E goes to the end of its tree: the event before its end.
    page.run("explorer.seek(0); return null;", &[]);
    page.press("e");
    let state = page.run("return explorer.state();", &[]);
    assert_eq!(state["cursor"], end - 2, "{state}");
    // A tree node takes the keyboard's focus, has a label a screen reader reads, and Enter
    // selects it.
    let node = page.run(
        "const g = document.querySelector('#tree g.node');
         g.focus();
         return [Number(g.dataset.id), g.getAttribute('aria-label'), g.getAttribute('tabindex'), document.activeElement === g];",
        &[],
    );
    assert_eq!(node[2], "0");
    assert_eq!(node[3], true, "focusable: {node}");
    let label = node[1].as_str().unwrap();
    assert!(label.starts_with(&format!("node {}, ", node[0])) && label.contains(" f "), "{label}");
    page.press("\u{E007}");
    assert_eq!(page.run("return explorer.state().selected;", &[]), node[0], "Enter selects it");
}
