//! Korf's 100 random 15-puzzle instances as the framework's speed test.
//!
//! ```text
//! cargo bench -p puzzle-sliding --bench korf -- [manhattan|korf1|pdb|pdb-build|bts|all] [RUNS] [--threads N,M,...]
//! ```
//!
//! - `manhattan` (the default): the 51 instances under 60 million nodes, IDA\* with the
//!   Manhattan distance, every length and node count checked against Korf's columns. When
//!   `SLIDING_BASELINE` names the C baseline (`sliding-ida-md`, built by the project's shared
//!   `baselines/build.sh`), it runs on the same 51 instances (fed on its standard input),
//!   alternating with ours, and the ratio of the medians is printed.
//! - `korf1`: Korf's instance 1 alone (276 million nodes) with the Manhattan distance.
//! - `pdb`: all 100 instances with the 6-6-3 pattern databases, **built afresh in every run** and
//!   counted in its time; every length checked. The searches alone are timed too.
//! - `pdb-build`: building the 6-6-3 databases only, one pattern after the other with the given
//!   numbers of threads each ([`Pattern::build_on`]), and as the library builds them (one
//!   thread per pattern, [`DisjointDatabases::build`]).
//!
//! - `bts`: the same 51 instances with the Manhattan distance, IDA\* against Budgeted Tree
//!   Search ([`BudgetedSearch`]), taking turns: the same answers to the move, each driver's
//!   nodes, and the ratio of the medians (Budgeted Tree Search / IDA\*). Where IDA\*'s
//!   iterations grow well, as here, the budgeted search should cost next to nothing.
//!   `--under=NODES` takes the instances under NODES instead (`--under=3300000`: the 17
//!   easiest), and `--only=ida` or `--only=bts` times that driver alone (after one untimed
//!   search of every instance by each), for counting instructions under valgrind.
//!
//! - `schedule`: no parallel run at all, but a model of one, to see past this machine's two
//!   cores. For each thread count, every iteration of the 51 instances (then of instance 1, then
//!   of the 100 with the databases) is cut into units as the parallel driver cuts it, each unit
//!   searched and timed on this thread, and the driver's schedule replayed on the measured
//!   times: units taken in move order by the first free thread, the split's walk and the
//!   combining of the reports serial. It prints the serial share, the model's speed-up, and
//!   Amdahl's law for that serial share.
//!
//! RUNS defaults to 5; medians are printed. `--threads` lists the thread counts to compare
//! (default `1`): `1` is the sequential driver (`ida_star`), any other number the parallel driver
//! (`IdaStar::threads`); within each run the counts take turns, starting with a different one
//! each run, and the ratio of each median to the first count's is printed.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use puzzle_sliding::{Board, DisjointDatabases, FIFTEEN_6_6_3, Manhattan, Pattern, Slide, Sliding};
use search_core::work_units::{UnitOutcome, UnitReport};
use search_core::{
    BudgetPhase, BudgetedSearch, Heuristic, IdaStar, ParallelIdaStar, Report, ida_star,
};

// The instances and their parser are the tests' (`tests/common`), so both read the same data.
#[path = "../tests/common/mod.rs"]
mod common;

use common::{Instance, korf as instances};

/// The node limit of the Manhattan benchmark.
const UNDER: u64 = 60_000_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|arg| arg != "--bench").collect();
    let threads: Vec<usize> =
        args.iter().position(|arg| arg == "--threads").and_then(|at| args.get(at + 1)).map_or_else(
            || vec![1],
            |list| list.split(',').map(|n| n.parse().expect("--threads N,M,...")).collect(),
        );
    let runs =
        args.iter().filter(|arg| !arg.contains(',')).find_map(|arg| arg.parse().ok()).unwrap_or(5);
    let mode = args
        .iter()
        .find(|arg| arg.parse::<usize>().is_err() && !arg.starts_with("--") && !arg.contains(','))
        .map_or("manhattan", |m| m);
    let all = instances();
    if matches!(mode, "manhattan" | "all") {
        let chosen: Vec<&Instance> = all.iter().filter(|instance| instance.nodes < UNDER).collect();
        let what = format!("the {} Korf instances under {UNDER} nodes", chosen.len());
        manhattan(&what, &chosen, runs, &threads, true);
    }
    if matches!(mode, "korf1" | "all") {
        let first: Vec<&Instance> = all.iter().filter(|instance| instance.id == 1).collect();
        manhattan("Korf's instance 1", &first, runs, &threads, false);
    }
    if matches!(mode, "pdb" | "all") {
        pdb(&all, runs, &threads);
    }
    if matches!(mode, "pdb-build" | "all") {
        pdb_build(runs, &threads);
    }
    if matches!(mode, "bts" | "all") {
        let under = args
            .iter()
            .find_map(|arg| arg.strip_prefix("--under="))
            .map_or(UNDER, |nodes| nodes.parse().expect("--under=NODES"));
        let only = args.iter().find_map(|arg| arg.strip_prefix("--only="));
        let chosen: Vec<&Instance> = all.iter().filter(|instance| instance.nodes < under).collect();
        budgeted(&chosen, under, runs, only);
    }
    if mode == "schedule" {
        let threads = if threads == [1] { vec![1, 2, 4, 8, 16, 32, 64] } else { threads };
        let puzzle = Sliding::new(4);
        let chosen: Vec<&Instance> = all.iter().filter(|instance| instance.nodes < UNDER).collect();
        let boards: Vec<Board> = chosen.iter().map(|instance| instance.board).collect();
        schedule("Manhattan, the 51 instances", &puzzle, &Manhattan, &boards, &threads);
        let first = [all[0].board];
        schedule("Manhattan, instance 1", &puzzle, &Manhattan, &first, &threads);
        let databases = DisjointDatabases::build(&puzzle, &FIFTEEN_6_6_3);
        let boards: Vec<Board> = all.iter().map(|instance| instance.board).collect();
        schedule("6-6-3 databases, the 100 instances", &puzzle, &databases, &boards, &threads);
    }
}

/// IDA\* from `board` with `threads` threads: the sequential driver for one.
fn solve<H: Heuristic<Sliding> + Sync>(
    puzzle: &Sliding,
    heuristic: &H,
    board: &Board,
    threads: usize,
) -> Report<Slide, u8> {
    if threads == 1 {
        ida_star(puzzle, heuristic, board)
    } else {
        IdaStar::new(puzzle, heuristic).threads(threads).run(board)
    }
}

/// Ours with each thread count, and the C baseline if any (only `with_baseline`), on `chosen`.
fn manhattan(
    what: &str,
    chosen: &[&Instance],
    runs: usize,
    threads: &[usize],
    with_baseline: bool,
) {
    let expected: u64 = chosen.iter().map(|instance| instance.nodes).sum();
    let baseline = std::env::var_os("SLIDING_BASELINE").filter(|_| with_baseline);
    let input: String = chosen.iter().flat_map(|instance| [instance.line, "\n"]).collect();
    let puzzle = Sliding::new(4);
    let ours = |threads: usize| {
        let started = Instant::now();
        let mut nodes = 0;
        for instance in chosen {
            let report = solve(&puzzle, &Manhattan, &instance.board, threads);
            let length = report.outcome.solution().map(|solution| solution.cost);
            assert_eq!(length, Some(instance.length), "instance {}", instance.id);
            assert_eq!(report.stats.generated, instance.nodes, "instance {}", instance.id);
            nodes += report.stats.generated;
        }
        (started.elapsed(), nodes)
    };
    let theirs = |program: &std::ffi::OsStr| {
        let started = Instant::now();
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("SLIDING_BASELINE names a program");
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let output = child.wait_with_output().unwrap();
        let elapsed = started.elapsed();
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "the baseline found mismatches:\n{text}");
        assert!(text.contains(&format!("total nodes {expected}, 0 mismatches")), "{text}");
        elapsed
    };
    let mut our_times = vec![Vec::new(); threads.len()];
    let mut their_times = Vec::new();
    for run in 0..runs {
        // Take turns, starting with a different contender each run, so that none always runs
        // first on a cooler (or warmer) machine.
        let contenders = threads.len() + usize::from(baseline.is_some());
        for turn in 0..contenders {
            let contender = (run + turn) % contenders;
            if contender == threads.len() {
                their_times.push(theirs(baseline.as_deref().unwrap()));
            } else {
                let (time, nodes) = ours(threads[contender]);
                assert_eq!(nodes, expected);
                our_times[contender].push(time);
            }
        }
    }
    println!("15-puzzle, Manhattan distance, {what}: {expected} nodes, {runs} runs");
    let medians = report_threads(threads, &mut our_times, expected);
    if baseline.is_some() {
        let theirs = report("C baseline", &mut their_times, expected);
        for (&threads, ours) in threads.iter().zip(&medians) {
            let ratio = ours.as_secs_f64() / theirs.as_secs_f64();
            println!("ratio generic ({threads} thread(s)) / C: {ratio:.3}");
        }
    } else if with_baseline {
        println!("(set SLIDING_BASELINE to the C baseline's path to run it side by side)");
    }
}

/// Prints the median of each thread count's times and the ratios to the first's.
fn report_threads(threads: &[usize], times: &mut [Vec<Duration>], nodes: u64) -> Vec<Duration> {
    let medians: Vec<Duration> = threads
        .iter()
        .zip(times.iter_mut())
        .map(|(threads, times)| report(&format!("{threads} thread(s)"), times, nodes))
        .collect();
    for (count, median) in threads.iter().zip(&medians).skip(1) {
        let ratio = median.as_secs_f64() / medians[0].as_secs_f64();
        println!("ratio {count} thread(s) / {} thread(s): {ratio:.3}", threads[0]);
    }
    medians
}

/// All 100 instances with the pattern databases, built afresh in every run; the searches are
/// timed alone too, with each thread count in turn.
fn pdb(all: &[Instance], runs: usize, threads: &[usize]) {
    let puzzle = Sliding::new(4);
    let (mut totals, mut builds) = (Vec::new(), Vec::new());
    let mut searches = vec![Vec::new(); threads.len()];
    let mut nodes = 0;
    for run in 0..runs {
        let started = Instant::now();
        let databases = DisjointDatabases::build(&puzzle, &FIFTEEN_6_6_3);
        builds.push(started.elapsed());
        for turn in 0..threads.len() {
            let contender = (run + turn) % threads.len();
            let searching = Instant::now();
            nodes = 0;
            for instance in all {
                assert!(databases.estimate(&puzzle, &instance.board) <= instance.length);
                let report = solve(&puzzle, &databases, &instance.board, threads[contender]);
                let length = report.outcome.solution().map(|solution| solution.cost);
                assert_eq!(length, Some(instance.length), "instance {}", instance.id);
                nodes += report.stats.generated;
            }
            searches[contender].push(searching.elapsed());
            if turn == 0 {
                totals.push(started.elapsed());
            }
        }
    }
    println!(
        "15-puzzle, 6-6-3 pattern databases with reflection, all 100 Korf instances, {runs} runs"
    );
    println!("{nodes} nodes generated in all ({} per instance on average)", nodes / 100);
    report("building the databases", &mut builds, 0);
    report("build + 100 searches", &mut totals, nodes);
    println!("the 100 searches alone:");
    report_threads(threads, &mut searches, nodes);
}

/// Building the 6-6-3 databases: one pattern after the other, each with the given numbers of
/// threads, and as the library does it (a thread per pattern).
fn pdb_build(runs: usize, threads: &[usize]) {
    let puzzle = Sliding::new(4);
    let patterns: Vec<Pattern> =
        FIFTEEN_6_6_3.iter().map(|tiles| Pattern::new(tiles, puzzle.cells())).collect();
    let reference: Vec<_> = patterns.iter().map(|pattern| pattern.build(&puzzle)).collect();
    let mut times = vec![Vec::new(); threads.len()];
    let mut per_pattern_thread = Vec::new();
    for run in 0..runs {
        for turn in 0..=threads.len() {
            let contender = (run + turn) % (threads.len() + 1);
            let started = Instant::now();
            if contender == threads.len() {
                let databases = DisjointDatabases::build(&puzzle, &FIFTEEN_6_6_3);
                per_pattern_thread.push(started.elapsed());
                assert!(databases.parts().iter().zip(&reference).all(|((_, d), r)| d == r));
            } else {
                for (pattern, reference) in patterns.iter().zip(&reference) {
                    let database = pattern.build_on(&puzzle, threads[contender]);
                    assert!(database == *reference, "the same table with any number of threads");
                }
                times[contender].push(started.elapsed());
            }
        }
    }
    println!("building the 15-puzzle's 6-6-3 databases, {runs} runs");
    println!("one pattern after the other, each on:");
    report_threads(threads, &mut times, 0);
    report("a thread per pattern", &mut per_pattern_thread, 0);
}

/// IDA\* against Budgeted Tree Search on `chosen` (the instances under `under` nodes) with the
/// Manhattan distance, taking turns: the same answers, the nodes of each, and the ratio of the
/// medians. With `only` (`ida` or `bts`), the timed runs are that driver's alone, for counting
/// its instructions under valgrind.
fn budgeted(chosen: &[&Instance], under: u64, runs: usize, only: Option<&str>) {
    let puzzle = Sliding::new(4);
    let korf: u64 = chosen.iter().map(|instance| instance.nodes).sum();
    let (mut budgeted_nodes, mut stages) = (0, Vec::new());
    for instance in chosen {
        let ida = ida_star(&puzzle, &Manhattan, &instance.board);
        let bts = BudgetedSearch::new(&puzzle, &Manhattan).run(&instance.board);
        assert_eq!(bts.outcome, ida.outcome, "instance {}: the same answer", instance.id);
        assert_eq!(ida.stats.generated, instance.nodes, "instance {}", instance.id);
        budgeted_nodes += bts.stats.generated;
        let searched = bts.budgets.iter().filter(|b| b.phase != BudgetPhase::Regular).count();
        if searched > 0 {
            stages.push(format!(
                "{} ({} tries under a budget, {} nodes more)",
                instance.id,
                searched,
                bts.stats.generated - ida.stats.generated
            ));
        }
    }
    let mut times = [Vec::new(), Vec::new()];
    for run in 0..runs {
        for turn in 0..2 {
            let contender = (run + turn) % 2;
            if only.is_some_and(|only| only != ["ida", "bts"][contender]) {
                continue;
            }
            let started = Instant::now();
            let mut nodes = 0;
            for instance in chosen {
                nodes += if contender == 0 {
                    ida_star(&puzzle, &Manhattan, &instance.board).stats.generated
                } else {
                    BudgetedSearch::new(&puzzle, &Manhattan).run(&instance.board).stats.generated
                };
            }
            times[contender].push(started.elapsed());
            assert_eq!(nodes, if contender == 0 { korf } else { budgeted_nodes });
        }
    }
    println!(
        "15-puzzle, Manhattan distance, the {} Korf instances under {under} nodes, {runs} runs",
        chosen.len()
    );
    println!("IDA*: {korf} nodes (Korf's); Budgeted Tree Search: {budgeted_nodes} nodes");
    if stages.is_empty() {
        println!("every iteration of the budgeted search was regular: IDA*'s, node for node");
    } else {
        println!(
            "instances where the budgeted search left IDA*'s iterations: {}",
            stages.join(", ")
        );
    }
    if only.is_some() {
        return;
    }
    let [ida, bts] = &mut times;
    let ida = report("IDA*", ida, korf);
    let bts = report("Budgeted Tree Search", bts, budgeted_nodes);
    println!("ratio Budgeted Tree Search / IDA*: {:.3}", bts.as_secs_f64() / ida.as_secs_f64());
}

/// Prints the median time (and rate, when `nodes` is not 0), and returns the median.
fn report(what: &str, times: &mut [Duration], nodes: u64) -> Duration {
    times.sort();
    let median = times[times.len() / 2];
    #[expect(clippy::cast_precision_loss, reason = "a rate printed to one decimal")]
    let rate = nodes as f64 / median.as_secs_f64() / 1e6;
    let all: Vec<String> = times.iter().map(|time| format!("{:.3}", time.as_secs_f64())).collect();
    let rate = if nodes == 0 { String::new() } else { format!("{rate:>6.1} M nodes/s") };
    println!(
        "{what:<24} median {:>8.3} s  {rate}  (runs: {})",
        median.as_secs_f64(),
        all.join(" ")
    );
    median
}

/// The parallel driver's schedule, modelled on measured unit times (see the module's notes), for
/// each thread count of `threads`, on `boards` with `heuristic`.
///
/// This machine is shared, so that the model sees the program's own speed rather than the
/// others': a unit's time in the model is its nodes times the median time per node of the units
/// of the larger iterations (one unit descheduled by the operating system does not pass for a long
/// one), and the split's walk and the combining are each timed as the fastest of three runs.
fn schedule<H: Heuristic<Sliding> + Sync>(
    what: &str,
    puzzle: &Sliding,
    heuristic: &H,
    boards: &[Board],
    threads: &[usize],
) {
    println!("{what}: the parallel driver's schedule modelled on measured times");
    println!(
        "threads  units/iteration  split  combine  serial share  model  speed-up  Amdahl  speculative"
    );
    let driver = IdaStar::new(puzzle, heuristic);
    for &count in threads {
        // Per iteration: each unit's nodes, and the unit holding the solution, if one does.
        let mut iterations: Vec<(Vec<u64>, Option<usize>)> = Vec::new();
        let (mut walking, mut combining_time) = (0.0, 0.0);
        // Per iteration of a hundred thousand nodes or more: the units' time per node.
        let mut per_node = Vec::new();
        for board in boards {
            let mut previous: Vec<UnitReport<u8>> = Vec::new();
            let mut bound = heuristic.estimate(puzzle, board);
            loop {
                // The driver's rule for the number of units (`ParallelIdaStar`).
                let forecast: u64 = previous.iter().map(|report| report.generated).sum();
                let min_nodes = ParallelIdaStar::<Sliding, H>::DEFAULT_MIN_UNIT_NODES;
                let per_thread = ParallelIdaStar::<Sliding, H>::DEFAULT_UNITS_PER_THREAD;
                let wanted = usize::try_from(forecast / min_nodes)
                    .unwrap_or(usize::MAX)
                    .min(per_thread * count);
                let (split, time) = fastest_of_3(|| driver.split(board, bound, wanted, &previous));
                walking += time;
                let searching = Instant::now();
                let reports: Vec<UnitReport<u8>> = split
                    .units()
                    .iter()
                    .map(|unit| driver.search_unit(board, unit).unwrap())
                    .collect();
                let unit_time = searching.elapsed().as_secs_f64();
                let (summary, time) = fastest_of_3(|| split.combine(&reports));
                combining_time += time;
                let solved =
                    reports.iter().position(|r| matches!(r.outcome, UnitOutcome::Solved { .. }));
                // A unit costs a little even without nodes: count it as one node.
                let nodes: Vec<u64> = reports.iter().map(|report| report.generated + 1).collect();
                let total: u64 = nodes.iter().sum();
                if total >= 100_000 {
                    #[expect(clippy::cast_precision_loss, reason = "a time per node")]
                    per_node.push(unit_time / total as f64);
                }
                iterations.push((nodes, solved));
                match summary.outcome {
                    UnitOutcome::Exhausted { next_bound: Some(next) } => bound = next,
                    _ => break,
                }
                previous = reports;
            }
        }
        let serial = walking + combining_time;
        // The median, so that iterations slowed down by the rest of the machine do not count.
        per_node.sort_by(f64::total_cmp);
        let per_node = per_node[per_node.len() / 2];
        let (mut wall, mut work, mut speculative) = (serial, 0.0, 0.0);
        for (units, solved) in &iterations {
            #[expect(clippy::cast_precision_loss, reason = "node counts, as times")]
            let times: Vec<f64> = units.iter().map(|&nodes| nodes as f64 * per_node).collect();
            let (makespan, wasted) = replay_schedule(&times, count, *solved);
            wall += makespan;
            work += times.iter().take(solved.map_or(times.len(), |k| k + 1)).sum::<f64>();
            speculative += wasted;
        }
        let units: usize = iterations.iter().map(|(units, _)| units.len()).sum();
        #[expect(clippy::cast_precision_loss, reason = "thread counts and ratios, printed")]
        let (count_f, per_iteration) = (count as f64, units as f64 / iterations.len() as f64);
        let share = serial / (serial + work);
        println!(
            "{count:>7}  {per_iteration:>15.0}  {walking:>4.3}s  {combining_time:>6.3}s  {:>11.2}%  {wall:>5.3}s  {:>8.2}  {:>6.2}  {:>10.2}%",
            100.0 * share,
            (serial + work) / wall,
            1.0 / (share + (1.0 - share) / count_f),
            100.0 * speculative / work,
        );
    }
}

/// What `run` returns, and the shortest time it took in three runs.
fn fastest_of_3<T>(mut run: impl FnMut() -> T) -> (T, f64) {
    let mut fastest = f64::INFINITY;
    let mut result = None;
    for _ in 0..3 {
        let started = Instant::now();
        result = Some(run());
        fastest = fastest.min(started.elapsed().as_secs_f64());
    }
    (result.expect("three runs"), fastest)
}

/// The makespan of `times` taken in order by `threads` threads, each unit going to the first
/// free thread; when unit `solved` holds the solution, the units after it that started before
/// it ended are called off then, and the rest are never started. Also the time spent on units
/// after `solved`.
fn replay_schedule(times: &[f64], threads: usize, solved: Option<usize>) -> (f64, f64) {
    if times.len() <= 1 {
        return (times.iter().sum(), 0.0);
    }
    let mut free = vec![0.0_f64; threads];
    let mut spans = Vec::new();
    for &time in times {
        let thread = (0..threads).min_by(|&a, &b| free[a].total_cmp(&free[b])).unwrap();
        spans.push((free[thread], free[thread] + time));
        free[thread] += time;
    }
    let Some(solved) = solved else {
        return (free.iter().copied().fold(0.0, f64::max), 0.0);
    };
    let found = spans[solved].1;
    let end = spans[..=solved].iter().map(|span| span.1).fold(0.0, f64::max);
    let wasted = spans[solved + 1..]
        .iter()
        .filter(|span| span.0 < found)
        .map(|span| span.1.min(found) - span.0)
        .sum();
    (end, wasted)
}
