//! The parallel IDA* driver against the sequential one: the same moves, cost and per-iteration
//! counts on thousands of random instances, for 1, 2, 3 and 8 threads; the limits across
//! threads; work units and their reports as text, and a distributed search put together from
//! them.

#![cfg(feature = "parallel")]

use crate::common;

use std::collections::HashSet;
use std::fmt::Debug;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use common::grid::{Grid, StepsLeft};
use common::korf::EASIEST_17;
use common::ladder::{Constant, Ladder};
use common::pancakes::{Gaps, Pancakes, random_stack};
use common::sliding::{Manhattan, Misplaced, Sliding};
use common::{Rng, replay};
use rstest::rstest;
use search_core::work_units::{UnitError, UnitOutcome, UnitReport, WorkUnit};
use search_core::{
    Blind, Heuristic, IdaStar, Limits, MoveVec, Outcome, ParallelIdaStar, Problem, Report,
    StopReason,
};

/// The thread counts every comparison runs with.
const THREADS: [usize; 4] = [1, 2, 3, 8];

/// Korf's first 15-puzzle instance: 276 million nodes with the Manhattan distance, so any limit
/// is reached long before the answer.
const KORF_1: [u8; 16] = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];

/// `(bound, generated, expanded)` of each iteration.
fn iterations<C: Copy>(report: &Report<impl Sized, C>) -> Vec<(C, u64, u64)> {
    let stats = &report.stats.iterations;
    stats
        .iter()
        .map(|iteration| (iteration.bound, iteration.generated, iteration.expanded))
        .collect()
}

/// Asserts that `parallel` reports what `sequential` does: the outcome, to the last move, and
/// every iteration's counts; and that the speculative figures add up.
fn assert_same<M, C>(parallel: &Report<M, C>, sequential: &Report<M, C>, context: &str)
where
    M: Debug + PartialEq,
    C: Copy + Debug + PartialEq,
{
    assert_eq!(parallel.outcome, sequential.outcome, "{context}");
    assert_eq!(iterations(parallel), iterations(sequential), "{context}");
    assert_eq!(parallel.stats.generated, sequential.stats.generated, "{context}");
    assert_eq!(parallel.stats.expanded, sequential.stats.expanded, "{context}");
    let speculative: u64 = parallel.stats.iterations.iter().map(|i| i.speculative).sum();
    assert_eq!(parallel.stats.speculative, speculative, "{context}");
    // Before the last, only an iteration probed on one thread and searched again in units has
    // speculative nodes: the probe's, at most its share.
    let last = parallel.stats.iterations.len().saturating_sub(1);
    let earlier = parallel.stats.iterations.iter().take(last);
    assert!(
        earlier.into_iter().all(|i| i.speculative <= most_probed(8)),
        "{context}: only the last speculates, or a probe"
    );
}

/// The most nodes a probe of the parallel driver searches on `threads` threads at the default
/// sizes of units (smaller with fewer nodes per unit).
fn most_probed(threads: usize) -> u64 {
    let units = ParallelIdaStar::<Sliding, Manhattan>::DEFAULT_UNITS_PER_THREAD * threads;
    u64::try_from(units).unwrap() * ParallelIdaStar::<Sliding, Manhattan>::DEFAULT_MIN_UNIT_NODES
}

/// The parallel drivers of `problem` with `heuristic`, one per thread count of [`THREADS`], each
/// cutting even the smallest iterations into units when `cut_small` is set.
fn drivers<'a, P, H>(
    problem: &'a P,
    heuristic: &'a H,
    limits: &Limits<P::Cost>,
    cut_small: bool,
) -> Vec<ParallelIdaStar<'a, P, H>>
where
    P: Problem + Sync,
    P::State: Sync,
    H: Heuristic<P> + Sync,
{
    THREADS
        .iter()
        .map(|&threads| {
            let driver = IdaStar::new(problem, heuristic).limits(limits.clone()).threads(threads);
            if cut_small { driver.min_unit_nodes(1) } else { driver }
        })
        .collect()
}

/// Runs every driver of `drivers` from `start` and compares it with the sequential driver.
fn compare<P, H>(
    drivers: &mut [ParallelIdaStar<'_, P, H>],
    sequential: &Report<P::Move, P::Cost>,
    start: &P::State,
    context: &str,
) where
    P: Problem + Sync,
    P::State: Sync,
    H: Heuristic<P> + Sync,
{
    for (driver, threads) in drivers.iter_mut().zip(THREADS) {
        let parallel = driver.run(start);
        assert_same(&parallel, sequential, &format!("{context}, {threads} threads"));
        if threads == 1 {
            assert_eq!(parallel.stats.speculative, 0);
        }
    }
}

/// 8-puzzle boards scrambled by random walks: the same answers and counts, with iterations cut
/// into units however small, and with the default sizes (small iterations on the caller).
#[rstest]
fn sliding_3x3_boards_agree(
    #[values(0, 1, 2, 3)] block: u64,
    #[values(false, true)] cut_small: bool,
) {
    let puzzle = Sliding::new(3, 3);
    let limits = Limits::default();
    let mut manhattan = drivers(&puzzle, &Manhattan, &limits, cut_small);
    let mut misplaced = drivers(&puzzle, &Misplaced, &limits, cut_small);
    for seed in block * 150..(block + 1) * 150 {
        let mut rng = Rng::new(seed);
        let moves = 10 + rng.below(50);
        let start = puzzle.scrambled(&mut rng, moves);
        let sequential = IdaStar::new(&puzzle, &Manhattan).run(&start);
        compare(&mut manhattan, &sequential, &start, &format!("seed {seed}, Manhattan"));
        if seed % 4 == 0 {
            let sequential = IdaStar::new(&puzzle, &Misplaced).run(&start);
            compare(&mut misplaced, &sequential, &start, &format!("seed {seed}, misplaced"));
        }
    }
}

/// 2 x 3 boards, half of them unsolvable: those end on the bound limit, in parallel too.
#[rstest]
fn sliding_2x3_boards_agree_solvable_or_not(#[values(0, 1)] block: u64) {
    let puzzle = Sliding::new(3, 2);
    let limits = Limits::default().max_bound(21);
    let mut parallel = drivers(&puzzle, &Manhattan, &limits, true);
    let mut unsolvable = 0;
    for seed in block * 150..(block + 1) * 150 {
        let start = puzzle.shuffled(&mut Rng::new(seed));
        let sequential = IdaStar::new(&puzzle, &Manhattan).limits(limits.clone()).run(&start);
        if let Outcome::Stopped { reason: StopReason::BoundLimit, .. } = sequential.outcome {
            unsolvable += 1;
        }
        compare(&mut parallel, &sequential, &start, &format!("seed {seed}"));
    }
    assert!(unsolvable > 0, "some boards are unsolvable");
}

/// Varied costs and a bound limit: grids, some walled off.
#[rstest]
fn weighted_grids_agree(#[values(0, 1, 2, 3)] block: u64) {
    for seed in block * 100..(block + 1) * 100 {
        let grid = Grid::random(&mut Rng::new(seed), 4, 3, 30);
        let limits = Limits::default().max_bound(9 * 12);
        let sequential = IdaStar::new(&grid, &StepsLeft).limits(limits.clone()).run(&0);
        let mut parallel = drivers(&grid, &StepsLeft, &limits, true);
        compare(&mut parallel, &sequential, &0, &format!("seed {seed}"));
    }
}

/// Finite trees, where IDA* proves that no solution exists; and every move in the way it is
/// listed, with no inverse.
#[rstest]
fn ladders_agree_including_no_solution(#[values(0, 1)] block: u64) {
    let mut unreachable = 0;
    for seed in block * 100..(block + 1) * 100 {
        let mut rng = Rng::new(seed);
        let steps: Vec<u32> =
            (0..3).map(|_| 2 + 2 * u32::try_from(rng.below(4)).unwrap()).collect();
        let costs: Vec<u16> = (0..3).map(|_| 1 + u16::try_from(rng.below(5)).unwrap()).collect();
        let target = 10 + u32::try_from(rng.below(25)).unwrap();
        let ladder = Ladder { target, steps, costs };
        let sequential = IdaStar::new(&ladder, &Blind).run(&0);
        unreachable += usize::from(sequential.outcome == Outcome::NoSolution);
        let mut parallel = drivers(&ladder, &Blind, &Limits::default(), true);
        compare(&mut parallel, &sequential, &0, &format!("seed {seed}"));
        let cheapest = Constant(1);
        let mut guided = drivers(&ladder, &cheapest, &Limits::default(), true);
        compare(
            &mut guided,
            &IdaStar::new(&ladder, &cheapest).run(&0),
            &0,
            &format!("seed {seed}"),
        );
    }
    assert!(unreachable > 0, "odd targets are unreachable with even steps");
}

#[rstest]
fn pancake_stacks_agree(#[values(0, 1)] block: u64) {
    let mut parallel = drivers(&Pancakes, &Gaps, &Limits::default(), true);
    for seed in block * 100..(block + 1) * 100 {
        let stack = random_stack(&mut Rng::new(seed), 5 + (seed % 4) as usize);
        let sequential = IdaStar::new(&Pancakes, &Gaps).run(&stack);
        compare(&mut parallel, &sequential, &stack, &format!("seed {seed}"));
        let (end, _) = replay(&Pancakes, &stack, &sequential.outcome.solution().unwrap().moves);
        assert!(Pancakes.is_goal(&end));
    }
}

/// Korf's 17 easiest instances: his node counts, with any number of threads, at the default
/// sizes of units.
#[test]
fn korf_counts_hold_with_any_number_of_threads() {
    let puzzle = Sliding::new(4, 4);
    let mut parallel = drivers(&puzzle, &Manhattan, &Limits::default(), false);
    for (id, length, nodes, cells) in EASIEST_17 {
        let start = puzzle.board(&cells);
        let sequential = IdaStar::new(&puzzle, &Manhattan).run(&start);
        assert_eq!(sequential.stats.generated, nodes);
        assert_eq!(sequential.outcome.solution().map(|s| s.cost), Some(length));
        compare(&mut parallel, &sequential, &start, &format!("instance {id}"));
    }
}

/// A complete tree of `branching` children a node, `depth` levels deep, whose one goal is its
/// last leaf: the whole tree is searched up to it. Its moves record the threads that expand the
/// nodes below `UNITS_BELOW` (which only work units reach), and when `meet` is set each such
/// thread waits there, for up to ten seconds, for another to come: a search that keeps every unit
/// on one thread waits out the time and is seen.
struct Tree {
    branching: u64,
    depth: u8,
    meet: bool,
    caller: thread::ThreadId,
    seen: Mutex<HashSet<thread::ThreadId>>,
}

impl Tree {
    /// The levels the split walks through, at most, on two threads: the units lie below them.
    const UNITS_BELOW: u8 = 4;

    fn new(branching: u64, depth: u8, meet: bool) -> Tree {
        let (caller, seen) = (thread::current().id(), Mutex::new(HashSet::new()));
        Tree { branching, depth, meet, caller, seen }
    }

    /// How many threads other than the caller expanded the nodes below the split's levels.
    fn workers(&self) -> usize {
        self.seen.lock().unwrap().len()
    }

    fn arrive(&self) {
        let me = thread::current().id();
        if me == self.caller {
            return;
        }
        let waited = Instant::now();
        loop {
            let seen = {
                let mut seen = self.seen.lock().unwrap();
                seen.insert(me);
                seen.len()
            };
            if !self.meet || seen >= 2 || waited.elapsed() > Duration::from_secs(10) {
                return;
            }
            thread::sleep(Duration::from_millis(1));
        }
    }
}

impl Problem for Tree {
    /// The depth and the node's index among its level's nodes.
    type State = (u8, u64);
    type Move = u64;
    type Cost = u8;
    type Moves<'a> = MoveVec<u64>;

    fn moves(&self, &(depth, _): &(u8, u64)) -> MoveVec<u64> {
        if depth >= Tree::UNITS_BELOW {
            self.arrive();
        }
        if depth < self.depth { (0..self.branching).collect() } else { MoveVec::new() }
    }
    fn apply(&self, (depth, index): &mut (u8, u64), child: u64) {
        (*depth, *index) = (*depth + 1, *index * self.branching + child);
    }
    fn undo(&self, (depth, index): &mut (u8, u64), _: u64) {
        (*depth, *index) = (*depth - 1, *index / self.branching);
    }
    fn inverse(&self, _: u64) -> Option<u64> {
        None
    }
    fn is_goal(&self, &(depth, index): &(u8, u64)) -> bool {
        depth == self.depth && index + 1 == self.branching.pow(u32::from(depth))
    }
}

/// The levels left to the goal's: exact on the goal's path, and below the truth elsewhere (no
/// other node reaches the goal), so the first iteration is the last.
struct LevelsLeft;

impl Heuristic<Tree> for LevelsLeft {
    fn estimate(&self, tree: &Tree, &(depth, _): &(u8, u64)) -> u8 {
        tree.depth - depth
    }
}

/// A search whose first iteration is the whole search, larger than the probe: searched on every
/// thread, with the sequential answer and counts, the probe's nodes speculative. Before the
/// probe, such an iteration (no previous one to size its units by) ran on the calling thread
/// alone. A first iteration within the probe's share is still searched on the caller alone.
#[test]
fn a_large_first_iteration_is_searched_on_every_thread() {
    // 4^9 leaves: 349,525 nodes, ten times the probe's 32,768 on two threads.
    let sequential = IdaStar::new(&Tree::new(4, 9, false), &LevelsLeft).run(&(0, 0));
    assert_eq!(sequential.stats.iterations.len(), 1);
    assert_eq!(sequential.stats.generated, 349_525);
    let tree = Tree::new(4, 9, true);
    let parallel = IdaStar::new(&tree, &LevelsLeft).threads(2).run(&(0, 0));
    assert_same(&parallel, &sequential, "the large tree");
    assert_eq!(tree.workers(), 2, "both of the pool's threads searched units");
    let probed = parallel.stats.speculative;
    assert!(probed > 0 && probed <= most_probed(2), "the probe's nodes: {probed}");

    // 4^7 leaves: 21,845 nodes, within the probe's share: the caller searches it all.
    let small = Tree::new(4, 7, false);
    let parallel = IdaStar::new(&small, &LevelsLeft).threads(2).run(&(0, 0));
    let sequential = IdaStar::new(&Tree::new(4, 7, false), &LevelsLeft).run(&(0, 0));
    assert_same(&parallel, &sequential, "the small tree");
    assert_eq!((small.workers(), parallel.stats.speculative), (0, 0));
}

/// The explicit stack below `max_recursion`: units deeper than it start on the stack.
#[rstest]
fn any_recursion_depth_gives_the_same_answers(#[values(0, 1, 3, 6)] max_recursion: usize) {
    let puzzle = Sliding::new(3, 3);
    for seed in 0..40 {
        let start = puzzle.scrambled(&mut Rng::new(seed), 40);
        let sequential = IdaStar::new(&puzzle, &Manhattan).run(&start);
        for threads in THREADS {
            let parallel = IdaStar::new(&puzzle, &Manhattan)
                .threads(threads)
                .min_unit_nodes(1)
                .units_per_thread(64)
                .max_recursion(max_recursion)
                .run(&start);
            assert_same(&parallel, &sequential, &format!("seed {seed}, {threads} threads"));
        }
    }
}

/// The node budget holds across the threads to within one batch per thread, speculative nodes
/// included; an early budget gives exactly the sequential result.
#[rstest]
fn a_node_budget_holds_within_a_batch_per_thread(
    #[values(1, 2, 1_000, 50_000, 1_000_000)] budget: u64,
    #[values(2, 3, 8)] threads: usize,
) {
    let puzzle = Sliding::new(4, 4);
    let start = puzzle.board(&KORF_1);
    let limits = Limits::default().max_generated(budget);
    let report = IdaStar::new(&puzzle, &Manhattan).limits(limits).threads(threads).run(&start);
    assert!(
        matches!(report.outcome, Outcome::Stopped { reason: StopReason::NodeLimit, .. }),
        "{:?}",
        report.outcome
    );
    let batch = Limits::<u8>::CANCEL_CHECK_INTERVAL;
    let threads = u64::try_from(threads).unwrap();
    assert!(report.stats.generated <= budget, "{} > {budget}", report.stats.generated);
    assert!(report.stats.generated + threads * batch >= budget, "{}", report.stats.generated);
    let summed: u64 = report.stats.iterations.iter().map(|i| i.generated).sum();
    assert_eq!(report.stats.generated, summed + 1, "every node is in an iteration but the start");
}

#[test]
fn a_budget_of_zero_generates_nothing() {
    let puzzle = Sliding::new(3, 3);
    let start = puzzle.board(&[8, 0, 6, 5, 4, 7, 2, 3, 1]);
    let report = IdaStar::new(&puzzle, &Manhattan)
        .limits(Limits::default().max_generated(0))
        .threads(2)
        .run(&start);
    assert_eq!(report.outcome, Outcome::Stopped { reason: StopReason::NodeLimit, bound: 21 });
}

#[rstest]
fn a_cancel_flag_set_beforehand_stops_before_the_first_iteration(#[values(2, 8)] threads: usize) {
    let puzzle = Sliding::new(4, 4);
    let start = puzzle.board(&KORF_1);
    let flag = Arc::new(AtomicBool::new(true));
    let report = IdaStar::new(&puzzle, &Manhattan)
        .limits(Limits::default().cancel_flag(flag))
        .threads(threads)
        .run(&start);
    assert_eq!(report.outcome, Outcome::Stopped { reason: StopReason::Cancelled, bound: 41 });
    assert!(report.stats.iterations.is_empty());
}

/// Another thread sets the flag while the threads search: they all stop.
#[rstest]
fn a_cancel_flag_set_during_the_search_stops_every_thread(#[values(2, 3, 8)] threads: usize) {
    let puzzle = Sliding::new(4, 4);
    let start = puzzle.board(&KORF_1);
    let flag = Arc::new(AtomicBool::new(false));
    let setter = {
        let flag = Arc::clone(&flag);
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(30));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let report = IdaStar::new(&puzzle, &Manhattan)
        .limits(Limits::default().cancel_flag(flag))
        .threads(threads)
        .run(&start);
    setter.join().unwrap();
    assert!(
        matches!(report.outcome, Outcome::Stopped { reason: StopReason::Cancelled, .. }),
        "{:?}",
        report.outcome
    );
    assert!(report.stats.generated < 276_361_933);
}

#[rstest]
fn a_bound_limit_stops_as_the_sequential_driver_does(#[values(24, 25, 26, 30)] max_bound: u8) {
    let puzzle = Sliding::new(3, 3);
    let start = puzzle.board(&[8, 0, 6, 5, 4, 7, 2, 3, 1]);
    let limits = Limits::default().max_bound(max_bound);
    let sequential = IdaStar::new(&puzzle, &Manhattan).limits(limits.clone()).run(&start);
    let mut parallel = drivers(&puzzle, &Manhattan, &limits, true);
    compare(&mut parallel, &sequential, &start, &format!("max bound {max_bound}"));
}

#[test]
fn a_solved_start_and_a_dead_end_need_no_iteration() {
    let puzzle = Sliding::new(3, 3);
    let goal = puzzle.goal();
    let report = IdaStar::new(&puzzle, &Manhattan).threads(2).run(&goal);
    assert_eq!(report.outcome.solution().map(|s| s.moves.len()), Some(0));
    assert!(report.stats.iterations.is_empty());
    let ladder = Ladder { target: 4, steps: vec![1], costs: vec![1_u8] };
    let report = IdaStar::new(&ladder, &Constant(u8::MAX)).threads(2).run(&0);
    assert_eq!(report.outcome, Outcome::NoSolution);
}

#[test]
fn work_units_and_reports_read_back_what_they_print() {
    let unit = WorkUnit { bound: 57_u8, path: vec![0, 3, 1, 2] };
    assert_eq!(unit.to_string(), "57:0.3.1.2");
    assert_eq!("57:0.3.1.2".parse::<WorkUnit<u8>>(), Ok(unit.clone()));
    assert_eq!(" 41: ".parse::<WorkUnit<u8>>(), Ok(WorkUnit { bound: 41, path: vec![] }));
    for bad in ["", "57", "57:0.", "57:.1", "x:1", "300:1", "57:0,1", "57:-1"] {
        assert!(bad.parse::<WorkUnit<u8>>().is_err(), "{bad:?}");
    }
    let ends = [
        UnitOutcome::Exhausted { next_bound: Some(59) },
        UnitOutcome::Exhausted { next_bound: None },
        UnitOutcome::Solved { path: vec![0, 3, 1, 2, 2, 0], cost: 57 },
        UnitOutcome::Stopped { reason: StopReason::NodeLimit },
        UnitOutcome::Stopped { reason: StopReason::Cancelled },
        UnitOutcome::Stopped { reason: StopReason::BoundLimit },
    ];
    for end in ends {
        let report =
            UnitReport { unit: unit.clone(), generated: 1234, expanded: 600, outcome: end };
        let line = report.to_string();
        assert_eq!(line.parse::<UnitReport<u8>>(), Ok(report), "{line}");
    }
    for bad in [
        "57:0 generated=1 expanded=1",
        "57:0 generated=1 expanded=1 next=300",
        "57:0 expanded=1 generated=1 next=3",
        "57:0 generated=1 expanded=1 stopped=bored",
        "57:0 generated=1 expanded=1 next=3 more",
    ] {
        assert!(bad.parse::<UnitReport<u8>>().is_err(), "{bad:?}");
    }
}

#[test]
fn a_unit_whose_path_the_search_never_follows_is_refused() {
    let puzzle = Sliding::new(3, 3);
    // The blank in the top-left corner of the goal: right (index 0) or down (index 1).
    let goal = puzzle.goal();
    let mut start = goal.clone();
    puzzle.apply(&mut start, puzzle.moves(&goal)[0]);
    let driver = IdaStar::new(&puzzle, &Manhattan);
    let unit = |text: &str| text.parse::<WorkUnit<u8>>().unwrap();
    // From `start` the blank is in the top row's middle: left, right, down; left is the goal.
    assert_eq!(
        driver.search_unit(&start, &unit("9:")).map(|r| r.outcome),
        Ok(UnitOutcome::Solved { path: vec![0], cost: 1 })
    );
    assert_eq!(driver.search_unit(&start, &unit("9:3")), Err(UnitError::NoSuchMove { step: 1 }));
    assert_eq!(
        driver.search_unit(&start, &unit("9:1.0")),
        Err(UnitError::MayNotFollow { step: 2 })
    );
    assert_eq!(driver.search_unit(&start, &unit("2:1")), Err(UnitError::BeyondBound { step: 1 }));
    assert_eq!(driver.search_unit(&start, &unit("0:")), Err(UnitError::BeyondBound { step: 0 }));
    assert_eq!(driver.search_unit(&start, &unit("9:0.1")), Err(UnitError::GoalOnPath { step: 1 }));
    assert_eq!(driver.search_unit(&goal, &unit("9:")), Err(UnitError::GoalOnPath { step: 0 }));
}

/// A coordinator's loop over text: split, units printed and parsed, searched in any order,
/// reports printed and parsed, combined; the sequential answer and counts come out, however many
/// units are asked for.
#[rstest]
fn a_search_put_together_from_units_as_text_is_the_sequential_one(
    #[values(1, 2, 7, 40)] units: usize,
) {
    let puzzle = Sliding::new(3, 3);
    let driver = IdaStar::new(&puzzle, &Manhattan);
    for seed in 0..30 {
        let start = puzzle.scrambled(&mut Rng::new(seed), 30 + usize::try_from(seed).unwrap());
        let sequential = IdaStar::new(&puzzle, &Manhattan).run(&start);
        let mut previous: Vec<UnitReport<u8>> = Vec::new();
        let mut bound = Manhattan.estimate(&puzzle, &start);
        for (number, iteration) in sequential.stats.iterations.iter().enumerate() {
            assert_eq!(iteration.bound, bound);
            let split = driver.split(&start, bound, units, &previous);
            let lines: Vec<String> = split.units().iter().map(ToString::to_string).collect();
            // The workers answer in reverse order; the coordinator does not care.
            let reports: Vec<UnitReport<u8>> = lines
                .iter()
                .rev()
                .map(|line| driver.search_unit(&start, &line.parse().unwrap()).unwrap())
                .map(|report| report.to_string().parse().unwrap())
                .collect();
            let summary = split.combine(&reports);
            assert_eq!(summary.generated, iteration.generated, "seed {seed}, iteration {number}");
            assert_eq!(summary.expanded, iteration.expanded, "seed {seed}, iteration {number}");
            match summary.outcome {
                UnitOutcome::Exhausted { next_bound } => bound = next_bound.unwrap(),
                UnitOutcome::Solved { path, cost } => {
                    let solution = sequential.outcome.solution().unwrap();
                    assert_eq!(cost, solution.cost);
                    let moves: Vec<_> = replay_indices(&puzzle, &start, &path);
                    assert_eq!(moves, solution.moves, "seed {seed}");
                    assert_eq!(number + 1, sequential.stats.iterations.len());
                }
                UnitOutcome::Stopped { .. } => panic!("no limit was set"),
            }
            previous = reports;
        }
    }
}

/// The moves of a path of move indices.
fn replay_indices<P: Problem>(problem: &P, start: &P::State, path: &[usize]) -> Vec<P::Move> {
    let mut state = start.clone();
    path.iter()
        .map(|&index| {
            let mv = problem.legal_moves(&state)[index];
            problem.apply(&mut state, mv);
            mv
        })
        .collect()
}

/// Units given to the split as the previous iteration's are cut further where they were large,
/// and the split's units are in move order and cover the tree once: their counts and the walk's
/// add up to the sequential iteration's.
#[test]
fn the_split_follows_the_previous_sizes_and_keeps_move_order() {
    let puzzle = Sliding::new(4, 4);
    let start = puzzle.board(&EASIEST_17[16].3);
    let driver = IdaStar::new(&puzzle, &Manhattan);
    let sequential = IdaStar::new(&puzzle, &Manhattan).run(&start);
    let last = sequential.stats.iterations.len() - 2;
    let bounds: Vec<u8> = sequential.stats.iterations.iter().map(|i| i.bound).collect();
    let mut previous: Vec<UnitReport<u8>> = Vec::new();
    for (&bound, iteration) in bounds.iter().zip(&sequential.stats.iterations).take(last + 1) {
        let split = driver.split(&start, bound, 64, &previous);
        let units = split.units();
        assert!(units.windows(2).all(|pair| pair[0].path < pair[1].path), "in move order");
        let reports: Vec<_> =
            units.iter().map(|unit| driver.search_unit(&start, unit).unwrap()).collect();
        let summary = split.combine(&reports);
        assert_eq!(summary.generated, iteration.generated);
        assert_eq!(summary.speculative, 0);
        if !previous.is_empty() && iteration.generated > 1_000_000 {
            // Planned from measured sizes, no unit takes much more than its share.
            let largest = reports.iter().map(|report| report.generated).max().unwrap();
            assert!(largest < iteration.generated / 8, "{largest} of {}", iteration.generated);
        }
        previous = reports;
    }
}
