#!/usr/bin/env bash
# The fuzz suites at ten times the inputs `cargo test` gives them (docs/fuzzing.md): every
# property of the three parsers, of the cluster's reports reader, of the three programs and of
# the explorer's server, in the test profile (optimised, with debug assertions and overflow checks
# on). CI runs it after the tests; about two minutes on two cores. A longer run sets the counts
# itself:
#
#   scripts/fuzz.sh                  # 20,000 inputs a parser property, 10,000 a program property
#   scripts/fuzz.sh 250000 50000     # the long run
#
# Both runs select the whole workspace (`--workspace`) and pick the fuzz tests by name, rather
# than one crate at a time (`-p CRATE`): Cargo unifies the dependencies' features over the
# packages selected, so a build of one crate compiles its dependencies again with other features,
# where the workspace's are those `cargo test --workspace` has just built. `--tests` leaves out the
# documentation tests, which hold no fuzz test.
set -euo pipefail
cd "$(dirname "$0")/.."

parsers=${1:-20000}
programs=${2:-10000}
# The parsers' properties (each puzzle crate's `fuzz::damaged_inputs_keep_the_contract` and
# `fuzz::made_to_measure_inputs_...`) and the cluster's reports reader (`fuzz_reports::`).
PROPTEST_CASES=$parsers cargo test --quiet --workspace --tests -- \
    fuzz::damaged_inputs fuzz::made_to_measure fuzz_reports::
# Every other fuzz property: the programs' (ida-examples) and the explorer's server's.
PROPTEST_CASES=$programs cargo test --quiet --workspace --tests -- fuzz:: \
    --skip fuzz::damaged_inputs --skip fuzz::made_to_measure
