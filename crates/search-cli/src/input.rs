//! Reading the input as it arrives: [`Input`] hands a puzzle's parser the input a part at a time,
//! reading more only when the parser asks for it, so a program answers each case as soon as it has
//! been read and holds one case in memory, never the whole input. The parser chooses the parts:
//!
//! - [`Input::chunks`]: the bytes a buffer at a time, cut anywhere. With
//!   `judge_input::Tokens::joined` this holds no more of a huge token or line than its first
//!   characters, whatever the input: the three example programs read this way.
//! - [`Input::lines`]: a line at a time, for a line-based format (a line is held whole).
//! - [`Input::pieces`]: pieces made of whole whitespace-separated tokens (a token is held whole).
//!
//! Before a read that may have to wait (nothing is left in the buffer), the input first runs its
//! [`Input::before_waiting`] hook, which the programs use to flush the answers written so far:
//! so a person typing cases, or a program conversing through pipes, gets each answer before the
//! solver waits for the next case, while a large input read from a file or a full pipe is answered
//! in large blocks (a flush per buffer of input, not per case).
//!
//! Read on the thread that parses, the input cannot tell a read that will wait from one that
//! will not: the hook runs before every read of a buffer. Answering on several threads, the hook
//! has every case read answered first, which leaves the threads idle; so there the input is
//! [read ahead](Input::read_ahead) on a thread of its own, and the hook runs only when none of
//! what that thread has read is left. An [interruptible](Input::interruptible) input is read
//! ahead too, so that its wait can end on a signal: a read of a terminal or a pipe cannot.

use std::cell::RefCell;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::rc::Rc;
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError};
use std::thread;

use crate::signals::Interrupts;

/// How many bytes the reading thread of [`Input::read_ahead`] reads at once, at most.
const BLOCK: usize = 64 * 1024;

/// How many blocks the reading thread may hold ahead of the parser: the bound on its memory.
const BLOCKS_AHEAD: usize = 4;

/// The input of a run: where its bytes come from, the hook to run before waiting, and where a
/// read error is kept for the run loop to report.
pub struct Input<'a> {
    source: Source,
    before_waiting: Option<Box<dyn FnMut() + 'a>>,
    interrupts: Option<Interrupts>,
    error: Rc<RefCell<Option<io::Error>>>,
    /// What the input is called in messages: a file's name, or `standard input`.
    name: String,
}

impl<'a> Input<'a> {
    /// The file at `path`, or standard input for `None` or `-`.
    ///
    /// # Errors
    ///
    /// A message naming the file when it cannot be opened.
    pub fn open(path: Option<&Path>) -> Result<Input<'a>, String> {
        match path.filter(|path| *path != Path::new("-")) {
            Some(path) => {
                let file = File::open(path)
                    .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
                Ok(Input::new(Box::new(file), &path.display().to_string()))
            }
            None => Ok(Input::new(Box::new(io::stdin()), "standard input")),
        }
    }

    /// An input read from `reader`, called `name` in messages.
    #[must_use]
    pub fn new(reader: Box<dyn Read + Send>, name: &str) -> Input<'a> {
        Input {
            source: Source::Here(BufReader::new(reader)),
            before_waiting: None,
            interrupts: None,
            error: Rc::new(RefCell::new(None)),
            name: name.to_owned(),
        }
    }

    /// Reads the input on a thread of its own, a few blocks ahead of the parser, so that
    /// [`before_waiting`](Self::before_waiting)'s hook runs only when the parser has used up
    /// everything that thread has read: when the input itself has nothing more yet (or, rarely,
    /// when the reading has fallen behind).
    ///
    /// The thread is not joined: it may be waiting for input that never comes when the run ends,
    /// and it ends itself at its next block once the input is dropped.
    #[must_use]
    pub fn read_ahead(mut self) -> Input<'a> {
        if let Source::Here(reader) = self.source {
            let block = reader.buffer().to_vec();
            let (send, blocks) = mpsc::sync_channel(BLOCKS_AHEAD);
            let wake = Some(send.clone());
            let reader = reader.into_inner();
            thread::spawn(move || read_blocks(reader, &send));
            self.source = Source::Ahead { blocks, wake, block, at: 0, ended: false };
        }
        self
    }

    /// Runs `hook` before every read that may wait for more input.
    #[must_use]
    pub fn before_waiting(mut self, hook: impl FnMut() + 'a) -> Input<'a> {
        self.before_waiting = Some(Box::new(hook));
        self
    }

    /// Waits for input under `interrupts`' watch: a signal that comes while the input waits (or
    /// before it must) ends the input there, as if it had ended, and
    /// [`ReadErrors::interrupted`] says so. The input is [read ahead](Self::read_ahead).
    #[must_use]
    pub fn interruptible(self, interrupts: Interrupts) -> Input<'a> {
        let mut input = self.read_ahead();
        if let Source::Ahead { wake: Some(wake), .. } = &mut input.source {
            let wake = wake.clone();
            interrupts.wake_on_signal(move || {
                // A full channel wakes the parser anyway, and it looks at the signal before
                // it waits again.
                let _ = wake.try_send(Block::Wake);
            });
        }
        input.interrupts = Some(interrupts);
        input
    }

    /// Where the first read error goes: the pieces and lines end there, and the run loop, holding
    /// this, tells a read error from the end of the input.
    #[must_use]
    pub fn errors(&self) -> ReadErrors {
        ReadErrors { error: Rc::clone(&self.error), name: self.name.clone() }
    }

    /// The input in pieces made of whole whitespace-separated tokens.
    #[must_use]
    pub fn pieces(self) -> Pieces<'a> {
        Pieces { input: self }
    }

    /// The input's bytes, a buffer at a time, as they arrive (cut anywhere, even inside a
    /// character): for a parser that reads its tokens a character at a time, and so holds no
    /// more of a huge line or token than it needs.
    #[must_use]
    pub fn chunks(self) -> Chunks<'a> {
        Chunks { input: self }
    }

    /// The input as lines, without their line ends.
    #[must_use]
    pub fn lines(self) -> Lines<'a> {
        Lines { input: self }
    }

    /// The bytes buffered, reading more (and waiting for them) only when none are left; empty at
    /// the end of the input or after a read error.
    fn fill(&mut self) -> &[u8] {
        if self.error.borrow().is_some() {
            return &[];
        }
        let (hook, interrupts) = (&mut self.before_waiting, &self.interrupts);
        let result = match &mut self.source {
            Source::Here(reader) if reader.buffer().is_empty() => {
                if let Some(hook) = hook {
                    hook();
                }
                reader.fill_buf().map(|_| ())
            }
            Source::Ahead { blocks, block, at, ended, .. } if *at == block.len() && !*ended => {
                let mut waited = false;
                let next = loop {
                    let next = match blocks.try_recv() {
                        Ok(next) => next,
                        Err(TryRecvError::Disconnected) => Block::End,
                        Err(TryRecvError::Empty) => {
                            // Every wait starts with the hook, and with a look at the signal,
                            // which may have come before the wait and woken nobody.
                            if !waited && let Some(hook) = hook.as_mut() {
                                hook();
                            }
                            waited = true;
                            if interrupts.as_ref().is_some_and(|watch| watch.signal().is_some()) {
                                break Err(io::Error::from(io::ErrorKind::Interrupted));
                            }
                            blocks.recv().unwrap_or(Block::End)
                        }
                    };
                    match next {
                        Block::Read(read) => break read,
                        Block::End => break Ok(Vec::new()),
                        Block::Wake => {}
                    }
                };
                // At the end of the input the block stays used up.
                next.map(|next| {
                    *ended = next.is_empty();
                    *block = next;
                    *at = 0;
                })
            }
            _ => Ok(()),
        };
        if let Err(error) = result {
            *self.error.borrow_mut() = Some(error);
            return &[];
        }
        match &self.source {
            Source::Here(reader) => reader.buffer(),
            Source::Ahead { block, at, .. } => &block[*at..],
        }
    }

    /// Moves past `count` buffered bytes.
    fn consume(&mut self, count: usize) {
        match &mut self.source {
            Source::Here(reader) => reader.consume(count),
            Source::Ahead { at, .. } => *at += count,
        }
    }
}

/// Where an [`Input`]'s bytes come from.
enum Source {
    /// A reader read on the parser's thread.
    Here(BufReader<Box<dyn Read + Send>>),
    /// The blocks a thread of their own reads ([`Input::read_ahead`]): those it has read, and the
    /// one the parser is in, up to `at`; `ended` once the input has ended. `wake` is kept for
    /// [`Input::interruptible`], to wake the parser when a signal comes.
    Ahead {
        blocks: Receiver<Block>,
        wake: Option<SyncSender<Block>>,
        block: Vec<u8>,
        at: usize,
        ended: bool,
    },
}

/// What the reading thread of [`Input::read_ahead`] sends: a block read, or the read's error;
/// the end of the input; or, from the signal thread, a wake-up.
enum Block {
    Read(io::Result<Vec<u8>>),
    End,
    Wake,
}

/// The reading thread of [`Input::read_ahead`]: reads `reader` a block at a time into `blocks`
/// (waiting while they are full), to the end of the input, its first error, or until the input
/// is dropped.
fn read_blocks(mut reader: Box<dyn Read + Send>, blocks: &SyncSender<Block>) {
    loop {
        let mut block = vec![0; BLOCK];
        let read = loop {
            match reader.read(&mut block) {
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                read => break read,
            }
        };
        let read = match read {
            Ok(0) => {
                let _ = blocks.send(Block::End);
                return;
            }
            Ok(length) => {
                block.truncate(length);
                Ok(block)
            }
            Err(error) => Err(error),
        };
        let failed = read.is_err();
        if blocks.send(Block::Read(read)).is_err() || failed {
            return;
        }
    }
}

/// The first read error of an [`Input`], if any, once its pieces or lines have ended.
#[derive(Clone, Debug)]
pub struct ReadErrors {
    error: Rc<RefCell<Option<io::Error>>>,
    name: String,
}

impl ReadErrors {
    /// `cannot read NAME: ERROR`, when a read failed (not when a signal ended the input).
    #[must_use]
    pub fn message(&self) -> Option<String> {
        let error = self.error.borrow();
        let error = error.as_ref().filter(|_| !self.interrupted())?;
        Some(format!("cannot read {}: {error}", self.name))
    }

    /// Whether a signal ended the input ([`Input::interruptible`]).
    #[must_use]
    pub fn interrupted(&self) -> bool {
        let error = self.error.borrow();
        error.as_ref().is_some_and(|error| error.kind() == io::ErrorKind::Interrupted)
    }
}

/// The text of an [`Input`] in pieces made of whole tokens (a token, a run of bytes other than
/// ASCII whitespace, never spans two pieces): each piece is what the reader holds up to its last
/// whitespace, read only when the parser has used up the piece before. Bytes that are not UTF-8
/// become U+FFFD, so a bad byte shows up as a bad token, not as a failure to read. A token is
/// complete once the byte after it has been read, so a token at the end of a line is handed over
/// as soon as its line is.
pub struct Pieces<'a> {
    input: Input<'a>,
}

impl Iterator for Pieces<'_> {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        let mut piece = Vec::new();
        loop {
            let buffer = self.input.fill();
            if buffer.is_empty() {
                break;
            }
            if let Some(last) = buffer.iter().rposition(u8::is_ascii_whitespace) {
                piece.extend_from_slice(&buffer[..=last]);
                self.input.consume(last + 1);
                break;
            }
            // A token that goes on past what has arrived: read on.
            let length = buffer.len();
            piece.extend_from_slice(buffer);
            self.input.consume(length);
        }
        (!piece.is_empty()).then(|| String::from_utf8_lossy(&piece).into_owned())
    }
}

/// The bytes of an [`Input`], a buffer at a time ([`Input::chunks`]).
pub struct Chunks<'a> {
    input: Input<'a>,
}

impl Iterator for Chunks<'_> {
    type Item = Vec<u8>;

    fn next(&mut self) -> Option<Vec<u8>> {
        let chunk = self.input.fill().to_vec();
        self.input.consume(chunk.len());
        (!chunk.is_empty()).then_some(chunk)
    }
}

/// The lines of an [`Input`], without their `\n` or `\r\n` (bytes that are not UTF-8 become
/// U+FFFD). The last line need not end with a line end.
pub struct Lines<'a> {
    input: Input<'a>,
}

impl Iterator for Lines<'_> {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        let mut line = Vec::new();
        let mut ended = false;
        while !ended {
            let buffer = self.input.fill();
            if buffer.is_empty() {
                if line.is_empty() {
                    return None;
                }
                break;
            }
            let length = buffer.iter().position(|&byte| byte == b'\n');
            ended = length.is_some();
            let length = length.map_or(buffer.len(), |at| at + 1);
            line.extend_from_slice(&buffer[..length]);
            self.input.consume(length);
        }
        if line.last() == Some(&b'\n') {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        Some(String::from_utf8_lossy(&line).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;

    /// A reader that hands out its chunks one read at a time, as a pipe does.
    struct Chunks(Vec<&'static [u8]>);

    impl Read for Chunks {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Ok(0);
            }
            let chunk = self.0.remove(0);
            buffer[..chunk.len()].copy_from_slice(chunk);
            Ok(chunk.len())
        }
    }

    /// The tokens of the pieces, and checks that no token spans two pieces.
    fn texts(pieces: Pieces<'_>) -> Vec<String> {
        let pieces: Vec<String> = pieces.collect();
        let whole: Vec<String> = pieces
            .iter()
            .flat_map(|piece| piece.split_ascii_whitespace().map(str::to_owned))
            .collect();
        let joined: Vec<String> =
            pieces.concat().split_ascii_whitespace().map(str::to_owned).collect();
        assert_eq!(whole, joined, "a token spans two pieces: {pieces:?}");
        whole
    }

    fn input(chunks: Vec<&'static [u8]>) -> Input<'static> {
        Input::new(Box::new(Chunks(chunks)), "test")
    }

    #[test]
    fn tokens_span_reads_and_whitespace() {
        let tokens: Vec<String> = texts(input(vec![b"  12 3", b"4 \n\t5", b"6\r\n7"]).pieces());
        assert_eq!(tokens, ["12", "34", "56", "7"]);
    }

    #[test]
    fn lines_span_reads_and_lose_their_line_ends() {
        let lines: Vec<String> = input(vec![b"a b", b"\r\nc\n\nd"]).lines().collect();
        assert_eq!(lines, ["a b", "c", "", "d"]);
    }

    #[test]
    fn bad_bytes_become_replacement_characters() {
        let tokens: Vec<String> = texts(input(vec![b"1 \xff2 3"]).pieces());
        assert_eq!(tokens, ["1", "\u{fffd}2", "3"]);
        let long = "9".repeat(100);
        let text: &'static [u8] = Box::leak(format!("{long} 1\n").into_bytes().into_boxed_slice());
        assert_eq!(texts(input(vec![text]).pieces()), [long.as_str(), "1"]);
    }

    #[test]
    fn a_piece_is_handed_over_without_waiting_for_the_next_read() {
        // The hook runs before every read that may wait: after "1 2\n" is handed over, the
        // next read must not have been asked for yet.
        let waits = Rc::new(Cell::new(0));
        let counter = Rc::clone(&waits);
        let mut pieces = input(vec![b"1 2\n", b"3\n"])
            .before_waiting(move || counter.set(counter.get() + 1))
            .pieces();
        assert_eq!(pieces.next().as_deref(), Some("1 2\n"));
        assert_eq!(waits.get(), 1, "the first read only");
        assert_eq!(pieces.next().as_deref(), Some("3\n"));
        assert_eq!(waits.get(), 2);
        assert_eq!(pieces.next(), None);
    }

    #[test]
    fn a_read_error_ends_the_pieces_and_is_kept() {
        struct Failing;
        impl Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let input = Input::new(Box::new(Failing), "the file");
        let errors = input.errors();
        assert_eq!(input.pieces().count(), 0);
        assert_eq!(errors.message().as_deref(), Some("cannot read the file: disk on fire"));
    }

    #[test]
    fn a_signal_ends_an_input_that_waits() {
        /// A reader whose first read never ends: a terminal nobody types at.
        struct Silent(std::sync::mpsc::Receiver<()>);
        impl Read for Silent {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                let _ = self.0.recv();
                Ok(0)
            }
        }
        let (_keep, never) = std::sync::mpsc::channel();
        let interrupts = Interrupts::unwatched("test");
        let hooked = Rc::new(Cell::new(0));
        let counter = Rc::clone(&hooked);
        let input = Input::new(Box::new(Silent(never)), "the terminal")
            .before_waiting(move || counter.set(counter.get() + 1))
            .interruptible(interrupts.clone());
        let errors = input.errors();
        let signal = thread::spawn(move || {
            thread::sleep(std::time::Duration::from_millis(50));
            interrupts.received(15);
        });
        assert_eq!(input.pieces().next(), None);
        signal.join().unwrap();
        assert_eq!(hooked.get(), 1, "the hook runs once before the wait");
        assert!(errors.interrupted());
        assert_eq!(errors.message(), None, "a signal is not a read error");
    }
}
