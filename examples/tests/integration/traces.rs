//! What the programs' traces say, as a teacher hands them out: `--trace` with the goal's line,
//! each bound's cut-offs and next bound, a header per case, the bounds past `--trace-limit` and
//! the boards with `--pretty`; `--trace-json` with the case's instance, the nodes' states and the
//! answer, for every driver; and `--stats` with the peak nodes held.

use std::fmt;
use std::path::PathBuf;

use search_cli::{Algorithm, BatchOutcome, CaseReportOf, Input, Puzzle, Search, answer_text};
use search_core::{Heuristic, MoveVec, Observer, Problem};
use serde_json::Value;

use crate::common::{self, text};

const SLIDING_IN: &str = include_str!("../../data/sliding-sample.in");
const ROTATION_IN: &str = include_str!("../../data/rotation-sample.in");
const WALL_IN: &str = include_str!("../../data/wall-pusher-sample.in");

/// A fresh path for a trace file, under the tests' temporary directory.
fn trace_path(name: &str) -> PathBuf {
    let directory = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("traces");
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// Each case's run in a trace file: its lines from the header to the `stats` line.
fn runs(path: &PathBuf) -> Vec<Vec<Value>> {
    let trace = std::fs::read_to_string(path).unwrap();
    let mut runs: Vec<Vec<Value>> = Vec::new();
    for line in trace.lines() {
        let value: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        if value.get("format").is_some() {
            runs.push(Vec::new());
        }
        runs.last_mut().expect("a header first").push(value);
    }
    runs
}

/// The events of `kind` in a run.
fn events<'r>(run: &'r [Value], kind: &'r str) -> impl Iterator<Item = &'r Value> + 'r {
    run.iter().filter(move |event| event["ev"] == kind)
}

/// The `--stats` line's figure `key`, as text.
fn figure<'l>(line: &'l str, key: &str) -> &'l str {
    line.split(' ')
        .find_map(|pair| pair.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or_else(|| panic!("{key} in {line}"))
}

/// Checks the node ids of a run: each new node takes the next number, and every parent named
/// is a node seen before.
fn check_ids(run: &[Value], what: &str) {
    let mut next = 0;
    for event in &run[1..] {
        if let Some(parent) = event.get("parent").and_then(Value::as_u64) {
            assert!(parent < next, "{what}: parent {parent} before its node: {event}");
        }
        let Some(id) = event.get("id").and_then(Value::as_u64) else { continue };
        // A node is named again, with its id alone, by a best-first driver's `pop`, `expand`
        // and `goal`; every other event with an id brings a new node.
        if event.get("parent").is_none() {
            assert!(id < next, "{what}: a node seen before: {event}");
        } else {
            assert_eq!(id, next, "{what}: ids in order: {event}");
            next += 1;
        }
    }
}

#[test]
fn a_program_s_trace_json_has_the_instance_the_states_and_the_answer() {
    let programs = [("sliding", SLIDING_IN), ("rotation", ROTATION_IN), ("wall-pusher", WALL_IN)];
    for (program, input) in programs {
        let path = trace_path(&format!("{program}-pretty.jsonl"));
        let output = common::program(program)
            .args(["--pretty", "--stats", "--algorithm", "ida", "--trace-json"])
            .arg(&path)
            .write_stdin(input)
            .assert()
            .success();
        let stderr = text(&output.get_output().stderr);
        let stats: Vec<&str> = stderr.lines().filter(|line| line.starts_with("case=")).collect();
        let runs = runs(&path);
        assert_eq!(runs.len(), stats.len(), "{program}: a run per case");
        for (number, (run, stats)) in runs.iter().zip(&stats).enumerate() {
            let what = format!("{program} case {}", number + 1);
            check_ids(run, &what);
            let instance = run[0]["instance"].as_str().unwrap();
            // A case answered with no node expanded (a board of the wrong parity, answered with
            // no search) may show no start.
            let searched = events(run, "expand").next().is_some();
            if searched {
                assert!(!instance.is_empty(), "{what}: the start as the puzzle prints it");
            }
            if let Some(start) = events(run, "expand").next() {
                assert_eq!(start["state"], instance, "{what}: the start's state is the instance");
            }
            assert!(events(run, "expand").all(|node| node["state"].is_string()), "{what}");
            let last = run.last().unwrap();
            assert_eq!(last["peak"].to_string(), figure(stats, "peak"), "{what}: {stats}");
            match figure(stats, "length") {
                "none" => assert_eq!(last["outcome"], "no-solution", "{what}"),
                length => {
                    let moves = last["moves"].as_array().expect("the solution's moves");
                    assert_eq!(moves.len().to_string(), length, "{what}");
                    assert_eq!(last["cost"].as_u64(), Some(moves.len() as u64), "{what}");
                    let goal = events(run, "goal").next().expect("a goal line");
                    assert_eq!(goal["depth"].as_u64(), Some(moves.len() as u64), "{what}");
                    assert!(last["peak"].as_u64().unwrap() >= moves.len() as u64, "{what}");
                }
            }
        }
    }
}

#[test]
fn the_sliding_answer_is_the_trace_s_moves() {
    let path = trace_path("sliding-moves.jsonl");
    let board = "1 2 5 3 4 0 6 7 8\n";
    common::program("sliding")
        .args(["--heuristic", "manhattan", "--trace-json"])
        .arg(&path)
        .write_stdin(board)
        .assert()
        .success()
        .stdout("ULL\n");
    let run = &runs(&path)[0];
    let last = run.last().unwrap();
    assert_eq!(last["moves"], serde_json::json!(["U", "L", "L"]));
    assert_eq!(last["cost"], 3);
}

#[test]
fn every_driver_a_program_offers_is_traced() {
    let mut traced = Vec::new();
    for algorithm in Algorithm::ALL {
        let name = algorithm.name();
        let path = trace_path(&format!("sliding-{name}.jsonl"));
        let output = common::program("sliding")
            .args(["--pretty", "--stats", "--heuristic", "manhattan", "--algorithm", name])
            .arg("--trace-json")
            .arg(&path)
            .write_stdin("1 2 5 3 4 0 6 7 8\n")
            .assert();
        let output = output.get_output();
        let stderr = text(&output.stderr);
        if output.status.code() == Some(2) && stderr.contains("sliding offers") {
            continue;
        }
        assert!(output.status.success(), "{name}: {stderr}");
        let stats = stderr.lines().find(|line| line.starts_with("case=")).unwrap();
        let run = &runs(&path)[0];
        check_ids(run, name);
        assert_eq!(run[0]["algorithm"], name);
        let last = run.last().unwrap();
        assert_eq!(last["moves"], serde_json::json!(["U", "L", "L"]), "{name}");
        assert_eq!(last["expanded"].to_string(), figure(stats, "expanded"), "{name}");
        assert_eq!(last["peak"].to_string(), figure(stats, "peak"), "{name}");
        traced.push(name);
    }
    assert!(traced.contains(&"ida") && traced.contains(&"bts"), "{traced:?}");
}

/// The text trace of the sliding sample with `args`, and the `--stats` lines.
fn text_trace(args: &[&str]) -> (String, Vec<String>) {
    let args = [&["--heuristic", "manhattan", "--stats", "--trace"], args].concat();
    let output = common::run("sliding", &args, "1 2 5 3 4 0 6 7 8\n1 2 5 3 4 8 6 7 0\n");
    let stderr = text(&output.success().get_output().stderr);
    let (stats, trace): (Vec<&str>, Vec<&str>) =
        stderr.lines().partition(|line| line.starts_with("case="));
    (trace.join("\n"), stats.into_iter().map(str::to_owned).collect())
}

#[test]
fn the_text_trace_says_what_the_lecture_says() {
    let (trace, stats) = text_trace(&[]);
    let cases: Vec<&str> = trace.split("== case ").skip(1).collect();
    assert_eq!(cases.len(), 2, "a header per case: {trace}");
    for (number, (case, stats)) in cases.iter().zip(&stats).enumerate() {
        assert!(case.starts_with(&format!("{} ==\n", number + 1)), "{case}");
        let lines: Vec<&str> = case.lines().collect();
        let ends: Vec<&&str> =
            lines.iter().filter(|line| line.starts_with("end of bound=")).collect();
        assert_eq!(ends.len().to_string(), figure(stats, "iterations"), "{case}");
        for (index, end) in ends.iter().enumerate() {
            assert!(end.contains(" pruned="), "{end}");
            // Every bound but the last was searched in full, and says the next.
            assert_eq!(end.contains(" next bound="), index + 1 < ends.len(), "{end}");
        }
        let goal = lines.iter().position(|line| line.ends_with(" goal")).expect("a goal line");
        let length: usize = figure(stats, "length").parse().unwrap();
        assert_eq!(lines[goal].len() - lines[goal].trim_start().len(), 2 * length, "indented");
        assert!(lines[goal + 1].starts_with("end of bound="), "{case}");
        assert!(lines.last().unwrap().starts_with("solution "), "{case}");
    }
}

#[test]
fn past_the_trace_limit_every_bound_still_shows() {
    let (full, _) = text_trace(&[]);
    let (limited, _) = text_trace(&["--trace-limit", "1"]);
    let summaries = |trace: &str| -> Vec<String> {
        trace
            .lines()
            .filter(|line| {
                ["== case", "bound=", "end of bound=", "solution "]
                    .iter()
                    .any(|start| line.starts_with(start))
            })
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(summaries(&limited), summaries(&full));
    assert!(limited.contains("node lines stopped after 1"), "{limited}");
}

#[test]
fn with_pretty_each_node_shows_its_board() {
    let (trace, _) = text_trace(&["--pretty", "--trace-limit", "2"]);
    let lines: Vec<&str> = trace.lines().collect();
    let start = lines.iter().position(|line| line.starts_with("start ")).unwrap();
    // The start's board, under its line: the 3x3 board of the input, a row a line.
    let board: Vec<&str> =
        lines[start + 1..].iter().take_while(|l| l.contains("| ")).copied().collect();
    assert_eq!(board.len(), 3, "{trace}");
    assert!(board.iter().all(|row| row.starts_with("  | ")), "{board:?}");
}

#[test]
fn stats_give_the_peak_for_every_driver_chosen() {
    for algorithm in [None, Some("ida"), Some("bts")] {
        let mut args = vec!["--stats", "--heuristic", "manhattan"];
        args.extend(algorithm.map(|name| ["--algorithm", name]).into_iter().flatten());
        let output = common::run("sliding", &args, "1 2 5 3 4 0 6 7 8\n");
        let stderr = text(&output.success().get_output().stderr);
        let line = stderr.lines().next().unwrap();
        // The figures before it keep their places; peak comes last, when a driver is chosen.
        assert!(line.starts_with("case=1 length=3 generated="), "{line}");
        let last = line.rsplit(' ').next().unwrap();
        if algorithm.is_some() {
            let peak = last.strip_prefix("peak=").expect("peak last");
            peak.parse::<u64>().unwrap();
        } else {
            assert!(last.starts_with("seconds="), "{line}");
        }
    }
}

/// A number brought down to 1 by halving it (when even) or taking 1 away: a puzzle whose
/// program offers every driver, through [`Search::solve`].
struct Countdown;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Halve,
    Minus,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Step::Halve => "/2",
            Step::Minus => "-1",
        })
    }
}

impl Problem for Countdown {
    type State = u32;
    type Move = Step;
    type Cost = u8;
    type Moves<'a> = MoveVec<Step>;

    fn moves(&self, &n: &u32) -> MoveVec<Step> {
        let mut steps = MoveVec::new();
        if n % 2 == 0 {
            steps.push(Step::Halve);
        }
        if n > 1 {
            steps.push(Step::Minus);
        }
        steps
    }
    fn apply(&self, n: &mut u32, step: Step) {
        match step {
            Step::Halve => *n /= 2,
            Step::Minus => *n -= 1,
        }
    }
    fn undo(&self, n: &mut u32, step: Step) {
        match step {
            Step::Halve => *n *= 2,
            Step::Minus => *n += 1,
        }
    }
    fn inverse(&self, _: Step) -> Option<Step> {
        None
    }
    fn is_goal(&self, &n: &u32) -> bool {
        n == 1
    }
}

/// A step takes at most one binary digit off.
struct Digits;

impl Heuristic<Countdown> for Digits {
    fn estimate(&self, _: &Countdown, &n: &u32) -> u8 {
        u8::try_from(n.ilog2()).unwrap()
    }
}

#[derive(Clone, Copy, Debug)]
struct Named;

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("digits")
    }
}

#[derive(Default)]
struct Program;

impl Puzzle for Program {
    const PROGRAM: &'static str = "countdown";
    type Problem = Countdown;
    type Case = u32;
    type Answer = String;
    type Heuristic = Named;
    const HEURISTICS: &'static [Named] = &[Named];
    const ALGORITHMS: &'static [Algorithm] = Algorithm::ALL;

    type CaseError = String;
    fn cases(input: Input<'_>) -> impl Iterator<Item = Result<u32, String>> {
        input.lines().enumerate().map(|(index, line)| {
            line.trim().parse().map_err(|_| format!("case {}: not a number", index + 1))
        })
    }

    fn solve<O: Observer<Countdown>>(
        &self,
        &n: &u32,
        _: Named,
        search: Search<'_, Countdown, O>,
    ) -> CaseReportOf<Self> {
        let report = search.solve(&Countdown, &Digits, &n);
        CaseReportOf::<Self>::from_report(report, |solution| {
            let moves = solution.expect("every number comes down to 1").moves;
            moves.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
        })
    }

    fn state_text(&self, &n: &u32) -> Option<String> {
        Some(n.to_string())
    }

    fn length(answer: &String) -> Option<usize> {
        Some(answer.split(' ').filter(|step| !step.is_empty()).count())
    }
}

#[test]
fn a_user_s_program_traces_every_driver() {
    for algorithm in Algorithm::ALL {
        let name = algorithm.name();
        let path = trace_path(&format!("countdown-{name}.jsonl"));
        let argv = ["countdown", "--algorithm", name, "--trace-json", path.to_str().unwrap()];
        let (end, output) = answer_text(&Program, &argv, "10\n7\n1\n").unwrap();
        assert!(matches!(end, BatchOutcome::Answered { stopped: false }), "{name}: {end:?}");
        let answers: Vec<&str> = output.lines().collect();
        let runs = runs(&path);
        assert_eq!(runs.len(), 3, "{name}");
        for ((run, start), answer) in runs.iter().zip(["10", "7", "1"]).zip(answers) {
            let what = format!("{name} from {start}");
            check_ids(run, &what);
            assert_eq!(run[0]["instance"], start, "{what}");
            let last = run.last().unwrap();
            let moves: Vec<&str> =
                last["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
            assert_eq!(moves.join(" "), answer, "{what}");
            assert_eq!(last["cost"].as_u64(), Some(moves.len() as u64), "{what}");
            let expanded = events(run, "expand").count() as u64;
            assert_eq!(last["expanded"].as_u64(), Some(expanded), "{what}");
            // A node's fields come with its first event: `expand` (depth first) or `push`.
            let first = if algorithm.depth_first() { "expand" } else { "push" };
            assert!(events(run, first).all(|node| node["state"].is_string()), "{what}");
            if !algorithm.depth_first() {
                let pushed = events(run, "push").count() + events(run, "skip").count();
                let new_goal = events(run, "goal").filter(|goal| goal.get("parent").is_some());
                let generated = (pushed + new_goal.count()) as u64;
                assert_eq!(last["generated"].as_u64(), Some(generated), "{what}");
            }
        }
    }
}
