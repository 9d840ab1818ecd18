//! The limits every driver honours alike: IDA\*, iterative deepening (IDA\* with the blind
//! bound), breadth-first and uniform-cost search.

use crate::common;

use std::hash::Hash;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::corridor::{CellsToGo, Corridor, Step};
use common::grid::{Grid, StepsLeft};
use common::sliding::{Manhattan, Sliding};
use common::{Rng, replay};
use rstest::rstest;
use search_core::{
    Blind, BreadthFirst, Heuristic, IdaStar, Limits, Outcome, Problem, Progress, Report, Solution,
    StopReason, UniformCost,
};

/// One of the two 8-puzzle boards farthest from the goal: 31 moves, Manhattan distance 21.
const HARDEST: [u8; 9] = [8, 0, 6, 5, 4, 7, 2, 3, 1];

/// Korf's first 15-puzzle instance: 57 moves, 276 million nodes with Manhattan distance, far
/// more than any driver can search in the few milliseconds these tests give it.
const KORF_1: [u8; 16] = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];

/// Every driver, by name.
const DRIVERS: [&str; 4] = ["ida_star", "iddfs", "breadth_first", "uniform_cost"];

/// Runs the driver called `driver` on `problem` from `start` under `limits`, IDA\* guided by
/// `heuristic`.
fn run<P, H>(
    driver: &str,
    problem: &P,
    heuristic: &H,
    start: &P::State,
    limits: &Limits<P::Cost>,
) -> Report<P::Move, P::Cost>
where
    P: Problem,
    P::State: Hash + Eq,
    H: Heuristic<P>,
{
    let limits = limits.clone();
    match driver {
        "ida_star" => IdaStar::new(problem, heuristic).limits(limits).run(start),
        "iddfs" => IdaStar::new(problem, &Blind).limits(limits).run(start),
        "breadth_first" => BreadthFirst::new(problem).limits(limits).run(start),
        "uniform_cost" => UniformCost::new(problem).limits(limits).run(start),
        _ => unreachable!("no driver is called {driver}"),
    }
}

#[test]
fn a_deadline_already_past_stops_every_driver_before_any_work() {
    let puzzle = Sliding::new(3, 3);
    let start = puzzle.board(&HARDEST);
    let limits = Limits::default().deadline(Instant::now());
    // IDA* stops before its first iteration, whose bound is the start's estimate (0 for the
    // blind bound); the complete searches before their first level, at cost 0.
    for (driver, bound) in DRIVERS.into_iter().zip([21, 0, 0, 0]) {
        let report = run(driver, &puzzle, &Manhattan, &start, &limits);
        assert_eq!(
            report.outcome,
            Outcome::Stopped { reason: StopReason::TimeLimit, bound },
            "{driver}"
        );
        assert_eq!(report.stats.generated, 1, "{driver}: only the start");
        assert_eq!(report.stats.expanded, 0, "{driver}");
    }
}

#[test]
fn a_deadline_a_few_milliseconds_ahead_stops_a_long_search() {
    let puzzle = Sliding::new(4, 4);
    let start = puzzle.board(&KORF_1);
    // A node budget as a safety net, far beyond what a few milliseconds allow: should the
    // deadline be missed, the search ends with the wrong reason rather than running for minutes
    // or filling the memory.
    let budget = 5_000_000;
    for driver in DRIVERS {
        let limits = Limits::default()
            .deadline(Instant::now() + Duration::from_millis(5))
            .max_generated(budget);
        let report = run(driver, &puzzle, &Manhattan, &start, &limits);
        assert!(
            matches!(report.outcome, Outcome::Stopped { reason: StopReason::TimeLimit, .. }),
            "{driver}: {:?} after {} nodes",
            report.outcome,
            report.stats.generated
        );
        assert!(report.stats.generated < budget, "{driver}");
    }
}

/// Once a search has returned, the progress holds its report's figures, and IDA*'s last bound.
#[test]
fn after_a_search_the_progress_holds_its_final_figures() {
    let puzzle = Sliding::new(3, 3);
    let start = puzzle.board(&HARDEST);
    let progress = Arc::new(Progress::new());
    // The deepest level breadth-first search expands is the one before the goal's; uniform-cost
    // search pops the goal itself, at its cost. IDA*'s last iteration's bound is the cost.
    for (driver, last_bound) in DRIVERS.into_iter().zip([31, 31, 30, 31]) {
        let limits = Limits::default().progress(Arc::clone(&progress));
        let report = run(driver, &puzzle, &Manhattan, &start, &limits);
        assert_eq!(report.outcome.solution().map(|s| s.cost), Some(31), "{driver}");
        assert_eq!(progress.generated(), report.stats.generated, "{driver}");
        assert_eq!(progress.iterations(), report.stats.iterations.len() as u64, "{driver}");
        assert_eq!(progress.bound(), last_bound, "{driver}");
        if let Some(last) = report.stats.iterations.last() {
            assert_eq!(progress.bound(), u64::from(last.bound), "{driver}");
        }
        assert!(!progress.is_running(), "{driver}");
    }
}

/// A search stopped by a limit leaves its figures too, the stopped iteration counted.
#[test]
fn a_stopped_search_leaves_its_figures_in_the_progress() {
    let puzzle = Sliding::new(4, 4);
    let start = puzzle.board(&KORF_1);
    let progress = Arc::new(Progress::new());
    for driver in DRIVERS {
        let limits = Limits::default().max_generated(100_000).progress(Arc::clone(&progress));
        let report = run(driver, &puzzle, &Manhattan, &start, &limits);
        assert!(
            matches!(report.outcome, Outcome::Stopped { reason: StopReason::NodeLimit, .. }),
            "{driver}"
        );
        assert_eq!(progress.generated(), 100_000, "{driver}");
        assert_eq!(progress.iterations(), report.stats.iterations.len() as u64, "{driver}");
    }
}

/// Waits, polling, until `ready` holds; panics after a minute.
fn wait_until(mut ready: impl FnMut() -> bool) {
    let give_up = Instant::now() + Duration::from_secs(60);
    while !ready() {
        assert!(Instant::now() < give_up, "waited a minute in vain");
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// A thread watching a long search sees it running and its generated count growing.
#[test]
fn another_thread_sees_the_generated_count_grow() {
    let puzzle = Sliding::new(4, 4);
    let start = puzzle.board(&KORF_1);
    let progress = Arc::new(Progress::new());
    let cancel = Arc::new(AtomicBool::new(false));
    let limits = Limits::default()
        .progress(Arc::clone(&progress))
        .cancel_flag(Arc::clone(&cancel))
        // A safety net: should the test fail before it cancels, the search still ends.
        .deadline(Instant::now() + Duration::from_secs(120));
    std::thread::scope(|scope| {
        let search = scope.spawn(|| IdaStar::new(&puzzle, &Manhattan).limits(limits).run(&start));
        // The first iteration's bound is the start's Manhattan distance; later ones are greater.
        let first_bound = u64::from(puzzle.manhattan(&start));
        wait_until(|| progress.is_running() && progress.bound() >= first_bound);
        wait_until(|| progress.generated() > 1);
        let seen = progress.generated();
        wait_until(|| progress.generated() > seen);
        assert!(progress.iterations() <= 57, "no more iterations than moves to the goal");
        cancel.store(true, Ordering::Relaxed);
        let report = search.join().expect("the search does not panic");
        assert!(matches!(report.outcome, Outcome::Stopped { reason: StopReason::Cancelled, .. }));
        assert!(report.stats.generated > seen);
        assert_eq!(progress.generated(), report.stats.generated);
        assert!(!progress.is_running());
    });
}

/// `max_bound` means the same in every driver: a goal three steps away is beyond a bound of 2
/// (each driver stops with 3, the least bound it could not rule out) and within a bound of 3.
#[test]
fn every_driver_refuses_a_solution_beyond_the_bound_limit() {
    let corridor = Corridor { len: 4 };
    for driver in DRIVERS {
        let limits = Limits::default().max_bound(2);
        let report = run(driver, &corridor, &CellsToGo, &0, &limits);
        let stopped = Outcome::Stopped { reason: StopReason::BoundLimit, bound: 3 };
        assert_eq!(report.outcome, stopped, "{driver}");
        let limits = Limits::default().max_bound(3);
        let report = run(driver, &corridor, &CellsToGo, &0, &limits);
        let solved = Outcome::Solved(Solution { moves: vec![Step::Right; 3], cost: 3 });
        assert_eq!(report.outcome, solved, "{driver}");
    }
}

/// With varied costs too: along a row of cells costing 4, 4, 4 and 1 to enter, the paths cost 4,
/// 8, 12 and 13, and a bound of 6 stops every driver. The blind ones stop with 8, the cost of the
/// path cut off; IDA\* guided by the cells left stops with 7, the `f = g + h` of that path's first
/// step (4 + 3): its bounds are on `f`, which undercuts the cost as the heuristic does.
#[test]
fn every_driver_stops_beyond_the_bound_limit_with_varied_costs() {
    let grid = Grid { width: 5, height: 1, cost: [1, 4, 4, 4, 1].map(Some).to_vec() };
    for driver in DRIVERS {
        for (max, guided, blind) in [(6, 7, 8), (12, 13, 13)] {
            let limits = Limits::default().max_bound(max);
            let report = run(driver, &grid, &StepsLeft, &0, &limits);
            let bound = if driver == "ida_star" { guided } else { blind };
            let expected = Outcome::Stopped { reason: StopReason::BoundLimit, bound };
            assert_eq!(report.outcome, expected, "{driver}, bound limit {max}");
        }
        let limits = Limits::default().max_bound(13);
        let report = run(driver, &grid, &StepsLeft, &0, &limits);
        assert_eq!(report.outcome.solution().map(|s| s.cost), Some(13), "{driver}");
    }
}

/// On random 2 x 3 boards, with bound limits on both sides of the answer's length: below it,
/// every driver stops (the blind ones exactly one past the limit, IDA\* with the Manhattan
/// distance at most at the length); from it on, every driver answers, with the same cost.
#[rstest]
fn every_driver_agrees_on_bound_limits_around_the_answer(#[values(1, 2, 3, 4, 5, 6)] seed: u64) {
    let puzzle = Sliding::new(3, 2);
    let start = puzzle.scrambled(&mut Rng::new(seed), 30);
    let unlimited = run("breadth_first", &puzzle, &Manhattan, &start, &Limits::default());
    let length = unlimited.outcome.solution().expect("scrambled boards are solvable").cost;
    for max in 0..=length + 1 {
        for driver in DRIVERS {
            let limits = Limits::default().max_bound(max);
            let outcome = run(driver, &puzzle, &Manhattan, &start, &limits).outcome;
            match outcome {
                Outcome::Solved(solution) => {
                    assert!(max >= length, "{driver} solved under {max}, below {length}");
                    assert_eq!(solution.cost, length, "{driver}");
                    assert!(puzzle.is_goal(&replay(&puzzle, &start, &solution.moves).0));
                }
                Outcome::Stopped { reason: StopReason::BoundLimit, bound } => {
                    assert!(max < length, "{driver} stopped under {max}, the answer {length}");
                    if driver == "ida_star" {
                        assert!(max < bound && bound <= length, "{driver}: {bound}");
                    } else {
                        assert_eq!(bound, max + 1, "{driver}");
                    }
                }
                other => panic!("{driver} under {max}: {other:?}"),
            }
        }
    }
}
