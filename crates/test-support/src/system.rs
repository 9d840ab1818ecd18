//! The tests that drive system programs (headless Chromium and chromedriver for the explorer's
//! page; GNU parallel, ssh and Slurm for the cluster) run when asked, so that `cargo test
//! --workspace` passes on a machine without them, and never quietly stands aside where they are
//! wanted.
//!
//! Such a test begins with [`wanted`]:
//!
//! ```no_run
//! #[test]
//! fn gnu_parallel_runs_the_units() {
//!     if !test_support::system::wanted(&["parallel"]) {
//!         return;
//!     }
//!     // ... drive GNU parallel ...
//! }
//! ```
//!
//! Without [`VARIABLE`] set, it prints one line saying the test was not run and how to run it,
//! and the test passes. With it (`scripts/test.sh` and CI set it, after installing the programs
//! with `scripts/setup.sh`), every program the test names must be there: a missing one fails
//! the test, naming it.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The environment variable that asks for the tests that drive system programs:
/// `IDA_SYSTEM_TESTS=1` (any value but empty or `0`).
pub const VARIABLE: &str = "IDA_SYSTEM_TESTS";

/// Whether the calling test, which drives `programs`, is to run.
///
/// - Without [`VARIABLE`]: writes one line on standard error, straight to it so that the test
///   harness shows it even for a passing test, and returns `false`.
/// - With it: returns `true` once every program is found on the `PATH` (or, for daemons, in
///   `/usr/sbin` or `/sbin`), or is an absolute path that exists.
///
/// # Panics
///
/// With [`VARIABLE`] set, when a program is missing: the test was asked for, and cannot run.
#[must_use]
pub fn wanted(programs: &[&str]) -> bool {
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    if !asked(std::env::var_os(VARIABLE).as_deref()) {
        let line = format!(
            "not run: {test} (it drives {}); run it with {VARIABLE}=1, as scripts/test.sh does\n",
            programs.join(", ")
        );
        // Not `eprintln!`, which the test harness captures and shows only for a failing test.
        let _ = std::io::stderr().write_all(line.as_bytes());
        return false;
    }
    let missing: Vec<&str> = programs.iter().copied().filter(|p| find(p).is_none()).collect();
    assert!(
        missing.is_empty(),
        "{test}: {VARIABLE} is set, but {} not found (scripts/setup.sh installs them)",
        missing.join(", ")
    );
    true
}

/// Whether the variable's value asks for the tests.
fn asked(value: Option<&std::ffi::OsStr>) -> bool {
    value.is_some_and(|value| !value.is_empty() && value != "0")
}

/// Where `program` is: itself if it is an absolute path that exists, else the first directory
/// of the `PATH` (then `/usr/sbin` and `/sbin`, where daemons live) that holds it.
fn find(program: &str) -> Option<PathBuf> {
    let path = Path::new(program);
    if path.is_absolute() {
        return path.exists().then(|| path.to_owned());
    }
    let dirs = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&dirs)
        .chain([PathBuf::from("/usr/sbin"), PathBuf::from("/sbin")])
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_value_other_than_empty_or_zero_asks() {
        assert!(!asked(None));
        assert!(!asked(Some("".as_ref())));
        assert!(!asked(Some("0".as_ref())));
        assert!(asked(Some("1".as_ref())));
        assert!(asked(Some("yes".as_ref())));
    }

    #[test]
    fn programs_are_found_on_the_path_or_by_absolute_path() {
        assert!(find("sh").is_some(), "every Unix has sh on its PATH");
        assert!(find("/bin/sh").is_some());
        assert!(find("/no/such/program").is_none());
        assert!(find("no-such-program-anywhere").is_none());
    }
}
