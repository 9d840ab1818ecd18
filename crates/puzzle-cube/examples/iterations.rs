//! Solves cubes with Korf's bound ([`Tracked`]) and prints each IDA\* iteration's figures, for
//! the benchmarks of `docs/performance.md`: per case, a line per iteration (its bound, the nodes
//! it generated and expanded, its seconds), then the answer or the bound a node cap stopped at.
//! The databases are read from `DIR` (built there first if missing).
//!
//! ```sh
//! cargo run --release -p puzzle-cube --example iterations -- DIR FILE THREADS MAX_NODES
//! ```
//!
//! `FILE` holds the `cube` program's input (scrambles or stickers, one a line); `MAX_NODES` 0
//! is no cap.

use std::path::Path;
use std::process::ExitCode;

use puzzle_cube::{Answer, Case, Korf, Tracked, TrackedBound, cache, cases};
use search_core::{IdaStar, Limits};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [directory, file, threads, max_nodes] = args.as_slice() else {
        eprintln!("usage: iterations DIR FILE THREADS MAX_NODES");
        return ExitCode::from(2);
    };
    let (Ok(threads), Ok(max_nodes)) = (threads.parse::<usize>(), max_nodes.parse::<u64>()) else {
        eprintln!("iterations: THREADS and MAX_NODES are whole numbers");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("iterations: {file}: {error}");
            return ExitCode::from(2);
        }
    };
    let (korf, _, problem) = Korf::cached(&Path::new(directory).join(cache::FILE_NAME), threads);
    if let Some(problem) = problem {
        eprintln!("iterations: warning: {directory}: {problem}");
    }
    let tracked = Tracked::new(&korf);
    for (number, case) in cases(&text).enumerate() {
        let cube = match case {
            Ok(Case::Cube(cube)) => cube,
            Ok(Case::Pocket(_)) => {
                eprintln!("iterations: case {}: a pocket cube", number + 1);
                return ExitCode::from(2);
            }
            Err(error) => {
                eprintln!("iterations: {error}");
                return ExitCode::from(2);
            }
        };
        let mut limits = Limits::default();
        if max_nodes > 0 {
            limits = limits.max_generated(max_nodes);
        }
        let report = IdaStar::new(&tracked, &TrackedBound)
            .limits(limits)
            .threads(threads)
            .run(&tracked.start(&cube));
        for iteration in &report.stats.iterations {
            println!(
                "case {} bound {} generated {} expanded {} seconds {:.3}",
                number + 1,
                iteration.bound,
                iteration.generated,
                iteration.expanded,
                iteration.elapsed.as_secs_f64()
            );
        }
        let outcome = match Answer::from_outcome(report.outcome) {
            Ok(answer) => format!("length {} moves {answer}", answer.moves.len()),
            Err(stopped) => format!("stopped at bound {:?}", stopped.bound),
        };
        println!(
            "case {} {outcome} generated {} seconds {:.3}",
            number + 1,
            report.stats.generated,
            report.stats.elapsed.as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
