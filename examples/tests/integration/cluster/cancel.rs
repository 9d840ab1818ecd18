//! Once a solution is final (its unit and every unit before it have reported), the tasks still
//! to run are cancelled: the engine is stopped, and the later units are never searched.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::support::{
    Daemon, KORF_94, OPTIONS, PARALLEL, SLURM, Scratch, answer, cluster, leftovers, log_fields,
    reference,
};
use crate::common::text;

/// The last iteration's directory, its units and its report lines.
fn last_iteration(work: &Path) -> (PathBuf, usize, usize) {
    let lines = log_fields(work);
    let last = lines.last().unwrap();
    let dir = work.join(format!("bound-{}", last["bound"]));
    let units = last["units"].parse().unwrap();
    let mut reports = 0;
    for entry in fs::read_dir(dir.join("reports")).unwrap() {
        let text = fs::read_to_string(entry.unwrap().path()).unwrap();
        let lines = text.lines().filter(|line| !line.starts_with('#'));
        reports += lines.filter(|line| line.contains(" generated=")).count();
    }
    (dir, units, reports)
}

#[test]
fn the_tasks_after_a_final_solution_are_cancelled() {
    let scratch = Scratch::new("cancel");
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    // One unit per task (the tasks are never more than the units), the tasks one after the
    // other in move order. After the task whose unit
    // holds a solution, the template waits a minute before the next: the coordinator, which then
    // has every unit up to the solution's, must stop it (its trap leaves a mark).
    let template = "trap 'touch {dir}/stopped; exit 143' TERM
for i in $(seq 0 {last}); do
  sh {script} $i
  if grep -qs solved= {dir}/reports/task-*-$i.txt; then sleep 60 & wait $!; fi
done";
    let engine = [
        "run",
        "--dir",
        "work",
        "--engine",
        "command",
        "--command",
        template,
        "--tasks",
        "100000",
        "--local-below",
        "200000",
        "--",
    ];
    let clock = Instant::now();
    let output = cluster(&scratch.0, &[&engine[..], &OPTIONS, &["case.txt"]].concat());
    assert_eq!(answer(&output), expected, "{}", text(&output.stderr));
    assert!(clock.elapsed() < Duration::from_secs(50), "the wait was not cut short");
    let (dir, units, reports) = last_iteration(&scratch.path("work"));
    assert!(dir.join("stopped").exists(), "the template was stopped");
    assert!(reports < units, "{reports} reports of {units} units: the later ones never ran");
    assert_eq!(leftovers(&scratch), Vec::<String>::new(), "the template's sleep was stopped");
}

#[test]
fn gnu_parallel_is_stopped_once_a_solution_is_final() {
    if !test_support::system::wanted(PARALLEL) {
        return;
    }
    let scratch = Scratch::new("cancel-parallel");
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    // One job at a time, one unit per job, 30 ms between the jobs' starts: the jobs after the
    // solution's are still to start when the coordinator stops GNU parallel. (The iterations
    // before the last stay on the coordinator, so that only the last waits between its jobs.)
    let engine = [
        "run",
        "--dir",
        "work",
        "--engine",
        "parallel",
        "--engine-args",
        "-j 1 --delay 0.03",
        "--tasks",
        "100000",
        "--local-below",
        "200000",
        "--",
    ];
    let output = cluster(&scratch.0, &[&engine[..], &OPTIONS, &["case.txt"]].concat());
    assert_eq!(answer(&output), expected, "{}", text(&output.stderr));
    let (_, units, reports) = last_iteration(&scratch.path("work"));
    assert!(reports < units, "{reports} reports of {units} units: the later ones never ran");
    assert_eq!(leftovers(&scratch), Vec::<String>::new(), "GNU parallel was stopped");
}

#[test]
fn a_slurm_job_array_is_cancelled_once_a_solution_is_final() {
    if !test_support::system::wanted(SLURM) {
        return;
    }
    let scratch = Scratch::new("cancel-slurm");
    let slurm = Daemon::start("slurm", &scratch.path("slurm"));
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    // One unit per array task; the one-machine cluster runs two at a time (CPUs=2), so the
    // tasks after the solution's are still pending when the coordinator cancels the job.
    let output = crate::common::program("sliding")
        .current_dir(&scratch.0)
        .env("SLURM_CONF", slurm.dir.join("slurm.conf"))
        .args(["cluster", "run", "--dir", "work", "--engine", "slurm", "--tasks", "100000"])
        .args(["--local-below", "200000", "--"])
        .args(OPTIONS)
        .arg("case.txt")
        .output()
        .unwrap();
    assert_eq!(answer(&output), expected, "{}", text(&output.stderr));
    let (dir, units, reports) = last_iteration(&scratch.path("work"));
    assert!(reports < units, "{reports} reports of {units} units: the later ones never ran");
    assert!(dir.join("tasks-0/job-id").exists(), "one array job");
}
