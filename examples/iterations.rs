//! How much each heuristic saves, iteration by iteration: runs IDA\* on one board with every
//! heuristic a puzzle offers, and prints the nodes generated and expanded per iteration as a
//! Markdown table; with `--svg FILE`, also draws them (log scale) as the figure in `docs/`.
//!
//! ```text
//! iterations [--svg FILE] rotation [24 SYMBOLS]
//! iterations [--svg FILE] sliding [9 or 16 TILES]
//! ```

mod plot;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{CommandFactory, Parser, Subcommand};
use ida_examples::EXIT_IO;
use ida_examples::puzzles::{rotation, sliding};
use plot::{Series, log_chart};
use puzzle_rotation::{Board as RotationBoard, CELLS, Count, Exact, Rotation};
use puzzle_sliding::{Board, DisjointDatabases, LinearConflict, Manhattan, Sliding};
use search_core::{IterationStats, Report, ida_star};

/// Runs IDA* on one board with each heuristic the puzzle offers and prints, per heuristic and
/// iteration, the nodes generated and expanded and the time taken, as a Markdown table.
#[derive(Parser, Debug)]
#[command(name = "iterations", version)]
struct Args {
    /// Also write a chart of the nodes generated per iteration (log scale) to FILE, as SVG
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,

    #[command(subcommand)]
    puzzle: PuzzleName,
}

/// The puzzles, each with its board (a default one when none is given).
#[derive(Subcommand, Debug)]
enum PuzzleName {
    /// The Rotation Game, heuristics exact and count; by default the first board of hard-30
    Rotation {
        /// The 24 symbols, 1 to 3, in the judge's order
        #[arg(value_name = "SYMBOL", value_parser = clap::value_parser!(u8).range(1..=3))]
        symbols: Vec<u8>,
    },
    /// The 8-puzzle (9 tiles), heuristics manhattan and linear-conflict, or the 15-puzzle (16
    /// tiles), heuristics manhattan, linear-conflict and pdb (6-6-3 databases, built first:
    /// several seconds); by default Korf's instance 1, a 15-puzzle
    Sliding {
        /// The 9 or 16 tiles, 0 for the blank, row by row
        #[arg(value_name = "TILE", value_parser = clap::value_parser!(u8).range(0..=15))]
        tiles: Vec<u8>,
    },
}

/// The first board of `hard-30.in`: 11 moves (`ACADECCEFHF`), the longest answers of that set.
const ROTATION_DEFAULT: [u8; CELLS] =
    [1, 2, 3, 1, 2, 3, 2, 2, 3, 3, 2, 2, 1, 1, 3, 2, 1, 1, 1, 3, 3, 3, 2, 1];

/// Korf's first random instance (1985): 57 moves, 276,361,933 nodes with the Manhattan distance.
const KORF_1: [u8; 16] = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];

/// One heuristic's run: its name, each iteration's figures, and the answer's length.
struct Run {
    heuristic: &'static str,
    iterations: Vec<IterationStats<u8>>,
    length: usize,
}

impl Run {
    /// The run of `heuristic` that `report` tells, with the length of its solution.
    fn new<M>(heuristic: &'static str, report: Report<M, u8>) -> Self {
        let length = report.outcome.solution().map_or(0, |solution| solution.moves.len());
        Run { heuristic, iterations: report.stats.iterations, length }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = match &args.puzzle {
        PuzzleName::Rotation { symbols } => rotation(symbols),
        PuzzleName::Sliding { tiles } => sliding(tiles),
    };
    let (title, runs) = match result {
        Ok(result) => result,
        Err(message) => Args::command().error(clap::error::ErrorKind::InvalidValue, message).exit(),
    };
    print_table(&title, &runs);
    if let Some(path) = args.svg {
        let series: Vec<Series> = runs
            .iter()
            .map(|run| Series {
                name: run.heuristic.to_owned(),
                points: run
                    .iterations
                    .iter()
                    .map(|i| (f64::from(i.bound), nodes_as_f64(i.generated.max(1))))
                    .collect(),
            })
            .collect();
        let chart = log_chart(&title, "iteration bound (moves)", "nodes generated", &series);
        if let Err(error) = std::fs::write(&path, chart) {
            eprintln!("error: cannot write {}: {error}", path.display());
            return ExitCode::from(EXIT_IO);
        }
    }
    ExitCode::SUCCESS
}

/// The Rotation Game's runs, one per heuristic.
fn rotation(symbols: &[u8]) -> Result<(String, Vec<Run>), String> {
    let cells: [u8; CELLS] = match symbols {
        [] => ROTATION_DEFAULT,
        _ => symbols
            .try_into()
            .map_err(|_| format!("a board has 24 symbols, not {}", symbols.len()))?,
    };
    let board = RotationBoard::from_cells(&cells).ok_or("symbols are 1, 2 or 3")?;
    let runs: Vec<Run> = rotation::HeuristicName::ALL
        .iter()
        .rev()
        .map(|&heuristic| {
            let report = match heuristic {
                rotation::HeuristicName::Exact => ida_star(&Rotation, Exact::shared(), &board),
                rotation::HeuristicName::Count => ida_star(&Rotation, &Count, &board),
            };
            Run::new(heuristic.name(), report)
        })
        .collect();
    let title = format!("The Rotation Game, a board {} moves from solved", runs[0].length);
    Ok((title, runs))
}

/// The 8-puzzle's or the 15-puzzle's runs, one per heuristic the board's size has.
fn sliding(tiles: &[u8]) -> Result<(String, Vec<Run>), String> {
    let cells = if tiles.is_empty() { &KORF_1[..] } else { tiles };
    let (width, name) = match cells.len() {
        9 => (3, "8-puzzle"),
        16 => (4, "15-puzzle"),
        count => {
            return Err(format!("a board has 9 tiles (8-puzzle) or 16 (15-puzzle), not {count}"));
        }
    };
    let board = Board::new(width, cells).ok_or_else(|| {
        format!("a board of the {name} holds the tiles 0 to {} once each", cells.len() - 1)
    })?;
    if !board.is_solvable() {
        return Err("this board cannot be solved".to_owned());
    }
    let puzzle = Sliding::new(width);
    let runs: Vec<Run> = sliding::HeuristicName::ALL
        .iter()
        .filter(|heuristic| heuristic.supports(&board))
        // The misplaced tiles, the weakest, take far too long on a 15-puzzle: not in the table.
        .filter(|&&heuristic| heuristic != sliding::HeuristicName::Misplaced)
        .map(|&heuristic| {
            let report = match heuristic {
                sliding::HeuristicName::Manhattan => ida_star(&puzzle, &Manhattan, &board),
                sliding::HeuristicName::LinearConflict => {
                    ida_star(&puzzle, &LinearConflict, &board)
                }
                sliding::HeuristicName::PatternDatabases => {
                    ida_star(&puzzle, DisjointDatabases::fifteen(), &board)
                }
                sliding::HeuristicName::Misplaced => ida_star(&puzzle, &sliding::Misplaced, &board),
            };
            Run::new(heuristic.name(), report)
        })
        .collect();
    let title = format!("The {name}, a board {} moves from solved", runs[0].length);
    Ok((title, runs))
}

fn print_table(title: &str, runs: &[Run]) {
    println!("{title}\n");
    println!("| heuristic | iteration bound | generated | expanded | time |");
    println!("|---|---|---|---|---|");
    for run in runs {
        for iteration in &run.iterations {
            println!(
                "| {} | {} | {} | {} | {} |",
                run.heuristic,
                iteration.bound,
                iteration.generated,
                iteration.expanded,
                seconds(iteration.elapsed)
            );
        }
        let generated: u64 = run.iterations.iter().map(|i| i.generated).sum();
        println!(
            "| **{}** | **answer: {} moves** | **{}** | | |",
            run.heuristic,
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
