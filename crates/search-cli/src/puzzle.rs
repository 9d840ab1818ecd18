//! The one face of a puzzle: how a program reads its cases, solves one and writes the answer,
//! the heuristics by name, and what the other hosts of a puzzle (the cluster, the explorer) ask
//! of it, each with a default.

use std::fmt::Display;
use std::hash::Hash;
use std::io::{self, Write};

use search_core::{Heuristic, Observer, Problem};

use crate::algorithm::Algorithm;
use crate::explore::{Preset, Sizes};
use crate::input::Input;
use crate::report::CaseReport;
use crate::search::Search;
use crate::work::Work;

/// A program's puzzle: how to read its cases, solve one and write the answer. Everything else a
/// program does (its options, threads, streaming, limits, statistics, traces, progress, signals,
/// errors and exit statuses) comes with the crate.
///
/// Nine items are required: the program's name, five types, the heuristics' names,
/// [`cases`](Self::cases), [`solve`](Self::solve) and [`length`](Self::length); the rest have
/// defaults. The [crate documentation](crate) has a complete program.
pub trait Puzzle: Sync {
    /// The program's name, as messages give it.
    const PROGRAM: &'static str;
    /// The puzzle's name where a host lists several puzzles (the explorer's menu and its
    /// traces' `puzzle`): by default the program's.
    const NAME: &'static str = Self::PROGRAM;
    /// What the program does, for `--help` (by [`main`](crate::main)); none by default.
    const ABOUT: &'static str = "";
    /// The puzzle as search-core sees it (its moves are printed by `--trace`; its costs are the
    /// limits', the bounds' and the figures').
    type Problem: Problem<Move: Display>;
    /// One case of the input.
    type Case: Clone + Send;
    /// The answer to a case, as the output writes it (by default, its `Display` and a line end).
    type Answer: Send + Display;
    /// A heuristic, chosen by name (its `Display`) on the command line.
    type Heuristic: Copy + Display + Send + Sync + 'static;
    /// Every heuristic, in the order `--help` lists them; the first is the default. At least one.
    const HEURISTICS: &'static [Self::Heuristic];

    /// Why a case cannot be read: the puzzle crate's own parse error (`puzzle_rotation::ParseError`,
    /// say), or a `String`. Its message (its `Display`) names the case (`case 3: ...`): the
    /// program reports it as `error: case 3: ...`.
    type CaseError: Display;

    /// The cases of `input`, in order, each read only when asked for; an error ends them.
    fn cases(input: Input<'_>) -> impl Iterator<Item = Result<Self::Case, Self::CaseError>>;

    /// The heuristic for `case` (`chosen` on the command line, or the puzzle's default), ready
    /// to use (a database built or read, as [`Work::long`] work), or why the chosen one cannot
    /// serve it. By default, `chosen` or else the first of [`HEURISTICS`](Self::HEURISTICS).
    ///
    /// # Errors
    ///
    /// A message for a heuristic not offered for this case.
    fn heuristic(
        &self,
        chosen: Option<Self::Heuristic>,
        case: &Self::Case,
        work: &Work<'_>,
    ) -> Result<Self::Heuristic, String> {
        let _ = (case, work);
        chosen.or_else(|| Self::HEURISTICS.first().copied()).ok_or_else(|| {
            format!("{} offers no heuristic (Puzzle::HEURISTICS is empty)", Self::PROGRAM)
        })
    }

    /// Solves `case` with `heuristic` as `search` says: within its limits, and watched by its
    /// observer or on its threads ([`Search::ida_star`] does both).
    fn solve<O: Observer<Self::Problem>>(
        &self,
        case: &Self::Case,
        heuristic: Self::Heuristic,
        search: Search<'_, Self::Problem, O>,
    ) -> CaseReportOf<Self>;

    /// `state` drawn under its node's line in `--trace`, when the program was asked for
    /// drawings (`--pretty`); `None`, the default, draws nothing.
    fn draw_state(&self, state: &<Self::Problem as Problem>::State) -> Option<String> {
        let _ = state;
        None
    }

    /// `state` as the puzzle prints it, for `--trace-json`: the header's `instance` (the start)
    /// and each node's `state`. By default its `--trace` drawing ([`draw_state`](Self::draw_state)),
    /// so a program that draws only when asked (`--pretty`) gives states only then; `None` for the
    /// start leaves every state out of the case's trace.
    fn state_text(&self, state: &<Self::Problem as Problem>::State) -> Option<String> {
        self.draw_state(state)
    }

    /// Writes the answer in the output's format (with drawings, if the program was asked for
    /// them). By default, the answer's `Display` and a line end.
    ///
    /// # Errors
    ///
    /// When the output cannot be written.
    fn write_answer(
        &self,
        out: &mut dyn Write,
        case: &Self::Case,
        answer: &Self::Answer,
    ) -> io::Result<()> {
        let _ = case;
        writeln!(out, "{answer}")
    }

    /// The answer's number of moves (for `--stats`), or `None` when it has none (no solution).
    fn length(answer: &Self::Answer) -> Option<usize>;

    /// The drivers `--algorithm` may choose: those [`solve`](Self::solve) honours, through
    /// [`Search::ida_star`] (the depth-first ones, [`Algorithm::DEPTH_FIRST`]) or
    /// [`Search::solve`] (every one, [`Algorithm::ALL`], for hashable states). By default IDA\*
    /// alone, for a puzzle that runs its own driver.
    const ALGORITHMS: &'static [Algorithm] = &[Algorithm::Ida];

    /// Hands `job` the search of `case` with `heuristic` (made ready by
    /// [`heuristic`](Self::heuristic)): its problem, its heuristic and its start, whatever their
    /// types ([`Job::search`]), or the answer when the case needs no search ([`Job::answered`]:
    /// an unsolvable board, say). A host that runs the search its own way asks for it: the
    /// cluster (search-cluster) cuts it into work units. By default the job is refused
    /// ([`Job::refused`]), for a puzzle that runs its own driver.
    fn distribute<J: Job<Self>>(
        &self,
        case: &Self::Case,
        heuristic: Self::Heuristic,
        job: J,
    ) -> J::Output {
        let _ = (case, heuristic);
        job.refused(&format!(
            "{} does not hand its search to another host (it has no Puzzle::distribute)",
            Self::PROGRAM
        ))
    }

    /// What else than the case and the heuristic decides a case's search (a cost model, say):
    /// part of a cluster search's fingerprint, so that workers with other settings are refused.
    /// None by default.
    fn settings(&self) -> String {
        String::new()
    }

    // What the explorer's page asks besides (search-cli's `explore` module has the types).

    /// `state` drawn by the page, as JSON: one of the drawings `docs/trace-format.md` names (a
    /// board of tiles, a maze, a stack...). `None`, the default, leaves states undrawn: the page
    /// shows their text ([`state_text`](Self::state_text)).
    fn picture(&self, state: &<Self::Problem as Problem>::State) -> Option<crate::explore::Value> {
        let _ = state;
        None
    }

    /// The instances the page offers in its menu, in the input format. None by default.
    fn presets(&self) -> Vec<Preset> {
        Vec::new()
    }

    /// Whether the page offers `heuristic`: a heuristic a page's run cannot wait for (a pattern
    /// database built in seconds to minutes) or whose search is of another problem than
    /// [`Problem`](Self::Problem) (whose states the page cannot draw) is not. Every one by
    /// default. The page offers `zero` besides, a search that ignores the heuristic.
    fn page_offers(heuristic: Self::Heuristic) -> bool {
        let _ = heuristic;
        true
    }

    /// Why `case` has no solution, when the puzzle proves it without searching (the sliding
    /// puzzle's parity): the page then shows this reason, and no search. `None` by default.
    fn unsolvable(&self, case: &Self::Case) -> Option<String> {
        let _ = case;
        None
    }

    /// A random instance `moves` random moves from a goal (no state visited twice on the way, so
    /// at most that far from it: [`random_walk`](crate::explore::random_walk)), written in the
    /// input format; `None` (the default) if the puzzle makes none. `size` chooses among the
    /// puzzle's [`sizes`](Self::sizes) where it has several (the board's width); it is one of
    /// them, or 0 for the default.
    fn scramble(&self, size: usize, moves: usize, seed: u64) -> Option<String> {
        let _ = (size, moves, seed);
        None
    }

    /// The sizes [`scramble`](Self::scramble) makes, where the puzzle has several; `None` (the
    /// default) if it has one, and the size asked for is not looked at.
    fn sizes(&self) -> Option<Sizes> {
        None
    }

    /// An instance as [`scramble`](Self::scramble) makes, of the shape `shape` names, written as
    /// the input writes it (the sliding puzzle's `WIDTHxHEIGHT`, columns and rows, as in
    /// `3x2: 1 2 0 3 4 5`). By default a puzzle has no shapes.
    ///
    /// # Errors
    ///
    /// Why no instance of `shape` is made: the shape is malformed, or the puzzle has none.
    fn scramble_shaped(&self, shape: &str, moves: usize, seed: u64) -> Result<String, String> {
        let _ = (moves, seed);
        Err(format!(
            "the {} puzzle has no shapes: no random instance of shape '{shape}'",
            Self::NAME
        ))
    }
}

/// How a solution's moves (`None`: the case has no solution) become the puzzle's answer, or why
/// they cannot.
pub type ToAnswer<'a, M, A> = dyn Fn(Option<Vec<M>>) -> Result<A, String> + 'a;

/// Work to do with the search of one case, whatever the types of its problem and heuristic: what
/// [`Puzzle::distribute`] hands the search to.
pub trait Job<Z: Puzzle + ?Sized> {
    /// What the job gives.
    type Output;

    /// Does the job with the case's search: `answer` turns a solution's moves (`None`: the case
    /// has no solution) into the puzzle's answer.
    fn search<P, H>(
        self,
        problem: &P,
        heuristic: &H,
        start: &P::State,
        answer: &ToAnswer<'_, P::Move, Z::Answer>,
    ) -> Self::Output
    where
        P: Problem<Cost = CostOf<Z>, Move: Display> + Sync,
        P::State: Hash + Eq + Sync + 'static,
        H: Heuristic<P> + Sync;

    /// The case is answered without a search.
    fn answered(self, answer: Z::Answer) -> Self::Output;

    /// The puzzle does not hand its search over: `message` says so.
    fn refused(self, message: &str) -> Self::Output;
}

/// The cost type of a puzzle's problem: its limits', bounds' and figures'.
pub type CostOf<P> = <<P as Puzzle>::Problem as Problem>::Cost;

/// What solving a case of the puzzle `P` gives.
pub type CaseReportOf<P> = CaseReport<<P as Puzzle>::Answer, CostOf<P>>;
