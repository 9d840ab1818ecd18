//! The price of genericity: the 15-puzzle with the Manhattan distance, solved by the generic
//! IDA* driver and by a recursive IDA* written out by hand for this puzzle (Korf's program), on
//! the same 17 instances, alternating, several runs; prints the medians and their ratio.
//!
//! A third contender separates the driver's cost from the representation's: a minimal recursive
//! IDA* over the *same* `Problem` and `Heuristic` code as the driver (no limits, no observer, no
//! overflow checks). The hand-written program may keep the blank in a register and compare one
//! byte for the move back; anything written against the traits keeps the blank in the state and
//! carries `(from, to)` moves.
//!
//! Run with `cargo bench -p search-core --bench generic_vs_specialised [-- RUNS]` (default 7).
//! Both sides must generate exactly Korf's node counts, or the benchmark fails.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::korf::EASIEST_17;
use common::sliding::{Manhattan, Sliding, hand_written_ida_star};
use num_traits::{Bounded, Zero};
use search_core::{Heuristic, Problem, ida_star};

/// IDA* in its shortest recursive form over the traits: what any code written against them pays,
/// without the driver's stack, limits, observer and checked arithmetic. Returns the cost and the
/// nodes generated (Korf's counting).
///
/// Not [`search_core::textbook::ida_star`], which is written to be read: it prices every child
/// from scratch with `estimate` and counts no nodes. This loop prices a child with
/// `estimate_child`, as the driver does, so the ratio measures the driver alone and the node
/// count can be checked against Korf's.
fn minimal_ida_star<P, H>(problem: &P, heuristic: &H, start: &P::State) -> (P::Cost, u64)
where
    P: Problem,
    H: Heuristic<P>,
{
    struct Search<'s, P: Problem, H> {
        problem: &'s P,
        heuristic: &'s H,
        bound: P::Cost,
        next_bound: P::Cost,
        generated: u64,
    }
    impl<P: Problem, H: Heuristic<P>> Search<'_, P, H> {
        fn dfs(
            &mut self,
            state: &mut P::State,
            g: P::Cost,
            h: P::Cost,
            via: P::Move,
            has_via: bool,
        ) -> Option<P::Cost> {
            let moves = self.problem.moves(state);
            for &mv in moves.as_ref() {
                if has_via && !self.problem.may_follow(via, mv) {
                    continue;
                }
                self.generated += 1;
                let child_g = g + self.problem.cost(state, mv);
                let child_h = self
                    .heuristic
                    .estimate_child(self.problem, state, mv, h)
                    .expect("priced before the move");
                let f = child_g + child_h;
                if f > self.bound {
                    self.next_bound = self.next_bound.min(f);
                    continue;
                }
                self.problem.apply(state, mv);
                if child_h == P::Cost::zero() && self.problem.is_goal(state) {
                    return Some(child_g);
                }
                if let Some(cost) = self.dfs(state, child_g, child_h, mv, true) {
                    return Some(cost);
                }
                self.problem.undo(state, mv);
            }
            None
        }
    }
    let mut state = start.clone();
    // The start has no move back: any move stands in for it, never consulted.
    let placeholder = problem.moves(&state).as_ref()[0];
    let h = heuristic.estimate(problem, &state);
    let mut search = Search { problem, heuristic, bound: h, next_bound: h, generated: 1 };
    loop {
        search.next_bound = P::Cost::max_value();
        if let Some(cost) = search.dfs(&mut state, P::Cost::zero(), h, placeholder, false) {
            return (cost, search.generated);
        }
        search.bound = search.next_bound;
    }
}

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

    let minimal = || {
        let started = Instant::now();
        let mut nodes = 0;
        for (board, &(id, length, _, _)) in boards.iter().zip(&EASIEST_17) {
            let (cost, generated) = minimal_ida_star(&puzzle, &Manhattan, board);
            assert_eq!(cost, length, "instance {id}");
            nodes += generated;
        }
        (started.elapsed(), nodes)
    };

    let (mut generic_times, mut hand_times, mut minimal_times) =
        (Vec::new(), Vec::new(), Vec::new());
    for run in 0..runs {
        // Rotate which side goes first, so none always runs on a warmer machine.
        let mut sides: [Side<'_>; 3] = [
            (&generic, &mut generic_times, "the generic driver"),
            (&hand_written, &mut hand_times, "the hand-written search"),
            (&minimal, &mut minimal_times, "the minimal loop"),
        ];
        sides.rotate_left(run % 3);
        for (side, times, name) in sides {
            let (time, nodes) = side();
            assert_eq!(nodes, expected_nodes, "{name} must count as Korf does");
            times.push(time);
        }
    }
    let (g, h) = (median(&mut generic_times), median(&mut hand_times));
    let m = median(&mut minimal_times);
    #[expect(clippy::cast_precision_loss, reason = "a rate printed to one decimal")]
    let rate = |t: Duration| expected_nodes as f64 / t.as_secs_f64() / 1e6;
    println!(
        "15-puzzle, Manhattan distance, Korf's 17 easiest instances, {expected_nodes} nodes, {runs} runs"
    );
    println!("generic driver   median {:>8.3} s  {:>6.1} M nodes/s", g.as_secs_f64(), rate(g));
    println!("hand-written     median {:>8.3} s  {:>6.1} M nodes/s", h.as_secs_f64(), rate(h));
    println!("minimal loop     median {:>8.3} s  {:>6.1} M nodes/s", m.as_secs_f64(), rate(m));
    println!(
        "ratio generic / minimal loop over the same traits: {:.3}",
        g.as_secs_f64() / m.as_secs_f64()
    );
    println!("ratio generic / hand-written: {:.3}", g.as_secs_f64() / h.as_secs_f64());
}

/// A contender: how to run it, where its times go, and its name.
type Side<'a> = (&'a dyn Fn() -> (Duration, u64), &'a mut Vec<Duration>, &'static str);

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}
