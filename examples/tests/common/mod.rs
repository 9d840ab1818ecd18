//! Running an example program as a user would, for the command-line tests, with `assert_cmd`.
//! `cargo test` builds the examples before it runs the tests, next to the test binary.

use std::path::PathBuf;

use assert_cmd::Command;

/// `target/<profile>/<name>`, from this test's own `target/<profile>/deps/...`: the package's
/// binaries, which `cargo test` builds before its integration tests.
pub fn program_path(name: &str) -> PathBuf {
    let test = std::env::current_exe().expect("the test knows where it is");
    let profile_dir = test.parent().and_then(|deps| deps.parent()).expect("target/<profile>");
    profile_dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

/// The directory the tests' programs keep their pattern databases in by default
/// (`XDG_CACHE_HOME`): under `target/`, never the user's own cache.
#[allow(dead_code, reason = "each test binary uses its own part of these helpers")]
pub fn cache_home() -> PathBuf {
    program_path("sliding").parent().expect("target/<profile>").join("test-cache")
}

/// The example `name`, ready for arguments, input and assertions.
pub fn program(name: &str) -> Command {
    let path = program_path(name);
    assert!(
        path.exists(),
        "{}: `cargo test` builds it (a `--test` filter alone does not)",
        path.display()
    );
    let mut command = Command::new(path);
    command.env("XDG_CACHE_HOME", cache_home());
    command
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Runs the example `name` with `args`, `input` on its standard input, for assertions.
#[allow(dead_code, reason = "each test binary uses its own part of these helpers")]
pub fn run(name: &str, args: &[&str], input: impl Into<Vec<u8>>) -> assert_cmd::assert::Assert {
    program(name).args(args).write_stdin(input).assert()
}
