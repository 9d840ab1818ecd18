//! Answering a cube: [`solve`], and the [`Answer`] in the output's format.

use std::fmt;
use std::sync::OnceLock;

use search_core::{IdaStar, Outcome, Stopped};

use crate::pocket::Held;
use crate::{Case, Korf, PocketBound, PocketCube, Rubik, Turn};

/// The turns of an optimal solution, first to last.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Answer {
    /// The turns (none for a solved cube).
    pub moves: Vec<Turn>,
}

/// The turns in Singmaster's notation separated by spaces, or `Already solved`.
impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.moves.is_empty() {
            return f.write_str("Already solved");
        }
        for (index, turn) in self.moves.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{turn}")?;
        }
        Ok(())
    }
}

impl Answer {
    /// The answer a search of a 3x3x3 cube found ([`Rubik`]), or the limit that stopped it.
    ///
    /// # Errors
    ///
    /// The limit that stopped the search, and the bound it had reached.
    pub fn from_outcome<C>(outcome: Outcome<Turn, C>) -> Result<Answer, Stopped<C>> {
        match outcome {
            Outcome::Solved(solution) => Ok(Answer { moves: solution.moves }),
            Outcome::Stopped { reason, bound } => Err(Stopped { reason, bound }),
            // Every cube can be solved, and a search of one never proves otherwise.
            _ => unreachable!("a cube with no solution"),
        }
    }

    /// The answer a search of a pocket cube held by its corner ([`PocketCube`]) found, told in
    /// the faces of the cube as it was given ([`Held::told`]).
    ///
    /// # Errors
    ///
    /// As [`from_outcome`](Answer::from_outcome).
    pub fn from_pocket_outcome<C>(
        held: &Held,
        outcome: Outcome<Turn, C>,
    ) -> Result<Answer, Stopped<C>> {
        let answer = Answer::from_outcome(outcome)?;
        Ok(Answer { moves: answer.moves.into_iter().map(|turn| held.told(turn)).collect() })
    }
}

/// Solves `case` optimally with IDA\* on this thread: a 3x3x3 cube with `korf`, a pocket cube
/// held by its corner with [`PocketBound`] (built on first use, in milliseconds).
///
/// ```
/// use puzzle_cube::{Case, Pocket, solve};
///
/// // A pocket cube needs no 3x3x3 database: `korf` is only asked for a 3x3x3 cube.
/// let pocket = Pocket::solved().after(&["R", "U'", "F2"].map(|t| t.parse().unwrap()));
/// let answer = solve(&Case::Pocket(pocket), || unreachable!());
/// assert_eq!(answer.to_string(), "F2 U R'");
/// ```
///
/// # Panics
///
/// Never: every cube is at most 20 moves from solved, and a search with no limits answers.
#[must_use]
pub fn solve<'a>(case: &Case, korf: impl FnOnce() -> &'a Korf) -> Answer {
    match case {
        Case::Cube(cube) => {
            let report = IdaStar::new(&Rubik::new(), korf()).run(cube);
            Answer::from_outcome(report.outcome).expect("a search with no limits answers")
        }
        Case::Pocket(pocket) => {
            static BOUND: OnceLock<PocketBound> = OnceLock::new();
            let held = pocket.held();
            let bound = BOUND.get_or_init(PocketBound::build);
            let report = IdaStar::new(&PocketCube, bound).run(&held.pocket);
            Answer::from_pocket_outcome(&held, report.outcome)
                .expect("a search with no limits answers")
        }
    }
}
