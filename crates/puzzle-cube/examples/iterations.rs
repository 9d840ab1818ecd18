//! Solves cubes with Korf's bound ([`Tracked`]) and prints each IDA\* iteration's figures, for
//! the benchmarks of `docs/performance.md`: per case, a line per iteration (its bound, the nodes
//! it generated and expanded, its seconds), then the answer or the bound a node cap stopped at.
//! The databases are read from `DIR` (built there first if missing).
//!
//! ```sh
//! cargo run --release -p puzzle-cube --example iterations -- [--whole-tree] [--from BOUND] DIR FILE THREADS MAX_NODES [HEURISTIC]
//! ```
//!
//! `FILE` holds the `cube` program's input (scrambles or stickers, one a line); `MAX_NODES` 0
//! is no cap; `HEURISTIC` is `korf` (the default), `views` (the edge groups' look-ups for the
//! cube seen through the two rotations about the `URF` corner's diagonal too: the `cube`
//! program's `korf-views`), `korf7` (the corners' database and the seven edges' read for
//! the cube seen from four sides, [`SEVEN_VIEWS_4`]; the seven edges' database read from `DIR`
//! or built there: the program's `korf7`), `korf7-2` (the seven edges for two views only,
//! [`SEVEN_VIEWS`], which between them cover every edge), or `korf8` (the corners' database and
//! the eight edges' for the three views of [`EIGHT_VIEWS`]: the program's `korf8`); the last
//! three search [`TrackedGroups`].
//!
//! A cube that looks the same through some of the cube's symmetries (the superflip, through all
//! 48) is searched with one first and second turn of each set they take to one another
//! ([`SymmetricStart`]: the same answer, from fewer nodes); `--whole-tree` searches every first
//! turn, for comparison.
//!
//! `--from BOUND` starts at that bound: the start's estimate raised to `BOUND`, every other
//! node's the heuristic's own. For a cube whose bounds below `BOUND` an earlier run searched in
//! full without a solution (its optimal length at least `BOUND`), so that the long last
//! iterations need not be run again; on any other cube the answer may be longer than optimal.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use puzzle_cube::{
    Answer, Case, EIGHT_VIEWS, EdgeDatabase, Edges, FromStartBound, GroupsBound, Korf, Rotation,
    Rubik, SEVEN_VIEWS, SEVEN_VIEWS_4, SymmetricStart, Symmetry, Tracked, TrackedBound,
    TrackedGroups, Turn, cache, cases,
};
use search_core::{Heuristic, IdaStar, Limits, Problem, Progress, Report};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Arguments { whole_tree, from, directory, file, threads, max_nodes, heuristic } =
        match Arguments::parse(&args) {
            Ok(arguments) => arguments,
            Err(message) => {
                eprintln!("iterations: {message}");
                return ExitCode::from(2);
            }
        };
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("iterations: {file}: {error}");
            return ExitCode::from(2);
        }
    };
    let (korf, _, problem) = Korf::cached(&Path::new(directory).join(cache::FILE_NAME), threads);
    if let Some(problem) = problem {
        eprintln!("iterations: warning: {directory}: {problem}");
    }
    let seven = heuristic
        .starts_with("korf7")
        .then(|| edge_database(directory, Edges::seven(), cache::SEVEN_FILE_NAME, threads));
    let eight = (heuristic == "korf8")
        .then(|| edge_database(directory, Edges::eight(), cache::EIGHT_FILE_NAME, threads));
    let eight = eight.as_ref().map(|eight| TrackedGroups::new(&korf, eight, EIGHT_VIEWS, threads));
    let tracked = Tracked::new(&korf);
    let rotations = [Rotation::URF_THIRD, Rotation::URF_TWO_THIRDS];
    let tracked_views = Tracked::with_views(&korf, rotations);
    // Only the heuristic asked for: the seven edges' move table takes seconds to make.
    let seven_two = seven
        .as_ref()
        .filter(|_| heuristic == "korf7-2")
        .map(|seven| TrackedGroups::new(&korf, seven, SEVEN_VIEWS, threads));
    let seven_four = seven
        .as_ref()
        .filter(|_| heuristic == "korf7")
        .map(|seven| TrackedGroups::new(&korf, seven, SEVEN_VIEWS_4, threads));
    for (number, case) in cases(&text).enumerate() {
        let cube = match case {
            Ok(Case::Cube(cube)) => cube,
            Ok(Case::Pocket(_)) => {
                eprintln!("iterations: case {}: a pocket cube", number + 1);
                return ExitCode::from(2);
            }
            Err(error) => {
                eprintln!("iterations: {error}");
                return ExitCode::from(2);
            }
        };
        let progress = Arc::new(Progress::new());
        let mut limits = Limits::default().progress(Arc::clone(&progress));
        if max_nodes > 0 {
            limits = limits.max_generated(max_nodes);
        }
        let symmetries = if whole_tree { vec![Symmetry::ALL[0]] } else { Symmetry::of(&cube) };
        let run = Run { limits, from, threads, symmetries: &symmetries };
        let done = AtomicBool::new(false);
        let report = std::thread::scope(|scope| {
            scope.spawn(|| report_progress(number + 1, &progress, &done));
            let report = match (heuristic, &seven_two, &seven_four) {
                _ if eight.is_some() => {
                    let eight = eight.as_ref().expect("korf8");
                    run.search(eight, eight.start(&cube), GroupsBound)
                }
                ("views", ..) => {
                    run.search(&tracked_views, tracked_views.start(&cube), TrackedBound)
                }
                (_, Some(two), _) => run.search(two, two.start(&cube), GroupsBound),
                (_, _, Some(four)) => run.search(four, four.start(&cube), GroupsBound),
                _ => run.search(&tracked, tracked.start(&cube), TrackedBound),
            };
            done.store(true, Ordering::Relaxed);
            report
        });
        print_report(number + 1, &symmetries, report);
    }
    ExitCode::SUCCESS
}

/// Prints case `case`'s report: its symmetries, each iteration's figures, the answer.
fn print_report(case: usize, symmetries: &[Symmetry], report: Report<Turn, u8>) {
    if symmetries.len() > 1 {
        println!(
            "case {} looks the same through {} symmetries: {} first turns searched",
            case,
            symmetries.len(),
            SymmetricStart::new(&Rubik::new(), symmetries).first_turns().len()
        );
    }
    for iteration in &report.stats.iterations {
        println!(
            "case {} bound {} generated {} expanded {} seconds {:.3}",
            case,
            iteration.bound,
            iteration.generated,
            iteration.expanded,
            iteration.elapsed.as_secs_f64()
        );
    }
    let outcome = match Answer::from_outcome(report.outcome) {
        Ok(answer) => format!("length {} moves {answer}", answer.moves.len()),
        Err(stopped) => format!("stopped at bound {:?}", stopped.bound),
    };
    println!(
        "case {} {outcome} generated {} seconds {:.3}",
        case,
        report.stats.generated,
        report.stats.elapsed.as_secs_f64()
    );
}

/// Tells stderr, while case `case`'s search runs (until `done`), each bound it starts with the
/// nodes and seconds so far, and every ten minutes the nodes: a search of hours says how far it
/// is.
fn report_progress(case: usize, progress: &Progress, done: &AtomicBool) {
    let started = Instant::now();
    let (mut bound, mut told) = (0, Instant::now());
    while !done.load(Ordering::Relaxed) {
        if progress.is_running()
            && (progress.bound() != bound || told.elapsed() >= Duration::from_secs(600))
        {
            bound = progress.bound();
            told = Instant::now();
            let (seconds, generated) = (started.elapsed().as_secs_f64(), progress.generated());
            eprintln!("case {case} at {seconds:.0} s: bound {bound}, {generated} nodes so far");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The command line: `[--whole-tree] [--from BOUND] DIR FILE THREADS MAX_NODES [HEURISTIC]`.
struct Arguments<'a> {
    whole_tree: bool,
    from: u8,
    directory: &'a str,
    file: &'a str,
    threads: usize,
    max_nodes: u64,
    heuristic: &'a str,
}

impl<'a> Arguments<'a> {
    /// `args` read, or what is wrong with them.
    fn parse(args: &'a [String]) -> Result<Self, &'static str> {
        let (whole_tree, args) = match args {
            [flag, rest @ ..] if flag == "--whole-tree" => (true, rest),
            args => (false, args),
        };
        let (from, args) = match args {
            [flag, bound, rest @ ..] if flag == "--from" => {
                let bound = bound.parse::<u8>().map_err(|_| "--from takes a bound, 0 to 255")?;
                (bound, rest)
            }
            args => (0, args),
        };
        let names = ["korf", "views", "korf7", "korf7-2", "korf8"];
        let (heuristic, args) = match args {
            [args @ .., last] if names.contains(&last.as_str()) => (last.as_str(), args),
            args => ("korf", args),
        };
        let [directory, file, threads, max_nodes] = args else {
            return Err(
                "usage: iterations [--whole-tree] [--from BOUND] DIR FILE THREADS MAX_NODES \
                        [korf|views|korf7|korf7-2|korf8]",
            );
        };
        let (Ok(threads), Ok(max_nodes)) = (threads.parse(), max_nodes.parse()) else {
            return Err("THREADS and MAX_NODES are whole numbers");
        };
        Ok(Arguments { whole_tree, from, directory, file, threads, max_nodes, heuristic })
    }
}

/// The database of `edges`, read from `file` in `directory` or built there on `threads`
/// threads.
fn edge_database(directory: &str, edges: Edges, file: &str, threads: usize) -> EdgeDatabase {
    let path = Path::new(directory).join(file);
    let (database, _, problem) = EdgeDatabase::cached(&path, edges, threads);
    if let Some(problem) = problem {
        eprintln!("iterations: warning: {directory}: {problem}");
    }
    database
}

/// How a case is searched: within `limits`, its first bound at least `from`, on `threads`
/// threads, from a start that looks the same through `symmetries`.
struct Run<'s> {
    limits: Limits<u8>,
    from: u8,
    threads: usize,
    symmetries: &'s [Symmetry],
}

impl Run<'_> {
    /// IDA\* from `start` with `bound`: on a [`SymmetricStart`] if the start has symmetries.
    fn search<P, H>(&self, problem: &P, start: P::State, bound: H) -> Report<Turn, u8>
    where
        P: Problem<Move = Turn, Cost = u8> + Sync,
        P::State: Send + Sync + PartialEq,
        H: Heuristic<P> + Sync,
    {
        if self.symmetries.len() > 1 {
            let symmetric = SymmetricStart::new(problem, self.symmetries);
            self.run(&symmetric, &symmetric.start(start), FromStartBound(bound))
        } else {
            self.run(problem, &start, bound)
        }
    }

    /// IDA\* from `start` with `bound`.
    fn run<P, H>(&self, problem: &P, start: &P::State, bound: H) -> Report<Turn, u8>
    where
        P: Problem<Move = Turn, Cost = u8> + Sync,
        P::State: Send + Sync + PartialEq,
        H: Heuristic<P> + Sync,
    {
        let bound = FirstBound { bound, start, at_least: self.from };
        IdaStar::new(problem, &bound).limits(self.limits.clone()).threads(self.threads).run(start)
    }
}

/// `bound`, with the estimate of `start` (and only of `start`) raised to `at_least`: the
/// search's first bound (`--from`).
struct FirstBound<'s, H, S> {
    bound: H,
    start: &'s S,
    at_least: u8,
}

impl<P, H> Heuristic<P> for FirstBound<'_, H, P::State>
where
    P: Problem<Cost = u8>,
    P::State: PartialEq,
    H: Heuristic<P>,
{
    fn estimate(&self, problem: &P, state: &P::State) -> u8 {
        let estimate = self.bound.estimate(problem, state);
        if state == self.start { estimate.max(self.at_least) } else { estimate }
    }

    fn stops_early(&self) -> bool {
        self.bound.stops_early()
    }

    #[inline]
    fn estimate_child(
        &self,
        problem: &P,
        parent: &P::State,
        mv: P::Move,
        before: u8,
    ) -> Option<u8> {
        self.bound.estimate_child(problem, parent, mv, before)
    }

    #[expect(clippy::inline_always, reason = "the search's loop, whole (as the bounds' own)")]
    #[inline(always)]
    fn estimate_child_until(
        &self,
        problem: &P,
        parent: &P::State,
        mv: P::Move,
        before: u8,
        enough: u8,
    ) -> Option<u8> {
        self.bound.estimate_child_until(problem, parent, mv, before, enough)
    }

    #[expect(clippy::inline_always, reason = "the search's loop, whole (as the bounds' own)")]
    #[inline(always)]
    fn prefetch_children(&self, problem: &P, parent: &P::State) {
        self.bound.prefetch_children(problem, parent);
    }
}
