// Drives the page in headless Chromium through window.explorer and checks what it shows against
// the traces' own figures; saves screenshots; times a large trace's load and steps.
//
//   node --experimental-websocket browser-check.mjs SHOTS_DIR [LARGE.jsonl]
// (make LARGE with `node make-traces.mjs large FILE`; without it the timing part is skipped).
import { execFileSync } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launch } from "./cdp.mjs";

const assets = join(dirname(fileURLToPath(import.meta.url)), "..");
const [shots, large] = process.argv.slice(2);
mkdirSync(shots, { recursive: true });
let failures = 0;
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
};
const page = `file://${assets}/index.html`;
const example = (name) => readFileSync(join(assets, "examples", name), "utf8");

const b = await launch({ args: ["--allow-file-access-from-files"] });
try {
  // An 8-puzzle run, stepped one event at a time through every iteration.
  await b.open(`${page}?trace=examples/eight-puzzle-3-iterations.jsonl`);
  await b.eval("explorer.ready");
  const lines = example("eight-puzzle-3-iterations.jsonl").trim().split("\n").map((l) => JSON.parse(l));
  const ends = lines.filter((e) => e.ev === "iteration_end");
  const stats = lines[lines.length - 1];
  let s = await b.eval("explorer.seek(0)");
  let k = 0, ok = true;
  while (s.kind !== "stats") {
    s = await b.eval("explorer.step(1)");
    if (s.kind === "iteration_end") {
      const d = ends[k++];
      ok &&= s.iterationGenerated === d.generated && s.iterationExpanded === d.expanded && s.pruned === d.pruned && s.leastCut === d.next_bound && s.agree === true;
      ok &&= s.treeNodes === d.generated + 1;
      if (!ok) console.log("at iteration end", k, s, d);
    }
  }
  check(ok && k === ends.length, `stepping: every iteration's counters and tree nodes drawn equal the driver's (${k} iterations)`);
  check(s.generated === stats.generated && s.expanded === stats.expanded, `the totals equal the driver's stats (${s.generated} generated, ${s.expanded} expanded)`);
  s = await b.eval("explorer.toSolution()");
  const goal = lines.find((e) => e.ev === "goal");
  check(s.kind === "goal" && s.current === goal.id, "jump to the solution lands on the goal");
  check(s.path.length === stats.cost + 1 && s.pathStates[0] === lines[2].state && s.pathStates[stats.cost] === "1 2 3\n4 5 6\n7 8 0", `the path holds the start, the ${stats.cost - 1} nodes between and the goal board`);
  await b.screenshot(join(shots, "eight-puzzle-goal.png"));
  s = await b.eval("explorer.previousIteration(), explorer.nextIteration(), explorer.step(8)");
  check(s.iteration === 3 && s.kind !== "stats", "next iteration, then 8 events on, is inside iteration 3");
  await b.screenshot(join(shots, "eight-puzzle-iteration-3.png"));
  // The keys and playback.
  s = await b.eval("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' })), explorer.state()");
  const keyed = await b.eval("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' })), explorer.state()");
  check(keyed.cursor === s.cursor - 1, "the arrow keys step forward and back");
  const played = await b.eval(`(async () => {
    document.getElementById("speed").value = "30";
    const from = explorer.state().cursor;
    explorer.play();
    await new Promise((r) => setTimeout(r, 400));
    explorer.pause();
    return explorer.state().cursor - from;
  })()`);
  check(played > 0, `play moves the cursor on (${played} events in 0.4 s at 30 a second)`);
  s = await b.eval("explorer.seek(" + (lines.findIndex((e) => e.ev === "iteration_start" && e.bound === ends[2].bound) - 1 + 8) + ")");
  const before = s.cursor;
  s = await b.eval("explorer.endOfSubtree()");
  check(s.cursor > before, `end of subtree moves forward (${before} to ${s.cursor})`);
  await b.screenshot(join(shots, "eight-puzzle-full.png"), { height: 2300 });

  // A malformed trace: the page names the line and what is wrong.
  const bad = example("eight-puzzle-3-iterations.jsonl").split("\n");
  bad[4] = bad[4].replace('"id":', '"idd":');
  const msg = await b.eval(`explorer.load(${JSON.stringify(bad.join("\n"))}, "broken.jsonl").then(() => "loaded", (e) => e.message)`);
  check(/line 5: (expand|cut) needs an integer id/.test(msg), `a malformed trace is refused with its line: "${msg}"`);
  const notJson = await b.eval(`explorer.load('{"format":"ida-star-trace","version":1,"puzzle":"p","instance":"i","algorithm":"ida"}\\n{oops', "bad.jsonl").then(() => "loaded", (e) => e.message)`);
  check(/line 2: not JSON/.test(notJson), `a line that is not JSON is named: "${notJson}"`);
  await b.screenshot(join(shots, "malformed.png"), { height: 500 });

  // No solution.
  await b.eval(`explorer.load(${JSON.stringify(example("eight-puzzle-unsolvable.jsonl"))}, "unsolvable.jsonl")`);
  const none = await b.eval("document.getElementById('outcome').textContent");
  check(/^No solution: the tiles' permutation/.test(none), `an unsolvable instance says so: "${none}"`);
  await b.screenshot(join(shots, "no-solution.png"), { height: 500 });

  // A* beside IDA*: the comparison table.
  await b.eval(`explorer.load(${JSON.stringify(example("eight-puzzle-astar.jsonl"))}, "astar.jsonl")`);
  const runs = await b.eval("explorer.runs()");
  const astar = runs[runs.length - 1];
  const ida = runs.find((r) => r.algorithm === "ida");
  check(runs.length === 3 && astar.answer.startsWith(`cost ${stats.cost}`), `A* and IDA* compared: both cost ${stats.cost} (A* peak ${astar.peak}, IDA* peak ${ida.peak})`);
  s = await b.eval("explorer.seek(30)");
  check(s.treeNodes > 0, `the A* tree draws ${s.treeNodes} nodes at event 30`);
  await b.screenshot(join(shots, "astar-compare.png"), { height: 2300 });

  // The other puzzles' drawings, each on a one-node trace; and a state with no drawing.
  const oneNode = (puzzle, state, draw) => [
    { format: "ida-star-trace", version: 1, puzzle, instance: state, algorithm: "ida", heuristic: "zero", event_cap: 10 },
    { ev: "iteration_start", bound: 0 },
    { ev: "expand", id: 0, parent: null, move: null, depth: 0, g: 0, h: 0, state, ...(draw ? { draw } : {}) },
    { ev: "iteration_end", bound: 0, generated: 0, expanded: 1, pruned: 0, next_bound: null },
    { ev: "stats", generated: 1, expanded: 1, iterations: [{ bound: 0, generated: 0, expanded: 1 }], peak: 1, elapsed_ms: 0, outcome: "no-solution", reason: "a drawing fixture: the tree is exhausted" },
  ].map((l) => JSON.stringify(l)).join("\n");
  const rotation = [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3];
  const walls = [10, 2, 10, 10, 2, 6, 3, 12, 11, 14, 9, 4, 13, 15, 3, 6, 15, 13, 14, 11, 12, 9, 14, 11];
  const drawings = [
    ["rotation", rotation.join(" "), { kind: "rotation", cells: rotation }, "rotation board"],
    ["wall-pusher", "sample", { kind: "maze", rows: 4, cols: 6, walls, player: [2, 1] }, "maze"],
    ["pancake", "3 1 4 2 5", { kind: "stack", sizes: [3, 1, 4, 2, 5] }, "pancake stack"],
    ["pocket-cube", "UUUURRRRFFFFDDDDLLLLBBBB", { kind: "cube-net", stickers: [0, 1, 2, 3, 4, 5].flatMap((f) => [f, f, f, f]) }, "pocket cube net"],
    ["my-puzzle", "a state\nwith no drawing", null, null],
  ];
  for (const [puzzle, text, draw, label] of drawings) {
    await b.eval(`explorer.load(${JSON.stringify(oneNode(puzzle, text, draw))}, "${puzzle}.jsonl").then(() => explorer.seek(1))`);
    const shown = await b.eval("(document.querySelector('#node-board svg.board') || {}).ariaLabel ?? document.querySelector('#node-board pre')?.textContent");
    check(shown === (label ?? text), `the ${puzzle} state is drawn as ${label ?? "its text"}`);
    await b.screenshot(join(shots, `drawing-${puzzle}.png`), { height: 800 });
  }

  // The 2x3 board's whole state space.
  await b.eval(`explorer.load(${JSON.stringify(example("sliding-2x3-state-space.jsonl"))}, "2x3.jsonl")`);
  s = await b.eval("explorer.nextIteration(), explorer.nextIteration(), explorer.nextIteration(), explorer.step(40)");
  const caption = await b.eval("document.getElementById('graph-caption').textContent");
  check(/^360 states/.test(caption), `the state space is drawn: "${caption}"`);
  await b.screenshot(join(shots, "state-space.png"), { height: 2600 });

  if (b.logs.length) console.log(b.logs.join("\n"));
  check(!b.logs.some((l) => l.startsWith("exception")), "no uncaught exceptions");
} finally {
  await b.close();
}

// An exported page, opened from a file by a browser allowed no file access: all inline.
const lines = example("eight-puzzle-3-iterations.jsonl").trim().split("\n");
const exported = join(shots, "exported.html");
execFileSync("node", [join(assets, "tests/export.mjs"), join(assets, "examples/eight-puzzle-3-iterations.jsonl"), exported]);
const e = await launch({ port: 9334 });
try {
  await e.open(`file://${exported}`);
  await e.eval("new Promise((r) => { const w = () => window.explorer ? window.explorer.ready.then(r) : setTimeout(w, 50); w(); })");
  const s = await e.eval("explorer.nextIteration(), explorer.state()");
  check(s.events === lines.length - 1 && s.iteration === 2, `the exported page works from file:// (${s.events} events, iteration ${s.iteration})`);
  await e.screenshot(join(shots, "exported.png"), { height: 900 });
  if (e.logs.length) console.log(e.logs.join("\n"));
} finally {
  await e.close();
}
// Served over HTTP, as the explorer's server will: the page fetches its trace and reads it as it
// streams in. A plain static server stands in for the server, `/large.jsonl` the large trace.
const types = { html: "text/html", js: "text/javascript", mjs: "text/javascript", css: "text/css", jsonl: "application/jsonl" };
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const file = path === "/large.jsonl" && large ? large : join(assets, path);
  if (path.includes("..") || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { "content-type": "text/plain" });
    return res.end(`no such file: ${path}`);
  }
  res.writeHead(200, { "content-type": types[file.split(".").pop()] ?? "application/octet-stream" });
  createReadStream(file).pipe(res);
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const http = `http://127.0.0.1:${server.address().port}`;
{
  const b = await launch({ port: 9336 });
  try {
    await b.open(`${http}/index.html?trace=examples/sliding-2x3-state-space.jsonl`);
    const s = await b.eval("explorer.ready.then(() => explorer.seek(1e9))");
    const last = JSON.parse(example("sliding-2x3-state-space.jsonl").trim().split("\n").at(-1));
    check(s.kind === "stats" && s.generated === last.generated && s.agree === true, `over HTTP the trace streams in and its totals agree (${s.generated} generated)`);
    const missing = await b.eval("explorer.loadUrl('examples/nothing.jsonl').then(() => 'loaded', (e) => e.message)");
    check(/HTTP 404: no such file/.test(missing), `a URL that fails says so: "${missing}"`);
  } finally {
    await b.close();
  }
}

// A large run, in a browser of its own: load time, then step and seek times.
if (large) {
  const b = await launch({ port: 9335 });
  try {
    await b.open(`${http}/index.html`);
    await b.eval("explorer.ready");
    // A large run: load time, then step and seek times (medians), each as the script's own time
    // and as the time to the next frame drawn.
    const t = await b.eval(`(async () => {
      const t0 = performance.now();
      await explorer.loadUrl("/large.jsonl");
      const load = performance.now() - t0;
      const st = explorer.state();
      const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
      const time = async (n, f) => {
        const js = [], shown = [];
        for (let i = 0; i < n; i++) {
          const a = performance.now();
          f(i);
          js.push(performance.now() - a);
          await frame();
          shown.push(performance.now() - a);
        }
        return { js: median(js), frame: median(shown) };
      };
      explorer.seek(st.events * 0.4);
      const step = await time(100, () => explorer.step(1));
      const back = await time(50, () => explorer.step(-1));
      const seek = await time(30, (i) => explorer.seek(Math.floor(((i * 7919) % 1000) / 1000 * st.events)));
      const iter = await time(6, () => explorer.nextIteration());
      explorer.seek(st.events * 0.9);
      const deep = explorer.state();
      const driver = explorer.runs().at(-1);
      const lastEnd = explorer.seek(st.events - 2);
      const summed = lastEnd.kind === "iteration_end" && lastEnd.generated === driver.generated && lastEnd.expanded === driver.expanded;
      return { load, events: st.events, step, back, seek, iter, deepTree: deep.treeNodes, deepHidden: deep.hiddenNodes, truncated: st.truncated, summed };
    })()`);
    const f = (x) => `${x.js.toFixed(1)} ms (frame ${x.frame.toFixed(1)} ms)`;
    console.log(`large trace: ${t.events} events loaded in ${t.load.toFixed(0)} ms; medians: step ${f(t.step)}, step back ${f(t.back)}, seek ${f(t.seek)}, next iteration ${f(t.iter)}; at 90%: ${t.deepTree} nodes drawn, ${t.deepHidden} collapsed`);
    check(t.truncated && t.summed, "past the cap, the last iteration's end shows the driver's totals");
    check(t.load < 30000 && t.step.frame < 250, "a large trace loads and steps without freezing the page");
    await b.screenshot(join(shots, "large.png"));

    if (b.logs.length) console.log(b.logs.join("\n"));
  } finally {
    await b.close();
  }
}
server.close();
console.log(failures ? `${failures} check(s) failed` : "all checks passed");
process.exit(failures ? 1 : 0);
