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
//! - before work that a signal may end at once, and at the end.

use std::io::{self, BufWriter, Write};
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
}

struct Buffered {
    writer: BufWriter<Box<dyn Write + Send>>,
    /// When the oldest answer not yet flushed was written.
    dirty_since: Option<Instant>,
    /// The first error of a flush made on another thread, for the run loop to report.
    error: Option<io::Error>,
}

impl Output {
    /// An output into `writer`.
    #[must_use]
    pub fn new(writer: Box<dyn Write + Send>) -> Output {
        let buffered = Buffered { writer: BufWriter::new(writer), dirty_since: None, error: None };
        Output { inner: Arc::new(Mutex::new(buffered)) }
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
}
