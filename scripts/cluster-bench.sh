#!/usr/bin/env bash
# What going through an engine costs on one machine: `sliding cluster run` over GNU parallel with
# two local jobs against `sliding --threads 2`, on Korf's 15-puzzle instance 1 (Manhattan
# distance), run side by side (A B A B ...), with the ratio of each pair; then the figures of
# each iteration of the last cluster run (split, wait for the engine, workers' own seconds,
# combination), from its work directory's iterations.txt.
#
# Usage:
#   scripts/cluster-bench.sh [PAIRS] [BOARD] [RUN OPTIONS...]
#
# PAIRS (default 5) is the number of A B pairs; BOARD (default Korf's instance 1) is another
# 15-puzzle board, its 16 numbers in one argument; RUN OPTIONS are `cluster run`'s, in place of
# the default `--engine parallel --engine-args "-j 2" --tasks 2 --pool --coordinator-helps`
# (a pool of two workers started once, the coordinator searching while they start). For
# instance, a submission per iteration, the iterations forecast below 20 million nodes on the
# coordinator's threads:
#
#   scripts/cluster-bench.sh 5 "" --engine parallel --engine-args "-j 2" --tasks 2 --local-below 20000000
#
# Needs GNU parallel (scripts/setup.sh installs it). Builds the release program first.
set -euo pipefail

pairs=${1:-5}
# Korf's instance 1: 57 moves, 276,361,933 nodes generated with Manhattan distance.
board=${2:-}
board=${board:-14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3}
shift $(($# < 2 ? $# : 2))
if (($# > 0)); then
    run_options=("$@")
else
    run_options=(--engine parallel --engine-args "-j 2" --tasks 2 --pool --coordinator-helps)
fi
root=$(cd "$(dirname "$0")/.." && pwd)
# No `-p`: the features unified over the workspace, as the README's `cargo run --bin` and CI's
# builds have them, so a build already made is used (docs/fuzzing.md, "Running it").
cargo build --release --quiet --bin sliding --manifest-path "$root/Cargo.toml"
sliding=$root/target/release/sliding

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo "$board" > "$dir/board.txt"
cd "$dir"

# Runs a command, prints its wall-clock seconds; its --stats line goes to $dir/stats.
timed() {
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null 2> "$dir/stats"
    end=$(date +%s.%N)
    awk -v start="$start" -v end="$end" 'BEGIN { print end - start }'
}

ratios=()
for pair in $(seq 1 "$pairs"); do
    a=$(timed "$sliding" --threads 2 --stats --heuristic manhattan board.txt)
    a_stats=$(grep '^case=1' "$dir/stats")
    rm -rf "$dir/work"
    b=$(timed "$sliding" cluster run --dir work "${run_options[@]}" \
        -- --threads 2 --stats --heuristic manhattan board.txt)
    b_stats=$(grep '^case=1' "$dir/stats")
    if [[ "${a_stats% seconds=*}" != "${b_stats% seconds=*}" ]]; then
        echo "the figures differ: --threads 2: $a_stats; cluster: $b_stats" >&2
        exit 1
    fi
    ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { print b / a }')
    ratios+=("$ratio")
    printf 'pair %d: --threads 2 %.3f s, cluster run %.3f s, ratio %.3f\n' \
        "$pair" "$a" "$b" "$ratio"
done
median=$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{ r[NR] = $1 } END { print (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2 }')
printf 'median ratio %.3f over %d pairs (%s)\n' "$median" "$pairs" "${b_stats% seconds=*}"

echo
echo "per iteration, last cluster run (seconds; wait: from the split's end to the iteration's end;"
echo "work/2: the workers' own seconds over two, when they said them before the end):"
awk '{
    for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
    printf "  bound %s  %-8s pool %-3s units %4d  by coordinator %4d  generated %11d  split %.4f  wait %.3f  work/2 %.3f  combine %.4f\n",
        f["bound"], f["engine"], f["pool"], f["units"], f["coordinator-units"], f["generated"], f["split"], f["wait"], f["worker-seconds"] / 2, f["combine"]
}' "$dir/work/iterations.txt"
