//! The `sliding` program's `--costs` and `--algorithm`, as a user runs them: weighted answers
//! and their costs, the budgeted search's answers against IDA*'s, the options refused with
//! weighted costs, and the common options on the weighted path.

use crate::common;

use common::text;

const SAMPLE_IN: &str = include_str!("../../data/sliding-sample.in");
const SAMPLE_OUT: &str = include_str!("../../data/sliding-sample.out");

/// Boards of every size, easy enough for IDA* with any costs: an 8-puzzle whose cheapest
/// solution with tiles costing t³ takes 34 moves where the shortest takes 24; the hardest
/// 8-puzzle (31 moves); an easy one; an unsolvable one; the goal; an easy 15-puzzle and
/// 24-puzzle.
const BOARDS: &str = "6 7 1 4 0 5 3 8 2
8 6 7 2 5 4 3 0 1
1 2 5 3 4 0 6 7 8
0 2 1 3 4 5 6 7 8
0 1 2 3 4 5 6 7 8
4 1 2 3 5 9 6 7 8 0 10 11 12 13 14 15
1 6 2 3 4 5 0 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24
";

/// The answers to [`BOARDS`] with tiles costing t³.
const CUBED_OUT: &str = "URDDLULDRURULDLURDDLUURRDLLURDRULL
LUURDDRUULDDLUURDDLUURDRDLURULL
ULL
unsolvable

ULU
UL
";

/// The `--stats` lines of a run's standard error, each without its `seconds=` figure.
fn stats_without_seconds(stderr: &[u8]) -> Vec<String> {
    text(stderr)
        .lines()
        .map(|line| {
            let fields = line.split(' ').filter(|field| !field.starts_with("seconds="));
            fields.collect::<Vec<_>>().join(" ")
        })
        .collect()
}

#[test]
fn weighted_tiles_are_answered_with_the_cheapest_moves_and_their_cost() {
    let output = common::run("sliding", &["--costs", "tile-cubed", "--stats"], BOARDS);
    let output = output.success().stdout(CUBED_OUT);
    let stats = stats_without_seconds(&output.get_output().stderr);
    assert_eq!(
        stats,
        [
            "case=1 length=34 generated=848478 expanded=492545 iterations=294 cost=3340",
            "case=2 length=31 generated=293777 expanded=177415 iterations=89 cost=4472",
            "case=3 length=3 generated=4 expanded=3 iterations=1 cost=134",
            "case=4 length=none generated=0 expanded=0 iterations=0 cost=none",
            "case=5 length=0 generated=1 expanded=0 iterations=0 cost=0",
            "case=6 length=3 generated=5 expanded=3 iterations=1 cost=918",
            "case=7 length=2 generated=3 expanded=2 iterations=1 cost=217",
        ]
    );
    // At unit costs the first board's answer is 10 moves shorter, and --stats has no cost.
    let unit = common::run("sliding", &["--stats"], "6 7 1 4 0 5 3 8 2\n");
    let unit = unit.success().stdout("ULDRRDLLUURRDLLURDDLURUL\n");
    let stats = stats_without_seconds(&unit.get_output().stderr);
    assert_eq!(stats, ["case=1 length=24 generated=3346 expanded=2040 iterations=6"]);
    // Tiles costing t: the blank goes up, tile 3 slides down, for 3.
    let tile = common::run("sliding", &["--costs", "tile", "--stats"], "3 1 2 0 4 5 6 7 8\n");
    let tile = tile.success().stdout("U\n");
    assert!(text(&tile.get_output().stderr).ends_with(" cost=3\n"));
}

/// Budgeted Tree Search answers every board as IDA* does, with every cost model, and with unit
/// costs, the sample as it always has been; with tiles costing t³ it does far less work.
#[test]
fn the_budgeted_search_gives_ida_stars_answers() {
    for costs in ["unit", "tile", "tile-squared", "tile-cubed"] {
        let answers: Vec<Vec<u8>> = ["ida", "bts"]
            .into_iter()
            .map(|algorithm| {
                let args = ["--costs", costs, "--algorithm", algorithm, "--heuristic", "manhattan"];
                let output = common::run("sliding", &args, BOARDS).success();
                output.get_output().stdout.clone()
            })
            .collect();
        assert_eq!(text(&answers[1]), text(&answers[0]), "{costs}");
    }
    for heuristic in ["manhattan", "linear-conflict"] {
        for driver in [&["--costs", "unit", "--algorithm", "ida"][..], &["--algorithm", "bts"]] {
            let args = [driver, &["--heuristic", heuristic]].concat();
            common::run("sliding", &args, SAMPLE_IN).success().stdout(SAMPLE_OUT).stderr("");
        }
    }
    let bts = common::run(
        "sliding",
        &["--costs", "tile-cubed", "--algorithm", "bts", "--stats"],
        "6 7 1 4 0 5 3 8 2\n",
    );
    let bts = bts.success().stdout("URDDLULDRURULDLURDDLUURRDLLURDRULL\n");
    let stats = stats_without_seconds(&bts.get_output().stderr);
    assert_eq!(
        stats,
        ["case=1 length=34 generated=32745 expanded=18996 iterations=22 cost=3340 peak=50"]
    );
}

/// The heuristics that count moves would overestimate with weighted costs, and the databases
/// would never be used: a usage error before any board is read, naming both options.
#[test]
fn weighted_costs_refuse_what_counts_moves() {
    for (args, names) in [
        (&["--costs", "tile", "--heuristic", "linear-conflict"][..], "--heuristic linear-conflict"),
        (&["--costs", "tile-squared", "--heuristic", "pdb"], "--heuristic pdb"),
        (&["--heuristic=pdb", "--costs=tile-cubed", "--algorithm", "bts"], "--heuristic pdb"),
        (&["--costs", "tile", "--pdb-cache", "/nonexistent/15.pdb"], "--pdb-cache"),
    ] {
        let output = common::run("sliding", args, BOARDS).code(2).stdout("");
        let stderr = text(&output.get_output().stderr);
        let costs = args.iter().find_map(|arg| arg.strip_prefix("--costs=")).map_or_else(
            || args[args.iter().position(|&arg| arg == "--costs").unwrap() + 1].to_owned(),
            str::to_owned,
        );
        let expected = format!("error: {names} cannot be used with --costs {costs}: ");
        assert!(stderr.starts_with(&expected), "{args:?}: {stderr}");
        assert!(stderr.contains("For more information, try '--help'."), "{args:?}: {stderr}");
    }
    // Unknown costs and drivers are clap's own usage errors, listing the right names.
    for (args, names) in [
        (
            &["--costs", "tile-quartic"][..],
            "[possible values: unit, tile, tile-squared, tile-cubed]",
        ),
        (&["--algorithm", "a-star"], "the algorithms are ida, bts, iddfs, bfs, ucs, astar"),
    ] {
        let output = common::run("sliding", args, "").code(2);
        let stderr = text(&output.get_output().stderr);
        assert!(stderr.contains(names), "{args:?}: {stderr}");
    }
    // With unit costs, any heuristic goes with either driver.
    common::run(
        "sliding",
        &["--costs", "unit", "--heuristic", "linear-conflict"],
        "1 2 0 3 4 5 6 7 8\n",
    )
    .success()
    .stdout("LL\n");
}

/// The limits, the trace and the threads on the weighted path, with either driver.
#[test]
fn the_common_options_work_with_weighted_costs() {
    for algorithm in ["ida", "bts"] {
        let args = ["--costs", "tile-cubed", "--algorithm", algorithm, "--max-nodes", "1000"];
        let output = common::run("sliding", &args, "6 7 1 4 0 5 3 8 2\n1 2 0 3 4 5 6 7 8\n");
        let stderr = text(&output.code(3).stdout("not solved\nLL\n").get_output().stderr);
        assert!(
            stderr.starts_with(
                "sliding: case 1 not solved: the node budget was spent (--max-nodes 1000); bound "
            ),
            "{algorithm}: {stderr}"
        );
        assert!(stderr.ends_with(", 1000 nodes generated\n"), "{algorithm}: {stderr}");

        // A case alone gets every thread (IDA*'s parallel driver; the budgeted search has none
        // and runs on one): the same answers and figures as on one thread.
        let threads: Vec<(String, Vec<String>)> = ["1", "2", "3"]
            .into_iter()
            .map(|threads| {
                let args = ["--costs", "tile-squared", "--algorithm", algorithm, "--stats"];
                let output =
                    common::run("sliding", &[&args[..], &["--threads", threads]].concat(), BOARDS);
                let output = output.success().get_output().clone();
                // The peak (the deepest path) is counted on one thread only: `peak=0` on
                // several, as `--help` says. Every other figure is the same.
                let stats = stats_without_seconds(&output.stderr);
                let stats =
                    stats.iter().map(|line| line.split(" peak=").next().unwrap().to_owned());
                (text(&output.stdout), stats.collect::<Vec<_>>())
            })
            .collect();
        assert!(threads.iter().all(|run| *run == threads[0]), "{algorithm}: {threads:?}");

        let args = ["--costs", "tile", "--algorithm", algorithm, "--trace"];
        let output = common::run("sliding", &args, "1 2 0 3 4 5 6 7 8\n").success().stdout("LL\n");
        assert_eq!(
            text(&output.get_output().stderr),
            "== case 1 ==\nbound=3\nstart g=0 h=3 f=3 expanded\n  L g=2 h=1 f=3 expanded\n    \
             L g=3 h=0 f=3 goal\nend of bound=3: generated=2 expanded=2 pruned=0\n\
             solution LL cost=3\n",
            "{algorithm}"
        );
    }
}
