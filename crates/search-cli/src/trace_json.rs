//! The trace format of `docs/trace-format.md` (JSON Lines, versioned), as every program writes it
//! with `--trace-json FILE` and the explorer streams it to its page: the header, the events under
//! the cap, the `truncated` marker and the summaries that are written whatever the cap
//! ([`Lines`]); the [`recorder`]s, observers that turn a driver's events into lines; and the file
//! a program writes ([`TraceFile`]), whole or not at all.

mod program;
pub mod recorder;

use std::fmt::Display;
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use search_core::num_traits::ToPrimitive;
use search_core::{Outcome, Report, SearchStats};
use serde::Serialize;
use serde_json::Value;

pub use program::{Finished, Recording, StateSpace};

/// The trace format's name and version, as every header carries them.
pub const FORMAT: &str = "ida-star-trace";
/// The version of the format this crate writes.
pub const VERSION: u32 = 1;
/// The most events a recording writes unless told otherwise: more than a lecture's runs need,
/// and a trace the page still loads in seconds (with the 15-puzzle's drawings, some 150 bytes an
/// event).
pub const DEFAULT_EVENT_CAP: u64 = 1_000_000;

/// What a trace's first line says about the run.
#[derive(Clone, Debug, Serialize)]
pub struct Header {
    /// Always [`FORMAT`].
    pub format: &'static str,
    /// Always [`VERSION`].
    pub version: u32,
    /// The puzzle's name, as the programs spell it.
    pub puzzle: String,
    /// The start, in the puzzle program's input format.
    pub instance: String,
    /// `ida`, `iddfs`, `bts`, `bfs`, `ucs` or `astar`.
    pub algorithm: &'static str,
    /// The heuristic's name (`zero` for the uninformed searches).
    pub heuristic: String,
    /// The most events written before the `truncated` marker.
    pub event_cap: u64,
    /// The textbook code and its marks, if the algorithm has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<Value>,
    /// The whole state space, when it is small enough to draw (`docs/trace-format.md`,
    /// "`graph`"): the explorer's, whose node events then name their state by its `sid`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graph: Option<Graph>,
}

/// A puzzle's whole state space, as the header's `graph` field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Graph {
    /// Every state reachable from the start, as its text; a state's sid is its index here.
    pub states: Vec<String>,
    /// Each state's estimate by the run's heuristic (all 0 for a blind search).
    pub h: Vec<u64>,
    /// The pairs of states one move apart, each pair once, the smaller sid first.
    pub edges: Vec<[u32; 2]>,
    /// The start's sid: always 0.
    pub start: u32,
    /// The goals' sids.
    pub goals: Vec<u32>,
}

/// Writes lines to `out`, keeping count of the events and the cap.
///
/// Detail events ([`event`](Self::event)) stop at the cap, which gets the `truncated` marker;
/// summaries ([`summary`](Self::summary)) are written whatever the cap. The first write error is
/// kept and every later write skipped: an observer cannot return an error, so the caller asks
/// [`finish`](Self::finish) at the end (and may stop the search on [`failed`](Self::failed)).
#[derive(Debug)]
pub struct Lines<W> {
    out: W,
    cap: u64,
    written: u64,
    truncated: bool,
    error: Option<io::Error>,
}

#[derive(Serialize)]
struct Truncated {
    ev: &'static str,
    events: u64,
}

impl<W: Write> Lines<W> {
    /// Lines to `out`, at most `cap` events before the marker.
    pub fn new(out: W, cap: u64) -> Self {
        Self { out, cap, written: 0, truncated: false, error: None }
    }

    /// Writes the header line.
    pub fn header(&mut self, header: &Header) {
        self.line(header);
    }

    /// Whether a detail event would be written now: `false` once the cap is reached, so that a
    /// recorder need not even build the event.
    pub fn open(&self) -> bool {
        !self.truncated && self.written < self.cap && self.error.is_none()
    }

    /// Writes the `truncated` marker if the cap is reached: what [`event`](Self::event) does
    /// for an event a recorder did not build, being past the cap.
    pub fn reached(&mut self) {
        if !self.truncated && self.error.is_none() && self.written >= self.cap {
            self.truncate();
        }
    }

    /// Writes a detail event, or the `truncated` marker if the cap is reached.
    pub fn event(&mut self, event: &impl Serialize) {
        if self.truncated {
            return;
        }
        if self.written >= self.cap {
            self.truncate();
            return;
        }
        self.written += 1;
        self.line(event);
    }

    /// Writes a summary event (an iteration's start or end): always, counted under the cap
    /// until the marker.
    pub fn summary(&mut self, event: &impl Serialize) {
        if !self.truncated {
            if self.written >= self.cap {
                self.truncate();
            } else {
                self.written += 1;
            }
        }
        self.line(event);
    }

    /// Writes the last line, the `stats`, not counted.
    pub fn last(&mut self, stats: &impl Serialize) {
        self.line(stats);
        if self.error.is_none()
            && let Err(error) = self.out.flush()
        {
            self.error = Some(error);
        }
    }

    fn truncate(&mut self) {
        self.truncated = true;
        let marker = Truncated { ev: "truncated", events: self.written };
        self.line(&marker);
    }

    fn line(&mut self, value: &impl Serialize) {
        if self.error.is_some() {
            return;
        }
        let result = serde_json::to_writer(&mut self.out, value)
            .map_err(io::Error::from)
            .and_then(|()| self.out.write_all(b"\n"));
        if let Err(error) = result {
            self.error = Some(error);
        }
    }

    /// The events written so far (the marker, the header and `stats` not counted).
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Whether the cap cut the recording short.
    pub fn truncated(&self) -> bool {
        self.truncated
    }

    /// Whether a write has failed (the reader has gone, for a streamed trace).
    pub fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// The writer back, or the first error met.
    ///
    /// # Errors
    ///
    /// The first write that failed.
    pub fn finish(self) -> io::Result<W> {
        match self.error {
            Some(error) => Err(error),
            None => Ok(self.out),
        }
    }
}

/// A search's figures as the trace's last line, `stats`, gives them: the one record of a run's
/// end that every writer of the format shares (the programs' `--trace-json` and the explorer).
///
/// [`from_report`](Self::from_report) makes it from a driver's report; [`new`](Self::new) from
/// the figures and the way the search ended, for a writer that has no report (a puzzle's own
/// proof that there is no solution, say).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    /// Always `stats`.
    pub ev: &'static str,
    /// Nodes generated, the start counted once.
    pub generated: u64,
    /// Nodes expanded.
    pub expanded: u64,
    /// Each iteration's figures (none for the best-first drivers).
    pub iterations: Vec<IterationFigures>,
    /// The most nodes held at once: open plus closed for the best-first drivers, the deepest
    /// path (in moves) for the depth-first ones.
    pub peak: u64,
    /// The search's wall-clock time, in milliseconds.
    pub elapsed_ms: f64,
    /// `solved`, `no-solution` or `stopped`.
    pub outcome: &'static str,
    /// The solution's moves, by name, when the writer knows them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// The solution's cost, when the writer knows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<u64>,
    /// What proved there is no solution, or what stopped the search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// How a search ended, as its `stats` line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A solution: its moves by name (`None` when the writer does not know them) and its cost.
    Solved {
        /// The moves, by name.
        moves: Option<Vec<String>>,
        /// The cost, when known.
        cost: Option<u64>,
    },
    /// No solution, and what proved it.
    NoSolution(String),
    /// A limit stopped the search: which, and at what bound.
    Stopped(String),
}

/// A cost as the format writes it: a number, the largest for a cost past `u64`.
fn number<C: ToPrimitive>(cost: &C) -> u64 {
    cost.to_u64().unwrap_or(u64::MAX)
}

impl Stats {
    /// The `stats` line of a search with the figures `stats` that ended as `ending`. `deepest`
    /// is the deepest path the writer saw, in moves: the peak of a depth-first driver, which
    /// counts none of its own (`peak` is the larger of it and the driver's
    /// [`peak_held`](SearchStats::peak_held)).
    ///
    /// ```
    /// use search_cli::trace_json::{Ending, Stats};
    /// use search_core::SearchStats;
    ///
    /// let stats = Stats::new(&SearchStats::<u8>::default(), 0, Ending::NoSolution("parity".into()));
    /// assert_eq!(
    ///     serde_json::to_string(&stats).unwrap(),
    ///     r#"{"ev":"stats","generated":0,"expanded":0,"iterations":[],"peak":0,"elapsed_ms":0.0,"outcome":"no-solution","reason":"parity"}"#
    /// );
    /// ```
    #[must_use]
    pub fn new<C: ToPrimitive>(stats: &SearchStats<C>, deepest: u64, ending: Ending) -> Self {
        let (outcome, moves, cost, reason) = match ending {
            Ending::Solved { moves, cost } => ("solved", moves, cost, None),
            Ending::NoSolution(reason) => ("no-solution", None, None, Some(reason)),
            Ending::Stopped(reason) => ("stopped", None, None, Some(reason)),
        };
        Stats {
            ev: "stats",
            generated: stats.generated,
            expanded: stats.expanded,
            iterations: stats
                .iterations
                .iter()
                .map(|it| IterationFigures {
                    bound: number(&it.bound),
                    generated: it.generated,
                    expanded: it.expanded,
                })
                .collect(),
            peak: stats.peak_held.max(deepest),
            elapsed_ms: stats.elapsed.as_secs_f64() * 1000.0,
            outcome,
            moves,
            cost,
            reason,
        }
    }

    /// The `stats` line of the search that gave `report`: its moves and cost when solved,
    /// `no_solution` as the reason when it proved there is none, the limit and the bound when
    /// stopped. `deepest` as for [`new`](Self::new).
    #[must_use]
    pub fn from_report<M: Display, C: ToPrimitive>(
        report: &Report<M, C>,
        deepest: u64,
        no_solution: &str,
    ) -> Self {
        Stats::new(&report.stats, deepest, Ending::of(&report.outcome, no_solution))
    }
}

impl Ending {
    /// How a driver's `outcome` ended, `no_solution` being what proves there is none.
    #[must_use]
    pub fn of<M: Display, C: ToPrimitive>(outcome: &Outcome<M, C>, no_solution: &str) -> Self {
        match outcome {
            Outcome::Solved(solution) => Ending::Solved {
                moves: Some(solution.moves.iter().map(ToString::to_string).collect()),
                cost: Some(number(&solution.cost)),
            },
            Outcome::NoSolution => Ending::NoSolution(no_solution.to_owned()),
            Outcome::Stopped { reason, bound } => {
                Ending::Stopped(format!("{reason} (at bound {})", number(bound)))
            }
            // `Outcome` may gain a way to end in a later search-core.
            _ => Ending::Stopped("an outcome this search-cli does not know".to_owned()),
        }
    }

    /// What proves there is no solution when a driver of the `algorithm` named says so.
    #[must_use]
    pub fn exhausted(algorithm: &str) -> &'static str {
        match algorithm {
            "bfs" | "ucs" | "astar" => "every reachable state was expanded",
            _ => "the tree is exhausted: nothing was cut off",
        }
    }
}

/// One iteration's figures in the `stats` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct IterationFigures {
    /// The iteration's bound.
    pub bound: u64,
    /// Children generated in the iteration.
    pub generated: u64,
    /// Nodes expanded in the iteration.
    pub expanded: u64,
}

/// The file `--trace-json FILE` writes: first under a temporary name beside `FILE`, renamed to
/// `FILE` by [`keep`](Self::keep) when the run has answered every case, removed by
/// [`discard`](Self::discard) otherwise, so that `FILE` holds a whole trace or nothing.
///
/// `FILE` that exists and is not a regular file (`/dev/stdout`, `/dev/null`, a named pipe) is
/// written directly instead: a rename would replace the device or the pipe with a file, and its
/// reader sees the lines as they come anyway.
///
/// The temporary file is `.NAME.PID.partial` beside `FILE` (`NAME` being `FILE`'s name, `PID`
/// the program's process). A run that is killed (`SIGKILL`, a power cut) leaves it behind: the
/// next run writing `FILE` removes every one whose process is gone (on Linux, where `/proc`
/// says which processes are alive; a process on another machine sharing the directory counts
/// as gone).
#[derive(Debug)]
pub struct TraceFile {
    path: PathBuf,
    /// The temporary file, renamed to `path` at the end; `None` when `path` is written directly.
    temporary: Option<PathBuf>,
    out: BufWriter<File>,
}

impl TraceFile {
    /// Creates the temporary file beside `path` (or opens `path` itself, when it is not a regular
    /// file).
    ///
    /// # Errors
    ///
    /// A message naming the file when it cannot be created.
    pub fn create(path: &Path) -> Result<Self, String> {
        let special = fs::metadata(path).is_ok_and(|metadata| !metadata.file_type().is_file());
        if special {
            let file = fs::OpenOptions::new().write(true).open(path).map_err(|error| {
                format!("--trace-json {}: cannot open: {error}", path.display())
            })?;
            return Ok(TraceFile {
                path: path.to_owned(),
                temporary: None,
                out: BufWriter::new(file),
            });
        }
        let name = path.file_name().map(|name| name.to_string_lossy().into_owned());
        let name = name
            .filter(|name| !name.is_empty() && name != "..")
            .ok_or_else(|| format!("--trace-json {}: not a file name", path.display()))?;
        remove_stale_partials(path, &name);
        let temporary = path.with_file_name(format!(".{name}.{}.partial", std::process::id()));
        let file = File::create(&temporary).map_err(|error| {
            format!(
                "--trace-json {}: cannot create {}: {error}",
                path.display(),
                temporary.display()
            )
        })?;
        Ok(TraceFile {
            path: path.to_owned(),
            temporary: Some(temporary),
            out: BufWriter::new(file),
        })
    }

    /// The file, as given to [`create`](Self::create).
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The temporary file's path (for removal if a signal ends the program), if there is one.
    #[must_use]
    pub fn temporary(&self) -> Option<&Path> {
        self.temporary.as_deref()
    }

    /// Where the lines go.
    pub fn writer(&mut self) -> &mut BufWriter<File> {
        &mut self.out
    }

    /// Flushes the trace and renames it to its path.
    ///
    /// # Errors
    ///
    /// When the file cannot be written or renamed (the temporary file is removed then).
    pub fn keep(mut self) -> io::Result<()> {
        let flushed = self.out.flush();
        let Some(temporary) = &self.temporary else { return flushed };
        let kept = flushed.and_then(|()| fs::rename(temporary, &self.path));
        if kept.is_err() {
            let _ = fs::remove_file(temporary);
        }
        kept
    }

    /// Removes the temporary file: the run did not end with every case answered. (Written
    /// directly, the lines already written stay where they went.)
    pub fn discard(self) {
        let TraceFile { temporary, out, .. } = self;
        drop(out);
        if let Some(temporary) = temporary {
            let _ = fs::remove_file(temporary);
        }
    }
}

/// Removes the temporary files beside `path` (whose name is `name`) that runs killed while
/// writing it left: `.NAME.PID.partial` whose process `PID` is gone. Only where `/proc` tells
/// which processes are alive; nothing to report if a file cannot be read or removed (the run
/// goes on with its own temporary file).
fn remove_stale_partials(path: &Path, name: &str) {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return;
    }
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let Ok(entries) = fs::read_dir(directory) else { return };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name
            .to_str()
            .and_then(|file| file.strip_prefix(&prefix))
            .and_then(|rest| rest.strip_suffix(".partial"))
            .filter(|pid| !pid.is_empty() && pid.bytes().all(|byte| byte.is_ascii_digit()))
        else {
            continue;
        };
        let own = pid == std::process::id().to_string();
        if !own && !proc.join(pid).exists() {
            let _ = fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_trace_to_a_device_is_written_there_and_leaves_the_device_a_device() {
        let null = std::path::Path::new("/dev/null");
        let mut file = super::TraceFile::create(null).unwrap();
        assert!(file.temporary().is_none());
        std::io::Write::write_all(file.writer(), b"{}\n").unwrap();
        file.keep().unwrap();
        assert!(!std::fs::metadata(null).unwrap().file_type().is_file());
    }

    use serde_json::json;

    use super::*;

    fn lines(out: &[u8]) -> Vec<Value> {
        std::str::from_utf8(out)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }

    #[test]
    fn the_cap_ends_the_details_with_a_marker_and_keeps_the_summaries() {
        let mut trace = Lines::new(Vec::new(), 3);
        trace.summary(&json!({"ev": "iteration_start", "bound": 1}));
        for id in 0..5 {
            trace.event(&json!({"ev": "expand", "id": id}));
        }
        trace.summary(&json!({"ev": "iteration_end", "bound": 1}));
        trace.last(&json!({"ev": "stats"}));
        assert!(trace.truncated());
        let kinds: Vec<String> =
            lines(&trace.finish().unwrap()).iter().map(|e| e["ev"].to_string()).collect();
        assert_eq!(
            kinds,
            [
                "\"iteration_start\"",
                "\"expand\"",
                "\"expand\"",
                "\"truncated\"",
                "\"iteration_end\"",
                "\"stats\""
            ]
        );
    }

    #[test]
    fn the_marker_counts_the_events_written() {
        let mut trace = Lines::new(Vec::new(), 2);
        trace.event(&json!({"ev": "a"}));
        trace.event(&json!({"ev": "b"}));
        trace.summary(&json!({"ev": "iteration_end"}));
        let out = lines(&trace.finish().unwrap());
        assert_eq!(out[2], json!({"ev": "truncated", "events": 2}));
        assert_eq!(out[3]["ev"], "iteration_end");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_trace_removes_the_partial_files_of_runs_that_are_gone() {
        let directory = std::env::temp_dir().join(format!("stale-partials-{}", std::process::id()));
        fs::create_dir_all(&directory).unwrap();
        // No process has a number above the kernel's most (2^22); process 1 is always alive.
        let gone = directory.join(".run.jsonl.999999999.partial");
        let alive = directory.join(".run.jsonl.1.partial");
        let other_trace = directory.join(".other.jsonl.999999999.partial");
        let not_a_pid = directory.join(".run.jsonl.12x.partial");
        for file in [&gone, &alive, &other_trace, &not_a_pid] {
            fs::write(file, "{}\n").unwrap();
        }
        let path = directory.join("run.jsonl");
        let mut trace = TraceFile::create(&path).unwrap();
        trace.writer().write_all(b"{}\n").unwrap();
        assert!(!gone.exists(), "the file of a run that is gone is removed");
        for kept in [&alive, &other_trace, &not_a_pid] {
            assert!(kept.exists(), "{} is kept", kept.display());
        }
        trace.keep().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "{}\n");
        fs::remove_dir_all(&directory).unwrap();
    }
}
