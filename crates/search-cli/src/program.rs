//! A whole program from a [`Puzzle`]: [`main`] reads the command line, installs the signals'
//! watch and answers the input.

use std::fmt::Display;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::{Arc, Mutex, PoisonError};

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Arg, Args, Command, FromArgMatches};

use crate::cli::{AFTER_HELP, CommonArgs};
use crate::{BatchOutcome, Input, Interrupts, Output, Puzzle, answer_all, run};

/// The whole program of `P`: its command line (the options of [`CommonArgs`] and
/// `--heuristic`, one of [`Puzzle::HEURISTICS`] by name), the answers on standard output, and
/// the exit status. A usage error is reported by clap, with status 2.
///
/// ```no_run
/// # use search_cli::Puzzle;
/// # fn demo<MyPuzzle: Puzzle + Default>() -> std::process::ExitCode {
/// search_cli::main::<MyPuzzle>()
/// # }
/// ```
#[must_use]
pub fn main<P: Puzzle + Default>() -> ExitCode {
    let matches = command::<P>().get_matches();
    let common = CommonArgs::from_arg_matches(&matches).unwrap_or_else(|error| error.exit());
    let heuristic = matches.get_one::<P::Heuristic>(HEURISTIC).copied();
    let interrupts = Interrupts::install(P::PROGRAM);
    run(&P::default(), &common, heuristic, &interrupts)
}

/// The name of the `--heuristic` option's argument.
const HEURISTIC: &str = "heuristic";

/// The command line of `P`'s program, as [`main`] reads it.
#[must_use]
pub fn command<P: Puzzle>() -> Command {
    let names: Vec<String> = P::HEURISTICS.iter().map(ToString::to_string).collect();
    let default = names.first().map_or_else(String::new, |name| format!(" (default: {name})"));
    let heuristic = Arg::new(HEURISTIC)
        .long("heuristic")
        .value_name("NAME")
        .help(format!("The heuristic the search uses{default}"))
        .value_parser(heuristic_parser(P::HEURISTICS));
    // After the common options, whose own description would otherwise replace the program's.
    let about = Some(P::ABOUT).filter(|about| !about.is_empty());
    CommonArgs::augment_args(Command::new(P::PROGRAM).arg(heuristic))
        .about(about)
        .after_help(AFTER_HELP)
}

/// The parser of a `--heuristic` option: one of `all` by name (as it displays), so that
/// `--help` lists the names and a wrong one is a usage error listing the right ones.
///
/// ```
/// use clap::Parser;
/// use search_cli::heuristic_parser;
///
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// enum Bound { Gaps, Zero }
///
/// impl std::fmt::Display for Bound {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         f.write_str(match self { Bound::Gaps => "gaps", Bound::Zero => "zero" })
///     }
/// }
///
/// #[derive(Parser)]
/// struct Args {
///     #[arg(long, value_parser = heuristic_parser(&[Bound::Gaps, Bound::Zero]))]
///     heuristic: Option<Bound>,
/// }
///
/// let args = Args::try_parse_from(["pancakes", "--heuristic", "zero"]).unwrap();
/// assert_eq!(args.heuristic, Some(Bound::Zero));
/// assert!(Args::try_parse_from(["pancakes", "--heuristic", "psychic"]).is_err());
/// ```
///
/// # Panics
///
/// Never: clap passes on only the names it was given.
#[must_use]
pub fn heuristic_parser<H>(all: &'static [H]) -> impl TypedValueParser<Value = H>
where
    H: Copy + Display + Send + Sync + 'static,
{
    let names: Vec<String> = all.iter().map(ToString::to_string).collect();
    PossibleValuesParser::new(names).map(move |name| {
        *all.iter().find(|heuristic| heuristic.to_string() == name).expect("one of the names")
    })
}

/// Runs `puzzle`'s program in-process over `input`, with the command line `argv` (`argv[0]` the
/// program's name) as [`main`] reads it, and returns how the run ended and what it wrote on
/// standard output: for a program's own tests. What goes to standard error (`--stats`, a stopped
/// case's report, `--trace`) still goes to the process's, and signals are not watched.
///
/// # Errors
///
/// A command line [`main`] would refuse: clap's error, which says why.
pub fn answer_text<P: Puzzle>(
    puzzle: &P,
    argv: &[&str],
    input: &str,
) -> Result<(BatchOutcome, String), clap::Error> {
    let matches = command::<P>().try_get_matches_from(argv)?;
    let common = CommonArgs::from_arg_matches(&matches)?;
    let heuristic = matches.get_one::<P::Heuristic>(HEURISTIC).copied();
    let reader = io::Cursor::new(input.as_bytes().to_vec());
    let input = Input::new(Box::new(reader), "input");
    let written = Written::default();
    let out = Output::new(Box::new(written.clone()));
    let interrupts = Interrupts::unwatched(P::PROGRAM);
    let end = answer_all(puzzle, &common, heuristic, input, &out, false, &interrupts);
    let end = match (end, out.flush()) {
        (BatchOutcome::Answered { .. }, Err(error)) => BatchOutcome::Output(error),
        (end, _) => end,
    };
    let bytes = written.0.lock().unwrap_or_else(PoisonError::into_inner).clone();
    Ok((end, String::from_utf8_lossy(&bytes).into_owned()))
}

/// A writer whose bytes are read back once the program is done with it.
#[derive(Clone, Default)]
struct Written(Arc<Mutex<Vec<u8>>>);

impl Write for Written {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
