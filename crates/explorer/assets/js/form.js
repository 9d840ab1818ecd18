// The run form: a puzzle, an instance typed in the puzzle program's own input format (or a preset,
// or a random one at a chosen distance from the goal), an algorithm, a heuristic and an event cap,
// run by the server's drivers (`POST /api/run`) and read as the trace streams in.
//
// The form is shown only when a server answers `/api/puzzles`: a page opened from a file (an
// export) or served by a plain file server has no search to run, and keeps it hidden.
//
// A malformed instance is answered 400 with the parser's message; that message alone is shown
// beside the instance, and nothing else on the page changes.

const $ = (id) => document.getElementById(id);

function option(value, text = value) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}

// The size `/api/random` takes: the sliding puzzle's width, the other puzzles' count of pieces,
// both read off the instance in the box (the puzzle's default when it holds none).
function sizeOf(puzzle, instance) {
  const tokens = instance.trim() ? instance.trim().split(/\s+/).length : 0;
  if (puzzle === "sliding") return Math.round(Math.sqrt(tokens));
  return tokens;
}

export class RunForm {
  /**
   * `load(response)` reads a run's streamed trace (a `fetch` response answered 200) and
   * resolves to its summary.
   */
  constructor(load) {
    this.load = load;
    this.listing = null;
    /** The header of the run shown last, put in the form once the form is filled. */
    this.followed = null;
    /** The latest run started from the form: resolves to its summary, rejects with the message shown. */
    this.last = null;
  }

  /** Asks the server what it offers; shows the form if it answers. Resolves to whether it did. */
  async start() {
    if (location.protocol === "file:") return false;
    try {
      const r = await fetch("/api/puzzles");
      if (!r.ok) return false;
      this.listing = await r.json();
    } catch {
      return false;
    }
    const puzzles = this.listing.puzzles;
    if (!puzzles?.length) return false;
    $("f-puzzle").replaceChildren(...puzzles.map((p) => option(p.name)));
    $("f-algorithm").replaceChildren(...this.listing.algorithms.map((a) => option(a)));
    $("f-cap").value = this.listing.event_cap;
    $("f-cap").max = this.listing.max_cap;
    $("f-puzzle").addEventListener("change", () => this.puzzleChosen());
    $("f-preset").addEventListener("change", () => this.presetChosen());
    $("f-instance").addEventListener("input", () => {
      this.clearError();
      // Edited: no longer the preset the menu names.
      const i = $("f-preset").value;
      if (i !== "" && this.puzzle().presets[Number(i)].instance !== $("f-instance").value) $("f-preset").value = "";
    });
    $("f-random").addEventListener("click", () => { this.random().catch(() => {}); });
    $("run-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.last = this.run();
      this.last.catch(() => {}); // shown beside the instance or in the message line
    });
    this.puzzleChosen();
    if (this.followed) this.follow(this.followed);
    $("run-form").hidden = false;
    return true;
  }

  /**
   * Puts the run of `header` (a trace's) in the form: its puzzle, instance, algorithm, heuristic
   * and cap, so that the next Run can change one of them and be compared with it.
   */
  follow(header) {
    this.followed = header;
    const p = this.listing?.puzzles.find((q) => q.name === header.puzzle);
    if (!p) return;
    $("f-puzzle").value = p.name;
    this.puzzleChosen();
    $("f-instance").value = header.instance;
    const preset = p.presets.findIndex((s) => s.instance === header.instance);
    $("f-preset").value = preset >= 0 ? String(preset) : "";
    if (this.listing.algorithms.includes(header.algorithm)) $("f-algorithm").value = header.algorithm;
    if (p.heuristics.includes(header.heuristic)) $("f-heuristic").value = header.heuristic;
    if (Number.isInteger(header.event_cap)) $("f-cap").value = header.event_cap;
  }

  puzzle() {
    return this.listing.puzzles.find((p) => p.name === $("f-puzzle").value);
  }

  puzzleChosen() {
    const p = this.puzzle();
    $("f-heuristic").replaceChildren(...p.heuristics.map((h) => option(h)));
    $("f-preset").replaceChildren(option("", "(typed)"), ...p.presets.map((s, i) => option(String(i), s.name)));
    $("f-random").disabled = !p.random;
    $("f-distance").disabled = !p.random;
    if (p.presets.length) {
      $("f-preset").value = "0";
      this.presetChosen();
    } else {
      $("f-instance").value = "";
    }
  }

  presetChosen() {
    const i = $("f-preset").value;
    if (i !== "") $("f-instance").value = this.puzzle().presets[Number(i)].instance;
    this.clearError();
  }

  clearError() {
    $("f-error").hidden = true;
    $("f-error").textContent = "";
  }

  showError(text) {
    $("f-error").textContent = text;
    $("f-error").hidden = false;
  }

  /** Fills the instance box with a random instance at the distance chosen. */
  async random() {
    const puzzle = $("f-puzzle").value;
    // A rectangular board ("3x2: ...") has no random instances from the server, which makes
    // square boards only: said, rather than a square board put in its place.
    const shape = puzzle === "sliding" && /^\s*(\d+)\s*x\s*(\d+)\s*:/i.exec($("f-instance").value);
    if (shape && shape[1] !== shape[2]) {
      const text = `Random boards are square (2x2 to 5x5): there is no random ${shape[1]}x${shape[2]} board. Type one, or choose a square preset first.`;
      this.showError(text);
      throw new Error(text);
    }
    const q = new URLSearchParams({ puzzle, size: sizeOf(puzzle, $("f-instance").value), moves: $("f-distance").value || "0" });
    const r = await fetch(`/api/random?${q}`);
    if (!r.ok) {
      const text = await r.text();
      this.showError(text);
      throw new Error(text);
    }
    $("f-instance").value = (await r.json()).instance;
    $("f-preset").value = "";
    this.clearError();
    return $("f-instance").value;
  }

  /** The form's request: what Run posts. */
  request() {
    const body = {
      puzzle: $("f-puzzle").value,
      instance: $("f-instance").value,
      algorithm: $("f-algorithm").value,
      heuristic: $("f-heuristic").value,
    };
    const cap = $("f-cap").value.trim();
    if (cap !== "") body.cap = Number(cap);
    return body;
  }

  /** Posts the form's run; resolves to its summary once its trace is read. */
  async run() {
    this.clearError();
    const button = $("f-run");
    button.disabled = true;
    try {
      const r = await fetch("/api/run", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(this.request()),
      });
      if (!r.ok) {
        // The parser's message (or the name the server does not know), as the server wrote it.
        const text = (await r.text()).trim() || `HTTP ${r.status}`;
        this.showError(text);
        throw new Error(text);
      }
      return await this.load(r);
    } finally {
      button.disabled = false;
    }
  }
}
