#!/usr/bin/env bash
# Korf's 15-puzzle instance 1 (Manhattan distance: 57 moves, 276,361,933 nodes generated, nine
# iterations) through `sliding cluster run` on the real engines, each run checked against
# `sliding --threads 1`: the same moves, the same generated and expanded counts.
#
#   - GNU parallel over ssh to 127.0.0.1 (scripts/sshd.sh), a submission per iteration, then a
#     pool of workers for the whole run (--pool);
#   - a one-machine Slurm cluster (scripts/slurm.sh), a job array per iteration, then a pool.
#
# The release build, as a user runs it; the cluster tests (cargo test) take the same paths on a
# smaller instance, with their own daemons. CI runs this script too (.ci/run).
#
# Usage: scripts/cluster-korf1.sh
#
# Starts its sshd and Slurm cluster in a temporary directory and stops both, and removes the
# directory, on the way out, whether the checks passed or not. Exits 0 when all passed, 1 with
# the failing run named otherwise. Needs root and scripts/setup.sh's packages.
set -euo pipefail

scripts=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$scripts")
# No `-p`: the features unified over the workspace, as the README's `cargo run --bin` and CI's
# builds have them, so a build already made is used (docs/fuzzing.md, "Running it").
cargo build --release --quiet --bin sliding --manifest-path "$root/Cargo.toml"
sliding=$root/target/release/sliding

# shellcheck source=scripts/lib.sh
. "$scripts/lib.sh"
cluster_scratch
cd "$work"
echo "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3" > board.txt
options=(--stats --heuristic manhattan board.txt)
started=$SECONDS

# The moves and the --stats line without its seconds, of the command "$@".
answer() {
    "$@" > out.txt 2> err.txt || { cat err.txt >&2; return 1; }
    echo "$(cat out.txt) $(grep '^case=1 ' err.txt | sed 's/ seconds=.*//')"
}

expected=$(answer "$sliding" --threads 1 "${options[@]}")
echo "cluster-korf1: --threads 1: $expected"

# Runs `sliding cluster run` with the options "$@" in a work directory of its own ($1 names the
# run) and compares its answer with --threads 1's.
check() {
    local name=$1 from=$SECONDS got
    shift
    got=$(answer "$sliding" cluster run --dir "work-${name// /-}" "$@" -- --threads 2 "${options[@]}") ||
        { echo "cluster-korf1: FAILED: $name: the run failed" >&2; exit 1; }
    if [[ "$got" != "$expected" ]]; then
        echo "cluster-korf1: FAILED: $name: expected '$expected', got '$got'" >&2
        exit 1
    fi
    echo "cluster-korf1: $name: the same moves and counts ($((SECONDS - from)) s)"
}

"$scripts/sshd.sh" start "$work/ssh" > /dev/null
over_ssh=(--engine parallel --engine-args "--sshloginfile $work/ssh/sshloginfile" --tasks 2)
check "parallel over ssh" "${over_ssh[@]}"
check "parallel over ssh, pool" "${over_ssh[@]}" --pool

"$scripts/slurm.sh" start "$work/slurm" > /dev/null
# shellcheck source=/dev/null
. "$work/slurm/env"
check "slurm" --engine slurm --tasks 2
check "slurm, pool" --engine slurm --tasks 2 --pool

echo "cluster-korf1: passed in $((SECONDS - started)) s"
