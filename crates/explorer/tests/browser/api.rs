//! The server over HTTP, no browser: the listing, bad requests, the body limit, cancellation.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use super::harness::Server;
use super::http::request;
use super::{driver_run, run_path};

/// A 15-puzzle that IDA* with the Manhattan distance takes minutes over: a search that runs
/// until it is cancelled.
pub const LONG: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

/// Waits (up to 15 s) until `done`; fails naming `what` otherwise.
pub fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_listing_names_every_puzzle_with_its_heuristics_and_presets() {
    let server = Server::start();
    let listing = request(server.port, "GET", "/api/puzzles", None).unwrap().json();
    let names: Vec<&str> = listing["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["sliding", "rotation", "wall-pusher", "pancake"]);
    let algorithms = ["ida", "iddfs", "bts", "bfs", "ucs", "astar"];
    assert_eq!(listing["algorithms"], serde_json::json!(algorithms));
    assert_eq!(listing["event_cap"], 1_000_000);
    let sliding = &listing["puzzles"][0];
    assert_eq!(sliding["heuristics"][0], "manhattan");
    assert_eq!(sliding["heuristics"].as_array().unwrap().last().unwrap(), "zero");
    // Every preset of every puzzle is an instance its parser accepts.
    let registry = explorer::Registry::builtin();
    for puzzle in listing["puzzles"].as_array().unwrap() {
        let entry = registry.get(puzzle["name"].as_str().unwrap()).unwrap();
        for preset in puzzle["presets"].as_array().unwrap() {
            let text = preset["instance"].as_str().unwrap();
            assert_eq!(entry.check(text), Ok(()), "{}: {}", puzzle["name"], preset["name"]);
        }
    }
}

#[test]
fn the_page_and_its_modules_are_served_from_the_binary() {
    let server = Server::start();
    let index = request(server.port, "GET", "/", None).unwrap();
    assert_eq!(index.status, 200);
    assert!(index.text().contains("id=\"embedded-trace\""));
    let module = request(server.port, "GET", "/js/main.js", None).unwrap();
    assert_eq!(module.header("content-type"), Some("text/javascript; charset=utf-8"));
    let d3 = request(server.port, "GET", "/vendor/d3-hierarchy/d3-hierarchy.mjs", None).unwrap();
    assert_eq!(d3.status, 200);
    assert_eq!(request(server.port, "GET", "/js/nothing.js", None).unwrap().status, 404);
}

#[test]
fn a_run_streams_the_trace_the_driver_records() {
    let server = Server::start();
    let instance = "0 1 2 3 7 5 6 8 4";
    let body = serde_json::json!({"puzzle": "sliding", "instance": instance, "algorithm": "ida", "heuristic": "manhattan"});
    let answer =
        request(server.port, "POST", "/api/run", Some(body.to_string().as_bytes())).unwrap();
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("content-type"), Some("application/jsonl; charset=utf-8"));
    let (_, expected) = driver_run("sliding", instance, "ida", "manhattan", 1_000_000);
    // The same lines but for the timings.
    let strip = |text: &str| -> Vec<serde_json::Value> {
        text.lines()
            .filter(|l| !l.is_empty())
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                if let Some(o) = v.as_object_mut() {
                    o.remove("elapsed_ms");
                }
                v
            })
            .collect()
    };
    assert_eq!(strip(&answer.text()), strip(&expected));
    // And by GET, as the page's `?trace=` asks for it.
    let get = request(server.port, "GET", &run_path("sliding", instance, "ida", "manhattan"), None)
        .unwrap();
    assert_eq!(strip(&get.text()), strip(&expected));
}

#[test]
fn a_bad_request_is_answered_400_with_the_parsers_message() {
    let server = Server::start();
    let bad = |body: serde_json::Value| {
        let answer =
            request(server.port, "POST", "/api/run", Some(body.to_string().as_bytes())).unwrap();
        assert_eq!(answer.status, 400, "{body}");
        answer.text()
    };
    let run = |instance: &str, algorithm: &str, heuristic: &str| serde_json::json!({"puzzle": "sliding", "instance": instance, "algorithm": algorithm, "heuristic": heuristic});
    for malformed in ["0 1 2 x", "0 1 2 3 4", "0 1 2 3 4 5 6 7 9"] {
        assert_eq!(bad(run(malformed, "ida", "manhattan")), parser_message(malformed));
    }
    assert_eq!(parser_message("0 1 2 x"), r#"case 1 (line 1): token "x" is not an integer"#);
    assert!(
        bad(run("0 1 2 3 4 5 6 7 8", "dfs", "manhattan")).starts_with(r#"unknown algorithm "dfs""#)
    );
    assert!(bad(run("0 1 2 3 4 5 6 7 8", "ida", "pdb")).contains("no heuristic 'pdb'"));
    let chess = serde_json::json!({"puzzle": "chess", "instance": "", "algorithm": "ida"});
    assert!(bad(chess).starts_with("no puzzle 'chess'"));
    assert_eq!(server.app.running(), 0, "nothing was searched");
}

/// What the sliding puzzle's own parser says of `instance`.
pub fn parser_message(instance: &str) -> String {
    puzzle_sliding::cases(instance).next().unwrap().unwrap_err().to_string()
}

#[test]
fn request_bodies_are_size_limited() {
    let server = Server::start();
    let huge = serde_json::json!({"puzzle": "sliding", "instance": "0 ".repeat(100_000), "algorithm": "ida"});
    let answer =
        request(server.port, "POST", "/api/run", Some(huge.to_string().as_bytes())).unwrap();
    assert_eq!(answer.status, 413);
}

/// Sends a run's request and reads the answer's first bytes, leaving the stream open.
fn open_run(port: u16, instance: &str) -> TcpStream {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let body = serde_json::json!({"puzzle": "sliding", "instance": instance, "algorithm": "ida", "heuristic": "manhattan", "cap": 10}).to_string();
    write!(
        stream,
        "POST /api/run HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut first = [0; 64];
    stream.read_exact(&mut first).unwrap();
    assert!(first.starts_with(b"HTTP/1.1 200"));
    stream
}

#[test]
fn a_client_going_away_cancels_its_search() {
    let server = Server::start();
    let stream = open_run(server.port, LONG);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(server.app.running(), 1, "the search is under way");
    drop(stream);
    // The server finds out at its next write (a blank line each second when the search writes
    // nothing), and the search at its next look at the flag.
    wait_until("the search stops", || server.app.running() == 0);
}

#[test]
fn a_new_run_cancels_the_one_before() {
    let server = Server::start();
    let mut first = open_run(server.port, LONG);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(server.app.running(), 1);
    let (expected, _) = driver_run("sliding", "0 1 2 3 7 5 6 8 4", "ida", "manhattan", 10);
    let second = serde_json::json!({"puzzle": "sliding", "instance": "0 1 2 3 7 5 6 8 4", "algorithm": "ida", "cap": 10});
    let answer =
        request(server.port, "POST", "/api/run", Some(second.to_string().as_bytes())).unwrap();
    let last: serde_json::Value =
        serde_json::from_str(answer.text().lines().last().unwrap()).unwrap();
    assert_eq!(last["generated"], expected.generated);
    wait_until("the first search stops", || server.app.running() == 0);
    // The first run's trace ends with its stats: stopped, cancelled.
    first.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut rest = Vec::new();
    let _ = first.read_to_end(&mut rest);
    let rest = String::from_utf8_lossy(&rest);
    let stats = rest.lines().rev().find(|l| l.contains("\"ev\":\"stats\"")).expect("a stats line");
    assert!(stats.contains("\"outcome\":\"stopped\""), "{stats}");
    assert!(stats.contains("cancelled"), "{stats}");
}

#[test]
fn a_random_instance_is_one_the_parser_reads() {
    let server = Server::start();
    let answer =
        request(server.port, "GET", "/api/random?puzzle=sliding&size=4&moves=20&seed=7", None)
            .unwrap();
    let instance = answer.json()["instance"].as_str().unwrap().to_owned();
    assert_eq!(instance.split(' ').count(), 16);
    let registry = explorer::Registry::builtin();
    assert_eq!(registry.get("sliding").unwrap().check(&instance), Ok(()));
    // 20 moves from the goal, as asked.
    let (run, _) = driver_run("sliding", &instance, "ida", "manhattan", 10);
    assert_eq!(run.cost, Some(20), "{run:?}");
    let none = request(server.port, "GET", "/api/random?puzzle=wall-pusher&moves=5", None).unwrap();
    assert_eq!(none.status, 400);
}

/// `explore` itself, killed when dropped.
struct Explore(std::process::Child);

impl Drop for Explore {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_command_line_listens_on_loopback_and_prints_the_url() {
    use std::io::BufRead;
    let mut explore = Explore(
        std::process::Command::new(env!("CARGO_BIN_EXE_explore"))
            .args(["--port", "0"])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut line = String::new();
    std::io::BufReader::new(explore.0.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let port: u16 = line
        .trim()
        .strip_prefix("explorer: http://127.0.0.1:")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .parse()
        .unwrap();
    assert_eq!(request(port, "GET", "/api/status", None).unwrap().json()["running"], 0);
}

#[test]
fn the_command_line_warns_when_it_listens_beyond_loopback() {
    use std::io::BufRead;
    let mut explore = Explore(
        std::process::Command::new(env!("CARGO_BIN_EXE_explore"))
            .args(["--bind", "0.0.0.0", "--port", "0"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut warning = String::new();
    std::io::BufReader::new(explore.0.stderr.take().unwrap()).read_line(&mut warning).unwrap();
    assert!(
        warning.starts_with("explore: warning: listening on 0.0.0.0, not loopback"),
        "{warning:?}"
    );
    // The URL printed is one this machine can open.
    let mut line = String::new();
    std::io::BufReader::new(explore.0.stdout.take().unwrap()).read_line(&mut line).unwrap();
    assert!(line.starts_with("explorer: http://127.0.0.1:"), "{line:?}");
}

#[test]
fn an_export_of_a_bad_instance_fails_with_the_parsers_message() {
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("never-written.html");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_explore"))
        .args(["--export", out.to_str().unwrap(), "--puzzle", "sliding", "--instance", "0 1 2 x"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(&parser_message("0 1 2 x")), "{stderr}");
    assert!(!out.exists());
}

/// The most memory the server may hold while it serves a best-first run: what
/// `explorer::server::BEST_FIRST_BUDGET` promises (`docs/performance.md` has the figures).
const BEST_FIRST_MEMORY: u64 = 512 << 20;

/// The largest resident size `pid` has had (`VmHWM`), in bytes.
fn peak_memory(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).expect("a VmHWM line");
    let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

#[test]
fn a_best_first_run_on_korf_1_ends_within_its_memory_bound() {
    use std::io::BufRead;
    let mut explore = Explore(
        std::process::Command::new(env!("CARGO_BIN_EXE_explore"))
            .args(["--port", "0"])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut line = String::new();
    std::io::BufReader::new(explore.0.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let port: u16 = line.trim().trim_end_matches('/').rsplit(':').next().unwrap().parse().unwrap();
    // Korf's 15-puzzle instance 1 is LONG: more states than any best-first driver can hold.
    // A* holds the most per node; the largest event cap holds the trace's bookkeeping longest.
    for (algorithm, cap) in [("bfs", 1_000_000), ("astar", 5_000_000)] {
        let path = format!("{}&cap={cap}", run_path("sliding", LONG, algorithm, "manhattan"));
        let answer = request(port, "GET", &path, None).unwrap();
        let text = answer.text();
        let stats: serde_json::Value =
            serde_json::from_str(text.lines().rfind(|l| !l.is_empty()).unwrap()).unwrap();
        assert_eq!(stats["outcome"], "stopped", "{algorithm}: {stats}");
        let budget = explorer::server::BEST_FIRST_BUDGET;
        let reason = stats["reason"].as_str().unwrap();
        assert!(
            reason.ends_with(&format!("the run's budget is {budget} nodes generated")),
            "{reason}"
        );
        assert!(stats["generated"].as_u64().unwrap() <= budget + 4, "{stats}");
    }
    let peak = peak_memory(explore.0.id());
    assert!(peak < BEST_FIRST_MEMORY, "the server's peak: {} MB", peak >> 20);
    eprintln!("the server's peak: {} MB", peak >> 20);
}
