// Predict mode: the page stops before each child the search generates (is it cut off, or searched?)
// and before each iteration's end (what is the next bound?), asks, and shows the answer with its
// reason once the student has answered. Depth-first runs only: a best-first run has no bound.

import { EV } from "explorer/trace.js";

const fmt = (v) => (v === Infinity ? "∞" : String(v));

/** The question to ask before event `i` of `t`, or null: `{at, kind, text, answer, why}`. */
export function questionAt(t, i) {
  if (t.bestFirst || i <= 0 || i >= t.events) return null;
  const kind = t.evKind[i];
  const it = t.iterations[t.evIter[i]];
  if (!it || it.truncated) return null;
  const n = t.evNode[i];
  if ((kind === EV.cut || kind === EV.expand || kind === EV.goal) && n >= 0 && t.nParent[n] >= 0) {
    const p = t.nParent[n];
    const g = t.nG[n], h = t.nH[n], f = t.nF[n];
    const move = t.event(t.nFirstEv[n]).move;
    const cut = kind === EV.cut;
    return {
      at: i, kind: "cut",
      text: `Node ${p}'s child by move ${move ?? "?"}: g = ${fmt(g)}, h = ${fmt(h)}, and the bound is ${fmt(it.bound)}. Cut off, or searched?`,
      answer: cut ? "cut" : "search",
      why: cut ? `f = g + h = ${fmt(f)} > ${fmt(it.bound)}: cut off, and f is remembered for the next bound.` : `f = g + h = ${fmt(f)} ≤ ${fmt(it.bound)}: within the bound, so it is ${kind === EV.goal ? "generated, and it is the goal" : "searched"}.`,
    };
  }
  if (kind === EV.iteration_end && !(t.goalEv >= 0 && t.evIter[t.goalEv] === t.evIter[i])) {
    const next = it.driver?.next_bound ?? null;
    return {
      at: i, kind: "bound",
      text: `Iteration ${t.evIter[i] + 1} (bound ${fmt(it.bound)}) is over without the goal. What is the next bound? (none, if nothing was cut off)`,
      answer: next === null ? "none" : String(next),
      why: next === null ? "Nothing was cut off: the whole tree was searched, and there is no solution." : `The least f among the nodes cut off in this iteration: ${fmt(next)}.`,
    };
  }
  return null;
}

/** Whether `given` answers question `q`. */
export function isRight(q, given) {
  const a = String(given).trim().toLowerCase();
  if (q.kind === "cut") return a === q.answer || (q.answer === "search" && a === "expand");
  return a === q.answer || (q.answer === "none" && (a === "" || a === "∞"));
}
