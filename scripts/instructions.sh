#!/bin/sh
# Instructions per generated node, the `sliding` program's against the C programs', counted by
# valgrind (cachegrind without its cache simulation): a count that is the same on every run and
# every x86-64 machine, unlike a time. docs/performance.md quotes its output.
#
#   scripts/instructions.sh C_DIR [--with-24 DB_DIR]
#
# C_DIR holds the C programs' sources, sliding-ida-md.c (and sliding24-pdb.c for --with-24):
# they are built here with `gcc -O3 -march=x86-64-v3` (valgrind cannot run the AVX-512
# instructions a `-march=native` build may hold on a recent CPU; the count is the same within
# 0.01 per node with plain -O3).
#
# - The 15-puzzle: Korf's 17 easiest instances (27,778,213 nodes), the Manhattan distance, one
#   thread, without --stats (which adds an observer to the search; the node counts are checked
#   in a run of their own). Each program's count on its own start-up and an already solved board (ours) or an
#   empty input (C) is taken off, so what is left is the search's, divided by Korf's node count,
#   which both programs must report.
# - With --with-24: one 24-puzzle board of 66 moves (BOARD24 below) with the 6-6-6-6 databases,
#   both programs reading their databases from DB_DIR (built there on the first run, outside
#   valgrind, which takes minutes); the count on the goal board is taken off likewise. Both
#   programs must report the same nodes.
#
# The search alone takes about 6 s (15-puzzle) under valgrind; the release build of the
# `sliding` program comes first.
set -eu

usage() {
    echo "usage: $0 C_DIR [--with-24 DB_DIR]" >&2
    exit 2
}
[ $# -ge 1 ] || usage
c_dir=$1
shift
db_dir=
if [ $# -gt 0 ]; then
    [ "$1" = --with-24 ] && [ $# -eq 2 ] || usage
    db_dir=$2
fi
[ -f "$c_dir/sliding-ida-md.c" ] || { echo "$0: no sliding-ida-md.c in $c_dir" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "$0: valgrind is not installed" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

cargo build --quiet --release --bin sliding --manifest-path "$root/Cargo.toml"
ours="$root/target/release/sliding"
gcc -O3 -march=x86-64-v3 -o "$work/sliding-ida-md" "$c_dir/sliding-ida-md.c"

# The instructions valgrind counts in a run of the command line given.
# Its standard output is left in $work/out, its standard error (and valgrind's) in $work/err.
count() {
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" \
        >"$work/out" 2>"$work/err" </dev/null
    sed -n 's/.*I *refs: *//p' "$work/err" | tr -d ,
}
# The same, with standard input read from the file given first.
count_stdin() {
    input=$1
    shift
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" \
        <"$input" >"$work/out" 2>"$work/err"
    sed -n 's/.*I *refs: *//p' "$work/err" | tr -d ,
}
# One line: NAME, instructions, nodes, per node.
line() {
    awk -v name="$1" -v i="$2" -v n="$3" \
        'BEGIN { printf "%-28s %15d instructions %13d nodes %8.2f per node\n", name, i, n, i / n }'
}

# The 15-puzzle.
grep -v '^#' "$root/crates/puzzle-sliding/tests/data/korf100.txt" | sort -k3 -n | head -17 \
    >"$work/korf17.txt"
cut -d' ' -f4- "$work/korf17.txt" >"$work/korf17.boards"
nodes=$(awk '{ s += $3 } END { print s }' "$work/korf17.txt")
echo "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15" >"$work/goal16.boards"
: >"$work/empty.txt"

# The node counts, checked outside valgrind: --stats runs the search with an observer (it counts
# the deepest path), so the counted runs go without it.
"$ours" --heuristic manhattan --threads 1 --stats "$work/korf17.boards" 2>"$work/stats" >/dev/null
ours_nodes=$(sed -n 's/.* generated=\([0-9]*\).*/\1/p' "$work/stats" | awk '{ s += $1 } END { print s }')
[ "$ours_nodes" = "$nodes" ] \
    || { echo "$0: the sliding program generated $ours_nodes nodes, not Korf's $nodes" >&2; exit 1; }
all=$(count "$ours" --heuristic manhattan --threads 1 "$work/korf17.boards")
base=$(count "$ours" --heuristic manhattan --threads 1 "$work/goal16.boards")
ours15=$((all - base))
c_all=$(count_stdin "$work/korf17.txt" "$work/sliding-ida-md")
grep -q "total nodes $nodes, 0 mismatches" "$work/out" \
    || { echo "$0: the C program's nodes are not Korf's: $(tail -1 "$work/out")" >&2; exit 1; }
c_base=$(count_stdin "$work/empty.txt" "$work/sliding-ida-md")
c15=$((c_all - c_base))
echo "15-puzzle, Korf's 17 easiest instances, Manhattan distance, one thread:"
line "ours (sliding)" "$ours15" "$nodes"
line "C (sliding-ida-md, gcc -O3)" "$c15" "$nodes"
awk -v a="$ours15" -v b="$c15" 'BEGIN { printf "ratio ours / C: %.3f\n", a / b }'

[ -n "$db_dir" ] || exit 0

# The 24-puzzle: a board 110 random moves from the goal, 66 moves from it (4,352,304 nodes).
BOARD24="4 22 5 9 2 11 1 3 12 7 10 6 17 8 14 16 21 15 18 13 0 20 19 23 24"
GOAL24="0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24"
[ -f "$c_dir/sliding24-pdb.c" ] || { echo "$0: no sliding24-pdb.c in $c_dir" >&2; exit 2; }
mkdir -p "$db_dir"
gcc -O3 -march=x86-64-v3 -o "$work/sliding24-pdb" "$c_dir/sliding24-pdb.c"
echo "$BOARD24" >"$work/board24.txt"
echo "$GOAL24" >"$work/goal24.txt"
# The databases, built outside valgrind if they are not there yet.
"$ours" --heuristic pdb --pdb-cache "$db_dir/ours" "$work/goal24.txt" >/dev/null
"$work/sliding24-pdb" --db "$db_dir" <"$work/goal24.txt" >/dev/null 2>&1
pdb="--heuristic pdb --pdb-cache $db_dir/ours --threads 1"
# shellcheck disable=SC2086 # the options are words
"$ours" $pdb --stats "$work/board24.txt" 2>"$work/stats" >/dev/null
ours_nodes=$(sed -n 's/.* generated=\([0-9]*\).*/\1/p' "$work/stats")
# shellcheck disable=SC2086
all=$(count "$ours" $pdb "$work/board24.txt")
# shellcheck disable=SC2086
base=$(count "$ours" $pdb "$work/goal24.txt")
ours24=$((all - base))
c_all=$(count_stdin "$work/board24.txt" "$work/sliding24-pdb" --db "$db_dir")
c_nodes=$(awk '{ print $3 }' "$work/out")
c_moves=$(awk '{ print $2 }' "$work/out")
c_base=$(count_stdin "$work/goal24.txt" "$work/sliding24-pdb" --db "$db_dir")
c24=$((c_all - c_base))
[ "$ours_nodes" = "$c_nodes" ] \
    || { echo "$0: 24-puzzle nodes differ: ours $ours_nodes, C $c_nodes" >&2; exit 1; }
echo "24-puzzle, one board of $c_moves moves, 6-6-6-6 databases, one thread:"
line "ours (sliding)" "$ours24" "$ours_nodes"
line "C (sliding24-pdb, gcc -O3)" "$c24" "$c_nodes"
awk -v a="$ours24" -v b="$c24" 'BEGIN { printf "ratio ours / C: %.3f\n", a / b }'
