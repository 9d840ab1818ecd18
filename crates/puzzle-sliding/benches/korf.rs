//! Korf's 100 random 15-puzzle instances as the framework's speed test.
//!
//! ```text
//! cargo bench -p puzzle-sliding --bench korf -- [manhattan|pdb|all] [RUNS]
//! ```
//!
//! - `manhattan` (the default): the 51 instances under 60 million nodes, IDA\* with the
//!   Manhattan distance, every length and node count checked against Korf's columns. When
//!   `SLIDING_BASELINE` names the C baseline (`sliding-ida-md`, built by the project's shared
//!   `baselines/build.sh`), it runs on the same 51 instances (fed on its standard input),
//!   alternating with ours, and the ratio of the medians is printed.
//! - `pdb`: all 100 instances with the 6-6-3 pattern databases, **built afresh in every run** and
//!   counted in its time; every length checked.
//!
//! RUNS defaults to 5; medians are printed.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use puzzle_sliding::{DisjointDatabases, FIFTEEN_6_6_3, Manhattan, Sliding};
use search_core::{Heuristic, ida_star};

// The instances and their parser are the tests' (`tests/common`), so both read the same data.
#[path = "../tests/common/mod.rs"]
mod common;

use common::{Instance, korf as instances};

/// The node limit of the Manhattan benchmark.
const UNDER: u64 = 60_000_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|arg| arg != "--bench").collect();
    let runs = args.iter().find_map(|arg| arg.parse().ok()).unwrap_or(5);
    let mode = args.iter().find(|arg| arg.parse::<usize>().is_err()).map_or("manhattan", |m| m);
    let all = instances();
    if matches!(mode, "manhattan" | "all") {
        manhattan(&all, runs);
    }
    if matches!(mode, "pdb" | "all") {
        pdb(&all, runs);
    }
}

/// Ours against the C baseline, if any, on the instances under 60 million nodes.
fn manhattan(all: &[Instance], runs: usize) {
    let chosen: Vec<&Instance> = all.iter().filter(|instance| instance.nodes < UNDER).collect();
    let expected: u64 = chosen.iter().map(|instance| instance.nodes).sum();
    let baseline = std::env::var_os("SLIDING_BASELINE");
    let input: String = chosen.iter().flat_map(|instance| [instance.line, "\n"]).collect();
    let puzzle = Sliding::new(4);
    let ours = || {
        let started = Instant::now();
        let mut nodes = 0;
        for instance in &chosen {
            let report = ida_star(&puzzle, &Manhattan, &instance.board);
            let length = report.outcome.solution().map(|solution| solution.cost);
            assert_eq!(length, Some(instance.length), "instance {}", instance.id);
            assert_eq!(report.stats.generated, instance.nodes, "instance {}", instance.id);
            nodes += report.stats.generated;
        }
        (started.elapsed(), nodes)
    };
    let theirs = |program: &std::ffi::OsStr| {
        let started = Instant::now();
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("SLIDING_BASELINE names a program");
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let output = child.wait_with_output().unwrap();
        let elapsed = started.elapsed();
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "the baseline found mismatches:\n{text}");
        assert!(text.contains(&format!("total nodes {expected}, 0 mismatches")), "{text}");
        elapsed
    };
    let (mut our_times, mut their_times) = (Vec::new(), Vec::new());
    for run in 0..runs {
        // Alternate which side goes first, so neither always runs on a warmer machine.
        if run % 2 == 1
            && let Some(program) = &baseline
        {
            their_times.push(theirs(program));
        }
        let (time, nodes) = ours();
        assert_eq!(nodes, expected);
        our_times.push(time);
        if run % 2 == 0
            && let Some(program) = &baseline
        {
            their_times.push(theirs(program));
        }
    }
    println!(
        "15-puzzle, Manhattan distance, the {} Korf instances under {UNDER} nodes: {expected} nodes, {runs} runs",
        chosen.len()
    );
    let ours = report("generic driver", &mut our_times, expected);
    if baseline.is_some() {
        let theirs = report("C baseline", &mut their_times, expected);
        println!("ratio generic / C: {:.3}", ours.as_secs_f64() / theirs.as_secs_f64());
    } else {
        println!("(set SLIDING_BASELINE to the C baseline's path to run it side by side)");
    }
}

/// All 100 instances with the pattern databases, built afresh in every run.
fn pdb(all: &[Instance], runs: usize) {
    let puzzle = Sliding::new(4);
    let (mut totals, mut builds) = (Vec::new(), Vec::new());
    let mut nodes = 0;
    for _ in 0..runs {
        let started = Instant::now();
        let databases = DisjointDatabases::build(&puzzle, &FIFTEEN_6_6_3);
        builds.push(started.elapsed());
        nodes = 0;
        for instance in all {
            assert!(databases.estimate(&puzzle, &instance.board) <= instance.length);
            let report = ida_star(&puzzle, &databases, &instance.board);
            let length = report.outcome.solution().map(|solution| solution.cost);
            assert_eq!(length, Some(instance.length), "instance {}", instance.id);
            nodes += report.stats.generated;
        }
        totals.push(started.elapsed());
    }
    println!(
        "15-puzzle, 6-6-3 pattern databases with reflection, all 100 Korf instances, {runs} runs"
    );
    println!("{nodes} nodes generated in all ({} per instance on average)", nodes / 100);
    builds.sort();
    println!("building the databases: median {:>8.3} s", builds[builds.len() / 2].as_secs_f64());
    report("build + 100 searches", &mut totals, nodes);
}

/// Prints the median time and rate, and returns the median.
fn report(what: &str, times: &mut [Duration], nodes: u64) -> Duration {
    times.sort();
    let median = times[times.len() / 2];
    #[expect(clippy::cast_precision_loss, reason = "a rate printed to one decimal")]
    let rate = nodes as f64 / median.as_secs_f64() / 1e6;
    let all: Vec<String> = times.iter().map(|time| format!("{:.3}", time.as_secs_f64())).collect();
    println!(
        "{what:<22} median {:>8.3} s  {rate:>6.1} M nodes/s  (runs: {})",
        median.as_secs_f64(),
        all.join(" ")
    );
    median
}
