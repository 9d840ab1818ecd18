// The page's smaller panels: the code beside the run, the table and bar chart of nodes per
// iteration, and the table comparing runs.

import { EV, EV_NAME } from "explorer/trace.js";
import { esc } from "explorer/draw.js";
import { el } from "explorer/dom.js";
import { pseudocodeOf } from "explorer/pseudocode.js";

const MARK_OF = { [EV.iteration_start]: "iteration", [EV.cut]: "cutoff" };

/**
 * The listing shown: the trace's own code (the driver's Rust, from the server) for `view` "rust",
 * else the page's pseudocode of the algorithm (js/pseudocode.js); either, when the other is
 * missing. `bts`'s trace carries IDA*'s listing (the driver it wraps): its pseudocode says how the
 * bound grows.
 */
export function codeOf(header, view = "rust") {
  const pseudo = pseudocodeOf(header.algorithm);
  if (view === "pseudo" || header.algorithm === "bts") return pseudo ?? header.code ?? null;
  return header.code ?? pseudo;
}

/** The 1-based line of `code` the run is at for an event of kind `kind`, or -1. */
export function markedLine(code, kind) {
  return code?.marks?.[MARK_OF[kind] ?? EV_NAME[kind]] ?? -1;
}

/**
 * The code panel: the listing drawn once (as elements, its text never markup), then only the
 * current line's mark moved, and the line scrolled into the panel's sight.
 */
export class CodeView {
  constructor(box) {
    this.box = box;
    this.code = undefined;
    this.items = [];
    this.at = -1;
  }

  update(code, kind) {
    if (code !== this.code) {
      this.code = code;
      this.at = -1;
      if (!code) {
        this.items = [];
        this.box.replaceChildren(el("p", { class: "muted", text: "No code for this algorithm in the trace." }));
      } else {
        this.items = code.lines.map((l) => el("li", {}, el("code", { text: l || " " })));
        this.box.replaceChildren(el("ol", { class: "code" }, this.items));
      }
    }
    const at = markedLine(code, kind);
    if (at === this.at) return;
    this.items[this.at - 1]?.classList.remove("at");
    this.at = at;
    const li = this.items[at - 1];
    if (!li) return;
    li.classList.add("at");
    // In the next frame, once laid out: the line inside the panel's sight, a third from its top.
    requestAnimationFrame(() => {
      const box = this.box, top = li.offsetTop, h = li.offsetHeight;
      if (top < box.scrollTop || top + h > box.scrollTop + box.clientHeight) box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    });
  }
}

const NUMBER = new Intl.NumberFormat("en");
// A figure as the page writes it; anything but a number (the reader lets none through where a
// number belongs) is a dash, so that `num` is safe inside markup.
const num = (v) => (v === Infinity ? "∞" : typeof v === "number" && !Number.isNaN(v) ? NUMBER.format(v) : "—");

// Whether an iteration's events, counted, give its driver's figures.
function agreement(it) {
  if (it.truncated) return "past the cap";
  if (it.endEv < 0 || !it.counted) return "unfinished";
  const ok = ["generated", "expanded", "pruned", "next_bound"].every((k) => it.counted[k] === it.driver[k]);
  return ok ? "✓" : `<span class="warning">✗ ${num(it.counted.generated)} generated, ${num(it.counted.expanded)} expanded</span>`;
}

/** The table of iterations: the driver's own figures, the current one marked. */
export function renderIterations(trace, current) {
  if (trace.bestFirst) return `<p class="muted">${esc(trace.header.algorithm)} has no iterations: one search, one tree.</p>`;
  let rows = "";
  trace.iterations.forEach((it, k) => {
    const d = trace.iterationFigures(k);
    // The iteration that found the goal has no next: the driver's figure is the least f it had cut
    // when it stopped, which no iteration uses.
    const found = trace.goalEv >= 0 && trace.evIter[trace.goalEv] === k;
    const next = found ? "— (goal found)" : num(d?.next_bound);
    rows += `<tr data-iter="${k}" class="${k === current ? "at" : ""}"><td>${k + 1}</td><td>${num(it.bound)}</td><td>${num(d?.generated)}</td><td>${num(d?.expanded)}</td><td>${num(d?.pruned)}</td><td>${next}</td><td>${agreement(it)}</td></tr>`;
  });
  return `<div class="table-box"><table class="iters"><thead><tr><th>#</th><th>bound</th><th>generated</th><th>expanded</th><th>pruned</th><th>next bound</th><th>events agree</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** A bar chart of nodes generated per iteration, linear, the current iteration marked. */
export function renderBars(trace, current) {
  if (trace.bestFirst || !trace.iterations.length) return "";
  const vals = trace.iterations.map((_, k) => trace.iterationFigures(k)?.generated ?? 0);
  const max = Math.max(...vals, 1);
  const W = 460, H = 190, bw = Math.min(60, (W - 40) / vals.length);
  let s = `<svg class="bars" width="${W}" height="${H + 40}" viewBox="0 0 ${W} ${H + 40}" role="img" aria-label="nodes generated per iteration">`;
  vals.forEach((v, k) => {
    const h = (v / max) * (H - 20);
    const x = 30 + k * bw;
    s += `<rect data-iter="${k}" class="bar${k === current ? " at" : ""}" x="${x + 2}" y="${H - h}" width="${bw - 4}" height="${h}"><title>iteration ${k + 1}: ${num(v)} generated</title></rect>`;
    if (bw > 28) {
      s += `<text class="bar-label" x="${x + bw / 2}" y="${H + 18}">${k + 1}</text>`;
      if (bw > 44 || k === current) s += `<text class="bar-value" x="${x + bw / 2}" y="${H - h - 5}">${num(v)}</text>`;
    }
  });
  s += `<line class="axis" x1="28" y1="${H}" x2="${W}" y2="${H}"/></svg>`;
  return s;
}

/** One run's line in the comparison: what the driver reports at the end. */
export function summary(name, trace) {
  const s = trace.stats;
  const answer = !s ? "unfinished" : s.outcome === "solved" ? `cost ${num(s.cost)}: ${s.moves.join(" ") || "(already solved)"}` : `${s.outcome === "stopped" ? "stopped" : "no solution"}: ${s.reason ?? ""}`;
  return {
    name, algorithm: trace.header.algorithm, heuristic: trace.header.heuristic ?? "",
    generated: s?.generated ?? null, expanded: s?.expanded ?? null, iterations: s?.iterations?.length ?? trace.iterations.length,
    elapsed_ms: s?.elapsed_ms ?? null, peak: s?.peak ?? null, answer, instance: trace.header.instance,
  };
}

/** The comparison: a table of the runs' summaries, built as elements (names and answers are text). */
export function renderCompare(runs, active) {
  if (!runs.length) return el("p", { class: "muted", text: "Load traces to compare them here." });
  const out = document.createDocumentFragment();
  const instances = new Set(runs.map((r) => r.instance));
  if (instances.size > 1) out.append(el("p", { class: "warning", text: `These runs are on ${instances.size} different instances.` }));
  const head = ["run", "algorithm", "heuristic", "generated", "expanded", "iterations", "time (ms)", "peak nodes held", "answer"];
  const rows = runs.map((r, i) => el("tr", { class: i === active ? "at" : "" },
    el("td", {}, el("button", { class: "show-run", "data-run": i, text: r.name })),
    el("td", { text: r.algorithm }), el("td", { text: r.heuristic }),
    el("td", { text: num(r.generated) }), el("td", { text: num(r.expanded) }), el("td", { text: num(r.iterations) }),
    el("td", { text: typeof r.elapsed_ms === "number" ? r.elapsed_ms.toFixed(2) : "—" }),
    el("td", { text: num(r.peak) }), el("td", { class: "answer", text: r.answer })));
  out.append(el("div", { class: "table-box" }, el("table", { class: "compare" }, el("thead", {}, el("tr", {}, head.map((h) => el("th", { text: h })))), el("tbody", {}, rows))));
  return out;
}

export { num };
