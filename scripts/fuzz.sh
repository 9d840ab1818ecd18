#!/usr/bin/env bash
# The fuzz suites at ten times the inputs `cargo test` gives them (docs/fuzzing.md): every
# property of the three parsers, of the cluster's reports reader, of the three programs and of
# the explorer's server, in the test profile (optimised, with debug assertions and overflow checks
# on). CI runs it after the tests; about two minutes on two cores. A longer run sets the counts
# itself:
#
#   scripts/fuzz.sh                  # 20,000 inputs a parser property, 10,000 a program property
#   scripts/fuzz.sh 250000 50000     # the long run
set -euo pipefail
cd "$(dirname "$0")/.."

parsers=${1:-20000}
programs=${2:-10000}
for crate in puzzle-rotation puzzle-wall-pusher puzzle-sliding; do
    PROPTEST_CASES=$parsers cargo test --quiet -p "$crate" --test integration fuzz::
done
PROPTEST_CASES=$parsers cargo test --quiet -p search-cli --lib cluster::fuzz_reports::
PROPTEST_CASES=$programs cargo test --quiet -p ida-examples --test integration fuzz::
PROPTEST_CASES=$programs cargo test --quiet -p explorer --test browser fuzz::
