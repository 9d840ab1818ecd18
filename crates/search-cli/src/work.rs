//! Work that takes long and cannot be cancelled (building a pattern database), run under the
//! progress line and the signals' watch.

use std::cell::Cell;
use std::path::PathBuf;
use std::sync::mpsc;
use std::{panic, process, thread};

use crate::batch_outcome::{BatchOutcome, finish};
use crate::output::Output;
use crate::progress::Reporter;
use crate::signals::Interrupts;

/// For work that takes long and cannot be cancelled (building pattern databases): a progress
/// line is shown, and a signal ends the program at once, after every answer found before it has
/// been written.
pub struct Work<'a> {
    pub(crate) out: &'a Output,
    pub(crate) interrupts: &'a Interrupts,
    pub(crate) reporter: Reporter,
    /// Hands the cases read and held back to the threads that solve them, before work that
    /// keeps this thread busy.
    hand_over: &'a dyn Fn(),
    /// Writes every answer found so far, as the run does when it ends: the way the run would
    /// end now, if it knows one (a case the signal stopped).
    deliver: &'a dyn Fn() -> Option<BatchOutcome>,
    /// The case the work is for, once known: the case a signal during the work stops.
    case: Cell<Option<usize>>,
}

impl<'a> Work<'a> {
    /// Long work for the run that writes into `out`, under `interrupts`' watch, shown by
    /// `reporter`; `hand_over` has the cases held back solved meanwhile, and `deliver` writes
    /// every answer found so far if a signal ends the run.
    pub(crate) fn new(
        out: &'a Output,
        interrupts: &'a Interrupts,
        reporter: Reporter,
        (hand_over, deliver): (&'a dyn Fn(), &'a dyn Fn() -> Option<BatchOutcome>),
    ) -> Self {
        Work { out, interrupts, reporter, hand_over, deliver, case: Cell::new(None) }
    }

    /// Says that the work to come is for case `number` (counted from 1): the case a signal
    /// during it stops, as its message says.
    pub fn for_case(&self, number: usize) {
        self.case.set(Some(number));
    }

    /// Long work for a host that holds no answers of its own (a cluster's coordinator or
    /// worker, say): nothing to hand over before it, nor to write if a signal ends the program
    /// during it.
    #[must_use]
    pub fn alone(out: &'a Output, interrupts: &'a Interrupts, reporter: Reporter) -> Self {
        Work::new(out, interrupts, reporter, (&|| {}, &|| None))
    }

    /// Runs `work`, described as `what` on the progress line; `writing` names a file it may
    /// leave half-written, which a signal removes.
    ///
    /// The work runs on a thread of its own while this one waits for it or for a signal. A
    /// signal cannot stop the work, and the program cannot go on without its result: so this
    /// is the one place a run ends other than by returning. It ends the run as the run loop
    /// would (every answer found written, in order; the output flushed; one message), removes
    /// the half-written file, and exits.
    pub fn long<T: Send>(
        &self,
        what: &str,
        writing: Option<PathBuf>,
        work: impl FnOnce() -> T + Send,
    ) -> T {
        if let Some(file) = writing {
            self.interrupts.remove_on_signal(file);
        }
        (self.hand_over)();
        let (done, woken) = mpsc::channel::<Wake>();
        let wake = done.clone();
        self.interrupts.wake_on_signal(move || {
            // The waiting thread may be gone (the work done): nothing to wake then.
            let _ = wake.send(Wake::Signal);
        });
        self.reporter.watch(what, None, || {
            thread::scope(|scope| {
                let worker = scope.spawn(move || {
                    // Says `Done` when the work returns or panics.
                    let _done = DoneOnDrop(done);
                    work()
                });
                loop {
                    if let Some(signal) = self.interrupts.signal() {
                        self.end_now(signal);
                    }
                    // The signal's sender lives as long as the program, so `recv` ends only
                    // with a message: the work's `Done` (even from a panic) or a signal's.
                    match woken.recv() {
                        Ok(Wake::Signal) => {}
                        Ok(Wake::Done) | Err(_) => {
                            return worker
                                .join()
                                .unwrap_or_else(|panic| panic::resume_unwind(panic));
                        }
                    }
                }
            })
        })
    }

    /// Ends the run after `signal`, during work that cannot be cancelled.
    fn end_now(&self, signal: i32) -> ! {
        let program = self.interrupts.program();
        let case = self.case.get();
        let end = (self.deliver)().unwrap_or(BatchOutcome::Signal { program, signal, case });
        self.interrupts.remove_partial_files();
        let status = finish(end, self.out);
        process::exit(i32::from(status));
    }
}

/// Who woke the thread waiting for [`Work::long`]'s work: the work, done, or a signal. The two
/// must be told apart: a message from the work means its thread is about to finish (join it),
/// though it may not count as finished yet when the message is read.
enum Wake {
    Done,
    Signal,
}

/// Sends [`Wake::Done`] when dropped: at the end of the work, whether it returned or panicked.
struct DoneOnDrop(mpsc::Sender<Wake>);

impl Drop for DoneOnDrop {
    fn drop(&mut self) {
        // The waiting thread may be gone (a signal ended the program): nothing to wake then.
        let _ = self.0.send(Wake::Done);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io;

    use crate::cli::ProgressMode;

    /// Quick work, many times over: the waiting thread must take the work's value however the
    /// work's end and its thread's end fall against its own steps. (The thread used to be asked
    /// whether it had finished right after the work's message, and to wait for another message
    /// when it had not quite: a wait that no message would ever end.)
    #[test]
    fn long_work_returns_its_value_however_the_threads_interleave() {
        let out = Output::new(Box::new(io::sink()));
        let interrupts = Interrupts::unwatched("test");
        let work = Work::new(
            &out,
            &interrupts,
            Reporter::new(ProgressMode::Never, false),
            (&|| {}, &|| None),
        );
        for round in 0..2_000_u32 {
            assert_eq!(work.long("adding", None, move || round + 1), round + 1);
        }
    }

    #[test]
    fn a_panic_in_long_work_reaches_the_caller() {
        let out = Output::new(Box::new(io::sink()));
        let interrupts = Interrupts::unwatched("test");
        let work = Work::new(
            &out,
            &interrupts,
            Reporter::new(ProgressMode::Never, false),
            (&|| {}, &|| None),
        );
        let caught = panic::catch_unwind(panic::AssertUnwindSafe(|| {
            work.long("failing", None, || -> u32 { panic!("the work failed") })
        }));
        assert!(caught.is_err());
    }
}
