//! Cutting an IDA\* iteration into work units ([`IdaStar::split`]), and putting the units'
//! reports back together into the iteration's result ([`Split::combine`]).
//!
//! The split walks the top of the tree depth-first in move order, as the search does, and leaves
//! the subtrees below some nodes to units; [`Split`] says how it chooses them.
//!
//! # Design decisions
//!
//! - **The previous iteration is the forecast.** A subtree grows by about the same factor from
//!   one iteration to the next, so the previous iteration's measured unit sizes say where to cut
//!   this one; even shares where nothing was measured, corrected an iteration later.
//! - **The walk's own nodes are accounted where they fall in depth-first order**, between the
//!   units, so that the counts of any prefix of the units add up to the sequential search's.
//! - **The answer is read in move order.** [`Split::combine`] takes the units in order and lets
//!   the first that did not exhaust its subtree decide, whatever order the reports came in.

use std::cmp::Ordering;
use std::ops::Sub;

use num_traits::{ToPrimitive, Zero};

use super::unit::{UnitOutcome, UnitReport, WorkUnit};
use crate::engine::{Iteration, IterationOutcome, Settings};
use crate::heuristic::{Heuristic, is_dead_end};
use crate::ida_star::IdaStar;
use crate::limits::Watch;
use crate::observer::NoObserver;
use crate::problem::Problem;

/// How much smaller than its share a subtree cut into units last time must have become before the
/// split makes it one unit again: a quarter. Any factor above one keeps a subtree near its share
/// from being merged and cut again in turn.
const MERGE_BELOW: u64 = 4;

/// How deep the split walks at most. A unit's path is replayed once per unit, so this bounds
/// that cost; a subtree still too large at this depth is a single long chain, which no split
/// would spread anyway.
const MAX_DEPTH: usize = 64;

/// One IDA\* iteration cut into [`WorkUnit`]s, in move order, with the nodes the cutting itself
/// generated: made by [`IdaStar::split`], put back together by [`combine`](Split::combine).
///
/// # How the tree is cut
///
/// The split walks the top of the iteration's tree depth-first, in move order, generating,
/// pricing, cutting off and goal-testing children exactly as the search does, and leaves the
/// subtrees below some nodes to units: so the units come out in move order and, with the walk,
/// cover the iteration's tree once. For each unit it records the nodes it generated and expanded
/// since the previous one, in depth-first order, so that [`combine`](Split::combine) can add up
/// exactly what the sequential search counts up to any unit. A goal met by the walk ends it, as it
/// ends the search.
///
/// Where to stop is a matter of size: asked for `n` units, the split aims at `1/n` of the
/// iteration per unit. IDA\*'s iterations search the same tree under growing bounds, so a
/// subtree's share of the work changes little from one iteration to the next: the previous
/// iteration's reports are the forecast. A unit that took more than its share is cut further;
/// parts of a subtree that together took less than a quarter of a share become one unit again,
/// so that the number of units stays near `n`. Where nothing was measured (the first time, or
/// below a unit being cut further), a node's size is shared out evenly among its children, and
/// the next iteration corrects it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split<C> {
    bound: C,
    units: Vec<WorkUnit<C>>,
    /// For each unit, the nodes the walk generated and expanded after the previous unit (or from
    /// the start) up to and including the unit's own node, in depth-first order.
    before: Vec<Counts>,
    /// The walk's nodes after the last unit: to the end of the tree, or to `end`'s goal.
    after: Counts,
    /// How the walk itself ended, when it did not simply walk to the end of the tree: on a goal
    /// (after every unit, in move order), or stopped by a limit (then no unit is searched).
    outcome: Option<UnitOutcome<C>>,
    /// The least `f` beyond the bound among the children the walk cut off.
    next_bound: Option<C>,
}

/// Nodes generated and expanded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    generated: u64,
    expanded: u64,
}

impl Sub for Counts {
    type Output = Self;

    fn sub(self, earlier: Self) -> Self {
        Self {
            generated: self.generated - earlier.generated,
            expanded: self.expanded - earlier.expanded,
        }
    }
}

/// The result of one iteration, put together from its units' reports by [`Split::combine`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterationSummary<C> {
    /// The nodes the sequential driver would have generated in this iteration: the walk's and
    /// every unit's up to the one that ended the iteration (that one up to its solution). For a
    /// stopped iteration, every node generated.
    pub generated: u64,
    /// The nodes the sequential driver would have expanded, counted likewise.
    pub expanded: u64,
    /// The nodes generated beyond `generated`: by units after the one that holds the solution,
    /// searched in parallel before it was known to be the first, and called off then.
    pub speculative: u64,
    /// How the iteration ended: [`UnitOutcome::Exhausted`] with the next bound, [`UnitOutcome::Solved`]
    /// with the first optimal solution in move order, or [`UnitOutcome::Stopped`] by a limit.
    pub outcome: UnitOutcome<C>,
}

impl<C: Copy + Ord> Split<C> {
    /// The iteration's bound.
    pub fn bound(&self) -> C {
        self.bound
    }

    /// The units, in move order (their paths in dictionary order).
    pub fn units(&self) -> &[WorkUnit<C>] {
        &self.units
    }

    /// The nodes the split's own walk generated.
    pub(crate) fn generated(&self) -> u64 {
        self.before.iter().map(|counts| counts.generated).sum::<u64>() + self.after.generated
    }

    /// Whether the walk was stopped by a limit, so that no unit is to be searched.
    #[cfg(feature = "parallel")]
    pub(crate) fn stopped(&self) -> bool {
        matches!(self.outcome, Some(UnitOutcome::Stopped { .. }))
    }

    /// The iteration's result, from the reports of its units, in any order.
    ///
    /// The answer is the sequential driver's: the units are taken in move order, and the first
    /// that did not exhaust its subtree decides. If it holds a solution, that solution is the
    /// iteration's answer, even if a later unit also found one (a later one is never better: all
    /// solutions within the last bound cost the same, and the earliest in move order wins ties).
    /// If it was stopped, the iteration is stopped. If every unit was exhausted, the next bound is
    /// the least over the units and the walk.
    ///
    /// Units after the deciding one need no report: the ones given count as
    /// [`speculative`](IterationSummary::speculative) work.
    ///
    /// # Panics
    ///
    /// If a report is for a unit not in this split, or a unit before the deciding one has no
    /// report (it was never searched, so its subtree might hold an earlier solution).
    ///
    /// # Complexity
    ///
    /// `O(u)` for `u` units whose reports come in move order, `O(u log u)` in any order.
    #[must_use]
    pub fn combine<'r>(
        &self,
        reports: impl IntoIterator<Item = &'r UnitReport<C>>,
    ) -> IterationSummary<C>
    where
        C: 'r,
    {
        let mut slots: Vec<Option<&UnitReport<C>>> = vec![None; self.units.len()];
        let mut next = 0;
        for report in reports {
            // Reports usually come in the units' order: try the slot after the last one first.
            let slot = if self.units.get(next).is_some_and(|unit| unit.path == report.unit.path) {
                Ok(next)
            } else {
                self.units.binary_search_by(|unit| unit.path.cmp(&report.unit.path))
            };
            let slot = slot
                .ok()
                .filter(|&slot| self.units[slot].bound == report.unit.bound)
                .unwrap_or_else(|| panic!("a report for a unit not in this split"));
            slots[slot] = Some(report);
            next = slot + 1;
        }
        let mut summary = IterationSummary {
            generated: 0,
            expanded: 0,
            speculative: 0,
            outcome: UnitOutcome::Exhausted { next_bound: self.next_bound },
        };
        if let Some(stopped @ UnitOutcome::Stopped { .. }) = &self.outcome {
            summary.generated = self.generated();
            summary.expanded = self.before.iter().map(|counts| counts.expanded).sum::<u64>();
            summary.expanded += self.after.expanded;
            summary.outcome = stopped.clone();
            return summary;
        }
        let mut decided = None;
        for (slot, (before, report)) in self.before.iter().zip(&slots).enumerate() {
            if decided.is_some() {
                summary.speculative +=
                    before.generated + report.as_ref().map_or(0, |r| r.generated);
                continue;
            }
            let report = report.unwrap_or_else(|| {
                panic!("unit {slot} was not searched, and no unit before it ended the iteration")
            });
            summary.generated += before.generated + report.generated;
            summary.expanded += before.expanded + report.expanded;
            match &report.outcome {
                UnitOutcome::Exhausted { next_bound } => {
                    if let UnitOutcome::Exhausted { next_bound: least } = &mut summary.outcome {
                        *least = least_of(*least, *next_bound);
                    }
                }
                end => decided = Some(end.clone()),
            }
        }
        if let Some(end) = decided {
            summary.speculative += self.after.generated;
            if matches!(end, UnitOutcome::Stopped { .. }) {
                // No sequential count to compare with: report all the work.
                summary.generated += std::mem::take(&mut summary.speculative);
            }
            summary.outcome = end;
        } else {
            summary.generated += self.after.generated;
            summary.expanded += self.after.expanded;
            if let Some(goal) = &self.outcome {
                summary.outcome = goal.clone();
            }
        }
        summary
    }
}

/// The lesser of two optional bounds, either of which may be missing.
fn least_of<C: Ord>(one: Option<C>, other: Option<C>) -> Option<C> {
    match (one, other) {
        (Some(one), Some(other)) => Some(one.min(other)),
        (one, other) => one.or(other),
    }
}

impl<P: Problem, H: Heuristic<P>> IdaStar<'_, P, H, NoObserver> {
    /// Cuts the iteration under `bound` from `start` into about `units` work units of similar
    /// size, in move order: the coordinator's part of a distributed search, which workers then
    /// search with [`search_unit`](Self::search_unit) and [`Split::combine`] puts back together.
    ///
    /// # Arguments
    ///
    /// - `start`: the search's start.
    /// - `bound`: the iteration's bound; the first is the start's estimate, each next one is the
    ///   previous iteration's [`next_bound`](super::UnitOutcome::Exhausted).
    /// - `units`: how many units to aim at; `1` or `0` leaves the whole tree to one unit. The
    ///   split gives about that many, more where sizes are uneven.
    /// - `previous`: the reports of the previous iteration's units (in any order), or nothing.
    ///   They are the forecast of where this iteration's work lies: units that took more than
    ///   their share of it are cut further (see [`Split`]).
    ///
    /// The driver's [`Limits::max_generated`](crate::Limits::max_generated) and cancel flag
    /// apply to the split's walk.
    ///
    /// # Returns
    ///
    /// The [`Split`]: the units and the nodes the walk generated, in depth-first order.
    ///
    /// # Complexity
    ///
    /// The walk generates the children of every node it cuts through: about the number of units
    /// times the branching factor; with `previous`, plus `O(p log p)` for `p` previous reports.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::{Blind, IdaStar, MoveVec, Problem};
    /// use search_core::work_units::UnitOutcome;
    ///
    /// /// Counting from 1 to a target by adding one or doubling.
    /// struct Doubling { target: u32 }
    /// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    /// enum Step { AddOne, Double }
    /// impl Problem for Doubling {
    ///     type State = u32; type Move = Step; type Cost = u8; type Moves<'a> = MoveVec<Step>;
    ///     fn moves(&self, n: &u32) -> MoveVec<Step> {
    ///         let mut moves = MoveVec::new();
    ///         if *n < self.target { moves.push(Step::AddOne) }
    ///         if *n > 0 && *n * 2 <= self.target { moves.push(Step::Double) }
    ///         moves
    ///     }
    ///     fn apply(&self, n: &mut u32, s: Step) { match s { Step::AddOne => *n += 1, Step::Double => *n *= 2 } }
    ///     fn undo(&self, n: &mut u32, s: Step) { match s { Step::AddOne => *n -= 1, Step::Double => *n /= 2 } }
    ///     fn inverse(&self, _: Step) -> Option<Step> { None }
    ///     fn is_goal(&self, n: &u32) -> bool { *n == self.target }
    /// }
    ///
    /// let driver = IdaStar::new(&Doubling { target: 100 }, &Blind);
    /// // Iterations under the bounds 0, 1, 2, ... until one holds a solution.
    /// let mut previous = Vec::new();
    /// for bound in 0.. {
    ///     let split = driver.split(&1, bound, 8, &previous);
    ///     // Each unit could go to another machine as a line of text, and its report come back.
    ///     let reports: Vec<_> = split
    ///         .units()
    ///         .iter()
    ///         .map(|unit| driver.search_unit(&1, &unit.to_string().parse().unwrap()).unwrap())
    ///         .collect();
    ///     let summary = split.combine(&reports);
    ///     if let UnitOutcome::Solved { cost, .. } = summary.outcome {
    ///         // The same answer, and the same count, as the sequential driver's.
    ///         let sequential = IdaStar::new(&Doubling { target: 100 }, &Blind).run(&1);
    ///         assert_eq!(Some(cost), sequential.outcome.solution().map(|s| s.cost));
    ///         assert_eq!(summary.generated, sequential.stats.iterations.last().unwrap().generated);
    ///         break;
    ///     }
    ///     previous = reports;
    /// }
    /// ```
    pub fn split(
        &self,
        start: &P::State,
        bound: P::Cost,
        units: usize,
        previous: &[UnitReport<P::Cost>],
    ) -> Split<P::Cost> {
        let mut watch = Watch::new(&self.limits, 0);
        split(self.settings(), start, bound, units, previous, &mut watch)
    }
}

/// [`IdaStar::split`] with `settings` and a `watch` that counts the walk's nodes from zero.
pub(crate) fn split<P: Problem, H: Heuristic<P>>(
    settings: Settings<'_, P, H>,
    start: &P::State,
    bound: P::Cost,
    units: usize,
    previous: &[UnitReport<P::Cost>],
    watch: &mut Watch,
) -> Split<P::Cost> {
    let (problem, heuristic) = (settings.problem, settings.heuristic);
    let mut split = Split {
        bound,
        units: Vec::new(),
        before: Vec::new(),
        after: Counts::default(),
        outcome: None,
        next_bound: None,
    };
    if problem.is_goal(start) {
        split.outcome = Some(UnitOutcome::Solved { path: Vec::new(), cost: P::Cost::zero() });
        return split;
    }
    let h = heuristic.estimate(problem, start);
    if is_dead_end(&h) || h > bound {
        split.next_bound = (!is_dead_end(&h)).then_some(h);
        return split;
    }
    let plan = Plan::of(previous);
    let (target, size) = match &plan {
        Some((plan, root)) => {
            let size = plan.size(*root);
            ((size / units.max(1).to_u64().unwrap_or(u64::MAX)).max(1), size)
        }
        // Nothing measured: sizes in units of the target, the whole tree `units` of them.
        None => (1, units.to_u64().unwrap_or(u64::MAX)),
    };
    let mut frames = Vec::new();
    let mut observer = NoObserver;
    let mut iteration =
        Iteration::new(settings, &mut observer, bound, watch, 0, &mut frames, start.clone());
    let mut walk = Walk {
        iteration: &mut iteration,
        problem,
        plan: plan.as_ref().map(|(plan, _)| plan),
        bound,
        target: if units <= 1 { u64::MAX } else { target },
        path: Vec::new(),
        units: Vec::new(),
        before: Vec::new(),
        counted: Counts::default(),
    };
    let root = plan.as_ref().map(|(_, root)| *root);
    let stop = walk.node(0, P::Cost::zero(), h, None, root, Some(size));
    split.outcome = match stop {
        None => None,
        Some(IterationOutcome::Solved(cost)) => {
            Some(UnitOutcome::Solved { path: walk.path.clone(), cost })
        }
        Some(IterationOutcome::Stopped(reason)) => Some(UnitOutcome::Stopped { reason }),
    };
    split.after = walk.counts() - walk.counted;
    split.units = std::mem::take(&mut walk.units);
    split.before = std::mem::take(&mut walk.before);
    split.next_bound = iteration.next_bound();
    split
}

/// The walk of [`split`]: the top of the tree, depth-first, down to the units.
struct Walk<'i, 'r, 'a, 'p, P: Problem, H> {
    iteration: &'i mut Iteration<'r, 'a, P, H, NoObserver>,
    problem: &'a P,
    /// The previous iteration's units, if any.
    plan: Option<&'i Plan<'p>>,
    bound: P::Cost,
    /// The most nodes (in the previous iteration's terms) a unit should take.
    target: u64,
    /// The path to the current node, as move indices.
    path: Vec<usize>,
    units: Vec<WorkUnit<P::Cost>>,
    before: Vec<Counts>,
    /// The counts when the last unit was made.
    counted: Counts,
}

impl<P: Problem, H: Heuristic<P>> Walk<'_, '_, '_, '_, P, H> {
    /// The nodes generated and expanded by the walk so far.
    fn counts(&self) -> Counts {
        Counts { generated: self.iteration.generated(), expanded: self.iteration.expanded() }
    }

    /// Leaves the current node's subtree to a unit.
    fn make_unit(&mut self) {
        let now = self.counts();
        self.before.push(now - self.counted);
        self.counted = now;
        self.units.push(WorkUnit { bound: self.bound, path: self.path.clone() });
    }

    /// Walks the current node, at `depth`, cost `g`, estimate `h`, reached by `via`: makes it a
    /// unit, or walks its children. `place` is the node's place among the previous iteration's
    /// units, if it had one; `size` the nodes its subtree took then, estimated, if it had none.
    fn node(
        &mut self,
        depth: usize,
        g: P::Cost,
        h: P::Cost,
        via: Option<P::Move>,
        place: Option<Place>,
        size: Option<u64>,
    ) -> Option<IterationOutcome<P::Cost>> {
        let (size, cut_before) = match (self.plan, place) {
            (Some(plan), Some(place)) => (Some(plan.size(place)), !plan.is_unit(place)),
            _ => (size, false),
        };
        let share = size.map_or(Ordering::Less, |size| size.cmp(&self.target));
        let cut = depth < MAX_DEPTH
            && (share == Ordering::Greater
                || cut_before && size.is_some_and(|size| size > self.target / MERGE_BELOW));
        if !cut {
            self.make_unit();
            return None;
        }
        self.iteration.count_expanded();
        let problem = self.problem;
        let moves = problem.moves(self.iteration.state());
        let moves = moves.as_ref();
        let may_follow = |iteration: &Iteration<'_, '_, P, H, NoObserver>, mv| {
            via.is_none_or(|via| iteration.may_follow(via, mv))
        };
        let children = moves.iter().filter(|&&mv| may_follow(self.iteration, mv)).count();
        for (index, &mv) in moves.iter().enumerate() {
            if !may_follow(self.iteration, mv) {
                continue;
            }
            if let Some(reason) = self.iteration.tick() {
                return Some(IterationOutcome::Stopped(reason));
            }
            let Some((g, h)) = self.iteration.generate(depth, g, h, mv) else {
                continue;
            };
            self.path.push(index);
            if h.is_zero() && problem.is_goal(self.iteration.state()) {
                return Some(IterationOutcome::Solved(g));
            }
            // Below a subtree cut before, follow the cut; else share the size out evenly.
            let (place, size) = if cut_before {
                (self.plan.zip(place).and_then(|(plan, place)| plan.child(place, index)), None)
            } else {
                (None, size.map(|size| size / children.to_u64().unwrap_or(1)))
            };
            if let Some(stop) = self.node(depth + 1, g, h, Some(mv), place, size) {
                return Some(stop);
            }
            self.path.pop();
            self.iteration.undo(mv);
        }
        None
    }
}

/// The previous iteration's units, by path in move order, with the running total of their
/// nodes: the units below any node are a run of this list (the paths that start with the node's),
/// and their nodes the difference of two totals. A look-up is two binary searches within the
/// parent's run, and nothing is built per node.
struct Plan<'p> {
    /// The units' paths, in move order.
    paths: Vec<&'p [usize]>,
    /// `totals[i]`: the nodes of the units before the `i`-th.
    totals: Vec<u64>,
}

/// A node's place in a [`Plan`]: the run `start..end` of the units below it, at `depth`.
#[derive(Clone, Copy, Debug)]
struct Place {
    start: usize,
    end: usize,
    depth: usize,
}

impl<'p> Plan<'p> {
    /// The plan of the units `reports` searched, and the start's place in it; `None` if there is
    /// no report.
    fn of<C>(reports: &'p [UnitReport<C>]) -> Option<(Self, Place)> {
        if reports.is_empty() {
            return None;
        }
        let mut units: Vec<(&[usize], u64)> =
            reports.iter().map(|report| (report.unit.path.as_slice(), report.generated)).collect();
        if !units.is_sorted_by(|one, other| one.0 <= other.0) {
            units.sort_unstable_by(|one, other| one.0.cmp(other.0));
        }
        let totals = std::iter::once(0)
            .chain(units.iter().scan(0, |total, (_, nodes)| {
                *total += nodes;
                Some(*total)
            }))
            .collect();
        let paths = units.into_iter().map(|(path, _)| path).collect();
        Some((Self { paths, totals }, Place { start: 0, end: reports.len(), depth: 0 }))
    }

    /// The nodes the units below `place` took.
    fn size(&self, place: Place) -> u64 {
        self.totals[place.end] - self.totals[place.start]
    }

    /// Whether `place` was a unit itself, rather than cut through.
    fn is_unit(&self, place: Place) -> bool {
        place.end - place.start == 1 && self.paths[place.start].len() == place.depth
    }

    /// The place of the child of `place` reached by the move of `index`, if a unit is below it.
    fn child(&self, place: Place, index: usize) -> Option<Place> {
        let run = &self.paths[place.start..place.end];
        // In move order, the units below the child are those whose next index is `index`.
        let next = |path: &&[usize]| path.get(place.depth).copied();
        let start = run.partition_point(|path| next(path).is_none_or(|next| next < index));
        let end = run.partition_point(|path| next(path).is_none_or(|next| next <= index));
        (start < end).then_some(Place {
            start: place.start + start,
            end: place.start + end,
            depth: place.depth + 1,
        })
    }
}
