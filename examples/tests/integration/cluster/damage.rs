//! `cluster run` reading back a finished run whose reports were changed since their workers wrote
//! them: a line that claims a solution, a solution playing moves that do not exist, a count with
//! a digit more, lines of another search. Each is set aside with a warning naming its file and
//! line and its units are searched again, to the one-process answer and counts; a line sealed as
//! this search's whose solution does not hold is refused with its file and line. And a finished
//! run is read back from a copy no one can write to.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::support::{
    Answer, KORF_94, OPTIONS, Scratch, answer, cluster, logged_bounds, reference, run_args, seal,
};
use crate::common::{program, program_path, text};

/// Another board of the same blank's place as [`KORF_94`] (two pairs of its tiles swapped, 5 and
/// 7, 1 and 4), so that its searches follow the same unit paths as far as the bound lets them.
const OTHER: &str = "7 5 11 8 0 14 9 13 10 12 3 15 6 4 1 2\n";

/// A finished run of [`KORF_94`] in 16 units an iteration, on the coordinator's threads, and the
/// one-process answer it gave.
fn finished(name: &str) -> (Scratch, Answer) {
    let scratch = Scratch::new(name);
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    let run = cluster(&scratch.0, &run_args(&["--units", "16"]));
    assert_eq!(answer(&run), expected);
    (scratch, expected)
}

/// An iteration of the run before its last, of three units or more: its directory, its bound and
/// its units, in move order.
fn iteration(scratch: &Scratch) -> (PathBuf, u64, Vec<String>) {
    let work = scratch.path("work");
    let bounds = logged_bounds(&work);
    for &bound in &bounds[..bounds.len() - 1] {
        let here = work.join(format!("bound-{bound}"));
        let units = fs::read_to_string(here.join("units.txt")).unwrap();
        let units: Vec<String> = units.lines().skip(1).map(str::to_owned).collect();
        if units.len() >= 3 {
            return (here, bound, units);
        }
    }
    panic!("no iteration of three units before the last: {bounds:?}");
}

/// The reports file of the iteration `here` and the number and text of the report of `unit`.
fn report_of(here: &Path, unit: &str) -> (PathBuf, usize, String) {
    let file = here.join("reports/local-0.txt");
    let reports = fs::read_to_string(&file).unwrap();
    let (index, line) = reports
        .lines()
        .enumerate()
        .find(|(_, line)| line.split_whitespace().next() == Some(unit))
        .unwrap_or_else(|| panic!("no report of {unit} in {reports}"));
    (file, index + 1, line.to_owned())
}

/// Replaces the line `number` of `file` with `with`.
fn replace_line(file: &Path, number: usize, with: &str) {
    let reports = fs::read_to_string(file).unwrap();
    let mut lines: Vec<&str> = reports.lines().collect();
    lines[number - 1] = with;
    fs::write(file, lines.join("\n") + "\n").unwrap();
}

/// The run again, on a work directory whose iteration `here` was changed, its end removed as a
/// killed coordinator leaves it.
fn rerun(scratch: &Scratch, here: &Path) -> Output {
    let _ = fs::remove_file(here.join("end.txt"));
    cluster(&scratch.0, &run_args(&["--units", "16"]))
}

/// The run ended with the one-process answer and counts, having set aside the damaged `file`
/// with a warning (not an error) naming its line.
fn set_aside_and_searched_again(run: &Output, expected: &Answer, file: &Path, line: usize) {
    let stderr = text(&run.stderr);
    assert_eq!(&answer(run), expected, "{stderr}");
    let named = format!("warning: {} line {line}: the report", file.display());
    assert!(stderr.contains(&named) && stderr.contains("does not match its check="), "{stderr}");
    assert!(stderr.contains("set aside as"), "{stderr}");
    assert!(!stderr.contains("error:"), "{stderr}");
    assert!(PathBuf::from(format!("{}.rejected", file.display())).exists());
}

/// A unit's report (of `next=`, or of a solution claimed before) made to claim the solution
/// `solution`.
fn claim_solution(line: &str, solution: &str) -> String {
    let mut words: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
    assert!(words[3].starts_with("next=") || words[3].starts_with("solved="), "{line}");
    words[3] = format!("solved={solution}");
    words.join(" ")
}

#[test]
fn a_line_claiming_a_short_solution_is_set_aside_not_answered() {
    let (scratch, expected) = finished("claimed");
    let (here, bound, units) = iteration(&scratch);
    let (file, number, line) = report_of(&here, &units[0]);
    // `solved=41:0.0.0` for `next=43`: three moves that exist, which is no solution.
    replace_line(&file, number, &claim_solution(&line, &format!("{bound}:0.0.0")));
    set_aside_and_searched_again(&rerun(&scratch, &here), &expected, &file, number);
}

#[test]
fn a_line_claiming_moves_that_do_not_exist_is_set_aside_not_a_panic() {
    let (scratch, expected) = finished("no-such-move");
    let (here, bound, units) = iteration(&scratch);
    let (file, number, line) = report_of(&here, &units[0]);
    // `solved=57:0.0.0.1.1.0.9.9.9`: a board has at most four moves.
    replace_line(&file, number, &claim_solution(&line, &format!("{bound}:0.0.0.1.1.0.9.9.9")));
    set_aside_and_searched_again(&rerun(&scratch, &here), &expected, &file, number);
}

#[test]
fn a_count_with_a_digit_more_is_set_aside_not_added() {
    let (scratch, expected) = finished("digit");
    let (here, _, units) = iteration(&scratch);
    let (file, number, line) = report_of(&here, &units[1]);
    replace_line(&file, number, &line.replacen("generated=", "generated=1", 1));
    set_aside_and_searched_again(&rerun(&scratch, &here), &expected, &file, number);
}

/// The reports of another board's worker for some of `units` (those its search can follow),
/// with no header: a worker of that search given this search's units, one at a time.
fn other_reports(scratch: &Scratch, units: &[String]) -> Vec<String> {
    scratch.file("other.txt", OTHER);
    let mut lines = Vec::new();
    for unit in units {
        let output = program("sliding")
            .current_dir(&scratch.0)
            .args(["cluster", "work", "--", "--heuristic", "manhattan", "other.txt"])
            .write_stdin(format!("{unit}\n"))
            .output()
            .unwrap();
        if output.status.success() {
            let reports = text(&output.stdout);
            lines.extend(reports.lines().filter(|line| !line.starts_with('#')).map(str::to_owned));
        }
    }
    lines
}

#[test]
fn lines_from_another_search_are_set_aside_not_added() {
    let (scratch, expected) = finished("other-search");
    let (here, _, units) = iteration(&scratch);
    let others = other_reports(&scratch, &units);
    // Two of this search's lines replaced by the other's for the same units, whose counts differ.
    let mut replaced = Vec::new();
    for other in &others {
        let unit = other.split_whitespace().next().unwrap();
        let (file, number, line) = report_of(&here, unit);
        let counts = |line: &str| line.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
        if counts(&line) != counts(other) && replaced.len() < 2 {
            replace_line(&file, number, other);
            replaced.push((file, number));
        }
    }
    assert_eq!(replaced.len(), 2, "two units whose counts differ on the other board: {others:?}");
    let run = rerun(&scratch, &here);
    let (file, first) = replaced.iter().min_by_key(|(_, number)| *number).unwrap().clone();
    set_aside_and_searched_again(&run, &expected, &file, first);
}

/// The first unit's report sealed anew (as a worker of this search would write it) claiming the
/// solution `solution(UNIT'S PATH)`: its check matches, so only replaying the solution tells it
/// is wrong.
fn forged(scratch: &Scratch, solution: impl Fn(&str) -> String) -> (Output, PathBuf, usize) {
    let (here, bound, units) = iteration(scratch);
    let (file, number, line) = report_of(&here, &units[0]);
    let reports = fs::read_to_string(&file).unwrap();
    let header = reports.lines().next().unwrap();
    let fingerprint = header.rsplit_once("fingerprint=").unwrap().1;
    let path = units[0].split_once(':').unwrap().1;
    let claimed = claim_solution(&line, &format!("{bound}:{}", solution(path)));
    let (claimed, _) = claimed.rsplit_once(" check=").unwrap();
    replace_line(&file, number, &format!("{claimed} check={}", seal(fingerprint, claimed)));
    (rerun(scratch, &here), file, number)
}

/// The run refused the forged line `number` of `file`, for the reason `why`, and answered
/// nothing.
fn refused(run: &Output, file: &Path, number: usize, why: &str) {
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    let named = format!("error: {} line {number}: the solution", file.display());
    assert!(stderr.contains(&named), "{stderr}");
    assert!(stderr.contains(why) && stderr.contains("nothing is combined"), "{stderr}");
    assert!(text(&run.stdout).is_empty(), "no answer: {}", text(&run.stdout));
}

#[test]
fn a_sealed_line_whose_solution_does_not_hold_is_refused_by_file_and_line() {
    let (scratch, _) = finished("forged");
    // A move that does not exist below the unit: a board has at most four.
    let (run, file, number) = forged(&scratch, |unit| format!("{unit}.9"));
    refused(&run, &file, number, "the move 9 of");
    // Moves that exist from the start, but not below the unit.
    let (run, file, number) = forged(&scratch, |_| "0.0.0".to_owned());
    refused(&run, &file, number, "does not begin with the unit's path");
    // One move below the unit: short of the bound, and no goal.
    let (run, file, number) = forged(&scratch, |unit| format!("{unit}.0"));
    refused(&run, &file, number, "not its unit's bound");
}

/// `sliding cluster ARGS...` in `cwd` as a user who cannot write to a read-only copy: this one,
/// or, when the tests run as root (whom permissions do not stop), the user `nobody`.
fn as_reader(cwd: &Path, args: &[&str]) -> Output {
    let root = fs::read_to_string("/proc/self/status").is_ok_and(|status| {
        status
            .lines()
            .any(|line| line.starts_with("Uid:") && line.split_whitespace().nth(1) == Some("0"))
    });
    let mut command = if root {
        let mut command = Command::new("setpriv");
        command
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(program_path("sliding"));
        command
    } else {
        Command::new(program_path("sliding"))
    };
    command.current_dir(cwd).arg("cluster").args(args).output().unwrap()
}

#[test]
fn a_finished_run_is_read_back_from_a_copy_no_one_can_write_to() {
    let (scratch, expected) = finished("read-only");
    let copied =
        Command::new("cp").arg("-a").arg(scratch.path("work")).arg(scratch.path("copy")).status();
    assert!(copied.unwrap().success());
    let locked = Command::new("chmod").args(["-R", "a-w"]).arg(scratch.path("copy")).status();
    assert!(locked.unwrap().success());
    // As it ran, and with a pool of workers, which has nothing to search and is not started.
    for run_options in [&[][..], &["--engine", "parallel", "--pool"]] {
        let mut args = run_args(run_options);
        args[2] = "copy";
        let run = as_reader(&scratch.0, &args);
        let stderr = text(&run.stderr);
        assert_eq!(answer(&run), expected, "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "the --stats line alone: {stderr}");
        assert!(!scratch.path("copy/pool").exists(), "{run_options:?}");
    }
    // The last iteration combined by hand from the copy, as `run` combined it.
    let bound = *logged_bounds(&scratch.path("copy")).last().unwrap();
    let here = format!("copy/bound-{bound}");
    let units = format!("{here}/units.txt");
    let previous_bound = logged_bounds(&scratch.path("copy")).iter().rev().nth(1).copied().unwrap();
    let previous = format!("copy/bound-{previous_bound}/reports/local-0.txt");
    let reports = format!("{here}/reports/local-0.txt");
    let combine = [
        "combine",
        "--units-file",
        &units,
        "--previous",
        &previous,
        &reports,
        "--",
        "--heuristic",
        "manhattan",
        "case.txt",
    ];
    let combined = as_reader(&scratch.0, &combine);
    let stdout = text(&combined.stdout);
    assert!(combined.status.success(), "{}", text(&combined.stderr));
    assert_eq!(stdout.lines().nth(1), Some(expected.moves.as_str()), "{stdout}");
    // Unlocked, so that the scratch directory can be removed by whoever runs the tests.
    let _ = Command::new("chmod").args(["-R", "u+w"]).arg(scratch.path("copy")).status();
}
