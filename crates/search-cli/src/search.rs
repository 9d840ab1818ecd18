//! How the program asks for a case to be searched: a [`Search`] carries the case's limits and
//! either the `--trace` observer, the `--trace-json` recording or the threads the case may use,
//! so that a puzzle's [`solve`](crate::Puzzle::solve) is written once and serves every option.

use std::hash::Hash;

use search_core::{
    AStar, Blind, BreadthFirst, BudgetedSearch, Heuristic, IdaStar, IterationStats, Limits,
    NoObserver, Node, Observer, Problem, Pruned, Report, UniformCost,
};

use crate::algorithm::Algorithm;
use crate::trace_json::Recording;

/// One case's search as the command line asks for it: within [`limits`](Search::limits), watched
/// by an observer (`--trace`, `--trace-json`), or on several threads
/// ([`threads`](Search::threads)), never both.
///
/// [`solve`](Search::solve) runs the driver asked for ([`algorithm`](Search::algorithm)),
/// [`ida_star`](Search::ida_star) the depth-first ones. A puzzle whose answer takes searches of
/// its own (of another problem than its own, or several within limits of their own) takes the
/// case's search apart ([`into_parts`](Search::into_parts)) and makes each of them with the case's
/// [`Settings`], so that they run as the case was asked to.
///
/// # The peak of `--stats`
///
/// Every driver's report says the most nodes it held at once
/// ([`SearchStats::peak_held`](search_core::SearchStats::peak_held)): the best-first drivers count
/// their open and closed lists; for the depth-first ones run on one thread through `solve` or
/// `ida_star`, this type counts the deepest path, in moves, when the figures are asked for
/// (`--stats`) or the search is watched. It stays 0 where nobody counts it: on several threads.
pub struct Search<'a, P: Problem, O> {
    limits: &'a Limits<P::Cost>,
    observer: O,
    settings: Settings,
    /// `--trace-json`: the case's recording, which `solve` and `ida_star` run the driver with
    /// (`observer` is then the same recording, for a puzzle's own driver).
    recording: Option<&'a Recording<'a, P>>,
}

impl<'a, P: Problem, O: Observer<P>> Search<'a, P, O> {
    /// A search on one thread, within `limits`, watched by `observer`: the program makes the
    /// searches it hands to [`Puzzle::solve`](crate::Puzzle::solve) so. A puzzle whose answer
    /// takes searches of its own makes them with the case's [`Settings`] instead
    /// ([`into_parts`](Self::into_parts)).
    pub fn observed(limits: &'a Limits<P::Cost>, observer: O) -> Self {
        let settings = Settings { threads: 1, algorithm: Algorithm::Ida, count_peak: true };
        settings.search(limits, observer)
    }

    /// The case's limits: the command line's `--max-nodes` and `--time-limit`, the signals'
    /// cancellation flag, and the progress line's counters.
    #[must_use]
    pub fn limits(&self) -> &'a Limits<P::Cost> {
        self.limits
    }

    /// The threads this case's search may use: 1 when it is watched, or when the other threads
    /// are answering other cases.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.settings.threads
    }

    /// This search with the driver `algorithm` ([`ida_star`](Self::ida_star) and
    /// [`solve`](Self::solve) run it).
    #[must_use]
    pub fn with_algorithm(self, algorithm: Algorithm) -> Self {
        Search { settings: Settings { algorithm, ..self.settings }, ..self }
    }

    /// This search counting the deepest path for the peak of `--stats` (`count`), or not.
    /// [`observed`](Self::observed) makes a search that counts it; the program tells it whether
    /// `--stats` was asked for: the count is a comparison per node expanded, which a run without
    /// `--stats` does without.
    #[must_use]
    pub fn counting_peak(self, count: bool) -> Self {
        Search { settings: Settings { count_peak: count, ..self.settings }, ..self }
    }

    /// Whether this search counts the deepest path for the peak (see
    /// [`counting_peak`](Self::counting_peak)).
    #[must_use]
    pub fn counts_peak(&self) -> bool {
        self.settings.count_peak
    }

    /// The driver asked for: [`Algorithm::Ida`] unless [`with_algorithm`](Self::with_algorithm)
    /// chose another.
    #[must_use]
    pub fn algorithm(&self) -> Algorithm {
        self.settings.algorithm
    }

    /// The case's limits, its observer and how it is to be searched, for a puzzle whose answer
    /// takes searches of its own: each made by [`Settings::search`], of another problem (the
    /// observer wrapped to be shown this problem's states) or within limits of its own.
    ///
    /// A `--trace-json` recording is then the observer, shown each node as `--trace` is: the
    /// recording's own drivers, which [`solve`](Self::solve) and [`ida_star`](Self::ida_star)
    /// run, serve this problem's searches only.
    pub fn into_parts(self) -> (&'a Limits<P::Cost>, O, Settings) {
        (self.limits, self.observer, self.settings)
    }

    /// The driver asked for ([`algorithm`](Self::algorithm)) from `start` with `heuristic`, for
    /// a puzzle whose states are hashable: breadth-first, uniform-cost search and A\* here (each
    /// watched by the observer, none on several threads), the depth-first drivers as
    /// [`ida_star`](Self::ida_star) runs them. Every driver gives an optimal answer.
    pub fn solve<H>(self, problem: &P, heuristic: &H, start: &P::State) -> Report<P::Move, P::Cost>
    where
        P: Sync,
        P::State: Sync + Hash + Eq,
        H: Heuristic<P> + Sync,
    {
        let limits = self.limits.clone();
        let algorithm = self.settings.algorithm;
        if let Some(recording) = self.recording
            && !algorithm.depth_first()
        {
            return recording.best_first((problem, heuristic, start), algorithm, limits);
        }
        match algorithm {
            Algorithm::Bfs => {
                BreadthFirst::new(problem).limits(limits).observer(self.observer).run(start)
            }
            Algorithm::Ucs => {
                UniformCost::new(problem).limits(limits).observer(self.observer).run(start)
            }
            Algorithm::Astar => {
                AStar::new(problem, heuristic).limits(limits).observer(self.observer).run(start)
            }
            Algorithm::Ida | Algorithm::Bts | Algorithm::Iddfs => {
                self.ida_star(problem, heuristic, start)
            }
        }
    }

    /// IDA\* from `start` with `heuristic`: on [`threads`](Self::threads) threads when there
    /// are several (search-core's parallel driver, which needs the problem, its states and the
    /// heuristic to be `Sync`), else on this one with the observer. Both give the same answer.
    ///
    /// When [`algorithm`](Self::algorithm) is another depth-first driver, that one instead:
    /// iterative deepening (IDA\* with no estimate, `heuristic` unused) or Budgeted Tree Search
    /// (on one thread: it has no parallel driver). The drivers that need hashable states are
    /// [`solve`](Self::solve)'s: asked of this method, they get IDA\*.
    pub fn ida_star<H>(
        self,
        problem: &P,
        heuristic: &H,
        start: &P::State,
    ) -> Report<P::Move, P::Cost>
    where
        P: Sync,
        P::State: Sync,
        H: Heuristic<P> + Sync,
    {
        let Settings { threads, algorithm, count_peak } = self.settings;
        let algorithm = if algorithm.depth_first() { algorithm } else { Algorithm::Ida };
        let limits = self.limits.clone();
        if let Some(recording) = self.recording {
            return recording.depth_first((problem, heuristic, start), algorithm, limits);
        }
        if algorithm == Algorithm::Iddfs {
            return self.with_algorithm(Algorithm::Ida).ida_star(problem, &Blind, start);
        }
        if algorithm == Algorithm::Ida && threads > 1 {
            return IdaStar::new(problem, heuristic).limits(limits).threads(threads).run(start);
        }
        if !count_peak {
            return one_thread((problem, heuristic, start), algorithm, limits, self.observer);
        }
        let mut watched = Deepest { inner: self.observer, deepest: 0 };
        let mut report = one_thread((problem, heuristic, start), algorithm, limits, &mut watched);
        report.stats.peak_held = report.stats.peak_held.max(watched.deepest as u64);
        report
    }
}

impl<'a, P: Problem> Search<'a, P, NoObserver> {
    /// A search unwatched, on `threads` threads (1: this one); see [`observed`](Self::observed)
    /// for who makes one.
    pub fn on_threads(limits: &'a Limits<P::Cost>, threads: usize) -> Self {
        let settings = Settings { threads, algorithm: Algorithm::Ida, count_peak: false };
        settings.search(limits, NoObserver)
    }
}

/// How a case is to be searched, apart from its limits and observer: the driver
/// ([`Search::algorithm`]), the threads ([`Search::threads`]) and whether the deepest path is
/// counted for `--stats` ([`Search::counts_peak`]). A puzzle whose answer takes searches of its
/// own takes the case's settings from [`Search::into_parts`] and makes each search with them, so
/// that none of them forgets one:
///
/// ```
/// # use search_cli::{Algorithm, Search};
/// # use search_core::{Limits, NoObserver};
/// # struct Walk;
/// # impl search_core::Problem for Walk {
/// #     type State = u8; type Move = u8; type Cost = u8; type Moves<'a> = [u8; 0];
/// #     fn moves(&self, _: &u8) -> [u8; 0] { [] }
/// #     fn apply(&self, _: &mut u8, _: u8) {}
/// #     fn undo(&self, _: &mut u8, _: u8) {}
/// #     fn inverse(&self, _: u8) -> Option<u8> { None }
/// #     fn is_goal(&self, _: &u8) -> bool { true }
/// # }
/// let limits = Limits::default();
/// let case: Search<'_, Walk, _> = Search::on_threads(&limits, 2).with_algorithm(Algorithm::Bts);
/// let (limits, observer, settings) = case.into_parts();
/// // A search of its own, within a turn's limits of its own: the case's driver and threads.
/// let turn = limits.clone().max_generated(1_000);
/// let own: Search<'_, Walk, _> = settings.search(&turn, observer);
/// assert_eq!((own.algorithm(), own.threads()), (Algorithm::Bts, 2));
/// ```
///
/// On several threads the observer is shown nothing: the program gives a watched case one
/// thread, and an unwatched one [`NoObserver`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// More than 1 only when the case's observer is [`NoObserver`]: the parallel driver has
    /// none.
    threads: usize,
    algorithm: Algorithm,
    /// Whether `ida_star` counts the deepest path for the peak: a comparison a node, which the
    /// search without `--stats` does without.
    count_peak: bool,
}

impl Settings {
    /// A search of a problem of type `Q` (the case's own, or another) with these settings,
    /// within `limits`, watched by `observer`.
    pub fn search<Q: Problem, O: Observer<Q>>(
        self,
        limits: &Limits<Q::Cost>,
        observer: O,
    ) -> Search<'_, Q, O> {
        Search { limits, observer, settings: self, recording: None }
    }
}

impl<'a, P: Problem> Search<'a, P, &'a Recording<'a, P>> {
    /// A search on one thread, within `limits`, recorded by `recording`: a program's
    /// `--trace-json`, and the explorer's runs. [`solve`](Self::solve) and
    /// [`ida_star`](Self::ida_star) run the driver asked for with the trace format's recorders;
    /// a puzzle's own searches ([`into_parts`](Self::into_parts)) are handed the recording as
    /// their observer.
    pub fn recorded(limits: &'a Limits<P::Cost>, recording: &'a Recording<'a, P>) -> Self {
        let search = Search::observed(limits, recording);
        Search { recording: Some(recording), ..search }
    }
}

/// IDA\* or Budgeted Tree Search (`algorithm`) on one thread, watched by `observer`.
fn one_thread<P: Problem, H: Heuristic<P>, O: Observer<P>>(
    (problem, heuristic, start): (&P, &H, &P::State),
    algorithm: Algorithm,
    limits: Limits<P::Cost>,
    observer: O,
) -> Report<P::Move, P::Cost> {
    if algorithm == Algorithm::Bts {
        let mut driver = BudgetedSearch::new(problem, heuristic).limits(limits).observer(observer);
        driver.run(start).into_report()
    } else {
        IdaStar::new(problem, heuristic).limits(limits).observer(observer).run(start)
    }
}

/// An observer passed on, with an eye on the deepest path: the peak of a depth-first driver,
/// which counts none of its own.
struct Deepest<O> {
    inner: O,
    /// The most moves from the start of a node expanded or a goal.
    deepest: usize,
}

impl<P: Problem, O: Observer<P>> Observer<P> for Deepest<O> {
    fn iteration_started(&mut self, bound: P::Cost) {
        self.inner.iteration_started(bound);
    }

    fn node_expanded(&mut self, node: &Node<'_, P>) {
        self.deepest = self.deepest.max(node.depth);
        self.inner.node_expanded(node);
    }

    fn node_queued(&mut self, node: &Node<'_, P>) {
        self.inner.node_queued(node);
    }

    fn child_pruned(&mut self, child: &Pruned<'_, P>) {
        self.inner.child_pruned(child);
    }

    fn iteration_finished(&mut self, stats: &IterationStats<P::Cost>) {
        self.inner.iteration_finished(stats);
    }

    fn solution_found(&mut self, moves: &[P::Move], cost: P::Cost) {
        self.deepest = self.deepest.max(moves.len());
        self.inner.solution_found(moves, cost);
    }
}

#[cfg(test)]
mod tests {
    use search_core::{MoveVec, Outcome, StopReason, Stopped};

    use crate::report::CaseReport;

    use super::*;

    /// A number brought down to 1 by halving it (when even) or taking 1 away.
    struct Countdown;

    impl Problem for Countdown {
        type State = u32;
        type Move = bool;
        type Cost = u8;
        type Moves<'a> = MoveVec<bool>;

        /// `true` halves, `false` takes 1 away.
        fn moves(&self, &n: &u32) -> MoveVec<bool> {
            let mut moves = MoveVec::new();
            if n % 2 == 0 {
                moves.push(true);
            }
            if n > 1 {
                moves.push(false);
            }
            moves
        }
        fn apply(&self, n: &mut u32, halve: bool) {
            if halve { *n /= 2 } else { *n -= 1 }
        }
        fn undo(&self, n: &mut u32, halve: bool) {
            if halve { *n *= 2 } else { *n += 1 }
        }
        fn inverse(&self, _: bool) -> Option<bool> {
            None
        }
        fn is_goal(&self, &n: &u32) -> bool {
            n == 1
        }
    }

    /// No estimate: every search is iterative deepening, with a tree large enough to split.
    struct Zero;

    impl Heuristic<Countdown> for Zero {
        fn estimate(&self, _: &Countdown, _: &u32) -> u8 {
            0
        }
    }

    /// The moves of a report's solution, or the limit that stopped it.
    fn answer(report: Report<bool, u8>) -> Result<Option<Vec<bool>>, Stopped<u8>> {
        CaseReport::from_report(report, |solution| solution.map(|solution| solution.moves)).answer
    }

    #[test]
    fn on_threads_and_observed_give_the_same_answer() {
        let limits = Limits::default();
        for n in [1, 2, 7, 1000, 12_345] {
            let one = Search::observed(&limits, NoObserver).ida_star(&Countdown, &Zero, &n);
            let two = Search::on_threads(&limits, 2).ida_star(&Countdown, &Zero, &n);
            assert_eq!(two.outcome, one.outcome, "{n}");
        }
        // 7: take 1, halve, take 1, halve.
        let seven = Search::on_threads(&limits, 2).ida_star(&Countdown, &Zero, &7);
        assert_eq!(answer(seven), Ok(Some(vec![false, true, false, true])));
    }

    /// A step takes at most one binary digit off: an admissible estimate.
    struct Digits;

    impl Heuristic<Countdown> for Digits {
        fn estimate(&self, _: &Countdown, &n: &u32) -> u8 {
            u8::try_from(n.ilog2()).expect("at most 31")
        }
    }

    #[test]
    fn every_algorithm_gives_an_optimal_answer() {
        let limits = Limits::default();
        for n in [1, 2, 7, 100, 1000, 12_345] {
            let ida = Search::observed(&limits, NoObserver).solve(&Countdown, &Digits, &n);
            let Outcome::Solved(best) = ida.outcome else { panic!("{n}: {:?}", ida.outcome) };
            for &algorithm in Algorithm::ALL {
                for threads in [1, 2] {
                    let search = Search::on_threads(&limits, threads).with_algorithm(algorithm);
                    assert_eq!(search.algorithm(), algorithm);
                    let report = search.solve(&Countdown, &Digits, &n);
                    let Outcome::Solved(found) = report.outcome else {
                        panic!("{n} {algorithm}: {:?}", report.outcome)
                    };
                    assert_eq!(found.cost, best.cost, "{n} {algorithm} on {threads}");
                }
            }
        }
    }

    #[test]
    fn every_driver_on_one_thread_reports_its_peak() {
        let limits = Limits::default();
        // 7 takes 4 moves: IDA* with no estimate goes no deeper than the goal, so its deepest
        // path is the solution's; the best-first drivers hold more than that.
        for &algorithm in Algorithm::ALL {
            let search = Search::observed(&limits, NoObserver).with_algorithm(algorithm);
            let report = search.solve(&Countdown, &Zero, &7);
            let peak = report.stats.peak_held;
            if algorithm == Algorithm::Bts {
                // Budgeted Tree Search may try a bound beyond the answer's before it settles.
                assert!(peak >= 4, "{algorithm}: {peak}");
            } else if algorithm.depth_first() {
                assert_eq!(peak, 4, "{algorithm}");
            } else {
                assert!(peak > 4, "{algorithm}: {peak}");
            }
        }
        // On several threads nobody counts the paths; on one, only when asked to.
        let parallel = Search::on_threads(&limits, 2).counting_peak(true);
        assert_eq!(parallel.ida_star(&Countdown, &Zero, &7).stats.peak_held, 0);
        let unasked = Search::on_threads(&limits, 1).ida_star(&Countdown, &Zero, &7);
        assert_eq!(unasked.stats.peak_held, 0);
        let asked = Search::on_threads(&limits, 1).counting_peak(true);
        assert_eq!(asked.ida_star(&Countdown, &Zero, &7).stats.peak_held, 4);
    }

    #[test]
    fn a_search_made_from_the_settings_runs_as_the_case_asked() {
        let limits = Limits::<u8>::default();
        let case = Search::<Countdown, _>::on_threads(&limits, 3).with_algorithm(Algorithm::Bts);
        let case = case.counting_peak(true);
        let (_, NoObserver, settings) = case.into_parts();
        let turn = Limits::default().max_generated(5);
        let own: Search<'_, Countdown, _> = settings.search(&turn, NoObserver);
        assert_eq!((own.algorithm(), own.threads(), own.counts_peak()), (Algorithm::Bts, 3, true));
        // Within the turn's limits, not the case's.
        let stopped = answer(own.ida_star(&Countdown, &Zero, &12_345)).expect_err("5 nodes");
        assert_eq!(stopped.reason, StopReason::NodeLimit);
        // The peak, counted on one thread exactly when the case's search counted it.
        for count in [false, true] {
            let case = Search::<Countdown, _>::observed(&limits, NoObserver).counting_peak(count);
            let (limits, observer, settings) = case.into_parts();
            let report = settings.search(limits, observer).ida_star(&Countdown, &Zero, &7);
            assert_eq!(report.stats.peak_held, if count { 4 } else { 0 }, "{count}");
        }
    }

    #[test]
    fn a_stopped_search_keeps_its_limit_and_bound() {
        let limits = Limits::default().max_generated(5);
        let report = Search::observed(&limits, NoObserver).ida_star(&Countdown, &Zero, &12_345);
        let stopped = answer(report).expect_err("5 nodes are not enough");
        assert_eq!(stopped.reason, StopReason::NodeLimit);
    }
}
