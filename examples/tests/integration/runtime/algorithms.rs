//! `--algorithm`: every driver a program offers answers optimally (the same lengths as IDA\*);
//! a name it does not know, or a driver its puzzle does not offer, is a usage error.

use crate::common::{self, text};

const SLIDING_IN: &str = include_str!("../../../data/sliding-sample.in");

/// Each case's `length=` and `peak=`, from `--stats` lines.
fn lengths(stderr: &str) -> Vec<(String, Option<String>)> {
    let field = |line: &str, key: &str| {
        line.split(' ').find_map(|pair| pair.strip_prefix(key)).map(str::to_owned)
    };
    stderr
        .lines()
        .filter(|line| line.starts_with("case="))
        .map(|line| (field(line, "length=").unwrap(), field(line, "peak=")))
        .collect()
}

#[test]
fn every_offered_algorithm_answers_the_samples_as_ida_star_does() {
    let args = ["--stats", "--heuristic", "linear-conflict"];
    let ida = common::run("sliding", &args, SLIDING_IN).success();
    let ida_out = text(&ida.get_output().stdout);
    let ida_lengths = lengths(&text(&ida.get_output().stderr));
    assert!(ida_lengths.iter().all(|(_, peak)| peak.is_none()), "no peak= by default");
    for algorithm in ["ida", "bts"] {
        let chosen =
            common::run("sliding", &[&args[..], &["--algorithm", algorithm]].concat(), SLIDING_IN);
        let chosen = chosen.success();
        let found = lengths(&text(&chosen.get_output().stderr));
        let found_lengths: Vec<&String> = found.iter().map(|(length, _)| length).collect();
        let expected: Vec<&String> = ida_lengths.iter().map(|(length, _)| length).collect();
        assert_eq!(found_lengths, expected, "{algorithm}");
        assert!(
            found.iter().all(|(_, peak)| peak.is_some()),
            "{algorithm}: peak= with --algorithm"
        );
        if algorithm == "ida" {
            assert_eq!(text(&chosen.get_output().stdout), ida_out);
        }
    }
}

#[test]
fn an_unknown_algorithm_is_a_usage_error() {
    let output = common::run("rotation", &["--algorithm", "dfs"], "0\n").code(2);
    let stderr = text(&output.get_output().stderr);
    assert!(
        stderr.contains(
            r#"unknown algorithm "dfs": the algorithms are ida, bts, iddfs, bfs, ucs, astar"#
        ),
        "{stderr}"
    );
    assert!(output.get_output().stdout.is_empty());
}

/// Every program offers every driver; with weighted tiles, `sliding` refuses breadth-first search,
/// which counts moves, not costs.
#[test]
fn an_algorithm_the_puzzle_does_not_offer_is_a_usage_error() {
    let output = common::run("sliding", &["--costs", "tile", "--algorithm", "bfs"], "").code(2);
    let stderr = text(&output.get_output().stderr);
    assert!(
        stderr.starts_with("error: --algorithm bfs cannot be used with --costs tile: "),
        "{stderr}"
    );
}
