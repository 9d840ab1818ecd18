//! IDA*: optimality, the tie-break, Korf's node counts, limits, overflow, the observer.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use common::ladder::{Constant, Ladder};
use common::pancakes::{Gaps, Pancakes, random_stack};
use common::sliding::{Manhattan, Sliding, hand_written_ida_star};
use common::{Rng, all_solutions_of_length, replay};
use rstest::rstest;
use search_core::{
    Additive, Blind, Heuristic, IdaStar, IterationStats, Limits, Max, Node, Observer, Outcome,
    Problem, Pruned, Solution, StopReason, breadth_first, ida_star,
};

/// One of the two 8-puzzle boards farthest from the goal: 31 moves, Manhattan distance 21.
const HARDEST: [u8; 9] = [8, 0, 6, 5, 4, 7, 2, 3, 1];

/// Korf's first 15-puzzle instance: 57 moves, 276 million nodes with Manhattan distance, so
/// any limit in a test is reached long before the answer.
const KORF_1: [u8; 16] = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];

/// A ladder of single rungs with the exact distance as its bound: IDA* walks straight up.
struct RungsLeft;

impl Heuristic<Ladder<u32>> for RungsLeft {
    fn estimate(&self, ladder: &Ladder<u32>, rung: &u32) -> u32 {
        ladder.target - rung
    }
    fn estimate_child(&self, _: &Ladder<u32>, _: &u32, _: usize, before: u32) -> Option<u32> {
        Some(before - 1)
    }
}

#[rstest]
#[case::sorted(vec![0, 1, 2, 3, 4], 0)]
#[case::one_flip(vec![2, 1, 0, 3, 4], 1)]
#[case::whole_stack(vec![4, 3, 2, 1, 0], 1)]
#[case::two_flips(vec![1, 2, 0, 3], 2)]
fn pancake_answers_have_the_known_optimal_length(#[case] stack: Vec<u8>, #[case] length: usize) {
    let report = ida_star(&Pancakes, &Gaps, &stack);
    let solution = report.outcome.solution().expect("every stack can be sorted");
    assert_eq!(solution.moves.len(), length);
    let (end, cost) = replay(&Pancakes, &stack, &solution.moves);
    assert!(Pancakes.is_goal(&end));
    assert_eq!(usize::from(cost), length);
}

/// The tie-break, checked against brute force: the answer is the first optimal solution in move
/// order, and no shorter one exists.
#[rstest]
fn pancake_answer_is_the_first_optimal_sequence_in_move_order(
    #[values(1, 2, 3, 4, 5, 6, 7, 8)] seed: u64,
) {
    let stack = random_stack(&mut Rng::new(seed), 6);
    let solution = ida_star(&Pancakes, &Gaps, &stack).outcome.into_solution().unwrap();
    let length = solution.moves.len();
    for shorter in 0..length {
        assert!(all_solutions_of_length(&Pancakes, &stack, shorter).is_empty());
    }
    let optimal = all_solutions_of_length(&Pancakes, &stack, length);
    assert_eq!(optimal.first(), Some(&solution.moves), "{} optimal answers", optimal.len());
}

#[rstest]
fn sliding_answer_is_the_first_optimal_sequence_in_move_order(
    #[values(11, 12, 13, 14, 15, 16)] seed: u64,
) {
    let puzzle = Sliding::new(3, 2);
    let start = puzzle.scrambled(&mut Rng::new(seed), 12);
    let solution = ida_star(&puzzle, &Manhattan, &start).outcome.into_solution().unwrap();
    let optimal = all_solutions_of_length(&puzzle, &start, solution.moves.len());
    assert_eq!(optimal.first(), Some(&solution.moves));
    if let Some(shorter) = solution.moves.len().checked_sub(1) {
        assert!(all_solutions_of_length(&puzzle, &start, shorter).is_empty());
    }
}

/// The generic driver counts nodes exactly as Korf's hand-written recursion does, iteration by
/// iteration, and finds the same length.
#[rstest]
fn generated_counts_match_a_hand_written_korf_search(
    #[values(21, 22, 23, 24, 25, 26, 27, 28)] seed: u64,
) {
    let puzzle = Sliding::new(3, 3);
    let start = puzzle.scrambled(&mut Rng::new(seed), 200);
    let report = ida_star(&puzzle, &Manhattan, &start);
    let (length, per_iteration) = hand_written_ida_star(&puzzle, &start);
    match report.outcome {
        Outcome::Solved(solution) => {
            assert_eq!(solution.cost, length);
            let counts: Vec<u64> = report.stats.iterations.iter().map(|i| i.generated).collect();
            assert_eq!(counts, per_iteration);
            assert_eq!(report.stats.generated, 1 + per_iteration.iter().sum::<u64>());
        }
        other => panic!("expected a solution, got {other:?} (an unsolvable board?)"),
    }
}

#[test]
fn the_start_counts_once_and_a_solved_start_needs_no_iteration() {
    let puzzle = Sliding::new(3, 3);
    let report = ida_star(&puzzle, &Manhattan, &puzzle.goal());
    assert_eq!(report.outcome, Outcome::Solved(Solution { moves: vec![], cost: 0 }));
    assert_eq!(report.stats.generated, 1);
    assert_eq!(report.stats.expanded, 0);
    assert!(report.stats.iterations.is_empty());
}

#[test]
fn iteration_bounds_rise_to_the_least_f_that_exceeded_them() {
    let puzzle = Sliding::new(3, 3);
    let start = puzzle.board(&HARDEST);
    let report = ida_star(&puzzle, &Manhattan, &start);
    assert_eq!(report.outcome.solution().map(|s| s.cost), Some(31));
    let bounds: Vec<u8> = report.stats.iterations.iter().map(|i| i.bound).collect();
    let first = puzzle.manhattan(&start);
    // Manhattan changes by exactly one per move, so f keeps its parity and rises by two.
    let expected: Vec<u8> =
        (0..bounds.len()).map(|i| first + 2 * u8::try_from(i).unwrap()).collect();
    assert_eq!(bounds, expected);
    assert_eq!(bounds.last(), Some(&31));
    let expanded: u64 = report.stats.iterations.iter().map(|i| i.expanded).sum();
    assert_eq!(report.stats.expanded, expanded);
}

#[test]
fn a_bound_limit_stops_with_the_next_bound_as_a_lower_bound() {
    let puzzle = Sliding::new(3, 3);
    let start = puzzle.board(&HARDEST);
    let report =
        IdaStar::new(&puzzle, &Manhattan).limits(Limits::default().max_bound(26)).run(&start);
    assert_eq!(report.outcome, Outcome::Stopped { reason: StopReason::BoundLimit, bound: 27 });
    assert_eq!(report.stats.iterations.last().map(|i| i.bound), Some(25));
}

#[rstest]
#[case(1)]
#[case(2)]
#[case(1_000)]
#[case(50_000)]
fn a_node_budget_stops_after_exactly_that_many_nodes(#[case] budget: u64) {
    let puzzle = Sliding::new(4, 4);
    let start = puzzle.board(&KORF_1);
    let report = IdaStar::new(&puzzle, &Manhattan)
        .limits(Limits::default().max_generated(budget))
        .run(&start);
    assert!(matches!(report.outcome, Outcome::Stopped { reason: StopReason::NodeLimit, .. }));
    assert_eq!(report.stats.generated, budget);
}

#[test]
fn a_budget_of_zero_generates_nothing() {
    let puzzle = Sliding::new(3, 3);
    let start = puzzle.board(&HARDEST);
    let report =
        IdaStar::new(&puzzle, &Manhattan).limits(Limits::default().max_generated(0)).run(&start);
    assert_eq!(report.outcome, Outcome::Stopped { reason: StopReason::NodeLimit, bound: 21 });
}

#[test]
fn a_cancel_flag_set_beforehand_stops_before_the_first_iteration() {
    let puzzle = Sliding::new(3, 3);
    let start = puzzle.board(&HARDEST);
    let flag = Arc::new(AtomicBool::new(true));
    let report =
        IdaStar::new(&puzzle, &Manhattan).limits(Limits::default().cancel_flag(flag)).run(&start);
    assert_eq!(report.outcome, Outcome::Stopped { reason: StopReason::Cancelled, bound: 21 });
    assert!(report.stats.iterations.is_empty());
}

/// Sets a flag after a number of expansions, as another thread would.
struct CancelAfter {
    expansions: u64,
    flag: Arc<AtomicBool>,
}

impl<P: Problem> Observer<P> for CancelAfter {
    fn node_expanded(&mut self, _: &Node<'_, P>) {
        self.expansions = self.expansions.saturating_sub(1);
        if self.expansions == 0 {
            self.flag.store(true, Ordering::Relaxed);
        }
    }
}

#[test]
fn a_cancel_flag_set_during_the_search_stops_it_promptly() {
    let puzzle = Sliding::new(4, 4);
    let start = puzzle.board(&KORF_1);
    let flag = Arc::new(AtomicBool::new(false));
    let canceller = CancelAfter { expansions: 500, flag: Arc::clone(&flag) };
    let report = IdaStar::new(&puzzle, &Manhattan)
        .limits(Limits::default().cancel_flag(flag))
        .observer(canceller)
        .run(&start);
    assert!(matches!(report.outcome, Outcome::Stopped { reason: StopReason::Cancelled, .. }));
    let generated_at_cancel = report.stats.generated;
    assert!(generated_at_cancel <= 2 * Limits::<u8>::CANCEL_CHECK_INTERVAL + 1_000);
}

/// A finite, acyclic problem: IDA* runs out of bounds and proves there is no solution.
#[test]
fn an_unreachable_target_on_a_finite_tree_is_no_solution() {
    let ladder = Ladder { target: 9, steps: vec![2, 4], costs: vec![1_u32, 1] };
    assert_eq!(ida_star(&ladder, &Constant(1), &0).outcome, Outcome::NoSolution);
    assert_eq!(ida_star(&ladder, &Blind, &0).outcome, Outcome::NoSolution);
    assert_eq!(breadth_first(&ladder, &0).outcome, Outcome::NoSolution);
}

/// With `u8` costs, a solution costing 255 is found and one costing 300 is "no solution",
/// never a wrap-around to a small cost.
#[rstest]
#[case::exactly_the_maximum(vec![51], 5, Some(255))]
#[case::one_over(vec![100], 3, None)]
#[case::the_cheap_way_fits(vec![200, 20], 3, Some(60))]
#[case::only_the_expensive_way(vec![200, 100], 2, Some(200))]
fn bounds_never_overflow_a_u8_cost(
    #[case] costs: Vec<u8>,
    #[case] target: u32,
    #[case] expected: Option<u8>,
) {
    let steps = if costs.len() == 1 { vec![1] } else { vec![target, 1] };
    // Every rung but the target needs one more move at least: the cheapest move cost is admissible.
    let cheapest = *costs.iter().min().unwrap();
    let ladder = Ladder { target, steps, costs };
    for outcome in
        [ida_star(&ladder, &Blind, &0).outcome, ida_star(&ladder, &Constant(cheapest), &0).outcome]
    {
        match expected {
            Some(cost) => assert_eq!(outcome.solution().map(|s| s.cost), Some(cost)),
            None => assert_eq!(outcome, Outcome::NoSolution),
        }
    }
}

#[test]
fn a_heuristic_at_the_maximum_declares_a_dead_end() {
    let ladder = Ladder { target: 4, steps: vec![1], costs: vec![1_u8] };
    assert_eq!(ida_star(&ladder, &Constant(u8::MAX), &0).outcome, Outcome::NoSolution);
}

/// A million moves deep: the explicit stack lives on the heap, so there is no stack overflow.
#[test]
fn a_solution_a_million_moves_deep_does_not_overflow_the_stack() {
    let ladder = Ladder { target: 1_000_000, steps: vec![1], costs: vec![1_u32] };
    let report = ida_star(&ladder, &RungsLeft, &0);
    let solution = report.outcome.solution().unwrap();
    assert_eq!(solution.cost, 1_000_000);
    assert_eq!(report.stats.iterations.len(), 1);
}

/// Records every event as text, for comparison with an expected trace.
#[derive(Default)]
struct Recorder(Vec<String>);

impl Observer<Ladder<u32>> for Recorder {
    fn iteration_started(&mut self, bound: u32) {
        self.0.push(format!("start {bound}"));
    }
    fn node_expanded(&mut self, node: &Node<'_, Ladder<u32>>) {
        self.0.push(format!("expand {} d{} g{} h{}", node.state, node.depth, node.g, node.h));
    }
    fn child_pruned(&mut self, child: &Pruned<'_, Ladder<u32>>) {
        self.0.push(format!("prune {}+{} f{:?}", child.parent, child.via, child.f()));
    }
    fn iteration_finished(&mut self, stats: &IterationStats<u32>) {
        self.0.push(format!("end {} gen{} exp{}", stats.bound, stats.generated, stats.expanded));
    }
    fn solution_found(&mut self, moves: &[usize], cost: u32) {
        self.0.push(format!("solved {moves:?} {cost}"));
    }
}

#[test]
fn the_observer_sees_every_event_in_order() {
    // Steps of 1 (cost 1) and 2 (cost 3) to rung 2: one expensive step or two cheap ones.
    let ladder = Ladder { target: 2, steps: vec![1, 2], costs: vec![1_u32, 3] };
    let mut recorder = Recorder::default();
    let report = IdaStar::new(&ladder, &Blind).observer(&mut recorder).run(&0);
    assert_eq!(report.outcome.solution().map(|s| s.moves.clone()), Some(vec![0, 0]));
    let expected = [
        "start 0",
        "expand 0 d0 g0 h0",
        "prune 0+0 fSome(1)",
        "prune 0+1 fSome(3)",
        "end 0 gen2 exp1",
        "start 1",
        "expand 0 d0 g0 h0",
        "expand 1 d1 g1 h0",
        "prune 1+0 fSome(2)",
        "prune 0+1 fSome(3)",
        "end 1 gen3 exp2",
        "start 2",
        "expand 0 d0 g0 h0",
        "expand 1 d1 g1 h0",
        "end 2 gen2 exp2",
        "solved [0, 0] 2",
    ];
    assert_eq!(recorder.0, expected);
    assert_eq!(report.stats.generated, 1 + 2 + 3 + 2);
}

/// Korf's published node counts, reproduced exactly on his three easiest 15-puzzle instances.
#[rstest]
#[case(0)]
#[case(1)]
#[case(2)]
fn korf_instances_generate_exactly_the_published_node_counts(#[case] index: usize) {
    let (id, length, nodes, cells) = common::korf::EASIEST_17[index];
    let puzzle = Sliding::new(4, 4);
    let report = ida_star(&puzzle, &Manhattan, &puzzle.board(&cells));
    assert_eq!(report.outcome.solution().map(|s| s.cost), Some(length), "instance {id}");
    assert_eq!(report.stats.generated, nodes, "instance {id}");
}

/// Records every event on the sliding-tile puzzle, for comparing two searches event by event.
#[derive(Default)]
struct SlidingEvents(Vec<String>);

impl Observer<Sliding> for SlidingEvents {
    fn iteration_started(&mut self, bound: u8) {
        self.0.push(format!("start {bound}"));
    }
    fn node_expanded(&mut self, node: &Node<'_, Sliding>) {
        let Node { state, depth, via, g, h } = node;
        self.0.push(format!("expand {:?} d{depth} {via:?} g{g} h{h}", state.cells));
    }
    fn child_pruned(&mut self, child: &Pruned<'_, Sliding>) {
        let Pruned { parent, depth, via, g, h } = child;
        self.0.push(format!("prune {:?} d{depth} {via:?} g{g:?} h{h}", parent.cells));
    }
    fn iteration_finished(&mut self, stats: &IterationStats<u8>) {
        self.0.push(format!("end {} gen{} exp{}", stats.bound, stats.generated, stats.expanded));
    }
    fn solution_found(&mut self, moves: &[common::sliding::Slide], cost: u8) {
        self.0.push(format!("solved {moves:?} {cost}"));
    }
}

/// IDA* with the Manhattan distance, recursing at most `max_recursion` levels: the outcome, the
/// nodes generated and every event, in order.
fn search_recording_events(
    puzzle: &Sliding,
    start: &<Sliding as Problem>::State,
    max_recursion: usize,
) -> (Outcome<common::sliding::Slide, u8>, u64, Vec<String>) {
    let mut events = SlidingEvents::default();
    let report = IdaStar::new(puzzle, &Manhattan)
        .max_recursion(max_recursion)
        .observer(&mut events)
        .run(start);
    (report.outcome, report.stats.generated, events.0)
}

/// Where the search changes from recursion to its explicit stack changes nothing an observer,
/// the statistics or the answer can tell: every event is the same, in the same order.
#[rstest]
fn the_recursion_depth_changes_nothing_but_speed(
    #[values(0, 1, 2, 3, 7, 20)] max_recursion: usize,
    #[values(1, 2, 3, 4)] seed: u64,
) {
    let puzzle = Sliding::new(3, 3);
    let start = puzzle.scrambled(&mut Rng::new(seed), 40);
    let search = |levels: usize| search_recording_events(&puzzle, &start, levels);
    let (outcome, generated, events) = search(max_recursion);
    let (expected_outcome, expected_generated, expected_events) = search(usize::MAX);
    assert!(outcome.solution().is_some(), "scrambled boards are solvable");
    assert_eq!(outcome, expected_outcome);
    assert_eq!(generated, expected_generated);
    assert_eq!(events, expected_events);
}

/// Under a bound below `max_recursion` the recursion leaves out its depth test (no node can be
/// deeper than its cost); at and above it, the test is made. Set the switch-over right around
/// the solution's length, so the last iterations run on either side of that line and the
/// explicit stack takes over at the frontier itself: still every event the same.
#[rstest]
fn the_recursion_depth_changes_nothing_around_the_last_bound(
    #[values(0, 1, 2)] below: usize,
    #[values(false, true)] above: bool,
    #[values(1, 2, 3, 4, 5, 6)] seed: u64,
) {
    let puzzle = Sliding::new(3, 3);
    let start = puzzle.scrambled(&mut Rng::new(seed), 40);
    let search = |levels: usize| search_recording_events(&puzzle, &start, levels);
    let expected = search(usize::MAX);
    let length = usize::from(expected.0.solution().expect("scrambled boards are solvable").cost);
    let levels = if above { length + 1 + below } else { length.saturating_sub(below) };
    assert_eq!(search(levels), expected, "max_recursion {levels}, solution length {length}");
}

/// Manhattan distance that records each node whose children it is asked to prefetch.
#[derive(Default)]
struct Prefetching(std::cell::RefCell<Vec<[u8; 16]>>);

impl Heuristic<Sliding> for Prefetching {
    fn estimate(&self, puzzle: &Sliding, board: &common::sliding::Board) -> u8 {
        Manhattan.estimate(puzzle, board)
    }
    fn prefetch_children(&self, _: &Sliding, parent: &common::sliding::Board) {
        self.0.borrow_mut().push(parent.cells);
    }
}

/// Records the boards of the nodes expanded.
#[derive(Default)]
struct Expanded(Vec<[u8; 16]>);

impl Observer<Sliding> for Expanded {
    fn node_expanded(&mut self, node: &Node<'_, Sliding>) {
        self.0.push(node.state.cells);
    }
}

/// The prefetch hint comes once for each node expanded, in the order they are expanded, whether
/// the node is expanded by the recursion or on the explicit stack, and through the combinators
/// and a reference; the answer and counts are plain Manhattan's.
#[rstest]
fn the_prefetch_hint_comes_once_for_each_node_expanded(
    #[values(0, 1, 3, usize::MAX)] max_recursion: usize,
    #[values(false, true)] combined: bool,
) {
    let puzzle = Sliding::new(3, 3);
    let start = puzzle.scrambled(&mut Rng::new(9), 40);
    let prefetching = Prefetching::default();
    let mut expanded = Expanded::default();
    let report = if combined {
        let both = Max(&prefetching, Additive(Blind, Blind));
        let search = IdaStar::new(&puzzle, &both).max_recursion(max_recursion);
        search.observer(&mut expanded).run(&start)
    } else {
        let search = IdaStar::new(&puzzle, &prefetching).max_recursion(max_recursion);
        search.observer(&mut expanded).run(&start)
    };
    let expected = ida_star(&puzzle, &Manhattan, &start);
    assert_eq!(report.outcome, expected.outcome);
    assert_eq!(report.stats.generated, expected.stats.generated);
    let hinted = prefetching.0.into_inner();
    assert_eq!(u64::try_from(hinted.len()).unwrap(), report.stats.expanded);
    assert_eq!(hinted, expanded.0);
}

/// A limit stops the search at the same node wherever it is on the path.
#[rstest]
fn a_node_budget_stops_at_the_same_node_at_any_recursion_depth(
    #[values(0, 1, 5, 256)] max_recursion: usize,
    #[values(1, 17, 4_096, 100_000)] budget: u64,
) {
    let puzzle = Sliding::new(4, 4);
    let start = puzzle.board(&KORF_1);
    let report = IdaStar::new(&puzzle, &Manhattan)
        .max_recursion(max_recursion)
        .limits(Limits::default().max_generated(budget))
        .run(&start);
    assert!(matches!(report.outcome, Outcome::Stopped { reason: StopReason::NodeLimit, .. }));
    assert_eq!(report.stats.generated, budget);
}

/// Korf's counts hold on the explicit stack alone too.
#[test]
fn korf_counts_hold_without_recursion() {
    let (id, length, nodes, cells) = common::korf::EASIEST_17[0];
    let puzzle = Sliding::new(4, 4);
    let report = IdaStar::new(&puzzle, &Manhattan).max_recursion(0).run(&puzzle.board(&cells));
    assert_eq!(report.outcome.solution().map(|s| s.cost), Some(length), "instance {id}");
    assert_eq!(report.stats.generated, nodes, "instance {id}");
}

/// A free move breaks the contract (the path could grow without its cost, past every bound and
/// every depth limit), and the search says so rather than recursing without end.
#[test]
#[should_panic(expected = "every move must cost at least 1")]
fn a_move_that_costs_nothing_is_refused() {
    let ladder = Ladder { target: 3, steps: vec![1, 2], costs: vec![1_u32, 0] };
    ida_star(&ladder, &Blind, &0);
}

/// An unsolvable finite problem is proved so at any recursion depth.
#[rstest]
fn no_solution_is_proved_at_any_recursion_depth(#[values(0, 1, 2, 256)] max_recursion: usize) {
    let ladder = Ladder { target: 7, steps: vec![2, 4], costs: vec![1_u32, 1] };
    let report = IdaStar::new(&ladder, &Blind).max_recursion(max_recursion).run(&0);
    assert_eq!(report.outcome, Outcome::NoSolution);
}
