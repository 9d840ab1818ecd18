//! A recorded run: a driver searching with a recorder watching, its trace written from the
//! header to the `stats` line. The run is the programs' own (search-cli's [`Search`] with its
//! [`Recording`], as `--trace-json` runs it): the explorer chooses no driver of its own, and
//! adds only its limits, the states' drawings and ids, and the run's summary.

use std::fmt::Display;
use std::hash::Hash;
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use search_cli::{Algorithm, Search};
use search_core::num_traits::ToPrimitive;
use search_core::{Heuristic, Limits, Outcome, Problem, SearchStats, StopReason};

use crate::recorder::{Describe, IterationEnd, displayed};
use crate::textbook;
use crate::trace::{Ending, Finished, Header, Lines, Recording, StateSpace, Stats};

/// How a run is recorded and limited.
#[derive(Clone, Debug)]
pub struct Options {
    /// The most events written before the `truncated` marker.
    pub cap: u64,
    /// Stops the search when set (the page went away, or another run started).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Stops the search once it has generated this many nodes (the start included), as the
    /// programs' `--max-nodes` does: the `stats` line then says `stopped` and names the budget.
    /// A best-first driver holds every state it reaches, so this bounds its memory too.
    pub max_nodes: Option<u64>,
}

impl Default for Options {
    fn default() -> Self {
        Options { cap: crate::trace::DEFAULT_EVENT_CAP, cancel: None, max_nodes: None }
    }
}

/// What a run did, in numbers: the driver's statistics as the `stats` line gives them, and what
/// the recording wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunSummary {
    /// `solved`, `no-solution` or `stopped`.
    pub outcome: &'static str,
    /// The solution's cost, when solved.
    pub cost: Option<u64>,
    /// The driver's generated count (the start counted once).
    pub generated: u64,
    /// The driver's expanded count.
    pub expanded: u64,
    /// Each iteration's figures, as the `iteration_end` lines give them (depth-first drivers).
    pub iterations: Vec<IterationEnd>,
    /// The events written (header, marker and stats not counted).
    pub events: u64,
    /// Whether the cap cut the recording short.
    pub truncated: bool,
}

impl RunSummary {
    /// A run that searched nothing: the start has no solution, proved without a search.
    #[must_use]
    pub fn unsolvable() -> Self {
        RunSummary {
            outcome: "no-solution",
            cost: None,
            generated: 0,
            expanded: 0,
            iterations: Vec::new(),
            events: 0,
            truncated: false,
        }
    }
}

/// The header's `code` for `algorithm`: its driver's textbook file (search-core's `textbook`).
#[must_use]
pub fn code_for(algorithm: Algorithm) -> serde_json::Value {
    match algorithm {
        Algorithm::Ida => textbook::IDA_STAR.to_json(),
        Algorithm::Iddfs => textbook::IDDFS.to_json(),
        Algorithm::Bts => textbook::BUDGETED.to_json(),
        Algorithm::Astar => textbook::A_STAR.to_json(),
        Algorithm::Bfs => textbook::BREADTH_FIRST.to_json(),
        Algorithm::Ucs => textbook::UNIFORM_COST.to_json(),
    }
}

/// Writes a trace with no events: the start cannot reach a goal, which `reason` proves (the
/// puzzle's own proof, such as a permutation's parity), so nothing is searched.
///
/// # Errors
///
/// A failed write.
pub fn write_unsolvable<W: Write>(header: &Header, reason: &str, out: W) -> io::Result<W> {
    let mut lines = Lines::new(out, header.event_cap);
    lines.header(header);
    let none = SearchStats::<u64>::default();
    lines.last(&Stats::new(&none, 0, Ending::NoSolution(reason.to_owned())));
    lines.finish()
}

/// Searches `problem` from `start` with `algorithm` (and `heuristic`, unless the algorithm is
/// blind), writing its trace to `out`: `header` (with the state space as `space` draws it), the
/// events (each state as `describe` gives it, with its sid in the space), the `stats` line.
///
/// # Errors
///
/// A failed write (the search is then stopped through [`Options::cancel`] by the writer, or runs
/// on unrecorded).
pub fn record<P, H>(
    (problem, heuristic, start): (&P, &H, &P::State),
    algorithm: Algorithm,
    header: Header,
    (describe, space): (Describe<'_, P::State>, StateSpace<'_, P>),
    options: &Options,
    out: &mut dyn Write,
) -> io::Result<RunSummary>
where
    P: Problem<State: Hash + Eq + Sync, Move: Display> + Sync,
    H: Heuristic<P> + Sync,
{
    let mut limits = Limits::default();
    if let Some(flag) = &options.cancel {
        limits = limits.cancel_flag(Arc::clone(flag));
    }
    if let Some(nodes) = options.max_nodes {
        limits = limits.max_generated(nodes);
    }
    let mut buffered = io::BufWriter::with_capacity(1 << 16, out);
    // The header names the instance as it was asked for; the text only says that states are
    // described.
    let text = |state: &P::State| Some(describe(state).text);
    let lines = Lines::new(&mut buffered as &mut dyn Write, options.cap);
    let recording = Recording::new(header, lines, (&text, describe), displayed::<P::Move>)
        .with_state_space(space);
    let report = Search::recorded(&limits, &recording)
        .with_algorithm(algorithm)
        .solve(problem, heuristic, start);
    let ended = match Ending::of(&report.outcome, "") {
        Ending::Solved { .. } => Ok(true),
        Ending::NoSolution(_) => Ok(false),
        Ending::Stopped(reason) => match (&report.outcome, options.max_nodes) {
            // Which budget, as the programs name `--max-nodes N`.
            (Outcome::Stopped { reason: StopReason::NodeLimit, .. }, Some(nodes)) => {
                Err(format!("{reason}: the run's budget is {nodes} nodes generated"))
            }
            _ => Err(reason),
        },
    };
    let Finished { lines, iterations, .. } = recording.finish(&report.stats, ended);
    let (events, truncated) = (lines.written(), lines.truncated());
    // The `stats` line flushed the buffer through to `out`; a failed write is the first error.
    lines.finish()?;
    let (outcome, cost) = match &report.outcome {
        Outcome::Solved(solution) => ("solved", Some(solution.cost.to_u64().unwrap_or(u64::MAX))),
        Outcome::NoSolution => ("no-solution", None),
        _ => ("stopped", None),
    };
    Ok(RunSummary {
        outcome,
        cost,
        generated: report.stats.generated,
        expanded: report.stats.expanded,
        iterations,
        events,
        truncated,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::{Options, Registry, RunSummary};

    /// Records a run and returns its summary and its lines, parsed.
    fn record(
        puzzle: &str,
        instance: &str,
        algorithm: &str,
        heuristic: &str,
        cap: u64,
    ) -> (RunSummary, Vec<Value>) {
        let registry = Registry::builtin();
        let mut out = Vec::new();
        let options = Options { cap, ..Options::default() };
        let summary = registry
            .get(puzzle)
            .unwrap()
            .run(instance, algorithm.parse().unwrap(), heuristic, &options, &mut out)
            .unwrap();
        let lines = std::str::from_utf8(&out)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        (summary, lines)
    }

    /// Counts a depth-first trace's events per iteration, as `docs/trace-format.md` says the
    /// page does, and checks them against each `iteration_end` and against the driver's figures.
    fn check_depth_first(summary: &RunSummary, lines: &[Value]) {
        let stats = lines.last().unwrap();
        assert_eq!(stats["ev"], "stats");
        assert_eq!(stats["generated"], summary.generated);
        assert_eq!(stats["expanded"], summary.expanded);
        let (mut generated, mut expanded, mut pruned) = (0_u64, 0_u64, 0_u64);
        let mut least: Option<u64> = None;
        let mut ends = Vec::new();
        let mut total_generated = 1;
        for event in &lines[1..] {
            match event["ev"].as_str().unwrap() {
                "iteration_start" => (generated, expanded, pruned, least) = (0, 0, 0, None),
                "expand" => {
                    expanded += 1;
                    generated += u64::from(!event["parent"].is_null());
                }
                "goal" => generated += u64::from(!event["parent"].is_null()),
                "cut" => {
                    generated += 1;
                    pruned += 1;
                    if let Some(f) = event["f"].as_u64() {
                        least = Some(least.map_or(f, |l| l.min(f)));
                    }
                }
                "iteration_end" => {
                    assert_eq!(event["generated"], generated, "{event}");
                    assert_eq!(event["expanded"], expanded, "{event}");
                    assert_eq!(event["pruned"], pruned, "{event}");
                    assert_eq!(event["next_bound"].as_u64(), least, "{event}");
                    total_generated += generated;
                    ends.push(event.clone());
                }
                "stats" => {}
                other => panic!("unexpected event {other}"),
            }
        }
        assert_eq!(ends.len(), summary.iterations.len());
        let iterations = stats["iterations"].as_array().unwrap();
        assert_eq!(iterations.len(), ends.len());
        for (driver, end) in iterations.iter().zip(&ends) {
            assert_eq!(driver["generated"], end["generated"]);
            assert_eq!(driver["expanded"], end["expanded"]);
            assert_eq!(driver["bound"], end["bound"]);
        }
        assert_eq!(total_generated, summary.generated);
    }

    #[test]
    fn ida_star_events_count_what_the_driver_counts() {
        let (summary, lines) =
            record("sliding", "0 1 2 3 7 5 6 8 4", "ida", "manhattan", 1_000_000);
        assert_eq!(summary.outcome, "solved");
        assert!(!summary.truncated);
        assert!(summary.iterations.len() >= 2, "{summary:?}");
        check_depth_first(&summary, &lines);
        // The bound grows by 2 on the sliding puzzle: each next bound is the next iteration's.
        for pair in summary.iterations.windows(2) {
            assert_eq!(pair[0].next_bound, Some(pair[1].bound));
            assert_eq!(pair[1].bound - pair[0].bound, 2);
        }
        // The header carries the textbook code, the last line's outcome the cost.
        let cutoff = crate::textbook::IDA_STAR.mark("cutoff").unwrap();
        assert_eq!(lines[0]["code"]["marks"]["cutoff"], cutoff);
        let goal = lines.iter().find(|e| e["ev"] == "goal").unwrap();
        assert_eq!(goal["state"], "0 1 2\n3 4 5\n6 7 8");
        assert_eq!(summary.iterations.len(), 4);
        assert_eq!(goal["g"].as_u64(), summary.cost);
    }

    #[test]
    fn each_driver_is_shown_beside_its_own_textbook_file() {
        use super::{Algorithm, code_for};
        let first_function = |algorithm| {
            let code = code_for(algorithm);
            let lines = code["lines"].as_array().unwrap().clone();
            let function =
                lines.iter().filter_map(Value::as_str).find(|l| l.starts_with("pub fn "));
            function.unwrap().to_owned()
        };
        let expected = [
            (Algorithm::Ida, "pub fn ida_star<"),
            (Algorithm::Iddfs, "pub fn iddfs<"),
            (Algorithm::Bts, "pub fn budgeted_search<"),
            (Algorithm::Bfs, "pub fn breadth_first<"),
            (Algorithm::Ucs, "pub fn uniform_cost<"),
            (Algorithm::Astar, "pub fn astar<"),
        ];
        for (algorithm, function) in expected {
            assert!(first_function(algorithm).starts_with(function), "{algorithm}");
        }
    }

    #[test]
    fn every_depth_first_driver_and_puzzle_agrees_with_its_events() {
        let runs = [
            ("sliding", "0 1 2 4 3 8 5 6 7", "ida", "misplaced"),
            ("sliding", "0 1 2 3 7 5 6 8 4", "iddfs", "zero"),
            ("sliding", "0 1 2 3 7 5 6 8 4", "bts", "manhattan"),
            ("sliding", "8 7 1 6 5 2 0 3 4", "ida", "linear-conflict"),
            ("rotation", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", "ida", "count"),
            ("rotation", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", "ida", "exact"),
            ("pancake", "5 2 7 0 3 6 1 4", "ida", "gaps"),
            ("wall-pusher", WALLS, "ida", "exit-distance"),
            ("wall-pusher", WALLS, "bts", "exit-distance"),
        ];
        for (puzzle, instance, algorithm, heuristic) in runs {
            let (summary, lines) = record(puzzle, instance, algorithm, heuristic, 1_000_000);
            assert_eq!(summary.outcome, "solved", "{puzzle} {algorithm}");
            check_depth_first(&summary, &lines);
        }
    }

    /// The Wall Pushers' sample, the judge's input format.
    const WALLS: &str =
        "2 3\n10 2 10 10 2 6\n3 12 11 14 9 4\n13 15 3 6 15 13\n14 11 12 9 14 11\n0 0";

    /// Counts a best-first trace's events as `docs/trace-format.md` says the page does, and
    /// checks them against the driver's figures, its peak held included.
    fn check_best_first(summary: &RunSummary, lines: &[Value], what: &str) {
        let count = |kind: &str| lines.iter().filter(|e| e["ev"] == kind).count() as u64;
        let stats = lines.last().unwrap();
        // A goal with a parent is a new node: breadth-first search's, found as it is generated.
        let new_goals = lines.iter().filter(|e| e["ev"] == "goal" && e.get("parent").is_some());
        let new_goals = new_goals.count() as u64;
        assert_eq!(count("push") + count("skip") + new_goals, summary.generated, "{what}");
        assert_eq!(stats["generated"], summary.generated, "{what}");
        assert_eq!(count("expand"), summary.expanded, "{what}");
        assert_eq!(count("goal"), 1, "{what}");
        // Every node expanded was taken from the open list first, and so was a goal that was
        // pushed (A*, uniform-cost search), but not one found as it was generated.
        assert_eq!(count("pop"), count("expand") + 1 - new_goals, "{what}");
        // Open plus closed at its largest is every state reached: the driver's peak held.
        let sizes =
            lines.iter().filter_map(|e| Some(e.get("open")?.as_u64()? + e["closed"].as_u64()?));
        assert_eq!(sizes.max(), stats["peak"].as_u64(), "{what}");
        // Node ids are 0, 1, 2... in order of first appearance.
        let nodes = lines.iter().filter(|e| e.get("parent").is_some() && e.get("id").is_some());
        for (next, event) in nodes.enumerate() {
            assert_eq!(event["id"], next, "{what}: {event}");
        }
    }

    #[test]
    fn a_star_events_count_what_the_driver_counts() {
        for (puzzle, instance, heuristic) in [
            ("sliding", "8 7 1 6 5 2 0 3 4", "manhattan"),
            ("pancake", "5 2 7 0 3 6 1 4", "gaps"),
            ("sliding", "0 1 2 3 7 5 6 8 4", "zero"),
            ("wall-pusher", WALLS, "exit-distance"),
        ] {
            let (summary, lines) = record(puzzle, instance, "astar", heuristic, 1_000_000);
            let (ida, _) = record(puzzle, instance, "ida", heuristic, 10);
            assert_eq!(summary.cost, ida.cost, "A* and IDA* agree on the cost");
            check_best_first(&summary, &lines, puzzle);
        }
    }

    #[test]
    fn breadth_first_and_uniform_cost_events_count_what_the_driver_counts() {
        for (puzzle, instance, heuristic) in [
            ("sliding", "0 1 2 3 7 5 6 8 4", "manhattan"),
            ("sliding", ida_examples::puzzles::sliding::page::TWO_BY_THREE, "manhattan"),
            ("pancake", "3 1 4 0 2", "gaps"),
            ("wall-pusher", WALLS, "exit-distance"),
        ] {
            let (ida, _) = record(puzzle, instance, "ida", heuristic, 10);
            for algorithm in ["bfs", "ucs"] {
                let what = format!("{algorithm} on {puzzle} {instance}");
                let (summary, lines) = record(puzzle, instance, algorithm, heuristic, 1_000_000);
                assert_eq!(summary.cost, ida.cost, "{what}: every move costs 1");
                assert_eq!(lines[0]["heuristic"], "zero", "{what}: a blind search");
                check_best_first(&summary, &lines, &what);
                let marks = &lines[0]["code"]["marks"];
                assert!(marks["push"].is_u64() && marks["skip"].is_u64(), "{what}: {marks}");
            }
        }
        // A start that is a goal: one push, one goal, nothing expanded.
        let (summary, lines) = record("sliding", "0 1 2 3 4 5 6 7 8", "bfs", "zero", 100);
        assert_eq!((summary.cost, summary.expanded, summary.generated), (Some(0), 0, 1));
        let kinds: Vec<&str> = lines[1..].iter().map(|e| e["ev"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["push", "goal", "stats"]);
    }

    #[test]
    fn a_small_state_space_goes_in_the_header_and_each_node_names_its_state() {
        for algorithm in ["ida", "bfs", "astar"] {
            let instance = ida_examples::puzzles::sliding::page::TWO_BY_THREE;
            let (summary, lines) = record("sliding", instance, algorithm, "manhattan", 1_000_000);
            let graph = &lines[0]["graph"];
            let states = graph["states"].as_array().unwrap();
            assert_eq!(states.len(), 360, "{algorithm}");
            assert_eq!(graph["h"].as_array().unwrap().len(), 360);
            assert_eq!(states[0], "3 4 1\n2 5 0", "the start is sid 0");
            let goal = usize::try_from(graph["goals"][0].as_u64().unwrap()).unwrap();
            assert_eq!(states[goal], "0 1 2\n3 4 5");
            // Every event that shows a state names it by its sid, and the start's h is the
            // graph's.
            let mut named = 0;
            for event in &lines[1..] {
                if let Some(state) = event.get("state") {
                    let sid = event["sid"].as_u64().unwrap_or_else(|| panic!("{event}"));
                    let sid = usize::try_from(sid).unwrap();
                    assert_eq!(&states[sid], state, "{algorithm}: {event}");
                    assert_eq!(graph["h"][sid], event["h"], "{algorithm}: {event}");
                    named += 1;
                }
            }
            assert!(named > 0, "{algorithm}");
            assert_eq!(summary.outcome, "solved");
        }
        // The 8-puzzle's 181,440 states are too many to draw.
        let (_, lines) = record("sliding", "0 1 2 3 7 5 6 8 4", "ida", "manhattan", 100);
        assert!(lines[0].get("graph").is_none());
        assert!(lines[1..].iter().all(|e| e.get("sid").is_none()));
    }

    #[test]
    fn past_the_cap_only_summaries_are_written() {
        let (summary, lines) = record("sliding", "8 7 1 6 5 2 0 3 4", "ida", "manhattan", 50);
        assert!(summary.truncated);
        let marker = lines.iter().position(|e| e["ev"] == "truncated").unwrap();
        assert_eq!(lines[marker]["events"], 50);
        assert_eq!(marker, 51, "the header, then 50 events");
        assert!(lines[marker + 1..].iter().all(|e| {
            ["iteration_start", "iteration_end", "stats"].contains(&e["ev"].as_str().unwrap())
        }));
        // Every iteration still has its end, with the driver's figures.
        let ends = lines.iter().filter(|e| e["ev"] == "iteration_end").count();
        assert_eq!(ends, summary.iterations.len());
        assert_eq!(lines.last().unwrap()["outcome"], "solved");
    }

    #[test]
    fn past_the_cap_a_best_first_trace_keeps_its_marker_and_the_drivers_totals() {
        for algorithm in ["bfs", "ucs", "astar"] {
            let (summary, lines) =
                record("sliding", "8 7 1 6 5 2 0 3 4", algorithm, "manhattan", 20);
            assert!(summary.truncated, "{algorithm}");
            let marker = lines.iter().position(|e| e["ev"] == "truncated").unwrap();
            assert_eq!((marker, &lines[marker]["events"]), (21, &json!(20)), "{algorithm}");
            assert_eq!(lines.len(), marker + 2, "{algorithm}: the marker, then the stats");
            let stats = lines.last().unwrap();
            assert_eq!(stats["generated"], summary.generated, "{algorithm}");
            assert_eq!(summary.cost, Some(26), "{algorithm}");
        }
    }

    /// Korf's 15-puzzle instance 1 (57 moves): more states than any best-first driver can hold.
    const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

    #[test]
    fn a_run_past_its_node_budget_stops_and_names_it() {
        let registry = Registry::builtin();
        for algorithm in ["bfs", "ucs", "astar", "ida"] {
            let options = Options { cap: 1000, max_nodes: Some(50_000), ..Options::default() };
            let mut out = Vec::new();
            let sliding = registry.get("sliding").unwrap();
            let algorithm = algorithm.parse().unwrap();
            let summary = sliding.run(KORF_1, algorithm, "manhattan", &options, &mut out).unwrap();
            assert_eq!(summary.outcome, "stopped", "{algorithm}");
            // The start, then at most one expansion's children past the budget.
            assert!((50_000..50_005).contains(&summary.generated), "{algorithm}: {summary:?}");
            let last = std::str::from_utf8(&out).unwrap().lines().last().unwrap().to_owned();
            let stats: Value = serde_json::from_str(&last).unwrap();
            let reason = stats["reason"].as_str().unwrap();
            assert!(reason.starts_with("the node budget was spent (at bound "), "{reason}");
            assert!(reason.ends_with("): the run's budget is 50000 nodes generated"), "{reason}");
        }
    }

    #[test]
    fn a_wall_pushers_maze_with_no_way_out_is_answered_by_its_proof() {
        // IDA* alone would walk this maze to and fro for ever.
        for algorithm in ["ida", "iddfs", "bts", "bfs", "astar"] {
            let (summary, lines) = record(
                "wall-pusher",
                ida_examples::puzzles::wall_pusher::NO_WAY_OUT,
                algorithm,
                "exit-distance",
                100,
            );
            assert_eq!((summary.outcome, summary.generated), ("no-solution", 0), "{algorithm}");
            let reason = lines[1]["reason"].as_str().unwrap();
            assert!(reason.starts_with("no way out: the "), "{reason}");
            assert!(reason.ends_with(" have no open exit"), "{reason}");
        }
        // The puzzle's own answer agrees.
        let maze = puzzle_wall_pusher::cases(ida_examples::puzzles::wall_pusher::NO_WAY_OUT)
            .next()
            .unwrap()
            .unwrap();
        assert_eq!(puzzle_wall_pusher::solve(&maze), puzzle_wall_pusher::Answer::NoWayOut);
        // Every exit closed: no way out at once.
        let closed =
            "1 1\n15 15 15 15 15 15\n15 15 15 15 15 15\n15 15 15 15 15 15\n15 15 15 15 15 15\n0 0";
        let (summary, lines) = record("wall-pusher", closed, "ida", "exit-distance", 100);
        assert_eq!(summary.outcome, "no-solution");
        assert_eq!(lines[1]["reason"], "no way out: every exit of the maze is closed");
        // A maze with a way out is still searched.
        let (summary, _) = record("wall-pusher", WALLS, "ida", "exit-distance", 100);
        assert_eq!(summary.cost, Some(16));
    }

    #[test]
    fn an_unsolvable_board_says_what_proves_it_without_searching() {
        let (summary, lines) = record("sliding", "0 2 1 3 4 5 6 7 8", "ida", "manhattan", 100);
        assert_eq!(summary.outcome, "no-solution");
        assert_eq!(lines.len(), 2);
        assert!(lines[1]["reason"].as_str().unwrap().contains("parity"));
    }
}
