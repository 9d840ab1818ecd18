//! How the explorer hosts a program's [`Puzzle`]: [`Hosted`] makes any puzzle an object-safe
//! [`Entry`], which the server and the command line use whatever the puzzle's types. A request is
//! checked once ([`Entry::prepare`]: the case read by the puzzle's own [`Puzzle::cases`], the
//! heuristic found among its typed names) and becomes a [`Prepared`] run, which searches as the
//! puzzle hands its search to another host ([`Puzzle::distribute`]), with a recorder watching.

use std::any::Any;
use std::fmt::{self, Display};
use std::hash::Hash;
use std::io::{Cursor, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use search_cli::explore::Preset;
use search_cli::{Algorithm, CostOf, Input, Job, Puzzle, ToAnswer};
use search_core::num_traits::ToPrimitive;
use search_core::{Blind, Heuristic, IdaStar, Limits, Problem};
use serde::Serialize;

use crate::graph::{self, GRAPH_LIMIT};
use crate::recorder::Described;
use crate::run::{self, Options, RunSummary};
use crate::trace::{FORMAT, Header, VERSION};

/// The state type of a hosted puzzle.
type StateOf<Z> = <<Z as Puzzle>::Problem as Problem>::State;

/// Why a run could not start.
#[derive(Debug)]
pub enum RunError {
    /// The instance is malformed: the puzzle's message.
    Instance(String),
    /// The request names no algorithm or heuristic the puzzle has, or the puzzle cannot show
    /// this search.
    Request(String),
    /// Writing the trace failed (the reader went away).
    Io(std::io::Error),
}

impl Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Instance(message) | RunError::Request(message) => f.write_str(message),
            RunError::Io(error) => write!(f, "writing the trace failed: {error}"),
        }
    }
}

impl std::error::Error for RunError {}

/// A random instance, and what of the request was changed to make it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RandomInstance {
    /// The instance, in the input format.
    pub instance: String,
    /// What was changed: a size out of range brought into it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clamped: Option<String>,
    /// The instance's distance from the goal, as IDA\* measured it: less than the moves asked
    /// for when no walk reached that far. Absent when it was not measured (the page offers no
    /// heuristic for the puzzle, or the measuring was stopped or ran out of budget).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance: Option<u64>,
}

/// How many random walks [`Entry::random`] measures before it settles for the farthest.
const RANDOM_ATTEMPTS: u64 = 16;
/// The nodes IDA\* may generate to measure one random walk's distance from the goal.
const RANDOM_BUDGET: u64 = 1_000_000;

/// The heuristic a page's run searches with: one of the puzzle's, or `zero`, which every
/// puzzle has: the search ignores the puzzle's heuristic (search-core's [`Blind`]).
#[derive(Clone, Copy, Debug)]
enum PageHeuristic<H> {
    Zero,
    Named(H),
}

/// A registered puzzle, whatever its types: what the server and the command line use.
pub trait Entry: Send + Sync {
    /// The puzzle's name ([`Puzzle::NAME`]).
    fn name(&self) -> &'static str;
    /// The heuristics' names the page offers ([`Puzzle::page_offers`]), the default first,
    /// `zero` last.
    fn heuristic_names(&self) -> Vec<String>;
    /// The presets ([`Puzzle::presets`]).
    fn presets(&self) -> Vec<Preset>;
    /// Checks an instance: the puzzle's message when it is malformed.
    ///
    /// # Errors
    ///
    /// The puzzle's message.
    fn check(&self, instance: &str) -> Result<(), String>;
    /// A random instance `moves` moves from a goal: [`Puzzle::scramble`]'s walks, measured by
    /// IDA\* with the page's default heuristic until one is at that distance (else the farthest
    /// measured, nearer the goal), of the size asked for brought into [`Puzzle::sizes`], or of
    /// the shape asked for ([`Puzzle::scramble_shaped`]). The measuring stops when `cancel` is
    /// set (the answer is then one not measured, or none).
    ///
    /// # Errors
    ///
    /// Why none is made: the puzzle makes no random instances, or none of `shape`.
    fn random(
        &self,
        size: usize,
        shape: Option<&str>,
        moves: usize,
        seed: u64,
        cancel: Option<&Arc<AtomicBool>>,
    ) -> Result<RandomInstance, String>;
    /// Whether the puzzle makes random instances ([`Puzzle::scramble`]).
    fn makes_random(&self) -> bool;
    /// A run of `algorithm` with `heuristic` (the page's default when `None`; not looked at for
    /// a blind algorithm) on `instance`, checked and ready to record.
    ///
    /// # Errors
    ///
    /// A malformed instance, an unknown heuristic.
    fn prepare(
        &self,
        instance: &str,
        algorithm: Algorithm,
        heuristic: Option<&str>,
    ) -> Result<Box<dyn Prepared>, RunError>;
    /// Prepares a run ([`prepare`](Self::prepare)) and records it into `out`.
    ///
    /// # Errors
    ///
    /// A malformed instance, an unknown heuristic, a failed write.
    fn run(
        &self,
        instance: &str,
        algorithm: Algorithm,
        heuristic: &str,
        options: &Options,
        out: &mut dyn Write,
    ) -> Result<RunSummary, RunError> {
        self.prepare(instance, algorithm, Some(heuristic))?.run(options, out)
    }
}

/// A run whose request was checked ([`Entry::prepare`]): its case, algorithm and heuristic are
/// the puzzle's typed values.
pub trait Prepared: Send {
    /// Records the run into `out`: the header, the events, the `stats` line.
    ///
    /// # Errors
    ///
    /// A failed write; a search the page cannot show.
    fn run(self: Box<Self>, options: &Options, out: &mut dyn Write)
    -> Result<RunSummary, RunError>;
}

/// A program's [`Puzzle`], hosted by the explorer.
pub struct Hosted<Z> {
    puzzle: Arc<Z>,
}

impl<Z> Hosted<Z> {
    /// Hosts `puzzle`.
    pub fn new(puzzle: Z) -> Self {
        Hosted { puzzle: Arc::new(puzzle) }
    }
}

/// The heuristics the page offers for `Z`, the default first.
fn offered<Z: Puzzle>() -> impl Iterator<Item = Z::Heuristic> {
    Z::HEURISTICS.iter().copied().filter(|&heuristic| Z::page_offers(heuristic))
}

/// The first case of `text`, or the puzzle's message (or a note that there was no case).
fn first_case<Z: Puzzle>(text: &str) -> Result<Z::Case, String> {
    let input = Input::new(Box::new(Cursor::new(text.as_bytes().to_vec())), "the instance");
    match Z::cases(input).next() {
        Some(Ok(case)) => Ok(case),
        Some(Err(error)) => Err(error.to_string()),
        None => Err("no instance: the text holds no case".to_owned()),
    }
}

impl<Z> Entry for Hosted<Z>
where
    Z: Puzzle + Send + 'static,
    StateOf<Z>: 'static,
{
    fn name(&self) -> &'static str {
        Z::NAME
    }

    fn heuristic_names(&self) -> Vec<String> {
        let mut names: Vec<String> = offered::<Z>().map(|h| h.to_string()).collect();
        names.push("zero".to_owned());
        names
    }

    fn presets(&self) -> Vec<Preset> {
        self.puzzle.presets()
    }

    fn check(&self, instance: &str) -> Result<(), String> {
        first_case::<Z>(instance).map(drop)
    }

    fn random(
        &self,
        size: usize,
        shape: Option<&str>,
        moves: usize,
        seed: u64,
        cancel: Option<&Arc<AtomicBool>>,
    ) -> Result<RandomInstance, String> {
        let puzzle = &*self.puzzle;
        let (size, clamped) = match (shape, puzzle.sizes()) {
            (None, Some(sizes)) => sizes.choose(size),
            _ => (size, None),
        };
        let none = || format!("the {} puzzle has no random instances", Z::NAME);
        let scramble = |seed| match shape {
            Some(shape) => puzzle.scramble_shaped(shape, moves, seed),
            None => puzzle.scramble(size, moves, seed).ok_or_else(none),
        };
        // A walk of `moves` moves may end nearer the goal. Each walk is measured by IDA* with
        // the page's default heuristic, as a run searches (within a budget, so that a 15-puzzle
        // far from the goal cannot hold the request up), and the first at the distance asked
        // for is taken; failing that, the farthest measured (its distance said), or the last.
        let wanted = u64::try_from(moves).unwrap_or(u64::MAX);
        let mut best: Option<(u64, String)> = None;
        let mut last = None;
        for attempt in 0..RANDOM_ATTEMPTS {
            if cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                break;
            }
            let text = scramble(seed.wrapping_add(attempt.wrapping_mul(0x9e37_79b9_7f4a_7c15)))?;
            let Ok(case) = first_case::<Z>(&text) else { continue };
            let Some(heuristic) = offered::<Z>().next() else {
                return Ok(RandomInstance { instance: text, clamped, distance: None });
            };
            match puzzle.distribute(&case, heuristic, Measured { cancel }) {
                Some(cost) if cost == wanted => {
                    return Ok(RandomInstance { instance: text, clamped, distance: Some(cost) });
                }
                Some(cost) if best.as_ref().is_none_or(|(b, _)| cost > *b) => {
                    best = Some((cost, text));
                }
                _ => last = Some(text),
            }
        }
        match (best, last) {
            (Some((cost, instance)), _) => {
                Ok(RandomInstance { instance, clamped, distance: Some(cost) })
            }
            (None, Some(instance)) => Ok(RandomInstance { instance, clamped, distance: None }),
            (None, None) => Err(none()),
        }
    }

    fn makes_random(&self) -> bool {
        let size = self.puzzle.sizes().map_or(0, |sizes| sizes.default);
        self.puzzle.scramble(size, 0, 1).is_some()
    }

    fn prepare(
        &self,
        instance: &str,
        algorithm: Algorithm,
        heuristic: Option<&str>,
    ) -> Result<Box<dyn Prepared>, RunError> {
        let case = first_case::<Z>(instance).map_err(RunError::Instance)?;
        let heuristic = if algorithm.informed() {
            let default = offered::<Z>().next().map(|h| h.to_string());
            match heuristic.map(str::to_owned).or(default).as_deref() {
                None | Some("zero") => PageHeuristic::Zero,
                Some(name) => {
                    let named = offered::<Z>().find(|h| h.to_string() == name);
                    PageHeuristic::Named(named.ok_or_else(|| {
                        RunError::Request(format!(
                            "the {} puzzle has no heuristic '{name}': it has {}",
                            Z::NAME,
                            self.heuristic_names().join(", ")
                        ))
                    })?)
                }
            }
        } else {
            PageHeuristic::Zero
        };
        let puzzle = Arc::clone(&self.puzzle);
        Ok(Box::new(Run {
            puzzle,
            case,
            instance: instance.trim().to_owned(),
            algorithm,
            heuristic,
        }))
    }
}

/// A checked run of a hosted puzzle.
struct Run<Z: Puzzle> {
    puzzle: Arc<Z>,
    case: Z::Case,
    /// The instance as it was asked for, trimmed: the header's.
    instance: String,
    algorithm: Algorithm,
    heuristic: PageHeuristic<Z::Heuristic>,
}

impl<Z> Prepared for Run<Z>
where
    Z: Puzzle + Send + 'static,
    StateOf<Z>: 'static,
{
    fn run(
        self: Box<Self>,
        options: &Options,
        out: &mut dyn Write,
    ) -> Result<RunSummary, RunError> {
        let Run { puzzle, case, instance, algorithm, heuristic } = *self;
        let (blind, chosen) = match heuristic {
            PageHeuristic::Named(chosen) => (false, Some(chosen)),
            // The search ignores the heuristic the puzzle hands it: its default, say.
            PageHeuristic::Zero => (true, offered::<Z>().next().or(Z::HEURISTICS.first().copied())),
        };
        let header = Header {
            format: FORMAT,
            version: VERSION,
            puzzle: Z::NAME.to_owned(),
            instance,
            algorithm: algorithm.name(),
            heuristic: match chosen {
                Some(chosen) if !blind => chosen.to_string(),
                _ => "zero".to_owned(),
            },
            event_cap: options.cap,
            code: Some(run::code_for(algorithm)),
            graph: None,
        };
        // A case the puzzle proves unsolvable is not searched (IDA* on a maze with no way out
        // would never end): the trace says why.
        if let Some(reason) = puzzle.unsolvable(&case) {
            run::write_unsolvable(&header, &reason, out).map_err(RunError::Io)?;
            return Ok(RunSummary::unsolvable());
        }
        let chosen = chosen
            .ok_or_else(|| RunError::Request(format!("the {} puzzle has no heuristic", Z::NAME)))?;
        let job = Recorded { puzzle: &*puzzle, header, blind, algorithm, options, out };
        puzzle.distribute(&case, chosen, job)
    }
}

/// `state` as the puzzle's own state, if it is one (a search of another problem, such as the
/// pattern databases' tracked boards, has states the puzzle does not draw).
fn own_state<Z: Puzzle, S: 'static>(state: &S) -> Option<&StateOf<Z>>
where
    StateOf<Z>: 'static,
{
    (state as &dyn Any).downcast_ref()
}

/// The job of a page's run: the search of the case, recorded.
struct Recorded<'a, Z> {
    puzzle: &'a Z,
    header: Header,
    /// Whether the search ignores the heuristic (`zero`).
    blind: bool,
    algorithm: Algorithm,
    options: &'a Options,
    out: &'a mut dyn Write,
}

impl<Z> Job<Z> for Recorded<'_, Z>
where
    Z: Puzzle,
    StateOf<Z>: 'static,
{
    type Output = Result<RunSummary, RunError>;

    fn search<P, H>(
        self,
        problem: &P,
        heuristic: &H,
        start: &P::State,
        _: &ToAnswer<'_, P::Move, Z::Answer>,
    ) -> Self::Output
    where
        P: Problem<Cost = CostOf<Z>, Move: Display> + Sync,
        P::State: Hash + Eq + Sync + 'static,
        H: Heuristic<P> + Sync,
    {
        let Recorded { puzzle, header, blind, algorithm, options, out } = self;
        if own_state::<Z, _>(start).is_none() {
            return Err(RunError::Request(format!(
                "the {} puzzle searches this heuristic on states of its own, which the page \
                 cannot show",
                Z::NAME
            )));
        }
        let text = |state: &P::State| {
            let text = own_state::<Z, _>(state).and_then(|state| puzzle.state_text(state));
            text.unwrap_or_default().trim_end().to_owned()
        };
        let describe = |state: &P::State| Described {
            text: text(state),
            draw: own_state::<Z, _>(state).and_then(|state| puzzle.picture(state)),
            sid: None,
        };
        // A small state space goes in the header whole, for the page to draw; each node event
        // names its state there by its sid (found by its text: two states of the same text would
        // be one to the page, so such a space is not drawn).
        let space = |problem: &P, start: &P::State, estimate: &dyn Fn(&P::State) -> u64| {
            graph::state_space(problem, start, GRAPH_LIMIT, text, estimate)
        };
        let views = (&describe as _, &space as _);
        let recorded = if blind {
            run::record((problem, &Blind, start), algorithm, header, views, options, out)
        } else {
            run::record((problem, heuristic, start), algorithm, header, views, options, out)
        };
        recorded.map_err(RunError::Io)
    }

    /// The puzzle answered the case without a search: a case with no solution, whose answer
    /// says why; one with a solution has no run to show.
    fn answered(self, answer: Z::Answer) -> Self::Output {
        let reason = answer.to_string().trim_end().to_owned();
        if Z::length(&answer).is_some() {
            return Err(RunError::Request(format!(
                "the {} puzzle answers this case without a search ({reason}): there is no run \
                 to show",
                Z::NAME
            )));
        }
        run::write_unsolvable(&self.header, &reason, self.out).map_err(RunError::Io)?;
        Ok(RunSummary::unsolvable())
    }

    fn refused(self, message: &str) -> Self::Output {
        Err(RunError::Request(message.to_owned()))
    }
}

/// The job of measuring a random instance: its distance from the goal, as IDA\* finds it
/// unrecorded within [`RANDOM_BUDGET`] nodes; `None` when it was not found.
struct Measured<'a> {
    cancel: Option<&'a Arc<AtomicBool>>,
}

impl<Z: Puzzle> Job<Z> for Measured<'_> {
    type Output = Option<u64>;

    fn search<P, H>(
        self,
        problem: &P,
        heuristic: &H,
        start: &P::State,
        _: &ToAnswer<'_, P::Move, Z::Answer>,
    ) -> Option<u64>
    where
        P: Problem<Cost = CostOf<Z>, Move: Display> + Sync,
        P::State: Hash + Eq + Sync + 'static,
        H: Heuristic<P> + Sync,
    {
        let mut limits = Limits::default().max_generated(RANDOM_BUDGET);
        if let Some(flag) = self.cancel {
            limits = limits.cancel_flag(Arc::clone(flag));
        }
        let report = IdaStar::new(problem, heuristic).limits(limits).run(start);
        report.outcome.solution().and_then(|solution| solution.cost.to_u64())
    }

    fn answered(self, _: Z::Answer) -> Option<u64> {
        None
    }

    fn refused(self, _: &str) -> Option<u64> {
        None
    }
}

#[cfg(test)]
mod tests {
    use ida_examples::puzzles::cube::pocket_page::{self, EIGHT_MOVES, ELEVEN_MOVES, LECTURE};
    use ida_examples::puzzles::{pancakes, rotation, wall_pusher};
    use puzzle_cube::{Pocket, PocketDistances};
    use search_cli::Puzzle;
    use serde_json::json;

    use super::*;
    use crate::Registry;

    /// The pocket cube `text` names, held by its corner as its program searches it.
    fn held(text: &str) -> Pocket {
        first_case::<ida_examples::puzzles::cube::PocketProgram>(text).unwrap().held().pocket
    }

    #[test]
    fn the_page_offers_each_programs_quick_heuristics_and_zero() {
        let registry = Registry::builtin();
        let names = |puzzle| registry.get(puzzle).unwrap().heuristic_names();
        assert_eq!(names("sliding"), ["manhattan", "linear-conflict", "misplaced", "zero"]);
        assert_eq!(names("rotation"), ["exact", "count", "zero"]);
        assert_eq!(names("wall-pusher"), ["exit-distance", "zero"]);
        assert_eq!(names("pancake"), ["gaps", "zero"]);
        assert_eq!(names("pocket-cube"), ["bound", "exact", "zero"]);
        // The pattern databases (a build of seconds to minutes) are the program's, not the
        // page's.
        let sliding = registry.get("sliding").unwrap();
        let refused = sliding.prepare("0 1 2 3 4 5 6 7 8", Algorithm::Ida, Some("pdb"));
        assert_eq!(
            refused.err().unwrap().to_string(),
            "the sliding puzzle has no heuristic 'pdb': it has manhattan, linear-conflict, \
             misplaced, zero"
        );
        // A blind driver does not look at the heuristic's name.
        assert!(sliding.prepare("0 1 2 3 4 5 6 7 8", Algorithm::Bfs, Some("pdb")).is_ok());
    }

    #[test]
    fn each_puzzle_draws_its_state_as_the_trace_format_says() {
        let board =
            first_case::<rotation::Program>("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3")
                .unwrap();
        let drawn = rotation::Program { pretty: false }.picture(&board).unwrap();
        assert_eq!(drawn["kind"], "rotation");
        assert_eq!(drawn["cells"][4], 3);
        assert_eq!(drawn["cells"].as_array().unwrap().len(), 24);
        let walls = wall_pusher::Program { pretty: false };
        let sample = walls.presets()[0].instance;
        let mut maze = first_case::<wall_pusher::Program>(sample).unwrap();
        let drawn = walls.picture(&maze).unwrap();
        // The start is column 2, row 3, counted from 1: row 2, column 1 from 0.
        assert_eq!(drawn["player"], json!([2, 1]));
        // The first cell's mask in the input, 10: walls north and south.
        assert_eq!(drawn["walls"][0], 10);
        // Solved (the judge's answer ends WWWWW along the first row), the player is drawn
        // outside the grid, west of the first column.
        let problem = puzzle_wall_pusher::WallPusher;
        let solution = search_core::ida_star(&problem, &puzzle_wall_pusher::ExitDistance, &maze);
        for step in solution.outcome.solution().unwrap().moves.clone() {
            Problem::apply(&problem, &mut maze, step);
        }
        assert!(maze.has_left());
        assert_eq!(walls.picture(&maze).unwrap()["player"], json!([0, -1]));
        let stack = first_case::<pancakes::Program>("2 0 1").unwrap();
        let drawn = pancakes::Program.picture(&stack).unwrap();
        assert_eq!(drawn, json!({"kind": "stack", "sizes": [2, 0, 1]}));
    }

    #[test]
    fn a_bad_instance_gets_the_programs_message() {
        let registry = Registry::builtin();
        let message = |text| registry.get("pancake").unwrap().check(text).unwrap_err();
        assert_eq!(message("1 x 0"), r#"case 1: "x" is not a pancake's size"#);
        assert_eq!(message("0 3 1"), "case 1: the sizes are not 0 to 2, each once");
        assert_eq!(
            registry.get("sliding").unwrap().check(""),
            Err("no instance: the text holds no case".to_owned())
        );
        // The pocket cube's, as the program `cube --pocket` reads it.
        let pocket = registry.get("pocket-cube").unwrap();
        assert_eq!(
            pocket.check("R X"),
            Err("case 1 (line 1): \"X\" is not a turn (a face U R F D L B, then nothing, 2 or ') \
                 nor stickers"
                .to_owned())
        );
        let twisted = pocket.check("UUUFURRRFRFFDDDDLLLLBBBB").unwrap_err();
        assert!(twisted.contains("twist"), "{twisted}");
        assert_eq!(pocket.check("  "), Err("no instance: the text holds no case".to_owned()));
    }

    #[test]
    fn a_pocket_cube_is_read_as_the_program_reads_it() {
        // A scramble, with or without the prefix, and its stickers: the same cube.
        let scrambled = held("2x2x2: R U");
        assert_eq!(scrambled, held("R U"));
        assert_eq!(scrambled, held(&scrambled.facelets()));
        // The solved cube's stickers, however it is held.
        assert_eq!(held("2x2x2:"), Pocket::solved());
        // A turn of D is a turn of U of the cube held by its DBL corner.
        assert_eq!(held("2x2x2: D"), held("2x2x2: U"));
    }

    #[test]
    fn the_pocket_cubes_presets_are_as_far_as_they_say() {
        let exact = PocketDistances::build(0);
        assert_eq!(exact.distance(&held(LECTURE)), 5);
        assert_eq!(exact.distance(&held(EIGHT_MOVES)), 8);
        assert_eq!(exact.distance(&held(ELEVEN_MOVES)), 11);
        let registry = Registry::builtin();
        let pocket = registry.get("pocket-cube").unwrap();
        let run = |instance, heuristic| {
            let options = Options::default();
            pocket.run(instance, Algorithm::Ida, heuristic, &options, &mut Vec::new()).unwrap()
        };
        let lecture = run(LECTURE, "bound");
        let bounds: Vec<u64> = lecture.iterations.iter().map(|i| i.bound).collect();
        assert_eq!((lecture.cost, bounds, lecture.generated), (Some(5), vec![3, 4, 5], 62));
        let eight = run(EIGHT_MOVES, "bound");
        assert_eq!((eight.cost, eight.iterations.len()), (Some(8), 4));
        let eight = run(EIGHT_MOVES, "exact");
        assert_eq!((eight.cost, eight.iterations.len()), (Some(8), 1));
        let eleven = run(ELEVEN_MOVES, "bound");
        assert_eq!((eleven.cost, eleven.truncated), (Some(11), false), "{eleven:?}");
        // Measured by IDA*, a random cube is at the distance asked for.
        for seed in 1..4 {
            let made = pocket.random(0, None, 9, seed, None).unwrap();
            assert_eq!(made.distance, Some(9), "{made:?}");
            assert_eq!(exact.distance(&held(&made.instance)), 9, "{made:?}");
        }
        assert_eq!(pocket_page::presets().len(), 3);
    }

    #[test]
    fn a_random_instance_is_at_the_distance_asked_for() {
        let registry = Registry::builtin();
        for (puzzle, size) in [("sliding", 3), ("pancake", 12), ("rotation", 0)] {
            let puzzle = registry.get(puzzle).unwrap();
            for seed in 1..6 {
                let instance = puzzle.random(size, None, 8, seed, None).unwrap().instance;
                let heuristic = &puzzle.heuristic_names()[0];
                let run = puzzle.run(
                    &instance,
                    Algorithm::Ida,
                    heuristic,
                    &Options::default(),
                    &mut Vec::new(),
                );
                let run = run.unwrap();
                assert!(run.cost.unwrap() <= 8, "{} {instance}: {run:?}", puzzle.name());
                if puzzle.name() != "rotation" {
                    // Walks on these puzzles reach distance 8 often enough to be found.
                    assert_eq!(run.cost, Some(8), "{} {instance}", puzzle.name());
                }
            }
        }
        let walls = registry.get("wall-pusher").unwrap();
        assert_eq!(
            walls.random(0, None, 5, 1, None),
            Err("the wall-pusher puzzle has no random instances".to_owned())
        );
        assert!(!walls.makes_random());
        for puzzle in ["sliding", "pancake", "rotation", "pocket-cube"] {
            assert!(registry.get(puzzle).unwrap().makes_random(), "{puzzle}");
        }
    }

    #[test]
    fn a_random_board_has_the_shape_asked_for() {
        let registry = Registry::builtin();
        let sliding = registry.get("sliding").unwrap();
        // The 3x2 board's farthest states are 21 moves from the goal (its 360 states searched
        // breadth-first); a walk asked for 12 is measured until one is 12 away.
        for seed in 1..6 {
            let made = sliding.random(0, Some("3x2"), 12, seed, None).unwrap();
            let board = first_case::<ida_examples::puzzles::sliding::Program>(&made.instance);
            let board = board.unwrap();
            assert_eq!((board.width(), board.height()), (3, 2), "{}", made.instance);
            assert!(made.instance.starts_with("3x2: "), "{}", made.instance);
            let problem = puzzle_sliding::Sliding::for_board(&board);
            let cost = search_core::ida_star(&problem, &puzzle_sliding::Manhattan, &board)
                .outcome
                .solution()
                .map(|s| s.cost);
            assert_eq!((cost, made.distance), (Some(12), Some(12)), "{}", made.instance);
        }
        let message = |shape| sliding.random(0, Some(shape), 6, 1, None).unwrap_err();
        assert_eq!(message("6x5"), "no 6x5 board: at least 2 columns and 2 rows, at most 25 cells");
        assert_eq!(
            registry.get("pancake").unwrap().random(0, Some("3x2"), 6, 1, None).unwrap_err(),
            "the pancake puzzle has no shapes: no random instance of shape '3x2'"
        );
    }

    #[test]
    fn past_the_farthest_distance_the_answer_says_how_far_it_is() {
        let registry = Registry::builtin();
        let sliding = registry.get("sliding").unwrap();
        // No 8-puzzle board is more than 31 moves from the goal (Reinefeld 1993): asked for 40,
        // the farthest walk measured is nearer, and the answer says how near.
        let made = sliding.random(3, None, 40, 7, None).unwrap();
        let distance = made.distance.unwrap();
        assert!((20..=31).contains(&distance), "{made:?}");
        let board = first_case::<ida_examples::puzzles::sliding::Program>(&made.instance).unwrap();
        let problem = puzzle_sliding::Sliding::new(3);
        let cost = search_core::ida_star(&problem, &puzzle_sliding::Manhattan, &board)
            .outcome
            .solution()
            .map(|s| u64::from(s.cost));
        assert_eq!(cost, Some(distance));
        // At a distance reached, the answer says that distance.
        assert_eq!(sliding.random(3, None, 10, 7, None).unwrap().distance, Some(10));
        // A size out of range is brought into it, and the answer says so.
        let made = sliding.random(9, None, 4, 7, None).unwrap();
        assert_eq!(made.instance.split_whitespace().count(), 25);
        assert_eq!(
            made.clamped.as_deref(),
            Some("size 9 is out of range (2 to 5, a square board's width): made with size 5")
        );
    }
}
