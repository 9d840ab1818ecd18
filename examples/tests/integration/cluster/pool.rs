//! `cluster run --pool`: workers started once for the whole run, the one-process answer and
//! counts, an engine that dies in the middle started again, a dead worker among live ones, a
//! coordinator killed and resumed, the coordinator's help while the pool starts, and nothing left
//! running at the end.

use std::fs;
use std::time::{Duration, Instant};

use super::support::{
    KORF_1, KORF_94, OPTIONS, PARALLEL, Scratch, answer, cluster, leftovers, log_fields,
    logged_bounds, reference, run_args,
};
use crate::common::{cache_home, program_path, text};

/// `sliding cluster run --dir work --pool ENGINE_ARGS -- OPTIONS case.txt` in `scratch`.
fn run(scratch: &Scratch, engine: &[&str]) -> std::process::Output {
    cluster(&scratch.0, &run_args(&[&["--pool"], engine].concat()))
}

#[test]
fn a_pool_over_gnu_parallel_gives_the_one_process_answer_and_is_stopped_at_the_end() {
    if !test_support::system::wanted(PARALLEL) {
        return;
    }
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
    let case = scratch.file("case.txt", KORF_1);
    let expected = reference(&OPTIONS[1..], &case);
    // The first time, the one worker is killed (SIGKILL) once it has claimed the second unit of
    // the pool's first iteration, one of many units: the engine then ends with the iteration
    // undecided. The second time, the worker runs as usual. The iterations under 20 million
    // nodes stay on the coordinator, so the pool's first is bound 55's 98 million: the worker
    // cannot finish the run before the loop below sees its second claim, however fast it is
    // (on Korf's instance 94, a million nodes in all, it sometimes did, and the kill missed).
    let template = "if [ -e {dir}/killed ]; then sh {script} 0; else
  sh {script} 0 & worker=$!
  until ls {dir}/../bound-*/claims-*/1 > /dev/null 2>&1; do sleep 0.002; done
  kill -9 $worker; touch {dir}/killed
fi";
    let engine = ["--engine", "command", "--command", template, "--tasks", "1"];
    let output = run(&scratch, &[&engine[..], &["--local-below", "20000000"]].concat());
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

#[test]
fn a_dead_worker_among_live_ones_loses_only_its_units() {
    let scratch = Scratch::new("pool-dead-worker");
    let case = scratch.file("case.txt", KORF_1);
    let expected = reference(&OPTIONS[1..], &case);
    // Worker 0 alone until it has claimed a unit (the claim's text is its name, ending with its
    // process number), then killed (SIGKILL): its heartbeat stands still, its claimed unit never
    // reports. Worker 1 then starts and lives to the end; the engine does not end, so only the
    // heartbeat says worker 0 is gone. The iterations under 20 million nodes stay on the
    // coordinator; the pool's first (bound 55) is one unit of 98 million nodes, so that worker 0
    // is killed long before it could finish it, however fast the machine.
    let template = r#"sh {script} 0 & first=$!
until grep -qs "\.$first\$" {dir}/../bound-*/claims-*/[0-9]*; do sleep 0.002; done
kill -9 $first
sh {script} 1"#;
    let engine = ["--engine", "command", "--command", template, "--tasks", "2"];
    let more = ["--local-below", "20000000", "--units", "1", "--heartbeat-timeout", "1"];
    let output = run(&scratch, &[&engine[..], &more].concat());
    let stderr = text(&output.stderr);
    assert_eq!(answer(&output), expected, "{stderr}");
    // Its unit was searched again in a second round of the same iteration, by worker 1.
    let dead = "is taken for dead (its heartbeat has stood still for 1 s): its 1 unit(s) without a \
                report are searched again";
    assert!(stderr.contains(dead), "{stderr}");
    let lines = log_fields(&scratch.path("work"));
    assert!(lines.iter().any(|line| line["submissions"] == "2"), "{lines:?}");
    assert!(!stderr.contains("the pool's engine ended"), "{stderr}");
    assert_eq!(leftovers(&scratch), Vec::<String>::new());
}

#[test]
fn a_coordinator_killed_mid_run_is_resumed_and_its_workers_leave() {
    let scratch = Scratch::new("pool-coordinator-killed");
    let case = scratch.file("case.txt", KORF_94);
    let expected = reference(&OPTIONS[1..], &case);
    // The workers start when the test says so (`go`), after the coordinator is killed: they find
    // an iteration published and nobody to hear of it.
    // (At most a minute: nothing is left behind if the test fails before.)
    // The engine says it has started (`engine`) first: the coordinator starts it on a thread of
    // its own, and killed before, it would have none.
    let template = "touch {dir}/../../engine
i=0; until [ -e {dir}/../../go ] || [ $i -ge 6000 ]; do sleep 0.01; i=$((i+1)); done
sh {script} 0 & sh {script} 1 & wait";
    let engine = ["--engine", "command", "--command", template, "--tasks", "2"];
    let more = ["--local-below", "200000", "--heartbeat-timeout", "1"];
    let args = run_args(&[&["--pool"], &engine[..], &more].concat());
    // The coordinator's messages, and its engine's and workers', which inherit them.
    let messages = scratch.path("messages.txt");
    let mut coordinator = std::process::Command::new(program_path("sliding"))
        .env("XDG_CACHE_HOME", cache_home())
        .current_dir(&scratch.0)
        .arg("cluster")
        .args(&args)
        .stderr(fs::File::create(&messages).unwrap())
        .spawn()
        .unwrap();
    let job = scratch.path("work/pool/job.txt");
    let deadline = Instant::now() + Duration::from_secs(60);
    let started = scratch.path("engine");
    while !(started.exists() && fs::read_to_string(&job).is_ok_and(|job| job.starts_with("bound-")))
    {
        assert!(Instant::now() < deadline, "no iteration was published to the pool");
        std::thread::sleep(Duration::from_millis(5));
    }
    coordinator.kill().unwrap();
    coordinator.wait().unwrap();
    let finished = logged_bounds(&scratch.path("work"));
    assert!(!finished.is_empty(), "the first iterations were searched on the coordinator");
    scratch.file("go", "");
    // The workers search what they find, see the coordinator's heartbeat stand still, and
    // leave; the engine ends with them.
    let deadline = Instant::now() + Duration::from_secs(30);
    while !leftovers(&scratch).is_empty() {
        assert!(Instant::now() < deadline, "left running: {:?}", leftovers(&scratch));
    }
    let messages = fs::read_to_string(&messages).unwrap();
    let gone = "the coordinator's heartbeat has stood still for 1 s: it is gone";
    assert_eq!(messages.matches(gone).count(), 2, "both workers left: {messages}");

    // Run again: the finished iterations are kept, the reports the orphaned workers wrote too.
    let output = run(&scratch, &[&engine[..], &more].concat());
    assert_eq!(answer(&output), expected, "{}", text(&output.stderr));
    let all = logged_bounds(&scratch.path("work"));
    assert_eq!(all[..finished.len()], finished[..]);
    let mut once = all.clone();
    once.dedup();
    assert_eq!(once, all, "no iteration searched twice");
    // The iteration the orphaned workers searched was not submitted whole again.
    let lines = log_fields(&scratch.path("work"));
    let resumed = &lines[finished.len()];
    let submitted: usize = resumed["submitted"].parse().unwrap();
    assert!(submitted < resumed["units"].parse().unwrap(), "{resumed:?}");
    assert_eq!(leftovers(&scratch), Vec::<String>::new());
}
