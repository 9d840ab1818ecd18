//! Bad input stays small, in every program: a token or a line of any length costs a bounded
//! amount of memory, measured as the program's peak resident size (`VmHWM` in Linux's
//! `/proc/PID/status`) while it still waits for the rest of its input, against the same peak once
//! it has answered the case before. Then the input ends, and the program answers the good case,
//! names the bad one and exits with status 2.

#![cfg(target_os = "linux")]

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::common;

/// The long token's or line's length: far above what the programs hold of their input (a few
/// buffers of 64 KB), and quick to write to a program built for tests.
const LONG: usize = 24 << 20;

/// What the peak resident size may grow by while the program reads the long token or line: the
/// buffers it reads its input into, and a margin for the allocator, far below [`LONG`].
const GROWTH_KB: u64 = 6 << 10;

const ROTATION_CASE: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n";
const WALL_PUSHER_CASE: &str =
    "2 3\n10 2 10 10 2 6\n3 12 11 14 9 4\n13 15 3 6 15 13\n14 11 12 9 14 11\n";
const SLIDING_CASE: &str = "1 2 5 3 4 0 6 7 8\n";

/// The program's peak resident size so far, in kB.
fn peak_kb(child: &Child) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let line = status.lines().find(|line| line.starts_with("VmHWM:")).expect("VmHWM");
    line.split_whitespace().nth(1).and_then(|kb| kb.parse().ok()).expect("VmHWM in kB")
}

/// What a run of [`long_input`] saw.
struct Run {
    /// The peak resident size once the good case was answered, and once the long part was read.
    before_kb: u64,
    after_kb: u64,
    stdout: String,
    stderr: String,
    status: Option<i32>,
}

/// Runs `program` with `args` on `case`, waits for its answer, then writes `LONG` bytes of
/// `piece` repeated and, once they are written, measures the program's peak while it waits for
/// more; then writes `end` and closes the input.
fn long_input(program: &str, args: &[&str], case: &str, piece: &[u8], end: &[u8]) -> Run {
    let mut child = Command::new(common::program_path(program))
        .args(args)
        .env("XDG_CACHE_HOME", common::cache_home())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = child.stdout.take().unwrap();
    let mut errors = child.stderr.take().unwrap();
    let stderr = thread::spawn(move || {
        let mut text = String::new();
        errors.read_to_string(&mut text).map(|_| text)
    });
    input.write_all(case.as_bytes()).unwrap();
    input.flush().unwrap();
    // The answer is written before the program waits for more input: its first byte says the
    // good case is done.
    let mut first = [0];
    output.read_exact(&mut first).unwrap();
    let stdout = thread::spawn(move || {
        let mut text = String::new();
        output.read_to_string(&mut text).map(|_| text)
    });
    let before_kb = peak_kb(&child);
    let block = piece.repeat((1 << 20) / piece.len());
    for _ in 0..LONG / block.len() {
        input.write_all(&block).unwrap();
    }
    input.flush().unwrap();
    // What the pipe and the program's read-ahead still hold is a few hundred kB: give the
    // program the time to read it, until its peak stops growing.
    let mut after_kb = peak_kb(&child);
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(2) {
        thread::sleep(Duration::from_millis(100));
        let now = peak_kb(&child);
        if now == after_kb {
            break;
        }
        after_kb = now;
    }
    input.write_all(end).unwrap();
    drop(input);
    let status = child.wait().unwrap().code();
    let stdout = String::from_utf8_lossy(&first).into_owned() + &stdout.join().unwrap().unwrap();
    let stderr = stderr.join().unwrap().unwrap();
    Run { before_kb, after_kb, stdout, stderr, status }
}

/// The program's answer to `case` alone.
fn answer(program: &str, args: &[&str], case: &str) -> String {
    let output = common::run(program, args, case).code(0);
    common::text(&output.get_output().stdout)
}

/// Checks that `run` stayed within [`GROWTH_KB`], answered `case`, and failed with `message`.
fn check(run: &Run, program: &str, args: &[&str], case: &str, message: &str) {
    let grown = run.after_kb.saturating_sub(run.before_kb);
    assert!(
        grown < GROWTH_KB,
        "{program} {args:?}: the peak grew by {grown} kB, from {} kB",
        run.before_kb
    );
    assert_eq!(run.status, Some(2), "{program} {args:?}: {}", run.stderr);
    assert_eq!(run.stderr, format!("error: {message}\n"), "{program} {args:?}");
    assert_eq!(run.stdout, answer(program, args, case), "{program} {args:?}");
}

/// The message of a token of [`LONG`] NUL bytes that is not an integer.
fn nul_token(case: &str) -> String {
    format!(r#"{case}: token "{}..." ({LONG} bytes) is not an integer"#, r"\0".repeat(32))
}

/// The command lines of one thread and of several: the input is read on the parser's thread, or
/// a few blocks ahead on a thread of its own.
const THREADS: [&[&str]; 2] = [&["--threads", "1"], &["--threads", "2"]];

#[test]
fn a_huge_token_is_read_through_but_not_held_in_every_program() {
    let programs: [(&str, &[&str], &str, String); 3] = [
        ("rotation", &[], ROTATION_CASE, nul_token("case 2")),
        ("wall-pusher", &[], WALL_PUSHER_CASE, nul_token("case 2")),
        ("sliding", &["--heuristic", "manhattan"], SLIDING_CASE, nul_token("case 2 (line 2)")),
    ];
    for (program, options, case, message) in programs {
        for threads in THREADS {
            let args = [options, threads].concat();
            let run = long_input(program, &args, case, b"\0", b"\n");
            check(&run, program, &args, case, &message);
        }
    }
}

#[test]
fn a_huge_line_is_read_through_but_not_held() {
    // A comment is read to its end, however long; then a line of numbers stops at its 26th.
    let args = ["--heuristic", "manhattan", "--threads", "2"];
    let numbers: Vec<String> = (1..=26).map(|number| number.to_string()).collect();
    let end = format!("\n{}", numbers.join(" "));
    let run = long_input("sliding", &args, SLIDING_CASE, b"# 1 2 3 ", end.as_bytes());
    let message = "case 2 (line 3): more than 25 numbers, but a board has 4, 9, 16 or 25 (k x k \
                   cells, k from 2 to 5)";
    check(&run, "sliding", &args, SLIDING_CASE, message);
}
