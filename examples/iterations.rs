//! How much each bound saves, iteration by iteration: runs IDA\* on one board with every bound a
//! puzzle offers, and prints the nodes generated and expanded per iteration as a Markdown table;
//! with `--svg FILE`, also draws them (log scale) as the figure in `docs/`.
//!
//! ```text
//! iterations [--svg FILE] rotation [24 SYMBOLS]
//! iterations [--svg FILE] sliding [16 TILES]
//! ```

mod plot;

use std::process::ExitCode;
use std::time::Duration;

use ida_examples::EXIT_BAD_INPUT;
use plot::{Series, log_chart};
use puzzle_rotation::{Board as RotationBoard, CELLS, Count, Exact, Rotation};
use puzzle_sliding::{Board, DisjointDatabases, LinearConflict, Manhattan, Sliding};
use search_core::{Heuristic, IdaStar, IterationStats, Problem};

/// The text `--help` prints.
const USAGE: &str = "\
Usage: iterations [--svg FILE] rotation [24 SYMBOLS]
       iterations [--svg FILE] sliding [16 TILES]

Runs IDA* on one board with each bound the puzzle offers and prints, per bound and iteration, the
nodes generated and expanded and the time taken, as a Markdown table. With --svg FILE, also writes
a chart of the nodes generated per iteration (log scale).

Puzzles:
  rotation   The Rotation Game, bounds count and exact; by default the first board of hard-30
  sliding    the 15-puzzle, bounds manhattan, linear-conflict and pdb (6-6-3 databases, built
             first: several seconds); by default Korf's instance 1
";

/// The first board of `hard-30.in`: 11 moves (`ACADECCEFHF`), the longest answers of that set.
const ROTATION_DEFAULT: [u8; CELLS] =
    [1, 2, 3, 1, 2, 3, 2, 2, 3, 3, 2, 2, 1, 1, 3, 2, 1, 1, 1, 3, 3, 3, 2, 1];

/// Korf's first random instance (1985): 57 moves, 276,361,933 nodes with the Manhattan distance.
const KORF_1: [u8; 16] = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];

/// One bound's run: its name, each iteration's figures, and the answer's length.
struct Run {
    bound: &'static str,
    iterations: Vec<IterationStats<u8>>,
    length: usize,
}

fn run<P, H>(name: &'static str, problem: &P, heuristic: &H, start: &P::State) -> Run
where
    P: Problem<Cost = u8>,
    H: Heuristic<P>,
{
    let report = IdaStar::new(problem, heuristic).run(start);
    let length = report.outcome.solution().map_or(0, |solution| solution.moves.len());
    Run { bound: name, iterations: report.stats.iterations, length }
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "-h" || arg == "--help") {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let svg = match args.iter().position(|arg| arg == "--svg") {
        Some(at) if at + 1 < args.len() => Some(args.drain(at..=at + 1).nth(1).unwrap_or_default()),
        Some(_) => return usage("--svg needs a file name"),
        None => None,
    };
    let (title, runs) = match args.first().map(String::as_str) {
        Some("rotation") => match rotation(&args[1..]) {
            Ok(result) => result,
            Err(message) => return usage(&message),
        },
        Some("sliding") => match sliding(&args[1..]) {
            Ok(result) => result,
            Err(message) => return usage(&message),
        },
        Some(other) => return usage(&format!("unknown puzzle {other:?}")),
        None => return usage("which puzzle?"),
    };
    print_table(&title, &runs);
    if let Some(path) = svg {
        let series: Vec<Series> = runs
            .iter()
            .map(|run| Series {
                name: run.bound.to_owned(),
                points: run
                    .iterations
                    .iter()
                    .map(|i| (f64::from(i.bound), nodes_as_f64(i.generated.max(1))))
                    .collect(),
            })
            .collect();
        let chart = log_chart(&title, "iteration bound (moves)", "nodes generated", &series);
        if let Err(error) = std::fs::write(&path, chart) {
            eprintln!("error: cannot write {path}: {error}");
            return ExitCode::from(ida_examples::EXIT_IO);
        }
    }
    ExitCode::SUCCESS
}

/// The Rotation Game's runs, with the bounds `count` and `exact`.
fn rotation(symbols: &[String]) -> Result<(String, Vec<Run>), String> {
    let cells = if symbols.is_empty() {
        ROTATION_DEFAULT
    } else {
        let numbers: Vec<u8> = symbols
            .iter()
            .map(|token| token.parse().map_err(|_| format!("{token:?} is not a symbol")))
            .collect::<Result<_, _>>()?;
        numbers.try_into().map_err(|_| format!("a board has {CELLS} cells"))?
    };
    let board = RotationBoard::from_cells(&cells).ok_or("symbols are 1, 2 or 3")?;
    let runs = vec![
        run("count", &Rotation, &Count, &board),
        run("exact", &Rotation, &Exact::new(), &board),
    ];
    let title = format!("The Rotation Game, a board {} moves from solved", runs[0].length);
    Ok((title, runs))
}

/// The 15-puzzle's runs, with the bounds `manhattan`, `linear-conflict` and `pdb`.
fn sliding(tiles: &[String]) -> Result<(String, Vec<Run>), String> {
    let cells: Vec<u8> = if tiles.is_empty() {
        KORF_1.to_vec()
    } else {
        tiles
            .iter()
            .map(|token| token.parse().map_err(|_| format!("{token:?} is not a tile")))
            .collect::<Result<_, _>>()?
    };
    let board =
        Board::new(4, &cells).ok_or("a 15-puzzle board holds the tiles 0 to 15 once each")?;
    let puzzle = Sliding::new(4);
    if !board.is_solvable() {
        return Err("this board cannot be solved".to_owned());
    }
    let runs = vec![
        run("manhattan", &puzzle, &Manhattan, &board),
        run("linear-conflict", &puzzle, &LinearConflict, &board),
        run("pdb", &puzzle, DisjointDatabases::fifteen(), &board),
    ];
    let title = format!("The 15-puzzle, a board {} moves from solved", runs[0].length);
    Ok((title, runs))
}

fn print_table(title: &str, runs: &[Run]) {
    println!("{title}\n");
    println!("| bound | iteration bound | generated | expanded | time |");
    println!("|---|---|---|---|---|");
    for run in runs {
        for iteration in &run.iterations {
            println!(
                "| {} | {} | {} | {} | {} |",
                run.bound,
                iteration.bound,
                iteration.generated,
                iteration.expanded,
                seconds(iteration.elapsed)
            );
        }
        let generated: u64 = run.iterations.iter().map(|i| i.generated).sum();
        println!(
            "| **{}** | **answer: {} moves** | **{}** | | |",
            run.bound,
            run.length,
            generated + 1
        );
    }
}

/// A node count as a plot coordinate: exact up to 2^53 nodes, far beyond any search here.
#[expect(clippy::cast_precision_loss, reason = "a plot coordinate; exact below 2^53")]
fn nodes_as_f64(nodes: u64) -> f64 {
    nodes as f64
}

fn seconds(time: Duration) -> String {
    format!("{:.6} s", time.as_secs_f64())
}

fn usage(message: &str) -> ExitCode {
    eprintln!("error: {message}\n\n{USAGE}");
    ExitCode::from(EXIT_BAD_INPUT)
}
