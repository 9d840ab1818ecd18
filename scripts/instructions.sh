#!/bin/sh
# Instructions per generated node, the `sliding` program's against the C programs', counted by
# valgrind (cachegrind, without its cache simulation unless --caches): a count that is the same
# on every run and every x86-64 machine, unlike a time. docs/performance.md quotes its output.
#
#   scripts/instructions.sh C_DIR [--with-24 DB_DIR] [--caches]
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
# - With --caches: cachegrind's simulation of the caches and of a branch predictor as well, and
#   a second line per program, per generated node: data reads and writes, first-level data
#   misses, last-level data misses, conditional branches and their mispredictions. The caches
#   are stated (48 KB 12-way first level, 32 MB 16-way last level, 64-byte lines) rather than
#   read from the host, which a virtual machine may misreport. These are a model's counts, the
#   same on every machine, not a processor's: the predictor is far simpler than a real one's.
#
# The search alone takes about 6 s (15-puzzle) under valgrind, some ten times that with
# --caches; the release build of the `sliding` program comes first.
set -eu

usage() {
    echo "usage: $0 C_DIR [--with-24 DB_DIR] [--caches]" >&2
    exit 2
}
[ $# -ge 1 ] || usage
c_dir=$1
shift
db_dir=
simulate="--cache-sim=no"
caches=
while [ $# -gt 0 ]; do
    case $1 in
    --with-24)
        [ $# -ge 2 ] || usage
        db_dir=$2
        shift 2
        ;;
    --caches)
        caches=yes
        simulate="--cache-sim=yes --branch-sim=yes --D1=49152,12,64 --LL=33554432,16,64"
        shift
        ;;
    *) usage ;;
    esac
done
[ -f "$c_dir/sliding-ida-md.c" ] || { echo "$0: no sliding-ida-md.c in $c_dir" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "$0: valgrind is not installed" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

cargo build --quiet --release --bin sliding --manifest-path "$root/Cargo.toml"
ours="$root/target/release/sliding"
gcc -O3 -march=x86-64-v3 -o "$work/sliding-ida-md" "$c_dir/sliding-ida-md.c"

# valgrind's counts in a run of the command line given, as seven numbers: instructions, data
# reads, data writes, first-level data misses, last-level data misses, conditional branches,
# their mispredictions (the last five 0 without --caches).
# Its standard output is left in $work/out, its standard error (and valgrind's) in $work/err.
count() {
    # shellcheck disable=SC2086 # the simulation's options are words
    valgrind --tool=cachegrind $simulate --cachegrind-out-file=/dev/null "$@" \
        >"$work/out" 2>"$work/err" </dev/null
    counters
}
# The same, with standard input read from the file given first.
count_stdin() {
    input=$1
    shift
    # shellcheck disable=SC2086
    valgrind --tool=cachegrind $simulate --cachegrind-out-file=/dev/null "$@" \
        <"$input" >"$work/out" 2>"$work/err"
    counters
}
# The seven numbers of valgrind's summary in $work/err (its lines such as
# "==1== D   refs:  2,764,718,845  (1,747,550,100 rd   + 1,017,168,745 wr)").
counters() {
    tr -d ',(' <"$work/err" | awk '
        $2 == "I" && $3 == "refs:" { i = $4 }
        $2 == "D" && $3 == "refs:" { r = $5; w = $8 }
        $2 == "D1" && $3 == "misses:" { d1 = $4 }
        $2 == "LLd" && $3 == "misses:" { ll = $4 }
        $2 == "Branches:" { b = $4 }
        $2 == "Mispredicts:" { m = $4 }
        END {
            if (i == "") {
                print "valgrind gave no counts; its last messages:" > "/dev/stderr"
                exit 1
            }
            printf "%.0f %.0f %.0f %.0f %.0f %.0f %.0f\n", i, r, w, d1, ll, b, m
        }' || { tail -n 5 "$work/err" >&2; return 1; }
}
# The first seven numbers less the next seven: a search's counts, its start-up taken off.
minus() {
    echo "$@" | awk '{ for (k = 1; k <= 7; k++) printf "%.0f%s", $k - $(k + 7), k < 7 ? " " : "\n" }'
}
# `line NAME COUNTS NODES`: one line of NAME's instructions, its nodes and the instructions per
# node; with --caches a second line of the other six counts per node. COUNTS: the seven numbers.
line() {
    # shellcheck disable=SC2086 # the counts are words
    set -- "$1" "$3" $2
    awk -v name="$1" -v n="$2" -v i="$3" \
        'BEGIN { printf "%-28s %15.0f instructions %13.0f nodes %8.2f per node\n", name, i, n, i / n }'
    [ -z "$caches" ] || awk -v n="$2" -v r="$4" -v w="$5" -v d1="$6" -v ll="$7" -v b="$8" -v m="$9" \
        'BEGIN { printf "%-28s per node: %.2f reads, %.2f writes, %.3f D1 misses, %.4f LL misses, %.2f branches, %.3f mispredicted\n", "", r / n, w / n, d1 / n, ll / n, b / n, m / n }'
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
# shellcheck disable=SC2086 # seven counts each, as words
ours15=$(minus $all $base)
c_all=$(count_stdin "$work/korf17.txt" "$work/sliding-ida-md")
grep -q "total nodes $nodes, 0 mismatches" "$work/out" \
    || { echo "$0: the C program's nodes are not Korf's: $(tail -1 "$work/out")" >&2; exit 1; }
c_base=$(count_stdin "$work/empty.txt" "$work/sliding-ida-md")
# shellcheck disable=SC2086 # seven counts each, as words
c15=$(minus $c_all $c_base)
echo "15-puzzle, Korf's 17 easiest instances, Manhattan distance, one thread:"
line "ours (sliding)" "$ours15" "$nodes"
line "C (sliding-ida-md, gcc -O3)" "$c15" "$nodes"
awk -v a="${ours15%% *}" -v b="${c15%% *}" 'BEGIN { printf "ratio ours / C: %.3f\n", a / b }'

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
# shellcheck disable=SC2086 # seven counts each, as words
ours24=$(minus $all $base)
c_all=$(count_stdin "$work/board24.txt" "$work/sliding24-pdb" --db "$db_dir")
c_nodes=$(awk '{ print $3 }' "$work/out")
c_moves=$(awk '{ print $2 }' "$work/out")
c_base=$(count_stdin "$work/goal24.txt" "$work/sliding24-pdb" --db "$db_dir")
# shellcheck disable=SC2086 # seven counts each, as words
c24=$(minus $c_all $c_base)
[ "$ours_nodes" = "$c_nodes" ] \
    || { echo "$0: 24-puzzle nodes differ: ours $ours_nodes, C $c_nodes" >&2; exit 1; }
echo "24-puzzle, one board of $c_moves moves, 6-6-6-6 databases, one thread:"
line "ours (sliding)" "$ours24" "$ours_nodes"
line "C (sliding24-pdb, gcc -O3)" "$c24" "$c_nodes"
awk -v a="${ours24%% *}" -v b="${c24%% *}" 'BEGIN { printf "ratio ours / C: %.3f\n", a / b }'
