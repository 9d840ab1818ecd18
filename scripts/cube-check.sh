#!/usr/bin/env bash
# Rubik's Cube against the literature, in release mode (the tests of crates/puzzle-cube that
# build Korf's databases, ignored by `cargo test`): the corners' database's distribution, two
# groups of six edges alike, scrambles of n turns solved in at most n, the same first optimal
# solution with two heuristics and without the move pruning. Then the `cube` program on its
# sample, against the expected output. About two minutes on two idle cores; CI runs it (.ci/run).
#
# Usage: scripts/cube-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --release --quiet -p puzzle-cube --test integration -- --ignored
