//! A run's trace on its way to the response: written on the search's blocking thread in whole
//! lines ([`ChannelWriter`]), its search cancelled when the client goes away ([`CancelOnDrop`]),
//! and counted while it runs ([`Running`]).

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use axum::body::Bytes;
use tokio::sync::mpsc;

/// Sets a flag when dropped: the response body holds one, so that a client going away cancels
/// its search.
pub(crate) struct CancelOnDrop(pub(crate) Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// Counts a search as running while it lives.
pub(crate) struct Running(Arc<AtomicUsize>);

impl Running {
    pub(crate) fn start(count: &Arc<AtomicUsize>) -> Self {
        count.fetch_add(1, Ordering::SeqCst);
        Running(Arc::clone(count))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The trace's bytes, sent to the response in chunks of whole lines, so that the blank line of
/// a heartbeat never falls inside one; a send to a response dropped fails, and sets the cancel
/// flag. What is left of a last line without its end is sent when the writer is dropped.
pub(crate) struct ChannelWriter {
    tx: mpsc::Sender<Bytes>,
    cancel: Arc<AtomicBool>,
    /// The start of a line whose end is not written yet.
    partial: Vec<u8>,
}

impl ChannelWriter {
    pub(crate) fn new(tx: mpsc::Sender<Bytes>, cancel: Arc<AtomicBool>) -> Self {
        ChannelWriter { tx, cancel, partial: Vec::new() }
    }

    fn send(&mut self, bytes: Bytes) -> io::Result<()> {
        if self.tx.blocking_send(bytes).is_err() {
            self.cancel.store(true, Ordering::SeqCst);
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "the client went away"));
        }
        Ok(())
    }
}

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match buf.iter().rposition(|&b| b == b'\n') {
            None => self.partial.extend_from_slice(buf),
            Some(end) => {
                let mut lines = std::mem::take(&mut self.partial);
                lines.extend_from_slice(&buf[..=end]);
                self.partial.extend_from_slice(&buf[end + 1..]);
                self.send(Bytes::from(lines))?;
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Drop for ChannelWriter {
    fn drop(&mut self) {
        if !self.partial.is_empty() {
            let rest = Bytes::from(std::mem::take(&mut self.partial));
            let _ = self.send(rest);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trace_is_sent_in_whole_lines_so_that_a_heartbeat_never_splits_one() {
        let (tx, mut rx) = mpsc::channel(16);
        let mut out = ChannelWriter::new(tx, Arc::default());
        for piece in [&b"{\"ev\":"[..], b"\"push\"}\n{\"ev\"", b":\"pop\"}\n", b"{\"ev\":\"st"] {
            out.write_all(piece).unwrap();
        }
        drop(out);
        let mut sent = Vec::new();
        while let Ok(bytes) = rx.try_recv() {
            sent.push(String::from_utf8(bytes.to_vec()).unwrap());
        }
        // A heartbeat's blank line may come between any two of these: between lines.
        assert_eq!(sent, ["{\"ev\":\"push\"}\n", "{\"ev\":\"pop\"}\n", "{\"ev\":\"st"]);
    }
}
