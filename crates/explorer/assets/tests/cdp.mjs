// A minimal Chrome DevTools Protocol client: enough to start headless Chromium, open a page,
// evaluate expressions in it and save screenshots. Needs Node's WebSocket (Node 22, or Node 20
// run with --experimental-websocket).
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export async function launch({ chromium = "/usr/bin/chromium", port = 9333, args = [] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "explorer-chromium-"));
  const proc = spawn(chromium, [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    `--user-data-dir=${dir}`, `--remote-debugging-port=${port}`, "--window-size=1600,1200", ...args, "about:blank",
  ], { stdio: "ignore" });
  let version;
  for (let i = 0; i < 100 && !version; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      version = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
    } catch {
      // Not listening yet.
    }
  }
  if (!version) throw new Error("chromium did not start");
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const page = targets.find((t) => t.type === "page");
  const ws = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise((r, j) => { ws.onopen = r; ws.onerror = j; });
  let next = 1;
  const waiting = new Map();
  const listeners = [];
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.id && waiting.has(msg.id)) {
      const { resolve, reject } = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (msg.error) reject(new Error(msg.error.message));
      else resolve(msg.result);
    } else if (msg.method) for (const l of listeners) l(msg);
  };
  let closed = null;
  ws.onclose = () => {
    closed = new Error(`the browser closed the connection (exit code ${proc.exitCode})`);
    for (const { reject } of waiting.values()) reject(closed);
    waiting.clear();
  };
  const send = (method, params = {}) => new Promise((resolve, reject) => {
    if (closed) return reject(closed);
    const id = next++;
    waiting.set(id, { resolve, reject });
    ws.send(JSON.stringify({ id, method, params }));
  });
  await send("Page.enable");
  await send("Runtime.enable");
  const logs = [];
  listeners.push((m) => {
    if (m.method === "Runtime.exceptionThrown") logs.push(`exception: ${m.params.exceptionDetails.exception?.description ?? m.params.exceptionDetails.text}`);
    if (m.method === "Runtime.consoleAPICalled") logs.push(`console.${m.params.type}: ${m.params.args.map((a) => a.value ?? a.description).join(" ")}`);
  });
  return {
    logs,
    async open(url) {
      const loaded = new Promise((r) => listeners.push((m) => m.method === "Page.loadEventFired" && r()));
      await send("Page.navigate", { url });
      let timer;
      const late = new Promise((_, j) => { timer = setTimeout(() => j(new Error(`${url} did not load in 60 s`)), 60000); });
      await Promise.race([loaded, late]).finally(() => clearTimeout(timer));
    },
    async eval(expression) {
      const r = await send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
      if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
      return r.result.value;
    },
    async screenshot(file, { width = 1600, height = 1200 } = {}) {
      await send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false });
      const r = await send("Page.captureScreenshot", { format: "png" });
      writeFileSync(file, Buffer.from(r.data, "base64"));
    },
    send,
    async close() {
      try { await send("Browser.close"); } catch { /* closing */ }
      ws.close();
      proc.kill();
    },
  };
}
