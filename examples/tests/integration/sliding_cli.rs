//! The `sliding` program as a user runs it: the answers, the exit statuses, the error messages,
//! the database file, limits and progress.

use crate::common;

use common::text;

const SAMPLE_IN: &str = include_str!("../../data/sliding-sample.in");
const SAMPLE_OUT: &str = include_str!("../../data/sliding-sample.out");
/// Korf's instance 88, the hardest of his 100 for the Manhattan distance.
const KORF_88: &str = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4\n";

fn sliding() -> assert_cmd::Command {
    common::program("sliding")
}

/// The sample with the formula heuristics (the pattern databases, the 4x4 default, take seconds
/// to build: the test with a database file covers them).
#[test]
fn the_sample_is_answered_with_either_formula_heuristic() {
    for args in [&["--heuristic", "manhattan"][..], &["--heuristic=linear-conflict"]] {
        sliding()
            .args(args)
            .write_stdin(SAMPLE_IN)
            .assert()
            .success()
            .stdout(SAMPLE_OUT)
            .stderr("");
    }
}

#[test]
fn stats_lines_follow_the_common_format() {
    let input = "1 2 0 3 4 5 6 7 8
0 2 1 3 4 5 6 7 8
";
    let output = common::run("sliding", &["--stats"], input).success().stdout("LL\nunsolvable\n");
    let stderr = text(&output.get_output().stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(lines[0].starts_with("case=1 length=2 generated=3 expanded=2 iterations=1 seconds="));
    assert!(lines[1].starts_with("case=2 length=none generated=0 expanded=0 iterations=0 "));
}

#[test]
fn the_trace_is_capped() {
    let output = common::run(
        "sliding",
        &["--trace", "--trace-limit", "3"],
        "1 2 5 3 4 0 6 7 8
",
    );
    let stderr = text(&output.success().stdout("ULL\n").get_output().stderr);
    // Three node lines, the limit; the goal's line and the summaries come whatever the limit.
    assert_eq!(
        stderr,
        "== case 1 ==\nbound=3\nstart g=0 h=3 f=3 expanded\n  U g=1 h=2 f=3 expanded\n    \
         L g=2 h=1 f=3 expanded\n      L g=3 h=0 f=3 goal\n\
         end of bound=3: generated=3 expanded=3 pruned=0\nsolution ULL cost=3\n"
    );
}

#[test]
fn bad_input_is_reported_with_its_case_and_line_after_the_earlier_answers() {
    for (bad, problem) in [
        ("1 2 x 3 4 5 6 7 8", "case 2 (line 3): token \"x\" is not an integer"),
        ("1 2 3", "case 2 (line 3): 3 numbers"),
        ("1 2 99999999999999999999999", "case 2 (line 3): 99999999999999999999999 is too large"),
        ("1 2 0 3 4 5 6 7 9", "case 2 (line 3): 9 is not a tile"),
        ("1 2 0 3 4 5 6 7 7", "case 2 (line 3): tile 7 appears twice"),
    ] {
        let input = format!("1 2 0 3 4 5 6 7 8\n# comment\n{bad}\n1 2 0 3 4 5 6 7 8\n");
        let output = sliding().write_stdin(input).assert().code(2).stdout("LL\n");
        let stderr = text(&output.get_output().stderr);
        assert!(stderr.starts_with("error: ") && stderr.contains(problem), "{bad}: {stderr}");
    }
}

#[test]
fn the_databases_are_for_the_15_puzzle_only() {
    let output = common::run(
        "sliding",
        &["--heuristic", "pdb"],
        "1 2 0 3 4 5 6 7 8
",
    );
    let stderr = text(&output.code(2).get_output().stderr);
    assert!(
        stderr.contains("case 1: the pdb heuristic is for 4x4 and 5x5 boards only"),
        "{stderr}"
    );
}

/// The default heuristics on the sample (pattern databases for its 15-puzzles), with a database
/// directory: the first run writes the 4x4 file in it, the next reads it. (The library's tests cover damaged and
/// foreign files, on the 8-puzzle's databases, which build in milliseconds.)
#[test]
fn the_pattern_database_file_is_written_once_then_read() {
    let directory = std::env::temp_dir().join(format!("sliding-cli-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join("sliding-4x4.pdb");
    let cache = directory.to_str().unwrap();

    // The first run says what it builds and where, then (a 24-puzzle came without its
    // databases) the note on the 24-puzzle; the next says nothing.
    let first = sliding().args(["--pdb-cache", cache]).write_stdin(SAMPLE_IN).assert();
    let stderr = text(&first.success().stdout(SAMPLE_OUT).get_output().stderr);
    let building = format!(
        "sliding: building the 15-puzzle's 6-6-3 pattern databases (seconds; 12 MB); then \
         written to {} for later runs\n",
        path.display()
    );
    assert!(stderr.starts_with(&building), "{stderr}");
    assert!(stderr[building.len()..].starts_with(NOTE) && stderr.lines().count() == 2, "{stderr}");
    // Three databases: 5,765,760 + 5,765,760 + 3,360 distances, and 64 bytes around them.
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 11_534_944);

    let second = sliding().args(["--pdb-cache", cache, "--stats"]).write_stdin(SAMPLE_IN).assert();
    let stderr = text(&second.success().stdout(SAMPLE_OUT).get_output().stderr);
    assert!(stderr.lines().all(|line| line.starts_with("case=")), "{stderr}");

    std::fs::remove_dir_all(&directory).unwrap();
}

/// What the program says, once, when a 24-puzzle comes before its databases are made.
const NOTE: &str = "sliding: note: 24-puzzles are solved with linear conflicts";

#[test]
fn until_the_24_puzzles_databases_are_kept_the_program_says_how_to_make_them() {
    let two = "1 6 2 3 4 5 0 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24
5 1 2 3 4 0 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24
";
    // A run that builds no database says nothing.
    sliding().write_stdin(two).assert().success().stdout("UL\nU\n").stderr("");
    // One that builds says so, then, once, how the 24-puzzle's databases are made, even when
    // the 24-puzzle came first (the sample, where it comes after, is the test above). Here the
    // cache directory named is a file: said so, and the answers are the same.
    let fifteen = "1 2 0 3 4 5 6 7 8 9 10 11 12 13 14 15\n";
    let file = std::env::temp_dir().join(format!("sliding-cli-file-{}", std::process::id()));
    std::fs::write(&file, "mine").unwrap();
    let output = sliding()
        .args(["--pdb-cache", file.to_str().unwrap()])
        .write_stdin(format!("{two}{fifteen}"))
        .assert()
        .success()
        .stdout("UL\nU\nLL\n");
    let stderr = text(&output.get_output().stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    let file_name = file.display();
    assert_eq!(
        lines[0],
        format!(
            "sliding: warning: {file_name}: not a directory; the databases are not kept for the \
             next run"
        )
    );
    assert_eq!(
        lines[1],
        "sliding: building the 15-puzzle's 6-6-3 pattern databases (seconds; 12 MB); kept in \
         memory only"
    );
    assert!(lines[2].starts_with(NOTE), "{stderr}");
    let not_kept = format!("kept in memory only ({file_name} is not a directory)");
    for expected in ["--heuristic pdb", "127,512,000", "minutes on", &not_kept] {
        assert!(stderr.contains(expected), "{expected}: {stderr}");
    }
    assert_eq!(std::fs::read(&file).unwrap(), b"mine");
    std::fs::remove_file(&file).unwrap();
    // With a chosen heuristic there is no note.
    let input = format!("{two}{fifteen}");
    sliding().args(["--heuristic", "linear-conflict"]).write_stdin(input).assert().stderr("");
}

/// An unsolvable board needs no databases: `--heuristic pdb` answers it at once, with no build.
#[test]
fn an_unsolvable_24_puzzle_is_answered_without_the_databases() {
    let swapped = "0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24\n";
    sliding()
        .args(["--heuristic", "pdb", "--no-pdb-cache"])
        .write_stdin(swapped)
        .assert()
        .success()
        .stdout("unsolvable\n")
        .stderr("");
}

#[test]
fn bad_command_lines_exit_with_2() {
    for args in [
        &["--heuristic", "gaps"][..],
        &["--bogus"],
        &["--pdb-cache"],
        &["--pdb-cache", "/tmp", "--no-pdb-cache"],
        &["--max-nodes", "-5"],
    ] {
        let output = sliding().args(args).write_stdin("").assert().code(2);
        let stderr = text(&output.get_output().stderr);
        assert!(stderr.contains("For more information, try '--help'."), "{args:?}: {stderr}");
    }
    let help = sliding().arg("--help").assert().success().get_output().stdout.clone();
    assert!(text(&help).contains("Usage: sliding [OPTIONS] [FILE]"));
}

#[test]
fn the_misplaced_tiles_give_the_manhattan_distances_answers() {
    let boards = "1 2 0 3 4 5 6 7 8\n0 1 2 4 3 8 5 6 7\n3x2: 3 4 1 2 5 0\n";
    let answers = |heuristic| {
        let output = sliding().args(["--heuristic", heuristic]).write_stdin(boards).assert();
        text(&output.success().get_output().stdout)
    };
    assert_eq!(answers("misplaced"), answers("manhattan"));
    assert_eq!(answers("misplaced").lines().next(), Some("LL"));
}

#[test]
fn a_long_search_shows_progress_when_asked_and_stops_at_its_time_limit() {
    // Korf's instance 88 (6.3 billion nodes with the Manhattan distance): far beyond the limit on
    // every thread (instance 1 is not, now that a long case gets them all).
    let input = format!("{KORF_88}1 2 0 3 4 5 6 7 8\n");
    let output = sliding()
        .args(["--heuristic", "manhattan", "--progress", "always", "--time-limit", "1.5"])
        .write_stdin(input.clone())
        .assert()
        .code(3)
        .stdout("not solved\nLL\n")
        .get_output()
        .clone();
    let stderr = text(&output.stderr);
    let line = stderr.lines().find(|line| line.starts_with("progress: case 1: bound "));
    let line = line.unwrap_or_else(|| panic!("a progress line in {stderr}"));
    assert!(line.contains(" nodes, ") && line.contains(" M nodes/s, "), "{line}");
    assert!(
        stderr.contains(
            "sliding: case 1 not solved: the time limit was reached (--time-limit 1.5); bound "
        ),
        "{stderr}"
    );
    // Standard error is not a terminal here: without --progress always, no progress at all.
    let quiet = common::run("sliding", &["--heuristic", "manhattan", "--time-limit", "1.5"], input);
    let stderr = text(&quiet.code(3).get_output().stderr);
    assert!(!stderr.contains("progress"), "{stderr}");
}

/// Bad input stays small: a line of 100 MB, of numbers or of one token, costs the program a
/// bounded amount of memory, read from its peak resident size (`VmHWM` in Linux's
/// `/proc/PID/status`) while it still waits for the rest of the line.
#[cfg(target_os = "linux")]
mod memory {
    use std::io::Write;
    use std::process::{Command, Stdio};

    /// Runs `sliding` on 100 MB of `piece` repeated, with no line end; returns its peak resident
    /// size in kB while standard input is still open (`None` if it had already ended), then its
    /// standard error once the input is closed.
    fn peak_on(piece: &[u8]) -> (Option<u64>, String) {
        let mut child = Command::new(super::common::program_path("sliding"))
            .args(["--threads", "2"])
            .env("XDG_CACHE_HOME", super::common::cache_home())
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        let block = piece.repeat((1 << 20) / piece.len());
        for _ in 0..100 {
            // The program stops reading at the line's 26th number: the pipe then breaks.
            if input.write_all(&block).is_err() {
                break;
            }
        }
        input.flush().ok();
        // Give the program the time to read what the pipe still holds.
        std::thread::sleep(std::time::Duration::from_millis(300));
        let status = std::fs::read_to_string(format!("/proc/{}/status", child.id()));
        let peak = status.ok().and_then(|status| {
            let line = status.lines().find(|line| line.starts_with("VmHWM:"))?.to_owned();
            line.split_whitespace().nth(1)?.parse().ok()
        });
        drop(input);
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(2));
        (peak, String::from_utf8_lossy(&output.stderr).into_owned())
    }

    /// Far below the 100 MB of the line, far above the program's own few MB.
    const BOUND_KB: u64 = 40_000;

    #[test]
    fn a_line_of_100_mb_of_numbers_is_refused_at_its_26th() {
        let (peak, stderr) = peak_on(b"1 ");
        assert!(peak.is_none_or(|peak| peak < BOUND_KB), "{peak:?} kB");
        assert!(stderr.contains("case 1 (line 1): more than 25 numbers, but a board"), "{stderr}");
    }

    #[test]
    fn a_token_of_100_mb_is_read_through_but_not_held() {
        let (peak, stderr) = peak_on(b"\0");
        let peak = peak.expect("the program waits for the token's end");
        assert!(peak < BOUND_KB, "{peak} kB");
        let expected = format!(
            "error: case 1 (line 1): token \"{}...\" (104857600 bytes) is not an integer",
            r"\0".repeat(32)
        );
        assert!(stderr.contains(&expected), "{stderr}");
    }

    /// One number of 100 MB of digits: the number is too large, whatever the line's count.
    #[test]
    fn a_number_of_100_mb_is_too_large_not_a_count() {
        let (peak, stderr) = peak_on(b"7");
        let peak = peak.expect("the program waits for the token's end");
        assert!(peak < BOUND_KB, "{peak} kB");
        let expected = format!(
            "error: case 1 (line 1): {}... (104857600 bytes) is too large: a tile is 0 to 24 on \
             any board",
            "7".repeat(32)
        );
        assert!(stderr.contains(&expected), "{stderr}");
    }
}

/// `--pretty` draws the board at the start and after each move, as the other programs do,
/// ahead of the answer's line; the answers stay the judge's.
#[test]
fn pretty_draws_the_board_after_every_move() {
    let input = "1 2 5 3 4 0 6 7 8\n0 2 1 3 4 5 6 7 8\n";
    let expected = "\
start:
1 2 5
3 4 .
6 7 8

after U:
1 2 .
3 4 5
6 7 8

after L:
1 . 2
3 4 5
6 7 8

after L:
. 1 2
3 4 5
6 7 8

ULL
start:
. 2 1
3 4 5
6 7 8

unsolvable
";
    sliding().arg("--pretty").write_stdin(input).assert().success().stdout(expected);
    let fifteen = "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15\n";
    let output = common::run("sliding", &["--pretty", "--heuristic", "manhattan"], fifteen);
    let drawn = text(&output.success().get_output().stdout);
    assert!(drawn.starts_with("start:\n 1  2  3  .\n 4  5  6  7\n"), "{drawn}");
    assert!(
        drawn.ends_with("after L:\n .  1  2  3\n 4  5  6  7\n 8  9 10 11\n12 13 14 15\n\nLLL\n")
    );
}
