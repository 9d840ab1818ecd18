//! Ctrl-C (`SIGINT`) and `SIGTERM`: stop cleanly, keeping every answer already found.
//!
//! A signal only asks the run to stop. It is received on a thread of its own (with
//! signal-hook), which records it, sets the cancellation flag every search's
//! [`Limits`](search_core::Limits) hold, and wakes whatever waits for something other than a
//! search ([`Interrupts::wake_on_signal`]: the input waiting for more, or work that cannot be
//! cancelled, such as building pattern databases).
//!
//! The run loop then ends the run the one way every run ends: every answer found is written, in
//! the input's order (up to the first case the signal stopped), the output is flushed, and one
//! message says where the run stopped; the program exits with the conventional status (130 for
//! `SIGINT`, 143 for `SIGTERM`). Only work that cannot be cancelled (a database build) does not
//! return to the loop: it delivers the answers in the same way, removes the file it was writing
//! ([`Interrupts::remove_on_signal`]) and ends the program from there, holding no answer.
//!
//! # Ending at once
//!
//! Writing the answers found may never end: a reader that does not read leaves the output's
//! pipe full, and the write waits. So once the program's output is watched
//! ([`Interrupts::watch_output`], as every program's run does), the program ends at once, with
//! the same status, when
//!
//! - a second signal comes (`SIGINT` or `SIGTERM`, the status the second one's), or
//! - after the first, a write of the output has waited [`GRACE`] with nothing read.
//!
//! It then removes the files being written, flushes what it can within [`LAST_WAIT`] (whatever
//! the output takes), says so on standard error (within [`LAST_WAIT`] too) and exits: answers
//! found and not yet written are lost, as the message says.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, mpsc};
use std::time::Duration;

use crate::output::Output;

/// How long, after a signal, a write of the output may wait with nothing read before the
/// program ends at once.
pub const GRACE: Duration = Duration::from_millis(500);

/// How long a program that ends at once waits for its last flush, and then for its message.
pub const LAST_WAIT: Duration = Duration::from_millis(100);

/// How often the output is looked at, after a signal, for a write that waits.
const POLL: Duration = Duration::from_millis(50);

/// What the signal thread knows, and what it must do when a signal comes.
#[derive(Default)]
struct State {
    /// The signal received, if one was: the first, if several were.
    signal: Option<i32>,
    /// Called once when a signal comes: each wakes something that waits.
    wakers: Vec<Box<dyn Fn() + Send>>,
    /// Files being written, removed if a signal ends the program while they are.
    partial_files: Vec<PathBuf>,
    /// The program's output, once watched: a second signal, or a write of it that waits too
    /// long after the first, ends the program at once.
    output: Option<Output>,
}

impl std::fmt::Debug for State {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("State")
            .field("signal", &self.signal)
            .field("wakers", &self.wakers.len())
            .field("partial_files", &self.partial_files)
            .field("output", &self.output.is_some())
            .finish()
    }
}

/// The signals' watch, shared by the program and the signal thread.
#[derive(Clone, Debug)]
pub struct Interrupts {
    program: &'static str,
    cancel: Arc<AtomicBool>,
    state: Arc<Mutex<State>>,
}

impl Interrupts {
    /// Starts watching for `SIGINT` and `SIGTERM` (on Unix; elsewhere nothing is watched, and a
    /// signal ends the program the operating system's way). `program` names it in messages.
    #[must_use]
    pub fn install(program: &'static str) -> Interrupts {
        let interrupts = Interrupts::unwatched(program);
        #[cfg(unix)]
        interrupts.watch();
        interrupts
    }

    /// The watch with no signal thread: what [`install`](Self::install) starts from, and what
    /// tests use to play the signal's part themselves.
    #[must_use]
    pub fn unwatched(program: &'static str) -> Interrupts {
        Interrupts {
            program,
            cancel: Arc::new(AtomicBool::new(false)),
            state: Arc::new(Mutex::new(State::default())),
        }
    }

    #[cfg(unix)]
    fn watch(&self) {
        use signal_hook::consts::{SIGINT, SIGTERM};
        use signal_hook::iterator::Signals;
        // Without the handler, a signal ends the program the usual way: a failure here (there is
        // no reason for one) is not a reason to refuse to run.
        let Ok(mut signals) = Signals::new([SIGINT, SIGTERM]) else { return };
        let interrupts = self.clone();
        std::thread::spawn(move || {
            for signal in signals.forever() {
                let first = interrupts.received(signal);
                let Some(output) = interrupts.output() else { continue };
                if first {
                    let watch = interrupts.clone();
                    std::thread::spawn(move || watch.end_when_stuck(&output, signal));
                } else {
                    interrupts.end_at_once(signal, &output, Why::Again);
                }
            }
        });
    }

    /// Watches the output after the first signal, `signal`: ends the program at once if a write
    /// waits [`GRACE`].
    fn end_when_stuck(&self, output: &Output, signal: i32) {
        loop {
            if output.blocked_for().is_some_and(|waited| waited >= GRACE) {
                self.end_at_once(signal, output, Why::Stuck);
            }
            std::thread::sleep(POLL);
        }
    }

    /// Ends the program at once after `signal`: removes the files being written, flushes what
    /// the output takes within [`LAST_WAIT`], says why, and exits with the signal's status.
    fn end_at_once(&self, signal: i32, output: &Output, why: Why) -> ! {
        self.remove_partial_files();
        // Whether the answers went out or not, the program ends: the message says they may not.
        let _ = output.flush_within(LAST_WAIT);
        let message = ended_at_once(self.program, signal, why);
        // Standard error may be a pipe nobody reads as well: the message is not waited for long.
        let (done, said) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = writeln!(std::io::stderr(), "{message}");
            let _ = done.send(());
        });
        let _ = said.recv_timeout(LAST_WAIT);
        std::process::exit(i32::from(exit_status(signal)));
    }

    /// Watches `output`: from now on a second signal, or a write of it that waits [`GRACE`]
    /// after the first, ends the program at once (see the [module](self)'s documentation).
    pub fn watch_output(&self, output: &Output) {
        self.lock().output = Some(output.clone());
    }

    fn output(&self) -> Option<Output> {
        self.lock().output.clone()
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // The state is a few plain values, each always valid: a panic elsewhere leaves it usable.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// What the signal thread does first with `signal`: records it (the first one only),
    /// cancels the searches and wakes whatever waits. Whether it is the first.
    #[expect(
        clippy::must_use_candidate,
        reason = "a test playing the signal's part has no use for the answer"
    )]
    pub fn received(&self, signal: i32) -> bool {
        let mut state = self.lock();
        if state.signal.is_some() {
            return false;
        }
        state.signal = Some(signal);
        self.cancel.store(true, Ordering::Relaxed);
        for wake in &state.wakers {
            wake();
        }
        true
    }

    /// The program's name, as messages give it.
    #[must_use]
    pub fn program(&self) -> &'static str {
        self.program
    }

    /// The flag every search's limits hold: set when a signal arrives.
    #[must_use]
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.cancel)
    }

    /// The signal received so far, if any.
    #[must_use]
    pub fn signal(&self) -> Option<i32> {
        self.lock().signal
    }

    /// Calls `wake` when a signal comes (at once if one has come already): for a thread that
    /// waits for something a signal does not cancel, so that it looks at [`signal`](Self::signal)
    /// again. `wake` must not block.
    pub fn wake_on_signal(&self, wake: impl Fn() + Send + 'static) {
        let mut state = self.lock();
        if state.signal.is_some() {
            wake();
        }
        state.wakers.push(Box::new(wake));
    }

    /// Removes `file` if a signal ends the program while it is being written.
    pub fn remove_on_signal(&self, file: PathBuf) {
        self.lock().partial_files.push(file);
    }

    /// Removes the files being written: the program is about to end after a signal.
    pub(crate) fn remove_partial_files(&self) {
        for file in &self.lock().partial_files {
            // Removing what may not exist yet: nothing to report either way.
            let _ = std::fs::remove_file(file);
        }
    }
}

/// Why a program ends at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Why {
    /// A second signal came.
    Again,
    /// A write of the output waited [`GRACE`] after the signal.
    Stuck,
}

/// The message of a program that ends at once after `signal`.
fn ended_at_once(program: &str, signal: i32, why: Why) -> String {
    let name = name(signal);
    let why = match why {
        Why::Again => format!("{name}, a second signal"),
        Why::Stuck => {
            format!("{name}, and the output has not been read for {} s", GRACE.as_secs_f64())
        }
    };
    format!("{program}: {why}: ended at once; answers not yet written are lost")
}

/// `SIGINT`, `SIGTERM`, or the number.
#[must_use]
pub fn name(signal: i32) -> String {
    match signal {
        2 => "SIGINT".to_owned(),
        15 => "SIGTERM".to_owned(),
        other => format!("signal {other}"),
    }
}

/// The conventional exit status after `signal`: 128 plus its number (130 for `SIGINT`, 143 for
/// `SIGTERM`).
#[must_use]
pub fn exit_status(signal: i32) -> u8 {
    u8::try_from(128 + signal).unwrap_or(u8::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signal_while_searching_sets_the_flag_and_is_remembered() {
        let interrupts = Interrupts::unwatched("test");
        let flag = interrupts.cancel_flag();
        assert_eq!(interrupts.signal(), None);
        interrupts.received(2);
        assert!(flag.load(Ordering::Relaxed));
        assert_eq!(interrupts.signal(), Some(2));
    }

    #[test]
    fn statuses_are_the_shells() {
        assert_eq!(exit_status(2), 130);
        assert_eq!(exit_status(15), 143);
        assert_eq!(name(15), "SIGTERM");
    }

    #[test]
    fn a_signal_wakes_each_waiter_once_and_never_ends_the_program() {
        use std::sync::atomic::AtomicUsize;
        let interrupts = Interrupts::unwatched("test");
        let woken = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&woken);
        interrupts.wake_on_signal(move || {
            counter.fetch_add(1, Ordering::Relaxed);
        });
        assert!(interrupts.received(2));
        assert!(!interrupts.received(15), "the second is not the first");
        assert_eq!(woken.load(Ordering::Relaxed), 1);
        assert_eq!(interrupts.signal(), Some(2), "the first signal is the one reported");
        // A waiter that comes after the signal is woken at once.
        let late = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&late);
        interrupts.wake_on_signal(move || {
            counter.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(late.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn the_message_of_an_end_at_once_says_why_and_what_is_lost() {
        assert_eq!(
            ended_at_once("sliding", 15, Why::Again),
            "sliding: SIGTERM, a second signal: ended at once; answers not yet written are lost"
        );
        assert_eq!(
            ended_at_once("sliding", 2, Why::Stuck),
            "sliding: SIGINT, and the output has not been read for 0.5 s: ended at once; answers \
             not yet written are lost"
        );
    }
}
