//! The loop every program runs: read a case, answer it, write the answer, and so on to the end
//! of the input or the first bad case, with the limits, statistics, trace and progress the
//! command line asks for.
//!
//! # A case a limit stops
//!
//! When `--max-nodes` or `--time-limit` stops a case's search, the program writes on standard
//! error
//!
//! ```text
//! rotation: case 3 not solved: the node budget was spent (--max-nodes 1000000); bound 12, 1000000 nodes generated
//! ```
//!
//! answers the case on standard output with the line `not solved` (in place of the whole of the
//! case's answer, whatever its usual number of lines), goes on with the next case, and exits with
//! status 3 ([`EXIT_STOPPED`]) at the end.

use std::cell::{Cell, RefCell};
use std::fmt::Display;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::{self, ExitCode};
use std::rc::Rc;
use std::sync::{Arc, mpsc};
use std::time::Instant;
use std::{panic, thread};

use search_core::{Limits, Observer, Problem, Progress, SearchStats, StopReason, Stopped};

use crate::batch;
use crate::input::{Input, ReadErrors};
use crate::output::Output;
use crate::progress::Reporter;
use crate::search::{Algorithm, Search};
use crate::signals::{self, Interrupts};
use crate::trace_json::recorder::{Described, displayed};
use crate::trace_json::{self, Header, Lines, Recording, TraceFile};
use crate::{CommonArgs, EXIT_BAD_INPUT, EXIT_IO, EXIT_STOPPED, Trace};

/// A program's puzzle: how to read its cases, solve one and write the answer. Everything else a
/// program does (its options, threads, streaming, limits, statistics, traces, progress, signals,
/// errors and exit statuses) comes with the crate.
///
/// Eight items are required: the program's name, four types, the heuristics' names,
/// [`cases`](Self::cases), [`solve`](Self::solve) and [`length`](Self::length); the rest have
/// defaults. The [crate documentation](crate) has a complete program.
pub trait Puzzle: Sync {
    /// The program's name, as messages give it.
    const PROGRAM: &'static str;
    /// What the program does, for `--help` (by [`main`](crate::main)); none by default.
    const ABOUT: &'static str = "";
    /// The puzzle as search-core sees it (its moves are printed by `--trace`; its costs are the
    /// limits', the bounds' and the figures').
    type Problem: Problem<Move: Display>;
    /// One case of the input.
    type Case: Clone + Send;
    /// The answer to a case, as the output writes it (by default, its `Display` and a line end).
    type Answer: Send + Display;
    /// A heuristic, chosen by name (its `Display`) on the command line.
    type Heuristic: Copy + Display + Send + Sync + 'static;
    /// Every heuristic, in the order `--help` lists them; the first is the default. At least one.
    const HEURISTICS: &'static [Self::Heuristic];

    /// The cases of `input`, in order, each read only when asked for; an error ends them. Its
    /// message names the case (`case 3: ...`): the program reports it as `error: case 3: ...`.
    fn cases(input: Input<'_>) -> impl Iterator<Item = Result<Self::Case, String>>;

    /// The heuristic for `case` (`chosen` on the command line, or the puzzle's default), ready
    /// to use (a database built or read, as [`Work::long`] work), or why the chosen one cannot
    /// serve it. By default, `chosen` or else the first of [`HEURISTICS`](Self::HEURISTICS).
    ///
    /// # Errors
    ///
    /// A message for a heuristic not offered for this case.
    fn heuristic(
        &self,
        chosen: Option<Self::Heuristic>,
        case: &Self::Case,
        work: &Work<'_>,
    ) -> Result<Self::Heuristic, String> {
        let _ = (case, work);
        chosen.or_else(|| Self::HEURISTICS.first().copied()).ok_or_else(|| {
            format!("{} offers no heuristic (Puzzle::HEURISTICS is empty)", Self::PROGRAM)
        })
    }

    /// Solves `case` with `heuristic` as `search` says: within its limits, and watched by its
    /// observer or on its threads ([`Search::ida_star`] does both).
    fn solve<O: Observer<Self::Problem>>(
        &self,
        case: &Self::Case,
        heuristic: Self::Heuristic,
        search: Search<'_, Self::Problem, O>,
    ) -> CaseReportOf<Self>;

    /// `state` drawn under its node's line in `--trace`, when the program was asked for
    /// drawings (`--pretty`); `None`, the default, draws nothing.
    fn draw_state(&self, state: &<Self::Problem as Problem>::State) -> Option<String> {
        let _ = state;
        None
    }

    /// `state` as the puzzle prints it, for `--trace-json`: the header's `instance` (the start)
    /// and each node's `state`. By default its `--trace` drawing ([`draw_state`](Self::draw_state)),
    /// so a program that draws only when asked (`--pretty`) gives states only then; `None` for the
    /// start leaves every state out of the case's trace.
    fn state_text(&self, state: &<Self::Problem as Problem>::State) -> Option<String> {
        self.draw_state(state)
    }

    /// Writes the answer in the output's format (with drawings, if the program was asked for
    /// them). By default, the answer's `Display` and a line end.
    ///
    /// # Errors
    ///
    /// When the output cannot be written.
    fn write_answer(
        &self,
        out: &mut dyn Write,
        case: &Self::Case,
        answer: &Self::Answer,
    ) -> io::Result<()> {
        let _ = case;
        writeln!(out, "{answer}")
    }

    /// The answer's number of moves (for `--stats`), or `None` when it has none (no solution).
    fn length(answer: &Self::Answer) -> Option<usize>;

    /// The drivers `--algorithm` may choose: those [`solve`](Self::solve) honours, through
    /// [`Search::ida_star`] (the depth-first ones, [`Algorithm::DEPTH_FIRST`]) or
    /// [`Search::solve`] (every one, [`Algorithm::ALL`], for hashable states). By default IDA\*
    /// alone, for a puzzle that runs its own driver.
    const ALGORITHMS: &'static [Algorithm] = &[Algorithm::Ida];
}

/// Why `args` cannot run `P`: an algorithm it does not offer.
fn refused<P: Puzzle>(args: &CommonArgs) -> Option<String> {
    let algorithm = args.algorithm?;
    if !P::ALGORITHMS.contains(&algorithm) {
        let names: Vec<&str> = P::ALGORITHMS.iter().map(|a| a.name()).collect();
        return Some(format!(
            "--algorithm {algorithm}: {} offers {}",
            P::PROGRAM,
            names.join(", ")
        ));
    }
    None
}

/// The cost type of a puzzle's problem: its limits', bounds' and figures'.
pub type CostOf<P> = <<P as Puzzle>::Problem as Problem>::Cost;

/// What solving a case of the puzzle `P` gives.
pub type CaseReportOf<P> = CaseReport<<P as Puzzle>::Answer, CostOf<P>>;

/// What solving a case gave: the answer or the limit that stopped it, the search's figures,
/// and any figures of the puzzle's own for `--stats` (` key=value` pairs). `C` is the cost type
/// (`u8` for every puzzle whose moves cost 1).
#[derive(Clone, Debug)]
pub struct CaseReport<A, C = u8> {
    /// The answer, or the limit that stopped the search and the bound it had reached.
    pub answer: Result<A, Stopped<C>>,
    /// The search's figures.
    pub stats: SearchStats<C>,
    /// More `--stats` figures, each as ` key=value`.
    pub more_stats: String,
}

/// For work that takes long and cannot be cancelled (building pattern databases): a progress
/// line is shown, and a signal ends the program at once, after every answer found before it has
/// been written.
pub struct Work<'a> {
    pub(crate) out: &'a Output,
    pub(crate) interrupts: &'a Interrupts,
    pub(crate) reporter: Reporter,
    /// Hands the cases read and held back to the threads that solve them, before work that
    /// keeps this thread busy.
    hand_over: &'a dyn Fn(),
    /// Writes every answer found so far, as the run does when it ends: the way the run would
    /// end now, if it knows one (a case the signal stopped).
    deliver: &'a dyn Fn() -> Option<BatchOutcome>,
    /// The case the work is for, once known: the case a signal during the work stops.
    case: Cell<Option<usize>>,
}

impl<'a> Work<'a> {
    /// Long work for the run that writes into `out`, under `interrupts`' watch, shown by
    /// `reporter`; `hand_over` has the cases held back solved meanwhile, and `deliver` writes
    /// every answer found so far if a signal ends the run.
    pub(crate) fn new(
        out: &'a Output,
        interrupts: &'a Interrupts,
        reporter: Reporter,
        (hand_over, deliver): (&'a dyn Fn(), &'a dyn Fn() -> Option<BatchOutcome>),
    ) -> Self {
        Work { out, interrupts, reporter, hand_over, deliver, case: Cell::new(None) }
    }

    /// Says that the work to come is for case `number` (counted from 1): the case a signal
    /// during it stops, as its message says.
    pub(crate) fn for_case(&self, number: usize) {
        self.case.set(Some(number));
    }

    /// Runs `work`, described as `what` on the progress line; `writing` names a file it may
    /// leave half-written, which a signal removes.
    ///
    /// The work runs on a thread of its own while this one waits for it or for a signal. A
    /// signal cannot stop the work, and the program cannot go on without its result: so this
    /// is the one place a run ends other than by returning. It ends the run as the run loop
    /// would (every answer found written, in order; the output flushed; one message), removes
    /// the half-written file, and exits.
    pub fn long<T: Send>(
        &self,
        what: &str,
        writing: Option<PathBuf>,
        work: impl FnOnce() -> T + Send,
    ) -> T {
        if let Some(file) = writing {
            self.interrupts.remove_on_signal(file);
        }
        (self.hand_over)();
        let (done, woken) = mpsc::channel::<Wake>();
        let wake = done.clone();
        self.interrupts.wake_on_signal(move || {
            // The waiting thread may be gone (the work done): nothing to wake then.
            let _ = wake.send(Wake::Signal);
        });
        self.reporter.watch(what, None, || {
            thread::scope(|scope| {
                let worker = scope.spawn(move || {
                    // Says `Done` when the work returns or panics.
                    let _done = DoneOnDrop(done);
                    work()
                });
                loop {
                    if let Some(signal) = self.interrupts.signal() {
                        self.end_now(signal);
                    }
                    // The signal's sender lives as long as the program, so `recv` ends only
                    // with a message: the work's `Done` (even from a panic) or a signal's.
                    match woken.recv() {
                        Ok(Wake::Signal) => {}
                        Ok(Wake::Done) | Err(_) => {
                            return worker
                                .join()
                                .unwrap_or_else(|panic| panic::resume_unwind(panic));
                        }
                    }
                }
            })
        })
    }

    /// Ends the run after `signal`, during work that cannot be cancelled.
    fn end_now(&self, signal: i32) -> ! {
        let program = self.interrupts.program();
        let case = self.case.get();
        let end = (self.deliver)().unwrap_or(BatchOutcome::Signal { program, signal, case });
        self.interrupts.remove_partial_files();
        let status = finish(end, self.out);
        process::exit(i32::from(status));
    }
}

/// Who woke the thread waiting for [`Work::long`]'s work: the work, done, or a signal. The two
/// must be told apart: a message from the work means its thread is about to finish (join it),
/// though it may not count as finished yet when the message is read.
enum Wake {
    Done,
    Signal,
}

/// Sends [`Wake::Done`] when dropped: at the end of the work, whether it returned or panicked.
struct DoneOnDrop(mpsc::Sender<Wake>);

impl Drop for DoneOnDrop {
    fn drop(&mut self) {
        // The waiting thread may be gone (a signal ended the program): nothing to wake then.
        let _ = self.0.send(Wake::Done);
    }
}

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
fn fail(message: &dyn Display, status: u8) -> u8 {
    eprintln!("error: {message}");
    status
}

/// How every run ends, once every answer found has been written into `out`: flushes `out`
/// (a failure then is the run's failure, unless it already failed), reports how the run ended,
/// and returns the exit status.
fn finish(end: BatchOutcome, out: &Output) -> u8 {
    let end = match (end, out.flush()) {
        (BatchOutcome::Answered { .. }, Err(error)) => BatchOutcome::Output(error),
        (end, _) => end,
    };
    end.report()
}

/// Runs `puzzle` on the input `args` names, with `heuristic` (the puzzle's default for each case
/// when `None`), answers on standard output, and returns the exit status (see the crate
/// documentation). `interrupts` is the signals' watch the program installed.
pub fn run<P: Puzzle>(
    puzzle: &P,
    args: &CommonArgs,
    heuristic: Option<P::Heuristic>,
    interrupts: &Interrupts,
) -> ExitCode {
    let input = match Input::open(args.input.as_deref()) {
        Ok(input) => input,
        Err(message) => return ExitCode::from(fail(&message, EXIT_BAD_INPUT)),
    };
    let terminal = io::stdout().is_terminal();
    let out = Output::stdout();
    interrupts.watch_output(&out);
    let end = out.flush_when_stale(|| {
        answer_all(puzzle, args, heuristic, input, &out, terminal, interrupts)
    });
    ExitCode::from(finish(end, &out))
}

/// Answers every case of `input`, in order, into `out`, to the end of the input, the first bad
/// case or a signal, flushing `out` after every answer when `flush_each` (for a terminal), and
/// otherwise whenever the input must wait.
///
/// Every case before a bad one is answered and flushed before the bad case is reported.
///
/// With `--trace-json FILE`, the cases are solved one at a time, and `FILE` is written only when
/// every case was answered (a limit may have stopped some).
pub fn answer_all<P: Puzzle>(
    puzzle: &P,
    args: &CommonArgs,
    chosen: Option<P::Heuristic>,
    input: Input,
    out: &Output,
    flush_each: bool,
    interrupts: &Interrupts,
) -> BatchOutcome {
    if let Some(message) = refused::<P>(args) {
        return BatchOutcome::BadInput(message);
    }
    let Some(path) = &args.trace_json else {
        return answer_cases(puzzle, args, chosen, input, (out, flush_each), interrupts, None);
    };
    let mut file = match TraceFile::create(path) {
        Ok(file) => file,
        Err(message) => return BatchOutcome::BadInput(message),
    };
    if let Some(temporary) = file.temporary() {
        interrupts.remove_on_signal(temporary.to_owned());
    }
    let end =
        answer_cases(puzzle, args, chosen, input, (out, flush_each), interrupts, Some(&mut file));
    match end {
        BatchOutcome::Answered { .. } => {
            let path = file.path().to_owned();
            match file.keep() {
                Ok(()) => end,
                Err(error) => BatchOutcome::TraceJson { path, error },
            }
        }
        end => {
            file.discard();
            end
        }
    }
}

/// [`answer_all`], writing each case's `--trace-json` run into `json` if given.
fn answer_cases<P: Puzzle>(
    puzzle: &P,
    args: &CommonArgs,
    chosen: Option<P::Heuristic>,
    input: Input,
    (out, flush_each): (&Output, bool),
    interrupts: &Interrupts,
    mut json: Option<&mut TraceFile>,
) -> BatchOutcome {
    let read_errors = input.errors();
    let traced = args.trace || json.is_some();
    let reporter = Reporter::new(args.progress, traced);
    let delivery = Delivery { puzzle, args, out, flush_each, interrupts };
    if args.threads() > 1 && !traced {
        return batch::answer_all(&delivery, chosen, input, reporter);
    }
    // Every answer is written as soon as it is found: nothing to deliver at a signal.
    let work = Work::new(out, interrupts, reporter, (&|| {}, &|| None));
    let flush_error: Rc<RefCell<Option<io::Error>>> = Rc::default();
    let (hook_out, hook_error) = (out.clone(), Rc::clone(&flush_error));
    let input = input
        .before_waiting(move || {
            if let Err(error) = hook_out.flush() {
                hook_error.borrow_mut().get_or_insert(error);
            }
        })
        .interruptible(interrupts.clone());
    let mut stopped = false;
    for (index, case) in P::cases(input).enumerate() {
        let number = index + 1;
        if let Some(error) = flush_error.borrow_mut().take() {
            return BatchOutcome::Output(error);
        }
        let (heuristic, case) = match ready(puzzle, chosen, &work, number, case) {
            Ok(ready) => ready,
            // A parse error that comes from a read error is the read error.
            Err(message) => {
                return BatchOutcome::BadInput(read_errors.message().unwrap_or(message));
            }
        };
        let asked = Asked { args, reporter, interrupts, json: json.as_deref_mut() };
        let solution = match solve_case(puzzle, asked, number, &case, heuristic) {
            Ok(solution) => solution,
            Err(end) => return end,
        };
        if let Err(end) = delivery.deliver(number, &case, &solution, &mut stopped) {
            return end;
        }
    }
    if let Some(message) = read_errors.message() {
        return BatchOutcome::BadInput(message);
    }
    if let Some(end) = interrupted(interrupts, &read_errors) {
        return end;
    }
    BatchOutcome::Answered { stopped }
}

/// How the run ends when a signal stopped the input's wait for more: every case read answered.
pub(crate) fn interrupted(
    interrupts: &Interrupts,
    read_errors: &ReadErrors,
) -> Option<BatchOutcome> {
    let signal = interrupts.signal().filter(|_| read_errors.interrupted())?;
    Some(BatchOutcome::Signal { program: interrupts.program(), signal, case: None })
}

/// Case `number` as read, with the heuristic that will solve it, ready (a database made); or the
/// message that reports it: a bad case, or a heuristic not offered for it.
pub(crate) fn ready<P: Puzzle>(
    puzzle: &P,
    chosen: Option<P::Heuristic>,
    work: &Work<'_>,
    number: usize,
    case: Result<P::Case, String>,
) -> Result<(P::Heuristic, P::Case), String> {
    let case = case?;
    work.for_case(number);
    match puzzle.heuristic(chosen, &case, work) {
        Ok(heuristic) => Ok((heuristic, case)),
        Err(message) => Err(format!("case {number}: {message}")),
    }
}

/// Where and how answers go out: shared by the one-case-at-a-time loop and the batch on several
/// threads, so that both write exactly the same.
pub(crate) struct Delivery<'a, P> {
    pub(crate) puzzle: &'a P,
    pub(crate) args: &'a CommonArgs,
    pub(crate) out: &'a Output,
    pub(crate) flush_each: bool,
    pub(crate) interrupts: &'a Interrupts,
}

/// A case's outcome as the output needs it: the answer's length (for `--stats`) and how to write
/// the answer, or the limit that stopped the search.
pub(crate) type Outcome<'a, C, W> = Result<(Option<usize>, W), &'a Stopped<C>>;

impl<P: Puzzle> Delivery<'_, P> {
    /// Writes case `number`'s answer, its `--stats` line and any report of a limit, in the
    /// input's order; `stopped` is set when a limit stopped it.
    ///
    /// # Errors
    ///
    /// How the run must end instead: a signal stopped the case, or the output failed.
    pub(crate) fn deliver(
        &self,
        number: usize,
        case: &P::Case,
        solution: &CaseReportOf<P>,
        stopped: &mut bool,
    ) -> Result<(), BatchOutcome> {
        let outcome = solution.answer.as_ref().map(|answer| {
            let write = |out: &mut dyn Write| self.puzzle.write_answer(out, case, answer);
            (P::length(answer), write)
        });
        self.deliver_outcome(number, outcome, &solution.stats, &solution.more_stats, stopped)
    }

    /// [`deliver`](Self::deliver) for an answer already written out by other means (into memory,
    /// on the thread that solved it): `outcome` gives its length and writes it.
    ///
    /// # Errors
    ///
    /// As [`deliver`](Self::deliver).
    pub(crate) fn deliver_outcome<W: FnOnce(&mut dyn Write) -> io::Result<()>>(
        &self,
        number: usize,
        outcome: Outcome<'_, CostOf<P>, W>,
        stats: &SearchStats<CostOf<P>>,
        more_stats: &str,
        stopped: &mut bool,
    ) -> Result<(), BatchOutcome> {
        if let (Err(stop), Some(signal)) = (&outcome, self.interrupts.signal())
            && stop.reason == StopReason::Cancelled
        {
            // The message comes once the run has ended, after every answer before this one.
            let program = P::PROGRAM;
            return Err(BatchOutcome::Signal { program, signal, case: Some(number) });
        }
        *stopped |= outcome.is_err();
        write_outcome::<P, W>(self.args, self.out, number, outcome, stats, more_stats)
            .map_err(BatchOutcome::Output)?;
        if self.flush_each {
            self.out.flush().map_err(BatchOutcome::Output)?;
        }
        Ok(())
    }
}

/// Writes a case's answer (or `not solved`) into `out`, and its `--stats` line and any report
/// of a limit on standard error.
fn write_outcome<P: Puzzle, W: FnOnce(&mut dyn Write) -> io::Result<()>>(
    args: &CommonArgs,
    out: &Output,
    number: usize,
    outcome: Outcome<'_, CostOf<P>, W>,
    stats: &SearchStats<CostOf<P>>,
    more_stats: &str,
) -> io::Result<()> {
    if args.stats {
        let length = match &outcome {
            Ok((length, _)) => length.map_or_else(|| "none".to_owned(), |n| n.to_string()),
            Err(_) => "stopped".to_owned(),
        };
        let line = stats_line(number, &length, stats);
        // Last, after the puzzle's own figures, and only when a driver was chosen: the default's
        // line keeps its form, which scripts read.
        let peak = args.algorithm.map(|_| format!(" peak={}", stats.peak_held)).unwrap_or_default();
        writeln!(io::stderr(), "{line}{more_stats}{peak}")?;
    }
    match outcome {
        Ok((_, write)) => out.write(write),
        Err(stop) => {
            let limit = limit_named(args, stop.reason);
            let generated = stats.generated;
            let nodes = if generated == 1 { "node" } else { "nodes" };
            writeln!(
                io::stderr(),
                "{}: case {number} not solved: {}{limit}; bound {}, {generated} {nodes} generated",
                P::PROGRAM,
                stop.reason,
                stop.bound,
            )?;
            out.write(|out| writeln!(out, "not solved"))
        }
    }
}

/// Solves one case (numbered from 1) within the command line's limits and the signals' watch,
/// with its trace and progress if asked for.
///
/// # Errors
///
/// How the run ends when the trace cannot be written: `--trace`'s standard error, or the
/// `--trace-json` file.
fn solve_case<P: Puzzle>(
    puzzle: &P,
    asked: Asked<'_, '_>,
    number: usize,
    case: &P::Case,
    heuristic: P::Heuristic,
) -> Result<CaseReportOf<P>, BatchOutcome> {
    let Asked { args, reporter, interrupts, json } = asked;
    let algorithm = args.algorithm.unwrap_or_default();
    let mut limits = case_limits(args, interrupts);
    if let Some(file) = json {
        return solve_recorded(puzzle, args, &limits, file, (case, heuristic))
            .map_err(|error| BatchOutcome::TraceJson { path: file.path().to_owned(), error });
    }
    if args.trace {
        let mut trace = Trace::new(io::stderr().lock(), args.trace_limit)
            .case(number)
            .drawing(|state| puzzle.draw_state(state));
        let search = Search::observed(&limits, &mut trace).with_algorithm(algorithm);
        let solution = puzzle.solve(case, heuristic, search);
        trace.finish()?;
        return Ok(solution);
    }
    if !reporter.is_on() {
        let search = Search::on_threads(&limits, 1).with_algorithm(algorithm);
        return Ok(puzzle.solve(case, heuristic, search.counting_peak(args.stats)));
    }
    let progress = Arc::new(Progress::new());
    limits = limits.progress(Arc::clone(&progress));
    let what = format!("case {number}");
    Ok(reporter.watch(&what, Some(&progress), || {
        let search = Search::on_threads(&limits, 1).with_algorithm(algorithm);
        puzzle.solve(case, heuristic, search.counting_peak(args.stats))
    }))
}

/// How a case is to be solved: the command line, the progress line, the signals' watch, and the
/// `--trace-json` file if any.
struct Asked<'a, 'f> {
    args: &'a CommonArgs,
    reporter: Reporter,
    interrupts: &'a Interrupts,
    json: Option<&'f mut TraceFile>,
}

/// Solves one case watched by a recorder that writes its run into `file`: the header (its
/// `instance` the start as the puzzle prints it, [`Puzzle::state_text`]), the events (at most
/// `--trace-json-limit`, each node's state if the puzzle prints it), the `stats` line (with the
/// solution's moves and cost).
fn solve_recorded<P: Puzzle>(
    puzzle: &P,
    args: &CommonArgs,
    limits: &Limits<CostOf<P>>,
    file: &mut TraceFile,
    (case, heuristic): (&P::Case, P::Heuristic),
) -> io::Result<CaseReportOf<P>> {
    let cap = args.trace_json_limit;
    let algorithm = args.algorithm.unwrap_or_default();
    let header = Header {
        format: trace_json::FORMAT,
        version: trace_json::VERSION,
        puzzle: P::PROGRAM.to_owned(),
        // Filled in with the start, once the search shows it.
        instance: String::new(),
        algorithm: algorithm.name(),
        heuristic: heuristic.to_string(),
        event_cap: cap,
        code: None,
    };
    // A drawing's last line end is the puzzle's way to print it, not part of the state.
    let text = |state: &_| puzzle.state_text(state).map(|text| text.trim_end().to_owned());
    let describe = |state: &_| Described { text: text(state).unwrap_or_default(), draw: None };
    let writer: &mut dyn Write = file.writer();
    let recording = Recording::new(
        header,
        Lines::new(writer, cap),
        (&text, &describe),
        displayed::<<P::Problem as Problem>::Move>,
    );
    let search = Search::recorded(limits, &recording).with_algorithm(algorithm);
    let mut solution = puzzle.solve(case, heuristic, search);
    let ended = match &solution.answer {
        Ok(answer) => Ok(P::length(answer).is_some()),
        Err(stop) => Err(format!("{} (at bound {})", stop.reason, stop.bound)),
    };
    let (lines, deepest) = recording.finish(&solution.stats, ended);
    lines.finish()?;
    // A puzzle's own driver counts no peak: the deepest path the recording saw, as the trace's.
    solution.stats.peak_held = solution.stats.peak_held.max(deepest);
    Ok(solution)
}

/// The limits of a case that starts now: the command line's, and the signals' cancellation flag.
pub(crate) fn case_limits<C>(args: &CommonArgs, interrupts: &Interrupts) -> Limits<C> {
    let mut limits = Limits::default().cancel_flag(interrupts.cancel_flag());
    if let Some(nodes) = args.max_nodes {
        limits = limits.max_generated(nodes);
    }
    if let Some(time) = args.time_limit {
        limits = limits.deadline(Instant::now() + time);
    }
    limits
}

/// ` (--max-nodes N)` or ` (--time-limit S)`: the option behind a stop, as the user gave it.
fn limit_named(args: &CommonArgs, reason: StopReason) -> String {
    match reason {
        StopReason::NodeLimit => args.max_nodes.map(|n| format!(" (--max-nodes {n})")),
        StopReason::TimeLimit => {
            args.time_limit.map(|time| format!(" (--time-limit {})", time.as_secs_f64()))
        }
        _ => None,
    }
    .unwrap_or_default()
}

/// The `--stats` line of a case (numbered from 1) whose answer has `length` moves (any text:
/// `none` for a case that has no answer, say).
///
/// ```
/// use search_cli::run::stats_line;
/// use search_core::SearchStats;
///
/// let mut stats = SearchStats::<u8>::default();
/// (stats.generated, stats.expanded) = (10, 3);
/// assert_eq!(
///     stats_line(1, &2, &stats),
///     "case=1 length=2 generated=10 expanded=3 iterations=0 seconds=0.000000"
/// );
/// ```
#[must_use]
pub fn stats_line<C>(case: usize, length: &dyn Display, stats: &SearchStats<C>) -> String {
    format!(
        "case={case} length={length} generated={} expanded={} iterations={} seconds={:.6}",
        stats.generated,
        stats.expanded,
        stats.iterations.len(),
        stats.elapsed.as_secs_f64()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::ProgressMode;

    /// Quick work, many times over: the waiting thread must take the work's value however the
    /// work's end and its thread's end fall against its own steps. (The thread used to be asked
    /// whether it had finished right after the work's message, and to wait for another message
    /// when it had not quite: a wait that no message would ever end.)
    #[test]
    fn long_work_returns_its_value_however_the_threads_interleave() {
        let out = Output::new(Box::new(io::sink()));
        let interrupts = Interrupts::unwatched("test");
        let work = Work::new(
            &out,
            &interrupts,
            Reporter::new(ProgressMode::Never, false),
            (&|| {}, &|| None),
        );
        for round in 0..2_000_u32 {
            assert_eq!(work.long("adding", None, move || round + 1), round + 1);
        }
    }

    #[test]
    fn a_panic_in_long_work_reaches_the_caller() {
        let out = Output::new(Box::new(io::sink()));
        let interrupts = Interrupts::unwatched("test");
        let work = Work::new(
            &out,
            &interrupts,
            Reporter::new(ProgressMode::Never, false),
            (&|| {}, &|| None),
        );
        let caught = panic::catch_unwind(panic::AssertUnwindSafe(|| {
            work.long("failing", None, || -> u32 { panic!("the work failed") })
        }));
        assert!(caught.is_err());
    }
}
