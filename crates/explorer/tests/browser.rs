//! The explorer tested as a person uses it: its server over HTTP, and its page in a real
//! headless Chromium driven through chromedriver (Debian's `chromium` and `chromium-driver`,
//! installed by `scripts/setup.sh`).
//!
//! One test binary: `api` talks to the server alone; `page` opens the page in the browser;
//! `form` runs searches from the page's run form; `markup` loads traces carrying markup; `f_limit`
//! shows the bound and the repeated work; `lecture` is the page at a projector's and a tablet's
//! size; `lecture_plan` takes docs/teaching.md's steps; `state_space` runs three drivers on a board
//! small enough to draw its every state; `fuzz` sends the router generated requests, good and bad.
//! `harness` starts what they need (`Fixture`).

#[path = "browser/api.rs"]
mod api;
#[path = "browser/f_limit.rs"]
mod f_limit;
#[path = "browser/form.rs"]
mod form;
#[path = "browser/fuzz.rs"]
mod fuzz;
#[path = "browser/harness.rs"]
mod harness;
#[path = "browser/http.rs"]
mod http;
#[path = "browser/lecture.rs"]
mod lecture;
#[path = "browser/lecture_plan.rs"]
mod lecture_plan;
#[path = "browser/markup.rs"]
mod markup;
#[path = "browser/page.rs"]
mod page;
#[path = "browser/state_space.rs"]
mod state_space;

/// The driver's own figures for a run, recorded here in the test, for the page to agree with.
fn driver_run(
    puzzle: &str,
    instance: &str,
    algorithm: &str,
    heuristic: &str,
    cap: u64,
) -> (explorer::RunSummary, String) {
    let registry = explorer::Registry::builtin();
    let mut trace = Vec::new();
    let options = explorer::Options { cap, ..explorer::Options::default() };
    let summary = registry
        .get(puzzle)
        .expect("a built-in puzzle")
        .run(instance, algorithm.parse().expect("a driver"), heuristic, &options, &mut trace)
        .expect("a good instance");
    (summary, String::from_utf8(trace).unwrap())
}

/// `text` with every byte but the unreserved ones percent-encoded, for a query string.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The server's path for a run.
fn run_path(puzzle: &str, instance: &str, algorithm: &str, heuristic: &str) -> String {
    format!(
        "/api/run?puzzle={}&instance={}&algorithm={algorithm}&heuristic={heuristic}",
        encode(puzzle),
        encode(instance)
    )
}
