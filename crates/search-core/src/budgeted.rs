//! Budgeted Tree Search (BTS): IDA\*'s memory and inner loop, without its blow-up when the
//! iterations grow slowly: [`BudgetedSearch`], [`budgeted_search`].
//!
//! The algorithm, its guarantee and why its answer is IDA\*'s are in [`BudgetedSearch`]'s
//! documentation; the references too. Here, how it is built.
//!
//! # Design decisions
//!
//! - **The work is counted in generated nodes**, as [`SearchStats`](crate::SearchStats) and
//!   [`Limits::max_generated`] count it, rather than in expansions as in the papers: one is
//!   within the branching factor of the other, so the guarantee is the same, and the budget is
//!   then just a node limit on the iteration, enforced by the countdown the iteration already
//!   keeps, at no cost per node.
//! - **The iteration is IDA\*'s own.** Every try is an iteration of the sequential driver, with
//!   its in-place moves, its recursion and its children priced before the move, so the inner
//!   loop runs at IDA\*'s speed. The regular iterations run exactly IDA\*'s code; the tries under
//!   a budget watch the largest `f` they expand through an [`Observer`] wrapped around the
//!   caller's, so that IDA\*'s loop needs no change, and pays nothing for it.
//! - **Costs are integers**, so the exponential search steps up by 1, 2, 4, ..., and the binary
//!   search ends when its interval is empty, after `O(log C*)` tries.
//! - **A warm start.** Where the work grows at a steady rate per unit of cost (the weighted
//!   sliding puzzles), every stage needs about the same rise of the bound to double its work;
//!   the guide's exponential search climbs to it from 1 in every stage, each small step costing
//!   about a whole stage's work (eight tries a stage on the hardest weighted 8-puzzles). So by
//!   default the first step is half the rise the previous stage needed, and two tries usually
//!   do. A step too large costs one try that runs out of budget and a binary search back down,
//!   within the same budgets, so the guarantee stands.

use std::ops::ControlFlow;

use num_traits::{Bounded, CheckedSub, One, Saturating, Zero};

use crate::engine::{self, Frame, IterationOutcome, Settings};
use crate::heuristic::Heuristic;
use crate::ida_star::IdaStar;
use crate::limits::{Limits, Watch};
use crate::observer::{NoObserver, Node, Observer, Pruned};
use crate::outcome::{Outcome, Report, Solution};
use crate::problem::Problem;
use crate::stats::{IterationStats, SearchStats};
use crate::stop_reason::StopReason;

/// Searches for the first optimal solution from `start` with Budgeted Tree Search, with no
/// limits and no observer.
///
/// A shorthand for [`BudgetedSearch::new(problem, heuristic).run(start)`](BudgetedSearch::run):
/// see [`BudgetedSearch`] for the arguments' contracts, the complexity and when it panics.
pub fn budgeted_search<P, H>(
    problem: &P,
    heuristic: &H,
    start: &P::State,
) -> BudgetedReport<P::Move, P::Cost>
where
    P: Problem,
    H: Heuristic<P>,
{
    BudgetedSearch::new(problem, heuristic).run(start)
}

/// Budgeted Tree Search with its settings: a problem, an admissible heuristic, [`Limits`], an
/// [`Observer`] and the growth it asks of each stage.
///
/// It returns what [`IdaStar`] returns, the first optimal solution in move order, with IDA\*'s
/// memory (linear in the depth) and IDA\*'s inner loop, but it bounds the work IDA\* repeats when
/// its iterations grow slowly.
///
/// # The problem it solves
///
/// IDA\* re-searches the whole tree below the bound in every iteration, and sets the next bound
/// to the least `f` that the last one cut off. That is cheap when each iteration does several
/// times the work of the one before (the earlier ones then add up to a constant share of the
/// last), as with unit costs. With diverse costs, the next `f` often lets in only a handful of
/// new nodes: there can be an iteration per distinct `f` value, each repeating all the work of
/// the one before, and IDA\*'s work grows as the square of the tree below the optimal cost.
///
/// # How it works
///
/// Budgeted Tree Search is the tree search of the IBEX framework ("Iterative Budgeted
/// Exponential Search", Helmert, Lattimore, Lelis, Orseau and Sturtevant, IJCAI 2019), in the
/// form of Sturtevant and Helmert's "A Guide to Budgeted Tree Search" (2020). It runs the
/// very depth-first search of an IDA\* iteration, under a bound on `f`, sometimes with a budget
/// of nodes as well, and asks of every *stage* (a regular iteration, or a search for a bound
/// that ends in one) that it do at least `c1` times the work of the one before (by default
/// `c1 = 2`, and `c2 = 8` below):
///
/// 1. **A regular iteration**: IDA\*'s next iteration, under the least `f` not yet ruled out,
///    with no budget. If it did at least `c1` times the work `b` of the last stage, it is the
///    stage: go on with the next regular iteration, as IDA\* would.
/// 2. Otherwise the bound grows too slowly, and the next bound is searched for: an **exponential
///    search** tries the bounds `lower + 1`, `lower + 2`, `lower + 4`, ... (`lower`, the least
///    `f` not yet ruled out, moves up as each try finishes), each under a budget of `c2 * b`
///    nodes, until a try does at least `c1 * b` work or runs out of budget;
/// 3. then, if no try landed between `c1 * b` and `c2 * b`, a **binary search** halves the
///    interval between the least `f` not ruled out and the least bound known to exceed the
///    budget, until a try lands in that band or the interval is empty. The stage's work is then
///    the last try's (or `c1 * b`, if more), and step 1 follows.
///
/// (One departure from the guide, which [`warm_start(false)`](Self::warm_start) undoes: the
/// exponential search starts not at `lower + 1` in every stage but at half the rise the last
/// stage's search needed.)
///
/// A try that runs out of budget still teaches something: every node it expanded has `f` at most
/// the largest `f` it expanded, so the search under that smaller bound exceeds the budget too,
/// which narrows the binary search at once (the guide's `f_below`). A try that finishes proves
/// that no solution costs less than the least `f` it cut off, as an IDA\* iteration does.
///
/// Each stage does at least `c1` times the work of the one before, so the stages' work adds up to
/// a constant factor of the last; within a stage, each of its `O(log C*)` tries is held to `c2`
/// times the stage before by its budget. That is the published guarantee: `O(n log C*)` nodes
/// in all, where `n` is the size of the tree below the optimal cost `C*` (what IDA\*'s last
/// iteration searches, if it finds the solution last), against IDA\*'s `Θ(n²)` in the worst case.
/// When every iteration at least doubles the work of the one before (as IDA\*'s do on Korf's
/// 15-puzzles with unit costs), every iteration is regular, and the search is IDA\*, iteration
/// for iteration.
///
/// # The answer: IDA\*'s, to the last move
///
/// A try under a bound above the optimal cost may meet a solution, and as the iteration does, it
/// stops at the first one in move order: one whose cost is at most the bound. The search keeps
/// it, and from then on tries no bound at or above its cost. The answer is returned once the
/// least `f` not yet ruled out reaches its cost: it is then optimal. And it is the first optimal
/// solution in move order, the one IDA\* returns: the try that met it searched, in move order,
/// the whole tree below its bound, which holds every optimal solution (each node of an optimal
/// path has `f` at most `C*`), and it met no goal before it. So this driver can stand in for
/// [`IdaStar`] wherever the answer matters, not only its cost. (The guide's BTS searches on
/// past a solution, with the bound lowered below its cost, and so returns *an* optimal
/// solution; stopping at the first is what makes it IDA\*'s.)
///
/// # Which driver to pick
///
/// - **Moves of one cost, or a few costs that make `f` grow in steps** (the sliding puzzles, the
///   Rotation Game): IDA\*'s iterations each do several times the work of the one before, and
///   this driver runs exactly IDA\*'s iterations; either will do, and IDA\* has the parallel
///   driver ([`IdaStar::threads`]).
/// - **Diverse costs** (weighted tiles, road lengths, anything where nearly every path has its
///   own cost): IDA\* may run an iteration per distinct `f` value and repeat nearly all its work
///   in each; pick this driver. On random 8-puzzles where moving tile `t` costs `t³`, IDA\*
///   runs 92 iterations per board on average (465 on the worst of 200), this driver 16, for
///   the same answers 12 times faster (`docs/ida-star.md`, "Diverse costs").
/// - **Memory to spare and a graph with many paths to each state**: neither; uniform-cost
///   search ([`UniformCost`](crate::UniformCost)) expands each state once.
///
/// # Arguments
///
/// - `problem` must keep the [`Problem`] contract: moves in a fixed order, `undo` exactly
///   reverses `apply`, inverses lead straight back, costs are positive.
/// - `heuristic` must never overestimate the cost to the nearest goal, or a solution that is not
///   optimal (or not the first optimal one in move order) may be returned.
/// - [`growth(c1, c2)`](Self::growth): the band each stage's work must fall in, `1 < c1 < c2`.
///
/// # Returns
///
/// A [`BudgetedReport`], whose outcome is the same as [`IdaStar::run`]'s:
/// - [`Outcome::Solved`] with the optimal solution that comes first in move order;
/// - [`Outcome::NoSolution`] when an iteration explored every path without cutting any off
///   (only on finite trees), or when no bound that fits in the cost type is left;
/// - [`Outcome::Stopped`] when a limit was hit, with the least cost not yet ruled out (every
///   solution costs at least that much), or for [`Limits::max_bound`], the least bound beyond
///   it, as IDA\* reports. A solution met but not yet proven optimal is not returned.
///
/// Its statistics list every iteration, regular or under a budget, in order, and its
/// [`budgets`](BudgetedReport::budgets) say which was which.
///
/// # Panics
///
/// If [`Problem::cost`] returns zero for a move the search tries.
///
/// # Complexity
///
/// Memory is linear in the depth of the solution, as IDA\*'s. Time: `O(n log C*)` nodes, where
/// `n` is the number of nodes in the tree below the optimal cost `C*`, against IDA\*'s `Θ(n²)`
/// in the worst case; when IDA\*'s iterations grow by `c1` or more each, it runs exactly
/// IDA\*'s iterations.
///
/// # Example
///
/// IDA\*'s worst case: a corridor walked one step at a time, with a heuristic that knows
/// nothing. Each iteration goes one step further than the last and repeats all of it, so IDA\*
/// does quadratic work.
///
/// ```
/// use search_core::{budgeted_search, ida_star, Blind, BudgetedSearch, Limits, Problem};
///
/// /// From cell 0 to cell `len`, one step at a time.
/// struct Corridor { len: u32 }
///
/// impl Problem for Corridor {
///     type State = u32;
///     type Move = ();
///     type Cost = u32;
///     type Moves<'a> = &'static [()];
///     fn moves(&self, cell: &u32) -> &'static [()] {
///         if *cell < self.len { &[()] } else { &[] }
///     }
///     fn apply(&self, cell: &mut u32, (): ()) { *cell += 1 }
///     fn undo(&self, cell: &mut u32, (): ()) { *cell -= 1 }
///     fn inverse(&self, (): ()) -> Option<()> { None }
///     fn is_goal(&self, cell: &u32) -> bool { *cell == self.len }
/// }
///
/// let corridor = Corridor { len: 1000 };
/// let ida = ida_star(&corridor, &Blind, &0);
/// let budgeted = budgeted_search(&corridor, &Blind, &0);
/// // The same answer...
/// assert_eq!(budgeted.outcome, ida.outcome);
/// assert_eq!(budgeted.outcome.solution().unwrap().cost, 1000);
/// // ...IDA* in 1,001 iterations and half a million nodes, this driver in 28 and 6,985...
/// assert_eq!((ida.stats.iterations.len(), ida.stats.generated), (1001, 501_501));
/// assert_eq!((budgeted.stats.iterations.len(), budgeted.stats.generated), (28, 6_985));
/// // ...and in 52 and 12,410 exactly as the guide has it, without the warm start.
/// let guide = BudgetedSearch::new(&corridor, &Blind).warm_start(false).run(&0);
/// assert_eq!((guide.stats.iterations.len(), guide.stats.generated), (52, 12_410));
///
/// // The limits are IDA*'s: past the bound limit, the least bound not ruled out.
/// let mut limited = BudgetedSearch::new(&corridor, &Blind).limits(Limits::default().max_bound(600));
/// let stopped = limited.run(&0).outcome.stopped().unwrap();
/// assert_eq!(stopped.bound, 601);
/// ```
///
/// # References
///
/// - M. Helmert, T. Lattimore, L. H. S. Lelis, L. Orseau and N. R. Sturtevant (2019),
///   *Iterative Budgeted Exponential Search*, IJCAI 2019 (<https://arxiv.org/abs/1907.13062>).
/// - N. R. Sturtevant and M. Helmert (2020), *A Guide to Budgeted Tree Search*, Symposium on
///   Combinatorial Search 2020; an interactive demonstration on the 3 x 2 sliding puzzle:
///   <https://www.movingai.com/SAS/BTS/>.
#[derive(Debug)]
pub struct BudgetedSearch<'a, P: Problem, H, O = NoObserver> {
    problem: &'a P,
    heuristic: &'a H,
    limits: Limits<P::Cost>,
    observer: O,
    max_recursion: usize,
    /// `c1` and `c2`: each stage must do at least `c1` times the work of the one before, and a
    /// try under a budget may do at most `c2` times.
    growth: (u64, u64),
    /// Whether the exponential search starts from the previous stage's rise rather than 1.
    warm_start: bool,
}

impl<'a, P: Problem, H: Heuristic<P>> BudgetedSearch<'a, P, H> {
    /// Budgeted Tree Search on `problem` guided by `heuristic`, with no limits, no observer, and
    /// the growth band of the guide, [`DEFAULT_GROWTH`](Self::DEFAULT_GROWTH).
    pub fn new(problem: &'a P, heuristic: &'a H) -> Self {
        Self {
            problem,
            heuristic,
            limits: Limits::default(),
            observer: NoObserver,
            max_recursion: IdaStar::<P, H>::DEFAULT_MAX_RECURSION,
            growth: Self::DEFAULT_GROWTH,
            warm_start: true,
        }
    }
}

impl<P: Problem, H, O> BudgetedSearch<'_, P, H, O> {
    /// `(c1, c2) = (2, 8)`: each stage at least doubles the work, and a try under a budget does
    /// at most 8 times the last stage's; the values of Sturtevant and Helmert's guide.
    pub const DEFAULT_GROWTH: (u64, u64) = (2, 8);
}

impl<'a, P: Problem, H: Heuristic<P>, O: Observer<P>> BudgetedSearch<'a, P, H, O> {
    /// Replaces the limits. They mean what they mean for [`IdaStar`]: the node budget counts
    /// every node of every iteration, the tries under a budget included.
    #[must_use]
    pub fn limits(mut self, limits: Limits<P::Cost>) -> Self {
        self.limits = limits;
        self
    }

    /// Replaces the observer. Pass `&mut observer` to look at it after the search. It sees
    /// every iteration, regular or under a budget, as it sees IDA\*'s, and the solution once, when
    /// it is proven optimal.
    pub fn observer<O2: Observer<P>>(self, observer: O2) -> BudgetedSearch<'a, P, H, O2> {
        BudgetedSearch {
            problem: self.problem,
            heuristic: self.heuristic,
            limits: self.limits,
            observer,
            max_recursion: self.max_recursion,
            growth: self.growth,
            warm_start: self.warm_start,
        }
    }

    /// How many levels the search recurses before it searches deeper subtrees with an explicit
    /// stack, as [`IdaStar::max_recursion`].
    #[must_use]
    pub fn max_recursion(mut self, levels: usize) -> Self {
        self.max_recursion = levels;
        self
    }

    /// Sets the band of growth `(c1, c2)`: a stage must do at least `c1` times the work of the
    /// one before, or the next bound is searched for with tries of at most `c2` times that work
    /// each. The default is [`DEFAULT_GROWTH`](Self::DEFAULT_GROWTH). A larger `c1` moves away
    /// from IDA\*'s iterations sooner; a larger `c2` lets each try do more.
    ///
    /// # Panics
    ///
    /// Unless `1 < c1 < c2`: the guarantee needs the work to grow geometrically, and a band to
    /// land in.
    #[must_use]
    pub fn growth(mut self, c1: u64, c2: u64) -> Self {
        assert!(1 < c1 && c1 < c2, "the growth band needs 1 < c1 < c2, not c1 = {c1}, c2 = {c2}");
        self.growth = (c1, c2);
        self
    }

    /// Whether the exponential search starts where the previous stage's search ended up (the
    /// default), or at 1 in every stage, exactly as in Sturtevant and Helmert's guide.
    ///
    /// A stage's search raises the bound from the least `f` not ruled out until the work at
    /// least doubles. Where the work grows at a steady rate per unit of cost, as on the
    /// weighted sliding puzzles, that takes about the same rise in every stage, and starting
    /// from 1 retries all the small rises first, each costing about a whole stage's work. With
    /// a warm start, the first try rises by half the rise the last stage needed (at least 1):
    /// the search then usually lands in the band in two tries. The guarantee is unchanged: a
    /// first try that overshoots runs out of its budget, and the binary search comes back
    /// down, in at most `log2 C*` tries, each within the same budget. Measured on 200 random
    /// 8-puzzles with tiles costing `t³`: half the nodes and iterations of the guide's search
    /// (`docs/performance.md`, "Budgeted Tree Search").
    #[must_use]
    pub fn warm_start(mut self, warm: bool) -> Self {
        self.warm_start = warm;
        self
    }

    /// Searches from `start`, which is cloned once per iteration at most and left as it is.
    pub fn run(&mut self, start: &P::State) -> BudgetedReport<P::Move, P::Cost> {
        let mut budgets = Vec::new();
        let progress = self.limits.progress.clone();
        let report =
            Report::timed(progress.as_deref(), |stats| self.search(start, stats, &mut budgets));
        BudgetedReport { outcome: report.outcome, stats: report.stats, budgets }
    }

    fn search(
        &mut self,
        root: &P::State,
        totals: &mut SearchStats<P::Cost>,
        budgets: &mut Vec<IterationBudget>,
    ) -> Outcome<P::Move, P::Cost> {
        let settings = Settings {
            problem: self.problem,
            heuristic: self.heuristic,
            max_recursion: self.max_recursion,
        };
        let root_h = match engine::check_start(
            settings,
            &mut self.observer,
            &self.limits,
            root,
            totals.generated,
        ) {
            Ok(h) => h,
            Err(outcome) => return outcome,
        };
        let mut search = Search {
            driver: self,
            settings,
            root,
            root_h,
            start: Some(root.clone()),
            frames: Vec::new(),
            totals,
            budgets,
            lower: root_h,
            best: None,
            work: 0,
            rise: P::Cost::zero(),
        };
        loop {
            if let ControlFlow::Break(outcome) = search.stage() {
                return outcome;
            }
        }
    }
}

/// What [`BudgetedSearch::run`] returns: a [`Report`]'s outcome and statistics, and beside
/// them, how each iteration was budgeted.
#[derive(Clone, Debug)]
pub struct BudgetedReport<M, C> {
    /// How the search ended: as [`IdaStar`]'s would.
    pub outcome: Outcome<M, C>,
    /// The work: every iteration, regular or under a budget, in order, each with its bound; the
    /// totals count every node of every iteration.
    pub stats: SearchStats<C>,
    /// One entry per iteration, in the order of `stats.iterations`: its budget, why its bound
    /// was chosen, and whether it ran out of budget.
    pub budgets: Vec<IterationBudget>,
}

impl<M, C> BudgetedReport<M, C> {
    /// The report without the budgets, as [`IdaStar::run`] returns it.
    pub fn into_report(self) -> Report<M, C> {
        Report { outcome: self.outcome, stats: self.stats }
    }

    /// How many times the last iteration's work the whole search did: the price of the
    /// re-searches (1 for a search of one iteration; IDA\* on unit costs is near
    /// `b / (b - 1)` for a growth `b` per iteration). `None` before any iteration.
    ///
    /// # Precision
    ///
    /// The counts are converted to `f64`, exact below 2⁵³ nodes.
    #[must_use]
    #[expect(clippy::cast_precision_loss, reason = "counts below 2^53 convert exactly")]
    pub fn overhead(&self) -> Option<f64> {
        let last = self.stats.iterations.last()?;
        let all: u64 = self.stats.iterations.iter().map(|iteration| iteration.generated).sum();
        Some(all as f64 / last.generated.max(1) as f64)
    }
}

/// How one iteration of a [`BudgetedSearch`] was run, beside its
/// [`IterationStats`](crate::IterationStats).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IterationBudget {
    /// The most nodes the iteration was allowed to generate; `None` for a regular iteration,
    /// which runs to its end as IDA\*'s do.
    pub budget: Option<u64>,
    /// Which step of the search chose the iteration's bound.
    pub phase: BudgetPhase,
    /// Whether the budget ran out before the tree under the bound was searched.
    pub out_of_budget: bool,
}

/// Which step of a [`BudgetedSearch`] chose an iteration's bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BudgetPhase {
    /// IDA\*'s next bound, the least `f` not yet ruled out, with no budget.
    Regular,
    /// The exponential search: the least `f` not ruled out plus a step that doubles from try to
    /// try (1, 2, 4, ... as in the guide, or from a warm start).
    Exponential,
    /// The binary search between the least `f` not ruled out and the least bound known to
    /// exceed the budget.
    Binary,
}

/// How one iteration ended, as the search loop reads it.
enum BudgetedOutcome<M, C> {
    /// The first solution in move order under the bound, at this cost.
    Solved(Solution<M, C>),
    /// The tree under the bound was searched in full, with no solution; `next` is the least `f`
    /// it cut off (`None`: nothing was cut off but paths that do not fit in the cost type).
    Finished { next: Option<C> },
    /// The budget ran out; every node expanded had `f` at most `largest_f`.
    OutOfBudget { largest_f: C },
    /// A limit of the whole search stopped it.
    Stopped(StopReason),
}

/// One search in progress: the driver, what it has proven, and what it lends each iteration.
struct Search<'s, 'a, P: Problem, H, O> {
    driver: &'s mut BudgetedSearch<'a, P, H, O>,
    settings: Settings<'a, P, H>,
    root: &'s P::State,
    root_h: P::Cost,
    /// The start, given back by each iteration that finishes; `None` after one that stopped
    /// midway (on a solution or its budget), which leaves the state wherever it was: the next
    /// iteration starts from a fresh clone of `root`.
    start: Option<P::State>,
    /// The explicit stack's frames, reused from iteration to iteration.
    frames: Vec<Frame<'a, P>>,
    totals: &'s mut SearchStats<P::Cost>,
    budgets: &'s mut Vec<IterationBudget>,
    /// The least cost not ruled out: no solution costs less (the guide's lower end of the
    /// interval). Each iteration that finishes raises it to the least `f` it cut off.
    lower: P::Cost,
    /// The cheapest solution met so far, first in move order under its iteration's bound, but
    /// optimal only once `lower` reaches its cost.
    best: Option<Solution<P::Move, P::Cost>>,
    /// The work of the last stage, in generated nodes (the guide's budget).
    work: u64,
    /// How far the last search for a bound raised `lower`: where the next one starts from,
    /// with a warm start.
    rise: P::Cost,
}

impl<P: Problem, H: Heuristic<P>, O: Observer<P>> Search<'_, '_, P, H, O> {
    /// One stage: a regular iteration, and if it did not grow the work enough, the exponential
    /// and binary searches for a bound that does. Breaks with the search's outcome.
    fn stage(&mut self) -> ControlFlow<Outcome<P::Move, P::Cost>> {
        let (c1, c2) = self.driver.growth;
        self.check_done()?;
        let (end, generated) = self.iterate(self.lower, None, BudgetPhase::Regular);
        // A regular iteration's bound is `lower`, which no solution undercuts: a solution it
        // meets is optimal.
        self.learn(end, &mut None)?;
        if generated >= c1.saturating_mul(self.work) {
            self.work = generated;
            return ControlFlow::Continue(());
        }
        // Too little growth: look for a bound whose iteration does between `c1` and `c2` times
        // the last stage's work, each try held to `c2` times by its budget.
        let budget = c2.saturating_mul(self.work);
        let enough = c1.saturating_mul(self.work);
        // The least bound known to exceed `budget`, in this stage (a new stage, a new budget).
        let mut exceeding = None;
        let (mut last, mut finished) = (generated, true);
        let from = self.lower;
        let one = P::Cost::one();
        let mut step = if self.driver.warm_start { (self.rise >> 1).max(one) } else { one };
        while finished && last < enough {
            let Some(top) = self.top(exceeding) else { break };
            let bound = self.lower.saturating_add(step).min(top);
            step = step.saturating_add(step);
            let (end, generated) = self.iterate(bound, Some(budget), BudgetPhase::Exponential);
            finished = !matches!(end, BudgetedOutcome::OutOfBudget { .. });
            last = generated;
            self.learn(end, &mut exceeding)?;
        }
        while !(finished && (enough..=budget).contains(&last)) {
            let Some(top) = self.top(exceeding) else { break };
            // The middle, rounded up, as the guide's `(lower + upper) / 2` with `upper` the
            // least bound known to exceed (one above `top`).
            let width = top - self.lower;
            let bound = self.lower + (width - (width >> 1));
            let (end, generated) = self.iterate(bound, Some(budget), BudgetPhase::Binary);
            finished = !matches!(end, BudgetedOutcome::OutOfBudget { .. });
            last = generated;
            self.learn(end, &mut exceeding)?;
        }
        self.work = last.max(enough);
        self.rise = self.lower - from;
        ControlFlow::Continue(())
    }

    /// Breaks with the answer once the best solution met is proven optimal, or with the bound
    /// limit once no bound within it is left to try.
    fn check_done(&mut self) -> ControlFlow<Outcome<P::Move, P::Cost>> {
        if self.best.as_ref().is_some_and(|best| best.cost <= self.lower) {
            return self.solved();
        }
        if self.driver.limits.max_bound.is_some_and(|max| self.lower > max) {
            return ControlFlow::Break(Outcome::Stopped {
                reason: StopReason::BoundLimit,
                bound: self.lower,
            });
        }
        ControlFlow::Continue(())
    }

    /// The largest bound worth trying in this stage: below the least bound known to exceed the
    /// budget, below the cost of the best solution met, and within the bound limit; `None` when
    /// that leaves nothing from `lower` up.
    fn top(&self, exceeding: Option<P::Cost>) -> Option<P::Cost> {
        let mut top = self.driver.limits.max_bound.unwrap_or_else(P::Cost::max_value);
        for above in exceeding.into_iter().chain(self.best.as_ref().map(|best| best.cost)) {
            top = top.min(above.checked_sub(&P::Cost::one())?);
        }
        (top >= self.lower).then_some(top)
    }

    /// Takes in what an iteration proved: a finished one raises `lower`, one out of budget
    /// lowers `exceeding`, a solution becomes the best met. Breaks with the outcome when the
    /// search is over: a limit, no solution, a solution proven optimal, or the bound limit.
    fn learn(
        &mut self,
        end: BudgetedOutcome<P::Move, P::Cost>,
        exceeding: &mut Option<P::Cost>,
    ) -> ControlFlow<Outcome<P::Move, P::Cost>> {
        match end {
            BudgetedOutcome::Solved(solution) => {
                // Every bound tried is below the best cost met, so this one is cheaper.
                self.best = Some(solution);
                self.check_done()
            }
            BudgetedOutcome::Finished { next: Some(next) } => {
                self.lower = next;
                self.check_done()
            }
            // Nothing cut off: the whole (finite) tree was searched, and no goal met. (A best
            // solution met would have had a node cut off on its path, its goal at least, as
            // every bound tried is below its cost: there is none here.)
            BudgetedOutcome::Finished { next: None } => ControlFlow::Break(
                self.best.take().map_or(Outcome::NoSolution, |best| self.answer(best)),
            ),
            BudgetedOutcome::OutOfBudget { largest_f } => {
                // The iteration under `largest_f` expands the same nodes and runs out too. It is at
                // least `lower`: everything below `lower` was searched by an iteration that
                // finished within this budget.
                let largest_f = largest_f.max(self.lower);
                *exceeding =
                    Some(exceeding.map_or(largest_f, |known: P::Cost| known.min(largest_f)));
                ControlFlow::Continue(())
            }
            BudgetedOutcome::Stopped(reason) => {
                ControlFlow::Break(Outcome::Stopped { reason, bound: self.lower })
            }
        }
    }

    /// Breaks with the best solution met, which the caller has proven optimal.
    fn solved(&mut self) -> ControlFlow<Outcome<P::Move, P::Cost>> {
        let best = self.best.take().expect("a solution was met");
        ControlFlow::Break(self.answer(best))
    }

    /// Tells the observer of the answer and returns it.
    fn answer(&mut self, best: Solution<P::Move, P::Cost>) -> Outcome<P::Move, P::Cost> {
        self.driver.observer.solution_found(&best.moves, best.cost);
        Outcome::Solved(best)
    }

    /// Runs one iteration under `bound`, within `budget` generated nodes if given, records it,
    /// and returns how it ended and the nodes it generated.
    fn iterate(
        &mut self,
        bound: P::Cost,
        budget: Option<u64>,
        phase: BudgetPhase,
    ) -> (BudgetedOutcome<P::Move, P::Cost>, u64) {
        let driver = &mut *self.driver;
        if let Err(reason) = engine::may_iterate(&driver.limits, bound) {
            return (BudgetedOutcome::Stopped(reason), 0);
        }
        let before = self.totals.generated;
        // The budget is a node limit on the iteration, within the search's own if it has one.
        let budget_end = budget.map(|budget| before.saturating_add(budget));
        let search_ends_first =
            driver.limits.max_generated.is_some_and(|max| budget_end.is_none_or(|end| max <= end));
        let mut watch = match budget_end {
            Some(end) if !search_ends_first => {
                Watch::new(&Limits { max_generated: Some(end), ..driver.limits.clone() }, before)
            }
            _ => Watch::new(&driver.limits, before),
        };
        let start = self.start.take().unwrap_or_else(|| self.root.clone());
        let (limits, totals, frames) = (&driver.limits, &mut *self.totals, &mut self.frames);
        let start = (start, self.root_h);
        let (iterated, largest_f) = if budget.is_some() {
            // Under a budget, the largest `f` expanded is wanted, should the budget run out.
            let mut observer = LargestF { inner: &mut driver.observer, f: self.root_h };
            let iterated = engine::iterate(
                self.settings,
                &mut observer,
                limits,
                &mut watch,
                totals,
                frames,
                start,
                bound,
            );
            (iterated, Some(observer.f))
        } else {
            let observer = &mut driver.observer;
            let iterated = engine::iterate(
                self.settings,
                observer,
                limits,
                &mut watch,
                totals,
                frames,
                start,
                bound,
            );
            (iterated, None)
        };
        let generated = iterated.generated;
        let end = match (iterated.stop, largest_f) {
            (None, _) => {
                self.start = Some(iterated.state);
                BudgetedOutcome::Finished { next: iterated.next_bound }
            }
            (Some(IterationOutcome::Solved(cost)), _) => {
                BudgetedOutcome::Solved(Solution { moves: iterated.moves, cost })
            }
            (Some(IterationOutcome::Stopped(StopReason::NodeLimit)), Some(largest_f))
                if !search_ends_first =>
            {
                BudgetedOutcome::OutOfBudget { largest_f }
            }
            (Some(IterationOutcome::Stopped(reason)), _) => BudgetedOutcome::Stopped(reason),
        };
        let out_of_budget = matches!(end, BudgetedOutcome::OutOfBudget { .. });
        self.budgets.push(IterationBudget { budget, phase, out_of_budget });
        (end, generated)
    }
}

/// The caller's observer, with an eye on the largest `f` among the nodes expanded: the guide's
/// `f_below`, which a try that runs out of budget reports.
struct LargestF<'o, O, C> {
    inner: &'o mut O,
    f: C,
}

impl<P: Problem, O: Observer<P>> Observer<P> for LargestF<'_, O, P::Cost> {
    #[inline]
    fn iteration_started(&mut self, bound: P::Cost) {
        self.inner.iteration_started(bound);
    }

    #[inline]
    fn node_expanded(&mut self, node: &Node<'_, P>) {
        // Expanded nodes are within the bound, so their `f` fits in the cost type.
        if let Some(f) = node.f() {
            self.f = self.f.max(f);
        }
        self.inner.node_expanded(node);
    }

    #[inline]
    fn child_pruned(&mut self, child: &Pruned<'_, P>) {
        self.inner.child_pruned(child);
    }

    #[inline]
    fn iteration_finished(&mut self, stats: &IterationStats<P::Cost>) {
        self.inner.iteration_finished(stats);
    }

    #[inline]
    fn solution_found(&mut self, moves: &[P::Move], cost: P::Cost) {
        self.inner.solution_found(moves, cost);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::Blind;

    /// From cell 0 to cell `len`, one step at a time, costing 1: each of IDA*'s iterations goes
    /// one step further than the last, its work growing by one node.
    struct Corridor {
        len: u32,
    }

    impl Problem for Corridor {
        type State = u32;
        type Move = ();
        type Cost = u32;
        type Moves<'a> = &'static [()];

        fn moves(&self, cell: &u32) -> &'static [()] {
            if *cell < self.len { &[()] } else { &[] }
        }
        fn apply(&self, cell: &mut u32, (): ()) {
            *cell += 1;
        }
        fn undo(&self, cell: &mut u32, (): ()) {
            *cell -= 1;
        }
        fn inverse(&self, (): ()) -> Option<()> {
            None
        }
        fn is_goal(&self, cell: &u32) -> bool {
            *cell == self.len
        }
    }

    /// Each iteration as `(bound, generated, phase, budget, out of budget)`.
    fn trace(report: &BudgetedReport<(), u32>) -> Vec<(u32, u64, BudgetPhase, Option<u64>, bool)> {
        let pairs = report.stats.iterations.iter().zip(&report.budgets);
        pairs.map(|(i, b)| (i.bound, i.generated, b.phase, b.budget, b.out_of_budget)).collect()
    }

    /// The guide's algorithm, worked by hand on a corridor of 20 (an iteration under bound `b`
    /// generates the cells `1..=b+1`, the last cut off):
    ///
    /// - bounds 0, 1: the work grows from nothing, then doubles: regular iterations;
    /// - bound 2: 3 nodes, less than twice 2: the exponential search tries `3 + 1 = 4` under a
    ///   budget of `8 x 2`, gets 5 nodes, at least `2 x 2`: the stage's work is 5;
    /// - bound 5: 6 nodes, less than 10: tries 7 (8 nodes), then `8 + 2 = 10` (11 nodes): 11;
    /// - bound 11: 12 nodes, less than 22: tries 13, `14 + 2 = 16`, then `17 + 4 = 21`, which
    ///   meets the goal at cost 20; no bound from 20 up is tried again: 19 (`17 + 8`, capped)
    ///   finishes, rules out every cost below 20, and the goal met is the answer.
    #[test]
    fn a_corridor_runs_the_guides_stages() {
        use BudgetPhase::{Exponential, Regular};
        let report = BudgetedSearch::new(&Corridor { len: 20 }, &Blind).warm_start(false).run(&0);
        let expected = [
            (0, 1, Regular, None, false),
            (1, 2, Regular, None, false),
            (2, 3, Regular, None, false),
            (4, 5, Exponential, Some(16), false),
            (5, 6, Regular, None, false),
            (7, 8, Exponential, Some(40), false),
            (10, 11, Exponential, Some(40), false),
            (11, 12, Regular, None, false),
            (13, 14, Exponential, Some(88), false),
            (16, 17, Exponential, Some(88), false),
            (21, 20, Exponential, Some(88), false),
            (19, 20, Exponential, Some(88), false),
        ];
        assert_eq!(trace(&report), expected);
        assert_eq!(report.outcome, Outcome::Solved(Solution { moves: vec![(); 20], cost: 20 }));
    }

    /// The same corridor with the warm start: each stage's exponential search starts at half
    /// the rise of `lower` in the stage before (at least 1):
    ///
    /// - the first search starts at 1: tries 4 (5 nodes) and moves `lower` from 3 to 5, a rise
    ///   of 2;
    /// - the second starts at 1 again: tries 7 and 10, moving `lower` from 6 to 11, a rise of 5;
    /// - the third starts at 2: tries 14 (15 nodes, `lower` 15), `15 + 4 = 19` (20 nodes, every
    ///   cost below 20 ruled out), then `20 + 8 = 28`, which meets the goal at 20, proven.
    #[test]
    fn a_warm_start_starts_each_search_from_the_last_rise() {
        use BudgetPhase::{Exponential, Regular};
        let report = BudgetedSearch::new(&Corridor { len: 20 }, &Blind).run(&0);
        let expected = [
            (0, 1, Regular, None, false),
            (1, 2, Regular, None, false),
            (2, 3, Regular, None, false),
            (4, 5, Exponential, Some(16), false),
            (5, 6, Regular, None, false),
            (7, 8, Exponential, Some(40), false),
            (10, 11, Exponential, Some(40), false),
            (11, 12, Regular, None, false),
            (14, 15, Exponential, Some(88), false),
            (19, 20, Exponential, Some(88), false),
            (28, 20, Exponential, Some(88), false),
        ];
        assert_eq!(trace(&report), expected);
        assert_eq!(report.outcome, Outcome::Solved(Solution { moves: vec![(); 20], cost: 20 }));
    }

    #[test]
    fn the_largest_f_expanded_is_watched_and_every_event_passed_on() {
        #[derive(Default)]
        struct Count(u32);
        impl Observer<Corridor> for Count {
            fn iteration_started(&mut self, _: u32) {
                self.0 += 1;
            }
            fn node_expanded(&mut self, _: &Node<'_, Corridor>) {
                self.0 += 10;
            }
            fn child_pruned(&mut self, _: &Pruned<'_, Corridor>) {
                self.0 += 100;
            }
            fn iteration_finished(&mut self, _: &IterationStats<u32>) {
                self.0 += 1000;
            }
            fn solution_found(&mut self, _: &[()], _: u32) {
                self.0 += 10_000;
            }
        }
        let mut count = Count::default();
        let mut largest_f = LargestF { inner: &mut count, f: 3 };
        let node = |g, h| Node::<Corridor> { state: &0, depth: 0, via: None, g, h };
        largest_f.node_expanded(&node(2, 0));
        assert_eq!(largest_f.f, 3, "f = 2 is below the largest so far");
        largest_f.node_expanded(&node(2, 5));
        assert_eq!(largest_f.f, 7);
        let stats = IterationStats {
            bound: 9,
            generated: 0,
            expanded: 0,
            speculative: 0,
            elapsed: std::time::Duration::ZERO,
        };
        largest_f.iteration_started(9);
        largest_f.child_pruned(&Pruned { parent: &0, depth: 1, via: (), g: Some(1), h: 9 });
        largest_f.iteration_finished(&stats);
        largest_f.solution_found(&[], 0);
        assert_eq!(count.0, 1 + 2 * 10 + 100 + 1000 + 10_000);
    }
}
