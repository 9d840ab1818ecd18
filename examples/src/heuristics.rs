//! Choosing a heuristic by name on the command line: the puzzle crates' `HeuristicName`s and the
//! parser of a `--heuristic` option.

use clap::builder::{PossibleValuesParser, TypedValueParser};

/// A puzzle crate's `HeuristicName`: every heuristic and its name.
pub trait HeuristicNames: Copy + Send + Sync + 'static {
    /// Every heuristic, in the order `--help` lists them.
    const ALL: &'static [Self];
    /// The name a command line uses.
    fn name(self) -> &'static str;
}

impl HeuristicNames for puzzle_rotation::HeuristicName {
    const ALL: &'static [Self] = &Self::ALL;
    fn name(self) -> &'static str {
        self.name()
    }
}

impl HeuristicNames for puzzle_wall_pusher::HeuristicName {
    const ALL: &'static [Self] = &Self::ALL;
    fn name(self) -> &'static str {
        self.name()
    }
}

impl HeuristicNames for puzzle_sliding::HeuristicName {
    const ALL: &'static [Self] = &Self::ALL;
    fn name(self) -> &'static str {
        self.name()
    }
}

/// The parser of a `--heuristic` option: one of the names of `H`, turned into the heuristic it
/// names, so that `--help` lists the names and a wrong one is a usage error listing the right
/// ones.
///
/// ```
/// use clap::Parser;
/// use ida_examples::heuristic_parser;
/// use puzzle_rotation::HeuristicName;
///
/// #[derive(Parser)]
/// struct Args {
///     #[arg(long, value_parser = heuristic_parser::<HeuristicName>())]
///     heuristic: Option<HeuristicName>,
/// }
///
/// let args = Args::try_parse_from(["rotation", "--heuristic", "count"]).unwrap();
/// assert_eq!(args.heuristic, Some(HeuristicName::Count));
/// assert!(Args::try_parse_from(["rotation", "--heuristic", "psychic"]).is_err());
/// ```
///
/// # Panics
///
/// Never: clap passes on only the names it was given.
#[must_use]
pub fn heuristic_parser<H: HeuristicNames>() -> impl TypedValueParser<Value = H> {
    PossibleValuesParser::new(H::ALL.iter().map(|heuristic| heuristic.name())).map(|name| {
        *H::ALL.iter().find(|heuristic| heuristic.name() == name).expect("one of the names")
    })
}
