#!/usr/bin/env bash
# Rubik's Cube against the literature, in release mode: the tests of crates/puzzle-cube that
# `cargo test` ignores, as they build Korf's databases or count 7.6 million positions. The
# corners' database's distribution, each edge group's; scrambles of n turns solved in at most n,
# the same first optimal solution with two heuristics and without the move pruning; the positions
# at each distance from solved to 6; the tracked search (move tables) generating the same nodes
# as Korf's own bound, and korf-views no more. The build takes 80 s of processor time with the move
# tables (docs/performance.md): about a minute on two idle cores. Then the `cube` program on
# symmetric cubes: its search from a symmetric start (fewer first turns) gives the answers of the
# whole tree's (`--heuristic corners` searches it). CI runs it (.ci/run).
#
# Usage: scripts/cube-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# The databases are built once, kept in a temporary directory for the tests that read them.
pdb=$(mktemp -d)
trap 'rm -rf "$pdb"' EXIT
CUBE_PDB_DIR=$pdb cargo test --release --quiet -p puzzle-cube --test integration -- --ignored

# The program, with the databases just built: symmetric starts (the checkerboard, spots and
# their products) answered as the whole tree answers them (the node counts are the crate's test
# above).
cargo build --quiet --release --bin cube
symmetric=$(mktemp)
trap 'rm -rf "$pdb" "$symmetric"' EXIT
printf '%s\n' "U D' R L' F B' U D'" "F2 B2 U D' R2 L2 U D'" "L R F B U' D' L' R'" \
    "U2 D2 F2 B2 L2 R2" "U2 D2 F2 B2 L2 R2 U D' R L' F B' U D'" > "$symmetric"
cube() { target/release/cube --pdb-cache "$pdb" --threads 2 --progress never "$@" "$symmetric"; }
diff -u <(cube --heuristic corners) <(cube)
