// The search tree of one iteration as it stands at the cursor, cut down to what can be drawn:
// the current path and its nodes' children always, then whole subtrees in move order while they
// fit in a budget of nodes; a subtree that does not fit is drawn as its root with the count of
// the nodes under it. Laid out with d3-hierarchy's tidy tree, drawn as SVG markup.

import { hierarchy, tree as tidyTree } from "d3-hierarchy";
import { EV } from "explorer/trace.js";
import { esc } from "explorer/draw.js";

/** The node the event at `cursor` is about, or -1 (an iteration's start or end, the stats). */
export function currentNode(trace, cursor) {
  return cursor >= 0 && cursor < trace.events ? trace.evNode[cursor] : -1;
}

/** The nodes from the root to `id`: IDA*'s whole memory when `id` is being expanded. */
export function pathTo(trace, id) {
  const path = [];
  for (let n = id; n >= 0; n = trace.nParent[n]) path.push(n);
  return path.reverse();
}

// How many nodes of `id`'s subtree have appeared by `cursor`, at most `cap`.
function subtreeSize(trace, id, cursor, cap) {
  if (!trace.bestFirst) return Math.min(trace.nEnd[id], cursor + 1) - trace.nFirstEv[id];
  let count = 0;
  const todo = [id];
  while (todo.length && count <= cap) {
    const n = todo.pop();
    count++;
    for (let c = trace.nFirstChild[n]; c >= 0 && trace.nFirstEv[c] <= cursor; c = trace.nNextSib[c]) todo.push(c);
  }
  return count;
}

/**
 * The drawable tree of iteration `k` at `cursor`: `{root, drawn, current, path}`, `root` being
 * nested `{id, children, hidden}` objects (`hidden`: nodes under a collapsed one), or null when
 * the iteration has no tree yet (or was not recorded).
 */
export function visibleTree(trace, k, cursor, budget) {
  const it = trace.iterations[k];
  if (!it || it.root < 0 || trace.nFirstEv[it.root] > cursor) return null;
  const current = currentNode(trace, cursor);
  const inIteration = current >= 0 && trace.evIter[cursor] === k;
  const path = inIteration ? pathTo(trace, current) : [];
  const onPath = new Set(path);
  let drawn = 0;
  let left = budget;
  const children = (n) => {
    const out = [];
    for (let c = trace.nFirstChild[n]; c >= 0 && trace.nFirstEv[c] <= cursor; c = trace.nNextSib[c]) out.push(c);
    return out;
  };
  const whole = (n) => {
    drawn++;
    return { id: n, children: children(n).map(whole), hidden: 0 };
  };
  const visit = (n) => {
    drawn++;
    const kids = children(n);
    left -= kids.length;
    const node = { id: n, children: [], hidden: 0 };
    for (const c of kids) {
      if (onPath.has(c)) {
        node.children.push(visit(c));
        continue;
      }
      const size = subtreeSize(trace, c, cursor, Math.max(left, 0) + 1);
      if (size - 1 <= left) {
        left -= size - 1;
        node.children.push(whole(c));
      } else {
        drawn++;
        node.children.push({ id: c, children: [], hidden: trace.bestFirst && size > left ? `${size - 1}+` : size - 1 });
      }
    }
    return node;
  };
  const root = visit(it.root);
  return { root, drawn, current, path };
}

const DX = 56, DY = 84, R = 19;

/** A node's classes: its colour by f against the bound, and its part in the search. */
function classes(trace, id, bound, cursor, current, onPath, selected) {
  const kind = trace.nKind[id];
  const f = trace.nF[id];
  const c = [];
  if (kind === EV.cut) c.push("cut");
  else if (kind === EV.goal && trace.goalEv <= cursor) c.push("goal");
  else if (trace.bestFirst && !(trace.nExpEv[id] >= 0 && trace.nExpEv[id] <= cursor)) c.push("open");
  else if (bound === null) c.push("closed");
  else c.push(f < bound ? "below" : "at");
  if (onPath.has(id)) c.push("path");
  if (id === current) c.push("current");
  if (id === selected) c.push("selected");
  return c.join(" ");
}

const fmt = (v) => (v === Infinity ? "∞" : Number.isInteger(v) ? String(v) : v.toFixed(1));

/** SVG markup for a tree from {@link visibleTree}; `focus` is the current node's position. */
export function renderTree(trace, vt, bound, cursor, selected) {
  const h = hierarchy(vt.root, (d) => d.children);
  tidyTree().nodeSize([DX, DY]).separation((a, b) => (a.parent === b.parent ? 1 : 1.25))(h);
  let x0 = Infinity, x1 = -Infinity, y1 = 0;
  h.each((d) => {
    x0 = Math.min(x0, d.x);
    x1 = Math.max(x1, d.x);
    y1 = Math.max(y1, d.y);
  });
  const pad = 40;
  const w = x1 - x0 + 2 * pad, ht = y1 + 2 * pad + 30;
  const ox = pad - x0, oy = pad;
  const onPath = new Set(vt.path);
  let edges = "", nodes = "", focus = null;
  for (const d of h.descendants()) {
    const x = d.x + ox, y = d.y + oy, id = d.data.id;
    if (d.parent) {
      const px = d.parent.x + ox, py = d.parent.y + oy;
      const on = onPath.has(id) ? " on-path" : "";
      edges += `<path class="edge${on}" d="M${px},${py + R}C${px},${(py + y) / 2} ${x},${(py + y) / 2} ${x},${y - R}"/>`;
      const mv = trace.event(trace.nFirstEv[id]).move;
      if (mv !== null && mv !== undefined) edges += `<text class="move" x="${(px + x) / 2 + (x >= px ? 8 : -8)}" y="${(py + y) / 2}" text-anchor="${x >= px ? "start" : "end"}">${esc(mv)}</text>`;
    }
    const cls = classes(trace, id, bound, cursor, vt.current, onPath, selected);
    const f = fmt(trace.nF[id]);
    const shape = trace.nKind[id] === EV.cut
      ? `<rect x="${x - R}" y="${y - R}" width="${2 * R}" height="${2 * R}" rx="4"/>`
      : `<circle cx="${x}" cy="${y}" r="${R}"/>`;
    nodes += `<g class="node ${cls}" data-id="${id}">${shape}<text class="f" x="${x}" y="${y}">${f}</text>`;
    if (d.data.hidden) nodes += `<text class="hidden-count" x="${x}" y="${y + R + 16}">+${d.data.hidden}</text>`;
    nodes += `<title>node ${id}: g ${fmt(trace.nG[id])}, h ${fmt(trace.nH[id])}, f ${f}${d.data.hidden ? `; ${d.data.hidden} nodes below, collapsed` : ""}</title></g>`;
    if (id === vt.current) focus = { x, y };
  }
  const svg = `<svg id="tree-svg" width="${w}" height="${ht}" viewBox="0 0 ${w} ${ht}">${edges}${nodes}</svg>`;
  return { svg, focus, count: h.descendants().length };
}
