// The search tree of one iteration as it stands at the cursor, cut down to what can be drawn:
// the current path and its nodes' children always, then whole subtrees in move order while they
// fit in a budget of nodes; a subtree that does not fit is drawn as its root with the count of
// the nodes under it. Laid out with d3-hierarchy's tidy tree, drawn as SVG markup.

import { hierarchy, tree as tidyTree } from "d3-hierarchy";
import { EV } from "explorer/trace.js";
import { esc } from "explorer/draw.js";
import { repeats } from "explorer/repeats.js";

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
function classes(trace, id, bound, cursor, current, onPath, selected, least) {
  const kind = trace.nKind[id];
  const f = trace.nF[id];
  const c = [];
  if (kind === EV.cut) c.push(f === least ? "cut least" : "cut");
  else if (kind === EV.goal && trace.goalEv <= cursor) c.push("goal");
  else if (trace.bestFirst && !(trace.nExpEv[id] >= 0 && trace.nExpEv[id] <= cursor)) c.push("open");
  else if (bound === null) c.push("closed");
  else c.push(f < bound ? "below" : "at");
  if (onPath.has(id)) c.push("path");
  if (id === current) c.push("current");
  if (id === selected) c.push("selected");
  if (repeats(trace).again[id]) c.push("again");
  return c.join(" ");
}

// What a node is, in words: for its title and a screen reader.
function nodeLabel(trace, id, mv) {
  const kind = trace.nKind[id];
  const role = kind === EV.cut ? "cut off" : kind === EV.goal ? "goal" : trace.bestFirst ? "reached" : "expanded";
  const how = trace.nParent[id] < 0 ? "the start" : `move ${mv ?? "?"} from node ${trace.nParent[id]}`;
  return `node ${id}, ${how}: g ${fmt(trace.nG[id])}, h ${fmt(trace.nH[id])}, f ${fmt(trace.nF[id])}, ${role}`;
}

const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
const fmt = (v) => (v === Infinity ? "∞" : Number.isInteger(v) ? String(v) : v.toFixed(1));
const SVG = "http://www.w3.org/2000/svg";

/**
 * The tree's SVG, kept from one step to the next: each node is a group keyed by its id, created
 * once and then only moved and recoloured, the edges two paths. Replacing the whole drawing at
 * every step made the browser lay out every node's text again, the larger part of a step's time.
 */
export class TreeView {
  constructor(box, id = "tree-svg") {
    this.box = box;
    this.svg = document.createElementNS(SVG, "svg");
    if (id) this.svg.id = id;
    this.edges = document.createElementNS(SVG, "path");
    this.edges.setAttribute("class", "edge");
    this.pathEdges = document.createElementNS(SVG, "path");
    this.pathEdges.setAttribute("class", "edge on-path");
    this.layer = document.createElementNS(SVG, "g");
    this.svg.append(this.edges, this.pathEdges, this.layer);
    this.nodes = new Map(); // id -> {g, cls, hidden, hiddenText}
    this.trace = null;
    // The box's size, kept by an observer: reading it at each step would force a layout.
    this.boxSize = { w: box.clientWidth, h: box.clientHeight };
    new ResizeObserver(() => { this.boxSize = { w: box.clientWidth, h: box.clientHeight }; this.onResize?.(); }).observe(box);
    /** The scale the last update drew at. */
    this.scale = 1;
  }

  clear() {
    this.nodes.clear();
    this.layer.replaceChildren();
    this.edges.setAttribute("d", "");
    this.pathEdges.setAttribute("d", "");
  }

  // A node's group, made once: its shape, its f, the move that reached it; a title and a label
  // a screen reader reads, and a place in the keyboard's order (Enter selects it).
  make(trace, id) {
    const g = document.createElementNS(SVG, "g");
    g.dataset.id = id;
    const f = fmt(trace.nF[id]);
    const shape = trace.nKind[id] === EV.cut
      ? `<rect x="${-R}" y="${-R}" width="${2 * R}" height="${2 * R}" rx="4"/>`
      : `<circle r="${R}"/>`;
    const mv = trace.nParent[id] >= 0 ? trace.event(trace.nFirstEv[id]).move : null;
    const label = nodeLabel(trace, id, mv);
    g.innerHTML = `<title>${esc(label)}</title>${shape}<text class="f" y="6">${f}</text>${mv === null || mv === undefined ? "" : `<text class="move" x="-10" y="${-R - 8}" text-anchor="end">${esc(mv)}</text>`}${trace.nKind[id] === EV.cut ? `<text class="least-label" y="${R + 18}">least f</text>` : ""}${repeats(trace).again[id] ? `<text class="again-label" x="${R + 3}" y="${-R + 4}">↺</text>` : ""}<text class="hidden-count" y="${R + 18}"></text>`;
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", label);
    return { g, cls: "", hidden: 0, count: g.lastChild };
  }

  /**
   * Draws `vt` (from {@link visibleTree}) at `zoom` (`{fit, factor}`: scaled to fit the box when
   * `fit`, times `factor`); returns `{focus, count}`, `focus` the current node's place as drawn.
   */
  update(trace, vt, bound, cursor, selected, zoom = { fit: false, factor: 1 }, least = Infinity) {
    if (trace !== this.trace) {
      this.trace = trace;
      this.clear();
    }
    if (!this.svg.isConnected) this.box.replaceChildren(this.svg);
    const h = hierarchy(vt.root, (d) => d.children);
    tidyTree().nodeSize([DX, DY]).separation((a, b) => (a.parent === b.parent ? 1 : 1.25))(h);
    let x0 = Infinity, x1 = -Infinity, y1 = 0;
    h.each((d) => {
      x0 = Math.min(x0, d.x);
      x1 = Math.max(x1, d.x);
      y1 = Math.max(y1, d.y);
    });
    const pad = 40;
    // Fitted to the box: first the spacing between nodes stretched or squeezed (the nodes and
    // their type keep their size, so they stay readable: rows 50 to 140 px apart, columns at
    // least 60% of their own spacing, at most 2.5 times); then, if the tree is still larger than
    // the box, the whole drawing scaled down, to a quarter at the least (then the box scrolls).
    // A box made before it was laid out measured nothing: measured now, once.
    if (!this.boxSize.w && this.box.isConnected) this.boxSize = { w: this.box.clientWidth, h: this.box.clientHeight };
    const { w: bw, h: bh } = this.boxSize;
    const fitting = zoom.fit && bw > 0 && bh > 0;
    const sx = fitting ? clamp((bw - 2 * pad - 8) / Math.max(x1 - x0, 1), 0.6, 2.5) : 1;
    const sy = fitting ? clamp((bh - 2 * pad - 38) / Math.max(y1, 1), 50 / DY, 140 / DY) : 1;
    h.each((d) => {
      d.x *= sx;
      d.y *= sy;
    });
    x0 *= sx;
    x1 *= sx;
    y1 *= sy;
    const w = x1 - x0 + 2 * pad, ht = y1 + 2 * pad + 30;
    const ox = pad - x0, oy = pad;
    const fit = fitting ? clamp(Math.min((bw - 4) / w, (bh - 4) / ht), 0.25, 1) : 1;
    const scale = fit * zoom.factor;
    this.scale = scale;
    this.svg.classList.toggle("fitted", fitting);
    this.svg.setAttribute("width", w * scale);
    this.svg.setAttribute("height", ht * scale);
    this.svg.setAttribute("viewBox", `0 0 ${w} ${ht}`);
    const onPath = new Set(vt.path);
    let edges = "", pathEdges = "", focus = null, count = 0;
    const seen = new Set();
    for (const d of h.descendants()) {
      count++;
      const x = d.x + ox, y = d.y + oy, id = d.data.id;
      seen.add(id);
      if (d.parent) {
        const px = d.parent.x + ox, py = d.parent.y + oy;
        const e = `M${px},${py + R}C${px},${(py + y) / 2} ${x},${(py + y) / 2} ${x},${y - R}`;
        if (onPath.has(id)) pathEdges += e;
        else edges += e;
      }
      let n = this.nodes.get(id);
      if (!n) {
        n = this.make(trace, id);
        this.nodes.set(id, n);
        this.layer.append(n.g);
      }
      n.g.setAttribute("transform", `translate(${x},${y})`);
      const cls = `node ${classes(trace, id, bound, cursor, vt.current, onPath, selected, least)}`;
      if (cls !== n.cls) {
        n.g.setAttribute("class", cls);
        n.cls = cls;
      }
      if (d.data.hidden !== n.hidden) {
        n.count.textContent = d.data.hidden ? `+${d.data.hidden}` : "";
        n.hidden = d.data.hidden;
      }
      if (id === vt.current) focus = { x: x * scale, y: y * scale };
    }
    for (const [id, n] of this.nodes) {
      if (!seen.has(id)) {
        n.g.remove();
        this.nodes.delete(id);
      }
    }
    this.edges.setAttribute("d", edges);
    this.pathEdges.setAttribute("d", pathEdges);
    return { focus, count };
  }
}
