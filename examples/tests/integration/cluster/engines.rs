//! `cluster run` on every engine: the one-process answer and counts.

use std::fs;

use super::support::{
    Daemon, KORF_94, OPTIONS, PARALLEL_OVER_SSH, SLURM, Scratch, answer, cluster, logged_bounds,
    reference, run_args,
};
use crate::common::text;

/// `sliding cluster run --dir work ENGINE_ARGS -- OPTIONS case.txt` in `scratch`.
fn run(scratch: &Scratch, engine: &[&str]) -> std::process::Output {
    cluster(&scratch.0, &run_args(engine))
}

#[test]
fn the_local_threads_give_the_one_process_answer() {
    let scratch = Scratch::new("local");
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    let output = run(&scratch, &["--engine", "local", "--units", "32"]);
    assert_eq!(answer(&output), expected);
    // A finished search run again takes every iteration from the work directory.
    let logged = logged_bounds(&scratch.path("work"));
    assert_eq!(answer(&run(&scratch, &["--engine", "local"])), expected);
    assert_eq!(logged_bounds(&scratch.path("work")), logged, "nothing searched again");
}

#[test]
fn gnu_parallel_over_ssh_gives_the_one_process_answer() {
    if !test_support::system::wanted(PARALLEL_OVER_SSH) {
        return;
    }
    let scratch = Scratch::new("ssh");
    let sshd = Daemon::start("sshd", &scratch.path("ssh"));
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    let login = sshd.dir.join("sshloginfile");
    let engine_args = format!("--sshloginfile {}", login.display());
    let output =
        run(&scratch, &["--engine", "parallel", "--engine-args", &engine_args, "--tasks", "4"]);
    assert_eq!(answer(&output), expected, "{}", text(&output.stderr));
    let log = fs::read_to_string(scratch.path("work/iterations.txt")).unwrap();
    assert!(log.lines().all(|line| line.contains(" engine=parallel ")), "{log}");
}

#[test]
fn a_slurm_job_array_per_iteration_gives_the_one_process_answer() {
    if !test_support::system::wanted(SLURM) {
        return;
    }
    let scratch = Scratch::new("slurm");
    let slurm = Daemon::start("slurm", &scratch.path("slurm"));
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    let conf = slurm.dir.join("slurm.conf");
    assert!(conf.exists(), "slurm.sh writes {}", conf.display());
    let output = crate::common::program("sliding")
        .current_dir(&scratch.0)
        .env("SLURM_CONF", &conf)
        .args(["cluster", "run", "--dir", "work", "--engine", "slurm", "--tasks", "2", "--"])
        .args(OPTIONS)
        .arg("case.txt")
        .output()
        .unwrap();
    assert_eq!(answer(&output), expected, "{}", text(&output.stderr));
    let work = scratch.path("work");
    let log = fs::read_to_string(work.join("iterations.txt")).unwrap();
    assert!(log.lines().all(|line| line.contains(" engine=slurm ")), "{log}");
    // Each iteration with units was one array job, whose id is kept.
    let jobs = logged_bounds(&work)
        .iter()
        .filter(|bound| work.join(format!("bound-{bound}/tasks-0/job-id")).exists())
        .count();
    let submitted = log.lines().filter(|line| !line.contains(" submissions=0 ")).count();
    assert!(jobs > 0 && jobs == submitted, "{jobs} jobs for {submitted} submissions: {log}");

    // A pool on Slurm: one array job for the whole run, whose tasks leave at its end.
    let output = crate::common::program("sliding")
        .current_dir(&scratch.0)
        .env("SLURM_CONF", &conf)
        .args(["cluster", "run", "--dir", "pooled", "--engine", "slurm", "--tasks", "2"])
        .args(["--pool", "--"])
        .args(OPTIONS)
        .arg("case.txt")
        .output()
        .unwrap();
    assert_eq!(answer(&output), expected, "{}", text(&output.stderr));
    let lines = super::support::log_fields(&scratch.path("pooled"));
    assert!(lines.iter().all(|line| line["pool"] == "yes" && line["engine"] == "slurm"));
    assert!(lines.iter().all(|line| line["coordinator-units"] == "0"), "{lines:?}");
    let job = fs::read_to_string(scratch.path("pooled/pool/tasks-0/job-id")).unwrap();
    let queue = std::process::Command::new("squeue")
        .env("SLURM_CONF", &conf)
        .args(["--noheader", "--jobs", job.trim()])
        .output()
        .unwrap();
    assert_eq!(text(&queue.stdout).trim(), "", "the pool's job has left the queue");
    // (The cluster's own daemons name the scratch directory too: only the run's are counted.)
    let left = super::support::leftovers(&scratch);
    let workers: Vec<&String> = left.iter().filter(|line| line.contains("/pooled/")).collect();
    assert_eq!(workers, Vec::<&String>::new());
}

#[test]
fn a_command_template_runs_any_engine() {
    let scratch = Scratch::new("command");
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    let template = "seq 0 {last} | xargs -P 2 -I TASK sh {script} TASK";
    let output = run(&scratch, &["--engine", "command", "--command", template, "--tasks", "3"]);
    assert_eq!(answer(&output), expected, "{}", text(&output.stderr));
}

#[test]
fn small_iterations_stay_on_the_coordinator() {
    let scratch = Scratch::new("local-below");
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    let template = "seq 0 {last} | xargs -P 2 -I TASK sh {script} TASK";
    let engine = ["--engine", "command", "--command", template, "--local-below", "200000"];
    assert_eq!(answer(&run(&scratch, &engine)), expected);
    let log = fs::read_to_string(scratch.path("work/iterations.txt")).unwrap();
    let engines: Vec<&str> =
        log.lines().map(|line| line.split_whitespace().nth(1).unwrap()).collect();
    assert_eq!(engines.first(), Some(&"engine=local"), "{log}");
    assert_eq!(engines.last(), Some(&"engine=command"), "{log}");
}

#[test]
fn unit_seconds_sizes_the_units_by_the_workers_speed() {
    let scratch = Scratch::new("unit-seconds");
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    let units = |engine: &[&str]| -> Vec<usize> {
        let _ = fs::remove_dir_all(scratch.path("work"));
        assert_eq!(answer(&run(&scratch, engine)), expected);
        let lines = super::support::log_fields(&scratch.path("work"));
        lines.iter().map(|line| line["units"].parse().unwrap()).collect()
    };
    // Units of a thousand seconds: once the workers' speed is measured, each iteration is one
    // unit (or the few the split cannot help making); the first, unmeasured, takes --units.
    let long = units(&["--engine", "local", "--units", "32", "--unit-seconds", "1000"]);
    // Units of a nanosecond: as many as --units allows, as without --unit-seconds.
    let short = units(&["--engine", "local", "--units", "32", "--unit-seconds", "1e-9"]);
    let plain = units(&["--engine", "local", "--units", "32"]);
    assert_eq!(short, plain);
    let last = long.len() - 1;
    assert!(long[last] <= 2 && plain[last] > 8, "{long:?} against {plain:?}");
    assert!(long[1..].iter().all(|&units| units <= 2), "{long:?}");
}
