//! `cluster run --pool`: workers started once for the whole run, the one-process answer and
//! counts, an engine that dies in the middle started again, the coordinator's help while the
//! pool starts, and nothing left running at the end.

use std::fs;

use super::support::{KORF_94, Scratch, answer, cluster, leftovers, log_fields, reference};
use crate::common::text;

const OPTIONS: [&str; 3] = ["--stats", "--heuristic", "manhattan"];

/// `sliding cluster run --dir work --pool ENGINE_ARGS -- OPTIONS case.txt` in `scratch`.
fn run(scratch: &Scratch, engine: &[&str]) -> std::process::Output {
    let mut args = vec!["run", "--dir", "work", "--pool"];
    args.extend(engine);
    args.push("--");
    args.extend(OPTIONS);
    args.push("case.txt");
    cluster(&scratch.0, &args)
}

#[test]
fn a_pool_over_gnu_parallel_gives_the_one_process_answer_and_is_stopped_at_the_end() {
    let scratch = Scratch::new("pool");
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    let output = run(&scratch, &["--engine", "parallel", "--engine-args", "-j 2", "--tasks", "2"]);
    assert_eq!(answer(&output), expected, "{}", text(&output.stderr));
    let lines = log_fields(&scratch.path("work"));
    assert!(lines.iter().all(|line| line["pool"] == "yes" && line["engine"] == "parallel"));
    assert!(lines.iter().all(|line| line["coordinator-units"] == "0"), "{lines:?}");
    // The workers wrote the reports, one file per worker and round.
    let reports = fs::read_dir(scratch.path(&format!("work/bound-{}/reports", lines[2]["bound"])))
        .unwrap()
        .filter(|entry| entry.as_ref().unwrap().file_name().to_string_lossy().starts_with("pool-"))
        .count();
    assert!(reports >= 1, "{lines:?}");
    // GNU parallel and its workers were stopped with the run.
    assert_eq!(leftovers(&scratch), Vec::<String>::new());
}

#[test]
fn a_pool_whose_engine_dies_is_started_again_to_the_same_answer() {
    let scratch = Scratch::new("pool-dies");
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    // The first time, the one worker is killed (SIGKILL) once it has claimed the second unit of
    // the pool's first iteration, one of many units: the engine then ends with the iteration
    // undecided. The second time, the worker runs as usual.
    let template = "if [ -e {dir}/killed ]; then sh {script} 0; else
  sh {script} 0 & worker=$!
  until ls {dir}/../bound-*/claims-*/1 > /dev/null 2>&1; do sleep 0.002; done
  kill -9 $worker; touch {dir}/killed
fi";
    // The first iterations stay on the coordinator: the pool's first has many units.
    let engine = ["--engine", "command", "--command", template, "--tasks", "1"];
    let output = run(&scratch, &[&engine[..], &["--local-below", "200000"]].concat());
    let stderr = text(&output.stderr);
    assert_eq!(answer(&output), expected, "{stderr}");
    assert!(stderr.contains("the pool's engine ended before the iteration did"), "{stderr}");
    let lines = log_fields(&scratch.path("work"));
    assert!(lines.iter().any(|line| line["submissions"] == "2"), "{lines:?}");
    assert_eq!(leftovers(&scratch), Vec::<String>::new());
}

#[test]
fn the_coordinator_searches_while_the_pool_starts() {
    let scratch = Scratch::new("pool-helps");
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    // Workers that start long after the coordinator: it searches every iteration itself,
    // claiming units as a worker would, and stops the pool before it has started.
    let template = "sleep 60; seq 0 {last} | xargs -P 2 -I TASK sh {script} TASK";
    let engine = ["--engine", "command", "--command", template, "--coordinator-helps"];
    let output = run(&scratch, &engine);
    assert_eq!(answer(&output), expected, "{}", text(&output.stderr));
    let lines = log_fields(&scratch.path("work"));
    let helped: Vec<&str> = lines.iter().map(|line| line["coordinator-units"].as_str()).collect();
    assert!(helped.iter().any(|&units| units != "0"), "{lines:?}");
    assert_eq!(leftovers(&scratch), Vec::<String>::new(), "the template's sleep was stopped");
}
