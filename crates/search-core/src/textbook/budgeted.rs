//! Budgeted Tree Search (BTS) as a textbook writes it, after Sturtevant and Helmert's "A Guide
//! to Budgeted Tree Search" (2020): IDA\*'s depth-first iterations, with bounds chosen so that
//! the work grows geometrically, however slowly IDA\*'s would.
//!
//! Each *stage* must do at least `C1` times the work of the one before (work: the nodes
//! generated). A stage is IDA\*'s next iteration if that grows the work enough; else a search
//! for a bound that does: an exponential search up from the least cost not ruled out, then a
//! binary search, each try an iteration under a budget of `C2` times the last stage's work.
//! [`BudgetedSearch`](crate::BudgetedSearch) does exactly this, node for node, faster; its
//! documentation explains why the answer is IDA\*'s, and the warm start.

use std::ops::ControlFlow;

use num_traits::{Bounded, CheckedAdd, CheckedSub, One, Saturating, Zero};

use crate::heuristic::Heuristic;
use crate::outcome::{Outcome, Solution};
use crate::problem::Problem;

/// Each stage does at least `C1` times the work of the one before...
const C1: u64 = 2;
/// ...and a try under a budget at most `C2` times.
const C2: u64 = 8;

/// Searches for the first optimal solution from `start` with Budgeted Tree Search, as
/// [`BudgetedSearch`](crate::BudgetedSearch) does, without its limits, observer or speed.
/// `heuristic` must never overestimate.
pub fn budgeted_search<P: Problem, H: Heuristic<P>>(
    problem: &P,
    heuristic: &H,
    start: &P::State,
) -> Outcome<P::Move, P::Cost> {
    if problem.is_goal(start) {
        return Outcome::Solved(Solution { moves: Vec::new(), cost: P::Cost::zero() });
    }
    let start_h = heuristic.estimate(problem, start);
    let zero = P::Cost::zero();
    let mut search = Search {
        problem,
        heuristic,
        start,
        start_h,
        lower: start_h,
        best: None,
        work: 0,
        rise: zero,
    };
    loop {
        if let ControlFlow::Break(outcome) = search.stage() {
            return outcome;
        }
    }
}

/// A search in progress: what it has proven so far.
struct Search<'a, P: Problem, H> {
    problem: &'a P,
    heuristic: &'a H,
    start: &'a P::State,
    start_h: P::Cost,
    /// The least cost not ruled out: no solution costs less.
    lower: P::Cost,
    /// The cheapest solution met so far: optimal once `lower` reaches its cost.
    best: Option<Solution<P::Move, P::Cost>>,
    /// The work of the last stage, in nodes generated.
    work: u64,
    /// How far the last search for a bound raised `lower`.
    rise: P::Cost,
}

/// How an iteration ended.
enum End<P: Problem> {
    /// The first solution in move order within the bound.
    Solved(Solution<P::Move, P::Cost>),
    /// The tree within the bound searched, with no solution; the least `f` cut off, if any.
    Finished { next_bound: Option<P::Cost> },
    /// The budget ran out; every node expanded had `f` at most `largest_f`.
    OutOfBudget { largest_f: P::Cost },
}

impl<P: Problem, H: Heuristic<P>> Search<'_, P, H> {
    /// One stage: IDA\*'s next iteration, and if it did not grow the work enough, the search
    /// for a bound that does. Breaks with the answer.
    fn stage(&mut self) -> ControlFlow<Outcome<P::Move, P::Cost>> {
        self.check_done()?;
        // 1. IDA*'s next iteration, under the least cost not ruled out, with no budget.
        let (end, generated) = self.iteration(self.lower, None);
        self.learn(end, &mut None)?;
        if generated >= C1.saturating_mul(self.work) {
            self.work = generated; // enough growth: that was the stage
            return ControlFlow::Continue(());
        }
        // Too little growth: look for a bound whose iteration does between `enough` and
        // `budget` nodes, each try held to `budget` nodes.
        let (enough, budget) = (C1.saturating_mul(self.work), C2.saturating_mul(self.work));
        let mut exceeding = None; // the least bound known to exceed the budget
        let (mut last, mut finished) = (generated, true);
        let from = self.lower;
        // 2. The exponential search: bounds `lower + step`, the step doubling from try to try.
        // It starts at half the last stage's rise (the guide starts at 1: a "warm start").
        let mut step = (self.rise >> 1).max(P::Cost::one());
        while finished && last < enough {
            let Some(top) = self.top(exceeding) else { break };
            let bound = self.lower.saturating_add(step).min(top);
            step = step.saturating_add(step);
            let (end, generated) = self.iteration(bound, Some(budget));
            (last, finished) = (generated, !matches!(end, End::OutOfBudget { .. }));
            self.learn(end, &mut exceeding)?;
        }
        // 3. The binary search, between `lower` and the least bound known to exceed the budget,
        // until a try lands between `enough` and `budget`.
        while !(finished && (enough..=budget).contains(&last)) {
            let Some(top) = self.top(exceeding) else { break };
            let width = top - self.lower;
            let bound = self.lower + (width - (width >> 1)); // the middle, rounded up
            let (end, generated) = self.iteration(bound, Some(budget));
            (last, finished) = (generated, !matches!(end, End::OutOfBudget { .. }));
            self.learn(end, &mut exceeding)?;
        }
        self.work = last.max(enough);
        self.rise = self.lower - from;
        ControlFlow::Continue(())
    }

    /// The largest bound worth a try: below the least bound known to exceed the budget and below
    /// the cost of the best solution met; `None` when that leaves nothing from `lower` up.
    fn top(&self, exceeding: Option<P::Cost>) -> Option<P::Cost> {
        let mut top = P::Cost::max_value();
        for above in exceeding.into_iter().chain(self.best.as_ref().map(|best| best.cost)) {
            top = top.min(above.checked_sub(&P::Cost::one())?);
        }
        (top >= self.lower).then_some(top)
    }

    /// Takes in what an iteration proved, and breaks with the answer once it is known.
    fn learn(
        &mut self,
        end: End<P>,
        exceeding: &mut Option<P::Cost>,
    ) -> ControlFlow<Outcome<P::Move, P::Cost>> {
        match end {
            // Every bound tried is below the best cost met: this solution is cheaper.
            End::Solved(solution) => self.best = Some(solution),
            // No solution costs less than the least f cut off.
            End::Finished { next_bound: Some(next) } => self.lower = next,
            // Nothing cut off: the whole tree was searched.
            End::Finished { next_bound: None } => {
                return ControlFlow::Break(
                    self.best.take().map_or(Outcome::NoSolution, Outcome::Solved),
                );
            }
            // The iteration under `largest_f` expands the same nodes, and runs out too.
            End::OutOfBudget { largest_f } => {
                let largest_f = largest_f.max(self.lower);
                *exceeding = Some(exceeding.map_or(largest_f, |known| known.min(largest_f)));
            }
        }
        self.check_done()
    }

    /// Breaks with the best solution met once no cheaper one is left: it is then optimal.
    fn check_done(&mut self) -> ControlFlow<Outcome<P::Move, P::Cost>> {
        match self.best.take_if(|best| best.cost <= self.lower) {
            Some(best) => ControlFlow::Break(Outcome::Solved(best)),
            None => ControlFlow::Continue(()),
        }
    }

    /// One iteration under `bound`, generating at most `budget` nodes if given: how it ended,
    /// and the nodes it generated.
    fn iteration(&self, bound: P::Cost, budget: Option<u64>) -> (End<P>, u64) {
        let mut iteration = Iteration {
            problem: self.problem,
            heuristic: self.heuristic,
            bound,
            budget,
            generated: 0,
            largest_f: self.start_h,
            next_bound: None,
            path: Vec::new(),
        };
        let mut state = self.start.clone();
        // mark: iteration
        let found = iteration.search(&mut state, P::Cost::zero());
        // mark: iteration_end
        let end = match found {
            Ok(Some(cost)) => End::Solved(Solution { moves: iteration.path, cost }),
            Ok(None) => End::Finished { next_bound: iteration.next_bound },
            Err(OutOfBudget) => End::OutOfBudget { largest_f: iteration.largest_f },
        };
        (end, iteration.generated)
    }
}

/// One iteration: IDA\*'s depth-first search under a bound, counting the nodes it generates.
struct Iteration<'a, P: Problem, H> {
    problem: &'a P,
    heuristic: &'a H,
    bound: P::Cost,
    budget: Option<u64>,
    generated: u64,
    /// The largest `f` of the nodes expanded.
    largest_f: P::Cost,
    /// The least `f` cut off.
    next_bound: Option<P::Cost>,
    /// The moves from the start.
    path: Vec<P::Move>,
}

/// The budget ran out.
struct OutOfBudget;

impl<P: Problem, H: Heuristic<P>> Iteration<'_, P, H> {
    /// Searches below `state`, reached at cost `g`, as IDA\*'s `search` does: `Ok(Some(cost))`
    /// at a goal (`path` then leads to it), `Ok(None)` when the subtree is exhausted, and
    /// `Err(OutOfBudget)` when the budget ran out before a child.
    fn search(&mut self, state: &mut P::State, g: P::Cost) -> Result<Option<P::Cost>, OutOfBudget> {
        let problem = self.problem;
        // Expand: generate the children in move order.
        // mark: expand
        for &mv in problem.moves(state).as_ref() {
            // Not straight back the way we came (or whatever else the problem refuses).
            if self.path.last().is_some_and(|&last| !problem.may_follow(last, mv)) {
                continue;
            }
            if self.budget == Some(self.generated) {
                return Err(OutOfBudget);
            }
            self.generated += 1;
            let child_g = g + problem.cost(state, mv);
            problem.apply(state, mv);
            let h = self.heuristic.estimate(problem, state);
            match child_g.checked_add(&h) {
                // A dead end: its estimate, the cost type's maximum, overflows. Never a bound.
                None => {}
                // Beyond the bound: cut off, and a candidate for the next bound.
                // mark: cutoff
                Some(f) if f > self.bound => {
                    self.next_bound = Some(self.next_bound.map_or(f, |next| next.min(f)));
                }
                // Within the bound: a goal ends the search, any other node is searched below.
                Some(_) if problem.is_goal(state) => {
                    self.path.push(mv);
                    // mark: goal
                    return Ok(Some(child_g));
                }
                Some(f) => {
                    self.largest_f = self.largest_f.max(f);
                    self.path.push(mv);
                    let found = self.search(state, child_g)?;
                    if found.is_some() {
                        return Ok(found);
                    }
                    self.path.pop();
                }
            }
            problem.undo(state, mv);
        }
        Ok(None) // this subtree is exhausted under the bound
    }
}
