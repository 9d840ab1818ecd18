//! A progress line on standard error for work that takes longer than a second: a case's search
//! (its bound, the nodes generated so far and the rate) or a database build.
//!
//! The search publishes its figures in a [`search_core::Progress`] at the points where it looks
//! at its limits anyway, never per node, and a second thread reads them and draws. So the
//! search runs as fast with a progress line as without one, and a case answered within a
//! second draws nothing at all.
//!
//! On a terminal the line is redrawn in place (with indicatif) and cleared once the work is
//! done; elsewhere, only when asked for with `--progress always`, it is a plain line a second,
//! so that judge runs and pipes get nothing unless they ask.

use std::io::{IsTerminal, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use search_core::Progress;

use crate::ProgressMode;

/// How long work runs before its progress is shown.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// How often a terminal's line is redrawn.
const REDRAW_EVERY: Duration = Duration::from_millis(200);

/// How often a plain line is written.
const PLAIN_EVERY: Duration = Duration::from_secs(1);

/// Where progress goes, decided once per run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reporter {
    /// Nowhere.
    Off,
    /// A line redrawn in place on the terminal that standard error is.
    Terminal,
    /// A plain line a second on standard error.
    Plain,
}

impl Reporter {
    /// Where `--progress mode` sends progress, given whether the search is traced (a trace
    /// writes to standard error too, and the two would garble each other) and whether standard
    /// error is a terminal.
    #[must_use]
    pub fn new(mode: ProgressMode, traced: bool) -> Self {
        Self::decide(mode, traced, std::io::stderr().is_terminal())
    }

    fn decide(mode: ProgressMode, traced: bool, terminal: bool) -> Self {
        match mode {
            ProgressMode::Never => Reporter::Off,
            ProgressMode::Auto if traced || !terminal => Reporter::Off,
            ProgressMode::Auto | ProgressMode::Always if terminal => Reporter::Terminal,
            ProgressMode::Auto | ProgressMode::Always => Reporter::Plain,
        }
    }

    /// Whether anything is ever shown.
    #[must_use]
    pub fn is_on(self) -> bool {
        self != Reporter::Off
    }

    /// Runs `work` on this thread, showing `what` and the figures of `progress` (when the work
    /// is a search) once it has run for a second, until it returns.
    pub fn watch<T>(self, what: &str, progress: Option<&Progress>, work: impl FnOnce() -> T) -> T {
        if self == Reporter::Off {
            return work();
        }
        let (done, finished) = mpsc::channel::<()>();
        thread::scope(|scope| {
            scope.spawn(move || self.show(what, progress, &finished));
            let result = work();
            drop(done);
            result
        })
    }

    /// The display thread: quiet for a second, then a line until `finished` says the work is
    /// done (its sender is dropped).
    fn show(self, what: &str, progress: Option<&Progress>, finished: &mpsc::Receiver<()>) {
        let started = Instant::now();
        if finished.recv_timeout(QUIET_FOR) != Err(RecvTimeoutError::Timeout) {
            return;
        }
        match self {
            Reporter::Off => {}
            Reporter::Terminal => {
                let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
                bar.set_style(
                    ProgressStyle::with_template("{spinner} {msg}")
                        .expect("a fixed, valid template"),
                );
                loop {
                    bar.set_message(status(what, progress, started.elapsed()));
                    bar.tick();
                    if finished.recv_timeout(REDRAW_EVERY) != Err(RecvTimeoutError::Timeout) {
                        break;
                    }
                }
                bar.finish_and_clear();
            }
            Reporter::Plain => loop {
                let line = status(what, progress, started.elapsed());
                // Progress is a courtesy: a standard error that cannot be written is not a
                // reason to stop the work.
                let _ = writeln!(std::io::stderr(), "progress: {line}");
                if finished.recv_timeout(PLAIN_EVERY) != Err(RecvTimeoutError::Timeout) {
                    break;
                }
            },
        }
    }
}

/// The line shown: `what`, then the search's bound, nodes and rate when there is a search.
fn status(what: &str, progress: Option<&Progress>, elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    match progress {
        None => format!("{what}: {seconds:.0} s"),
        Some(progress) => {
            let nodes = progress.generated();
            #[expect(clippy::cast_precision_loss, reason = "a rate to three figures")]
            let rate = nodes as f64 / seconds.max(1e-9) / 1e6;
            format!(
                "{what}: bound {}, {} nodes, {rate:.1} M nodes/s, {seconds:.0} s",
                progress.bound(),
                grouped(nodes)
            )
        }
    }
}

/// `1234567` as `1,234,567`.
fn grouped(number: u64) -> String {
    let digits = number.to_string();
    let mut text = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_shows_where_it_is_asked_for_and_can_be_seen() {
        use ProgressMode::{Always, Auto, Never};
        use Reporter::{Off, Plain, Terminal};
        for (mode, traced, terminal, expected) in [
            (Auto, false, true, Terminal),
            (Auto, true, true, Off),
            (Auto, false, false, Off),
            (Always, false, false, Plain),
            (Always, true, true, Terminal),
            (Never, false, true, Off),
        ] {
            assert_eq!(Reporter::decide(mode, traced, terminal), expected, "{mode:?} {traced}");
        }
    }

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(276_361_933), "276,361,933");
    }

    #[test]
    fn the_status_names_the_bound_the_nodes_and_the_rate() {
        let progress = Progress::new();
        let line = status("case 2", Some(&progress), Duration::from_secs(2));
        assert!(line.starts_with("case 2: bound 0, 0 nodes, 0.0 M nodes/s"), "{line}");
        assert_eq!(status("building", None, Duration::from_secs(3)), "building: 3 s");
    }

    #[test]
    fn quick_work_shows_nothing_and_returns_its_value() {
        assert_eq!(Reporter::Plain.watch("quick", None, || 42), 42);
    }
}
