//! Lending a search's work units to the threads of a program that have nothing else to do:
//! [`Crew`].

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::ThreadPool;

use super::pools::shared_pool;

/// A program's threads, as the parallel IDA\* driver may borrow them when they are idle.
///
/// A program that solves many cases at once (one per thread) leaves threads idle as soon as it
/// runs out of cases, while the cases still being searched run on one thread each. Inside
/// [`Crew::install`], the parallel driver ([`ParallelIdaStar`](crate::ParallelIdaStar)) searches
/// every iteration's units on the calling thread, in move order, and lends them, unit by unit, to
/// whichever of the crew's threads are idle: so a long case gets every thread the others leave
/// free, and no more, and its answer and counts are the sequential driver's as always.
///
/// # Design decisions
///
/// - **A count of busy threads, not a second set of threads.** The crew counts the program's
///   threads busy with work of their own ([`Crew::install`]) and the helpers searching a unit;
///   a helper takes a place before each unit and gives it back after, so the threads at work never
///   outnumber the crew's, and a thread of the program that starts a case takes its place back
///   within one unit.
/// - **Helpers on a pool, the program's thread never waits in it.** The helpers are jobs on the
///   crew's rayon pool; the calling thread (one of the program's, not of the pool) searches units
///   itself and then waits only for the helpers' last units. It never picks up other work while
///   it waits, so a case never waits for another case.
/// - **Lent as threads come free.** Between its units the calling thread looks for idle places
///   and lends the iteration to as many more helpers: a thread freed in the middle of a long last
///   iteration joins it at the calling thread's next unit.
///
/// # Example
///
/// ```
/// use search_core::work_units::Crew;
/// use search_core::{Blind, IdaStar, MoveVec, Problem};
///
/// /// Count up to a target by adding one or doubling.
/// struct Doubling { target: u32 }
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// enum Step { AddOne, Double }
///
/// impl Problem for Doubling {
///     type State = u32;
///     type Move = Step;
///     type Cost = u8;
///     type Moves<'a> = MoveVec<Step>;
///     fn moves(&self, n: &u32) -> MoveVec<Step> {
///         let mut moves = MoveVec::new();
///         if *n < self.target { moves.push(Step::AddOne) }
///         if *n > 0 && *n * 2 <= self.target { moves.push(Step::Double) }
///         moves
///     }
///     fn apply(&self, n: &mut u32, step: Step) {
///         match step { Step::AddOne => *n += 1, Step::Double => *n *= 2 }
///     }
///     fn undo(&self, n: &mut u32, step: Step) {
///         match step { Step::AddOne => *n -= 1, Step::Double => *n /= 2 }
///     }
///     fn inverse(&self, _: Step) -> Option<Step> { None }
///     fn is_goal(&self, n: &u32) -> bool { *n == self.target }
/// }
///
/// let problem = Doubling { target: 1000 };
/// let crew = Crew::new(2);
/// // Each of the program's threads solves its cases inside `install`.
/// let lent = crew.install(|| IdaStar::new(&problem, &Blind).threads(2).run(&1));
/// let alone = IdaStar::new(&problem, &Blind).run(&1);
/// assert_eq!(lent.outcome, alone.outcome);
/// assert_eq!(lent.stats.generated, alone.stats.generated);
/// ```
#[derive(Clone, Debug)]
pub struct Crew {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    /// The most threads at work at once.
    threads: usize,
    /// The threads at work: the program's, inside [`Crew::install`], and the helpers in a unit.
    busy: AtomicUsize,
    /// Where the helpers run.
    pool: Arc<ThreadPool>,
}

thread_local! {
    /// The crew this thread works for, inside [`Crew::install`].
    static CURRENT: RefCell<Option<Crew>> = const { RefCell::new(None) };
}

impl Crew {
    /// A crew of `threads` threads (at least one): at most that many at work at once.
    ///
    /// # Panics
    ///
    /// If the operating system refuses to start the pool's threads.
    #[must_use]
    pub fn new(threads: usize) -> Crew {
        let threads = threads.max(1);
        let inner = Inner { threads, busy: AtomicUsize::new(0), pool: shared_pool(threads) };
        Crew { inner: Arc::new(inner) }
    }

    /// The most threads at work at once.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.inner.threads
    }

    /// Runs `work` on this thread, counted as one of the crew's threads at work: a parallel IDA\*
    /// search run inside it (with more than one thread) searches its units on this thread and
    /// lends them to the crew's idle threads.
    pub fn install<T>(&self, work: impl FnOnce() -> T) -> T {
        /// Gives the place back and restores the crew before, however `work` ends.
        struct Installed(Option<Crew>);
        impl Drop for Installed {
            fn drop(&mut self) {
                let previous = self.0.take();
                let crew = CURRENT.with(|current| current.replace(previous));
                if let Some(crew) = crew {
                    crew.give_back();
                }
            }
        }
        self.inner.busy.fetch_add(1, Ordering::Relaxed);
        let previous = CURRENT.with(|current| current.replace(Some(self.clone())));
        let _installed = Installed(previous);
        work()
    }

    /// The crew this thread works for, if any.
    pub(super) fn current() -> Option<Crew> {
        CURRENT.with(|current| current.borrow().clone())
    }

    /// Takes a place for a helper, if one is free.
    fn take_place(&self) -> bool {
        let threads = self.inner.threads;
        let busy = &self.inner.busy;
        busy.fetch_update(Ordering::AcqRel, Ordering::Relaxed, |busy| {
            (busy < threads).then_some(busy + 1)
        })
        .is_ok()
    }

    /// Gives a place back.
    fn give_back(&self) {
        self.inner.busy.fetch_sub(1, Ordering::AcqRel);
    }

    /// Whether a place is free.
    fn has_room(&self) -> bool {
        self.inner.busy.load(Ordering::Relaxed) < self.inner.threads
    }

    /// Searches units with `take` (which searches the next unit, and says `false` when none is
    /// left) on this thread until none is left, lending them to idle threads meanwhile; returns
    /// once every unit taken is searched.
    pub(super) fn share<F>(&self, take: &(impl Fn(&mut Vec<F>) -> bool + Sync)) {
        // The helpers under way, at most one fewer than the crew's threads.
        let helpers = AtomicUsize::new(0);
        let most = self.inner.threads - 1;
        self.inner.pool.in_place_scope(|scope| {
            let mut frames = Vec::new();
            loop {
                while helpers.load(Ordering::Relaxed) < most && self.has_room() {
                    helpers.fetch_add(1, Ordering::Relaxed);
                    let helpers = &helpers;
                    scope.spawn(move |_| {
                        let mut frames = Vec::new();
                        while self.take_place() {
                            let more = take(&mut frames);
                            self.give_back();
                            if !more {
                                break;
                            }
                        }
                        helpers.fetch_sub(1, Ordering::Relaxed);
                    });
                }
                if !take(&mut frames) {
                    break;
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn installing_counts_the_thread_and_nests() {
        let crew = Crew::new(2);
        assert!(Crew::current().is_none());
        crew.install(|| {
            assert_eq!(crew.inner.busy.load(Ordering::Relaxed), 1);
            assert!(Crew::current().is_some());
            assert!(crew.take_place());
            assert!(!crew.take_place(), "two threads at work: no room for a third");
            crew.give_back();
        });
        assert_eq!(crew.inner.busy.load(Ordering::Relaxed), 0);
        assert!(Crew::current().is_none());
    }

    #[test]
    fn every_unit_is_searched_once_whoever_takes_it() {
        let crew = Crew::new(3);
        let (next, searched) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let take = |_: &mut Vec<u8>| {
            if next.fetch_add(1, Ordering::Relaxed) >= 1000 {
                return false;
            }
            searched.fetch_add(1, Ordering::Relaxed);
            true
        };
        crew.install(|| crew.share(&take));
        assert_eq!(searched.load(Ordering::Relaxed), 1000);
        assert_eq!(crew.inner.busy.load(Ordering::Relaxed), 0);
    }
}
