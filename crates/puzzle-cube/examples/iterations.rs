//! Solves cubes with Korf's bound ([`Tracked`]) and prints each IDA\* iteration's figures, for
//! the benchmarks of `docs/performance.md`: per case, a line per iteration (its bound, the nodes
//! it generated and expanded, its seconds), then the answer or the bound a node cap stopped at.
//! The databases are read from `DIR` (built there first if missing).
//!
//! ```sh
//! cargo run --release -p puzzle-cube --example iterations -- DIR FILE THREADS MAX_NODES [views]
//! ```
//!
//! `FILE` holds the `cube` program's input (scrambles or stickers, one a line); `MAX_NODES` 0
//! is no cap; `views` adds the edge groups' look-ups for the cube seen through the two
//! rotations about the `URF` corner's diagonal (the `cube` program's `korf-views`).

use std::path::Path;
use std::process::ExitCode;

use puzzle_cube::{Answer, Case, Cube, Korf, Rotation, Tracked, TrackedBound, Turn, cache, cases};
use search_core::{IdaStar, Limits, Report};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (views, args) = match args.as_slice() {
        [args @ .., last] if last == "views" => (true, args),
        args => (false, args),
    };
    let [directory, file, threads, max_nodes] = args else {
        eprintln!("usage: iterations DIR FILE THREADS MAX_NODES [views]");
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
    let rotations = [Rotation::URF_THIRD, Rotation::URF_TWO_THIRDS];
    let tracked_views = Tracked::with_views(&korf, rotations);
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
        let report = if views {
            search(&tracked_views, &cube, limits, threads)
        } else {
            search(&tracked, &cube, limits, threads)
        };
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

/// IDA\* on `threads` threads from `cube` with `tracked`'s bound, within `limits`.
fn search<const V: usize>(
    tracked: &Tracked<'_, V>,
    cube: &Cube,
    limits: Limits<u8>,
    threads: usize,
) -> Report<Turn, u8> {
    IdaStar::new(tracked, &TrackedBound).limits(limits).threads(threads).run(&tracked.start(cube))
}
