//! The f-limit and the repeated work made visible, against the driver's own figures: the cut
//! nodes holding the least f marked in the tree and becoming the next bound; the state space's
//! cut-off states drawn and its states expanded again over the iterations counted; the note when
//! the sliding puzzle's bound grows by 2.

use ida_examples::puzzles::sliding::page::TWO_BY_THREE;
use serde_json::{Value, json};

use super::harness::{Fixture, screenshot_path};
use super::page::EIGHT;
use super::{driver_run, run_path};

#[test]
fn the_least_f_cut_is_marked_and_becomes_the_next_bound() {
    let Some(fixture) = Fixture::new() else { return };
    let page = &fixture.page;
    let (expected, trace) = driver_run("sliding", TWO_BY_THREE, "ida", "manhattan", 1_000_000);
    let lines: Vec<Value> = trace.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    fixture.open_run(&run_path("sliding", TWO_BY_THREE, "ida", "manhattan"));
    let mut iteration = 0;
    let mut cut_at_least = 0;
    let mut most_before = 0;
    for (at, line) in lines.iter().enumerate().skip(1) {
        match line["ev"].as_str().unwrap() {
            "iteration_start" => cut_at_least = 0,
            "cut" if line["f"].as_u64() == expected.iterations[iteration].next_bound => {
                cut_at_least += 1;
            }
            "iteration_end" => {
                let figures = &expected.iterations[iteration];
                let seen = page.run(
                    "const s = explorer.seek(arguments[0]);
                     s.least = [...document.querySelectorAll('#tree .node.least')].map((g) => g.querySelector('.f').textContent);
                     s.again = document.querySelectorAll('#tree .node.again').length;
                     s.cutStates = [...document.querySelectorAll('#graph .gnode.cutoff title')].map((t) => t.textContent);
                     const rings = [...document.querySelectorAll('#graph circle.gnode[stroke-width]')].filter((c) => !c.matches('.current, .goal-state, .start-state'));
                     s.thickRings = rings.filter((c) => getComputedStyle(c).strokeWidth === c.getAttribute('stroke-width') + 'px').length;
                     return s;",
                    &[json!(at - 1)],
                );
                let what = format!("iteration {}: {seen}", iteration + 1);
                assert_eq!(seen["hiddenNodes"], 0, "the whole tree drawn: {what}");
                // The nodes marked are the cut nodes with the driver's next bound as their f.
                let next = figures.next_bound.map(|b| b.to_string());
                let least: Vec<Option<String>> = seen["least"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|f| f.as_str().map(str::to_owned))
                    .collect();
                // The goal's iteration has no next bound: nothing marked.
                let goal_found = iteration + 1 == expected.iterations.len();
                assert_eq!(least.len(), if goal_found { 0 } else { cut_at_least }, "{what}");
                assert!(least.iter().all(|f| *f == next), "{what}");
                // Cut-off states drawn, each priced beyond the bound.
                let cut_states = seen["cutStates"].as_array().unwrap();
                assert_eq!(
                    seen["graph"]["cut"].as_u64().unwrap(),
                    cut_states.len() as u64,
                    "{what}"
                );
                if figures.pruned > 0 && iteration + 1 < expected.iterations.len() {
                    assert!(!cut_states.is_empty(), "{what}");
                }
                for title in cut_states {
                    let f: u64 = title
                        .as_str()
                        .unwrap()
                        .rsplit("cut off: f ")
                        .next()
                        .unwrap()
                        .parse()
                        .unwrap();
                    assert!(f > figures.bound, "{what}");
                }
                // Each iteration expands the start again: some state expanded k times by the
                // k-th iteration's end, and states reached again marked in the tree.
                let most = seen["graph"]["mostExpanded"].as_u64().unwrap();
                assert!(most > most_before && most > iteration as u64, "{what}");
                most_before = most;
                // The thick rings of states reached again are drawn as thick as the page says.
                if seen["graph"]["revisited"].as_u64().unwrap() > 0 {
                    assert!(seen["thickRings"].as_u64().unwrap() > 0, "{what}");
                }
                if seen["graph"]["revisited"].as_u64().unwrap() > 0 {
                    assert!(
                        seen["again"].as_u64().unwrap()
                            >= seen["graph"]["revisited"].as_u64().unwrap(),
                        "{what}"
                    );
                }
                if iteration == 1 {
                    page.screenshot(&screenshot_path("explorer-f-limit.png"));
                }
                iteration += 1;
            }
            _ => {}
        }
    }
    assert_eq!(iteration, expected.iterations.len());
}

#[test]
fn the_bound_growing_by_two_on_the_sliding_puzzle_is_explained() {
    let Some(fixture) = Fixture::new() else { return };
    let page = &fixture.page;
    let (expected, _) = driver_run("sliding", EIGHT, "ida", "manhattan", 1_000_000);
    assert_eq!(expected.iterations[1].bound - expected.iterations[0].bound, 2);
    fixture.open_run(&run_path("sliding", EIGHT, "ida", "manhattan"));
    let note = page.run(
        "explorer.nextIteration(); return document.getElementById('c-check').textContent;",
        &[],
    );
    assert_eq!(note, "The bound grew by 2 (4 to 6): each move changes h by one, so f by 0 or 2.",);
    let later =
        page.run("explorer.step(2); return document.getElementById('c-check').textContent;", &[]);
    assert_eq!(later, "", "said once, at the iteration's start");
}

#[test]
fn the_tree_and_the_state_space_are_saved_as_svg_and_png() {
    let Some(fixture) = Fixture::new() else { return };
    let page = &fixture.page;
    fixture.open_run(&run_path("sliding", TWO_BY_THREE, "ida", "manhattan"));
    let saved = page.run(
        "const s = explorer.seek(40);
         const out = { state: s };
         for (const view of ['tree', 'graph']) for (const as of ['svg', 'png']) out[view + as] = await explorer.snapshot(view, as);
         return out;",
        &[],
    );
    let tree = saved["treesvg"]["text"].as_str().unwrap();
    assert!(tree.starts_with("<?xml"), "{tree:.200}");
    let svg_nodes = tree.matches("<g data-id=").count();
    assert_eq!(
        svg_nodes as u64,
        saved["state"]["treeNodes"].as_u64().unwrap(),
        "a node per node drawn"
    );
    assert!(tree.contains("fill:rgb("), "styles written in: {tree:.400}");
    let graph = saved["graphsvg"]["text"].as_str().unwrap();
    assert_eq!(graph.matches("<title").count(), 360, "a circle per state of the 3x2 board");
    for view in ["treepng", "graphpng"] {
        assert_eq!(saved[view]["type"], "image/png");
        assert_eq!(saved[view]["head"], json!([0x89, b'P', b'N', b'G', 13, 10, 26, 10]), "{view}");
        assert!(saved[view]["size"].as_u64().unwrap() > 1000, "{view}: {}", saved[view]);
    }
    assert!(saved["treesvg"]["name"].as_str().unwrap().ends_with("-tree-event-41.svg"), "{saved}");
}
