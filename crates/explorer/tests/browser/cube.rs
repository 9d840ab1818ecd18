//! The pocket cube on the page: its state drawn as a net of 24 coloured stickers, and drawings
//! that are not a cube's shown as the state's text.

use serde_json::{Value, json};

use super::harness::{Fixture, screenshot_path};
use super::run_path;

/// The colours the page gives the faces `U R F D L B`.
const WHITE: &str = "#ffffff";
const RED: &str = "#e8202a";
const GREEN: &str = "#1fb13f";
const YELLOW: &str = "#ffd60a";
const BLUE: &str = "#3d7eff";

/// The stickers of the start drawn in the node panel: each one's face, colour letter and fill.
fn drawn_stickers(fixture: &Fixture) -> Value {
    fixture.page.run(
        "const s = explorer.seek(1); explorer.select(s.current);
         const svg = document.querySelector('#node-board svg.board');
         if (!svg) return { label: null, text: document.querySelector('#node-board pre')?.textContent };
         return { label: svg.ariaLabel,
                  stickers: [...svg.querySelectorAll('.sticker')].map((r) => [r.dataset.face, r.dataset.colour, r.getAttribute('fill')]) };",
        &[],
    )
}

#[test]
fn a_pocket_cube_is_drawn_as_a_net_of_its_stickers() {
    let Some(fixture) = Fixture::new() else { return };
    // One turn of R: U's right column shows F's green, F's D's yellow, D's B's blue, and B's
    // left column U's white (Singmaster's convention, the face seen from outside).
    let loaded = fixture.open_run(&run_path("pocket-cube", "2x2x2: R", "ida", "bound"));
    assert_eq!(loaded["outcome"]["outcome"], "solved", "{loaded}");
    assert_eq!(loaded["outcome"]["cost"], 1, "{loaded}");
    let drawn = drawn_stickers(&fixture);
    assert_eq!(drawn["label"], "pocket cube net", "{drawn}");
    let stickers = drawn["stickers"].as_array().unwrap();
    assert_eq!(stickers.len(), 24, "{drawn}");
    let face = |name: &str| -> Vec<&str> {
        stickers.iter().filter(|s| s[0] == name).map(|s| s[2].as_str().unwrap()).collect()
    };
    assert_eq!(face("U"), [WHITE, GREEN, WHITE, GREEN]);
    assert_eq!(face("F"), [GREEN, YELLOW, GREEN, YELLOW]);
    assert_eq!(face("D"), [YELLOW, BLUE, YELLOW, BLUE]);
    assert_eq!(face("B"), [WHITE, BLUE, WHITE, BLUE]);
    assert_eq!(face("R"), [RED; 4]);
    // The net's layout: U above F, L F R B in a row, D below F.
    let at = fixture.page.run(
        "const svg = document.querySelector('#node-board svg.board');
         const cell = svg.viewBox.baseVal.width / 8;
         const first = (f) => svg.querySelector(`.sticker[data-face='${f}']`);
         return Object.fromEntries(['U', 'L', 'F', 'R', 'B', 'D'].map((f) => [f, [Math.floor(first(f).getAttribute('x') / cell), Math.floor(first(f).getAttribute('y') / cell)]]));",
        &[],
    );
    assert_eq!(
        at,
        json!({"U": [2, 0], "L": [0, 2], "F": [2, 2], "R": [4, 2], "B": [6, 2], "D": [2, 4]})
    );
    fixture.page.screenshot(&screenshot_path("explorer-pocket-cube.png"));
}

/// A one-node trace of the pocket cube whose start is drawn as `draw`.
fn one_node(draw: &Value) -> String {
    let state = "UUUURRRRFFFFDDDDLLLLBBBB";
    [
        json!({"format": "ida-star-trace", "version": 1, "puzzle": "pocket-cube", "instance": state,
               "algorithm": "ida", "heuristic": "zero", "event_cap": 10}),
        json!({"ev": "iteration_start", "bound": 0}),
        json!({"ev": "expand", "id": 0, "parent": null, "move": null, "depth": 0, "g": 0, "h": 0,
               "state": state, "draw": draw}),
        json!({"ev": "iteration_end", "bound": 0, "generated": 0, "expanded": 1, "pruned": 0,
               "next_bound": null}),
        json!({"ev": "stats", "generated": 1, "expanded": 1,
               "iterations": [{"bound": 0, "generated": 0, "expanded": 1}], "peak": 1,
               "elapsed_ms": 0, "outcome": "no-solution", "reason": "a drawing fixture"}),
    ]
    .iter()
    .map(Value::to_string)
    .collect::<Vec<_>>()
    .join("\n")
}

#[test]
fn a_net_of_unknown_colours_or_the_wrong_length_is_shown_as_text() {
    let Some(fixture) = Fixture::new() else { return };
    let solved: Vec<u64> = (0..6).flat_map(|face| [face; 4]).collect();
    let mut six = solved.clone();
    six[5] = 6;
    let mut named = json!(solved.clone());
    named[0] = json!("#ffffff");
    let cases = [
        (json!({"kind": "cube-net", "stickers": solved}), true),
        (json!({"kind": "cube-net", "stickers": &solved[..23]}), false),
        (json!({"kind": "cube-net", "stickers": six}), false),
        (json!({"kind": "cube-net", "stickers": named}), false),
        (json!({"kind": "cube-net", "stickers": vec![-1; 24]}), false),
        (json!({"kind": "cube-net"}), false),
    ];
    for (draw, drawn) in cases {
        fixture
            .page
            .run("await explorer.load(arguments[0], 'cube.jsonl');", &[json!(one_node(&draw))]);
        let shown = drawn_stickers(&fixture);
        if drawn {
            assert_eq!(shown["stickers"].as_array().unwrap().len(), 24, "{draw}: {shown}");
        } else {
            assert_eq!(
                (&shown["label"], shown["text"].as_str()),
                (&Value::Null, Some("UUUURRRRFFFFDDDDLLLLBBBB")),
                "{draw}: shown as the state's text"
            );
        }
    }
}
