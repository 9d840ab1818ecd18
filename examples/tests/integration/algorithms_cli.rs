//! `--algorithm` on every program, as a user runs it: each of the six drivers answers the
//! samples and the easy cases of the shared data optimally (as many moves as the judge's
//! answers, or with `--costs` the same cost as IDA\*'s), with moves that do solve the case; the
//! drivers that try the moves in order (`ida`, `bts`, `iddfs`, `bfs`) give the judge's answer
//! byte for byte; `ucs` and `astar`, which break ties their own way, give answers of the same
//! length. A name no program knows is a usage error (breadth-first search with weighted tiles
//! too: `runtime/algorithms.rs`).

use std::fmt::Display;

use search_core::Problem;

use crate::common::{self, text};

/// Every driver, by its command-line name.
const ALGORITHMS: [&str; 6] = ["ida", "bts", "iddfs", "bfs", "ucs", "astar"];

/// The drivers that try the moves in order and stop at the first solution: the judges'
/// tie-breaks.
const IN_ORDER: [&str; 4] = ["ida", "bts", "iddfs", "bfs"];

const ROTATION_SAMPLE_IN: &str = include_str!("../../data/rotation-sample.in");
const ROTATION_SAMPLE_OUT: &str = include_str!("../../data/rotation-sample.out");
const ROTATION_RANDOM_IN: &str =
    include_str!("../../../crates/puzzle-rotation/tests/data/random-200.in");
const ROTATION_RANDOM_OUT: &str =
    include_str!("../../../crates/puzzle-rotation/tests/data/random-200.out");
const WALL_PUSHER_SAMPLE_IN: &str = include_str!("../../data/wall-pusher-sample.in");
const WALL_PUSHER_SAMPLE_OUT: &str = include_str!("../../data/wall-pusher-sample.out");
const WALL_PUSHER_RANDOM_IN: &str =
    include_str!("../../../crates/puzzle-wall-pusher/tests/data/random-100.in");
const WALL_PUSHER_RANDOM_LEN: &str =
    include_str!("../../../crates/puzzle-wall-pusher/tests/data/random-100.len");
const WALL_PUSHER_NO_WAY_OUT_IN: &str =
    include_str!("../../../crates/puzzle-wall-pusher/tests/data/no-way-out-10.in");
const SLIDING_SAMPLE_IN: &str = include_str!("../../data/sliding-sample.in");
const SLIDING_SAMPLE_OUT: &str = include_str!("../../data/sliding-sample.out");
const EIGHT_PUZZLES_IN: &str = include_str!("../../data/eight-puzzles.in");

/// The Rotation Game boards answered here: the longest answers that breadth-first search and
/// iterative deepening (which keep or re-search every board within the answer's length) reach
/// in a blink.
const ROTATION_MOST_MOVES: usize = 6;

/// The mazes answered here: those whose shortest way out iterative deepening, with no estimate,
/// reaches in a blink.
const WALL_PUSHER_MOST_MOVES: usize = 10;

/// The mazes with no way out answered here (each driver takes its turns with the proof, within
/// growing budgets, before the proof settles the case): the first few of the shared data's.
const NO_WAY_OUT_MAZES: usize = 3;

/// Runs `program` with `args` on `input`, which it must answer in full; its standard output.
fn answers(program: &str, args: &[&str], input: &str) -> String {
    let output = common::run(program, args, input).success();
    text(&output.get_output().stdout)
}

/// The moves named by `letters` (each a move's `Display`) played from `start`, and where they
/// lead; `None` if a letter names no move available where it is played.
fn replay<P>(problem: &P, start: &P::State, letters: &str) -> Option<(Vec<P::Move>, P::State)>
where
    P: Problem<Move: Display>,
{
    let (mut moves, mut state) = (Vec::new(), start.clone());
    for letter in letters.chars() {
        let legal = problem.legal_moves(&state);
        let mv = legal.into_iter().find(|mv| mv.to_string() == letter.to_string())?;
        problem.apply(&mut state, mv);
        moves.push(mv);
    }
    Some((moves, state))
}

/// The lines of `text` whose (0-based) index `keep` accepts, each with its line end.
fn lines_where(text: &str, keep: impl Fn(usize) -> bool) -> String {
    let kept = text.lines().enumerate().filter(|&(i, _)| keep(i));
    kept.flat_map(|(_, line)| [line, "\n"]).collect()
}

/// The letters of a Rotation Game answer's first line.
fn letters(line: &str) -> &str {
    if line == "No moves needed" { "" } else { line }
}

#[test]
fn rotation_every_algorithm_answers_with_the_fewest_moves() {
    use puzzle_rotation::{Rotation, cases};

    // The sample, then the random boards with short answers (one case per line, two lines of
    // output per case), then the terminator.
    let short: Vec<usize> = ROTATION_RANDOM_OUT
        .lines()
        .step_by(2)
        .enumerate()
        .filter(|(_, moves)| *moves == "No moves needed" || moves.len() <= ROTATION_MOST_MOVES)
        .map(|(case, _)| case)
        .collect();
    assert!(short.len() >= 10, "{short:?}");
    let sample_boards = ROTATION_SAMPLE_IN.lines().filter(|line| line.trim() != "0");
    let input: String = sample_boards.flat_map(|line| [line, "\n"]).collect::<String>()
        + &lines_where(ROTATION_RANDOM_IN, |i| short.contains(&i))
        + "0\n";
    let expected = ROTATION_SAMPLE_OUT.to_owned()
        + &lines_where(ROTATION_RANDOM_OUT, |i| short.contains(&(i / 2)));
    let boards: Vec<_> = cases(&input).map(Result::unwrap).collect();
    assert_eq!(boards.len() * 2, expected.lines().count());

    for algorithm in ALGORITHMS {
        let output = answers("rotation", &["--algorithm", algorithm], &input);
        if IN_ORDER.contains(&algorithm) {
            assert_eq!(output, expected, "{algorithm}: the judge's answers");
            continue;
        }
        let (found, judge): (Vec<&str>, Vec<&str>) =
            (output.lines().collect(), expected.lines().collect());
        assert_eq!(found.len(), judge.len(), "{algorithm}");
        for (case, board) in boards.iter().enumerate() {
            let what = format!("{algorithm}, case {}", case + 1);
            let (moves, centre) = (letters(found[2 * case]), found[2 * case + 1]);
            assert_eq!(moves.len(), letters(judge[2 * case]).len(), "{what}: {moves}");
            let (_, end) = replay(&Rotation, board, moves).expect("legal moves");
            assert!(end.is_solved(), "{what}: {moves} solves the board");
            assert_eq!(
                end.centre_symbol().map(|symbol| symbol.to_string()).as_deref(),
                Some(centre)
            );
        }
    }
}

#[test]
fn wall_pusher_every_algorithm_finds_a_shortest_way_out() {
    use puzzle_wall_pusher::{WallPusher, cases};

    let lengths: Vec<&str> = WALL_PUSHER_RANDOM_LEN.lines().collect();
    let chosen: Vec<usize> = (0..lengths.len())
        .filter(|&case| lengths[case].parse::<usize>().is_ok_and(|n| n <= WALL_PUSHER_MOST_MOVES))
        .collect();
    assert!(chosen.len() >= 50, "{chosen:?}");
    // Each maze is five lines: the start, then four rows of masks.
    let mazes = |input: &str, keep: &dyn Fn(usize) -> bool| lines_where(input, |i| keep(i / 5));
    let input = mazes(WALL_PUSHER_SAMPLE_IN, &|case| case == 0)
        + &mazes(WALL_PUSHER_RANDOM_IN, &|case| chosen.contains(&case))
        + &mazes(WALL_PUSHER_NO_WAY_OUT_IN, &|case| case < NO_WAY_OUT_MAZES)
        + "0 0\n";
    let expected_lengths: Vec<Option<usize>> = [WALL_PUSHER_SAMPLE_OUT.trim().len()]
        .into_iter()
        .chain(chosen.iter().map(|&case| lengths[case].parse().unwrap()))
        .map(Some)
        .chain([None; NO_WAY_OUT_MAZES])
        .collect();
    let mazes: Vec<_> = cases(&input).map(Result::unwrap).collect();
    assert_eq!(mazes.len(), expected_lengths.len());

    let ida = answers("wall-pusher", &[], &input);
    assert!(ida.starts_with(WALL_PUSHER_SAMPLE_OUT), "{ida}");
    for algorithm in ALGORITHMS {
        let output = answers("wall-pusher", &["--algorithm", algorithm], &input);
        if IN_ORDER.contains(&algorithm) {
            assert_eq!(output, ida, "{algorithm}: the first in W, N, E, S order");
        }
        let lines: Vec<&str> = output.lines().collect();
        assert_eq!(lines.len(), mazes.len(), "{algorithm}");
        for (case, (maze, line)) in mazes.iter().zip(lines).enumerate() {
            let what = format!("{algorithm}, case {}", case + 1);
            match expected_lengths[case] {
                None => assert_eq!(line, "No way out", "{what}"),
                Some(length) => {
                    assert_eq!(line.len(), length, "{what}: {line}");
                    let (_, end) = replay(&WallPusher, maze, line).expect("legal moves");
                    assert!(WallPusher.is_goal(&end), "{what}: {line} leaves the maze");
                }
            }
        }
    }
}

/// The boards of `input` (comments and blank lines skipped).
fn sliding_boards(input: &str) -> Vec<puzzle_sliding::Board> {
    puzzle_sliding::cases(input).map(Result::unwrap).collect()
}

/// Checks that each answer of `output` solves its board of `boards` in as many moves as the
/// reference's answer: the letters replayed on the board reach the goal.
fn check_sliding_answers(
    what: &str,
    boards: &[puzzle_sliding::Board],
    output: &str,
    reference: &str,
) {
    use puzzle_sliding::Sliding;

    let (found, reference): (Vec<&str>, Vec<&str>) =
        (output.lines().collect(), reference.lines().collect());
    assert_eq!((found.len(), reference.len()), (boards.len(), boards.len()), "{what}");
    for (case, board) in boards.iter().enumerate() {
        let (line, expected) = (found[case], reference[case]);
        if expected == "unsolvable" {
            assert_eq!(line, "unsolvable", "{what}, case {}", case + 1);
            continue;
        }
        assert_eq!(line.len(), expected.len(), "{what}, case {}: {line}", case + 1);
        let (_, end) = replay(&Sliding::for_board(board), board, line).expect("legal moves");
        assert!(end.is_goal(), "{what}, case {}: {line} reaches the goal", case + 1);
    }
}

#[test]
fn sliding_every_algorithm_answers_optimally() {
    // The sample without Korf's instance 79 (42 moves: hours for iterative deepening, gigabytes
    // for breadth-first search), then ten random 8-puzzles.
    let korf_79 = "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15";
    let sample_in = SLIDING_SAMPLE_IN.lines().filter(|&line| line != korf_79);
    let sample_in: String = sample_in.flat_map(|line| [line, "\n"]).collect();
    let sample_out = SLIDING_SAMPLE_OUT.lines().filter(|line| line.len() != 42);
    let sample_out: String = sample_out.flat_map(|line| [line, "\n"]).collect();
    let input = sample_in + EIGHT_PUZZLES_IN;
    let boards = sliding_boards(&input);
    let args = ["--heuristic", "manhattan"];
    let ida = answers("sliding", &args, &input);
    assert!(ida.starts_with(&sample_out), "{ida}");
    for algorithm in ALGORITHMS {
        let chosen = [&args[..], &["--algorithm", algorithm]].concat();
        let output = answers("sliding", &chosen, &input);
        if IN_ORDER.contains(&algorithm) {
            assert_eq!(output, ida, "{algorithm}: the first in U, L, R, D order");
        }
        check_sliding_answers(algorithm, &boards, &output, &ida);
    }
}

/// Each case's `cost=` from `--stats` lines.
fn costs(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter(|line| line.starts_with("case="))
        .map(|line| line.split(' ').find_map(|pair| pair.strip_prefix("cost=")).unwrap())
        .map(str::to_owned)
        .collect()
}

#[test]
fn sliding_with_costs_every_algorithm_but_bfs_finds_the_cheapest() {
    use puzzle_sliding::{CostModel, WeightedSliding};

    // Iterative deepening has no estimate and an iteration per distinct cost: small boards only.
    let small = "1 2 5 3 4 0 6 7 8\n0 2 1 3 4 5 6 7 8\n1 2 0 3 4 5 6 7 8\n3 1 2 4 0 5 6 7 8\n";
    for (input, drivers) in [
        (EIGHT_PUZZLES_IN, &["ida", "bts", "ucs", "astar"][..]),
        (small, &["ida", "bts", "iddfs", "ucs", "astar"]),
    ] {
        let boards = sliding_boards(input);
        let run = |algorithm: &str| {
            let args = ["--costs", "tile-squared", "--stats", "--algorithm", algorithm];
            let output = common::run("sliding", &args, input).success();
            let output = output.get_output();
            (text(&output.stdout), costs(&text(&output.stderr)))
        };
        let (ida, ida_costs) = run("ida");
        for &algorithm in drivers {
            let (output, costs) = run(algorithm);
            assert_eq!(costs, ida_costs, "{algorithm}: the cheapest");
            if IN_ORDER.contains(&algorithm) {
                assert_eq!(output, ida, "{algorithm}: the first in U, L, R, D order");
            }
            for (case, (board, line)) in boards.iter().zip(output.lines()).enumerate() {
                let what = format!("{algorithm}, case {}", case + 1);
                if line == "unsolvable" {
                    assert_eq!(costs[case], "none", "{what}");
                    continue;
                }
                let puzzle = WeightedSliding::for_board(board, &CostModel::TileSquared).unwrap();
                let (moves, end) = replay(&puzzle, board, line).expect("legal moves");
                assert!(end.is_goal(), "{what}: {line} reaches the goal");
                let cost = puzzle.cost_of(board, &moves).map(|cost| cost.to_string());
                assert_eq!(cost.as_ref(), Some(&costs[case]), "{what}: {line} costs what it says");
            }
        }
    }
}

#[test]
fn a_bad_algorithm_is_a_usage_error_on_every_program() {
    for (program, input) in [("rotation", "0\n"), ("wall-pusher", "0 0\n"), ("sliding", "")] {
        let output = common::run(program, &["--algorithm", "dfs"], input).code(2);
        let stderr = text(&output.get_output().stderr);
        assert!(
            stderr.starts_with("error: invalid value 'dfs' for '--algorithm <ALGORITHM>': ")
                && stderr.contains(
                    r#"unknown algorithm "dfs": the algorithms are ida, bts, iddfs, bfs, ucs, astar"#
                ),
            "{program}: {stderr}"
        );
        assert!(output.get_output().stdout.is_empty(), "{program}");
    }
}
