//! `Problem::undo_by_copy`: IDA* taking a move back by restoring a copy of the node gives the
//! answers and counts of `undo`, on one thread and on several, and calls `undo` only where it
//! made the move before it knew it would descend (to price the child).

use std::fmt::Debug;
use std::sync::atomic::{AtomicU64, Ordering};

use rstest::rstest;
use search_core::{Heuristic, IdaStar, Problem, Report};

use crate::common::Rng;
use crate::common::sliding::{Manhattan, Misplaced, Sliding};

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

/// A heuristic of `P`, for `Counted<P>`.
struct Through<H>(H);

impl<P: Problem, H: Heuristic<P>> Heuristic<Counted<P>> for Through<H> {
    fn estimate(&self, problem: &Counted<P>, state: &P::State) -> P::Cost {
        self.0.estimate(&problem.inner, state)
    }
    fn estimate_child(
        &self,
        problem: &Counted<P>,
        parent: &P::State,
        mv: P::Move,
        parent_estimate: P::Cost,
    ) -> Option<P::Cost> {
        self.0.estimate_child(&problem.inner, parent, mv, parent_estimate)
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

/// With a heuristic that prices a child before the move, the copy takes every move back: the
/// same answers and counts, and `undo` never called by the recursion.
#[test]
fn a_problem_that_undoes_by_copy_is_searched_to_the_same_nodes_without_undo() {
    let mut rng = Rng::new(7);
    let plain = Counted::new(Sliding::new(4, 4), false);
    let copied = Counted::new(Sliding::new(4, 4), true);
    for _ in 0..30 {
        let start = Sliding::new(4, 4).scrambled(&mut rng, 60);
        let by_undo = IdaStar::new(&plain, &Through(Manhattan)).run(&start);
        let by_copy = IdaStar::new(&copied, &Through(Manhattan)).run(&start);
        assert_eq!(summary(&by_copy), summary(&by_undo));
    }
    assert!(plain.undone() > 1000, "{} moves taken back by undo", plain.undone());
    assert_eq!(copied.undone(), 0, "the copy took every move back");
}

/// A heuristic that needs the move made first (`Misplaced` has no `estimate_child`): the move
/// is made before the search knows whether it will descend, so no copy is taken and `undo`
/// takes back every move, as without the copy; the same nodes.
#[test]
fn children_priced_after_the_move_are_taken_back_by_undo() {
    let mut rng = Rng::new(8);
    let plain = Counted::new(Sliding::new(3, 3), false);
    let copied = Counted::new(Sliding::new(3, 3), true);
    for _ in 0..10 {
        let start = Sliding::new(3, 3).scrambled(&mut rng, 40);
        let by_undo = IdaStar::new(&plain, &Through(Misplaced)).run(&start);
        let by_copy = IdaStar::new(&copied, &Through(Misplaced)).run(&start);
        assert_eq!(summary(&by_copy), summary(&by_undo));
    }
    assert!(plain.undone() > 1000, "{} moves taken back by undo", plain.undone());
    assert_eq!(copied.undone(), plain.undone());
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
