//! Answering a case: IDA\* for the shortest way out, the complete search for "no way out", and
//! the judge's output format.
//!
//! # When each search runs
//!
//! IDA\* finds the shortest answer when there is one, but on a maze with no way out it never ends
//! (walking to and fro makes the search tree infinite). The complete search ([`Reachability`])
//! always ends, but it only says whether there is a way out, not the shortest one. So:
//!
//! 1. A maze whose exits are all closed has no way out, at once.
//! 2. The two searches take turns, with budgets that grow fourfold each turn: the complete search
//!    first ([`FIRST_PROOF_BUDGET`] regions, going on from where it stopped), then IDA\*
//!    ([`FIRST_SEARCH_BUDGET`] generated nodes, from scratch each turn).
//!    - The complete search proving "no way out" answers the case.
//!    - IDA\* finding an answer answers the case.
//!    - The complete search finding an open exit proves there is a way out: IDA\* then runs with
//!      no budget, and is bound to end.
//! 3. Once IDA\*'s budget would pass [`LAST_SEARCH_BUDGET`] nodes, the complete search runs to
//!    its end alone, and IDA\* with no budget after it if it found a way out.
//!
//! Most mazes with a way out are settled in the first turn: the start's region usually touches an
//! open exit, so the complete search says "way out" after one region and IDA\* runs alone. Most
//! mazes with no way out reach only a few regions, proved in the first turn too. The turns are
//! for the rest: a maze whose way out IDA\* finds quickly though the complete search would need
//! many regions to reach an exit. The cap keeps IDA\*'s waste on the largest mazes with no way
//! out (tens of millions of positions, seconds of proof) to about 5.6 million nodes, a tenth of a
//! second.

use std::fmt;
use std::time::Instant;

use search_core::{BreadthFirst, IdaStar, Limits, NoObserver, Observer, Outcome, SearchStats};

use crate::{ExitDistance, Maze, Proof, Reachability, Step, WallPusher};

/// The complete search's first budget, in regions expanded.
pub const FIRST_PROOF_BUDGET: u64 = 1 << 10;

/// IDA\*'s first budget, in nodes generated.
pub const FIRST_SEARCH_BUDGET: u64 = 1 << 16;

/// IDA\*'s last budget before the complete search is left to run to its end: 2^22 nodes.
pub const LAST_SEARCH_BUDGET: u64 = 1 << 22;

/// How much each budget grows from one turn to the next.
const GROWTH: u64 = 4;

/// The answer to one case.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// The moves of a shortest way out, the last one leaving the maze.
    WayOut(Vec<Step>),
    /// The player can never leave.
    NoWayOut,
}

impl Answer {
    /// The moves, if there is a way out.
    #[must_use]
    pub fn steps(&self) -> Option<&[Step]> {
        match self {
            Answer::WayOut(steps) => Some(steps),
            Answer::NoWayOut => None,
        }
    }
}

/// The judge's line: the moves' letters with no spaces, or `No way out`; then a newline.
impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::WayOut(steps) => {
                for step in steps {
                    write!(f, "{step}")?;
                }
            }
            Answer::NoWayOut => f.write_str("No way out")?,
        }
        writeln!(f)
    }
}

/// An answer with the figures of the work it took.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The answer.
    pub answer: Answer,
    /// IDA\*'s figures, summed over its runs (none when the maze has no way out and the complete
    /// search proved it first); `elapsed` is the time of the whole case, both searches included.
    pub search: SearchStats<u8>,
    /// Regions the complete search expanded (see [`Reachability::regions`]).
    pub regions: u64,
    /// Positions in those regions (see [`Reachability::states`]): for a maze with no way out,
    /// every position reachable from the start.
    pub states: u64,
}

/// Answers `maze`: a shortest way out (the first in W, N, E, S order, letter by letter, among the
/// shortest), or [`Answer::NoWayOut`].
///
/// ```
/// use puzzle_wall_pusher::{cases, solve};
///
/// let sample = include_str!("../tests/data/sample.in");
/// let maze = cases(sample).next().unwrap().unwrap();
/// assert_eq!(solve(&maze).to_string(), "NESESEENNWNWWWWW\n");
/// ```
#[must_use]
pub fn solve(maze: &Maze) -> Answer {
    solve_with(maze, NoObserver).answer
}

/// Answers `maze` as [`solve`] does, with the figures, letting `observer` watch every IDA\* run
/// (pass `&mut observer` to look at it afterwards).
pub fn solve_with<O: Observer<WallPusher>>(maze: &Maze, mut observer: O) -> Solved {
    let started = Instant::now();
    let mut search = SearchStats::default();
    let mut proof = Reachability::new(maze);
    let mut ida = |budget: Option<u64>, search: &mut SearchStats<u8>| {
        let limits =
            budget.map_or_else(Limits::default, |nodes| Limits::default().max_generated(nodes));
        let report = IdaStar::new(&WallPusher, &ExitDistance)
            .limits(limits)
            .observer(&mut observer)
            .run(maze);
        search.generated += report.stats.generated;
        search.expanded += report.stats.expanded;
        search.iterations.extend(report.stats.iterations);
        report.outcome
    };
    let answer = if maze.open_exits() == 0 {
        Answer::NoWayOut
    } else {
        let (mut proof_budget, mut search_budget) = (Some(FIRST_PROOF_BUDGET), FIRST_SEARCH_BUDGET);
        loop {
            match proof.run(proof_budget) {
                Proof::NoWayOut => break Answer::NoWayOut,
                Proof::WayOut => break way_out(*maze, ida(None, &mut search)),
                Proof::Unfinished => {}
            }
            if search_budget > LAST_SEARCH_BUDGET {
                proof_budget = None;
                continue;
            }
            if let Outcome::Solved(solution) = ida(Some(search_budget), &mut search) {
                break Answer::WayOut(solution.moves);
            }
            proof_budget = proof_budget.map(|budget| budget * GROWTH);
            search_budget *= GROWTH;
        }
    };
    search.elapsed = started.elapsed();
    Solved { answer, search, regions: proof.regions(), states: proof.states() }
}

/// The answer of an IDA\* run with no budget on a maze known to have a way out.
///
/// Such a run ends solved, unless every answer is longer than the 254 moves a `u8` cost can
/// count: then breadth-first search over positions, which counts moves in a `Vec`, finds one.
fn way_out(maze: Maze, outcome: Outcome<Step, u8>) -> Answer {
    let solution = outcome
        .into_solution()
        .or_else(|| BreadthFirst::new(&WallPusher).run(&maze).outcome.into_solution());
    solution.map_or(Answer::NoWayOut, |solution| Answer::WayOut(solution.moves))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dir;

    #[test]
    fn answers_print_as_the_judge_wants() {
        let answer =
            Answer::WayOut(vec![Step::Walk(Dir::N), Step::Push(Dir::E), Step::Leave(Dir::S)]);
        assert_eq!(answer.to_string(), "NES\n");
        assert_eq!(answer.steps().map(<[Step]>::len), Some(3));
        assert_eq!(Answer::NoWayOut.to_string(), "No way out\n");
        assert_eq!(Answer::NoWayOut.steps(), None);
    }

    #[test]
    fn a_maze_with_every_exit_closed_is_answered_at_once() {
        let masks: [u8; 24] = std::array::from_fn(|cell| {
            let (row, column) = (cell / 6, cell % 6);
            u8::from(column == 0)
                | u8::from(row == 0) << 1
                | u8::from(column == 5) << 2
                | u8::from(row == 3) << 3
        });
        let solved = solve_with(&Maze::from_masks(&masks, 7), NoObserver);
        assert_eq!(solved.answer, Answer::NoWayOut);
        assert_eq!((solved.search.generated, solved.regions), (0, 0));
    }
}
