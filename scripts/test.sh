#!/usr/bin/env bash
# The README's test command: installs the system programs some tests drive (headless Chromium and
# chromedriver for the explorer's browser tests; GNU parallel, ssh and Slurm for the cluster tests)
# through scripts/setup.sh, then runs every test of every crate, those included
# (IDA_SYSTEM_TESTS=1). Arguments go to `cargo test`.
#
# The installing step needs Debian's apt and root (or sudo): it does nothing when everything is
# already there. The fuzz suites run here at their bounded counts; `scripts/fuzz.sh` is the long
# run (docs/fuzzing.md).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
# The tests that drive those programs run only when asked (test_support::system): here they are,
# and a program missing is then a failure, not a test passed over.
export IDA_SYSTEM_TESTS=1
cargo test --workspace "$@"
