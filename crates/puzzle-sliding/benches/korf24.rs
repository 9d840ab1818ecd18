//! The 24-puzzle with the 6-6-6-6 pattern databases: the databases' build, and Korf and
//! Taylor's ten instances, side by side with the C program if it is at hand.
//!
//! ```text
//! cargo bench -p puzzle-sliding --bench korf24 -- build [--threads N,M,...]
//! cargo bench -p puzzle-sliding --bench korf24 -- solve [--only ID,ID,...] [--threads N,M,...]
//!     [--cache PATH] [--time-limit SECONDS] [--runs RUNS]
//! ```
//!
//! - `build`: builds both databases ([`SymmetricDatabases::build`]) once per thread count,
//!   and prints the time and the process's peak resident memory so far (Linux's `VmHWM`).
//! - `solve`: reads the databases from `--cache` (default `target/tmp/pdb24.bin`), building and
//!   writing them there on the first run, then solves the chosen instances (default: all ten)
//!   with each thread count in turn (`1` is the sequential driver), `--runs` times (default 1),
//!   each under `--time-limit` seconds (default 1800). For each run: the length found against
//!   Korf and Taylor's, the generated nodes, the search's time and rate; then each iteration's
//!   bound and generated nodes, to compare line by line with the C program's standard error.
//!   When `SLIDING24_BASELINE` names the C program (`sliding24-pdb`, built by the shared
//!   `baselines/build.sh`) and `SLIDING24_DB` the directory of its databases (its `--db`), it
//!   runs on the same instance after each of our runs: its answer and node count must be ours,
//!   and the ratio of the medians of the search times (each program's own) is printed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use puzzle_sliding::{
    Sliding, SymmetricDatabases, TWENTY_FOUR_6_6_6_6, Tracked, TrackedBoard, TrackedBound,
};
use search_core::{IdaStar, Limits, Outcome, Report};

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|arg| arg != "--bench").collect();
    let value = |name: &str| {
        args.iter().position(|arg| arg == name).and_then(|at| args.get(at + 1)).cloned()
    };
    let list = |name: &str, default: &str| -> Vec<usize> {
        value(name)
            .unwrap_or_else(|| default.to_owned())
            .split(',')
            .map(|n| n.parse().expect("a list of numbers"))
            .collect()
    };
    let threads = list("--threads", "1");
    match args.first().map(String::as_str) {
        Some("build") => build(&threads),
        Some("solve") => {
            let cache = value("--cache").map_or_else(
                || Path::new(env!("CARGO_TARGET_TMPDIR")).join("pdb24.bin"),
                PathBuf::from,
            );
            let only = value("--only").map(|_| list("--only", ""));
            let limit = value("--time-limit").map_or(1800, |s| s.parse().expect("seconds"));
            let runs = value("--runs").map_or(1, |s| s.parse().expect("a number of runs"));
            solve(&cache, only.as_deref(), &threads, Duration::from_secs(limit), runs);
        }
        _ => eprintln!("usage: korf24 build|solve [options] (see the source's doc)"),
    }
}

fn build(threads: &[usize]) {
    let puzzle = Sliding::new(5);
    for &threads in threads {
        let started = Instant::now();
        let databases = SymmetricDatabases::build_watched(
            &puzzle,
            &TWENTY_FOUR_6_6_6_6,
            threads,
            |table, tables| {
                let seconds = started.elapsed().as_secs_f64();
                eprintln!("  table {} of {tables} started at {seconds:.1} s", table + 1);
            },
        );
        println!(
            "build, {threads} thread(s): {:.1} s, peak resident memory so far {} MB",
            started.elapsed().as_secs_f64(),
            peak_megabytes()
        );
        drop(databases);
    }
}

fn solve(cache: &Path, only: Option<&[usize]>, threads: &[usize], limit: Duration, runs: usize) {
    let puzzle = Sliding::new(5);
    let started = Instant::now();
    let (databases, problem) =
        SymmetricDatabases::cached(&puzzle, &TWENTY_FOUR_6_6_6_6, cache, 0, |table, tables| {
            eprintln!("building table {} of {tables}", table + 1);
        });
    if let Some(problem) = problem {
        eprintln!("{}: {problem}", cache.display());
    }
    let ready = started.elapsed().as_secs_f64();
    println!("databases ready in {ready:.1} s ({}, peak {} MB)", cache.display(), peak_megabytes());
    let baseline = std::env::var("SLIDING24_BASELINE").ok().zip(std::env::var("SLIDING24_DB").ok());
    let tracked = Tracked::new(&puzzle, &databases);
    for instance in common::korf_taylor() {
        if only.is_some_and(|only| !only.contains(&(instance.id as usize))) {
            continue;
        }
        let start = TrackedBoard::new(&databases, &instance.board);
        println!(
            "instance {} (optimal {}), h = {}",
            instance.id,
            instance.length,
            start.estimate()
        );
        let mut times: Vec<Vec<f64>> = vec![Vec::new(); threads.len() + 1];
        for _ in 0..runs {
            for (which, &count) in threads.iter().enumerate() {
                let limits = Limits::default().deadline(Instant::now() + limit);
                let mut driver = IdaStar::new(&tracked, &TrackedBound).limits(limits);
                let report =
                    if count == 1 { driver.run(&start) } else { driver.threads(count).run(&start) };
                let (moves, line) = describe(&report, instance.length);
                println!("  {count} thread(s): {line}");
                times[which].push(report.stats.elapsed.as_secs_f64());
                for iteration in &report.stats.iterations {
                    println!("    bound {}: generated {}", iteration.bound, iteration.generated);
                }
                if let (Some((program, db)), true) = (&baseline, which + 1 == threads.len()) {
                    let (generated, seconds, c_moves) = run_c(program, db, instance.line);
                    println!("  C: {generated} generated, {seconds:.1} s");
                    assert_eq!(generated, report.stats.generated, "the C program's node count");
                    assert_eq!(c_moves, moves, "the C program's moves");
                    times[threads.len()].push(seconds);
                }
            }
        }
        let medians: Vec<f64> = times.iter().map(|times| median(times)).collect();
        for (which, &count) in threads.iter().enumerate().skip(1) {
            let ratio = medians[which] / medians[0];
            println!("  ratio {count} thread(s) / {} thread(s): {ratio:.3}", threads[0]);
        }
        if baseline.is_some() && runs > 0 {
            println!(
                "  ratio {} thread(s) / C: {:.3}",
                threads[0],
                medians[0] / medians[threads.len()]
            );
        }
    }
}

/// The moves found, and a line about the run.
fn describe(report: &Report<puzzle_sliding::Slide, u8>, optimal: u8) -> (String, String) {
    let seconds = report.stats.elapsed.as_secs_f64();
    let generated = report.stats.generated;
    #[expect(clippy::cast_precision_loss, reason = "a rate to three figures")]
    let rate = generated as f64 / seconds / 1e6;
    let (moves, found) = match &report.outcome {
        Outcome::Solved(solution) => {
            assert_eq!(solution.cost, optimal, "Korf and Taylor's length");
            let moves: String = solution.moves.iter().map(ToString::to_string).collect();
            (moves.clone(), format!("length {} {moves}", solution.cost))
        }
        Outcome::Stopped { reason, bound } => {
            (String::new(), format!("stopped ({reason:?}) at bound {bound}"))
        }
        Outcome::NoSolution => unreachable!("Korf and Taylor's boards are solvable"),
        other => unreachable!("an outcome IDA* does not return: {other:?}"),
    };
    (moves, format!("{generated} generated, {seconds:.1} s, {rate:.1} M nodes/s, {found}"))
}

/// Runs the C program on one instance's line: its generated nodes, search seconds and moves.
fn run_c(program: &str, db: &str, line: &str) -> (u64, f64, String) {
    let mut child = Command::new(program)
        .args(["--db", db])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the C program runs");
    child.stdin.take().expect("piped").write_all(format!("{line}\n").as_bytes()).expect("written");
    let output = child.wait_with_output().expect("the C program ends");
    let out = String::from_utf8(output.stdout).expect("text");
    // "id length generated seconds moves"
    let fields: Vec<&str> = out.split_whitespace().collect();
    (
        fields[2].parse().expect("nodes"),
        fields[3].parse().expect("seconds"),
        fields.get(4).unwrap_or(&"").to_string(),
    )
}

fn median(times: &[f64]) -> f64 {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied().unwrap_or(f64::NAN)
}

/// The process's peak resident memory so far, in MB (Linux; 0 elsewhere).
fn peak_megabytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb / 1024)
}
