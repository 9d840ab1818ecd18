//! What solving a case gave, whatever the puzzle: the answer or the limit that stopped it, and the
//! search's figures.

use search_core::{Outcome, Report, SearchStats, Stopped};

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

impl<A, C: Copy> CaseReport<A, C> {
    /// What a search-core [`Report`] gives, with `answer` making the puzzle's answer from the
    /// solution (`None` when the search proved there is none); a stopped search keeps its limit
    /// and bound. No figures of the puzzle's own.
    pub fn from_report<M>(
        report: Report<M, C>,
        answer: impl FnOnce(Option<search_core::Solution<M, C>>) -> A,
    ) -> Self {
        let answer = match report.outcome {
            Outcome::Solved(solution) => Ok(answer(Some(solution))),
            Outcome::NoSolution => Ok(answer(None)),
            Outcome::Stopped { reason, bound } => Err(Stopped { reason, bound }),
            // `Outcome` may gain a way to end in a later search-core; this crate is released with
            // the search-core it is built against, which has no other.
            _ => unreachable!("an outcome this search-cli does not know"),
        };
        CaseReport { answer, stats: report.stats, more_stats: String::new() }
    }
}
