//! The 24-puzzle with the 6-6-6-6 pattern databases: the databases' build, and Korf and
//! Taylor's ten instances.
//!
//! ```text
//! cargo bench -p puzzle-sliding --bench korf24 -- build [--threads N,M,...]
//! cargo bench -p puzzle-sliding --bench korf24 -- solve [--only ID,ID,...] [--threads N,M,...]
//!     [--cache PATH] [--time-limit SECONDS] [--runs RUNS]
//! ```
//!
//! - `build`: builds both databases ([`SymmetricDatabases::build`]) once per thread count,
//!   and prints the time and the process's peak resident memory so far (Linux's `VmHWM`).
//! - `solve`: reads the databases from `--cache` (default `target/pdb24.bin`), building and
//!   writing them there on the first run, then solves the chosen instances (default: all ten)
//!   with each thread count in turn (`1` is the sequential driver), `--runs` times (default 1),
//!   each under `--time-limit` seconds (default 1800). For each run: the length found against
//!   Korf and Taylor's, the generated nodes, the time and the rate; then each iteration's bound
//!   and generated nodes, to compare line by line with the C program's standard error
//!   (`sliding24-pdb --db DIR`).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use puzzle_sliding::{
    Sliding, SymmetricDatabases, TWENTY_FOUR_6_6_6_6, Tracked, TrackedBoard, TrackedBound,
};
use search_core::{IdaStar, Limits, Outcome, StopReason};

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
    let puzzle = Sliding::new(5);
    match args.first().map(String::as_str) {
        Some("build") => {
            for &threads in &threads {
                let started = Instant::now();
                let databases = SymmetricDatabases::build_watched(
                    &puzzle,
                    &TWENTY_FOUR_6_6_6_6,
                    threads,
                    |table, tables| {
                        eprintln!(
                            "  table {} of {tables}: {:.1} s",
                            table + 1,
                            started.elapsed().as_secs_f64()
                        );
                    },
                );
                println!(
                    "build, {threads} thread(s): {:.1} s, peak resident memory {} MB",
                    started.elapsed().as_secs_f64(),
                    peak_megabytes()
                );
                drop(databases);
            }
        }
        Some("solve") => {
            let cache =
                value("--cache").map_or_else(|| PathBuf::from("target/pdb24.bin"), PathBuf::from);
            let started = Instant::now();
            let (databases, problem) = SymmetricDatabases::cached(
                &puzzle,
                &TWENTY_FOUR_6_6_6_6,
                &cache,
                0,
                |table, tables| {
                    eprintln!("building table {} of {tables}", table + 1);
                },
            );
            if let Some(problem) = problem {
                eprintln!("{}: {problem}", cache.display());
            }
            println!(
                "databases ready in {:.1} s ({})",
                started.elapsed().as_secs_f64(),
                cache.display()
            );
            let only = value("--only").map(|_| list("--only", ""));
            let limit: u64 = value("--time-limit").map_or(1800, |s| s.parse().expect("seconds"));
            let runs = value("--runs").map_or(1, |s| s.parse().expect("a number of runs"));
            let tracked = Tracked::new(&puzzle, &databases);
            for instance in common::korf_taylor() {
                if only.as_ref().is_some_and(|only| !only.contains(&(instance.id as usize))) {
                    continue;
                }
                let start = TrackedBoard::new(&databases, &instance.board);
                println!(
                    "instance {} (optimal {}), h = {}",
                    instance.id,
                    instance.length,
                    start.estimate()
                );
                for _ in 0..runs {
                    for &threads in &threads {
                        let limits =
                            Limits::default().deadline(Instant::now() + Duration::from_secs(limit));
                        let mut driver = IdaStar::new(&tracked, &TrackedBound).limits(limits);
                        let report = if threads == 1 {
                            driver.run(&start)
                        } else {
                            driver.threads(threads).run(&start)
                        };
                        let seconds = report.stats.elapsed.as_secs_f64();
                        let generated = report.stats.generated;
                        let rate = generated as f64 / seconds / 1e6;
                        let found = match &report.outcome {
                            Outcome::Solved(solution) => {
                                assert_eq!(
                                    solution.cost, instance.length,
                                    "instance {}",
                                    instance.id
                                );
                                let moves: String =
                                    solution.moves.iter().map(ToString::to_string).collect();
                                format!("length {} {moves}", solution.cost)
                            }
                            Outcome::Stopped { reason: StopReason::TimeLimit, .. } => {
                                let bound = report
                                    .stats
                                    .iterations
                                    .last()
                                    .map_or(0, |iteration| iteration.bound);
                                format!("stopped at the time limit, bound {bound}")
                            }
                            other => format!("{other:?}"),
                        };
                        println!(
                            "  {threads} thread(s): {generated} generated, {seconds:.1} s, {rate:.1} M nodes/s, {found}"
                        );
                        for iteration in &report.stats.iterations {
                            println!(
                                "    bound {}: generated {}",
                                iteration.bound, iteration.generated
                            );
                        }
                    }
                }
            }
        }
        _ => eprintln!("usage: korf24 build|solve [options] (see the source's doc)"),
    }
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
