//! The price of genericity: the 15-puzzle with the Manhattan distance, solved by the generic
//! IDA* driver and by a recursive IDA* written out by hand for this puzzle (Korf's program), on
//! the same 17 instances, alternating, several runs; prints the medians and their ratio.
//!
//! Run with `cargo bench -p search-core --bench generic_vs_specialised [-- RUNS]` (default 7).
//! Both sides must generate exactly Korf's node counts, or the benchmark fails.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::korf::EASIEST_17;
use common::sliding::{Manhattan, Sliding, hand_written_ida_star};
use search_core::ida_star;

fn main() {
    let runs: usize = std::env::args().skip(1).find_map(|arg| arg.parse().ok()).unwrap_or(7);
    let puzzle = Sliding::new(4, 4);
    let boards: Vec<_> = EASIEST_17.iter().map(|(_, _, _, cells)| puzzle.board(cells)).collect();
    let expected_nodes: u64 = EASIEST_17.iter().map(|&(_, _, nodes, _)| nodes).sum();

    let generic = || {
        let started = Instant::now();
        let mut nodes = 0;
        for (board, &(id, length, _, _)) in boards.iter().zip(&EASIEST_17) {
            let report = ida_star(&puzzle, &Manhattan, board);
            assert_eq!(report.outcome.solution().map(|s| s.cost), Some(length), "instance {id}");
            nodes += report.stats.generated;
        }
        (started.elapsed(), nodes)
    };
    let hand_written = || {
        let started = Instant::now();
        let mut nodes = 0;
        for (board, &(id, length, _, _)) in boards.iter().zip(&EASIEST_17) {
            let (found, per_iteration) = hand_written_ida_star(&puzzle, board);
            assert_eq!(found, length, "instance {id}");
            nodes += 1 + per_iteration.iter().sum::<u64>();
        }
        (started.elapsed(), nodes)
    };

    let (mut generic_times, mut hand_times) = (Vec::new(), Vec::new());
    for run in 0..runs {
        // Alternate which side goes first, so neither always runs on a warmer machine.
        let (g, h) = if run % 2 == 0 {
            let g = generic();
            (g, hand_written())
        } else {
            let h = hand_written();
            (generic(), h)
        };
        assert_eq!(g.1, expected_nodes, "the generic driver must count as Korf does");
        assert_eq!(h.1, expected_nodes, "the hand-written search must count as Korf does");
        generic_times.push(g.0);
        hand_times.push(h.0);
    }
    let (g, h) = (median(&mut generic_times), median(&mut hand_times));
    #[expect(clippy::cast_precision_loss, reason = "a rate printed to one decimal")]
    let rate = |t: Duration| expected_nodes as f64 / t.as_secs_f64() / 1e6;
    println!(
        "15-puzzle, Manhattan distance, Korf's 17 easiest instances, {expected_nodes} nodes, {runs} runs"
    );
    println!("generic driver   median {:>8.3} s  {:>6.1} M nodes/s", g.as_secs_f64(), rate(g));
    println!("hand-written     median {:>8.3} s  {:>6.1} M nodes/s", h.as_secs_f64(), rate(h));
    println!("ratio generic / hand-written: {:.3}", g.as_secs_f64() / h.as_secs_f64());
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}
