//! The limits every driver honours alike: IDA\*, iterative deepening (IDA\* with the blind
//! bound), breadth-first and uniform-cost search.

mod common;

use std::time::{Duration, Instant};

use common::sliding::{Board, Manhattan, Slide, Sliding};
use search_core::{Blind, BreadthFirst, IdaStar, Limits, Outcome, Report, StopReason, UniformCost};

/// One of the two 8-puzzle boards farthest from the goal: 31 moves, Manhattan distance 21.
const HARDEST: [u8; 9] = [8, 0, 6, 5, 4, 7, 2, 3, 1];

/// Korf's first 15-puzzle instance: 57 moves, 276 million nodes with Manhattan distance, far
/// more than any driver can search in the few milliseconds these tests give it.
const KORF_1: [u8; 16] = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];

/// Every driver, by name.
const DRIVERS: [&str; 4] = ["ida_star", "iddfs", "breadth_first", "uniform_cost"];

/// Runs the driver called `driver` on the sliding-tile `puzzle` from `start` under `limits`.
fn run(driver: &str, puzzle: &Sliding, start: &Board, limits: &Limits<u8>) -> Report<Slide, u8> {
    let limits = limits.clone();
    match driver {
        "ida_star" => IdaStar::new(puzzle, &Manhattan).limits(limits).run(start),
        "iddfs" => IdaStar::new(puzzle, &Blind).limits(limits).run(start),
        "breadth_first" => BreadthFirst::new(puzzle).limits(limits).run(start),
        "uniform_cost" => UniformCost::new(puzzle).limits(limits).run(start),
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
        let report = run(driver, &puzzle, &start, &limits);
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
        let report = run(driver, &puzzle, &start, &limits);
        assert!(
            matches!(report.outcome, Outcome::Stopped { reason: StopReason::TimeLimit, .. }),
            "{driver}: {:?} after {} nodes",
            report.outcome,
            report.stats.generated
        );
        assert!(report.stats.generated < budget, "{driver}");
    }
}
