//! How a run ended, and the exit status and message that say so.

use std::fmt::Display;
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::output::Output;
use crate::signals;
use crate::{EXIT_BAD_INPUT, EXIT_IO, EXIT_STOPPED};

/// How a run ended.
#[derive(Debug)]
pub enum BatchOutcome {
    /// Every case was answered; `stopped` when a limit stopped some of them.
    Answered {
        /// Whether a limit stopped some case.
        stopped: bool,
    },
    /// The input cannot be read or is malformed: the message says where and why.
    BadInput(String),
    /// Standard output or standard error cannot be written.
    Output(io::Error),
    /// The `--trace-json` file cannot be written.
    TraceJson {
        /// The file, as the command line names it.
        path: PathBuf,
        /// What went wrong.
        error: io::Error,
    },
    /// A signal stopped the run: every answer before `case` (or every answer found, when no
    /// case was stopped: the input was waiting, say) was written.
    Signal {
        /// The program's name, for the message.
        program: &'static str,
        /// The signal's number.
        signal: i32,
        /// The first case the signal stopped, if it stopped one.
        case: Option<usize>,
    },
}

impl From<io::Error> for BatchOutcome {
    fn from(error: io::Error) -> Self {
        BatchOutcome::Output(error)
    }
}

impl BatchOutcome {
    /// The exit status (see the crate documentation), after reporting a failure or a signal on
    /// standard error (`error: message`, or where the signal stopped the run).
    #[must_use]
    pub fn exit_code(self) -> ExitCode {
        ExitCode::from(self.report())
    }

    /// [`exit_code`](Self::exit_code) as a number.
    fn report(self) -> u8 {
        match self {
            BatchOutcome::Answered { stopped: true } => EXIT_STOPPED,
            BatchOutcome::Answered { stopped: false } => 0,
            BatchOutcome::BadInput(message) => fail(&message, EXIT_BAD_INPUT),
            BatchOutcome::Output(error) => fail(&format!("cannot write: {error}"), EXIT_IO),
            BatchOutcome::TraceJson { path, error } => {
                fail(&format!("--trace-json {}: cannot write: {error}", path.display()), EXIT_IO)
            }
            BatchOutcome::Signal { program, signal, case } => {
                let name = signals::name(signal);
                let at = case.map(|number| format!("case {number} ")).unwrap_or_default();
                eprintln!("{program}: {name}: {at}stopped; every answer before it was written");
                signals::exit_status(signal)
            }
        }
    }
}

/// Reports `message` on standard error as `error: message` and returns `status` to exit with.
pub(crate) fn fail(message: &dyn Display, status: u8) -> u8 {
    eprintln!("error: {message}");
    status
}

/// How every run ends, once every answer found has been written into `out`: flushes `out`
/// (a failure then is the run's failure, unless it already failed), reports how the run ended,
/// and returns the exit status.
pub(crate) fn finish(end: BatchOutcome, out: &Output) -> u8 {
    let end = match (end, out.flush()) {
        (BatchOutcome::Answered { .. }, Err(error)) => BatchOutcome::Output(error),
        (end, _) => end,
    };
    end.report()
}
