//! `Problem::undo_by_copy`: IDA* taking a move back by restoring a copy of the node gives the
//! answers and counts of `undo`, on one thread and on several, and calls `undo` only where it
//! made the move before it knew it would descend (to price the child).

use std::fmt::Debug;
use std::sync::atomic::{AtomicU64, Ordering};

use rstest::rstest;
use search_core::{Heuristic, IdaStar, Problem, Report};

use crate::common::sliding::{Manhattan, Misplaced, Sliding};
use crate::common::{Rng, Through, Wrapper};

/// `inner`, taking moves back by copy when `by_copy`, counting the calls of `undo`.
struct Counted<P> {
    inner: P,
    by_copy: bool,
    undone: AtomicU64,
}

impl<P> Counted<P> {
    fn new(inner: P, by_copy: bool) -> Self {
        Counted { inner, by_copy, undone: AtomicU64::new(0) }
    }

    fn undone(&self) -> u64 {
        self.undone.load(Ordering::Relaxed)
    }
}

impl<P: Problem> Problem for Counted<P> {
    type State = P::State;
    type Move = P::Move;
    type Cost = P::Cost;
    type Moves<'a>
        = P::Moves<'a>
    where
        Self: 'a;

    fn moves<'a>(&'a self, state: &P::State) -> P::Moves<'a> {
        self.inner.moves(state)
    }
    fn apply(&self, state: &mut P::State, mv: P::Move) {
        self.inner.apply(state, mv);
    }
    fn undo(&self, state: &mut P::State, mv: P::Move) {
        self.undone.fetch_add(1, Ordering::Relaxed);
        self.inner.undo(state, mv);
    }
    fn undo_by_copy(&self) -> bool {
        self.by_copy
    }
    fn inverse(&self, mv: P::Move) -> Option<P::Move> {
        self.inner.inverse(mv)
    }
    fn may_follow(&self, previous: P::Move, mv: P::Move) -> bool {
        self.inner.may_follow(previous, mv)
    }
    fn is_goal(&self, state: &P::State) -> bool {
        self.inner.is_goal(state)
    }
}

impl<P: Problem> Wrapper for Counted<P> {
    type Inner = P;

    fn inner(&self) -> &P {
        &self.inner
    }
}

/// The moves, cost and `(bound, generated, expanded)` of each iteration.
type Summary<M, C> = (Option<(Vec<M>, C)>, Vec<(C, u64, u64)>);

fn summary<M: Clone, C: Copy>(report: &Report<M, C>) -> Summary<M, C> {
    let solution =
        report.outcome.solution().map(|solution| (solution.moves.clone(), solution.cost));
    let iterations = report.stats.iterations.iter();
    (solution, iterations.map(|it| (it.bound, it.generated, it.expanded)).collect())
}

/// Runs IDA* on `threads` threads (or the sequential driver for 1) with `max_recursion`.
fn run<P, H>(
    problem: &P,
    heuristic: &H,
    start: &P::State,
    threads: usize,
    max_recursion: usize,
) -> Report<P::Move, P::Cost>
where
    P: Problem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync + Debug,
    H: Heuristic<P> + Sync,
{
    let mut driver = IdaStar::new(problem, heuristic).max_recursion(max_recursion);
    if threads == 1 { driver.run(start) } else { driver.threads(threads).run(start) }
}

/// Searches `boards` boards, each `moves` random moves from the goal of a `width` x `width`
/// puzzle (seeded with `seed`), with `heuristic`, taking moves back by `undo` and by copy; asserts
/// the same answers and counts both ways, and returns how many moves `undo` took back each way.
fn undone_both_ways<H: Heuristic<Sliding>>(
    width: usize,
    heuristic: H,
    (seed, boards, moves): (u64, usize, usize),
) -> (u64, u64) {
    let mut rng = Rng::new(seed);
    let plain = Counted::new(Sliding::new(width, width), false);
    let copied = Counted::new(Sliding::new(width, width), true);
    let heuristic = Through(heuristic);
    for _ in 0..boards {
        let start = Sliding::new(width, width).scrambled(&mut rng, moves);
        let by_undo = IdaStar::new(&plain, &heuristic).run(&start);
        let by_copy = IdaStar::new(&copied, &heuristic).run(&start);
        assert_eq!(summary(&by_copy), summary(&by_undo));
    }
    (plain.undone(), copied.undone())
}

/// With a heuristic that prices a child before the move, the copy takes every move back: the
/// same answers and counts, and `undo` never called by the recursion.
#[test]
fn a_problem_that_undoes_by_copy_is_searched_to_the_same_nodes_without_undo() {
    let (by_undo, by_copy) = undone_both_ways(4, Manhattan, (7, 30, 60));
    assert!(by_undo > 1000, "{by_undo} moves taken back by undo");
    assert_eq!(by_copy, 0, "the copy took every move back");
}

/// A heuristic that needs the move made first (`Misplaced` has no `estimate_child`): the move
/// is made before the search knows whether it will descend, so no copy is taken and `undo`
/// takes back every move, as without the copy; the same nodes.
#[test]
fn children_priced_after_the_move_are_taken_back_by_undo() {
    let (by_undo, by_copy) = undone_both_ways(3, Misplaced, (8, 10, 40));
    assert!(by_undo > 1000, "{by_undo} moves taken back by undo");
    assert_eq!(by_copy, by_undo);
}

/// The explicit stack below `max_recursion` (0: all of it) and the parallel driver's threads
/// take moves back with `undo`, and still agree with the recursion on the copy.
#[rstest]
fn the_explicit_stack_and_the_threads_agree_with_the_copy(
    #[values(1, 2, 3)] threads: usize,
    #[values(0, 5, 10_000)] max_recursion: usize,
) {
    let mut rng = Rng::new(9);
    for _ in 0..8 {
        let puzzle = Sliding::new(4, 4);
        let start = puzzle.scrambled(&mut rng, 50);
        let reference = IdaStar::new(&puzzle, &Manhattan).run(&start);
        let copied = Counted::new(puzzle, true);
        let report = run(&copied, &Through(Manhattan), &start, threads, max_recursion);
        assert_eq!(summary(&report).0, summary(&reference).0, "{threads} threads, {max_recursion}");
        if threads == 1 {
            assert_eq!(summary(&report), summary(&reference));
        }
    }
}
