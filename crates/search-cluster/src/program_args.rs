//! A program's own command line, as the program and the cluster (after `--`) read it, and the
//! puzzle it chooses.

use clap::{ArgMatches, Command, CommandFactory, FromArgMatches, Parser};
use search_cli::{CommonArgs, Puzzle};

/// A program's command line: clap parses it, and it chooses the puzzle that answers the input,
/// handing it to a [`Host`] (the program's run, or a cluster's action) with the options every
/// program has and the heuristic asked for. One method: a program whose command line hosts one
/// puzzle makes it; one that hosts two (unit or weighted costs, say) chooses between them here,
/// and every host takes either.
///
/// The program's name is its command's ([`CommandFactory::command`]`().get_name()`).
pub trait ProgramArgs: Parser {
    /// Hands `host` the puzzle these options ask for, with the options every program has and the
    /// heuristic chosen (`--heuristic`), if any.
    ///
    /// # Errors
    ///
    /// A message for options that do not go together; the program reports it as a usage error
    /// (status 2), the cluster as `error: ...` (status 2).
    fn choose<H: Host>(&self, host: H) -> Result<H::Output, String>;
}

/// What a program's command line is handed to, whichever puzzle it chooses: the program's run
/// of its input, or one of the cluster's actions.
pub trait Host {
    /// What hosting the puzzle gives (an exit status).
    type Output;

    /// Hosts `puzzle`, with the options every program has and the heuristic chosen, if any.
    fn host<P: Puzzle>(
        self,
        puzzle: &P,
        common: &CommonArgs,
        heuristic: Option<P::Heuristic>,
    ) -> Self::Output;
}

/// The command line of a program made by [`search_cli::main`]: the options every program has and
/// `--heuristic` ([`search_cli::command`]), and the puzzle's [`Default`].
pub struct Generic<P: Puzzle> {
    common: CommonArgs,
    heuristic: Option<P::Heuristic>,
}

impl<P: Puzzle> CommandFactory for Generic<P> {
    fn command() -> Command {
        search_cli::command::<P>()
    }

    fn command_for_update() -> Command {
        search_cli::command::<P>()
    }
}

impl<P: Puzzle> FromArgMatches for Generic<P> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let common = CommonArgs::from_arg_matches(matches)?;
        let heuristic = matches.get_one::<P::Heuristic>("heuristic").copied();
        Ok(Generic { common, heuristic })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl<P: Puzzle> Parser for Generic<P> {}

impl<P: Puzzle + Default> ProgramArgs for Generic<P> {
    fn choose<H: Host>(&self, host: H) -> Result<H::Output, String> {
        Ok(host.host(&P::default(), &self.common, self.heuristic))
    }
}
