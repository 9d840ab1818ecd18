// Reading a trace (docs/trace-format.md) into columns: one typed array per figure, indexed by
// event or by node id, so that a million-event run costs a few bytes an event and every question
// the page asks while stepping (counters so far, a subtree's size, a node's parent) is answered
// without walking the events. The lines themselves are kept, and a node's state is parsed again
// only when it is drawn.

export const EV = {
  iteration_start: 1, expand: 2, cut: 3, goal: 4, iteration_end: 5,
  push: 6, pop: 7, skip: 8, truncated: 9, stats: 10,
};
export const EV_NAME = Object.fromEntries(Object.entries(EV).map(([k, v]) => [v, k]));
const DEPTH_FIRST = new Set(["ida", "iddfs", "bts"]);
// Which kinds may appear where, indexed by kind.
const flags = (...kinds) => { const a = new Uint8Array(16); for (const k of kinds) a[EV[k]] = 1; return a; };
const SUMMARY = flags("iteration_start", "iteration_end", "stats");
const DEPTH_ONLY = flags("iteration_start", "iteration_end", "cut");
const BEST_ONLY = flags("push", "pop", "skip");
const BEST_FIRST = new Set(["bfs", "ucs", "astar"]);

/** A malformed trace: the 1-based line and what is wrong with it. */
export class TraceError extends Error {
  constructor(line, message) {
    super(`line ${line}: ${message}`);
    this.line = line;
    this.detail = message;
  }
}

// A typed array that grows as lines arrive.
class Column {
  constructor(Type, fill = 0) {
    this.Type = Type;
    this.fill = fill;
    this.a = new Type(1024).fill(fill);
    this.n = 0;
  }
  ensure(i) {
    if (i < this.a.length) return;
    let size = this.a.length;
    while (size <= i) size *= 2;
    const b = new this.Type(size).fill(this.fill);
    b.set(this.a);
    this.a = b;
  }
  set(i, v) {
    if (i >= this.a.length) this.ensure(i);
    this.a[i] = v;
    if (i >= this.n) this.n = i + 1;
  }
  trimmed() {
    return this.a.subarray(0, this.n);
  }
}

const isInt = (v) => Number.isInteger(v) && v >= 0;
const isNum = (v) => typeof v === "number" && Number.isFinite(v);
const isStr = (v) => typeof v === "string";
const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const orNull = (test) => (v) => v === null || test(v);

/**
 * Reads a trace line by line: `push(text)` as many times as text arrives (it need not end on a
 * line's end), then `finish()` for the {@link Trace}. Throws {@link TraceError} on the first
 * malformed line.
 */
export class TraceReader {
  constructor() {
    this.rest = "";
    this.lineNo = 0;
    this.header = null;
    // The text is kept as the chunks it arrived in, each event as a chunk and two offsets: a
    // million small strings would cost the garbage collector a pause at every step.
    this.chunks = [];
    this.evChunk = new Column(Int32Array);
    this.evStart = new Column(Int32Array);
    this.evEnd = new Column(Int32Array);
    this.count = 0;
    this.evLine = new Column(Int32Array);
    this.evKind = new Column(Uint8Array);
    this.evNode = new Column(Int32Array, -1);
    this.evIter = new Column(Int32Array, -1);
    this.cumExp = new Column(Float64Array);
    this.cumGen = new Column(Float64Array);
    this.cumCut = new Column(Float64Array);
    this.leastCut = new Column(Float64Array, Infinity);
    // The most nodes held so far: the deepest node's depth (depth-first), open plus closed
    // (best-first), as the driver's `peak` counts them.
    this.cumHeld = new Column(Float64Array);
    this.held = 0;
    this.nParent = new Column(Int32Array, -1);
    this.nDepth = new Column(Int32Array);
    this.nG = new Column(Float64Array);
    this.nH = new Column(Float64Array);
    this.nF = new Column(Float64Array);
    this.nKind = new Column(Uint8Array);
    this.nFirstEv = new Column(Int32Array, -1);
    this.nExpEv = new Column(Int32Array, -1);
    this.nEnd = new Column(Int32Array, -1);
    this.nFirstChild = new Column(Int32Array, -1);
    this.nLastChild = new Column(Int32Array, -1);
    this.nNextSib = new Column(Int32Array, -1);
    this.nStateEv = new Column(Int32Array, -1);
    this.nSid = new Column(Int32Array, -1);
    this.nNodes = 0;
    this.iterations = [];
    this.stack = [];
    this.exp = 0;
    this.gen = 0;
    this.cut = 0;
    this.least = Infinity;
    this.goalEv = -1;
    this.truncatedEv = -1;
    this.stats = null;
    this.warnings = [];
  }

  push(text) {
    const all = this.rest + text;
    const chunk = this.chunks.length;
    this.chunks.push(all);
    let at = 0;
    for (let nl = all.indexOf("\n"); nl >= 0; nl = all.indexOf("\n", at)) {
      this.line(all, chunk, at, nl);
      at = nl + 1;
    }
    this.rest = all.slice(at);
  }

  finish() {
    if (this.rest !== "") {
      this.chunks.push(this.rest);
      this.line(this.rest, this.chunks.length - 1, 0, this.rest.length);
    }
    this.rest = "";
    if (!this.header) throw new TraceError(1, "the trace is empty: expected a header line");
    this.closeTree(this.count);
    if (!this.stats) this.warnings.push("the trace ends without its stats line: the run was cut short");
    return new Trace(this);
  }

  line(all, chunk, from, to) {
    this.lineNo++;
    if (to > from && all.charCodeAt(to - 1) === 13) to--;
    if (to === from || (all.charCodeAt(from) <= 32 && all.slice(from, to).trim() === "")) return;
    const text = all.slice(from, to);
    let e;
    try {
      e = JSON.parse(text);
    } catch (err) {
      throw new TraceError(this.lineNo, `not JSON (${err.message})`);
    }
    if (e === null || typeof e !== "object" || Array.isArray(e)) throw new TraceError(this.lineNo, "expected a JSON object");
    if (!this.header) return this.readHeader(e);
    if (this.stats) throw new TraceError(this.lineNo, "an event after the stats line, which must be the last");
    const kind = EV[e.ev];
    if (!kind) throw new TraceError(this.lineNo, `unknown event kind ${JSON.stringify(e.ev)}`);
    // The fields any event may carry and the page shows.
    this.optional(e, "move", orNull(isStr), "a string or null");
    this.optional(e, "state", orNull(isStr), "a string or null");
    this.optional(e, "draw", orNull(isObj), "an object or null");
    this.optional(e, "sid", orNull(isInt), "an integer or null");
    this.optional(e, "open", isInt, "an integer");
    this.optional(e, "closed", isInt, "an integer");
    this.optional(e, "f", orNull(isNum), "a number or null");
    const i = this.count++;
    this.evChunk.set(i, chunk);
    this.evStart.set(i, from);
    this.evEnd.set(i, to);
    this.evLine.set(i, this.lineNo);
    this.evKind.set(i, kind);
    this.event(i, kind, e);
    this.evIter.set(i, this.iterations.length - 1);
    this.cumExp.set(i, this.exp);
    this.cumGen.set(i, this.gen);
    this.cumCut.set(i, this.cut);
    this.leastCut.set(i, this.least);
    if (this.bestFirst) {
      if (isInt(e.open) && isInt(e.closed)) this.held = Math.max(this.held, e.open + e.closed);
    } else if ((kind === EV.expand || kind === EV.goal) && isNum(e.depth)) {
      this.held = Math.max(this.held, e.depth);
    }
    this.cumHeld.set(i, this.held);
  }

  readHeader(h) {
    if (h.format !== "ida-star-trace") throw new TraceError(this.lineNo, `the header's format is ${JSON.stringify(h.format)}, expected "ida-star-trace"`);
    if (h.version !== 1) throw new TraceError(this.lineNo, `version ${JSON.stringify(h.version)} is not one this page reads (it reads 1)`);
    for (const f of ["puzzle", "instance", "algorithm"]) {
      if (typeof h[f] !== "string") throw new TraceError(this.lineNo, `the header's ${f} must be a string`);
    }
    // Every value the page shows is checked for its type here: a trace comes from outside (a
    // file, another server) and is believed only once read.
    this.optional(h, "heuristic", orNull(isStr), "a string", "the header's");
    this.optional(h, "event_cap", isInt, "an integer", "the header's");
    if (!DEPTH_FIRST.has(h.algorithm) && !BEST_FIRST.has(h.algorithm)) {
      throw new TraceError(this.lineNo, `unknown algorithm ${JSON.stringify(h.algorithm)} (expected ida, iddfs, bts, bfs, ucs or astar)`);
    }
    if (h.code !== undefined) {
      if (!h.code || !Array.isArray(h.code.lines) || !h.code.lines.every((l) => typeof l === "string")) {
        throw new TraceError(this.lineNo, "the header's code.lines must be a list of strings");
      }
      if (h.code.marks !== undefined && !(isObj(h.code.marks) && Object.values(h.code.marks).every(isInt))) {
        throw new TraceError(this.lineNo, "the header's code.marks must map names to line numbers");
      }
    }
    if (h.graph !== undefined) {
      const g = h.graph;
      if (!g || !Array.isArray(g.states) || !Array.isArray(g.edges)) throw new TraceError(this.lineNo, "the header's graph needs states and edges lists");
      if (!g.states.every(isStr)) throw new TraceError(this.lineNo, "the header's graph states must be strings");
      const isState = (s) => isInt(s) && s < g.states.length;
      if (g.start !== undefined && !isState(g.start)) throw new TraceError(this.lineNo, "the header's graph start must be a state's index");
      if (g.goals !== undefined && !(Array.isArray(g.goals) && g.goals.every(isState))) throw new TraceError(this.lineNo, "the header's graph goals must be a list of state indices");
      if (g.h !== undefined && !(Array.isArray(g.h) && g.h.length === g.states.length && g.h.every(isNum))) throw new TraceError(this.lineNo, "the header's graph h must be a number per state");
      for (const edge of g.edges) {
        if (!Array.isArray(edge) || edge.length !== 2 || !edge.every((s) => isInt(s) && s < g.states.length)) {
          throw new TraceError(this.lineNo, `graph edge ${JSON.stringify(edge)} is not a pair of state indices`);
        }
      }
    }
    this.header = h;
    this.bestFirst = BEST_FIRST.has(h.algorithm);
    if (this.bestFirst) this.iterations.push({ bound: null, startEv: 0, endEv: -1, root: 0, driver: null, truncated: false });
  }

  fail(msg) {
    throw new TraceError(this.lineNo, msg);
  }

  // `o[field]`, when present, passes `test`, else the line is refused: "`whose` FIELD must be WHAT".
  optional(o, field, test, what, whose = `${o.ev}'s`) {
    if (o[field] !== undefined && !test(o[field])) this.fail(`${whose} ${field} must be ${what}, not ${JSON.stringify(o[field]).slice(0, 80)}`);
  }

  // A node event's common fields; `fresh` when the id is new.
  node(i, e, needsFields) {
    if (!isInt(e.id)) this.fail(`${e.ev} needs an integer id`);
    const fresh = e.id === this.nNodes;
    if (!fresh && e.id > this.nNodes) this.fail(`node id ${e.id} skips ahead: the next new node must be ${this.nNodes}`);
    if (fresh) {
      if (!needsFields) this.fail(`${e.ev} names node ${e.id}, which no earlier event introduced`);
      if (e.parent !== null && !(isInt(e.parent) && e.parent < this.nNodes)) this.fail(`parent ${JSON.stringify(e.parent)} is not an earlier node's id`);
      for (const f of ["depth", "g", "h"]) if (!isNum(e[f])) this.fail(`${e.ev} node ${e.id} needs a number ${f}`);
      const id = this.nNodes++;
      this.nParent.set(id, e.parent === null ? -1 : e.parent);
      this.nDepth.set(id, e.depth);
      this.nG.set(id, e.g);
      this.nH.set(id, e.h);
      this.nF.set(id, e.f === undefined ? e.g + e.h : e.f === null ? Infinity : e.f);
      this.nFirstEv.set(id, i);
      if (isInt(e.sid)) this.nSid.set(id, e.sid);
      if (e.parent !== null && e.parent !== undefined) {
        const p = e.parent;
        const last = p < this.nLastChild.a.length ? this.nLastChild.a[p] : -1;
        if (last === -1) this.nFirstChild.set(p, id);
        else this.nNextSib.set(last, id);
        this.nLastChild.set(p, id);
      }
    } else if (needsFields === "new") {
      this.fail(`${e.ev} reuses node id ${e.id}: ids are 0, 1, 2, ... in order of first appearance`);
    }
    if (e.state !== undefined || e.draw !== undefined) this.nStateEv.set(e.id, i);
    this.evNode.set(i, e.id);
    return e.id;
  }

  // Depth-first order: pop the path back to `parent`, closing the subtrees left.
  descend(i, id, parent, leaf) {
    if (parent === null) {
      if (this.stack.length) this.fail(`node ${id} has no parent, but the iteration's tree has a root already`);
    } else {
      while (this.stack.length && this.stack[this.stack.length - 1] !== parent) this.nEnd.set(this.stack.pop(), i);
      if (!this.stack.length) this.fail(`parent ${parent} is not on the current path: events are out of depth-first order`);
    }
    if (leaf) this.nEnd.set(id, i + 1);
    else this.stack.push(id);
  }

  closeTree(i) {
    while (this.stack.length) this.nEnd.set(this.stack.pop(), i);
  }

  event(i, kind, e) {
    const it = this.iterations[this.iterations.length - 1];
    if (this.truncatedEv >= 0 && !SUMMARY[kind]) {
      this.fail(`${e.ev} after the truncated marker, where only iteration summaries and stats may follow`);
    }
    if (this.bestFirst ? DEPTH_ONLY[kind] : BEST_ONLY[kind]) {
      this.fail(`${e.ev} in a ${this.header.algorithm} trace, which has ${this.bestFirst ? "no iterations" : "no open list"}`);
    }
    switch (kind) {
      case EV.iteration_start: {
        if (!isNum(e.bound)) this.fail("iteration_start needs a number bound");
        this.closeTree(i);
        this.least = Infinity;
        this.iterations.push({ bound: e.bound, startEv: i, endEv: -1, root: -1, driver: null, truncated: this.truncatedEv >= 0 });
        break;
      }
      case EV.expand: {
        if (!it) this.fail("expand before any iteration_start");
        const fresh = e.id === this.nNodes;
        const id = this.node(i, e, true);
        if (!this.bestFirst) {
          if (!fresh) this.fail(`expand reuses node id ${id}: in a depth-first trace every node is new`);
          if (e.parent === null) {
            if (it.root >= 0) this.fail("a second start in one iteration");
            it.root = id;
          } else this.gen++;
          this.descend(i, id, e.parent, false);
        }
        this.nKind.set(id, EV.expand);
        this.nExpEv.set(id, i);
        this.exp++;
        break;
      }
      case EV.cut: {
        if (!it) this.fail("cut before any iteration_start");
        if (e.parent === null || e.parent === undefined) this.fail("a cut node needs a parent");
        if (e.f !== null && !isNum(e.f)) this.fail("cut needs f, a number or null (a dead end)");
        const id = this.node(i, e, "new");
        this.descend(i, id, e.parent, true);
        this.nKind.set(id, EV.cut);
        this.gen++;
        this.cut++;
        const f = e.f === null ? Infinity : e.f;
        if (it.bound !== null && f <= it.bound) this.fail(`cut node ${id} has f = ${f}, within the bound ${it.bound}`);
        this.least = Math.min(this.least, f);
        break;
      }
      case EV.goal: {
        // A best-first goal names a node pushed earlier, or (breadth-first, testing children as
        // they are generated) brings a new node with its fields.
        const fresh = e.id === this.nNodes;
        const id = this.node(i, e, !this.bestFirst || e.parent !== undefined);
        if (this.bestFirst && fresh) this.gen++;
        if (!this.bestFirst) {
          if (e.parent !== null) {
            this.gen++;
            this.descend(i, id, e.parent, true);
          } else if (it) {
            it.root = id;
            this.descend(i, id, null, true);
          }
        }
        this.nKind.set(id, EV.goal);
        this.goalEv = i;
        break;
      }
      case EV.iteration_end: {
        if (!it || it.endEv >= 0) this.fail("iteration_end without its iteration_start");
        for (const f of ["generated", "expanded", "pruned"]) if (!isInt(e[f])) this.fail(`iteration_end needs an integer ${f}`);
        this.optional(e, "next_bound", orNull(isNum), "a number or null");
        this.closeTree(i);
        it.endEv = i;
        it.driver = { generated: e.generated, expanded: e.expanded, pruned: e.pruned, next_bound: e.next_bound ?? null };
        if (!it.truncated) {
          const start = it.startEv;
          const counted = {
            generated: this.gen - this.cumGen.a[start],
            expanded: this.exp - this.cumExp.a[start],
            pruned: this.cut - this.cumCut.a[start],
            next_bound: this.least === Infinity ? null : this.least,
          };
          it.counted = counted;
          const off = Object.keys(counted).filter((k) => counted[k] !== it.driver[k]);
          if (this.truncatedEv >= 0 && this.truncatedEv > start) it.truncated = true;
          else if (off.length) {
            this.warnings.push(`line ${this.lineNo}: iteration ${this.iterations.length}'s ${off.map((k) => `${k} (driver ${it.driver[k]}, events ${counted[k]})`).join(", ")} disagree`);
          }
        }
        break;
      }
      case EV.push: {
        const id = this.node(i, e, "new");
        this.nKind.set(id, EV.push);
        this.gen++;
        break;
      }
      case EV.pop:
        this.node(i, e, false);
        break;
      case EV.skip:
        this.gen++;
        break;
      case EV.truncated:
        if (this.truncatedEv >= 0) this.fail("a second truncated marker");
        this.truncatedEv = i;
        if (it) it.truncated = true;
        this.closeTree(i);
        break;
      case EV.stats: {
        for (const f of ["generated", "expanded"]) if (!isInt(e[f])) this.fail(`stats needs an integer ${f}`);
        if (!["solved", "no-solution", "stopped"].includes(e.outcome)) this.fail(`stats outcome ${JSON.stringify(e.outcome)} is not solved, no-solution or stopped`);
        if (e.outcome === "solved" && (!Array.isArray(e.moves) || !isNum(e.cost))) this.fail("a solved run's stats need moves and cost");
        this.optional(e, "moves", (v) => Array.isArray(v) && v.every(isStr), "a list of strings");
        this.optional(e, "cost", isNum, "a number");
        this.optional(e, "peak", isInt, "an integer");
        this.optional(e, "elapsed_ms", (v) => isNum(v) && v >= 0, "a number of milliseconds");
        this.optional(e, "reason", orNull(isStr), "a string");
        const isIteration = (it) => isObj(it) && isInt(it.generated) && isInt(it.expanded) && (it.bound === undefined || isNum(it.bound));
        this.optional(e, "iterations", (v) => Array.isArray(v) && v.every(isIteration), "a list of {generated, expanded} integers");
        this.closeTree(i);
        this.stats = e;
        break;
      }
    }
  }
}

/** A read trace: the header, the columns, the iterations and the final statistics. */
export class Trace {
  constructor(r) {
    this.header = r.header;
    this.bestFirst = r.bestFirst;
    this.chunks = r.chunks;
    this.events = r.count;
    this.nodes = r.nNodes;
    for (const k of ["evChunk", "evStart", "evEnd", "evLine", "evKind", "evNode", "evIter", "cumExp", "cumGen", "cumCut", "leastCut", "cumHeld",
      "nParent", "nDepth", "nG", "nH", "nF", "nKind", "nFirstEv", "nExpEv", "nEnd", "nFirstChild",
      "nNextSib", "nStateEv", "nSid"]) {
      const col = r[k];
      const size = k.startsWith("ev") || k.startsWith("cum") || k === "leastCut" ? r.count : r.nNodes;
      col.ensure(size);
      this[k] = col.a.subarray(0, size);
    }
    this.iterations = r.iterations;
    this.goalEv = r.goalEv;
    this.truncatedEv = r.truncatedEv;
    this.stats = r.stats;
    this.warnings = r.warnings;
    this.cache = new Map();
  }

  /** The parsed event at index `i` (cached: the page asks for the same few again and again). */
  event(i) {
    let e = this.cache.get(i);
    if (!e) {
      e = JSON.parse(this.chunks[this.evChunk[i]].slice(this.evStart[i], this.evEnd[i]));
      if (this.cache.size > 5000) this.cache.clear();
      this.cache.set(i, e);
    }
    return e;
  }

  /** A node's state text and drawing, from the last event that gave them. */
  stateOf(id) {
    const i = this.nStateEv[id];
    if (i < 0) return null;
    const e = this.event(i);
    return { text: e.state ?? null, draw: e.draw ?? null };
  }

  /** The driver's figures for iteration `k`, or null if its iteration_end is missing. */
  iterationFigures(k) {
    const it = this.iterations[k];
    if (it?.driver) return it.driver;
    const s = this.stats?.iterations?.[k];
    return s ? { generated: s.generated, expanded: s.expanded, pruned: null, next_bound: null } : null;
  }
}

/** Reads a whole trace held in a string. */
export function readTrace(text) {
  const r = new TraceReader();
  r.push(text);
  return r.finish();
}

/**
 * Reads a trace from a string in slices, yielding to the browser between them so the page stays
 * responsive; `progress(lines)` is told how far it got.
 */
export async function readTraceAsync(text, progress = () => {}) {
  const r = new TraceReader();
  const slice = 1 << 20;
  for (let at = 0; at < text.length; at += slice) {
    r.push(text.slice(at, at + slice));
    progress(r.lineNo);
    await new Promise((res) => setTimeout(res, 0));
  }
  return r.finish();
}

/** Reads a trace from a fetch Response's body as it streams in. */
export async function readTraceStream(response, progress = () => {}) {
  const r = new TraceReader();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    r.push(value);
    progress(r.lineNo);
  }
  return r.finish();
}
