//! Ctrl-C (`SIGINT`) and `SIGTERM`: stop cleanly, keeping every answer already found.
//!
//! A signal is received on a thread of its own (with signal-hook), which does one of two things,
//! depending on what the program is doing:
//!
//! - **Searching.** It sets the cancellation flag every search's [`Limits`](search_core::Limits)
//!   hold; the search stops within a few thousand nodes, and the run loop writes out the answers
//!   found so far, reports the case it stopped, and exits with the conventional status (130 for
//!   `SIGINT`, 143 for `SIGTERM`).
//! - **Waiting** ([`Interrupts::waiting`]: for input, or in work that cannot be cancelled, such as
//!   building pattern databases). Everything written has been flushed before the wait, so it
//!   removes any file still being written ([`Interrupts::remove_on_signal`]), says so on standard
//!   error, and exits at once with the same status.
//!
//! The two cannot overlap: the state is behind one lock, which the signal thread holds while it
//! decides, and the program holds while it moves from one to the other.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// What the program is doing, as the signal thread sees it.
#[derive(Debug, Default)]
struct State {
    /// Waiting, where a signal ends the program at once.
    waiting: bool,
    /// The signal received, if one was.
    signal: Option<i32>,
    /// Files being written, removed if a signal ends the program.
    partial_files: Vec<PathBuf>,
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
            if let Some(signal) = signals.forever().next() {
                interrupts.received(signal);
            }
        });
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // The state is a few plain values, each always valid: a panic elsewhere leaves it usable.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// What the signal thread does with `signal`: cancel the search, or end the program now if it
    /// is waiting.
    pub fn received(&self, signal: i32) {
        let mut state = self.lock();
        state.signal = Some(signal);
        self.cancel.store(true, Ordering::Relaxed);
        if state.waiting {
            self.end_now(&state, signal);
        }
    }

    /// Ends the program after `signal`, while it waits: removes the files being written and
    /// says so. The caller holds the lock, so the program cannot leave its wait and write
    /// anything more.
    fn end_now(&self, state: &State, signal: i32) -> ! {
        for file in &state.partial_files {
            // Removing what may not exist yet: nothing to report either way.
            let _ = std::fs::remove_file(file);
        }
        eprintln!(
            "{}: {}: stopped; every answer before it was written",
            self.program,
            name(signal)
        );
        std::process::exit(exit_status(signal).into());
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

    /// Runs `wait` (a read of input, or work that cannot be cancelled) where a signal ends the
    /// program at once. Whatever must survive a signal has to be written before.
    pub fn waiting<T>(&self, wait: impl FnOnce() -> T) -> T {
        {
            let mut state = self.lock();
            // A signal that came while the program was busy, but not searching: it must not
            // wait for input that may never come.
            if let Some(signal) = state.signal {
                self.end_now(&state, signal);
            }
            state.waiting = true;
        }
        let result = wait();
        self.lock().waiting = false;
        result
    }

    /// Removes `file` if a signal ends the program while it waits: a file being written.
    pub fn remove_on_signal(&self, file: PathBuf) {
        self.lock().partial_files.push(file);
    }
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
}
