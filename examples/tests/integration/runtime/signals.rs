//! Ctrl-C (`SIGINT`) and `SIGTERM`: every answer found before the signal is written, in order,
//! then one message, and the conventional status; on one thread and on several, to a pipe and
//! to a file. Each test runs its scenario several times: the losses it guards against came and
//! went with the timing. And a program whose output is not read still ends: at once, with the
//! signal's status, after a second signal or a write that waits too long after the first.

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
            // The message names the case whose database was being built.
            check_end("sliding", run, signal, Some(3), "ULL\nunsolvable\n", &what);
        }
    }
}

/// A program whose output (or standard error) is not read: where `/proc` says how much a
/// process has written, and so when it waits.
#[cfg(target_os = "linux")]
mod not_read {
    use std::io::Read;
    use std::path::PathBuf;
    use std::process::{Child, Command, Stdio};
    use std::time::{Duration, Instant};

    use crate::common;

    /// A file of 300,000 easy boards (each answered `LL`), under the tests' temporary directory.
    fn easy_boards() -> PathBuf {
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("easy-boards.in");
        if !path.exists() {
            let partial = path.with_extension(format!("{}.partial", std::process::id()));
            std::fs::write(&partial, "1 2 0 3 4 5 6 7 8\n".repeat(300_000)).unwrap();
            std::fs::rename(&partial, &path).unwrap();
        }
        path
    }

    /// Sends `signals` (as `kill` names them) to `child`, a tenth of a second apart, and waits at
    /// most a second after the last for it to end: its status, or `None` (and the child killed) if
    /// it had not ended.
    fn signal_and_wait(child: &mut Child, signals: &[&str]) -> Option<i32> {
        wait_until_stuck(child);
        for (index, signal) in signals.iter().enumerate() {
            if index > 0 {
                std::thread::sleep(Duration::from_millis(100));
            }
            let mut kill = Command::new("kill");
            kill.arg(format!("-{signal}")).arg(child.id().to_string());
            assert!(kill.status().unwrap().success());
        }
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if let Some(status) = child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        None
    }

    /// Waits (a minute at most) until `child` writes no more: it has written 32 KB or more (a
    /// pipe holds some 64 KB) and the count stands still for half a second.
    fn wait_until_stuck(child: &mut Child) {
        let io = format!("/proc/{}/io", child.id());
        let written = || -> u64 {
            let io = std::fs::read_to_string(&io).unwrap();
            let line = io.lines().find_map(|line| line.strip_prefix("wchar: ")).unwrap();
            line.trim().parse().unwrap()
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut last = written();
        loop {
            std::thread::sleep(Duration::from_millis(500));
            assert!(child.try_wait().unwrap().is_none(), "the program waits on its output");
            let now = written();
            if now >= 1 << 15 && now == last {
                return;
            }
            assert!(Instant::now() < deadline, "still writing after a minute: {last}, {now} bytes");
            last = now;
        }
    }

    /// Whether `answers` are the first answers to the easy boards, the last perhaps cut.
    fn easy_answers(answers: &[u8]) -> bool {
        answers.chunks(3).all(|answer| b"LL\n".starts_with(answer))
    }

    /// The answers into a pipe nobody reads (the program waits on it once it is full): the signal
    /// (or the second one) ends the program within a second, with the signal's status and one
    /// message; the answers that went out are the right ones, in order.
    #[test]
    fn a_signal_ends_a_program_whose_output_is_not_read() {
        let boards = easy_boards();
        let tries: [(&[&str], i32); 4] =
            [(&["TERM", "TERM"], 143), (&["INT", "INT"], 130), (&["TERM"], 143), (&["INT"], 130)];
        for (index, (signals, status)) in tries.into_iter().enumerate() {
            let threads = if index % 2 == 0 { "1" } else { "2" };
            let mut child = Command::new(common::program_path("sliding"))
                .args(["--threads", threads])
                .arg(&boards)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let what = format!("{signals:?}, --threads {threads}");
            let code = signal_and_wait(&mut child, signals);
            let mut answers = Vec::new();
            child.stdout.take().unwrap().read_to_end(&mut answers).unwrap();
            let mut errors = String::new();
            child.stderr.take().unwrap().read_to_string(&mut errors).unwrap();
            assert_eq!(code, Some(status), "{what}: ended within a second? {errors}");
            assert_eq!(errors.lines().count(), 1, "{what}: {errors}");
            assert!(
                errors.starts_with("sliding: SIG") && errors.contains("ended at once"),
                "{errors}"
            );
            assert!(
                answers.len() >= 3 && easy_answers(&answers),
                "{what}: {} bytes",
                answers.len()
            );
        }
    }

    /// Standard error a pipe nobody reads (`--stats` fills it): a first signal cannot end the run
    /// (its lines wait), a second ends it at once, with its status, every answer it had written
    /// into the file there.
    #[test]
    fn a_second_signal_ends_a_program_whose_errors_are_not_read() {
        let boards = easy_boards();
        let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("stats-not-read-{}.out", std::process::id()));
        for (signals, status) in [(["TERM", "TERM"], 143), (["INT", "TERM"], 143)] {
            let mut child = Command::new(common::program_path("sliding"))
                .args(["--stats", "--threads", "1"])
                .arg(&boards)
                .stdin(Stdio::null())
                .stdout(std::fs::File::create(&out).unwrap())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let code = signal_and_wait(&mut child, &signals);
            assert_eq!(code, Some(status), "{signals:?}: ended within a second?");
            let answers = std::fs::read(&out).unwrap();
            assert!(answers.len() >= 3 && easy_answers(&answers), "{signals:?}: {answers:?}");
            assert!(answers.ends_with(b"\n"), "whole answers, flushed at the end");
        }
        std::fs::remove_file(&out).unwrap();
    }
}
