//! The node budget and the word "stop" that the work units of one parallel search share.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::stop_reason::StopReason;

/// What a work unit of a parallel search shares with the others, as its watch (`Watch` in `limits.rs`) sees it.
///
/// The node budget is shared by debiting batches of [`Limits::CANCEL_CHECK_INTERVAL`](crate::Limits::CANCEL_CHECK_INTERVAL) nodes
/// from one atomic counter, so the threads touch it once per batch, never per node; a unit
/// gives back what it has not used when it ends (`Watch::release`). A budget therefore holds
/// across the threads to within the batches they hold when it runs out: one per thread.
#[derive(Clone, Debug)]
pub(crate) struct UnitShare {
    /// The nodes left in the search's budget, if it has one.
    pub(crate) budget: Option<Arc<AtomicU64>>,
    /// The unit's place in its iteration, in move order.
    pub(crate) index: usize,
    /// The first unit of the iteration known to hold a solution (`usize::MAX` while none is):
    /// the units after it are no longer needed, and stop at their next check.
    pub(crate) first_solved: Arc<AtomicUsize>,
}

impl UnitShare {
    /// The next batch of at most `batch` nodes the unit may generate, taken from the shared budget, or why it
    /// must stop: an earlier unit holds a solution (the unit is no longer needed: it stops as
    /// if cancelled, and the parallel driver discards what it reports), or the budget is spent.
    pub(crate) fn next_batch(&self, batch: u64) -> Result<u64, StopReason> {
        if self.index > self.first_solved.load(Ordering::Relaxed) {
            return Err(StopReason::Cancelled);
        }
        let granted = self.budget.as_ref().map_or(batch, |budget| take(budget, batch));
        if granted == 0 {
            return Err(StopReason::NodeLimit);
        }
        Ok(granted)
    }
}

/// Takes up to `most` nodes from `budget`, and returns how many it took (0 when it is spent).
fn take(budget: &AtomicU64, most: u64) -> u64 {
    let left = budget.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
        (left > 0).then(|| left - left.min(most))
    });
    left.map_or(0, |left| left.min(most))
}
