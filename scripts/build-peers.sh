#!/bin/sh
# Builds the two generic C++ IDA* frameworks the project is measured against on Korf's
# 15-puzzle instances (docs/performance.md, "Among its peers"). The project never depends on
# them: they are yardsticks, built from their own sources, which are not in the repository.
#
#   scripts/build-peers.sh HOG2_DIR EABURNS_DIR OUT_DIR
#
# HOG2_DIR: a checkout of github.com/nathansttt/hog2; EABURNS_DIR: one of github.com/eaburns/search.
# Needs g++, make, bc and Boost's headers (Debian: build-essential bc libboost-dev). Writes to
# OUT_DIR (the source folders are not changed):
#
# - hog2-idastar: HOG2's generic `IDAStar` (generic/IDAStar.h) on its `MNPuzzle<4,4>` with the
#   Manhattan distance, driven by scripts/peers/hog2-idastar.cpp, built headless (HOG2's
#   OpenGL stubs, as its own `make OPENGL=STUB`) with `g++ -O3`;
# - eaburns-15md-solver: eaburns/search's `tiles/15md_solver`, built by its own Makefile with g++
#   (its flags, -O3), on a copy of the tree with the one line it needs with a current compiler,
#   `#include <algorithm>` in search/lsslrtastar.hpp;
# - eaburns-15md: a wrapper that reads boards as the `sliding` program does (16 numbers a line,
#   the tile on each cell, 0 the blank) and runs `eaburns-15md-solver idastar` on each, in the
#   input format it reads.
#
# Both print their expanded and generated nodes. The whole build takes a few minutes.
set -eu

[ $# -eq 3 ] || { echo "usage: $0 HOG2_DIR EABURNS_DIR OUT_DIR" >&2; exit 2; }
hog2=$(cd "$1" && pwd)
eaburns=$(cd "$2" && pwd)
mkdir -p "$3"
out=$(cd "$3" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
[ -f "$hog2/generic/IDAStar.h" ] || { echo "$0: no generic/IDAStar.h in $hog2" >&2; exit 2; }
[ -f "$eaburns/tiles/main_mdist.cc" ] || { echo "$0: no tiles/main_mdist.cc in $eaburns" >&2; exit 2; }

# HOG2: the driver and the five sources the puzzle's code needs at link time.
includes="-I$hog2/gui/STUB/GL -I$hog2/gui/STUB/SFML -I$hog2/gui/STUB"
for dir in environments generic utils graph simulation envutil search algorithms gui abstraction; do
    includes="$includes -I$hog2/$dir"
done
# shellcheck disable=SC2086 # the include options are words
g++ -O3 -std=c++17 -DNO_OPENGL $includes -o "$out/hog2-idastar" \
    "$root/scripts/peers/hog2-idastar.cpp" "$hog2/environments/MNPuzzle.cpp" \
    "$hog2/utils/Graphics.cpp" "$hog2/utils/MR1Permutation.cpp" "$hog2/utils/Colors.cpp" \
    "$hog2/gui/STUB/GL/gl.cpp"

# eaburns/search: a copy of the tree, the missing include added, its own Makefile.
rm -rf "$out/eaburns-src"
cp -R "$eaburns" "$out/eaburns-src"
header="$out/eaburns-src/search/lsslrtastar.hpp"
grep -q '#include <algorithm>' "$header" || sed -i 's|#include <vector>|#include <vector>\n#include <algorithm>|' "$header"
make -C "$out/eaburns-src" CXX=g++ CC=gcc tiles/15md_solver
cp "$out/eaburns-src/tiles/15md_solver" "$out/eaburns-15md-solver"
cat >"$out/eaburns-15md" <<'WRAPPER'
#!/bin/sh
# Each board of standard input (16 numbers, the tile on each cell, 0 the blank) solved by
# eaburns/search's IDA*, written in its input format: the cell of each tile, then the goal's.
solver="$(dirname "$0")/eaburns-15md-solver"
while read -r line; do
    [ -n "$line" ] || continue
    echo "$line" | awk '{
        if (NF != 16) { print "not a 15-puzzle board: " $0 > "/dev/stderr"; exit 2 }
        for (cell = 1; cell <= 16; cell++) at[$cell] = cell - 1
        print "4 4"; print "starting positions for each tile:"
        for (tile = 0; tile < 16; tile++) print at[tile]
        print "goal positions:"
        for (tile = 0; tile < 16; tile++) print tile
    }' | "$solver" idastar || exit
done
WRAPPER
chmod +x "$out/eaburns-15md"
echo "built $out/hog2-idastar and $out/eaburns-15md"
