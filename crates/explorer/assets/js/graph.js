// The state space of a small puzzle (the header's `graph`), laid out once in rings around the
// start state, a state's ring its distance in moves from the start, and drawn at each step with
// the states visited so far in the iteration coloured by f against the bound, a state visited
// more than once ringed thicker, the current state marked. In a puzzle whose moves all change the
// distance from the start (the sliding puzzle's do), every edge joins neighbouring rings, so the
// search is seen spreading outward and coming back.

import { EV } from "explorer/trace.js";
import { esc, slide, blankMoves } from "explorer/draw.js";
import { expansions } from "explorer/repeats.js";

/** Positions in [0, 1]² for the graph's states, the same every time for the same graph. */
export function layout(graph) {
  const n = graph.states.length;
  const adj = Array.from({ length: n }, () => []);
  for (const [a, b] of graph.edges) {
    adj[a].push(b);
    adj[b].push(a);
  }
  const start = graph.start ?? 0;
  const dist = new Array(n).fill(-1);
  dist[start] = 0;
  const order = [start];
  for (let i = 0; i < order.length; i++) {
    for (const b of adj[order[i]]) {
      if (dist[b] < 0) {
        dist[b] = dist[order[i]] + 1;
        order.push(b);
      }
    }
  }
  // States not reachable from the start go on one outer ring.
  const far = Math.max(...dist) + 1;
  for (let s = 0; s < n; s++) if (dist[s] < 0) dist[s] = far;
  const rings = [];
  for (let s = 0; s < n; s++) (rings[dist[s]] ??= []).push(s);
  const angle = new Float64Array(n);
  const x = new Float64Array(n), y = new Float64Array(n);
  rings.forEach((ring, d) => {
    if (!ring) return;
    // Each state near the mean angle of its neighbours on the ring inside, to keep edges short.
    const key = (s) => {
      const inner = adj[s].filter((b) => dist[b] === d - 1);
      if (!inner.length) return 0;
      let sx = 0, sy = 0;
      for (const b of inner) {
        sx += Math.cos(angle[b]);
        sy += Math.sin(angle[b]);
      }
      return Math.atan2(sy, sx);
    };
    const keyed = ring.map((s) => [key(s), s]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const offset = keyed.length ? keyed[0][0] : 0;
    keyed.forEach(([, s], i) => {
      angle[s] = offset + (2 * Math.PI * i) / keyed.length;
      x[s] = 0.5 + (0.48 * d * Math.cos(angle[s])) / Math.max(rings.length - 1, 1);
      y[s] = 0.5 + (0.48 * d * Math.sin(angle[s])) / Math.max(rings.length - 1, 1);
    });
  });
  return { x, y, rings: rings.length, dist };
}

// The state a cut node would have reached: its parent's board after its move (a sliding board's),
// found among the graph's states by its text; -1 if it cannot be told.
function cutState(trace, id) {
  if (!blankMoves(trace)) return -1;
  const p = trace.nParent[id];
  const d = p >= 0 ? trace.stateOf(p)?.draw : null;
  const made = slide(d, trace.event(trace.nFirstEv[id]).move);
  if (!made) return -1;
  trace.graphIndex ??= new Map(trace.header.graph.states.map((text, sid) => [text.trim(), sid]));
  const rows = [];
  for (let r = 0; r < made.rows; r++) rows.push(made.tiles.slice(r * made.cols, (r + 1) * made.cols).join(" "));
  return trace.graphIndex.get(rows.join("\n")) ?? -1;
}

/**
 * SVG markup of the graph at `cursor` in iteration `k`: returns `{svg, visited, revisited, cut,
 * expandedTwice, mostExpanded}`: the distinct states the iteration has reached so far, those
 * reached twice or more in it, the states cut off, those expanded twice or more over all the
 * iterations so far and the most expansions of one state.
 *
 * Each state is coloured by f against the bound, as movingai's demos do: reached with f below
 * the bound or at it; cut off (priced beyond it); not reached but within reach (its distance
 * from the start plus h within the bound) or beyond it.
 */
export function renderGraph(trace, pos, k, cursor, size = 760) {
  const g = trace.header.graph;
  const it = trace.iterations[k];
  // A state's visits are the distinct nodes that reached it: a best-first node pushed and then
  // expanded is one visit; IDA* reaching a state again down another path, or A* reopening it,
  // is another.
  const visits = new Map(), lastF = new Map(), counted = new Set(), cutF = new Map();
  // Best-first: the states expanded so far (closed); the others reached are on the open list.
  const closed = new Set();
  let current = -1;
  const path = new Set();
  if (it) {
    const from = trace.bestFirst ? 0 : it.startEv;
    for (let i = from; i <= cursor && i < trace.events; i++) {
      const id = trace.evNode[i];
      if (id >= 0 && trace.evKind[i] === EV.cut) {
        const s = cutState(trace, id);
        if (s >= 0) cutF.set(s, Math.min(cutF.get(s) ?? Infinity, trace.nF[id]));
        continue;
      }
      if (id < 0 || trace.evKind[i] === EV.pop) continue;
      const sid = trace.nSid[id];
      if (sid < 0) continue;
      if (trace.evKind[i] === EV.expand) closed.add(sid);
      if (!counted.has(id)) {
        counted.add(id);
        visits.set(sid, (visits.get(sid) ?? 0) + 1);
      }
      lastF.set(sid, trace.nF[id]);
      if (i === cursor) current = sid;
    }
    const id = cursor < trace.events ? trace.evNode[cursor] : -1;
    for (let n = id; n >= 0; n = trace.nParent[n]) if (trace.nSid[n] >= 0) path.add(trace.nSid[n]);
    if (current < 0 && id >= 0 && trace.nKind[id] === EV.cut) current = trace.nSid[trace.nParent[id]] ?? -1;
  }
  const m = 16, S = size - 2 * m;
  const px = (s) => m + pos.x[s] * S, py = (s) => m + pos.y[s] * S;
  let edges = "";
  // Faint circles at each distance from the start, every fifth a little darker.
  for (let d = 1; d < pos.rings; d++) {
    edges += `<circle class="ring${d % 5 ? "" : " fifth"}" cx="${m + S / 2}" cy="${m + S / 2}" r="${((0.48 * d) / Math.max(pos.rings - 1, 1)) * S}"/>`;
  }
  for (const [a, b] of g.edges) {
    const on = path.has(a) && path.has(b) ? " on-path" : "";
    edges += `<line class="gedge${on}" x1="${px(a).toFixed(1)}" y1="${py(a).toFixed(1)}" x2="${px(b).toFixed(1)}" y2="${py(b).toFixed(1)}"/>`;
  }
  let nodes = "", revisited = 0, cut = 0, expandedTwice = 0, mostExpanded = 0;
  const goals = new Set(g.goals ?? []);
  const bound = it?.bound ?? null;
  const expanded = it ? expansions(trace, cursor) : new Map();
  for (let s = 0; s < g.states.length; s++) {
    const v = visits.get(s) ?? 0;
    const x = expanded.get(s) ?? 0;
    if (v > 1) revisited++;
    if (x > 1) expandedTwice++;
    mostExpanded = Math.max(mostExpanded, x);
    let cls = "unseen";
    if (v) {
      const f = lastF.get(s);
      cls = bound === null ? (closed.has(s) ? "closed" : "open") : f < bound ? "below" : "at";
    } else if (cutF.has(s)) {
      cls = "cutoff";
      cut++;
    } else if (bound !== null && g.h && pos.dist[s] + g.h[s] <= bound) {
      cls = "within";
    }
    if (goals.has(s)) cls += " goal-state";
    if (s === (g.start ?? -1)) cls += " start-state";
    if (path.has(s)) cls += " path";
    if (s === current) cls += " current";
    const r = v > 1 ? 7 : 5;
    nodes += `<circle class="gnode ${cls}" cx="${px(s).toFixed(1)}" cy="${py(s).toFixed(1)}" r="${r}"${v > 1 ? ` stroke-width="${Math.min(1 + v, 6)}"` : ""}><title>${esc(g.states[s])}${g.h ? `\nh = ${esc(g.h[s])}` : ""}\nreached ${v}× in this ${trace.bestFirst ? "search" : "iteration"}; expanded ${x}× so far${cutF.has(s) ? `\ncut off: f ${esc(cutF.get(s))}` : ""}</title></circle>`;
  }
  return {
    svg: `<svg id="graph-svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${edges}${nodes}</svg>`,
    visited: visits.size,
    revisited, cut, expandedTwice, mostExpanded,
  };
}
