// The explorer's page: loads traces (docs/trace-format.md) and steps through them.
//
// Where a trace comes from, first found first:
//   - `?trace=URL` in the page's address (the server's `/api/run?...`, or any file it serves);
//   - the `<script type="application/jsonl" id="embedded-trace">` element, filled by an export;
//   - the file picker, or files dropped on the page (several are all added to the comparison);
//   - the run form (js/form.js), shown when a server answers: each Run is added to the comparison.
// A run is named from its header: puzzle, algorithm, heuristic.
//
// `window.explorer`, for tests driving the page (WebDriver, DevTools) and for the console:
//   load(text, name?)      -> Promise<summary>  read a trace from a string and show it; rejects
//                                               with the message the page shows when malformed
//   loadUrl(url)           -> Promise<summary>  the same from a URL (fetched, read as it streams)
//   step(n = 1)            -> state()           move the cursor n events (negative: back)
//   seek(event)            -> state()           put the cursor on event index `event` (0-based)
//   endOfSubtree(), nextIteration(), previousIteration(), toSolution() -> state()
//   play(), pause()                             playback at the speed chosen
//   select(nodeId)         -> state()           as clicking the node
//   state()                -> {
//       events, cursor, kind,                   the trace's event count, the cursor, its event kind
//       iteration, iterations, bound, leastCut, iteration number (1-based), count, bound, least f cut
//       generated, expanded, pruned,            totals so far (the driver's once an iteration ends)
//       held,                                   the most nodes held so far: the deepest node's
//                                               depth (depth-first), open plus closed (best-first);
//                                               the driver's peak at the stats line
//       iterationGenerated, iterationExpanded,  this iteration's so far
//       driver,                                 the driver's iteration figures once its end is reached
//       agree,                                  whether the counted events equal them (null before)
//       current, path, pathStates,              current node id, the path's ids and state texts
//       treeNodes, hiddenNodes,                 nodes drawn in the tree, nodes collapsed under them
//       graph,                                  the state space drawn ({states, visited, revisited}:
//                                               the iteration's or best-first run's states reached
//                                               so far, and those reached by two nodes or more),
//                                               null without a graph
//       selected, outcome, truncated, warnings, message, loadMs, renderMs,
//       lecture, codeView, position }           lecture mode, the listing shown, the position line
//   runs()                 -> summaries of every loaded run (the comparison table's rows)
//   show(i)                                     make run i the one shown
//   setBudget(n)                                the most tree nodes drawn (default 250)
//   ready                  -> Promise           settled once any trace named by the page is loaded
//                                               and the run form is shown (or found to have no server)
//   setLecture(on), setTheme("auto"|"dark"|"light"), setZoom({fit, factor}), setCodeView("pseudo"|"rust")
//                                               as the keys L, T, Z and C do
//   snapshot("tree"|"graph", "svg"|"png") -> Promise<{name, type, size, text, head}>  the view as
//                                               the Save buttons download it (text: the SVG's)
//   setGraphView(on)       -> state()           lecture mode: the state space in the tree's place (V)
//   setSideBySide(on)      -> state()           the comparison's last three runs side by side (B):
//                                               `step` moves each from its own place
//                                               (state().side: each one's {run, cursor})
//   setPredict(on), answer("cut"|"search"|bound) -> state()   predict mode (Q): `step` forward
//                                               stops before a question (state().question);
//                                               `answer` gives the verdict (state().verdict)
//   formRun()              -> Promise|null      the latest run started by the form's Run button:
//                                               resolves to its summary, rejects with the message
//                                               shown (a bad instance's beside the instance)
// Each call renders the page before returning, so a test reads the DOM right after.

import { readTraceAsync, readTraceStream, TraceError, EV, EV_NAME } from "explorer/trace.js";
import { drawState, esc, slide, blankMoves } from "explorer/draw.js";
import { visibleTree, TreeView, currentNode } from "explorer/tree.js";
import { codeOf, CodeView, renderIterations, renderBars, renderCompare, summary, num } from "explorer/panels.js";
import { layout, renderGraph } from "explorer/graph.js";
import { RunForm } from "explorer/form.js";
import { note, el } from "explorer/dom.js";
import { questionAt, isRight } from "explorer/predict.js";
import { svgText, pngOf, download } from "explorer/snapshot.js";

const $ = (id) => document.getElementById(id);
const app = {
  runs: [], // {name, trace, summary, loadMs}
  active: -1,
  trace: null,
  cursor: 0,
  selected: -1,
  budget: 250,
  playing: false,
  lastIter: null,
  view: null, // what the last render drew, for state()
  message: "",
  lecture: false,
  codeView: null, // "pseudo" or "rust"; null: pseudocode in lecture mode, else the trace's code
  zoom: { fit: false, factor: 1 },
  fitChosen: false, // the zoom was chosen by hand: lecture mode leaves it alone
  predict: false,
  question: null, // predict mode's open question (js/predict.js)
  verdict: null, // {at, text, right}: the last answer, shown until the page moves on
  side: null, // side by side: the runs shown together (indices), or null
  graphView: false, // lecture mode shows the state space in the tree's place
};

// Lecture mode's big picture: the tree, or (V, view=graph) the state space in its place.
function setGraphView(on) {
  app.graphView = on;
  document.documentElement.classList.toggle("graph-view", on);
  if (app.trace) render();
  return state();
}

function setMessage(text, kind = "info") {
  app.message = text;
  const m = $("message");
  m.hidden = !text;
  m.className = kind;
  m.textContent = text;
}

// ---- loading ---------------------------------------------------------------------------------

// A run's name in the title and the comparison: what its header says it is, numbered when the
// same puzzle, algorithm and heuristic were loaded before (on another instance, say).
function runName(header) {
  const base = [header.puzzle, header.algorithm, header.heuristic].filter((x) => x).join(" · ");
  const same = app.runs.filter((r) => r.base === base).length;
  return { base, name: same ? `${base} (${same + 1})` : base };
}

// `label` names the source in the messages while it is read (a file's name, "the server's run").
async function addRun(label, read) {
  setMessage(`Reading ${label}…`);
  const t0 = performance.now();
  let trace;
  try {
    trace = await read((lines) => setMessage(`Reading ${label}: ${lines.toLocaleString("en")} lines…`));
  } catch (err) {
    const what = err instanceof TraceError ? err.message : `could not be read (${err.message})`;
    setMessage(`${label} is not a valid trace: ${what}`, "error");
    throw new Error(`${label}: ${what}`);
  }
  const loadMs = performance.now() - t0;
  const { base, name } = runName(trace.header);
  const run = { name, base, trace, summary: summary(name, trace), loadMs };
  app.runs.push(run);
  show(app.runs.length - 1);
  form.follow(trace.header);
  const notes = [...trace.warnings];
  if (trace.truncatedEv >= 0) notes.unshift(`The run went past the recording cap of ${num(trace.header.event_cap)} events: later iterations show the driver's figures without their trees.`);
  setMessage(notes.length ? notes.join(" ") : `Read ${name} (${label}): ${num(trace.events)} events in ${loadMs.toFixed(0)} ms.`, trace.warnings.length ? "error" : "info");
  return run.summary;
}

const loadText = (text, name = "trace") => addRun(name, (progress) => readTraceAsync(text, progress));

async function loadUrl(url) {
  const file = decodeURIComponent(url.split("/").pop().split("?")[0]) || url;
  const name = /(^|\/)api\/run(\?|$)/.test(url) ? "the server's run" : file;
  if (location.protocol === "file:" && !/^[a-z]+:\/\//i.test(url) || url.startsWith("file:")) {
    // fetch() refuses file: URLs; XMLHttpRequest reads them when the browser allows file access.
    const text = await new Promise((resolve, reject) => {
      const x = new XMLHttpRequest();
      x.open("GET", url);
      x.onload = () => resolve(x.responseText);
      x.onerror = () => reject(new Error(`cannot read ${url}`));
      x.send();
    });
    return loadText(text, name);
  }
  let r;
  try {
    r = await fetch(url);
  } catch (err) {
    setMessage(`${name} could not be read: ${err.message}`, "error");
    throw err;
  }
  if (!r.ok) {
    // A 400 is the server's answer to the request, a malformed instance's being the parser's
    // message: shown alone. Anything else is a URL that failed, said so.
    const body = (await r.text()).slice(0, 2000).trim();
    const text = r.status === 400 && body ? body : `${url}: HTTP ${r.status}: ${body}`;
    setMessage(text, "error");
    throw new Error(text);
  }
  return addRun(name, (progress) => readTraceStream(r, progress));
}

const form = new RunForm((response) => addRun("the server's run", (progress) => readTraceStream(response, progress)));

async function loadFiles(files) {
  for (const f of files) {
    try {
      await loadText(await f.text(), f.name);
    } catch {
      // The message is on the page already; the other files still load.
    }
  }
}

// ---- the cursor and what it shows ---------------------------------------------------------------

// Each run keeps its place: showing another run and coming back finds the same event.
function show(i) {
  if (app.active >= 0 && app.runs[app.active]) {
    app.runs[app.active].cursor = app.cursor;
    app.runs[app.active].selected = app.selected;
  }
  app.active = i;
  app.trace = app.runs[i].trace;
  app.cursor = app.runs[i].cursor ?? 0;
  app.selected = app.runs[i].selected ?? -1;
  app.lastIter = null;
  const t = app.trace;
  if (t.header.graph && !t.graphPos) t.graphPos = layout(t.header.graph);
  $("graph-panel").hidden = !t.header.graph;
  $("timeline").max = Math.max(t.events - 1, 0);
  const h = t.header;
  $("run-title").textContent = `${h.puzzle} · ${h.algorithm} · ${h.heuristic ?? ""} · start ${h.instance.replace(/\n/g, " / ")}`;
  const o = $("outcome");
  const s = t.stats;
  o.hidden = !s || (s.outcome === "solved" && t.goalEv >= 0);
  if (s && s.outcome !== "solved") {
    o.className = "error";
    o.textContent = `${s.outcome === "no-solution" ? "No solution" : "Stopped"}: ${s.reason ?? "(no reason given)"}`;
  } else if (s && t.goalEv < 0) {
    o.className = "info";
    o.textContent = goalPastCap(t);
  }
  render();
}

// What the page says of a run that solved its instance when the trace has no goal event: the
// goal lay past the event cap (or the trace's writer left it out).
function goalPastCap(t) {
  const s = t.stats;
  const moves = s.moves.length;
  const solved = `Solved: cost ${num(s.cost)}, ${num(moves)} move${moves === 1 ? "" : "s"} (${s.moves.join(" ") || "already solved"}).`;
  return t.truncatedEv >= 0
    ? `${solved} The goal lies past the recording cap of ${num(t.header.event_cap)} events, so its node is not in the trace; the driver's figures are.`
    : `${solved} The trace records no goal event.`;
}

function iterationAt(t, c) {
  if (t.bestFirst) return 0;
  const k = c < t.events ? t.evIter[c] : t.iterations.length - 1;
  return k;
}

// Counters at the cursor: events counted so far, or the driver's own figures where the events
// were not recorded (past the cap) and once a summary line gives them.
function counters(t, c) {
  const k = iterationAt(t, c);
  const it = t.iterations[k];
  const kind = t.events ? t.evKind[c] : 0;
  const base = t.bestFirst ? 0 : 1;
  const out = { iteration: k + 1, bound: it?.bound ?? null, leastCut: null, driver: null, agree: null };
  // Events are counted up to the cap; past it only the summary lines tell.
  const recorded = t.truncatedEv < 0 || c < t.truncatedEv;
  if (!it || recorded) {
    const s = it && !t.bestFirst ? it.startEv : -1;
    const at = (col) => (c >= 0 && t.events ? col[c] : 0) - (s >= 0 ? col[s] : 0);
    out.iterationGenerated = at(t.cumGen);
    out.iterationExpanded = at(t.cumExp);
    out.pruned = at(t.cumCut);
    out.generated = base + (t.events ? t.cumGen[c] : 0);
    out.expanded = t.events ? t.cumExp[c] : 0;
    const lc = t.events && it ? t.leastCut[c] : Infinity;
    out.leastCut = lc === Infinity ? null : lc;
    out.held = t.events ? t.cumHeld[c] : 0;
  } else {
    // Past the cap: sum the driver's figures of the iterations ended so far.
    let gen = base, exp = 0;
    for (let j = 0; j < k; j++) {
      const d = t.iterationFigures(j);
      gen += d?.generated ?? 0;
      exp += d?.expanded ?? 0;
    }
    out.generated = gen;
    out.expanded = exp;
    out.iterationGenerated = null;
    out.iterationExpanded = null;
    out.pruned = null;
    out.held = null;
  }
  if (kind === EV.iteration_end && it?.driver) {
    out.driver = it.driver;
    if (!recorded) {
      out.generated += it.driver.generated;
      out.expanded += it.driver.expanded;
      out.iterationGenerated = it.driver.generated;
      out.iterationExpanded = it.driver.expanded;
      out.pruned = it.driver.pruned;
      out.leastCut = it.driver.next_bound;
    } else if (it.counted) {
      out.agree = ["generated", "expanded", "pruned", "next_bound"].every((f) => it.counted[f] === it.driver[f]);
    }
  }
  if (kind === EV.stats && t.stats) {
    out.driver = t.stats;
    out.agree = t.truncatedEv >= 0 ? null : out.generated === t.stats.generated && out.expanded === t.stats.expanded && (t.stats.peak === undefined || out.held === t.stats.peak);
    out.generated = t.stats.generated;
    out.expanded = t.stats.expanded;
    out.held = t.stats.peak ?? out.held;
  }
  return out;
}

function nodeFigures(t, id) {
  const f = t.nF[id], kind = t.nKind[id];
  const mv = t.event(t.nFirstEv[id]).move;
  const role = kind === EV.cut ? "cut off" : kind === EV.goal ? "goal" : t.bestFirst && !(t.nExpEv[id] >= 0 && t.nExpEv[id] <= app.cursor) ? "open" : "expanded";
  return `<div class="fgh"><span>g <b>${num(t.nG[id])}</b></span><span>h <b>${num(t.nH[id])}</b></span><span>f <b>${num(f)}</b></span></div>
    <div>node ${id} · ${role} · depth ${t.nDepth[id]}${mv ? ` · move ${esc(mv)}` : " · the start"}</div>`;
}

// A node's picture: its own state. A cut child is priced before its move is made, so the trace
// gives it no state of its own: for a sliding board (a `tiles` drawing whose moves name the
// blank's direction, checked on the trace's own expanded children) the page makes the move on
// the parent's board; otherwise it shows the parent's board, saying so.
function boardOf(t, id, size) {
  const s = t.stateOf(id);
  if (s || t.nKind[id] !== EV.cut || t.nParent[id] < 0) return drawState(s, size);
  const mv = t.event(t.nFirstEv[id]).move;
  const parent = t.stateOf(t.nParent[id]);
  const made = parent?.draw && blankMoves(t) ? slide(parent.draw, mv) : null;
  if (made) return drawState({ text: null, draw: made }, size) + `<div class="note">Cut off before its move: the board after move ${esc(mv)}, never made by the search.</div>`;
  return drawState(parent, size) + `<div class="note">Cut off before its move${mv ? ` ${esc(mv)}` : ""} was made: the board shown is the parent's.</div>`;
}

// The path as a stack growing to the right, the start first. A step pushes or pops a board or
// two at the end, so the boards already shown are kept, not drawn again.
// Playing fast (`bare`), new items come without their boards, which are drawn at the pause.
function renderPath(t, path, current, bare = false) {
  const box = $("path");
  if (app.pathTrace !== t) {
    app.pathTrace = t;
    box.replaceChildren();
  }
  const kids = [...box.children].filter((k) => k.dataset.id !== undefined);
  let same = 0;
  while (same < kids.length && same < path.length && Number(kids[same].dataset.id) === path[same]) same++;
  box.querySelector(".muted")?.remove();
  for (let i = same; i < kids.length; i++) kids[i].remove();
  const item = (div, n, i, board) => {
    div.innerHTML = `${board ? boardOf(t, n, 84) : ""}<div class="stack-fig">${i ? `${i}. ${esc(t.event(t.nFirstEv[n]).move ?? "")}` : "start"} · g ${num(t.nG[n])} h ${num(t.nH[n])}</div>`;
    div.classList.toggle("bare", !board);
  };
  if (!bare) for (let i = 0; i < same; i++) if (kids[i].classList.contains("bare")) item(kids[i], path[i], i, true);
  for (let i = same; i < path.length; i++) {
    const n = path[i];
    const div = document.createElement("div");
    div.className = "stack-item";
    div.dataset.id = n;
    item(div, n, i, !bare);
    box.append(div);
  }
  for (const k of box.children) k.classList.toggle("current", Number(k.dataset.id) === current);
  if (!path.length) note(box, "Empty: no node is being expanded.");
  // The path's end, where the search is, kept in sight when the path changed.
  if (same !== kids.length || same !== path.length) requestAnimationFrame(() => { box.scrollLeft = box.scrollWidth; box.scrollTop = box.scrollHeight; });
}

const PLAY_BUDGET = 40;

function render() {
  const t0 = performance.now();
  const t = app.trace;
  if (!t) return;
  const c = Math.min(Math.max(app.cursor, 0), Math.max(t.events - 1, 0));
  app.cursor = c;
  const k = iterationAt(t, c);
  const it = t.iterations[k];
  const kind = t.events ? t.evKind[c] : 0;
  const cnt = counters(t, c);

  // Counters.
  $("l-iter").textContent = t.bestFirst ? "open list" : "iteration";
  $("l-bound").textContent = t.bestFirst ? "closed list" : "bound";
  if (t.bestFirst) {
    // skip and goal lines carry no sizes: the last line before that does.
    let e = {};
    for (let i = c; i >= 0 && i > c - 64; i--) if ((e = t.event(i)).open !== undefined) break;
    $("c-iter").textContent = num(e.open ?? null);
    $("c-bound").textContent = num(e.closed ?? null);
  } else {
    $("c-iter").textContent = `${cnt.iteration} of ${t.iterations.length}`;
    $("c-bound").textContent = num(cnt.bound);
  }
  $("c-least").textContent = num(cnt.leastCut);
  $("c-gen").textContent = num(cnt.generated);
  $("c-exp").textContent = num(cnt.expanded);
  $("c-held").textContent = num(cnt.held);
  $("l-held").textContent = t.bestFirst ? "peak held (open + closed)" : "deepest path (moves)";
  $("c-cut").textContent = t.bestFirst ? "—" : num(cnt.pruned);
  $("c-gen-it").textContent = cnt.iterationGenerated === null || t.bestFirst ? "" : `this iteration ${num(cnt.iterationGenerated)}`;
  $("c-exp-it").textContent = cnt.iterationExpanded === null || t.bestFirst ? "" : `this iteration ${num(cnt.iterationExpanded)}`;
  const check = $("c-check");
  if (cnt.driver && kind === EV.iteration_end) {
    const d = cnt.driver;
    check.className = `check ${cnt.agree === false ? "bad" : "good"}`;
    check.textContent = `Driver: generated ${num(d.generated)}, expanded ${num(d.expanded)}, pruned ${num(d.pruned)}, next bound ${num(d.next_bound)}${cnt.agree === null ? " (events past the cap)" : cnt.agree ? " ✓ the events agree" : " ✗ the events disagree"}`;
  } else if (kind === EV.stats && t.stats) {
    const s = t.stats;
    check.className = `check ${cnt.agree === false ? "bad" : "good"}`;
    check.textContent = `Driver's totals: generated ${num(s.generated)}, expanded ${num(s.expanded)}, peak ${num(s.peak)} nodes held${cnt.agree === null ? "" : cnt.agree ? " ✓ the events agree" : " ✗ the events disagree"}`;
  } else {
    check.className = "check";
    check.textContent = t.truncatedEv >= 0 && c >= t.truncatedEv ? "Past the recording cap: no more nodes recorded; the figures are the driver's." : boundNote(t, k, c);
  }

  // Tree.
  const t1 = performance.now();
  // Playing fast (100 events a second or more), a frame draws a smaller tree: the eye follows
  // the path, not the far subtrees, and a frame's work stays short (docs/performance.md).
  const fast = playingFast();
  const budget = fast ? Math.min(app.budget, PLAY_BUDGET) : app.budget;
  const vt = it?.truncated && !(it.root >= 0) ? null : visibleTree(t, k, c, budget);
  const treeBox = $("tree");
  let drawn = 0, hidden = 0, t2 = t1, t3 = t1;
  if (vt) {
    const bound = t.bestFirst ? null : it.bound;
    t2 = performance.now();
    app.treeView ??= new TreeView(treeBox);
    app.treeView.onResize ??= () => { if (app.zoom.fit) render(); };
    // The cut nodes holding the least f so far: the next bound, unless a goal comes first.
    const least = leastAt(t, c);
    const r = app.treeView.update(t, vt, bound, c, app.selected, app.zoom, least);
    t3 = performance.now();
    drawn = r.count;
    const walk = (n) => { if (typeof n.hidden === "number") hidden += n.hidden; n.children.forEach(walk); };
    walk(vt.root);
    if (r.focus) {
      // In the next frame, where the layout is done anyway: reading the box's size here would
      // force a second layout of the new tree at every step.
      const focus = r.focus;
      requestAnimationFrame(() => {
        const { scrollLeft: sl, scrollTop: st, clientWidth: cw, clientHeight: ch } = treeBox;
        if (focus.x < sl + 40 || focus.x > sl + cw - 40) treeBox.scrollLeft = focus.x - cw / 2;
        // Scrolled just enough, so the root stays in sight as long as the current node allows.
        if (focus.y > st + ch - 50) treeBox.scrollTop = focus.y - ch + 80;
        else if (focus.y < st + 50) treeBox.scrollTop = Math.max(0, focus.y - 80);
      });
    }
  } else {
    app.treeView?.clear();
    note(treeBox, it?.truncated ? "This iteration was not recorded: the run went past the event cap. Its figures are the driver's." : kind === EV.stats ? "The run is over." : "The iteration's tree starts at the next event.", "muted big-note");
  }
  $("tree-caption").textContent = vt ? `${t.bestFirst ? "" : `iteration ${k + 1}, bound ${num(it.bound)} · `}${num(drawn)} nodes drawn${hidden ? `, ${num(hidden)} collapsed` : ""}` : "";

  const t4 = performance.now();
  // The current node, the path and the selection.
  const current = vt ? vt.current : -1;
  const path = vt ? vt.path.filter((n) => t.nKind[n] !== EV.cut) : [];
  const shown = app.selected >= 0 ? app.selected : current;
  // Playing fast, the selected node's panel waits for the pause (no one reads it at that speed).
  if (!fast || app.selected >= 0) {
    if (shown >= 0) $("node-board").innerHTML = boardOf(t, shown, 200);
    else note($("node-board"), "Click a node in the tree.");
    $("node-figures").innerHTML = shown >= 0 ? nodeFigures(t, shown) : "";
  }
  if (t.bestFirst) {
    $("path-title").textContent = `Path to the current node: ${t.header.algorithm} keeps the open and closed lists, not only the path`;
  } else {
    const moves = Math.max(path.length - 1, 0);
    $("path-title").textContent = `The path, start first: IDA*'s whole memory (${path.length} state${path.length === 1 ? "" : "s"}, ${moves} move${moves === 1 ? "" : "s"})`;
  }
  renderPath(t, path, current, fast);

  // Code.
  const view = codeView();
  app.codeBox ??= new CodeView($("code"));
  app.codeBox.update(codeOf(t.header, view), kind);
  const hasRust = !!t.header.code && t.header.algorithm !== "bts";
  $("code-rust").disabled = !hasRust;
  $("code-pseudo").setAttribute("aria-pressed", String(view === "pseudo" || !hasRust));
  $("code-rust").setAttribute("aria-pressed", String(view === "rust" && hasRust));

  // Iterations: only when the iteration or the run changes.
  const key = `${app.active}:${k}`;
  if (app.lastIter !== key) {
    app.lastIter = key;
    $("bars").innerHTML = renderBars(t, k);
    $("iterations").innerHTML = renderIterations(t, k);
    $("compare").replaceChildren(renderCompare(app.runs.map((r) => r.summary), app.active));
  }

  // State space.
  let graph = null;
  if (t.header.graph) {
    graph = renderGraph(t, t.graphPos, k, c);
    $("graph").innerHTML = graph.svg;
    const scope = t.bestFirst ? `the search reached ${num(graph.visited)}` : `this iteration reached ${num(graph.visited)}`;
    const cutNote = t.bestFirst ? "" : `, ${num(graph.cut)} more cut off`;
    const again = graph.expandedTwice ? ` · ${num(graph.expandedTwice)} states expanded twice or more over all iterations (at most ${num(graph.mostExpanded)}×)` : "";
    $("graph-caption").textContent = `${num(t.header.graph.states.length)} states in rings by distance from the start · ${scope}, ${num(graph.revisited)} of them more than once${cutNote}${again}`;
  }

  // Timeline.
  $("timeline").value = c;
  $("position").textContent = t.events ? `Event ${num(c + 1)} of ${num(t.events)}: ${describe(t, c, k)}` : "no events";
  addressFollows();
  $("play").textContent = app.playing ? "⏸ Pause" : "▶ Play";
  renderPredict();
  renderSide();

  app.view = {
    cnt, kind, current, path,
    pathStates: path.map((n) => t.stateOf(n)?.text ?? null),
    treeNodes: drawn, hiddenNodes: hidden,
    graph: graph && { states: t.header.graph.states.length, visited: graph.visited, revisited: graph.revisited, cut: graph.cut, expandedTwice: graph.expandedTwice, mostExpanded: graph.mostExpanded },
    renderMs: performance.now() - t0,
    parts: { counters: t1 - t0, select: t2 - t1, layout: t3 - t2, treeDom: t4 - t3, rest: performance.now() - t4 },
  };
}

// The least f cut off so far in the iteration at `c`, whose nodes the tree marks as the next
// bound; none once the goal is reached (there is no next bound), nor in a best-first run.
function leastAt(t, c) {
  if (t.bestFirst || !t.events || (t.goalEv >= 0 && c >= t.goalEv && t.evIter[c] === t.evIter[t.goalEv])) return Infinity;
  return t.leastCut[c];
}

// At an iteration's start on the sliding puzzle, why its bound grew by 2: every move changes h
// by one and g by one, so f by 0 or 2, and an f one above the bound never occurs.
function boundNote(t, k, c) {
  const it = t.iterations[k], before = t.iterations[k - 1];
  if (t.bestFirst || !before || !t.header.puzzle.startsWith("sliding") || it.bound - before.bound !== 2) return "";
  if (c > (it.root >= 0 ? t.nFirstEv[it.root] : it.startEv)) return "";
  return `The bound grew by 2 (${num(before.bound)} to ${num(it.bound)}): each move changes h by one, so f by 0 or 2.`;
}

// The event at `c` in words, for the position line.
function describe(t, c, k) {
  const kind = t.evKind[c], n = t.evNode[c];
  const it = t.iterations[k];
  const f = (id) => num(t.nF[id]);
  switch (kind) {
    case EV.iteration_start: return `iteration ${k + 1} starts, bound ${num(it?.bound)}`;
    case EV.expand: return `expanding node ${n} (g ${num(t.nG[n])} + h ${num(t.nH[n])} = f ${f(n)})`;
    case EV.cut: return `node ${n} cut off: f ${f(n)} > bound ${num(it?.bound)}`;
    case EV.goal: return `goal reached: node ${n}, cost ${num(t.nG[n])}`;
    case EV.iteration_end: {
      if (t.goalEv >= 0 && t.evIter[t.goalEv] === k) return `iteration ${k + 1} ends with the goal`;
      const next = it?.driver?.next_bound;
      return next === null || next === undefined ? `iteration ${k + 1} ends: nothing cut off, no solution` : `iteration ${k + 1} ends: the next bound is ${num(next)}, the least f cut off`;
    }
    case EV.push: return `node ${n} put on the open list (f ${f(n)})`;
    case EV.pop: return `node ${n} taken off the open list: the least f (${f(n)})`;
    case EV.skip: return "a child skipped: its state was reached before at no greater g";
    case EV.truncated: return "the recording cap: no more nodes recorded";
    case EV.stats: return "the run's totals";
    default: return EV_NAME[kind] ?? "";
  }
}

// ---- lecture mode, theme, code view, zoom, the address ---------------------------------------------

const codeView = () => app.codeView ?? (app.lecture ? "pseudo" : "rust");

function setLecture(on) {
  app.lecture = on;
  document.documentElement.classList.toggle("lecture", on);
  $("lecture-button").setAttribute("aria-pressed", String(on));
  if (!app.fitChosen) setZoom({ fit: on, factor: 1 }, false);
  if (app.trace) render();
}

function setZoom(zoom, chosen = true) {
  app.zoom = zoom;
  app.fitChosen ||= chosen;
  $("zoom-fit").setAttribute("aria-pressed", String(zoom.fit));
  if (app.trace && chosen) render();
}

const THEMES = ["auto", "dark", "light"];
function setTheme(theme) {
  if (theme === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  $("theme-button").textContent = `Theme: ${theme}`;
  try {
    localStorage.setItem("explorer-theme", theme);
  } catch {
    // A page from a file may have no storage: the choice lasts the visit.
  }
}
const nextTheme = () => setTheme(THEMES[(THEMES.indexOf($("theme-button").textContent.replace("Theme: ", "")) + 1) % THEMES.length]);

// The address follows the page: `at=N` the event shown (1-based, as the position line counts),
// `lecture=1`; written at most every 300 ms while playing, so a lecture's notes can link to any
// moment.
let addressTimer = null;
function addressFollows() {
  if (addressTimer !== null) return;
  addressTimer = setTimeout(() => {
    addressTimer = null;
    if (!app.trace) return;
    const q = new URLSearchParams(location.search);
    q.set("at", String(app.cursor + 1));
    if (app.lecture) q.set("lecture", "1");
    else q.delete("lecture");
    if (app.predict) q.set("predict", "1");
    else q.delete("predict");
    if (app.graphView) q.set("view", "graph");
    else q.delete("view");
    try {
      history.replaceState(history.state, "", `${location.pathname}?${q.toString().replace(/%2F/g, "/")}${location.hash}`);
    } catch {
      // A page from a file may not rewrite its address.
    }
  }, app.playing ? 300 : 0);
}

function state() {
  const t = app.trace;
  if (!t) return { events: 0, message: app.message };
  const v = app.view;
  return {
    events: t.events, cursor: app.cursor, kind: EV_NAME[v.kind] ?? null,
    iteration: t.bestFirst ? null : v.cnt.iteration, iterations: t.iterations.length,
    bound: v.cnt.bound, leastCut: v.cnt.leastCut,
    generated: v.cnt.generated, expanded: v.cnt.expanded, pruned: v.cnt.pruned, held: v.cnt.held,
    iterationGenerated: v.cnt.iterationGenerated, iterationExpanded: v.cnt.iterationExpanded,
    driver: v.cnt.driver, agree: v.cnt.agree,
    current: v.current, path: v.path, pathStates: v.pathStates,
    treeNodes: v.treeNodes, hiddenNodes: v.hiddenNodes, graph: v.graph, selected: app.selected,
    outcome: t.stats ? { outcome: t.stats.outcome, moves: t.stats.moves ?? null, cost: t.stats.cost ?? null, reason: t.stats.reason ?? null } : null,
    truncated: t.truncatedEv >= 0, warnings: t.warnings, message: app.message,
    loadMs: app.runs[app.active].loadMs, renderMs: v.renderMs, renderParts: v.parts,
    lecture: app.lecture, codeView: codeView(), position: $("position").textContent,
    predict: app.predict, question: app.question && { kind: app.question.kind, text: app.question.text, at: app.question.at },
    verdict: app.verdict,
    side: app.side && app.side.map((i) => ({ run: i, cursor: i === app.active ? app.cursor : (app.runs[i].cursor ?? 0) })),
  };
}

// ---- moving the cursor ------------------------------------------------------------------------

function seek(c) {
  if (!app.trace) return state();
  app.cursor = Math.min(Math.max(Math.round(c), 0), Math.max(app.trace.events - 1, 0));
  render();
  return state();
}
// Forward, in predict mode: stops before the first event with a question not yet answered.
function step(n = 1) {
  const t = app.trace;
  if (app.predict && t && n > 0) {
    if (app.question) return state();
    const last = Math.min(app.cursor + n, t.events - 1);
    for (let i = app.cursor + 1; i <= last; i++) {
      const q = t.answered?.has(i) ? null : questionAt(t, i);
      if (q) {
        if (app.playing) app.playing = false;
        app.question = q;
        app.verdict = null;
        return seek(i - 1);
      }
    }
  }
  if (app.side) moveSide((r) => r.cursor + n);
  return seek(app.cursor + n);
}

// Side by side: the runs other than the one shown move by `to(run)`, each within its own events.
function moveSide(to) {
  for (const i of app.side) {
    if (i === app.active) continue;
    const r = app.runs[i];
    r.cursor = Math.min(Math.max(Math.round(to(r)), 0), Math.max(r.trace.events - 1, 0));
  }
}

function setSide(on) {
  app.side = on && app.runs.length > 1 ? app.runs.map((_, i) => i).slice(-3) : null;
  if (app.side && !app.side.includes(app.active)) show(app.side[0]);
  $("side-button").setAttribute("aria-pressed", String(!!app.side));
  $("sbs").hidden = !app.side;
  app.sbsViews = null;
  if (!app.side && on) setMessage("Side by side needs two runs or more in the comparison.", "info");
  if (app.trace) render();
  return state();
}

// The side-by-side columns: each run's tree (fitted, a smaller budget), place and figures.
function renderSide() {
  if (!app.side) return;
  const box = $("sbs");
  if (!app.sbsViews) {
    app.sbsViews = app.side.map((i) => {
      const tree = el("div", { class: "sbs-tree" });
      const figures = el("div", { class: "sbs-figures" });
      const col = el("section", { class: "sbs-run", "data-run": i }, el("h3", { text: app.runs[i].name }), figures, tree);
      return { i, col, figures, tree, view: new TreeView(tree, null) };
    });
    box.replaceChildren(...app.sbsViews.map((v) => v.col));
  }
  for (const v of app.sbsViews) {
    const r = app.runs[v.i], t = r.trace;
    const c = v.i === app.active ? app.cursor : (r.cursor ?? 0);
    const k = iterationAt(t, c), it = t.iterations[k];
    const cnt = counters(t, c);
    v.col.classList.toggle("at", v.i === app.active);
    v.figures.replaceChildren(
      el("div", { text: t.events ? `Event ${num(c + 1)} of ${num(t.events)}: ${describe(t, c, k)}` : "no events" }),
      el("div", {}, t.bestFirst ? "" : ["bound ", el("b", { text: num(cnt.bound) }), " · "], "generated ", el("b", { text: num(cnt.generated) }), " · expanded ", el("b", { text: num(cnt.expanded) })),
    );
    const vt = it?.truncated && !(it.root >= 0) ? null : visibleTree(t, k, c, 60);
    if (vt) v.view.update(t, vt, t.bestFirst ? null : it.bound, c, -1, { fit: true, factor: 1 }, leastAt(t, c));
    else {
      v.view.clear();
      note(v.tree, "No tree at this event.");
    }
  }
}

// Predict mode's answer to the open question: the verdict, then the event asked about.
function answer(given) {
  const q = app.question;
  if (!q) return state();
  const right = isRight(q, given);
  (app.trace.answered ??= new Set()).add(q.at);
  app.question = null;
  app.verdict = { at: q.at, right, text: `${right ? "Right" : `Not quite (you said ${String(given).trim() || "nothing"})`}: ${q.why}` };
  return seek(q.at);
}

// The tree or the state space as shown, as SVG or PNG: `{name, type, blob}`.
async function snapshot(view, as) {
  const svg = $(view === "graph" ? "graph-svg" : "tree-svg");
  if (!svg || !svg.isConnected) throw new Error(`no ${view === "graph" ? "state space" : "tree"} is shown`);
  const text = svgText(svg);
  const h = app.trace.header;
  const name = `${[h.puzzle, h.algorithm, view, `event-${app.cursor + 1}`].join("-").replace(/[^A-Za-z0-9.-]+/g, "_")}.${as}`;
  const blob = as === "png" ? await pngOf(text) : new Blob([text], { type: "image/svg+xml" });
  return { name, type: blob.type, blob };
}

function setPredict(on) {
  app.predict = on;
  app.question = null;
  app.verdict = null;
  $("predict-button").setAttribute("aria-pressed", String(on));
  if (app.trace) render();
  return state();
}

// The question box: the open question, or the last verdict while the cursor stays on its event.
function renderPredict() {
  if (app.question && app.cursor !== app.question.at - 1) app.question = null;
  if (app.verdict && app.cursor !== app.verdict.at) app.verdict = null;
  const q = app.question, v = app.verdict;
  const box = $("predict");
  box.hidden = !app.predict || (!q && !v);
  if (box.hidden) return;
  $("predict-question").textContent = q ? q.text : "";
  $("predict-cut").hidden = !q || q.kind !== "cut";
  $("predict-bound").hidden = !q || q.kind !== "bound";
  const verdict = $("predict-verdict");
  verdict.textContent = v ? v.text : "";
  verdict.className = `verdict ${v ? (v.right ? "right" : "wrong") : ""}`;
  if (q?.kind === "bound" && document.activeElement !== $("predict-number")) {
    $("predict-number").value = "";
    requestAnimationFrame(() => $("predict-number").focus());
  }
}

function endOfSubtree() {
  const t = app.trace;
  if (!t) return state();
  let n = app.selected >= 0 ? app.selected : currentNode(t, app.cursor);
  // At an iteration's start: the end of the iteration's whole tree.
  if (n < 0 && t.evKind[app.cursor] === EV.iteration_start) n = t.iterations[iterationAt(t, app.cursor)]?.root ?? -1;
  if (n < 0) return state();
  if (t.nKind[n] === EV.cut || t.nKind[n] === EV.goal) n = t.nParent[n];
  if (n < 0) return state();
  if (t.bestFirst) {
    for (let i = app.cursor + 1; i < t.events; i++) if (t.evKind[i] === EV.expand) return seek(i);
    return state();
  }
  let target = t.nEnd[n] - 1;
  // Already at its end: the end of the enclosing subtree.
  while (target <= app.cursor && t.nParent[n] >= 0) {
    n = t.nParent[n];
    target = t.nEnd[n] - 1;
  }
  app.selected = -1;
  return seek(Math.max(target, app.cursor));
}

function iterationJump(d) {
  const t = app.trace;
  if (!t || t.bestFirst) return state();
  const k = iterationAt(t, app.cursor) + d;
  if (k < 0) return seek(0);
  if (k >= t.iterations.length) return seek(t.events - 1);
  app.selected = -1;
  return seek(firstOf(t, k));
}

// An iteration's first event with a tree to show: its start's expansion, the event after its
// iteration_start (the start line itself shows an empty tree).
function firstOf(t, k) {
  const it = t.iterations[k];
  return it.root >= 0 ? t.nFirstEv[it.root] : it.startEv;
}

function toSolution() {
  const t = app.trace;
  if (!t) return state();
  if (t.goalEv < 0) {
    const s = t.stats;
    // The outcome line above says the run solved the instance, with its cost and moves.
    if (s?.outcome === "solved") setMessage(t.truncatedEv >= 0 ? "The goal lies past the recording cap: here is the last event, with the driver's totals." : "The trace records no goal event: here is its last.", "info");
    else setMessage(s?.outcome === "no-solution" ? `No solution: ${s.reason}` : s ? `Stopped: ${s.reason ?? "(no reason given)"}` : "This trace ends before its run did: no goal recorded.", "error");
    return seek(t.events - 1);
  }
  app.selected = -1;
  return seek(t.goalEv);
}

function select(id) {
  app.selected = app.selected === id ? -1 : id;
  render();
  return state();
}

// Playback: as many events per frame as the speed asks, one render per frame.
// Playing fast (100 events a second or more), the page is drawn ten times a second, each time
// as many events further as the speed owes: a frame's work (the tree, the path, the browser's
// layout and paint) is the same whatever the speed, and ten of them leave the page time to answer.
let lastFrame = 0, owed = 0, lastDrawn = 0;
const FAST = 100, FAST_EVERY_MS = 100;
const playingFast = () => app.playing && Number($("speed").value) >= FAST;
function frame(now) {
  if (!app.playing) return;
  const speed = Number($("speed").value);
  owed += ((now - (lastFrame || now)) / 1000) * speed;
  lastFrame = now;
  const n = Math.floor(owed);
  if (speed >= FAST && now - lastDrawn < FAST_EVERY_MS) {
    requestAnimationFrame(frame);
    return;
  }
  lastDrawn = now;
  if (n > 0) {
    owed -= n;
    step(n);
    if (app.cursor >= app.trace.events - 1) return pause();
  }
  requestAnimationFrame(frame);
}
function play() {
  if (!app.trace || app.playing) return;
  if (app.cursor >= app.trace.events - 1) app.cursor = 0;
  app.playing = true;
  lastFrame = 0;
  owed = 1;
  requestAnimationFrame(frame);
  render();
}
function pause() {
  app.playing = false;
  render();
}
function speed(d) {
  const s = $("speed");
  s.selectedIndex = Math.min(Math.max(s.selectedIndex + d, 0), s.options.length - 1);
}

// ---- wiring -------------------------------------------------------------------------------------

function wire() {
  $("file").addEventListener("change", (e) => loadFiles([...e.target.files]));
  document.addEventListener("dragover", (e) => { e.preventDefault(); document.body.classList.add("dropping"); });
  document.addEventListener("dragleave", () => document.body.classList.remove("dropping"));
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    document.body.classList.remove("dropping");
    loadFiles([...e.dataTransfer.files]);
  });
  $("first").onclick = () => seek(0);
  $("back").onclick = () => step(-1);
  $("forward").onclick = () => step(1);
  $("play").onclick = () => (app.playing ? pause() : play());
  $("subtree").onclick = endOfSubtree;
  $("next-iter").onclick = () => iterationJump(1);
  $("prev-iter").onclick = () => iterationJump(-1);
  $("solution").onclick = toSolution;
  let pending = null;
  $("timeline").addEventListener("input", (e) => {
    pending = Number(e.target.value);
    requestAnimationFrame(() => { if (pending !== null) { seek(pending); pending = null; } });
  });
  $("tree").addEventListener("click", (e) => {
    const g = e.target.closest("[data-id]");
    if (g) select(Number(g.dataset.id));
  });
  $("path").addEventListener("click", (e) => {
    const g = e.target.closest("[data-id]");
    if (g) select(Number(g.dataset.id));
  });
  const jump = (e) => {
    const r = e.target.closest("[data-iter]");
    if (r && app.trace && !app.trace.bestFirst) { app.selected = -1; seek(firstOf(app.trace, Number(r.dataset.iter))); }
  };
  $("iterations").addEventListener("click", jump);
  $("bars").addEventListener("click", jump);
  $("compare").addEventListener("click", (e) => {
    const b = e.target.closest("[data-run]");
    if (b) show(Number(b.dataset.run));
  });
  $("help-button").onclick = () => $("help").showModal();
  $("lecture-button").onclick = () => setLecture(!app.lecture);
  $("predict-button").onclick = () => setPredict(!app.predict);
  $("side-button").onclick = () => setSide(!app.side);
  $("sbs").addEventListener("click", (e) => {
    const col = e.target.closest("[data-run]");
    if (col && Number(col.dataset.run) !== app.active) show(Number(col.dataset.run));
  });
  document.addEventListener("click", (e) => {
    const b = e.target.closest?.("[data-save]");
    if (!b || !app.trace) return;
    snapshot(b.dataset.save, b.dataset.as).then((s) => download(s.blob, s.name), (err) => setMessage(err.message, "error"));
  });
  $("predict-cut").addEventListener("click", (e) => {
    const b = e.target.closest("[data-answer]");
    if (b) answer(b.dataset.answer);
  });
  $("predict-bound").addEventListener("submit", (e) => {
    e.preventDefault();
    answer($("predict-number").value);
    $("predict-number").blur();
  });
  $("theme-button").onclick = nextTheme;
  $("zoom-fit").onclick = () => setZoom({ fit: !app.zoom.fit, factor: 1 });
  $("zoom-in").onclick = () => setZoom({ fit: app.zoom.fit, factor: Math.min(app.zoom.factor * 1.25, 4) });
  $("zoom-out").onclick = () => setZoom({ fit: app.zoom.fit, factor: Math.max(app.zoom.factor / 1.25, 0.2) });
  const setCode = (v) => { app.codeView = v; if (app.trace) render(); };
  $("code-pseudo").onclick = () => setCode("pseudo");
  $("code-rust").onclick = () => setCode("rust");
  // A tree node has the keyboard's focus: Enter or Space selects it.
  $("tree").addEventListener("keydown", (e) => {
    const g = e.target.closest?.("[data-id]");
    if (g && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      e.stopPropagation();
      select(Number(g.dataset.id));
    }
  });
  document.addEventListener("keydown", (e) => {
    // The help is open: its own keys only (Esc closes it, as a dialog's Esc does); nothing steps
    // the run behind it.
    if ($("help").open) return;
    // Typing in the run form's fields is typing; the page's own controls (the speed menu, the
    // timeline) take the page's keys.
    const field = e.target instanceof Element && (e.target.matches("input[type=text], input[type=number], textarea") || e.target.closest("#run-form"));
    if (field || e.ctrlKey || e.metaKey || e.altKey) return;
    const keys = {
      ArrowRight: () => step(1), ArrowLeft: () => step(-1), e: endOfSubtree, E: endOfSubtree,
      n: () => iterationJump(1), N: () => iterationJump(1), p: () => iterationJump(-1), P: () => iterationJump(-1),
      " ": () => (app.playing ? pause() : play()), "+": () => speed(1), "=": () => speed(1), "-": () => speed(-1),
      g: toSolution, G: toSolution, Home: () => seek(0), End: () => seek(Infinity),
      Escape: () => select(-1), "?": () => $("help").showModal(),
      l: () => setLecture(!app.lecture), L: () => setLecture(!app.lecture), t: nextTheme, T: nextTheme,
      c: () => setCode(codeView() === "pseudo" ? "rust" : "pseudo"), C: () => setCode(codeView() === "pseudo" ? "rust" : "pseudo"),
      z: () => $("zoom-fit").click(), Z: () => $("zoom-fit").click(),
      q: () => setPredict(!app.predict), Q: () => setPredict(!app.predict),
      b: () => setSide(!app.side), B: () => setSide(!app.side),
      v: () => setGraphView(!app.graphView), V: () => setGraphView(!app.graphView),
    };
    if (app.question?.kind === "cut" && "cCsS".includes(e.key) && e.key.length === 1) {
      e.preventDefault();
      answer("cC".includes(e.key) ? "cut" : "search");
      return;
    }
    const f = keys[e.key];
    if (f) {
      e.preventDefault();
      f();
    }
  });
}

// `?trace=URL` is believed only from the page's own origin (its server, or for a page opened from a
// file, another file): a link to this page naming a trace elsewhere would otherwise show a
// stranger's file as the page's own. A trace from anywhere else is opened by the user, as a file.
function ownTrace(url) {
  let u;
  try {
    u = new URL(url, location.href);
  } catch {
    u = null;
  }
  const own = u && (location.protocol === "file:" ? u.protocol === "file:" : u.origin === location.origin);
  if (!own) {
    const text = `?trace= names ${u ? u.origin : "no valid address"}: this page opens traces from its own origin only (${location.protocol === "file:" ? "files" : location.origin}). To look at that trace, save it and open it with "Open trace…".`;
    setMessage(text, "error");
    throw new Error(text);
  }
  return url;
}

// `at=N` in the address: event N (1-based) of the run the page opened.
function openAt(at) {
  const n = Number(at);
  const events = app.trace.events;
  if (!Number.isInteger(n) || n < 1) {
    setMessage(`at=${at} is not an event number: events are numbered 1 to ${num(events)}.`, "error");
    return;
  }
  if (n > events) setMessage(`at=${n} is past the run's last event (${num(events)}): here is its last.`, "error");
  seek(Math.min(n, events) - 1);
}

async function start() {
  wire();
  const params = new URLSearchParams(location.search);
  let theme = "auto";
  try {
    theme = localStorage.getItem("explorer-theme") ?? "auto";
  } catch {
    // No storage: the system's choice.
  }
  setTheme(THEMES.includes(theme) ? theme : "auto");
  if (params.get("lecture") === "1") setLecture(true);
  if (params.get("predict") === "1") setPredict(true);
  if (params.get("view") === "graph") setGraphView(true);
  const at = params.get("at");
  const shown = form.start();
  const url = new URLSearchParams(location.search).get("trace");
  const embedded = $("embedded-trace")?.textContent ?? "";
  try {
    if (url) await loadUrl(ownTrace(url));
    else if (embedded.trim()) await loadText(embedded, "embedded trace");
    if (at !== null && app.trace) openAt(at);
  } catch {
    // Shown on the page already.
  }
  await shown;
}

const ready = start();
window.explorer = {
  load: loadText, loadUrl, step, seek, endOfSubtree, toSolution, select, play, pause, state,
  nextIteration: () => iterationJump(1), previousIteration: () => iterationJump(-1),
  runs: () => app.runs.map((r) => r.summary), show, setBudget: (n) => { app.budget = n; render(); },
  ready, formRun: () => form.last,
  setLecture, setTheme, setZoom, setPredict, answer, setSideBySide: setSide, setGraphView,
  snapshot: async (view, as) => { const s = await snapshot(view, as); return { name: s.name, type: s.type, size: s.blob.size, text: as === "svg" ? await s.blob.text() : null, head: [...new Uint8Array(await s.blob.slice(0, 8).arrayBuffer())] }; }, setCodeView: (v) => { app.codeView = v; render(); return state(); },
};
