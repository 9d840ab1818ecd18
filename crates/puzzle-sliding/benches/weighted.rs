//! Weighted tiles: IDA\* against Budgeted Tree Search on the same random 8-puzzles, for each
//! cost model.
//!
//! ```text
//! cargo bench -p puzzle-sliding --bench weighted -- [BOARDS] [RUNS] [--guide] [unit|tile|tile-squared|tile-cubed ...]
//! ```
//!
//! The boards are the first BOARDS (default 200) solvable shuffles of the tests' generator,
//! seeds 1 and up. For each cost model (unit, tile, tile-squared, tile-cubed), every board is
//! solved once by each driver for the exact figures (the same answer to the move, checked;
//! iterations, nodes generated, the re-search overhead: all iterations' nodes over the last
//! one's), and by uniform-cost search for comparison; then the whole set is timed RUNS times
//! (default 5) per driver, the drivers taking turns, and the medians are printed. `--guide`
//! adds Budgeted Tree Search without its warm start, exactly as Sturtevant and Helmert's guide
//! has it. Naming cost models runs only those.

use std::time::{Duration, Instant};

use puzzle_sliding::{Board, CostModel, WeightedManhattan, WeightedSliding};
use search_core::{BudgetedSearch, IterationStats, Report, ida_star, uniform_cost};

#[path = "../tests/common/mod.rs"]
mod common;

/// A driver under test: its name and how it searches a board.
struct Driver {
    name: &'static str,
    run: fn(&WeightedSliding, &Board) -> Report<puzzle_sliding::Slide, u32>,
}

const IDA: Driver =
    Driver { name: "IDA*", run: |puzzle, board| ida_star(puzzle, &WeightedManhattan, board) };

const BTS: Driver = Driver {
    name: "BTS",
    run: |puzzle, board| BudgetedSearch::new(puzzle, &WeightedManhattan).run(board).into_report(),
};

const GUIDE: Driver = Driver {
    name: "BTS, guide's",
    run: |puzzle, board| {
        BudgetedSearch::new(puzzle, &WeightedManhattan).warm_start(false).run(board).into_report()
    },
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|arg| arg != "--bench").collect();
    let numbers: Vec<usize> = args.iter().filter_map(|arg| arg.parse().ok()).collect();
    let (boards, runs) =
        (numbers.first().copied().unwrap_or(200), numbers.get(1).copied().unwrap_or(5));
    let mut drivers = vec![IDA, BTS];
    if args.iter().any(|arg| arg == "--guide") {
        drivers.push(GUIDE);
    }
    let solvable = (1..).map(|seed| common::shuffled(3, seed)).filter(Board::is_solvable);
    let boards: Vec<Board> = solvable.take(boards).collect();
    println!(
        "{} random solvable 8-puzzles, weighted Manhattan distance, {runs} timed runs",
        boards.len()
    );
    println!();
    println!(
        "| costs | driver | iterations: mean | max | generated: mean | median | max | total | total / last iteration: median | max | time (median of runs) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    let named: Vec<CostModel> = CostModel::NAMED
        .into_iter()
        .filter(|model| args.iter().any(|arg| model.name() == Some(arg)))
        .collect();
    let models = if named.is_empty() { CostModel::NAMED.to_vec() } else { named };
    for model in models {
        let puzzle = WeightedSliding::new(3, &model).unwrap();
        let reports: Vec<Vec<Report<_, u32>>> = drivers
            .iter()
            .map(|driver| boards.iter().map(|board| (driver.run)(&puzzle, board)).collect())
            .collect();
        for (theirs, driver) in reports.iter().zip(&drivers).skip(1) {
            for ((ours, ida), board) in theirs.iter().zip(&reports[0]).zip(&boards) {
                let what = format!("{model}, {}: {:?}", driver.name, board.cells());
                assert_eq!(ours.outcome, ida.outcome, "{what}: IDA*'s answer");
            }
        }
        let times = time(&puzzle, &boards, &drivers, runs);
        let mut totals = Vec::new();
        for ((driver, reports), time) in drivers.iter().zip(&reports).zip(&times) {
            let figures = Figures::of(reports);
            totals.push((figures.total, *time));
            println!(
                "| {model} | {} | {:.1} | {} | {:.0} | {} | {} | {} | {:.2} | {:.1} | {:.3} s |",
                driver.name,
                figures.mean_iterations,
                figures.max_iterations,
                figures.mean_generated,
                figures.median_generated,
                figures.max_generated,
                figures.total,
                figures.median_overhead,
                figures.max_overhead,
                time.as_secs_f64(),
            );
        }
        let uniform: u64 =
            boards.iter().map(|board| uniform_cost(&puzzle, board).stats.expanded).sum();
        let (ida, bts) = (totals[0], totals[1]);
        #[expect(clippy::cast_precision_loss, reason = "ratios printed to two decimals")]
        let node_ratio = ida.0 as f64 / bts.0 as f64;
        eprintln!(
            "{model}: IDA* / BTS: {node_ratio:.2} in nodes, {:.2} in time; uniform-cost search expanded {} states per board",
            ida.1.as_secs_f64() / bts.1.as_secs_f64(),
            uniform / u64::try_from(boards.len()).unwrap(),
        );
    }
}

/// The exact figures of one driver over the boards.
struct Figures {
    mean_iterations: f64,
    max_iterations: usize,
    mean_generated: f64,
    median_generated: u64,
    max_generated: u64,
    total: u64,
    /// All iterations' nodes over the last iteration's, per board.
    median_overhead: f64,
    max_overhead: f64,
}

impl Figures {
    #[expect(clippy::cast_precision_loss, reason = "means and ratios of counts far below 2^53")]
    fn of(reports: &[Report<puzzle_sliding::Slide, u32>]) -> Self {
        let boards = reports.len() as f64;
        let mut generated: Vec<u64> = reports.iter().map(|report| report.stats.generated).collect();
        let iterations: Vec<usize> = reports.iter().map(|r| r.stats.iterations.len()).collect();
        let mut overheads: Vec<f64> =
            reports.iter().map(|report| overhead(&report.stats.iterations)).collect();
        generated.sort_unstable();
        overheads.sort_by(f64::total_cmp);
        let total: u64 = generated.iter().sum();
        Self {
            mean_iterations: iterations.iter().sum::<usize>() as f64 / boards,
            max_iterations: iterations.iter().copied().max().unwrap_or(0),
            mean_generated: total as f64 / boards,
            median_generated: generated[generated.len() / 2],
            max_generated: generated.last().copied().unwrap_or(0),
            total,
            median_overhead: overheads[overheads.len() / 2],
            max_overhead: overheads.last().copied().unwrap_or(0.0),
        }
    }
}

/// All `iterations`' nodes over the last one's (1 for a board solved in one iteration).
#[expect(clippy::cast_precision_loss, reason = "a ratio of counts far below 2^53")]
fn overhead(iterations: &[IterationStats<u32>]) -> f64 {
    let Some(last) = iterations.last() else { return 1.0 };
    let all: u64 = iterations.iter().map(|iteration| iteration.generated).sum();
    all as f64 / last.generated.max(1) as f64
}

/// The median over `runs` of each driver's time to solve all `boards`, the drivers taking
/// turns, starting with a different one each run.
fn time(
    puzzle: &WeightedSliding,
    boards: &[Board],
    drivers: &[Driver],
    runs: usize,
) -> Vec<Duration> {
    let mut times = vec![Vec::new(); drivers.len()];
    for run in 0..runs {
        for turn in 0..drivers.len() {
            let contender = (run + turn) % drivers.len();
            let started = Instant::now();
            for board in boards {
                std::hint::black_box((drivers[contender].run)(puzzle, board));
            }
            times[contender].push(started.elapsed());
        }
    }
    times
        .into_iter()
        .map(|mut times| {
            times.sort();
            times[times.len() / 2]
        })
        .collect()
}
