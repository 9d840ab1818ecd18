// The repeated work of a search, from its trace: which nodes hold a state reached before in the
// same iteration along another path, and how many times each state has been expanded over all
// the iterations so far. A node's state is known by its `sid` (a state-space trace), else by its
// text (traces of up to 100,000 events: reading every state of a larger one would cost seconds).
// A cut node has no state of its own in the trace and is not counted.

import { EV } from "explorer/trace.js";

const MOST_EVENTS = 100_000;

/**
 * `{again, key}` for `trace`, computed once: `again[n]` is 1 when node n's state was reached
 * earlier in n's iteration by another node; `key(n)` the state's identity (or null).
 */
export function repeats(trace) {
  if (trace.repeats) return trace.repeats;
  const n = trace.nodes;
  const again = new Uint8Array(n);
  const bySid = trace.nSid.some((s) => s >= 0);
  const usable = bySid || trace.events <= MOST_EVENTS;
  const key = (id) => {
    if (!usable || trace.nKind[id] === EV.cut) return null;
    if (bySid) return trace.nSid[id] >= 0 ? trace.nSid[id] : null;
    return trace.stateOf(id)?.text ?? null;
  };
  if (usable) {
    let iteration = -2, seen = new Map();
    for (let id = 0; id < n; id++) {
      const k = trace.evIter[trace.nFirstEv[id]];
      if (k !== iteration) {
        iteration = k;
        seen = new Map();
      }
      const s = key(id);
      if (s === null) continue;
      if (seen.has(s)) again[id] = 1;
      else seen.set(s, id);
    }
  }
  trace.repeats = { again, key, usable };
  return trace.repeats;
}

/**
 * How many times each state has been expanded from the run's first event to `cursor`, over all
 * iterations: a Map from the state's key to the count. Walks the events: meant for the small
 * state-space traces (it is asked at each step).
 */
export function expansions(trace, cursor) {
  const { key, usable } = repeats(trace);
  const out = new Map();
  if (!usable) return out;
  for (let i = 0; i <= cursor && i < trace.events; i++) {
    if (trace.evKind[i] !== EV.expand) continue;
    const s = key(trace.evNode[i]);
    if (s !== null) out.set(s, (out.get(s) ?? 0) + 1);
  }
  return out;
}
