//! [`Limits`] that stop a search early, and the [`StopReason`] a stopped search reports.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// When to give up. The default sets no limit at all.
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::AtomicBool;
/// use search_core::Limits;
///
/// let cancel = Arc::new(AtomicBool::new(false));
/// let limits = Limits::<u8>::default()
///     .max_bound(40)
///     .max_generated(1_000_000)
///     .cancel_flag(Arc::clone(&cancel));
/// // Another thread may now `cancel.store(true, Ordering::Relaxed)` to stop the search.
/// # let _ = limits;
/// ```
#[derive(Clone, Debug)]
pub struct Limits<C> {
    /// The largest bound an iteration may use. IDA* stops, rather than start an iteration whose
    /// bound would exceed it; the complete searches stop before expanding a node that costs more.
    pub max_bound: Option<C>,
    /// The most nodes the search may generate, counted as in [`SearchStats::generated`](crate::SearchStats)
    /// (the start included): a search stopped by it reports exactly this many.
    pub max_generated: Option<u64>,
    /// A flag another thread sets to stop the search. Read with a relaxed load once every
    /// [`Limits::CANCEL_CHECK_INTERVAL`] generated nodes and at each iteration's start, so checking
    /// costs next to nothing and a cancelled search stops within microseconds.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl<C> Default for Limits<C> {
    fn default() -> Self {
        Self { max_bound: None, max_generated: None, cancel: None }
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

    /// Whether the cancellation flag is set.
    pub(crate) fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

/// Watches the node budget and the cancellation flag during a search, with a single comparison
/// per generated node: the slower checks run only when the count reaches `next_check`.
#[derive(Debug)]
pub(crate) struct Watch {
    max_generated: Option<u64>,
    cancel: Option<Arc<AtomicBool>>,
    next_check: u64,
}

impl Watch {
    /// A watch over `limits` for a search that has generated `generated` nodes so far.
    pub(crate) fn new<C>(limits: &Limits<C>, generated: u64) -> Self {
        let mut watch = Self {
            max_generated: limits.max_generated,
            cancel: limits.cancel.clone(),
            next_check: 0,
        };
        watch.schedule(generated);
        watch
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
    /// on the counter in memory and a jump (two fewer per generated node than testing for one
    /// before the decrement: 2-3% on Korf's instances).
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

    #[cold]
    fn check_now(&mut self, generated: u64) -> Option<StopReason> {
        if self.max_generated.is_some_and(|max| generated > max) {
            return Some(StopReason::NodeLimit);
        }
        if self.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Some(StopReason::Cancelled);
        }
        self.schedule(generated);
        None
    }

    fn schedule(&mut self, generated: u64) {
        let budget_end = self.max_generated.map_or(u64::MAX, |max| max.saturating_add(1));
        let next_flag_read = if self.cancel.is_some() {
            generated.saturating_add(Limits::<()>::CANCEL_CHECK_INTERVAL)
        } else {
            u64::MAX
        };
        self.next_check = budget_end.min(next_flag_read);
    }
}

/// Why a search stopped before it could answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The next bound would have exceeded [`Limits::max_bound`].
    BoundLimit,
    /// [`Limits::max_generated`] nodes were generated.
    NodeLimit,
    /// The [`Limits::cancel`] flag was set.
    Cancelled,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::BoundLimit => "the bound limit was reached",
            Self::NodeLimit => "the node budget was spent",
            Self::Cancelled => "the search was cancelled",
        })
    }
}

#[cfg(test)]
mod tests {
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
}
