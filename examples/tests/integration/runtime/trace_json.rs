//! `--trace-json FILE`: every program writes the trace format of docs/trace-format.md, its
//! figures the driver's own (the same as `--stats` gives), and the file whole or not at all.

use std::path::PathBuf;

use serde_json::Value;

use crate::common::{self, text};

const SLIDING_IN: &str = include_str!("../../../data/sliding-sample.in");
const ROTATION_IN: &str = include_str!("../../../data/rotation-sample.in");
const WALL_IN: &str = include_str!("../../../data/wall-pusher-sample.in");

/// A fresh path for a trace file, under the tests' temporary directory.
fn trace_path(name: &str) -> PathBuf {
    let directory = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("trace-json");
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// The `--stats` line's `key=value` figures that are numbers.
fn figure(line: &str, key: &str) -> u64 {
    let value = line.split(' ').find_map(|pair| pair.strip_prefix(&format!("{key}="))).unwrap();
    value.parse().unwrap_or_else(|_| panic!("{key} in {line}"))
}

/// Each case's run in a trace: its lines from the header to the `stats` line.
fn runs(trace: &str) -> Vec<Vec<Value>> {
    let mut runs: Vec<Vec<Value>> = Vec::new();
    for line in trace.lines() {
        let value: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        if value.get("format").is_some() {
            runs.push(Vec::new());
        }
        runs.last_mut().expect("a header first").push(value);
    }
    runs
}

#[test]
fn each_case_s_iterations_in_the_trace_are_the_stats_figures() {
    let programs = [
        ("sliding", SLIDING_IN, "linear-conflict"),
        ("rotation", ROTATION_IN, "count"),
        ("wall-pusher", WALL_IN, "exit-distance"),
    ];
    for (program, input, heuristic) in programs {
        let path = trace_path(&format!("{program}.jsonl"));
        let output = common::program(program)
            .args(["--stats", "--heuristic", heuristic])
            .arg("--trace-json")
            .arg(&path)
            .write_stdin(input)
            .assert()
            .success();
        let stderr = text(&output.get_output().stderr);
        let stats: Vec<&str> = stderr.lines().filter(|line| line.starts_with("case=")).collect();
        let trace = std::fs::read_to_string(&path).unwrap();
        let runs = runs(&trace);
        assert_eq!(runs.len(), stats.len(), "{program}: a run per case");
        for (run, stats) in runs.iter().zip(&stats) {
            let header = &run[0];
            assert_eq!(header["format"], "ida-star-trace", "{program}");
            assert_eq!(header["puzzle"], program);
            let ends: Vec<&Value> = run.iter().filter(|e| e["ev"] == "iteration_end").collect();
            assert_eq!(ends.len() as u64, figure(stats, "iterations"), "{program} {stats}");
            let expanded: u64 = ends.iter().map(|e| e["expanded"].as_u64().unwrap()).sum();
            assert_eq!(expanded, figure(stats, "expanded"), "{program} {stats}");
            let last = run.last().unwrap();
            assert_eq!(last["ev"], "stats", "{program}");
            assert_eq!(last["generated"].as_u64().unwrap(), figure(stats, "generated"));
            assert_eq!(last["expanded"].as_u64().unwrap(), figure(stats, "expanded"));
            if !ends.is_empty() {
                // The iterations' children, and the start counted once.
                let generated: u64 = ends.iter().map(|e| e["generated"].as_u64().unwrap()).sum();
                assert_eq!(generated + 1, figure(stats, "generated"), "{program} {stats}");
                let expands = run.iter().filter(|e| e["ev"] == "expand").count() as u64;
                assert_eq!(expands, expanded, "{program}: an expand line per node expanded");
            }
        }
    }
}

#[test]
fn the_event_cap_leaves_a_marker_and_the_summaries() {
    let path = trace_path("capped.jsonl");
    common::program("sliding")
        .args(["--heuristic", "manhattan", "--trace-json-limit", "5", "--trace-json"])
        .arg(&path)
        .write_stdin("1 2 5 3 4 0 6 7 8\n")
        .assert()
        .success()
        .stdout("ULL\n");
    let runs = runs(&std::fs::read_to_string(&path).unwrap());
    let kinds: Vec<&str> = runs[0].iter().skip(1).map(|e| e["ev"].as_str().unwrap()).collect();
    assert_eq!(kinds.iter().filter(|&&kind| kind == "truncated").count(), 1, "{kinds:?}");
    assert!(kinds.contains(&"iteration_end"), "{kinds:?}");
    assert_eq!(kinds.last(), Some(&"stats"));
}

#[test]
fn a_run_that_fails_leaves_no_file() {
    let path = trace_path("failed.jsonl");
    let output = common::program("sliding")
        .args(["--heuristic", "manhattan", "--trace-json"])
        .arg(&path)
        .write_stdin("1 2 5 3 4 0 6 7 8\n1 2 x\n")
        .assert()
        .code(2)
        .stdout("ULL\n");
    assert!(text(&output.get_output().stderr).contains("case 2"));
    assert!(!path.exists(), "a trace is written whole or not at all");
    let partial = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .filter_map(Result::ok)
        .any(|entry| entry.file_name().to_string_lossy().starts_with(".failed.jsonl."));
    assert!(!partial, "the temporary file is removed");
}

/// A trace that cannot be written (a full disk: `/dev/full`) is reported naming the file, not as
/// the standard output's failure, with the output's status, 1.
#[cfg(target_os = "linux")]
#[test]
fn a_trace_that_cannot_be_written_is_named() {
    let output = common::program("sliding")
        .args(["--trace-json", "/dev/full"])
        .write_stdin("1 2 0 3 4 5 6 7 8\n")
        .assert()
        .code(1);
    let stderr = text(&output.get_output().stderr);
    assert!(
        stderr.starts_with("error: --trace-json /dev/full: cannot write: No space left on device"),
        "{stderr}"
    );
}

/// A run killed while it writes its trace (`SIGKILL`: nothing can clean up) leaves its temporary
/// file; the next run writing the same trace removes it.
#[cfg(target_os = "linux")]
#[test]
fn the_temporary_file_of_a_killed_run_is_removed_by_the_next() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let path = trace_path("killed.jsonl");
    let directory = path.parent().unwrap().to_owned();
    let partials = || -> Vec<String> {
        std::fs::read_dir(&directory)
            .unwrap()
            .filter_map(Result::ok)
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .filter(|name| name.starts_with(".killed.jsonl.") && name.ends_with(".partial"))
            .collect()
    };
    let mut killed = Command::new(common::program_path("sliding"))
        .args(["--heuristic", "manhattan", "--trace-json"])
        .arg(&path)
        .env("XDG_CACHE_HOME", common::cache_home())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Korf's instance 1: seconds of search, its trace written meanwhile.
    std::io::Write::write_all(killed.stdin.as_mut().unwrap(), super::KORF_1.as_bytes()).unwrap();
    let left = format!(".killed.jsonl.{}.partial", killed.id());
    let deadline = Instant::now() + Duration::from_secs(60);
    while !partials().contains(&left) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    killed.kill().unwrap();
    killed.wait().unwrap();
    assert_eq!(partials(), [left], "the killed run's temporary file is left");
    common::program("sliding")
        .args(["--heuristic", "manhattan", "--trace-json"])
        .arg(&path)
        .write_stdin("1 2 0 3 4 5 6 7 8\n")
        .assert()
        .success()
        .stdout("LL\n");
    assert_eq!(partials(), Vec::<String>::new(), "the next run removes it");
    assert_eq!(runs(&std::fs::read_to_string(&path).unwrap()).len(), 1);
}

#[test]
fn trace_json_and_trace_together_are_a_usage_error() {
    let path = trace_path("both.jsonl");
    let output =
        common::run("rotation", &["--trace", "--trace-json", path.to_str().unwrap()], "0\n");
    let stderr = text(&output.code(2).get_output().stderr);
    assert!(stderr.contains("--trace-json"), "{stderr}");
}
