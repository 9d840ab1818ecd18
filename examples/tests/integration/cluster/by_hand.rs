//! `cluster split`, `work` and `combine` by hand, as a shell loop over the iterations would run
//! them: the one-process counts, and every bad report refused with its file and line.

use std::fs;
use std::path::Path;

use super::support::{KORF_94, Scratch, cluster, reference, seal};
use crate::common::{program, text};

/// `sliding cluster work -- --heuristic H case.txt < units > reports`.
fn work(scratch: &Scratch, heuristic: &str, units: &Path, reports: &str) {
    let output = program("sliding")
        .current_dir(&scratch.0)
        .args(["cluster", "work", "--", "--heuristic", heuristic, "case.txt"])
        .pipe_stdin(units)
        .unwrap()
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    fs::write(scratch.path(reports), &output.stdout).unwrap();
}

/// `sliding cluster combine`: its status and its output or error.
fn combine(
    scratch: &Scratch,
    units: &str,
    previous: Option<&str>,
    reports: &[&str],
) -> (i32, String) {
    let mut args = vec!["combine", "--units-file", units];
    if let Some(previous) = previous {
        args.extend(["--previous", previous]);
    }
    args.extend(reports);
    args.extend(["--", "--heuristic", "manhattan", "case.txt"]);
    let output = cluster(&scratch.0, &args);
    let said = if output.status.success() { text(&output.stdout) } else { text(&output.stderr) };
    (output.status.code().unwrap(), said)
}

#[test]
fn split_work_and_combine_by_hand_add_up_to_the_one_process_counts() {
    let scratch = Scratch::new("by-hand");
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&["--heuristic", "manhattan"], &case);
    // The split of the bound 0 has no unit; its combination names the first bound.
    let (mut bound, mut previous) = (0, None::<String>);
    let (mut generated, mut expanded) = (1, 0);
    let solution = loop {
        let units = format!("units-{bound}.txt");
        let mut split = vec![
            "split".to_owned(),
            "--bound".to_owned(),
            bound.to_string(),
            "--units".to_owned(),
            "16".to_owned(),
        ];
        if let Some(previous) = &previous {
            split.extend(["--previous".to_owned(), previous.clone()]);
        }
        split.extend(["--", "--heuristic", "manhattan", "case.txt"].map(str::to_owned));
        let split: Vec<&str> = split.iter().map(String::as_str).collect();
        let output = cluster(&scratch.0, &split);
        assert!(output.status.success(), "{}", text(&output.stderr));
        fs::write(scratch.path(&units), &output.stdout).unwrap();
        let reports = format!("reports-{bound}.txt");
        work(&scratch, "manhattan", &scratch.path(&units), &reports);
        let (status, end) = combine(&scratch, &units, previous.as_deref(), &[&reports]);
        assert_eq!(status, 0, "{end}");
        let line = end.lines().next().unwrap();
        let figure = |key: &str| -> u64 {
            line.split_whitespace()
                .find_map(|word| word.strip_prefix(key))
                .unwrap()
                .parse()
                .unwrap()
        };
        generated += figure("generated=");
        expanded += figure("expanded=");
        let last = line.split_whitespace().last().unwrap();
        if let Some(next) = last.strip_prefix("next=") {
            bound = next.parse().unwrap();
            previous = Some(reports);
        } else {
            assert!(last.starts_with("solved="), "{line}");
            break end.lines().nth(1).unwrap().to_owned();
        }
    };
    assert_eq!(
        (solution, generated, expanded),
        (expected.moves, expected.generated, expected.expanded)
    );
}

/// `units.txt` and `reports.txt` of an iteration of a few units, searched by hand in `scratch`
/// (which holds `case.txt`): its bound and its reports.
fn searched_by_hand(scratch: &Scratch) -> (String, String) {
    // The first iteration with a few units: from the bound 0 (whose split has no unit and names
    // the first bound), each iteration's combination names the next.
    let mut first = "0".to_owned();
    loop {
        let split = [
            "split",
            "--bound",
            &first,
            "--units",
            "8",
            "--",
            "--heuristic",
            "manhattan",
            "case.txt",
        ];
        let output = cluster(&scratch.0, &split);
        assert!(output.status.success(), "{}", text(&output.stderr));
        fs::write(scratch.path("units.txt"), &output.stdout).unwrap();
        work(scratch, "manhattan", &scratch.path("units.txt"), "reports.txt");
        if text(&output.stdout).lines().count() > 3 {
            break;
        }
        let (status, end) = combine(scratch, "units.txt", None, &["reports.txt"]);
        assert_eq!(status, 0, "{end}");
        end.trim().rsplit_once("next=").unwrap().1.clone_into(&mut first);
    }
    (first, fs::read_to_string(scratch.path("reports.txt")).unwrap())
}

#[test]
fn combine_refuses_bad_reports_by_file_and_line() {
    let scratch = Scratch::new("refused");
    scratch.file("case.txt", KORF_94);
    scratch.file("zero.txt", "");
    let (first, good) = searched_by_hand(&scratch);
    let lines: Vec<&str> = good.lines().collect();
    assert!(lines.len() >= 4, "{good}");
    // The same reports twice are welcome.
    scratch.file("again.txt", &good);
    let (status, end) = combine(&scratch, "units.txt", None, &["reports.txt", "again.txt"]);
    assert_eq!(status, 0, "{end}");
    assert!(end.starts_with(&format!("{first}: generated=")), "{end}");
    // A report changed since its worker wrote it: a digit more.
    let changed = lines[1].replacen("generated=", "generated=1", 1);
    scratch.file("changed.txt", &format!("{}\n{changed}\n", lines[0]));
    let (status, error) = combine(&scratch, "units.txt", None, &["reports.txt", "changed.txt"]);
    assert_eq!(status, 2);
    assert!(
        error.contains("changed.txt line 2: the report")
            && error.contains("does not match its check="),
        "{error}"
    );
    // A report sealed as this search's (so: a worker's) that disagrees with another.
    let fingerprint = lines[0].rsplit_once("fingerprint=").unwrap().1;
    let sealed = |text: &str| format!("{text} check={}", seal(fingerprint, text));
    let (report, _) = changed.rsplit_once(" check=").unwrap();
    scratch.file("changed.txt", &format!("{}\n{}\n", lines[0], sealed(report)));
    let (status, error) = combine(&scratch, "units.txt", None, &["reports.txt", "changed.txt"]);
    assert_eq!(status, 2);
    assert!(
        error.contains("changed.txt line 2: a report for the unit")
            && error.contains("disagrees with the one in"),
        "{error}"
    );
    assert!(error.contains("reports.txt line 2"), "{error}");
    // A file cut short.
    scratch.file("cut.txt", &good[..good.len() - 3]);
    let (status, error) = combine(&scratch, "units.txt", None, &["cut.txt"]);
    assert_eq!(status, 2);
    assert!(
        error.contains(&format!("cut.txt line {}: the line is cut short", lines.len())),
        "{error}"
    );
    // A garbled line.
    scratch.file(
        "garbled.txt",
        &format!(
            "{}\n{}\n",
            lines[0],
            &lines[1][..lines[1].len() - 4].replace("expanded", "expended")
        ),
    );
    let (status, error) = combine(&scratch, "units.txt", None, &["garbled.txt"]);
    assert_eq!(status, 2);
    assert!(
        error.contains("garbled.txt line 2: the report")
            && error.contains("does not match its check="),
        "{error}"
    );
    // A unit that is not in the split.
    let stranger = sealed(&format!("{first}:9.9.9 generated=1 expanded=1 next=99"));
    let stranger = format!("{}\n{stranger}\n", lines[0]);
    scratch.file("stranger.txt", &stranger);
    let (status, error) = combine(&scratch, "units.txt", None, &["stranger.txt"]);
    assert_eq!(status, 2);
    let refused =
        format!("stranger.txt line 2: a report for the unit {first}:9.9.9, which is not in");
    assert!(error.contains(&refused), "{error}");
    // Reports of another search: the same units searched with another heuristic.
    // Reports under the header of another search: a worker's with another heuristic (given no
    // unit: this search's units need not be that search's), followed by this one's reports.
    work(&scratch, "linear-conflict", &scratch.path("zero.txt"), "other.txt");
    let other = fs::read_to_string(scratch.path("other.txt")).unwrap();
    scratch.file("other.txt", &format!("{other}{}\n", lines[1..].join("\n")));
    let (status, error) = combine(&scratch, "units.txt", None, &["other.txt"]);
    assert_eq!(status, 2);
    assert!(error.contains("other.txt line 1: a file of another search"), "{error}");
    // A worker given units of another search refuses them.
    let header = lines[0].to_owned();
    assert!(header.starts_with("# ida-star reports program=sliding fingerprint="));
    let output = program("sliding")
        .current_dir(&scratch.0)
        .args([
            "cluster",
            "work",
            "--expect",
            "0000000000000000",
            "--",
            "--heuristic",
            "manhattan",
            "case.txt",
        ])
        .write_stdin(format!("{first}:0\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("this worker's search is not the units'"));
}
