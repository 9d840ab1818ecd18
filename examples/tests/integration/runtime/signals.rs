//! Ctrl-C (`SIGINT`) and `SIGTERM`: every answer found before the signal is written, in order,
//! then one message, and the conventional status; on one thread and on several, to a pipe and
//! to a file. Each test runs its scenario several times: the losses it guards against came and
//! went with the timing.

use super::{KORF_1, Running, Sink};

/// How many times each scenario runs.
const ROUNDS: usize = 3;

/// The signals, as `kill` names them, with the message's name and the exit status.
const SIGNALS: [(&str, &str, i32); 2] = [("INT", "SIGINT", 130), ("TERM", "SIGTERM", 143)];

/// Checks how a run stopped by `signal` in case `case` (or, for `None`, in no case) ended:
/// `expected` answers, one message, the status.
fn check_end(
    program: &str,
    run: Running,
    (signal, name, status): (&str, &str, i32),
    case: Option<usize>,
    expected: &str,
    what: &str,
) {
    let (code, answers, errors) = run.end();
    let at = case.map(|case| format!("case {case} ")).unwrap_or_default();
    let message = format!("{program}: {name}: {at}stopped; every answer before it was written");
    let messages: Vec<&String> = errors.iter().filter(|line| line.contains(name)).collect();
    assert_eq!(messages, [&message], "{what} {signal}: {errors:?}");
    assert_eq!(answers, expected, "{what} {signal}");
    assert_eq!(code, Some(status), "{what} {signal}");
}

/// Two easy cases answered, a long one being searched, the input kept open: a signal must
/// leave the two answers written, whether the long case was being searched by then or the
/// input waited (on several threads, both at once).
#[test]
fn a_signal_during_a_long_case_keeps_the_answers_before_it() {
    let maze = include_str!("../../../data/wall-pusher-sample.in");
    let first_maze: String = maze.split_inclusive('\n').take(5).collect();
    let no_way_out = include_str!("../../../data/wall-pusher-no-way-out-74m.in");
    let wall_pusher = format!("{first_maze}{first_maze}{no_way_out}");
    let sliding = format!("1 2 0 3 4 5 6 7 8\n0 2 1 3 4 5 6 7 8\n{KORF_1}");
    let programs: [(&str, &[&str], &str, &str); 2] = [
        ("wall-pusher", &[], &wall_pusher, "NESESEENNWNWWWWW\nNESESEENNWNWWWWW\n"),
        ("sliding", &["--heuristic", "manhattan"], &sliding, "LL\nunsolvable\n"),
    ];
    for round in 0..ROUNDS {
        for (program, args, input, expected) in programs {
            for threads in ["2", "1"] {
                for (index, signal) in SIGNALS.into_iter().enumerate() {
                    let sink = if (round + index) % 2 == 0 { Sink::Pipe } else { Sink::File };
                    let args = [args, &["--stats", "--threads", threads]].concat();
                    let run = Running::start(program, &args, input, sink);
                    run.stats_lines(2);
                    run.kill(signal.0);
                    let what = format!("{program} --threads {threads} into a {sink:?}");
                    check_end(program, run, signal, Some(3), expected, &what);
                }
            }
        }
    }
}

/// The same from a file, the input at its end: the answers before the long case are written.
#[test]
fn a_signal_after_the_input_has_ended_keeps_the_answers_before_it() {
    let path = std::env::temp_dir().join(format!("runtime-{}-korf.in", std::process::id()));
    std::fs::write(&path, format!("1 2 0 3 4 5 6 7 8\n0 2 1 3 4 5 6 7 8\n{KORF_1}")).unwrap();
    let file = path.to_str().unwrap();
    for round in 0..ROUNDS {
        for (index, signal) in SIGNALS.into_iter().enumerate() {
            let sink = if (round + index) % 2 == 0 { Sink::Pipe } else { Sink::File };
            let args = ["--heuristic", "manhattan", "--stats", "--threads", "2", file];
            let run = Running::start("sliding", &args, "", sink);
            run.stats_lines(2);
            run.kill(signal.0);
            check_end("sliding", run, signal, Some(3), "LL\nunsolvable\n", &format!("{sink:?}"));
        }
    }
    std::fs::remove_file(&path).unwrap();
}

/// Two easy boards, then one that needs the 15-puzzle's databases, built in this run: a signal
/// during the build (which cannot be cancelled) must still leave both answers written.
#[test]
fn a_signal_during_a_database_build_keeps_the_answers_before_it() {
    let input = format!("1 2 5 3 4 0 6 7 8\n0 2 1 3 4 5 6 7 8\n{KORF_1}");
    for (round, threads) in ["2", "1", "2"].into_iter().enumerate() {
        for (index, signal) in SIGNALS.into_iter().enumerate() {
            let sink = if (round + index) % 2 == 0 { Sink::Pipe } else { Sink::File };
            let args = ["--no-pdb-cache", "--stats", "--threads", threads];
            let run = Running::start("sliding", &args, &input, sink);
            // The build takes seconds; the easy boards, microseconds.
            std::thread::sleep(std::time::Duration::from_secs(1));
            run.kill(signal.0);
            let what = format!("--threads {threads} into a {sink:?}");
            check_end("sliding", run, signal, None, "ULL\nunsolvable\n", &what);
        }
    }
}
