//! A program's own command line, as the cluster reads it after `--`.

use std::ffi::OsString;

use clap::FromArgMatches;
use search_cli::{CommonArgs, Puzzle};

/// A program's command line as the cluster needs it: the options every program has, the heuristic
/// chosen, and the puzzle it makes.
pub trait ProgramArgs: Sized {
    /// Parses the program's command line (`argv[0]` is the program's name).
    ///
    /// # Errors
    ///
    /// Clap's, for a command line the program does not take.
    fn parse_args(argv: Vec<OsString>) -> Result<Self, clap::Error>;
    /// The program's puzzle.
    type Puzzle: Puzzle;
    /// The options every program has.
    fn common(&self) -> &CommonArgs;
    /// The heuristic chosen (`--heuristic`), if any.
    fn heuristic(&self) -> Option<<Self::Puzzle as Puzzle>::Heuristic>;
    /// The puzzle, or why these options cannot be used.
    ///
    /// # Errors
    ///
    /// A message for options that do not go together (or with a cluster search).
    fn puzzle(&self) -> Result<Self::Puzzle, String>;
}

/// The command line of a program made by [`search_cli::main`]: the options every program has and
/// `--heuristic`, and the puzzle's [`Default`].
pub struct Generic<P: Puzzle> {
    common: CommonArgs,
    heuristic: Option<P::Heuristic>,
}

impl<P: Puzzle + Default> ProgramArgs for Generic<P> {
    type Puzzle = P;

    fn parse_args(argv: Vec<OsString>) -> Result<Self, clap::Error> {
        let matches = search_cli::command::<P>().try_get_matches_from(argv)?;
        let common = CommonArgs::from_arg_matches(&matches)?;
        let heuristic = matches.get_one::<P::Heuristic>("heuristic").copied();
        Ok(Generic { common, heuristic })
    }

    fn common(&self) -> &CommonArgs {
        &self.common
    }

    fn heuristic(&self) -> Option<P::Heuristic> {
        self.heuristic
    }

    fn puzzle(&self) -> Result<P, String> {
        Ok(P::default())
    }
}
