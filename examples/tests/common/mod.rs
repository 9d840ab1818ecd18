//! Running an example program as a user would, for the command-line tests. `cargo test` builds
//! the examples before it runs the tests, next to the test binary.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// `target/<profile>/examples/<name>`, from this test's own `target/<profile>/deps/...`.
fn program(name: &str) -> PathBuf {
    let test = std::env::current_exe().expect("the test knows where it is");
    let profile_dir = test.parent().and_then(|deps| deps.parent()).expect("target/<profile>");
    profile_dir.join("examples").join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

/// Runs the example `name` with `args`, `input` on its standard input.
pub fn run(name: &str, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(program(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example: `cargo test` builds it (a `--test` filter alone does not)");
    // A program that stops early (a usage error) closes its input: ignore the broken pipe.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}
