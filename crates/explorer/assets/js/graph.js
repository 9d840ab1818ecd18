// The state space of a small puzzle (the header's `graph`), laid out once by a plain force
// simulation (springs on edges, repulsion between all pairs: a few hundred states need nothing
// cleverer) and drawn at each step with the states visited so far in the iteration coloured by f
// against the bound, a state visited more than once ringed with its count, the current state
// marked.

import { EV } from "explorer/trace.js";

/** Positions in [0, 1]² for the graph's states, the same every time for the same graph. */
export function layout(graph) {
  const n = graph.states.length;
  // Start from rings by distance from the start state, so the picture reads outward from it.
  const dist = new Array(n).fill(-1);
  const adj = Array.from({ length: n }, () => []);
  for (const [a, b] of graph.edges) {
    adj[a].push(b);
    adj[b].push(a);
  }
  const start = graph.start ?? 0;
  dist[start] = 0;
  const queue = [start];
  for (let i = 0; i < queue.length; i++) for (const b of adj[queue[i]]) if (dist[b] < 0) { dist[b] = dist[queue[i]] + 1; queue.push(b); }
  const ring = new Map();
  const x = new Float64Array(n), y = new Float64Array(n);
  for (let s = 0; s < n; s++) {
    const d = dist[s] < 0 ? 0 : dist[s];
    const k = ring.get(d) ?? 0;
    ring.set(d, k + 1);
    const angle = k * 2.399963 + d; // the golden angle spreads a ring's states evenly
    x[s] = d * Math.cos(angle);
    y[s] = d * Math.sin(angle);
  }
  const vx = new Float64Array(n), vy = new Float64Array(n);
  const steps = n > 1500 ? 60 : 250;
  for (let step = 0; step < steps; step++) {
    const cool = 1 - step / steps;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = x[i] - x[j], dy = y[i] - y[j];
        const d2 = dx * dx + dy * dy + 0.01;
        const f = 0.6 / d2;
        vx[i] += dx * f; vy[i] += dy * f;
        vx[j] -= dx * f; vy[j] -= dy * f;
      }
    }
    for (const [a, b] of graph.edges) {
      const dx = x[b] - x[a], dy = y[b] - y[a];
      const d = Math.sqrt(dx * dx + dy * dy) + 1e-9;
      const f = 0.08 * (d - 1);
      vx[a] += (dx / d) * f; vy[a] += (dy / d) * f;
      vx[b] -= (dx / d) * f; vy[b] -= (dy / d) * f;
    }
    for (let i = 0; i < n; i++) {
      const m = Math.hypot(vx[i], vy[i]);
      const cap = 0.5 * cool + 0.02;
      const s = m > cap ? cap / m : 1;
      x[i] += vx[i] * s; y[i] += vy[i] * s;
      vx[i] = 0; vy[i] = 0;
    }
  }
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let i = 0; i < n; i++) { x0 = Math.min(x0, x[i]); x1 = Math.max(x1, x[i]); y0 = Math.min(y0, y[i]); y1 = Math.max(y1, y[i]); }
  const span = Math.max(x1 - x0, y1 - y0) || 1;
  for (let i = 0; i < n; i++) { x[i] = (x[i] - x0) / span; y[i] = (y[i] - y0) / span; }
  return { x, y };
}

/**
 * SVG markup of the graph at `cursor` in iteration `k`: returns `{svg, visited, revisited}`,
 * the number of distinct states the iteration has reached so far and of those reached twice or more.
 */
export function renderGraph(trace, pos, k, cursor, size = 760) {
  const g = trace.header.graph;
  const it = trace.iterations[k];
  const visits = new Map(), lastF = new Map();
  let current = -1;
  const path = new Set();
  if (it) {
    const from = trace.bestFirst ? 0 : it.startEv;
    for (let i = from; i <= cursor && i < trace.events; i++) {
      const id = trace.evNode[i];
      if (id < 0 || trace.evKind[i] === EV.cut || trace.evKind[i] === EV.pop) continue;
      const sid = trace.nSid[id];
      if (sid < 0) continue;
      visits.set(sid, (visits.get(sid) ?? 0) + 1);
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
  for (const [a, b] of g.edges) {
    const on = path.has(a) && path.has(b) ? " on-path" : "";
    edges += `<line class="gedge${on}" x1="${px(a).toFixed(1)}" y1="${py(a).toFixed(1)}" x2="${px(b).toFixed(1)}" y2="${py(b).toFixed(1)}"/>`;
  }
  let nodes = "", revisited = 0;
  const goals = new Set(g.goals ?? []);
  const bound = it?.bound ?? null;
  for (let s = 0; s < g.states.length; s++) {
    const v = visits.get(s) ?? 0;
    if (v > 1) revisited++;
    let cls = "unseen";
    if (v) {
      const f = lastF.get(s);
      cls = bound === null ? "closed" : f < bound ? "below" : "at";
    }
    if (goals.has(s)) cls += " goal-state";
    if (s === (g.start ?? -1)) cls += " start-state";
    if (path.has(s)) cls += " path";
    if (s === current) cls += " current";
    const r = v > 1 ? 7 : 5;
    nodes += `<circle class="gnode ${cls}" cx="${px(s).toFixed(1)}" cy="${py(s).toFixed(1)}" r="${r}"${v > 1 ? ` stroke-width="${Math.min(1 + v, 6)}"` : ""}><title>${g.states[s].replace(/</g, "&lt;")}${g.h ? `\nh = ${g.h[s]}` : ""}\nvisited ${v}×</title></circle>`;
  }
  return {
    svg: `<svg id="graph-svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${edges}${nodes}</svg>`,
    visited: visits.size,
    revisited,
  };
}
