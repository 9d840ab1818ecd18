//! How a puzzle enters the explorer: the [`Explorable`] trait, and the [`Registry`] the server
//! and the command line look puzzles up in.
//!
//! A puzzle implements [`Explorable`] (its name, its parser, its heuristics by name, its drawing)
//! and is registered with [`Registry::with`]; everything else (the recording, the server, the
//! export) works on any registered puzzle through the object-safe [`Entry`], which every
//! `Explorable` implements.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use search_core::num_traits::ToPrimitive;
use search_core::{Blind, Heuristic, IdaStar, Limits, Problem};
use serde::Serialize;
use serde_json::Value;

use search_cli::Algorithm;

use crate::graph::{self, GRAPH_LIMIT};
use crate::recorder::Described;
use crate::run::{self, Options, RunSummary};
use crate::trace::{FORMAT, Header, VERSION};

/// The state type of an explorable puzzle.
type StateOf<T> = <<T as Explorable>::Problem as Problem>::State;

/// A heuristic chosen by name at run time.
pub type DynHeuristic<P> = Box<dyn Heuristic<P> + Send + Sync>;

/// An instance that ships with the explorer: a name for the menu and the text of the instance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Preset {
    /// What the menu shows ("8-puzzle, 3 iterations").
    pub name: &'static str,
    /// The instance, in the puzzle program's input format.
    pub instance: &'static str,
}

/// A puzzle the explorer can show: the programs' puzzle, its input format, its heuristics, and
/// how to draw its states.
///
/// Registering it takes a line ([`Registry::with`]). The pancake puzzle of
/// `docs/adding-a-puzzle.md`, with a heuristic by name and a drawing:
///
/// ```
/// use explorer::{Explorable, DynHeuristic, Registry};
/// use search_core::{Heuristic, Problem};
///
/// /// Flip the top `k` of three pancakes until sizes 0, 1, 2 lie top to bottom.
/// struct Three;
/// impl Problem for Three {
///     type State = Stack;
///     type Move = usize;
///     type Cost = u8;
///     type Moves<'a> = [usize; 2];
///     fn moves(&self, _: &Stack) -> [usize; 2] { [2, 3] }
///     fn apply(&self, s: &mut Stack, k: usize) { s.0[..k].reverse() }
///     fn undo(&self, s: &mut Stack, k: usize) { s.0[..k].reverse() }
///     fn inverse(&self, k: usize) -> Option<usize> { Some(k) }
///     fn is_goal(&self, s: &Stack) -> bool { s.0 == [0, 1, 2] }
/// }
///
/// #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// struct Stack([u8; 3]);
/// impl std::fmt::Display for Stack {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         write!(f, "{} {} {}", self.0[0], self.0[1], self.0[2])
///     }
/// }
///
/// /// 1 unless the stack is sorted: an unsorted stack needs at least one flip.
/// struct TopWrong;
/// impl Heuristic<Three> for TopWrong {
///     fn estimate(&self, _: &Three, s: &Stack) -> u8 { u8::from(s.0 != [0, 1, 2]) }
/// }
///
/// struct ThreePancakes;
/// impl Explorable for ThreePancakes {
///     type Problem = Three;
///     fn name(&self) -> &'static str { "three pancakes" }
///     fn parse(&self, text: &str) -> Result<(Three, Stack), String> {
///         let sizes: Vec<u8> = text.split_whitespace().map(|t| t.parse().map_err(|_| format!("'{t}' is not a size"))).collect::<Result<_, _>>()?;
///         let stack = <[u8; 3]>::try_from(sizes).map_err(|_| "three sizes, please".to_owned())?;
///         Ok((Three, Stack(stack)))
///     }
///     fn heuristics(&self) -> &'static [&'static str] { &["top-wrong"] }
///     fn heuristic(&self, _: &Three, name: &str) -> Option<DynHeuristic<Three>> {
///         (name == "top-wrong").then(|| Box::new(TopWrong) as DynHeuristic<Three>)
///     }
///     fn draw(&self, s: &Stack) -> Option<serde_json::Value> {
///         Some(serde_json::json!({ "kind": "stack", "sizes": s.0 }))
///     }
/// }
///
/// let registry = Registry::new().with(ThreePancakes);
/// let puzzle = registry.get("three pancakes").unwrap();
/// assert_eq!(puzzle.heuristic_names(), ["top-wrong", "zero"]);
/// assert_eq!(puzzle.check("2 x 1").unwrap_err(), "'x' is not a size");
///
/// // A recorded run: the trace's lines, the last one the driver's statistics.
/// let mut trace = Vec::new();
/// let run = puzzle.run("2 1 0", search_cli::Algorithm::Ida, "top-wrong", &Default::default(), &mut trace).unwrap();
/// assert_eq!((run.outcome, run.cost), ("solved", Some(1)));
/// let last = String::from_utf8(trace).unwrap().lines().last().unwrap().to_owned();
/// assert!(last.starts_with(r#"{"ev":"stats""#));
/// ```
pub trait Explorable: Send + Sync + 'static {
    /// The search-core problem the puzzle's programs solve. Its states are kept in hash tables
    /// by the best-first drivers and shown as text; its moves are shown by their `Display`.
    type Problem: Problem<State: Hash + Eq + Debug + Sync, Move: Display> + Sync;

    /// The puzzle's name, as the programs spell it (`sliding`, `rotation`...).
    fn name(&self) -> &'static str;

    /// The problem and the start that `text`, one instance in the puzzle program's own input
    /// format, describes; the parser's message when it is malformed.
    ///
    /// # Errors
    ///
    /// The parser's message, shown to the user as it is.
    fn parse(
        &self,
        text: &str,
    ) -> Result<(Self::Problem, <Self::Problem as Problem>::State), String>;

    /// The heuristics' names, the default first. `zero` (no heuristic) is offered besides, and
    /// is all a puzzle offers by default.
    fn heuristics(&self) -> &'static [&'static str] {
        &[]
    }

    /// The heuristic called `name` for `problem`; `None` if there is none by that name (by
    /// default, none has).
    fn heuristic(
        &self,
        problem: &Self::Problem,
        name: &str,
    ) -> Option<DynHeuristic<Self::Problem>> {
        let _ = (problem, name);
        None
    }

    /// The state as text, shown where it is not drawn and in the path's tooltips: by default
    /// its `Debug` form. A puzzle whose state has a `Display` returns `state.to_string()`, as
    /// the built-in puzzles do.
    fn text(&self, state: &<Self::Problem as Problem>::State) -> String {
        format!("{state:?}")
    }

    /// The state's drawing (`docs/trace-format.md`, "Drawings"); `None`, the default, shows
    /// the state as its [`text`](Self::text).
    fn draw(&self, state: &<Self::Problem as Problem>::State) -> Option<Value> {
        let _ = state;
        None
    }

    /// Instances that ship with the explorer.
    fn presets(&self) -> Vec<Preset> {
        Vec::new()
    }

    /// Why the start cannot reach a goal, when the puzzle can prove it without searching (the
    /// sliding puzzle's parity): the run then says "no solution" with this reason.
    fn unsolvable(
        &self,
        problem: &Self::Problem,
        start: &<Self::Problem as Problem>::State,
    ) -> Option<String> {
        let _ = (problem, start);
        None
    }

    /// An instance `moves` random moves from a goal (no state visited twice on the way, so at
    /// most that far from it), written in the input format; `None` if the puzzle cannot make
    /// one. `size` chooses among the puzzle's [`sizes`](Self::sizes) where it has several (the
    /// board's width); it is one of them, or 0 for the default.
    fn scramble(&self, size: usize, moves: usize, seed: u64) -> Option<String> {
        let _ = (size, moves, seed);
        None
    }

    /// The sizes [`scramble`](Self::scramble) makes, where the puzzle has several; `None` (the
    /// default) if it has one, and the size asked for is not looked at.
    fn sizes(&self) -> Option<Sizes> {
        None
    }

    /// An instance as [`scramble`](Self::scramble) makes, of the shape `shape` names, written
    /// as the puzzle's input writes it (the sliding puzzle's `WIDTHxHEIGHT`, columns and rows,
    /// as in `3x2: 1 2 0 3 4 5`); the reason when the puzzle makes no such shape. By default a
    /// puzzle has no shapes.
    ///
    /// # Errors
    ///
    /// Why no instance of `shape` is made: the shape is malformed, or the puzzle has none.
    fn scramble_shaped(&self, shape: &str, moves: usize, seed: u64) -> Result<String, String> {
        let _ = (moves, seed);
        Err(format!(
            "the {} puzzle has no shapes: no random instance of shape '{shape}'",
            self.name()
        ))
    }
}

/// The sizes of a puzzle's random instances: `least..=most`, and `default` when none is asked
/// for. A size outside the range is brought into it, and the answer says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// The smallest.
    pub least: usize,
    /// The largest.
    pub most: usize,
    /// The size made when the request asks for none (size 0).
    pub default: usize,
    /// What a size counts, for the message ("a board's width", "pancakes").
    pub counts: &'static str,
}

impl Sizes {
    /// The size made for a request of `size`, and what was changed, if anything was.
    #[must_use]
    pub fn choose(&self, size: usize) -> (usize, Option<String>) {
        if size == 0 {
            return (self.default, None);
        }
        let chosen = size.clamp(self.least, self.most);
        let note = (chosen != size).then(|| {
            format!(
                "size {size} is out of range ({} to {}, {}): made with size {chosen}",
                self.least, self.most, self.counts
            )
        });
        (chosen, note)
    }
}

/// A random instance, and what of the request was changed to make it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RandomInstance {
    /// The instance, in the input format.
    pub instance: String,
    /// What was changed: a size out of range brought into it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clamped: Option<String>,
    /// The instance's distance from the goal, as IDA\* measured it: less than the moves asked
    /// for when no walk reached that far. Absent when it was not measured (the puzzle has no
    /// heuristic, or the measuring was stopped or ran out of budget).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance: Option<u64>,
}

/// How many random walks [`Entry::random`] measures before it settles for the farthest.
const RANDOM_ATTEMPTS: u64 = 16;
/// The nodes IDA\* may generate to measure one random walk's distance from the goal.
const RANDOM_BUDGET: u64 = 1_000_000;

/// Why a run could not start.
#[derive(Debug)]
pub enum RunError {
    /// The instance is malformed: the parser's message.
    Instance(String),
    /// The request names no algorithm or heuristic the puzzle has.
    Request(String),
    /// Writing the trace failed (the reader went away).
    Io(std::io::Error),
}

impl Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Instance(message) | RunError::Request(message) => f.write_str(message),
            RunError::Io(error) => write!(f, "writing the trace failed: {error}"),
        }
    }
}

impl std::error::Error for RunError {}

/// A registered puzzle, whatever its types: what the server and the command line use.
pub trait Entry: Send + Sync {
    /// The puzzle's name.
    fn entry_name(&self) -> &'static str;
    /// The heuristics' names, the default first, `zero` last.
    fn heuristic_names(&self) -> Vec<&'static str>;
    /// The presets.
    fn entry_presets(&self) -> Vec<Preset>;
    /// Checks an instance: the parser's message when it is malformed.
    ///
    /// # Errors
    ///
    /// The parser's message.
    fn check(&self, instance: &str) -> Result<(), String>;
    /// A random instance `moves` moves from a goal: [`Explorable::scramble`]'s walks, measured
    /// by IDA\* until one is at that distance (else the farthest measured, nearer the goal), of
    /// the size asked for brought into [`Explorable::sizes`], or of the shape asked for
    /// ([`Explorable::scramble_shaped`]). The measuring stops when `cancel` is set (the answer
    /// is then one not measured, or none).
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
    /// Whether the puzzle makes random instances ([`Explorable::scramble`]).
    fn makes_random(&self) -> bool;
    /// Records a run of `algorithm` with `heuristic` on `instance` into `out`.
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
    ) -> Result<RunSummary, RunError>;
}

impl<T: Explorable> Entry for T {
    fn entry_name(&self) -> &'static str {
        self.name()
    }

    fn heuristic_names(&self) -> Vec<&'static str> {
        let mut names = self.heuristics().to_vec();
        names.push("zero");
        names
    }

    fn entry_presets(&self) -> Vec<Preset> {
        self.presets()
    }

    fn check(&self, instance: &str) -> Result<(), String> {
        self.parse(instance).map(drop)
    }

    fn random(
        &self,
        size: usize,
        shape: Option<&str>,
        moves: usize,
        seed: u64,
        cancel: Option<&Arc<AtomicBool>>,
    ) -> Result<RandomInstance, String> {
        let (size, clamped) = match (shape, self.sizes()) {
            (None, Some(sizes)) => sizes.choose(size),
            _ => (size, None),
        };
        let none = || format!("the {} puzzle has no random instances", self.name());
        let scramble = |seed| match shape {
            Some(shape) => self.scramble_shaped(shape, moves, seed),
            None => self.scramble(size, moves, seed).ok_or_else(none),
        };
        // A walk of `moves` moves may end nearer the goal. Each walk is measured by IDA* with
        // the default heuristic (within a budget, so that a 15-puzzle far from the goal cannot
        // hold the request up), and the first at the distance asked for is taken; failing that,
        // the farthest measured (its distance said), or the last walk.
        let wanted = u64::try_from(moves).unwrap_or(u64::MAX);
        let mut best: Option<(u64, String)> = None;
        let mut last = None;
        for attempt in 0..RANDOM_ATTEMPTS {
            if cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                break;
            }
            let text = scramble(seed.wrapping_add(attempt.wrapping_mul(0x9e37_79b9_7f4a_7c15)))?;
            let Ok((problem, start)) = self.parse(&text) else { continue };
            let chosen = self.heuristics().first().and_then(|name| self.heuristic(&problem, name));
            let Some(heuristic) = chosen else {
                return Ok(RandomInstance { instance: text, clamped, distance: None });
            };
            let mut limits = Limits::default().max_generated(RANDOM_BUDGET);
            if let Some(flag) = cancel {
                limits = limits.cancel_flag(Arc::clone(flag));
            }
            let report = IdaStar::new(&problem, &&*heuristic).limits(limits).run(&start);
            match report.outcome.solution().and_then(|s| s.cost.to_u64()) {
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
        self.scramble(self.sizes().map_or(0, |sizes| sizes.default), 0, 1).is_some()
    }

    fn run(
        &self,
        instance: &str,
        algorithm: Algorithm,
        heuristic: &str,
        options: &Options,
        out: &mut dyn Write,
    ) -> Result<RunSummary, RunError> {
        let (problem, start) = self.parse(instance).map_err(RunError::Instance)?;
        let heuristic_name = if algorithm.informed() { heuristic } else { "zero" };
        let chosen: DynHeuristic<T::Problem> = if heuristic_name == "zero" {
            Box::new(Blind)
        } else {
            self.heuristic(&problem, heuristic_name).ok_or_else(|| {
                RunError::Request(format!(
                    "the {} puzzle has no heuristic '{heuristic_name}': it has {}",
                    self.name(),
                    self.heuristic_names().join(", ")
                ))
            })?
        };
        let header = Header {
            format: FORMAT,
            version: VERSION,
            puzzle: self.name().to_owned(),
            instance: instance.trim().to_owned(),
            algorithm: algorithm.name(),
            heuristic: heuristic_name.to_owned(),
            event_cap: options.cap,
            code: Some(run::code_for(algorithm)),
            graph: None,
        };
        if let Some(reason) = self.unsolvable(&problem, &start) {
            run::write_unsolvable(&header, &reason, out).map_err(RunError::Io)?;
            return Ok(RunSummary {
                outcome: "no-solution",
                cost: None,
                generated: 0,
                expanded: 0,
                iterations: Vec::new(),
                events: 0,
                truncated: false,
            });
        }
        let text = |state: &StateOf<T>| self.text(state).trim_end().to_owned();
        let describe =
            |state: &StateOf<T>| Described { text: text(state), draw: self.draw(state), sid: None };
        // A small state space goes in the header whole, for the page to draw; each node event
        // names its state there by its sid (found by its text: two states of the same text would
        // be one to the page, so such a space is not drawn).
        let space =
            |problem: &T::Problem, start: &StateOf<T>, estimate: &dyn Fn(&StateOf<T>) -> u64| {
                graph::state_space(problem, start, GRAPH_LIMIT, text, estimate)
            };
        let (chosen, describe) = ((&problem, &&*chosen, &start), (&describe as _, &space as _));
        run::record(chosen, algorithm, header, describe, options, out).map_err(RunError::Io)
    }
}

/// The puzzles the explorer offers, in the order the page lists them.
#[derive(Default)]
pub struct Registry {
    entries: Vec<Box<dyn Entry>>,
}

impl Registry {
    /// No puzzles.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `puzzle`.
    #[must_use]
    pub fn with(mut self, puzzle: impl Explorable) -> Self {
        self.entries.push(Box::new(puzzle));
        self
    }

    /// The puzzle called `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&dyn Entry> {
        self.entries.iter().find(|e| e.entry_name() == name).map(AsRef::as_ref)
    }

    /// Every puzzle.
    pub fn iter(&self) -> impl Iterator<Item = &dyn Entry> {
        self.entries.iter().map(AsRef::as_ref)
    }
}

/// A walk of `moves` random moves from `state`, never back to a state already visited (it stops
/// early if every move does): a start at most `moves` from where it began.
pub fn random_walk<P: Problem<State: Hash + Eq>>(
    problem: &P,
    mut state: P::State,
    moves: usize,
    seed: u64,
) -> P::State {
    let mut visited = std::collections::HashSet::from([state.clone()]);
    // xorshift64*: enough randomness to scramble a puzzle, with no dependency.
    let mut x = seed | 1;
    let mut next = move || {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    for _ in 0..moves {
        let fresh: Vec<P::Move> = problem
            .moves(&state)
            .as_ref()
            .iter()
            .copied()
            .filter(|&mv| {
                let mut child = state.clone();
                problem.apply(&mut child, mv);
                !visited.contains(&child)
            })
            .collect();
        if fresh.is_empty() {
            break;
        }
        let pick = usize::try_from(next() % fresh.len() as u64).unwrap_or(0);
        problem.apply(&mut state, fresh[pick]);
        visited.insert(state.clone());
    }
    state
}
