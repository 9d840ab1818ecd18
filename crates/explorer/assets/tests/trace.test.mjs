// The trace reader on its own, under Node: `node --test tests/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readTrace, TraceError, EV } from "../js/trace.js";

const examples = join(dirname(fileURLToPath(import.meta.url)), "..", "examples");
const example = (name) => readFileSync(join(examples, name), "utf8");
const header = { format: "ida-star-trace", version: 1, puzzle: "p", instance: "i", algorithm: "ida", heuristic: "h", event_cap: 10 };
const trace = (...events) => [header, ...events].map((e) => (typeof e === "string" ? e : JSON.stringify(e))).join("\n");
const start = { ev: "iteration_start", bound: 2 };
const root = { ev: "expand", id: 0, parent: null, move: null, depth: 0, g: 0, h: 2 };

function fails(text, line, pattern) {
  assert.throws(() => readTrace(text), (err) => err instanceof TraceError && err.line === line && pattern.test(err.detail), `expected line ${line}: ${pattern}`);
}

test("the 8-puzzle example's counted events equal its driver figures", () => {
  const t = readTrace(example("eight-puzzle-3-iterations.jsonl"));
  assert.deepEqual(t.warnings, []);
  assert.equal(t.iterations.length, 3);
  for (const it of t.iterations) assert.deepEqual(it.counted, it.driver);
  assert.equal(1 + t.cumGen[t.events - 1], t.stats.generated);
  assert.equal(t.cumExp[t.events - 1], t.stats.expanded);
  assert.equal(t.evKind[t.goalEv], EV.goal);
});

test("the A* example counts pushes and skips as generated", () => {
  const t = readTrace(example("eight-puzzle-astar.jsonl"));
  assert.equal(t.cumGen[t.events - 1], t.stats.generated);
  assert.equal(t.cumExp[t.events - 1], t.stats.expanded);
});

test("a disagreement between events and driver is reported, not hidden", () => {
  const t = readTrace(trace(start, root, { ev: "iteration_end", bound: 2, generated: 5, expanded: 1, pruned: 0, next_bound: null }));
  assert.match(t.warnings.join(), /generated \(driver 5, events 0\)/);
});

test("malformed traces name the line and the fault", () => {
  fails("", 1, /empty/);
  fails(JSON.stringify({ ...header, version: 2 }), 1, /version 2/);
  fails(JSON.stringify({ ...header, algorithm: "dfs" }), 1, /unknown algorithm "dfs"/);
  fails(trace(start, root, "{oops"), 4, /not JSON/);
  fails(trace(start, { ...root, id: 3 }), 3, /skips ahead: the next new node must be 0/);
  fails(trace(start, root, { ev: "cut", id: 1, parent: 0, move: "U", depth: 1, g: 1, h: 1, f: 2 }), 4, /within the bound 2/);
  fails(trace(start, root, { ev: "expand", id: 1, parent: 7, move: "U", depth: 1, g: 1, h: 1 }), 4, /parent 7 is not an earlier node/);
  fails(trace(start, root, { ev: "jump" }), 4, /unknown event kind "jump"/);
  fails(trace(start, root, { ev: "stats", generated: 1, expanded: 1, outcome: "solved", moves: [], cost: 0 }, start), 5, /after the stats line/);
  fails(trace(start, root, { ev: "push", id: 1, parent: 0, move: "U", depth: 1, g: 1, h: 1 }), 4, /no open list/);
});

test("depth-first order is checked: a parent must be on the current path", () => {
  fails(trace(start, root,
    { ev: "expand", id: 1, parent: 0, move: "U", depth: 1, g: 1, h: 1 },
    { ev: "expand", id: 2, parent: 0, move: "D", depth: 1, g: 1, h: 1 },
    { ev: "expand", id: 3, parent: 1, move: "L", depth: 2, g: 2, h: 0 }), 6, /not on the current path/);
});

test("a breadth-first goal found at generation brings a new node", () => {
  const h = { ...header, algorithm: "bfs" };
  const t = readTrace([h,
    { ev: "push", id: 0, parent: null, move: null, depth: 0, g: 0, h: 0, open: 1, closed: 0 },
    { ev: "pop", id: 0, open: 0, closed: 0 },
    { ev: "expand", id: 0, open: 0, closed: 1 },
    { ev: "goal", id: 1, parent: 0, move: "U", depth: 1, g: 1, h: 0 },
    { ev: "stats", generated: 2, expanded: 1, iterations: [], peak: 2, outcome: "solved", moves: ["U"], cost: 1 },
  ].map((e) => JSON.stringify(e)).join("\n"));
  assert.equal(t.nodes, 2);
  assert.equal(t.cumGen[t.events - 1], 2);
});
