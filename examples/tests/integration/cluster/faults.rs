//! `cluster run` through faults: a worker killed in the middle of an iteration, a report file cut
//! short, a work directory of another search.

use std::fs;
use std::path::PathBuf;

use super::support::{
    KORF_94, OPTIONS, Scratch, answer, cluster, logged_bounds, reference, run_args,
};
use crate::common::text;

/// The tasks one after the other, except task 1, whose worker is killed (`SIGKILL`) in the middle
/// of its work: its units come through a pipe that gives it the first one and then nothing, and it
/// is killed once it has reported that one, waiting for the next. Every unit of task 1 after the
/// first is lost, in the first iteration where task 1 has more than one.
const KILLING: &str = "for i in $(seq 0 {last}); do
  if [ $i -eq 1 ]; then
    units={dir}/tasks-0/task-1.txt
    mv $units $units.all && mkfifo $units
    (head -n 1 $units.all; exec sleep 60) > $units & feeder=$!
    sh {script} 1 & worker=$!
    while ! grep -qs generated= {dir}/reports/task-0-1.txt; do sleep 0.01; done
    kill -9 $worker; wait $worker; kill $feeder
  else
    sh {script} $i
  fi
done";

const SEQUENTIAL: &str = "for i in $(seq 0 {last}); do sh {script} $i; done";

fn run(scratch: &Scratch, template: &str, more: &[&str]) -> std::process::Output {
    let engine = ["--engine", "command", "--command", template];
    cluster(&scratch.0, &run_args(&[&engine[..], more].concat()))
}

#[test]
fn a_killed_worker_and_a_cut_report_are_resumed_to_the_same_answer() {
    let scratch = Scratch::new("faults");
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    // With no second submission allowed, the killed worker's units stop the run.
    let failed = run(&scratch, KILLING, &["--tasks", "2", "--units", "64", "--retries", "0"]);
    let stderr = text(&failed.stderr);
    assert_eq!(failed.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("still have no report") && stderr.contains("run again to resume"),
        "{stderr}"
    );
    let work = scratch.path("work");
    let finished = logged_bounds(&work);
    // The iteration in progress: the first with units and no end.
    let mut dirs: Vec<PathBuf> =
        fs::read_dir(&work).unwrap().map(|entry| entry.unwrap().path()).collect();
    dirs.sort();
    let current = dirs.iter().find(|dir| dir.is_dir() && !dir.join("end.txt").exists()).unwrap();
    // Cut the complete task's reports file short, in the middle of its last report.
    let complete = current.join("reports/task-0-0.txt");
    let mut bytes = fs::read(&complete).unwrap();
    let reports = String::from_utf8(bytes.clone()).unwrap().lines().count();
    assert!(reports >= 3, "a header, reports and a closing line");
    bytes.truncate(bytes.len() - 8);
    fs::write(&complete, &bytes).unwrap();

    let resumed = run(&scratch, SEQUENTIAL, &["--tasks", "2"]);
    let stderr = text(&resumed.stderr);
    let cut = format!("{} line {reports}: the line is cut short", complete.display());
    assert!(stderr.contains(&cut), "{stderr}");
    assert!(stderr.contains("set aside as"), "{stderr}");
    assert_eq!(answer(&resumed), expected);
    // The iterations finished before were kept, not searched again.
    let all = logged_bounds(&work);
    assert_eq!(all[..finished.len()], finished[..]);
    let mut once = all.clone();
    once.dedup();
    assert_eq!(once, all, "no iteration searched twice");
}

#[test]
fn a_work_directory_of_another_search_is_refused() {
    let scratch = Scratch::new("other");
    scratch.file("case.txt", KORF_94);
    assert!(answer(&run(&scratch, SEQUENTIAL, &[])).generated > 0);
    let output = cluster(
        &scratch.0,
        &["run", "--dir", "work", "--", "--stats", "--heuristic", "linear-conflict", "case.txt"],
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("work/search.txt: the work directory of another search"), "{stderr}");
}
