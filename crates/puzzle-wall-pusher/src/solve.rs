//! Answering a case: IDA\* for the shortest way out ([`solve`]; any driver through [`solve_by`]),
//! the complete search for "no way out", and the judge's output format.
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
use std::sync::atomic::Ordering;
use std::time::Instant;

use search_core::{
    BreadthFirst, IdaStar, Limits, Outcome, Report, SearchStats, StopReason, Stopped,
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
    /// The answer, or the limit that stopped the search and the bound it had reached.
    pub answer: Result<Answer, Stopped<u8>>,
    /// The figures of the search for a way out (IDA\*'s, unless [`solve_by`] ran another
    /// driver), summed over its runs (none when the maze has no way out and the complete search
    /// proved it first); `elapsed` is the time of the whole case, both searches included.
    pub stats: SearchStats<u8>,
    /// Regions the complete search expanded (see [`Reachability::regions`]).
    pub regions: u64,
    /// Positions in those regions (see [`Reachability::states`]): for a maze with no way out,
    /// every position reachable from the start.
    pub states: u64,
}

/// Answers `maze` with IDA\* and [`ExitDistance`] on this thread: a shortest way out (the first
/// in W, N, E, S order, letter by letter, among the shortest), or [`Answer::NoWayOut`].
///
/// This is the one way this crate answers a maze. To choose another driver, several threads,
/// limits or an observer, see [`solve_by`].
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
    let solved = solve_by(maze, &Limits::default(), |limits| {
        IdaStar::new(&WallPusher, &ExitDistance).limits(limits).run(maze)
    });
    solved.answer.expect("a search with no limits answers")
}

/// Answers `maze` as [`solve`] does, with `search` running the search for a way out: the caller
/// picks the driver, the heuristic, the threads and an observer with search-core's builders on the
/// [`WallPusher`] problem, and this function runs the turns, calling `search` once per turn with
/// that turn's limits. The figures of both searches come back too.
///
/// The turns: a maze whose exits are all closed has no way out at once; otherwise the complete
/// search ([`Reachability`], from [`FIRST_PROOF_BUDGET`] regions, going on where it stopped) and
/// `search` (from [`FIRST_SEARCH_BUDGET`] generated nodes, afresh each turn) take turns with
/// budgets that grow fourfold, until the proof says "no way out", `search` finds one, or the
/// proof finds an open exit, after which `search` runs with no budget and is bound to end. Past
/// [`LAST_SEARCH_BUDGET`] nodes the proof runs to its end alone.
///
/// `search` must run from `maze`, within the limits it is given (every search-core driver
/// does), and may be called several times: it starts afresh each time.
///
/// The `limits` hold for the whole case: [`Limits::max_generated`] counts the nodes of every
/// run of `search` (the complete search's positions are not nodes of theirs and are not counted),
/// and the cancellation flag and the deadline are also read between the complete search's turns
/// and every [`PROOF_CHECK_INTERVAL`] regions of them. A case a limit stops reports the largest
/// bound a run reached (a lower bound on the answer's length, if there is one).
///
/// Any driver gives a shortest way out. IDA\*, iterative deepening, Budgeted Tree Search and
/// breadth-first search give the first in W, N, E, S order, as [`solve`] does; uniform-cost
/// search and A\* break ties their own way.
///
/// ```
/// use puzzle_wall_pusher::{cases, solve_by, Answer, ExitDistance, WallPusher};
/// use search_core::{BreadthFirst, IdaStar, Limits, StopReason};
///
/// let sample = include_str!("../tests/data/sample.in");
/// let maze = cases(sample).next().unwrap().unwrap();
/// // IDA* on two threads.
/// let solved = solve_by(&maze, &Limits::default(), |limits| {
///     IdaStar::new(&WallPusher, &ExitDistance).limits(limits).threads(2).run(&maze)
/// });
/// assert_eq!(solved.answer.unwrap().to_string(), "NESESEENNWNWWWWW\n");
/// // Breadth-first search: the same answer, every position reached kept.
/// let solved = solve_by(&maze, &Limits::default(), |limits| {
///     BreadthFirst::new(&WallPusher).limits(limits).run(&maze)
/// });
/// assert_eq!(solved.answer.unwrap().to_string(), "NESESEENNWNWWWWW\n");
///
/// let budget = Limits::default().max_generated(100);
/// let stopped = solve_by(&maze, &budget, |limits| {
///     IdaStar::new(&WallPusher, &ExitDistance).limits(limits).run(&maze)
/// });
/// assert_eq!(stopped.answer.unwrap_err().reason, StopReason::NodeLimit);
/// ```
pub fn solve_by(
    maze: &Maze,
    limits: &Limits<u8>,
    mut search: impl FnMut(Limits<u8>) -> Report<Step, u8>,
) -> CaseReport {
    let maze = *maze;
    let started = Instant::now();
    let mut stats = SearchStats::default();
    let mut proof = Reachability::new(&maze);
    // The largest bound a run reached: what a stopped case reports.
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
            other => unreachable!("an outcome this crate does not know: {other:?}"),
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

/// How one run of the search for a way out ended.
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
        let maze = Maze::from_masks(&masks, 7);
        let solved = solve_by(&maze, &Limits::default(), |_| unreachable!("no search is needed"));
        assert_eq!(solved.answer, Ok(Answer::NoWayOut));
        assert_eq!((solved.stats.generated, solved.regions), (0, 0));
    }
}
