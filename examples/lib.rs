//! Helpers shared by the example programs: the common command-line options, reading the input,
//! the `--stats` line, the `--trace` observer and error exits.
//!
//! The programs themselves are Cargo examples; run one from the workspace root with
//!
//! ```text
//! cargo run --release --example rotation -- examples/data/rotation-sample.in
//! ```
//!
//! Arguments are parsed by hand, with the standard library only, to keep the examples free of
//! dependencies a reader would have to learn first.

use std::ffi::OsString;
use std::fmt::{self, Display};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use search_core::{IterationStats, Node, Observer, Problem, Pruned, SearchStats};

/// The exit status for a usage error or a bad input.
pub const EXIT_BAD_INPUT: u8 = 2;

/// The exit status when the output cannot be written.
pub const EXIT_IO: u8 = 1;

/// The default of `--trace-limit`: trace lines per case.
pub const DEFAULT_TRACE_LIMIT: usize = 200;

/// The options every example program understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The input file; standard input when `None` (or when given as `-`).
    pub input: Option<PathBuf>,
    /// The bound named by `--heuristic`, if any; each program checks the name.
    pub heuristic: Option<String>,
    /// `--stats`: one line of search figures per case on standard error.
    pub stats: bool,
    /// `--pretty`: draw the puzzle on standard output (for humans, not the judge).
    pub pretty: bool,
    /// `--trace`: the search tree of every iteration on standard error.
    pub trace: bool,
    /// `--trace-limit N`: at most this many trace lines per case.
    pub trace_limit: usize,
    /// `--pdb-cache FILE`: where pattern databases are kept between runs (`sliding` only).
    pub pdb_cache: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            input: None,
            heuristic: None,
            stats: false,
            pretty: false,
            trace: false,
            trace_limit: DEFAULT_TRACE_LIMIT,
            pdb_cache: None,
        }
    }
}

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Solve the input with these options.
    Run(Options),
    /// Print the usage text and exit successfully.
    Help,
}

/// A command line that makes no sense, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// Parses the arguments (without the program name).
///
/// ```
/// use ida_examples::{parse_args, Command, Options};
///
/// let args = ["--stats", "--heuristic", "count", "in.txt"].map(Into::into);
/// let Command::Run(options) = parse_args(args).unwrap() else { panic!() };
/// assert!(options.stats);
/// assert_eq!(options.heuristic.as_deref(), Some("count"));
/// assert_eq!(options.input, Some("in.txt".into()));
/// assert!(parse_args(["--frobnicate".into()]).is_err());
/// ```
///
/// # Errors
///
/// A [`UsageError`] for an unknown option, a missing or bad option value, or a second file.
pub fn parse_args<I: IntoIterator<Item = OsString>>(args: I) -> Result<Command, UsageError> {
    let mut options = Options::default();
    let mut args = args.into_iter();
    let mut files = Vec::new();
    let mut only_files = false;
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy().into_owned();
        if only_files || text == "-" || !text.starts_with('-') {
            files.push(arg);
            continue;
        }
        // `--name=value` and `--name value` both work.
        let (name, inline) = match text.split_once('=') {
            Some((name, value)) => (name.to_owned(), Some(value.to_owned())),
            None => (text.clone(), None),
        };
        let mut value = |name: &str| {
            inline
                .clone()
                .map(OsString::from)
                .or_else(|| args.next())
                .ok_or_else(|| UsageError(format!("{name} needs a value")))
        };
        match name.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "--" => only_files = true,
            "--stats" => options.stats = true,
            "--pretty" => options.pretty = true,
            "--trace" => options.trace = true,
            "--heuristic" => {
                options.heuristic = Some(value("--heuristic")?.to_string_lossy().into_owned());
            }
            "--pdb-cache" => options.pdb_cache = Some(PathBuf::from(value("--pdb-cache")?)),
            "--trace-limit" => {
                let limit = value("--trace-limit")?.to_string_lossy().into_owned();
                options.trace_limit = limit.parse().map_err(|_| {
                    UsageError(format!("--trace-limit needs a number of lines, not {limit:?}"))
                })?;
            }
            _ => return Err(UsageError(format!("unknown option {text:?}"))),
        }
        if inline.is_some() && matches!(name.as_str(), "--stats" | "--pretty" | "--trace") {
            return Err(UsageError(format!("{name} takes no value")));
        }
    }
    if files.len() > 1 {
        return Err(UsageError("at most one input file".to_owned()));
    }
    options.input = files.pop().filter(|file| file != "-").map(PathBuf::from);
    Ok(Command::Run(options))
}

/// Reads the whole input: the file, or standard input when `path` is `None`. Bytes that are not
/// UTF-8 become U+FFFD, so a bad byte shows up as a bad token, not as a failure to read.
///
/// # Errors
///
/// A message naming the file when it cannot be read.
pub fn read_input(path: Option<&Path>) -> Result<String, String> {
    let mut bytes = Vec::new();
    match path {
        Some(path) => {
            bytes = std::fs::read(path)
                .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        }
        None => {
            io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|error| format!("cannot read standard input: {error}"))?;
        }
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The `--stats` line of a case (numbered from 1) whose answer has `length` moves.
///
/// ```
/// use ida_examples::stats_line;
/// use search_core::SearchStats;
///
/// let stats = SearchStats::<u8> { generated: 10, expanded: 3, ..Default::default() };
/// assert_eq!(
///     stats_line(1, 2, &stats),
///     "case=1 length=2 generated=10 expanded=3 iterations=0 seconds=0.000000"
/// );
/// ```
#[must_use]
pub fn stats_line<C>(case: usize, length: usize, stats: &SearchStats<C>) -> String {
    stats_line_for(case, &length, stats)
}

/// The `--stats` line of a case (numbered from 1), with the answer's length as any text: `none`
/// for a case that has no answer, say.
///
/// ```
/// use ida_examples::stats_line_for;
/// use search_core::SearchStats;
///
/// let stats = SearchStats::<u8>::default();
/// assert_eq!(
///     stats_line_for(3, &"none", &stats),
///     "case=3 length=none generated=0 expanded=0 iterations=0 seconds=0.000000"
/// );
/// ```
#[must_use]
pub fn stats_line_for<C>(case: usize, length: &dyn Display, stats: &SearchStats<C>) -> String {
    format!(
        "case={case} length={length} generated={} expanded={} iterations={} seconds={:.6}",
        stats.generated,
        stats.expanded,
        stats.iterations.len(),
        stats.elapsed.as_secs_f64()
    )
}

/// Reports `message` on standard error as `error: message` and returns `status` to exit with.
#[must_use]
pub fn fail(message: &dyn Display, status: u8) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(status)
}

/// Why a program's run failed.
#[derive(Debug)]
pub enum Failure {
    /// The input cannot be read or is malformed (exit status 2).
    Input(String),
    /// Standard output or standard error cannot be written (exit status 1).
    Output(io::Error),
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Self {
        Failure::Output(error)
    }
}

/// The exit status of a run: success, or the failure reported on standard error.
#[must_use]
pub fn exit_status(run: Result<(), Failure>) -> ExitCode {
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => fail(&message, EXIT_BAD_INPUT),
        Err(Failure::Output(error)) => fail(&format!("cannot write: {error}"), EXIT_IO),
    }
}

/// The options on this program's command line, or the exit status to end with at once: success
/// after printing `usage` for `--help`, 2 after reporting a usage error.
///
/// # Errors
///
/// The exit status, when there is nothing to run.
pub fn options_or_exit(program: &str, usage: &str) -> Result<Options, ExitCode> {
    match parse_args(std::env::args_os().skip(1)) {
        Ok(Command::Run(options)) => Ok(options),
        Ok(Command::Help) => {
            print!("{usage}");
            Err(ExitCode::SUCCESS)
        }
        Err(error) => Err(usage_error(program, &error)),
    }
}

/// Reports that `program` does not offer `option` (a usage error, exit status 2).
#[must_use]
pub fn not_offered(program: &str, option: &str) -> ExitCode {
    usage_error(program, &UsageError(format!("{option} is not offered here")))
}

/// Reports a usage error, points at `--help`, and returns the exit status 2.
#[must_use]
pub fn usage_error(program: &str, error: &UsageError) -> ExitCode {
    eprintln!("error: {error}\nTry '{program} --help'.");
    ExitCode::from(EXIT_BAD_INPUT)
}

/// An [`Observer`] that writes the IDA\* search tree as text, one line per node, at most `limit`
/// lines (then one line saying it stopped).
///
/// Each iteration starts with `bound=B`; each node is indented by its depth and shows the move
/// that reached it, `g`, `h`, `f`, and whether it was expanded or pruned.
#[derive(Debug)]
pub struct Trace<W: Write> {
    out: W,
    limit: usize,
    written: usize,
    /// The first write error, reported by [`Trace::finish`]; writing stops there.
    error: Option<io::Error>,
}

impl<W: Write> Trace<W> {
    /// A trace into `out` of at most `limit` lines.
    pub fn new(out: W, limit: usize) -> Self {
        Self { out, limit, written: 0, error: None }
    }

    /// Flushes the trace.
    ///
    /// # Errors
    ///
    /// The first error met while writing it.
    pub fn finish(mut self) -> io::Result<()> {
        match self.error.take() {
            Some(error) => Err(error),
            None => self.out.flush(),
        }
    }

    fn line(&mut self, line: fmt::Arguments<'_>) {
        if self.error.is_some() || self.written > self.limit {
            return;
        }
        self.written += 1;
        let result = if self.written > self.limit {
            writeln!(self.out, "... trace stopped after {} lines (see --trace-limit)", self.limit)
        } else {
            writeln!(self.out, "{line}")
        };
        self.error = result.err();
    }
}

/// `-` for a cost that does not fit in its type.
fn or_dash<C: Display>(value: Option<C>) -> String {
    value.map_or_else(|| "-".to_owned(), |value| value.to_string())
}

impl<P, W> Observer<P> for Trace<W>
where
    P: Problem,
    P::Move: Display,
    W: Write,
{
    fn iteration_started(&mut self, bound: P::Cost) {
        self.line(format_args!("bound={bound}"));
    }

    fn node_expanded(&mut self, node: &Node<'_, P>) {
        let indent = "  ".repeat(node.depth);
        let via = node.via.map_or_else(|| "start".to_owned(), |mv| mv.to_string());
        let (g, h, f) = (node.g, node.h, or_dash(node.f()));
        self.line(format_args!("{indent}{via} g={g} h={h} f={f} expanded"));
    }

    fn child_pruned(&mut self, child: &Pruned<'_, P>) {
        let indent = "  ".repeat(child.depth);
        let (via, g, h, f) = (child.via, or_dash(child.g), child.h, or_dash(child.f()));
        self.line(format_args!("{indent}{via} g={g} h={h} f={f} pruned"));
    }

    fn iteration_finished(&mut self, stats: &IterationStats<P::Cost>) {
        let (bound, generated, expanded) = (stats.bound, stats.generated, stats.expanded);
        self.line(format_args!("end of bound={bound}: generated={generated} expanded={expanded}"));
    }

    fn solution_found(&mut self, moves: &[P::Move], cost: P::Cost) {
        let moves: String = moves.iter().map(ToString::to_string).collect();
        self.line(format_args!("solution {moves} cost={cost}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Result<Command, UsageError> {
        parse_args(args.iter().map(OsString::from))
    }

    #[test]
    fn no_arguments_read_standard_input_with_defaults() {
        assert_eq!(run(&[]), Ok(Command::Run(Options::default())));
        assert_eq!(run(&["-"]), Ok(Command::Run(Options::default())));
    }

    #[test]
    fn options_take_values_either_way() {
        let Ok(Command::Run(options)) =
            run(&["--heuristic=exact", "--trace-limit", "7", "--trace"])
        else {
            panic!("a good command line");
        };
        assert_eq!(options.heuristic.as_deref(), Some("exact"));
        assert_eq!(options.trace_limit, 7);
        assert!(options.trace && !options.stats && !options.pretty);
    }

    #[test]
    fn help_wins() {
        assert_eq!(run(&["--stats", "--help", "--bogus"]), Ok(Command::Help));
    }

    #[test]
    fn bad_command_lines_are_refused() {
        for args in [&["--bogus"][..], &["--heuristic"], &["--trace-limit", "x"], &["a", "b"]] {
            assert!(run(args).is_err(), "{args:?}");
        }
        assert!(run(&["--stats=yes"]).is_err());
    }

    #[test]
    fn the_trace_stops_at_its_limit() {
        let mut buffer = Vec::new();
        let mut trace = Trace::new(&mut buffer, 2);
        for _ in 0..5 {
            trace.line(format_args!("x"));
        }
        trace.finish().unwrap();
        let text = String::from_utf8(buffer).unwrap();
        assert_eq!(text, "x\nx\n... trace stopped after 2 lines (see --trace-limit)\n");
    }
}
