#!/usr/bin/env python3
"""Re-measure every figure the README and docs/performance.md state, and write their tables.

    python3 scripts/figures.py [--baselines DIR] [--rounds N] [--quick] [--with-24 ...] [--write]

Each comparison runs its two sides in turns, A B A B ..., on the same input, and reports the
median of the per-round ratios A/B: a busy machine slows both sides of a round alike, so the
ratio holds where the times do not. Every run is checked (answers, node counts) before its time
counts. Times are whole-process wall-clock; memory is the peak resident set of the
program, as `/usr/bin/time -f %M` reads it (not of this script).

The yardsticks (reference programs in C and C++, and a peer framework) are not part of the
project. Give the folder of their builds with --baselines; rows that need a missing one are
listed as not measured. The programs are the project's release binaries, built first with
`cargo build --release --bins` unless --no-build.

Without --write the tables go to standard output (and to target/figures.md); with --write they
also replace the generated blocks of README.md and docs/performance.md, which are marked
`<!-- figures:NAME -->` ... `<!-- /figures:NAME -->`.
"""

import argparse
import datetime
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "target" / "release"
KORF100 = ROOT / "crates" / "puzzle-sliding" / "tests" / "data" / "korf100.txt"
KORF_TAYLOR = ROOT / "examples" / "data" / "korf-taylor-24.in"
ROTATION_DATA = ROOT / "crates" / "puzzle-rotation" / "tests" / "data"
WALL_DATA = ROOT / "crates" / "puzzle-wall-pusher" / "tests" / "data"
EXAMPLE_DATA = ROOT / "examples" / "data"


class Failed(Exception):
    """A run whose output or counts are not what they must be: the figure is not reported."""


# ---------------------------------------------------------------------------------------------
# Running and timing


class Run:
    """One finished process: its wall time, peak memory and output."""

    def __init__(self, seconds, peak_kb, stdout, stderr, status):
        self.seconds = seconds
        self.peak_kb = peak_kb
        self.stdout = stdout
        self.stderr = stderr
        self.status = status


# The peak memory is the program's own, as `/usr/bin/time -f %M` reports it: a child's rusage
# seen from here would include this script's pages (a child started from a process counts that
# process's resident set until it runs the program), which made a 5 MB program read 14 to 137 MB.
TIME = "/usr/bin/time"


def run(command, stdin=None):
    """Runs a command (a list), its standard input from the file `stdin`; times it whole."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r") as peak:
        source = open(stdin, "rb") if stdin else subprocess.DEVNULL
        try:
            started = time.perf_counter()
            process = subprocess.Popen([TIME, "-f", "%M", "-o", peak.name, *command],
                                       stdin=source, stdout=out, stderr=err)
            _, status, _ = os.wait4(process.pid, 0)
            seconds = time.perf_counter() - started
            process.returncode = os.waitstatus_to_exitcode(status)
        finally:
            if stdin:
                source.close()
        out.seek(0)
        err.seek(0)
        # Its last line: before it, /usr/bin/time writes why a program ended on a signal.
        lines = peak.read().split()
        peak_kb = int(lines[-1]) if lines and lines[-1].isdigit() else 0
        return Run(seconds, peak_kb, out.read().decode(), err.read().decode(),
                   process.returncode)


class Side:
    """One side of a comparison: a command, its input, and a check of its output."""

    def __init__(self, name, command, stdin=None, check=None):
        self.name = name
        self.command = [str(part) for part in command]
        self.stdin = stdin
        self.check = check or (lambda result: None)

    def once(self):
        result = run(self.command, self.stdin)
        if result.status in (130, 143):
            # A signal from outside (another user of the machine): that run measures nothing.
            result = run(self.command, self.stdin)
        if result.status not in (0,):
            raise Failed(f"{self.name}: exit status {result.status}: {result.stderr[-300:]}")
        note = self.check(result)
        return result, note


class Measured:
    """The runs of one or two sides, round by round."""

    def __init__(self, a, b=None):
        self.a, self.b = a, b
        self.a_runs, self.b_runs, self.notes = [], [], []

    def ratios(self):
        return [x.seconds / y.seconds for x, y in zip(self.a_runs, self.b_runs)]


def measure(a, b, rounds, warm_up=True):
    """Runs A B A B ... for `rounds` rounds (after one untimed round, unless not `warm_up`)."""
    measured = Measured(a, b)
    for index in range(rounds + (1 if warm_up else 0)):
        result_a, note_a = a.once()
        result_b, note_b = b.once() if b else (None, None)
        if warm_up and index == 0:
            measured.notes = [note for note in (note_a, note_b) if note]
            continue
        if not measured.notes:
            measured.notes = [note for note in (note_a, note_b) if note]
        measured.a_runs.append(result_a)
        if b:
            measured.b_runs.append(result_b)
    return measured


def median_seconds(runs):
    return statistics.median(result.seconds for result in runs)


def seconds(value):
    if value >= 10:
        return f"{value:.1f} s"
    if value >= 0.1:
        return f"{value:.2f} s"
    return f"{value * 1000:.1f} ms"


def ratio_text(ratios):
    text = f"**{statistics.median(ratios):.3f}**"
    digits = 3 if max(ratios) < 0.1 else 2
    low, high = f"{min(ratios):.{digits}f}", f"{max(ratios):.{digits}f}"
    if len(ratios) > 1 and low != high:
        text += f" ({low} to {high})"
    return text


# ---------------------------------------------------------------------------------------------
# Inputs, written once into a scratch folder


def korf_lines():
    """Korf's 100 instances: (id, length, nodes, the line as the C program reads it)."""
    rows = []
    for line in KORF100.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fields = line.split()
        rows.append((int(fields[0]), int(fields[1]), int(fields[2]), line))
    return rows


def board_of(line):
    return " ".join(line.split()[3:])


class Inputs:
    def __init__(self, folder):
        self.folder = Path(folder)
        korf = korf_lines()
        self.korf1 = [row for row in korf if row[0] == 1]
        self.korf51 = [row for row in korf if row[2] < 60_000_000]
        self.korf100 = korf
        for name, rows in (("korf1", self.korf1), ("korf51", self.korf51),
                           ("korf100", self.korf100)):
            self.write(f"{name}.txt", "".join(row[3] + "\n" for row in rows))
            self.write(f"{name}.boards", "".join(board_of(row[3]) + "\n" for row in rows))
        # Rotation: 100,000 random standard boards, as docs/performance.md describes them.
        generator = random.Random(1)
        boards = []
        for _ in range(100_000):
            board = [1] * 8 + [2] * 8 + [3] * 8
            generator.shuffle(board)
            boards.append(" ".join(map(str, board)))
        self.write("rotation-100k.in", "\n".join(boards) + "\n0\n")
        # Wall Pushers: each shipped set repeated 100 times, so that the solving, not the
        # start-up, is measured.
        for name in ("long-20", "random-100"):
            cases = (WALL_DATA / f"{name}.in").read_text().strip()
            assert cases.endswith("0 0"), name
            body = cases[: -len("0 0")].strip() + "\n"
            self.write(f"wall-{name}-x100.in", body * 100 + "0 0\n")
            lengths = (WALL_DATA / f"{name}.len").read_text().split()
            self.write(f"wall-{name}-x100.len", "\n".join(lengths * 100) + "\n")
        boards24 = [line for line in KORF_TAYLOR.read_text().splitlines()
                    if line.strip() and not line.startswith("#")]
        self.write("korf-taylor-2.in", boards24[1] + "\n")

    def write(self, name, text):
        (self.folder / name).write_text(text)

    def __getitem__(self, name):
        return self.folder / name


# ---------------------------------------------------------------------------------------------
# Checks of each program's output


def stats_of(stderr):
    """The `--stats` lines of the project's programs: a list of dicts."""
    lines = []
    for line in stderr.splitlines():
        if line.startswith("case="):
            lines.append(dict(field.split("=", 1) for field in line.split()))
    return lines


def ours_korf(rows):
    def check(result):
        stats = stats_of(result.stderr)
        lengths = [int(line["length"]) for line in stats]
        generated = [int(line["generated"]) for line in stats]
        if lengths != [row[1] for row in rows]:
            raise Failed("sliding: lengths differ from Korf's")
        if generated != [row[2] for row in rows]:
            raise Failed("sliding: generated nodes differ from Korf's")
        return f"sliding: {sum(generated):,} generated"
    return check


def c_korf(rows):
    def check(result):
        last = result.stdout.strip().splitlines()[-1]
        match = re.match(r"total nodes (\d+), (\d+) mismatches", last)
        if not match or match.group(2) != "0":
            raise Failed(f"sliding-ida-md: {last}")
        if int(match.group(1)) != sum(row[2] for row in rows):
            raise Failed("sliding-ida-md: total differs from Korf's")
        return f"sliding-ida-md: {int(match.group(1)):,} generated"
    return check


def pathfinding_korf(rows):
    def check(result):
        counts = re.findall(r"length=(\d+) expanded=(\d+)", result.stderr)
        if [int(length) for length, _ in counts] != [row[1] for row in rows]:
            raise Failed("pathfinding-idastar: lengths differ from Korf's")
        return f"pathfinding-idastar: {sum(int(e) for _, e in counts):,} expanded"
    return check


def hog2_korf(rows):
    def check(result):
        counts = re.findall(r"moves (\d+) expanded (\d+) generated (\d+)", result.stdout)
        if [int(moves) for moves, _, _ in counts] != [row[1] for row in rows]:
            raise Failed("hog2-idastar: lengths differ from Korf's")
        return f"hog2-idastar: {sum(int(e) for _, e, _ in counts):,} expanded"
    return check


def eaburns_korf(rows):
    def check(result):
        costs = re.findall(r'"final sol cost"\t"(\d+)', result.stdout)
        expanded = re.findall(r'"total nodes expanded"\t"(\d+)"', result.stdout)
        if [int(cost) for cost in costs] != [row[1] for row in rows]:
            raise Failed("eaburns-15md: lengths differ from Korf's")
        return f"eaburns-15md: {sum(int(e) for e in expanded):,} expanded"
    return check


def ours_expanded(result):
    return f"sliding: {sum(int(s['expanded']) for s in stats_of(result.stderr)):,} expanded"


def same_as(path, name):
    expected = Path(path).read_text()

    def check(result):
        if result.stdout != expected:
            raise Failed(f"{name}: output differs from {Path(path).name}")
        return f"{name}: `{Path(path).name}` byte for byte"
    return check


def wall_lengths(path, name):
    """Every answer a legal-looking move string of the expected length (or `No way out`)."""
    expected = Path(path).read_text().split()

    def check(result):
        answers = result.stdout.split()
        if len(answers) != len(expected):
            raise Failed(f"{name}: {len(answers)} answers for {len(expected)} mazes")
        wrong = sum(1 for answer, length in zip(answers, expected)
                    if length != "none" and len(answer) != int(length))
        return f"{name}: {len(answers) - wrong:,} of {len(answers):,} answers of the optimal length"
    return check


def identical_outputs(measured):
    """The two sides of a thread comparison wrote the same bytes in every round."""
    for x, y in zip(measured.a_runs, measured.b_runs):
        if x.stdout != y.stdout:
            raise Failed(f"{measured.a.name} and {measured.b.name}: outputs differ")


# ---------------------------------------------------------------------------------------------
# The figures


class Table:
    def __init__(self, name, header):
        self.name, self.header, self.rows = name, header, []

    def add(self, *cells):
        self.rows.append([" ".join(str(cell).split()).replace("|", "\\|") for cell in cells])

    def markdown(self):
        lines = ["| " + " | ".join(self.header) + " |", "|" + "---|" * len(self.header)]
        lines += ["| " + " | ".join(row) + " |" for row in self.rows]
        return "\n".join(lines)


COMPARE = ["figure", "ours (median)", "yardstick (median)", "ours / yardstick: median of rounds (range)", "same work"]
ALONE = ["figure", "time (median)", "peak memory", "checked"]


def comparison(table, label, a, b, rounds, warm_up=True, same_output=False):
    try:
        measured = measure(a, b, rounds, warm_up)
        if same_output:
            identical_outputs(measured)
            measured.notes.append("the same output, byte for byte")
    except Failed as failure:
        table.add(label, "—", "—", "not measured", f"failed: {failure}")
        return None
    table.add(label, seconds(median_seconds(measured.a_runs)), seconds(median_seconds(measured.b_runs)),
              ratio_text(measured.ratios()), "; ".join(measured.notes))
    print(f"  {label}: {statistics.median(measured.ratios()):.3f}", file=sys.stderr)
    return measured


def alone(table, label, side, rounds):
    try:
        measured = measure(side, None, rounds)
    except Failed as failure:
        table.add(label, "—", "—", f"failed: {failure}")
        return
    peak = max(result.peak_kb for result in measured.a_runs)
    table.add(label, seconds(median_seconds(measured.a_runs)), f"{peak / 1024:.0f} MB",
              "; ".join(measured.notes))
    print(f"  {label}: {median_seconds(measured.a_runs):.3f} s", file=sys.stderr)


def yardstick(args, name):
    path = Path(args.baselines) / name if args.baselines else None
    return path if path and os.access(path, os.X_OK) else None


def missing(table, label, name):
    table.add(label, "—", "—", "not measured", f"needs `{name}` (see the top of this page)")


def fifteen_puzzle(args, inputs, tables):
    table = tables["korf15"] = Table("korf15", COMPARE)
    sliding = EXAMPLES / "sliding"
    c = yardstick(args, "sliding-ida-md")
    for label, rows, name in (("Korf's instance 1 (57 moves)", inputs.korf1, "korf1"),
                              ("51 of Korf's 100 (under 60 million nodes each)", inputs.korf51, "korf51")):
        if not c:
            missing(table, label, "sliding-ida-md")
            continue
        ours = Side("sliding", [sliding, "--heuristic", "manhattan", "--threads", "1", "--stats",
                                inputs[name + ".boards"]], check=ours_korf(rows))
        theirs = Side("sliding-ida-md", [c], stdin=inputs[name + ".txt"], check=c_korf(rows))
        comparison(table, f"{label}, Manhattan, 1 thread, against `sliding-ida-md` (C)",
                   ours, theirs, args.rounds)


def peers(args, inputs, tables):
    table = tables["peers"] = Table("peers", COMPARE)
    peer = yardstick(args, "pathfinding-idastar")
    label = "Korf's instance 1, Manhattan: `pathfinding` 4.16.0's `idastar` against ours"
    if not peer:
        missing(table, label, "pathfinding-idastar")
    else:
        measure_peer(args, inputs, table, label, peer)
    # The two generic C++ frameworks, built by scripts/build-peers.sh into the same folder.
    for name, what, check in (
            ("hog2-idastar", "HOG2's generic `IDAStar` (C++, `MNPuzzle<4,4>`)", hog2_korf(inputs.korf1)),
            ("eaburns-15md", "eaburns/search's IDA\\* (C++, `15md_solver`)", eaburns_korf(inputs.korf1))):
        label = f"Korf's instance 1, Manhattan: {what} against ours"
        peer = yardstick(args, name)
        if not peer:
            missing(table, label, name)
            continue
        theirs = Side(name, [peer], stdin=inputs["korf1.boards"], check=check)
        measure_peer(args, inputs, table, label, theirs)


def measure_peer(args, inputs, table, label, peer):
    ours = Side("sliding", [EXAMPLES / "sliding", "--heuristic", "manhattan", "--threads", "1",
                            "--stats", inputs["korf1.boards"]], check=ours_expanded)
    theirs = peer if isinstance(peer, Side) else Side(
        "pathfinding-idastar", [peer, inputs["korf1.boards"]], check=pathfinding_korf(inputs.korf1))
    # The peer is the slow side: its time over ours, so that the figure reads "times ours".
    # The peer takes many times our time: half the rounds are enough to tell the ratio.
    rounds = max(2, args.rounds // 2)
    measured = measure(theirs, ours, rounds)
    table.add(f"{label} ({rounds} rounds)", seconds(median_seconds(measured.b_runs)), seconds(median_seconds(measured.a_runs)),
              ratio_text([1 / r for r in measured.ratios()]) + " (the peer takes "
              f"{statistics.median(measured.ratios()):.1f} times ours)", "; ".join(measured.notes))
    print(f"  peers: {statistics.median(measured.ratios()):.2f}", file=sys.stderr)


def twenty_four(args, inputs, tables):
    table = tables["korf24"] = Table("korf24", COMPARE)
    tables.setdefault("threads", Table("threads", COMPARE))
    c = yardstick(args, "sliding24-pdb")
    # Its rounds are `--rounds-24`, fewer than the others' by default (a round is a minute): said
    # in the rows when they differ from the header's.
    rounds = f" ({args.rounds_24} rounds)" if args.rounds_24 != args.rounds else ""
    label = f"Korf and Taylor's instance 2 (95 moves), 6-6-6-6 databases, 1 thread, against `sliding24-pdb` (C){rounds}"
    if not args.with_24:
        table.add(label, "—", "—", "not measured", "run with `--with-24` (the databases take minutes to build)")
        return
    if not c:
        missing(table, label, "sliding24-pdb")
        return
    cache, c_db = Path(args.pdb_cache), Path(args.c24_db)
    cache.mkdir(parents=True, exist_ok=True)
    c_db.mkdir(parents=True, exist_ok=True)
    board = inputs["korf-taylor-2.in"]
    ours_cmd = [EXAMPLES / "sliding", "--heuristic", "pdb", "--pdb-cache", cache, "--stats"]
    expected = {}

    def ours_check(result):
        (stats,) = stats_of(result.stderr)
        found = (result.stdout.strip(), stats["generated"])
        if expected.setdefault("ours", found) != found:
            raise Failed(f"sliding: {stats['generated']} nodes, not {expected['ours'][1]} as before")
        return f"sliding: {int(stats['generated']):,} generated"

    def c_check(result):
        _, length, generated, _, moves = result.stdout.split()
        ours_moves, ours_generated = expected.get("ours", (moves, generated))
        # The C program counts the start as well, as the project's drivers do.
        if moves != ours_moves or generated != ours_generated:
            raise Failed(f"sliding24-pdb: {generated} nodes, moves {moves[:10]}..., ours {ours_generated}")
        return f"sliding24-pdb: {int(generated):,} generated, the same moves"

    # The untimed first round builds (or reads and checks) both programs' databases.
    ours = Side("sliding", ours_cmd + ["--threads", "1", board], check=ours_check)
    theirs = Side("sliding24-pdb", [c, "--db", c_db], stdin=board, check=c_check)
    comparison(table, label, ours, theirs, args.rounds_24)
    two = Side("sliding", ours_cmd + ["--threads", "2", board], check=ours_check)
    one = Side("sliding", ours_cmd + ["--threads", "1", board], check=ours_check)
    comparison(tables["threads"], "Korf and Taylor's instance 2 from a file, 6-6-6-6 databases: "
               f"`--threads 2` against `--threads 1`{rounds}", two, one, args.rounds_24, warm_up=False,
               same_output=True)
    piped = "cat '{}' | ".format(board) + " ".join(f"'{part}'" for part in ours_cmd) + " --threads "
    two = Side("sliding", ["sh", "-c", piped + "2"], check=ours_check)
    one = Side("sliding", ["sh", "-c", piped + "1"], check=ours_check)
    comparison(tables["threads"], "Korf and Taylor's instance 2 through a pipe, 6-6-6-6 databases: "
               f"`--threads 2` against `--threads 1`{rounds}", two, one, args.rounds_24, warm_up=False,
               same_output=True)


def rotation(args, inputs, tables):
    table = tables["rotation"] = Table("rotation", COMPARE)
    seed = yardstick(args, "rotation-seed")
    hard = ROTATION_DATA / "hard-30.in"
    expected = ROTATION_DATA / "hard-30.out"
    for heuristic in ("exact", "count"):
        label = f"`hard-30.in` (30 boards of 11 moves), `--heuristic {heuristic}`, against `rotation-seed` (C++)"
        if not seed:
            missing(table, label, "rotation-seed")
            continue
        ours = Side("rotation", [EXAMPLES / "rotation", "--heuristic", heuristic, hard],
                    check=same_as(expected, "rotation"))
        theirs = Side("rotation-seed", [seed], stdin=hard, check=same_as(expected, "rotation-seed"))
        comparison(table, label, ours, theirs, args.rounds)
    single = tables["rotation-alone"] = Table("rotation-alone", ALONE)
    alone(single, "100,000 random boards (`random.seed(1)`), `exact`",
          Side("rotation", [EXAMPLES / "rotation", inputs["rotation-100k.in"]]), args.rounds)


def wall_pusher(args, inputs, tables):
    table = tables["wall-pusher"] = Table("wall-pusher", COMPARE)
    seed = yardstick(args, "wall-pusher-seed")
    for name, mazes in (("long-20", "2,000"), ("random-100", "10,000")):
        label = f"`{name}.in` x 100 ({mazes} mazes) against `wall-pusher-seed` (C++)"
        if not seed:
            missing(table, label, "wall-pusher-seed")
            continue
        maze_file = inputs[f"wall-{name}-x100.in"]
        lengths = inputs[f"wall-{name}-x100.len"]
        ours = Side("wall-pusher", [EXAMPLES / "wall-pusher", maze_file],
                    check=wall_lengths(lengths, "wall-pusher"))
        theirs = Side("wall-pusher-seed", [seed], stdin=maze_file,
                      check=wall_lengths(lengths, "wall-pusher-seed"))
        comparison(table, label, ours, theirs, args.rounds)
    proofs = tables["no-way-out"] = Table("no-way-out", ALONE)
    for maze in ("4m", "41m", "74m"):
        path = EXAMPLE_DATA / f"wall-pusher-no-way-out-{maze}.in"

        def check(result, maze=maze):
            if result.stdout.strip() != "No way out":
                raise Failed(f"no-way-out-{maze}: {result.stdout.strip()[:40]}")
            return "`No way out`"
        alone(proofs, f"`wall-pusher-no-way-out-{maze}.in`",
              Side("wall-pusher", [EXAMPLES / "wall-pusher", path], check=check), args.rounds)


def databases_15(args, inputs, tables):
    table = tables["pdb15"] = Table("pdb15", ALONE)
    rows = inputs.korf100

    def check(result):
        lengths = [len(line) for line in result.stdout.split()]
        if lengths != [row[1] for row in rows]:
            raise Failed("sliding: lengths differ from Korf's")
        return "every length Korf's"
    alone(table, "Korf's 100, 6-6-3 databases built in the run (`--no-pdb-cache`), every thread",
          Side("sliding", [EXAMPLES / "sliding", "--no-pdb-cache", inputs["korf100.boards"]],
               check=check), args.rounds)
    counts = tables["heuristics"] = Table("heuristics", ["heuristic on Korf's instance 1", "generated", "iterations", "search time"])
    for heuristic in ("manhattan", "linear-conflict", "pdb"):
        result = run([str(EXAMPLES / "sliding"), "--heuristic", heuristic, "--threads", "1",
                      "--pdb-cache", str(args.pdb_cache), "--stats", str(inputs["korf1.boards"])])
        (stats,) = stats_of(result.stderr) or [{"generated": "?", "iterations": "?", "seconds": "nan"}]
        counts.add(f"`{heuristic}`", f"{int(stats['generated']):,}", stats["iterations"],
                   seconds(float(stats["seconds"])))


def threads(args, inputs, tables):
    table = tables.setdefault("threads", Table("threads", COMPARE))
    sliding = EXAMPLES / "sliding"
    for label, name in (("Korf's instance 1 alone in a file", "korf1"),
                        ("51 of Korf's 100 as one batch in a file", "korf51")):
        two = Side("sliding", [sliding, "--heuristic", "manhattan", "--threads", "2", inputs[name + ".boards"]])
        one = Side("sliding", [sliding, "--heuristic", "manhattan", "--threads", "1", inputs[name + ".boards"]])
        comparison(table, f"{label}, Manhattan: `--threads 2` against `--threads 1`", two, one,
                   args.rounds, same_output=True)
    # The same case through a pipe: the program cannot know whether another case follows.
    piped = [f"cat '{inputs['korf1.boards']}' | '{sliding}' --heuristic manhattan --threads"]
    two = Side("sliding", ["sh", "-c", piped[0] + " 2"])
    one = Side("sliding", ["sh", "-c", piped[0] + " 1"])
    comparison(table, "Korf's instance 1 alone through a pipe, Manhattan: `--threads 2` against "
               "`--threads 1`", two, one, args.rounds, same_output=True)
    two = Side("rotation", [EXAMPLES / "rotation", "--threads", "2", inputs["rotation-100k.in"]])
    one = Side("rotation", [EXAMPLES / "rotation", "--threads", "1", inputs["rotation-100k.in"]])
    comparison(table, "100,000 random Rotation boards: `--threads 2` against `--threads 1`",
               two, one, args.rounds, same_output=True)


def budgeted(args, inputs, tables):
    table = tables["budgeted"] = Table("budgeted", ["figure", "IDA\\* / BTS in nodes", "IDA\\* / BTS in time", "how"])
    if not args.with_benches:
        table.add("200 random 8-puzzles, tiles costing `t³`", "—", "—", "run with `--with-benches`")
        return
    command = ["cargo", "bench", "-q", "-p", "puzzle-sliding", "--bench", "weighted", "--",
               "200", str(args.rounds), "tile-cubed"]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    match = re.search(r"IDA\* / BTS: ([\d.]+) in nodes, ([\d.]+) in time", result.stderr)
    if result.returncode != 0 or not match:
        table.add("200 random 8-puzzles, tiles costing `t³`", "—", "—", "failed: " + result.stderr[-200:])
        return
    table.add("200 random 8-puzzles, tiles costing `t³`, weighted Manhattan distance",
              match.group(1), match.group(2),
              f"`cargo bench -p puzzle-sliding --bench weighted -- 200 {args.rounds} tile-cubed` (medians of its runs, the drivers in turns)")


def genericity(args, inputs, tables):
    table = tables["genericity"] = Table("genericity", ["contender, Korf's 17 easiest, Manhattan", "median", "rate"])
    if not args.with_benches:
        table.add("generic driver against a loop written by hand", "—", "run with `--with-benches`")
        return
    command = ["cargo", "bench", "-q", "-p", "search-core", "--bench", "generic_vs_specialised",
               "--", str(max(args.rounds, 3))]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    found = re.findall(r"^(generic driver|hand-written|minimal loop)\s+median\s+([\d.]+) s\s+([\d.]+) M", result.stdout, re.M)
    ratio = re.search(r"ratio generic / hand-written: ([\d.]+)", result.stdout)
    if result.returncode != 0 or not found or not ratio:
        table.add("generic driver against a loop written by hand", "—", "failed: " + result.stderr[-200:])
        return
    for name, median, rate in found:
        table.add(name, f"{float(median):.3f} s", f"{rate} M nodes/s")
    table.add("**generic / hand-written**", f"**{float(ratio.group(1)):.3f}**",
              f"`cargo bench -p search-core --bench generic_vs_specialised -- {max(args.rounds, 3)}` (the contenders in turns)")


# ---------------------------------------------------------------------------------------------
# The report


def machine():
    model, cores = "unknown CPU", os.cpu_count()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return model, cores, load


def header(args, command, load_before, load_after):
    model, cores, _ = machine()
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    return (f"Measured {today} on {model}, {cores} cores (load average {load_before:.1f} before, "
            f"{load_after:.1f} after), {rustc}, by `{command}`: {args.rounds} timed rounds per "
            f"comparison after one untimed round, each round running both sides in turn; "
            f"the ratio is the median of the rounds' ratios, with their range.")


def replace_block(path, name, text):
    content = path.read_text()
    pattern = re.compile(rf"(<!-- figures:{re.escape(name)} -->\n).*?(<!-- /figures:{re.escape(name)} -->)", re.S)
    if not pattern.search(content):
        return False
    path.write_text(pattern.sub(lambda m: m.group(1) + text.rstrip("\n") + "\n" + m.group(2), content))
    return True


def headline(tables):
    """The README's few rows: the first row of each comparison table that has one."""
    table = Table("headline", COMPARE)
    for name in ("korf15", "korf24", "peers", "rotation", "wall-pusher", "threads"):
        if name in tables:
            for row in tables[name].rows:
                if row[1] != "—":  # measured today, not quoted nor left out
                    table.rows.append(row)
    return table


def shown_command(argv):
    """The command as the docs quote it: the arguments that are this machine's paths named by
    what they are (`--baselines DIR`), so that a reader can run it on theirs."""
    names = {"--baselines": "DIR", "--pdb-cache": "PDB_DIR", "--c24-db": "C24_DB", "--from": "FILE"}
    words, shown = iter(argv), []
    for word in words:
        option, equals, _ = word.partition("=")
        if option in names:
            shown.append(f"{option} {names[option]}")
            if not equals:
                next(words, None)
        else:
            shown.append(word)
    return " ".join(["python3 scripts/figures.py", *shown])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baselines", metavar="DIR", help="the folder of the yardsticks' builds")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds per comparison (default 5)")
    parser.add_argument("--quick", action="store_true", help="3 rounds, and the 24-puzzle 1")
    parser.add_argument("--with-24", action="store_true",
                        help="the 24-puzzle's instance 2 too (the databases: minutes to build, 0.5 GB each side)")
    parser.add_argument("--rounds-24", type=int, default=3, help="rounds for the 24-puzzle (default 3)")
    parser.add_argument("--pdb-cache", metavar="DIR", default=os.path.join(tempfile.gettempdir(), "ida-star-pdb"),
                        help="where `sliding` keeps its databases (default: TMPDIR/ida-star-pdb)")
    parser.add_argument("--c24-db", metavar="DIR", default=os.path.join(tempfile.gettempdir(), "sliding24-pdb-db"),
                        help="where `sliding24-pdb` keeps its databases")
    parser.add_argument("--with-benches", action="store_true", help="the cargo benchmarks' figures too")
    parser.add_argument("--only", metavar="GROUPS", help="comma-separated: korf15,peers,korf24,rotation,wall-pusher,pdb15,threads,budgeted,genericity")
    parser.add_argument("--no-build", action="store_true", help="use the programs already built")
    parser.add_argument("--write", action="store_true", help="update README.md and docs/performance.md")
    parser.add_argument("--from", dest="source", metavar="FILE",
                        help="measure nothing: take the tables from FILE, an earlier run's report (with --write)")
    args = parser.parse_args()
    if not os.access(TIME, os.X_OK):
        print(f"figures.py: {TIME} is needed to read each program's peak memory (Debian's package"
              " time)", file=sys.stderr)
        sys.exit(2)
    if args.quick:
        args.rounds, args.rounds_24 = 3, 1
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.source:
        blocks = dict(re.findall(r"<!-- ([\w-]+) -->\n(.*?)(?=\n\n<!-- [\w-]+ -->\n|\Z)",
                                 Path(args.source).read_text().rstrip("\n"), re.S))
        write_blocks(blocks)
        return
    command = shown_command(sys.argv[1:])
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--bins", "-q"], cwd=ROOT, check=True)
    groups = [("korf15", fifteen_puzzle), ("peers", peers), ("korf24", twenty_four),
              ("rotation", rotation), ("wall-pusher", wall_pusher), ("pdb15", databases_15),
              ("threads", threads), ("budgeted", budgeted), ("genericity", genericity)]
    chosen = set(args.only.split(",")) if args.only else {name for name, _ in groups}
    load_before = machine()[2]
    tables = {}
    with tempfile.TemporaryDirectory(prefix="figures-") as folder:
        inputs = Inputs(folder)
        for name, group in groups:
            if name in chosen:
                print(f"{name}...", file=sys.stderr)
                group(args, inputs, tables)
    top = header(args, command, load_before, machine()[2])
    summary = headline(tables).markdown()
    blocks = {"header": top, "summary": summary, "headline": top + "\n\n" + summary}
    for name, table in tables.items():
        blocks[name] = table.markdown()
    report = "\n\n".join(f"<!-- {name} -->\n{text}" for name, text in blocks.items())
    print(report)
    (ROOT / "target").mkdir(exist_ok=True)
    (ROOT / "target" / "figures.md").write_text(report + "\n")
    if args.write:
        write_blocks(blocks)


def write_blocks(blocks):
    for path in (ROOT / "README.md", ROOT / "docs" / "performance.md"):
        for name, text in blocks.items():
            replace_block(path, name, text)


if __name__ == "__main__":
    main()
