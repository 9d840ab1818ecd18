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
use std::str::FromStr;
use std::sync::atomic::Ordering;
use std::time::Instant;

use search_core::{
    BreadthFirst, Heuristic, IdaStar, Limits, NoObserver, Observer, Outcome, Report, SearchStats,
    StopReason, Stopped,
};

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

/// An answer, or why the search stopped before it had one, with the figures of the work.
#[derive(Clone, Debug)]
pub struct CaseReport {
    /// The answer, or the limit that stopped the search and the bound IDA\* had reached.
    pub answer: Result<Answer, Stopped<u8>>,
    /// IDA\*'s figures, summed over its runs (none when the maze has no way out and the complete
    /// search proved it first); `elapsed` is the time of the whole case, both searches included.
    pub stats: SearchStats<u8>,
    /// Regions the complete search expanded (see [`Reachability::regions`]).
    pub regions: u64,
    /// Positions in those regions (see [`Reachability::states`]): for a maze with no way out,
    /// every position reachable from the start.
    pub states: u64,
}

/// The heuristics this crate offers, by the names a command line uses: one.
///
/// ```
/// use puzzle_wall_pusher::HeuristicName;
///
/// assert_eq!("exit-distance".parse(), Ok(HeuristicName::ExitDistance));
/// assert!("manhattan".parse::<HeuristicName>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicName {
    /// [`ExitDistance`], `exit-distance`.
    ExitDistance,
}

impl HeuristicName {
    /// Every heuristic, in the order `--help` lists them.
    pub const ALL: [HeuristicName; 1] = [HeuristicName::ExitDistance];

    /// The name [`FromStr`] accepts and [`Display`](fmt::Display) writes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            HeuristicName::ExitDistance => "exit-distance",
        }
    }

    /// The best heuristic for `maze`: [`ExitDistance`], the only one.
    #[must_use]
    pub fn default_for(_maze: &Maze) -> HeuristicName {
        HeuristicName::ExitDistance
    }

    /// Whether the heuristic is offered for `maze`: every heuristic is offered for every maze.
    #[must_use]
    pub fn supports(self, _maze: &Maze) -> bool {
        true
    }

    /// [`solve_parallel`] with this heuristic.
    #[must_use]
    pub fn solve_parallel(self, maze: &Maze, limits: &Limits<u8>, threads: usize) -> CaseReport {
        match self {
            HeuristicName::ExitDistance => solve_parallel(maze, &ExitDistance, limits, threads),
        }
    }

    /// [`solve_with`] this heuristic.
    pub fn solve_with<O: Observer<WallPusher>>(
        self,
        maze: &Maze,
        limits: &Limits<u8>,
        observer: O,
    ) -> CaseReport {
        match self {
            HeuristicName::ExitDistance => solve_with(maze, &ExitDistance, limits, observer),
        }
    }
}

impl fmt::Display for HeuristicName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for HeuristicName {
    type Err = UnknownHeuristic;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|heuristic| heuristic.name() == name)
            .ok_or_else(|| UnknownHeuristic { name: name.to_owned() })
    }
}

/// A name [`HeuristicName`]'s [`FromStr`] does not know; its message lists the names it does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnknownHeuristic {
    /// The name as given.
    pub name: String,
}

impl fmt::Display for UnknownHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = HeuristicName::ALL.iter().map(|heuristic| heuristic.name()).collect();
        write!(f, "unknown heuristic {:?}: the heuristics are {}", self.name, names.join(", "))
    }
}

impl std::error::Error for UnknownHeuristic {}

/// Answers `maze` with the default heuristic: a shortest way out (the first in W, N, E, S order,
/// letter by letter, among the shortest), or [`Answer::NoWayOut`].
///
/// ```
/// use puzzle_wall_pusher::{cases, solve};
///
/// let sample = include_str!("../tests/data/sample.in");
/// let maze = cases(sample).next().unwrap().unwrap();
/// assert_eq!(solve(&maze).to_string(), "NESESEENNWNWWWWW\n");
/// ```
///
/// # Panics
///
/// Never: a search with no limits always answers.
#[must_use]
pub fn solve(maze: &Maze) -> Answer {
    let solved = HeuristicName::default_for(maze).solve_with(maze, &Limits::default(), NoObserver);
    solved.answer.expect("a search with no limits answers")
}

/// Answers `maze` as [`solve`] does, with IDA\* guided by the admissible `heuristic`, within
/// `limits`, letting `observer` watch every IDA\* run (pass `&mut observer` to look at it
/// afterwards); the figures of both searches too.
///
/// The limits hold for the whole case: [`Limits::max_generated`] counts IDA\*'s nodes over all
/// its runs (the complete search's positions are not nodes of IDA\*'s and are not counted), and
/// the cancellation flag and the deadline are also read between the complete search's turns
/// and every [`PROOF_CHECK_INTERVAL`] regions of them. A case a limit stops reports the largest
/// bound IDA\* reached (a lower bound on the answer's length, if there is one).
///
/// ```
/// use puzzle_wall_pusher::{cases, solve_with, ExitDistance};
/// use search_core::{Limits, NoObserver, StopReason};
///
/// let sample = include_str!("../tests/data/sample.in");
/// let maze = cases(sample).next().unwrap().unwrap();
/// let solved = solve_with(&maze, &ExitDistance, &Limits::default(), NoObserver);
/// assert_eq!(solved.answer.unwrap().to_string(), "NESESEENNWNWWWWW\n");
///
/// let budget = Limits::default().max_generated(100);
/// let stopped = solve_with(&maze, &ExitDistance, &budget, NoObserver).answer.unwrap_err();
/// assert_eq!(stopped.reason, StopReason::NodeLimit);
/// ```
pub fn solve_with<H, O>(
    maze: &Maze,
    heuristic: &H,
    limits: &Limits<u8>,
    mut observer: O,
) -> CaseReport
where
    H: Heuristic<WallPusher>,
    O: Observer<WallPusher>,
{
    answer(*maze, limits, |limits| {
        IdaStar::new(&WallPusher, heuristic).limits(limits).observer(&mut observer).run(maze)
    })
}

/// Answers `maze` as [`solve_with`] does, each IDA\* run on `threads` threads (the parallel
/// driver, [`IdaStar::threads`]): the same answer and figures, sooner on several cores, and no
/// observer.
///
/// ```
/// use puzzle_wall_pusher::{cases, solve_parallel, ExitDistance};
/// use search_core::Limits;
///
/// let sample = include_str!("../tests/data/sample.in");
/// let maze = cases(sample).next().unwrap().unwrap();
/// let solved = solve_parallel(&maze, &ExitDistance, &Limits::default(), 2);
/// assert_eq!(solved.answer.unwrap().to_string(), "NESESEENNWNWWWWW\n");
/// ```
#[must_use]
pub fn solve_parallel<H>(
    maze: &Maze,
    heuristic: &H,
    limits: &Limits<u8>,
    threads: usize,
) -> CaseReport
where
    H: Heuristic<WallPusher> + Sync,
{
    answer(*maze, limits, |limits| {
        IdaStar::new(&WallPusher, heuristic).limits(limits).threads(threads).run(maze)
    })
}

/// The turns of [`solve_with`], with `search` running IDA\* under the limits it is given.
fn answer(
    maze: Maze,
    limits: &Limits<u8>,
    mut search: impl FnMut(Limits<u8>) -> Report<Step, u8>,
) -> CaseReport {
    let started = Instant::now();
    let mut stats = SearchStats::default();
    let mut proof = Reachability::new(&maze);
    // The largest bound an IDA* run reached: what a stopped case reports.
    let mut reached = 0;
    let mut ida = |turn: Option<u64>, stats: &mut SearchStats<u8>, reached: &mut u8| {
        let left = limits.max_generated.map(|max| max.saturating_sub(stats.generated));
        // The case's budget binds this run when it is no larger than the turn's.
        let case_binds = left.is_some_and(|left| turn.is_none_or(|turn| left <= turn));
        let mut run_limits = limits.clone();
        run_limits.max_generated = if case_binds { left } else { turn };
        let report = search(run_limits);
        let last_bound = report.stats.iterations.last().map(|iteration| iteration.bound);
        *reached = (*reached).max(last_bound.unwrap_or(0));
        *stats += report.stats;
        match report.outcome {
            Outcome::Solved(solution) => Run::Solved(solution.moves),
            Outcome::NoSolution => Run::NoSolution,
            Outcome::Stopped { reason: StopReason::NodeLimit, .. } if !case_binds => Run::TurnSpent,
            Outcome::Stopped { reason, bound } => {
                *reached = (*reached).max(bound);
                Run::Stopped(reason)
            }
            other => unreachable!("an outcome IDA* does not return: {other:?}"),
        }
    };
    let answer = if maze.open_exits() == 0 {
        Ok(Answer::NoWayOut)
    } else {
        let (mut proof_budget, mut search_budget) = (Some(FIRST_PROOF_BUDGET), FIRST_SEARCH_BUDGET);
        loop {
            let run = match prove_within(&mut proof, proof_budget, limits) {
                Ok(Proof::NoWayOut) => break Ok(Answer::NoWayOut),
                Ok(Proof::WayOut) => match ida(None, &mut stats, &mut reached) {
                    // Past the cost type's reach: see `way_out`.
                    Run::NoSolution => break Ok(way_out(maze)),
                    run => run,
                },
                Ok(Proof::Unfinished) if search_budget > LAST_SEARCH_BUDGET => {
                    proof_budget = None;
                    continue;
                }
                Ok(Proof::Unfinished) => ida(Some(search_budget), &mut stats, &mut reached),
                Err(reason) => Run::Stopped(reason),
            };
            match run {
                Run::Solved(moves) => break Ok(Answer::WayOut(moves)),
                Run::Stopped(reason) => break Err(Stopped { reason, bound: reached }),
                Run::NoSolution | Run::TurnSpent => {}
            }
            proof_budget = proof_budget.map(|budget| budget * GROWTH);
            search_budget *= GROWTH;
        }
    };
    stats.elapsed = started.elapsed();
    CaseReport { answer, stats, regions: proof.regions(), states: proof.states() }
}

/// How one IDA\* run of [`solve_with`] ended.
enum Run {
    /// With these moves.
    Solved(Vec<Step>),
    /// With every path followed to its end.
    NoSolution,
    /// With its turn's node budget spent: the complete search's turn is next.
    TurnSpent,
    /// With one of the case's limits reached.
    Stopped(StopReason),
}

/// How many regions the complete search expands between two looks at the cancellation flag and
/// the deadline.
pub const PROOF_CHECK_INTERVAL: u64 = 1 << 12;

/// Runs the complete search for `budget` more regions (to its end for `None`), looking at the
/// cancellation flag and the deadline of `limits` every [`PROOF_CHECK_INTERVAL`] regions.
fn prove_within(
    proof: &mut Reachability,
    budget: Option<u64>,
    limits: &Limits<u8>,
) -> Result<Proof, StopReason> {
    let mut left = budget.unwrap_or(u64::MAX);
    loop {
        if let Some(reason) = interrupted(limits) {
            return Err(reason);
        }
        let chunk = left.min(PROOF_CHECK_INTERVAL);
        match proof.run(Some(chunk)) {
            Proof::Unfinished if left > chunk => left -= chunk,
            verdict => return Ok(verdict),
        }
    }
}

/// The limit, other than the node budget, that says the case must stop now, if one does.
fn interrupted(limits: &Limits<u8>) -> Option<StopReason> {
    if limits.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
        return Some(StopReason::Cancelled);
    }
    let late = limits.deadline.is_some_and(|deadline| Instant::now() >= deadline);
    late.then_some(StopReason::TimeLimit)
}

/// The answer for a maze known to have a way out that IDA\* with no budget ran out of costs
/// for: every answer is longer than the 254 moves a `u8` cost can count. Breadth-first search
/// over positions, which counts moves in a `Vec`, finds one.
fn way_out(maze: Maze) -> Answer {
    let solution = BreadthFirst::new(&WallPusher).run(&maze).outcome.into_solution();
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
        let solved =
            solve_with(&Maze::from_masks(&masks, 7), &ExitDistance, &Limits::default(), NoObserver);
        assert_eq!(solved.answer, Ok(Answer::NoWayOut));
        assert_eq!((solved.stats.generated, solved.regions), (0, 0));
    }
}
