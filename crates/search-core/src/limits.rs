//! [`Limits`] that stop a search early, and the [`StopReason`] a stopped search reports.
//!
//! # How the limits are checked
//!
//! The drivers count generated nodes, and a [`Watch`] over the limits tells them when to look:
//! the node budget is compared once, at the node that would exceed it, and the limits another
//! thread or the clock decide (the cancellation flag, the deadline) are read once every
//! [`Limits::CANCEL_CHECK_INTERVAL`] generated nodes. Between two looks a driver pays one
//! decrement and one test per node, and with no limit set it never looks at all. The drivers
//! also read the flag and the clock when they start and when IDA\* starts an iteration, so a
//! search whose deadline has passed or whose flag is set does no work.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::progress::Progress;
use crate::stop_reason::StopReason;
use crate::work_units::share::UnitShare;

/// When to give up. The default sets no limit at all.
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::AtomicBool;
/// use std::time::{Duration, Instant};
/// use search_core::Limits;
///
/// let cancel = Arc::new(AtomicBool::new(false));
/// let limits = Limits::<u8>::default()
///     .max_bound(40)
///     .max_generated(1_000_000)
///     .cancel_flag(Arc::clone(&cancel))
///     .deadline(Instant::now() + Duration::from_secs(10));
/// // Another thread may now `cancel.store(true, Ordering::Relaxed)` to stop the search.
/// # let _ = limits;
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Limits<C> {
    /// The largest solution cost the search may consider, with the same meaning in every
    /// driver: no solution that costs more is ever returned. IDA\* stops rather than start an
    /// iteration whose bound would exceed it; uniform-cost search stops before expanding a node
    /// that costs more; breadth-first search does not follow a path that costs more.
    ///
    /// A search it stops reports [`StopReason::BoundLimit`] with the least bound it could not rule
    /// out, above `max_bound`: IDA\*'s next bound, the cost of uniform-cost search's next node,
    /// the least cost of a path breadth-first search cut off. With a goal three moves of cost 1
    /// away and a `max_bound` of 2, every driver stops with the bound 3. Breadth-first search
    /// still answers [`Outcome::NoSolution`](crate::Outcome) when it cut no path off and every
    /// state within the bound has been expanded.
    pub max_bound: Option<C>,
    /// The most nodes the search may generate, counted as in [`SearchStats::generated`](crate::SearchStats)
    /// (the start included): a search stopped by it reports exactly this many.
    pub max_generated: Option<u64>,
    /// A flag another thread sets to stop the search. Read with a relaxed load when the search
    /// starts, at each IDA\* iteration's start and once every [`Limits::CANCEL_CHECK_INTERVAL`]
    /// generated nodes, so checking costs next to nothing and a cancelled search stops within
    /// microseconds.
    pub cancel: Option<Arc<AtomicBool>>,
    /// The moment to give up at. The clock is read whenever the [`cancel`](Limits::cancel) flag
    /// would be, whether or not a flag is set, so the search stops soon after the deadline (within
    /// [`Limits::CANCEL_CHECK_INTERVAL`] generated nodes), not exactly at it.
    pub deadline: Option<Instant>,
    /// Where the search stores its figures for another thread to display: not a limit, but
    /// stored at the same moments as the limits are looked at (see [`Progress`]).
    pub progress: Option<Arc<Progress>>,
}

impl<C> Default for Limits<C> {
    fn default() -> Self {
        Self { max_bound: None, max_generated: None, cancel: None, deadline: None, progress: None }
    }
}

impl<C> Limits<C> {
    /// How many generated nodes pass between two reads of the cancellation flag (a power of two).
    pub const CANCEL_CHECK_INTERVAL: u64 = 1 << 12;

    /// Sets [`Limits::max_bound`].
    #[must_use]
    pub fn max_bound(mut self, bound: C) -> Self {
        self.max_bound = Some(bound);
        self
    }

    /// Sets [`Limits::max_generated`].
    #[must_use]
    pub fn max_generated(mut self, nodes: u64) -> Self {
        self.max_generated = Some(nodes);
        self
    }

    /// Sets [`Limits::cancel`].
    #[must_use]
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Sets [`Limits::deadline`].
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use search_core::{Limits, Outcome, StopReason};
    /// # use search_core::{BreadthFirst, Problem};
    /// # struct Endless;
    /// # impl Problem for Endless {
    /// #     type State = u64; type Move = (); type Cost = u32; type Moves<'a> = [(); 1];
    /// #     fn moves(&self, _: &u64) -> [(); 1] { [()] }
    /// #     fn apply(&self, n: &mut u64, (): ()) { *n += 1 }
    /// #     fn undo(&self, n: &mut u64, (): ()) { *n -= 1 }
    /// #     fn inverse(&self, (): ()) -> Option<()> { None }
    /// #     fn is_goal(&self, _: &u64) -> bool { false }
    /// # }
    ///
    /// // `Endless` counts up from 0 for ever: only a limit ends its search.
    /// let limits = Limits::default().deadline(Instant::now() + Duration::from_millis(5));
    /// let report = BreadthFirst::new(&Endless).limits(limits).run(&0);
    /// assert!(matches!(report.outcome, Outcome::Stopped { reason: StopReason::TimeLimit, .. }));
    /// ```
    #[must_use]
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Sets [`Limits::progress`]; see [`Progress`] for an example.
    #[must_use]
    pub fn progress(mut self, progress: Arc<Progress>) -> Self {
        self.progress = Some(progress);
        self
    }

    /// Why the search must stop now, if the cancellation flag is set or the deadline has passed:
    /// the limits that are read rather than counted, for a driver's checks outside the watch.
    pub(crate) fn interrupted(&self) -> Option<StopReason> {
        interrupted(self.cancel.as_deref(), self.deadline)
    }
}

/// Why a search with this cancellation flag and deadline must stop now, if it must: the flag is
/// read first, then the clock.
fn interrupted(cancel: Option<&AtomicBool>, deadline: Option<Instant>) -> Option<StopReason> {
    if cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
        return Some(StopReason::Cancelled);
    }
    if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
        return Some(StopReason::TimeLimit);
    }
    None
}

/// Watches the node budget, the cancellation flag and the deadline during a search, and keeps
/// the [`Progress`] up to date, with a single comparison per generated node: the slower work
/// runs only when the count reaches `next_check`.
///
/// A watch serves either a whole search, counting its nodes from the start, or one work unit of
/// a parallel search ([`Watch::for_unit`]), counting the unit's nodes from zero and drawing them
/// from a budget the threads share, one batch at a time. Either way the checks of the flags
/// (the cancel flag, the deadline, and for a unit whether it is still needed) happen in one
/// place, [`check_now`](Self::check_now), once per batch of nodes.
#[derive(Debug)]
pub(crate) struct Watch {
    max_generated: Option<u64>,
    cancel: Option<Arc<AtomicBool>>,
    deadline: Option<Instant>,
    progress: Option<Arc<Progress>>,
    next_check: u64,
    /// The unit of a parallel search this watch serves, if it serves one.
    unit: Option<UnitShare>,
}

impl Watch {
    /// A watch over `limits` for a search that has generated `generated` nodes so far.
    pub(crate) fn new<C>(limits: &Limits<C>, generated: u64) -> Self {
        let mut watch = Self {
            max_generated: limits.max_generated,
            cancel: limits.cancel.clone(),
            deadline: limits.deadline,
            progress: limits.progress.clone(),
            next_check: 0,
            unit: None,
        };
        watch.schedule(generated);
        watch
    }

    /// A watch over `limits` for one work unit of a parallel search, which counts its own nodes
    /// from zero and draws them from `share`'s budget instead of `limits.max_generated`. It
    /// checks at the unit's first node, then once per batch.
    #[cfg(feature = "parallel")]
    pub(crate) fn for_unit<C>(limits: &Limits<C>, share: UnitShare) -> Self {
        // The unit counts from zero: its count is not the search's, so it adds each batch it
        // takes to the progress rather than storing its count (the parallel driver sets the
        // exact totals at the iteration's end).
        Self {
            max_generated: None,
            cancel: limits.cancel.clone(),
            deadline: limits.deadline,
            progress: limits.progress.clone(),
            next_check: 1,
            unit: Some(share),
        }
    }

    /// Gives the nodes of the current batch that a unit has not used back to the shared budget,
    /// once the unit has generated `generated` nodes and ended.
    #[cfg(feature = "parallel")]
    pub(crate) fn release(&mut self, generated: u64) {
        if let Some(budget) = self.unit.as_ref().and_then(|unit| unit.budget.as_ref()) {
            budget.fetch_add(self.next_check - 1 - generated, Ordering::Relaxed);
            self.next_check = generated + 1;
        }
    }

    /// Why the search must stop rather than generate its `generated`-th node, if it must.
    #[inline]
    pub(crate) fn check(&mut self, generated: u64) -> Option<StopReason> {
        if generated < self.next_check {
            return None;
        }
        self.check_now(generated)
    }

    /// A countdown for a search that has generated `generated` nodes: how many more it may
    /// generate before the watch must look again. IDA\*'s hot loop keeps only this one counter
    /// and passes it to [`Watch::tick`]; [`Watch::generated`] turns it back into a count.
    pub(crate) fn countdown(&self, generated: u64) -> u64 {
        self.next_check - generated
    }

    /// The number of nodes generated, from the countdown.
    pub(crate) fn generated(&self, countdown: u64) -> u64 {
        self.next_check - countdown
    }

    /// Counts one more generated node down, first looking at the limits if it is the node the
    /// watch is waiting for; on `Some`, the node is not generated and the countdown unchanged.
    ///
    /// The count reaches zero at that node, so the decrement and the test are one instruction
    /// on the counter in memory and a jump: two instructions fewer per generated node than
    /// testing for one before the decrement (the gain measured is in `docs/performance.md`).
    #[inline]
    pub(crate) fn tick(&mut self, countdown: &mut u64) -> Option<StopReason> {
        *countdown -= 1;
        if *countdown == 0 {
            return self.countdown_reached_zero(countdown);
        }
        None
    }

    /// The rest of [`tick`](Self::tick) once the countdown is zero, for a caller that counts
    /// down itself and keeps this slow path out of its loop.
    pub(crate) fn countdown_reached_zero(&mut self, countdown: &mut u64) -> Option<StopReason> {
        let node = self.next_check;
        if let Some(reason) = self.check_now(node) {
            *countdown = 1;
            return Some(reason);
        }
        *countdown = self.countdown(node);
        None
    }

    /// Whether the `generated`-th node may be generated, and if so, when to look again.
    #[cold]
    fn check_now(&mut self, generated: u64) -> Option<StopReason> {
        if let Some(progress) = &self.progress
            && self.unit.is_none()
        {
            // `generated` counts the node about to be generated.
            progress.set_generated(generated.saturating_sub(1));
        }
        if self.max_generated.is_some_and(|max| generated > max) {
            return Some(StopReason::NodeLimit);
        }
        if let Some(reason) = interrupted(self.cancel.as_deref(), self.deadline) {
            return Some(reason);
        }
        if let Some(unit) = &self.unit {
            // A unit no longer needed stops as if cancelled: the parallel driver discards what
            // such a unit reports, whatever the reason.
            let granted = match unit.next_batch(Limits::<()>::CANCEL_CHECK_INTERVAL) {
                Ok(granted) => granted,
                Err(reason) => return Some(reason),
            };
            #[cfg(feature = "parallel")]
            if let Some(progress) = &self.progress {
                progress.add_generated(granted);
            }
            self.next_check = generated + granted;
            return None;
        }
        self.schedule(generated);
        None
    }

    fn schedule(&mut self, generated: u64) {
        let budget_end = self.max_generated.map_or(u64::MAX, |max| max.saturating_add(1));
        let polled = self.cancel.is_some() || self.deadline.is_some() || self.progress.is_some();
        let next_flag_read = if polled {
            generated.saturating_add(Limits::<()>::CANCEL_CHECK_INTERVAL)
        } else {
            u64::MAX
        };
        self.next_check = budget_end.min(next_flag_read);
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn the_node_budget_is_exceeded_only_past_its_last_node() {
        let limits = Limits::<u8>::default().max_generated(10);
        let mut watch = Watch::new(&limits, 1);
        assert_eq!(watch.check(10), None);
        assert_eq!(watch.check(11), Some(StopReason::NodeLimit));
    }

    #[test]
    fn the_countdown_stops_on_the_node_past_the_budget() {
        let limits = Limits::<u8>::default().max_generated(5);
        let mut watch = Watch::new(&limits, 1);
        let mut countdown = watch.countdown(1);
        for _ in 2..=5 {
            assert_eq!(watch.tick(&mut countdown), None);
        }
        assert_eq!(watch.generated(countdown), 5);
        assert_eq!(watch.tick(&mut countdown), Some(StopReason::NodeLimit));
        assert_eq!(watch.generated(countdown), 5);
    }

    #[test]
    fn without_limits_nothing_is_ever_checked() {
        let limits = Limits::<u8>::default();
        let watch = Watch::new(&limits, 1);
        assert_eq!(watch.next_check, u64::MAX);
    }

    #[cfg(feature = "parallel")]
    use std::sync::atomic::{AtomicU64, AtomicUsize};

    #[cfg(feature = "parallel")]
    fn share(budget: Option<u64>, index: usize) -> UnitShare {
        UnitShare {
            budget: budget.map(|nodes| Arc::new(AtomicU64::new(nodes))),
            index,
            first_solved: Arc::new(AtomicUsize::new(usize::MAX)),
        }
    }

    #[test]
    #[cfg(feature = "parallel")]
    fn units_draw_a_shared_budget_in_batches_and_give_back_the_rest() {
        let batch = Limits::<u8>::CANCEL_CHECK_INTERVAL;
        let first = share(Some(batch + 10), 0);
        let second = UnitShare { index: 1, ..first.clone() };
        let budget = Arc::clone(first.budget.as_ref().unwrap());
        let limits = Limits::<u8>::default();
        let (mut one, mut two) =
            (Watch::for_unit(&limits, first), Watch::for_unit(&limits, second));
        let (mut countdown_one, mut countdown_two) = (one.countdown(0), two.countdown(0));
        assert_eq!(one.tick(&mut countdown_one), None, "the first node takes a whole batch");
        assert_eq!(budget.load(Ordering::Relaxed), 10);
        for _ in 0..10 {
            assert_eq!(two.tick(&mut countdown_two), None);
        }
        assert_eq!(budget.load(Ordering::Relaxed), 0, "the second unit took the last 10");
        assert_eq!(two.tick(&mut countdown_two), Some(StopReason::NodeLimit));
        assert_eq!(two.generated(countdown_two), 10);
        // The first unit ends after 3 nodes of its batch and gives the rest back.
        for _ in 1..3 {
            assert_eq!(one.tick(&mut countdown_one), None);
        }
        one.release(one.generated(countdown_one));
        assert_eq!(budget.load(Ordering::Relaxed), batch - 3);
    }

    #[test]
    #[cfg(feature = "parallel")]
    fn a_unit_after_the_first_solved_one_is_called_off_at_its_next_check() {
        let limits = Limits::<u8>::default();
        let later = share(None, 5);
        let first_solved = Arc::clone(&later.first_solved);
        let mut watch = Watch::for_unit(&limits, later);
        let mut countdown = watch.countdown(0);
        assert_eq!(watch.tick(&mut countdown), None);
        first_solved.store(3, Ordering::Relaxed);
        for _ in 1..Limits::<u8>::CANCEL_CHECK_INTERVAL {
            assert_eq!(watch.tick(&mut countdown), None, "checked once per batch only");
        }
        assert_eq!(watch.tick(&mut countdown), Some(StopReason::Cancelled));
        let earlier = UnitShare { budget: None, index: 3, first_solved };
        let mut earlier = Watch::for_unit(&limits, earlier);
        let mut countdown = earlier.countdown(0);
        assert_eq!(earlier.tick(&mut countdown), None);
    }

    #[test]
    fn the_cancel_flag_is_read_once_per_interval() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits::<u8>::default().cancel_flag(Arc::clone(&flag));
        let mut watch = Watch::new(&limits, 1);
        flag.store(true, Ordering::Relaxed);
        assert_eq!(watch.check(Limits::<u8>::CANCEL_CHECK_INTERVAL), None);
        assert_eq!(
            watch.check(Limits::<u8>::CANCEL_CHECK_INTERVAL + 1),
            Some(StopReason::Cancelled)
        );
    }

    #[test]
    fn the_clock_is_read_once_per_interval() {
        let limits = Limits::<u8>::default().deadline(Instant::now());
        let mut watch = Watch::new(&limits, 1);
        assert_eq!(watch.check(Limits::<u8>::CANCEL_CHECK_INTERVAL), None);
        assert_eq!(
            watch.check(Limits::<u8>::CANCEL_CHECK_INTERVAL + 1),
            Some(StopReason::TimeLimit)
        );
    }

    #[test]
    fn a_deadline_far_ahead_is_not_reached() {
        let limits = Limits::<u8>::default().deadline(Instant::now() + Duration::from_secs(3600));
        let mut watch = Watch::new(&limits, 1);
        assert_eq!(watch.check(Limits::<u8>::CANCEL_CHECK_INTERVAL + 1), None);
        assert_eq!(limits.interrupted(), None);
    }

    #[test]
    fn the_progress_is_stored_once_per_interval() {
        let progress = Arc::new(Progress::new());
        let limits = Limits::<u8>::default().progress(Arc::clone(&progress));
        let mut watch = Watch::new(&limits, 1);
        assert_eq!(watch.check(Limits::<u8>::CANCEL_CHECK_INTERVAL), None);
        assert_eq!(progress.generated(), 0);
        let next = Limits::<u8>::CANCEL_CHECK_INTERVAL + 1;
        assert_eq!(watch.check(next), None);
        assert_eq!(progress.generated(), next - 1);
    }

    #[test]
    fn the_flag_is_read_before_the_clock() {
        let flag = Arc::new(AtomicBool::new(true));
        let limits = Limits::<u8>::default().cancel_flag(flag).deadline(Instant::now());
        assert_eq!(limits.interrupted(), Some(StopReason::Cancelled));
        assert_eq!(
            Limits::<u8>::default().deadline(Instant::now()).interrupted(),
            Some(StopReason::TimeLimit)
        );
    }
}
