//! Where the answers go: standard output, buffered, flushed when it matters.
//!
//! Flushing after every answer costs a system call per case, which a judge input of 100,000
//! cases notices; never flushing until the end holds every answer back until the input closes.
//! So [`Output`] is flushed
//!
//! - after every answer when standard output is a terminal (a person is reading);
//! - before the input waits for more ([`Input::before_waiting`](crate::Input::before_waiting)):
//!   whoever sends the cases one at a time gets each answer before sending the next;
//! - by [`Output::flush_when_stale`], run on a thread of its own, when answers have waited in the
//!   buffer for a while: a long search never holds back the answers before it for long;
//! - at the end of the run, however it ends (a signal too), once every answer found is written.
//!
//! A write may block: a reader that does not read leaves the pipe full. How long the write under
//! way has waited is known without the output's lock ([`Output::blocked_for`]), so that a signal
//! can end a program whose output is stuck ([`signals`](crate::signals)).

use std::io::{self, BufWriter, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// How long answers may wait in the buffer while the program is busy.
pub const STALE_AFTER: Duration = Duration::from_secs(1);

/// A buffered output shared by the run loop and the threads that flush it.
#[derive(Clone)]
pub struct Output {
    inner: Arc<Mutex<Buffered>>,
    /// The writes into the writer underneath the buffer, watched without the lock.
    writes: Arc<Writes>,
}

struct Buffered {
    writer: BufWriter<Watched>,
    /// When the oldest answer not yet flushed was written.
    dirty_since: Option<Instant>,
    /// The first error of a flush made on another thread, for the run loop to report.
    error: Option<io::Error>,
}

impl Output {
    /// An output into `writer`.
    #[must_use]
    pub fn new(writer: Box<dyn Write + Send>) -> Output {
        let timed = Arc::new(Writes { start: Instant::now(), since: AtomicU64::new(0) });
        let watched = Watched { inner: writer, writes: Arc::clone(&timed) };
        let buffered = Buffered { writer: BufWriter::new(watched), dirty_since: None, error: None };
        Output { inner: Arc::new(Mutex::new(buffered)), writes: timed }
    }

    /// Standard output, written directly (on Unix, through a duplicate of its descriptor): not
    /// through the standard library's own buffer of it, whose flush at the program's exit could
    /// wait for ever on a reader that does not read.
    #[must_use]
    pub fn stdout() -> Output {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            if let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() {
                return Output::new(Box::new(std::fs::File::from(fd)));
            }
        }
        Output::new(Box::new(io::stdout()))
    }

    /// How long the write under way into the writer underneath (a pipe, a file) has waited, if
    /// one is under way: a write that waits long has a reader that does not read. Known without
    /// the output's lock, which the waiting write holds.
    #[must_use]
    pub fn blocked_for(&self) -> Option<Duration> {
        self.writes.under_way()
    }

    /// Flushes on a thread of its own, waiting at most `wait` for it: for a program about to
    /// end whatever the output does. Whether the flush was done in time, and without an error.
    #[must_use]
    pub fn flush_within(&self, wait: Duration) -> bool {
        let (done, flushed) = mpsc::channel();
        let output = self.clone();
        thread::spawn(move || {
            // The waiting side may be gone: nothing to tell then.
            let _ = done.send(output.flush().is_ok());
        });
        flushed.recv_timeout(wait).unwrap_or(false)
    }

    fn lock(&self) -> MutexGuard<'_, Buffered> {
        // A writer and two plain values: a panic elsewhere leaves them usable.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Writes with `write`, into the buffer.
    ///
    /// # Errors
    ///
    /// The error of `write`, or one a flush on another thread met since the last call.
    pub fn write(&self, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
        let mut buffered = self.lock();
        if let Some(error) = buffered.error.take() {
            return Err(error);
        }
        buffered.dirty_since.get_or_insert_with(Instant::now);
        write(&mut buffered.writer)
    }

    /// Flushes everything written so far.
    ///
    /// # Errors
    ///
    /// When the output cannot be written, now or in a flush on another thread.
    pub fn flush(&self) -> io::Result<()> {
        let mut buffered = self.lock();
        if let Some(error) = buffered.error.take() {
            return Err(error);
        }
        buffered.dirty_since = None;
        buffered.writer.flush()
    }

    /// Flushes if an answer has waited in the buffer longer than `age`; an error is kept for
    /// the next [`write`](Self::write) or [`flush`](Self::flush).
    fn flush_if_older_than(&self, age: Duration) {
        let mut buffered = self.lock();
        if buffered.dirty_since.is_some_and(|since| since.elapsed() >= age) {
            buffered.dirty_since = None;
            if let Err(error) = buffered.writer.flush() {
                buffered.error.get_or_insert(error);
            }
        }
    }

    /// Runs `work` while a second thread flushes whatever has waited in the buffer longer than
    /// [`STALE_AFTER`].
    pub fn flush_when_stale<T>(&self, work: impl FnOnce() -> T) -> T {
        let (done, finished) = mpsc::channel::<()>();
        thread::scope(|scope| {
            scope.spawn(move || {
                while finished.recv_timeout(STALE_AFTER / 4) == Err(RecvTimeoutError::Timeout) {
                    self.flush_if_older_than(STALE_AFTER);
                }
            });
            let result = work();
            drop(done);
            result
        })
    }
}

/// When the write under way into the writer underneath began, if one is.
struct Writes {
    /// What [`since`](Self::since) counts from.
    start: Instant,
    /// When the write under way began, in nanoseconds after `start` plus one; 0 when no write is
    /// under way. (A write that a signal interrupts returns what it wrote, and the next one
    /// begins: a reader that reads nothing still shows as a wait that goes on.)
    since: AtomicU64,
}

impl Writes {
    fn begin(&self) {
        let now = u64::try_from(self.start.elapsed().as_nanos()).unwrap_or(u64::MAX - 1);
        self.since.store(now + 1, Ordering::Relaxed);
    }

    fn end(&self) {
        self.since.store(0, Ordering::Relaxed);
    }

    fn under_way(&self) -> Option<Duration> {
        let since = self.since.load(Ordering::Relaxed).checked_sub(1)?;
        Some(self.start.elapsed().saturating_sub(Duration::from_nanos(since)))
    }
}

/// The writer underneath the buffer, each of its writes timed.
struct Watched {
    inner: Box<dyn Write + Send>,
    writes: Arc<Writes>,
}

impl Write for Watched {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.writes.begin();
        let written = self.inner.write(bytes);
        self.writes.end();
        written
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writes.begin();
        let flushed = self.inner.flush();
        self.writes.end();
        flushed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose bytes the test can read while the output still holds it.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn answers_stay_buffered_until_flushed() {
        let written = Shared::default();
        let output = Output::new(Box::new(written.clone()));
        output.write(|out| out.write_all(b"AC\n")).unwrap();
        assert!(written.0.lock().unwrap().is_empty());
        output.flush().unwrap();
        assert_eq!(*written.0.lock().unwrap(), b"AC\n");
    }

    #[test]
    fn a_stale_answer_is_flushed_while_the_program_is_busy() {
        let written = Shared::default();
        let output = Output::new(Box::new(written.clone()));
        output.write(|out| out.write_all(b"LL\n")).unwrap();
        let seen = output.flush_when_stale(|| {
            // A long search: the answer before it must come out meanwhile.
            let deadline = Instant::now() + STALE_AFTER * 3;
            while Instant::now() < deadline && written.0.lock().unwrap().is_empty() {
                thread::sleep(Duration::from_millis(20));
            }
            written.0.lock().unwrap().clone()
        });
        assert_eq!(seen, b"LL\n");
    }

    #[test]
    fn a_flush_error_on_another_thread_is_reported_by_the_next_write() {
        struct Broken;
        impl Write for Broken {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::other("pipe closed"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let output = Output::new(Box::new(Broken));
        output.write(|out| out.write_all(b"x")).unwrap();
        output.flush_if_older_than(Duration::ZERO);
        assert!(output.write(|out| out.write_all(b"y")).is_err());
    }

    /// A writer whose writes wait until the test lets them go.
    struct Stuck(mpsc::Receiver<()>);

    impl Write for Stuck {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            let _ = self.0.recv();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_write_that_waits_is_seen_waiting_and_a_flush_within_gives_up() {
        let (release, stuck) = mpsc::channel();
        let output = Output::new(Box::new(Stuck(stuck)));
        assert_eq!(output.blocked_for(), None);
        output.write(|out| out.write_all(b"answer\n")).unwrap();
        assert!(!output.flush_within(Duration::from_millis(100)), "the flush waits");
        let deadline = Instant::now() + Duration::from_secs(10);
        while output.blocked_for().is_none() && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
        }
        thread::sleep(Duration::from_millis(100));
        let waited = output.blocked_for().expect("a write is under way");
        assert!(waited >= Duration::from_millis(100), "{waited:?}");
        release.send(()).unwrap();
        while output.blocked_for().is_some() && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(output.blocked_for(), None, "the write has returned");
        drop(release);
        assert!(output.flush_within(Duration::from_secs(10)), "nothing left to wait for");
    }
}
