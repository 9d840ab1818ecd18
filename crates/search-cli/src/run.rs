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
//! status 3 ([`EXIT_STOPPED`](crate::EXIT_STOPPED)) at the end.

use std::cell::RefCell;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::Arc;

use search_core::{Limits, Problem, Progress};

use crate::batch;
use crate::batch_outcome::{BatchOutcome, fail, finish};
use crate::delivery::{Delivery, interrupted, ready};
use crate::input::Input;
use crate::output::Output;
use crate::progress::Reporter;
use crate::puzzle::{CaseReportOf, CostOf, Puzzle};
use crate::search::Search;
use crate::signals::Interrupts;
use crate::trace_json::recorder::{Described, displayed};
use crate::trace_json::{self, Finished, Header, Lines, Recording, TraceFile};
use crate::work::Work;
use crate::{CommonArgs, EXIT_BAD_INPUT, Trace};

pub use crate::delivery::stats_line;

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
    let mut limits = args.case_limits(interrupts);
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
        graph: None,
    };
    // A drawing's last line end is the puzzle's way to print it, not part of the state.
    let text = |state: &_| puzzle.state_text(state).map(|text| text.trim_end().to_owned());
    let describe =
        |state: &_| Described { text: text(state).unwrap_or_default(), draw: None, sid: None };
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
    let Finished { lines, deepest, .. } = recording.finish(&solution.stats, ended);
    lines.finish()?;
    // A puzzle's own driver counts no peak: the deepest path the recording saw, as the trace's.
    solution.stats.peak_held = solution.stats.peak_held.max(deepest);
    Ok(solution)
}
