// Writes example traces in the format of docs/trace-format.md from a small IDA* and A* on the
// sliding puzzle, written here to Korf's counting conventions (as search-core counts): the page's
// tests then read traces whose figures agree by construction, before the Rust recorder exists.
//
//   node make-traces.mjs examples DIR     the small examples the page's tests load
//   node make-traces.mjs large FILE [N]   a 15-puzzle IDA* run of about N events (default 1e6)
import { writeFileSync } from "node:fs";

const MOVES = { U: [-1, 0], L: [0, -1], R: [0, 1], D: [1, 0] };
const INVERSE = { U: "D", D: "U", L: "R", R: "L" };

const IDA_CODE = {
  lines: [
    "fn ida_star(start) -> Option<Path>:",
    "    if is_goal(start): return Some([])",
    "    bound = h(start)",
    "    loop:                                  // one iteration per bound",
    "        least_cut = ∞",
    "        if let Some(p) = search(start, 0, bound): return Some(p)",
    "        if least_cut == ∞: return None     // nothing cut: no solution",
    "        bound = least_cut                  // the next bound",
    "",
    "fn search(node, g, bound) -> Option<Path>:",
    "    expand(node)                           // count it, generate its children",
    "    for child in children(node) in move order:",
    "        f = g + cost + h(child)",
    "        if f > bound:                      // the test against the bound",
    "            least_cut = min(least_cut, f); continue   // cut off",
    "        if is_goal(child): return Some([move])",
    "        if let Some(p) = search(child, g + cost, bound): return Some(move + p)",
    "    None                                   // subtree exhausted under the bound",
  ],
  marks: { iteration: 4, expand: 11, cutoff: 14, goal: 16, iteration_end: 8 },
};

function board(rows, cols, tiles) {
  return { rows, cols, tiles: tiles.slice() };
}
function text(b) {
  const lines = [];
  for (let r = 0; r < b.rows; r++) lines.push(b.tiles.slice(r * b.cols, (r + 1) * b.cols).join(" "));
  return lines.join("\n");
}
function manhattan(b) {
  let h = 0;
  b.tiles.forEach((t, i) => {
    if (t === 0) return;
    const goal = t - 1;
    h += Math.abs(Math.floor(i / b.cols) - Math.floor(goal / b.cols)) + Math.abs((i % b.cols) - (goal % b.cols));
  });
  return h;
}
function moves(b) {
  const z = b.tiles.indexOf(0);
  const r = Math.floor(z / b.cols), c = z % b.cols;
  return Object.keys(MOVES).filter((m) => {
    const [dr, dc] = MOVES[m];
    return r + dr >= 0 && r + dr < b.rows && c + dc >= 0 && c + dc < b.cols;
  });
}
function apply(b, m) {
  const z = b.tiles.indexOf(0);
  const [dr, dc] = MOVES[m];
  const t = b.tiles.slice();
  const y = z + dr * b.cols + dc;
  t[z] = t[y];
  t[y] = 0;
  return board(b.rows, b.cols, t);
}
const isGoal = (b) => b.tiles.every((t, i) => t === (i + 1) % b.tiles.length);
const draw = (b) => ({ kind: "tiles", rows: b.rows, cols: b.cols, tiles: b.tiles });

// IDA* recording every event, capped as a recorder caps: past the cap, summaries only.
function idaTrace(start, { puzzle, cap = 1e6, drawings = true, sidOf = null, graph = null, firstBound = null }) {
  const out = [];
  let events = 0, truncated = false;
  const emit = (e) => {
    if (truncated) return;
    if (events === cap) {
      truncated = true;
      out.push(JSON.stringify({ ev: "truncated", events }));
      return;
    }
    events++;
    out.push(JSON.stringify(e));
  };
  const summary = (e) => out.push(JSON.stringify(e));
  const header = {
    format: "ida-star-trace", version: 1, puzzle, instance: start.tiles.join(" "),
    algorithm: "ida", heuristic: "manhattan", event_cap: cap, code: IDA_CODE,
  };
  if (graph) header.graph = graph;
  out.push(JSON.stringify(header));
  let nextId = 0;
  const node = (b, extra) => {
    const e = { ...extra, state: text(b) };
    if (drawings) e.draw = draw(b);
    if (sidOf) e.sid = sidOf(b);
    return e;
  };
  const t0 = performance.now();
  let bound = firstBound ?? manhattan(start);
  let generated = 1, expanded = 0;
  const iterations = [];
  let solution = null, peak = 0;
  for (;;) {
    (truncated ? summary : emit)({ ev: "iteration_start", bound });
    let itGen = 0, itExp = 0, pruned = 0, least = Infinity;
    const path = [];
    const search = (b, g, h, depth, parentId, via, id) => {
      itExp++;
      peak = Math.max(peak, depth + 1);
      if (!truncated) emit(node(b, { ev: "expand", id, parent: parentId, move: via, depth, g, h }));
      for (const m of moves(b)) {
        if (via !== null && m === INVERSE[via]) continue;
        itGen++;
        const c = apply(b, m);
        const ch = manhattan(c), cg = g + 1, f = cg + ch;
        const cid = nextId++;
        if (f > bound) {
          pruned++;
          least = Math.min(least, f);
          if (!truncated) emit({ ev: "cut", id: cid, parent: id, move: m, depth: depth + 1, g: cg, h: ch, f });
          continue;
        }
        if (ch === 0 && isGoal(c)) {
          emit(node(c, { ev: "goal", id: cid, parent: id, move: m, depth: depth + 1, g: cg, h: ch }));
          return [m];
        }
        const p = search(c, cg, ch, depth + 1, id, m, cid);
        if (p) return [m, ...p];
      }
      return null;
    };
    const p = search(start, 0, manhattan(start), 0, null, null, nextId++);
    generated += itGen;
    expanded += itExp;
    iterations.push({ bound, generated: itGen, expanded: itExp });
    const end = { ev: "iteration_end", bound, generated: itGen, expanded: itExp, pruned, next_bound: least === Infinity ? null : least };
    (truncated ? summary : emit)(end);
    if (p) { solution = p; break; }
    if (least === Infinity) break;
    bound = least;
  }
  const stats = { ev: "stats", generated, expanded, iterations, peak, elapsed_ms: +(performance.now() - t0).toFixed(3) };
  if (solution) Object.assign(stats, { outcome: "solved", moves: solution, cost: solution.length });
  else Object.assign(stats, { outcome: "no-solution", reason: "the tree is exhausted: nothing was cut off" });
  out.push(JSON.stringify(stats));
  return { text: out.join("\n") + "\n", events, stats };
}

// A* with a closed set, recording push / pop / expand / skip.
function astarTrace(start, { puzzle, cap = 1e6 }) {
  const out = [JSON.stringify({ format: "ida-star-trace", version: 1, puzzle, instance: start.tiles.join(" "), algorithm: "astar", heuristic: "manhattan", event_cap: cap })];
  const t0 = performance.now();
  const key = (b) => b.tiles.join(",");
  const open = []; // a small binary heap of [f, -g, seq, id]
  const less = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  const push = (x) => { open.push(x); let i = open.length - 1; while (i > 0) { const p = (i - 1) >> 1; if (less(open[i], open[p]) >= 0) break; [open[i], open[p]] = [open[p], open[i]]; i = p; } };
  const pop = () => { const top = open[0], last = open.pop(); if (open.length) { open[0] = last; let i = 0; for (;;) { const l = 2 * i + 1, r = l + 1; let m = i; if (l < open.length && less(open[l], open[m]) < 0) m = l; if (r < open.length && less(open[r], open[m]) < 0) m = r; if (m === i) break; [open[i], open[m]] = [open[m], open[i]]; i = m; } } return top; };
  const nodes = []; const best = new Map(); const closed = new Set();
  let generated = 1, expanded = 0, peak = 0, seq = 0;
  const add = (b, g, parent, move, depth) => {
    const id = nodes.length, h = manhattan(b);
    nodes.push({ b, g, parent, move });
    best.set(key(b), g);
    push([g + h, -g, seq++, id]);
    peak = Math.max(peak, open.length + closed.size);
    out.push(JSON.stringify({ ev: "push", id, parent, move, depth, g, h, state: text(b), draw: draw(b), open: open.length, closed: closed.size }));
  };
  add(start, 0, null, null, 0);
  let solution = null;
  while (open.length) {
    const [, , , id] = pop();
    const n = nodes[id];
    if (closed.has(key(n.b))) { out.push(JSON.stringify({ ev: "pop", id, open: open.length, closed: closed.size, stale: true })); continue; }
    out.push(JSON.stringify({ ev: "pop", id, open: open.length, closed: closed.size }));
    if (isGoal(n.b)) {
      out.push(JSON.stringify({ ev: "goal", id }));
      solution = [];
      for (let x = id; nodes[x].parent !== null; x = nodes[x].parent) solution.unshift(nodes[x].move);
      break;
    }
    closed.add(key(n.b));
    expanded++;
    out.push(JSON.stringify({ ev: "expand", id, open: open.length, closed: closed.size }));
    for (const m of moves(n.b)) {
      if (n.move !== null && m === INVERSE[n.move]) continue;
      generated++;
      const c = apply(n.b, m), g = n.g + 1;
      const old = best.get(key(c));
      if (closed.has(key(c)) || (old !== undefined && old <= g)) {
        out.push(JSON.stringify({ ev: "skip", parent: id, move: m, g, h: manhattan(c) }));
        continue;
      }
      let depth = 0;
      for (let x = id; x !== null; x = nodes[x].parent) depth++;
      add(c, g, id, m, depth);
    }
  }
  const stats = { ev: "stats", generated, expanded, iterations: [], peak, elapsed_ms: +(performance.now() - t0).toFixed(3), outcome: "solved", moves: solution, cost: solution.length };
  out.push(JSON.stringify(stats));
  return { text: out.join("\n") + "\n", stats };
}

// Every state of a small board reachable from the goal, its edges and estimates.
function stateGraph(rows, cols) {
  const goal = board(rows, cols, [...Array(rows * cols).keys()].map((i) => (i + 1) % (rows * cols)));
  const index = new Map([[goal.tiles.join(","), 0]]);
  const states = [goal], edges = [];
  for (let i = 0; i < states.length; i++) {
    for (const m of moves(states[i])) {
      const c = apply(states[i], m), k = c.tiles.join(",");
      if (!index.has(k)) { index.set(k, states.length); states.push(c); }
      const j = index.get(k);
      if (i < j) edges.push([i, j]);
    }
  }
  return { states, index, edges };
}

function scramble(b, n, seed) {
  let s = seed, prev = null;
  for (let i = 0; i < n; i++) {
    const ms = moves(b).filter((m) => prev === null || m !== INVERSE[prev]);
    s = (s * 1103515245 + 12345) % 2147483648;
    prev = ms[s % ms.length];
    b = apply(b, prev);
  }
  return b;
}

const [mode, target, count] = process.argv.slice(2);
if (mode === "examples") {
  // Search for a start whose run takes three iterations and stays small enough to read.
  // The smallest such run, so that docs/trace-format.md can show it whole.
  let chosen = null;
  for (let seed = 1; seed < 6000; seed++) {
    const b = scramble(board(3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 0]), 8 + (seed % 5), seed);
    const t = idaTrace(b, { puzzle: "sliding 3x3", cap: 1e6 });
    if (t.stats.iterations.length === 3 && (!chosen || t.events < chosen.events)) chosen = t;
  }
  writeFileSync(`${target}/eight-puzzle-3-iterations.jsonl`, chosen.text);
  const start = JSON.parse(chosen.text.split("\n")[0]).instance.split(" ").map(Number);
  writeFileSync(`${target}/eight-puzzle-astar.jsonl`, astarTrace(board(3, 3, start), { puzzle: "sliding 3x3" }).text);
  const g = stateGraph(2, 3);
  const graph = { states: g.states.map(text), h: g.states.map(manhattan), edges: g.edges, start: 0, goals: [0] };
  let small = null;
  for (let seed = 1; seed < 5000 && !small; seed++) {
    const b = scramble(g.states[0], 21, seed);
    graph.start = g.index.get(b.tiles.join(","));
    const t = idaTrace(b, { puzzle: "sliding 2x3", graph, sidOf: (x) => g.index.get(x.tiles.join(",")) });
    if (t.stats.iterations.length >= 4 && t.events < 3000) small = t;
  }
  writeFileSync(`${target}/sliding-2x3-state-space.jsonl`, small.text);
  // An unsolvable start: two tiles swapped; the parity argument proves it before any search.
  const unsolvable = { format: "ida-star-trace", version: 1, puzzle: "sliding 3x3", instance: "2 1 3 4 5 6 7 8 0", algorithm: "ida", heuristic: "manhattan", event_cap: 1e6 };
  const none = { ev: "stats", generated: 0, expanded: 0, iterations: [], peak: 0, elapsed_ms: 0, outcome: "no-solution", reason: "the tiles' permutation has the wrong parity for the blank's row: the goal is unreachable" };
  writeFileSync(`${target}/eight-puzzle-unsolvable.jsonl`, JSON.stringify(unsolvable) + "\n" + JSON.stringify(none) + "\n");
} else if (mode === "large") {
  const want = Number(count ?? 1e6);
  for (let seed = 1; ; seed++) {
    const b = scramble(board(4, 4, [...Array(16).keys()].map((i) => (i + 1) % 16)), 46, seed);
    const t = idaTrace(b, { puzzle: "sliding 4x4", cap: want, drawings: true });
    if (t.events >= want) {
      writeFileSync(target, t.text);
      console.log(`seed ${seed}: ${t.events} events written, ${t.stats.generated} generated in all, ${t.stats.iterations.length} iterations`);
      break;
    }
  }
} else {
  console.error("usage: node make-traces.mjs examples DIR | large FILE [EVENTS]");
  process.exit(2);
}
