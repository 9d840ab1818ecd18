// A state's picture, as SVG markup, from the `draw` object of docs/trace-format.md ("Drawings");
// a state without one, or of a kind not known here, is shown as its text.

import { EV } from "explorer/trace.js";

const CUT = EV.cut;

// Every value from a trace that goes into markup goes through `esc` (text) or is a number the
// reader checked (js/trace.js); a drawing whose fields are not the numbers its kind needs is shown
// as its state's text instead.
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

const isInt = (v) => Number.isInteger(v) && v >= 0;
const ints = (a, n) => Array.isArray(a) && (n === undefined || a.length === n) && a.every(isInt);
const dims = (d) => isInt(d.rows) && isInt(d.cols) && d.rows > 0 && d.cols > 0 && d.rows <= 64 && d.cols <= 64;
// Whether `d` holds what its kind draws, every field a small non-negative integer (a cube's
// stickers each one of the six colours).
const VALID = {
  tiles: (d) => dims(d) && ints(d.tiles, d.rows * d.cols),
  rotation: (d) => ints(d.cells, 24),
  maze: (d) => dims(d) && ints(d.walls, d.rows * d.cols) && (d.player === undefined || d.player === null || ints(d.player, 2)),
  stack: (d) => ints(d.sizes) && d.sizes.length > 0 && d.sizes.length <= 256,
  "cube-net": (d) => ints(d.stickers, 24) && d.stickers.every((c) => c < STICKER.length),
};

// The Rotation Game's # board: each cell's (row, column) on a 7x7 grid, cells numbered as its rules.
const ROTATION_CELLS = [
  [0, 2], [0, 4], [1, 2], [1, 4],
  [2, 0], [2, 1], [2, 2], [2, 3], [2, 4], [2, 5], [2, 6],
  [3, 2], [3, 4],
  [4, 0], [4, 1], [4, 2], [4, 3], [4, 4], [4, 5], [4, 6],
  [5, 2], [5, 4], [6, 2], [6, 4],
];
const ROTATION_CENTRE = new Set([6, 7, 8, 11, 12, 15, 16, 17]);
// Okabe-Ito colours for the symbols 1, 2, 3 and for pancakes.
const SYMBOL = ["#999999", "#E69F00", "#56B4E9", "#009E73"];

// The pocket cube's net: each face's column and row (in stickers) on a grid 8 wide and 6 high,
// faces in the drawing's order U R F D L B: U on top, L F R B in a row, D below F.
const NET_FACES = [[2, 0], [4, 2], [2, 2], [2, 4], [0, 2], [6, 2]];
const FACE_NAMES = ["U", "R", "F", "D", "L", "B"];
// The colours of the faces U R F D L B (white, red, green, yellow, orange, blue), bright enough
// to read on the lecture's black as on white: each sticker is framed by the dark cube body.
const STICKER = ["#ffffff", "#e8202a", "#1fb13f", "#ffd60a", "#ff8000", "#3d7eff"];

function cubeNet(d, size) {
  const cell = size / 8;
  const w = cell * 8, h = cell * 6;
  let s = `<svg class="board" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="pocket cube net">`;
  NET_FACES.forEach(([col, row], face) => {
    s += `<rect x="${col * cell}" y="${row * cell}" width="${2 * cell}" height="${2 * cell}" rx="${cell / 8}" class="cube-face"><title>${FACE_NAMES[face]}</title></rect>`;
    for (let k = 0; k < 4; k++) {
      const colour = d.stickers[face * 4 + k];
      const x = (col + (k % 2)) * cell, y = (row + Math.floor(k / 2)) * cell;
      s += `<rect x="${x + cell * 0.08}" y="${y + cell * 0.08}" width="${cell * 0.84}" height="${cell * 0.84}" rx="${cell / 10}" fill="${STICKER[colour]}" class="sticker" data-face="${FACE_NAMES[face]}" data-colour="${FACE_NAMES[colour]}"/>`;
    }
  });
  return s + "</svg>";
}

function tiles(d, size) {
  const cell = size / Math.max(d.rows, d.cols);
  const w = cell * d.cols, h = cell * d.rows;
  let s = `<svg class="board" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="sliding board">`;
  d.tiles.forEach((t, i) => {
    const x = (i % d.cols) * cell, y = Math.floor(i / d.cols) * cell;
    if (t === 0) {
      s += `<rect x="${x + 2}" y="${y + 2}" width="${cell - 4}" height="${cell - 4}" class="blank"/>`;
      return;
    }
    const home = t - 1 === i;
    s += `<rect x="${x + 2}" y="${y + 2}" width="${cell - 4}" height="${cell - 4}" rx="${cell / 10}" class="tile${home ? " home" : ""}"/>`;
    s += `<text x="${x + cell / 2}" y="${y + cell / 2}" font-size="${cell * 0.5}" class="tile-label">${esc(t)}</text>`;
  });
  return s + "</svg>";
}

function rotation(d, size) {
  const cell = size / 7;
  let s = `<svg class="board" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img" aria-label="rotation board">`;
  ROTATION_CELLS.forEach(([r, c], i) => {
    const v = d.cells[i];
    const x = c * cell, y = r * cell;
    s += `<rect x="${x + 1}" y="${y + 1}" width="${cell - 2}" height="${cell - 2}" fill="${SYMBOL[v] ?? "#fff"}" class="cell${ROTATION_CENTRE.has(i) ? " centre" : ""}"/>`;
    s += `<text x="${x + cell / 2}" y="${y + cell / 2}" font-size="${cell * 0.5}" class="tile-label">${esc(v)}</text>`;
  });
  return s + "</svg>";
}

function maze(d, size) {
  const cell = size / Math.max(d.rows, d.cols);
  const pad = cell * 0.6;
  const w = cell * d.cols + 2 * pad, h = cell * d.rows + 2 * pad;
  let s = `<svg class="board" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="maze">`;
  s += `<rect x="${pad}" y="${pad}" width="${cell * d.cols}" height="${cell * d.rows}" class="floor"/>`;
  d.walls.forEach((m, i) => {
    const x = pad + (i % d.cols) * cell, y = pad + Math.floor(i / d.cols) * cell;
    const line = (x1, y1, x2, y2) => `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" class="wall"/>`;
    if (m & 1) s += line(x, y, x, y + cell);
    if (m & 2) s += line(x, y, x + cell, y);
    if (m & 4) s += line(x + cell, y, x + cell, y + cell);
    if (m & 8) s += line(x, y + cell, x + cell, y + cell);
  });
  if (Array.isArray(d.player)) {
    const [r, c] = d.player;
    s += `<circle cx="${pad + (c + 0.5) * cell}" cy="${pad + (r + 0.5) * cell}" r="${cell * 0.3}" class="player"/>`;
  }
  return s + "</svg>";
}

function stack(d, size) {
  const n = d.sizes.length, big = Math.max(...d.sizes, 1);
  const row = Math.min(size / n, size / 6);
  let s = `<svg class="board" viewBox="0 0 ${size} ${row * n}" width="${size}" height="${row * n}" role="img" aria-label="pancake stack">`;
  d.sizes.forEach((p, i) => {
    const w = (size * 0.9 * p) / big;
    s += `<rect x="${(size - w) / 2}" y="${i * row + 2}" width="${w}" height="${row - 4}" rx="${row / 3}" fill="${SYMBOL[1 + (p % 3)]}" class="pancake"/>`;
    s += `<text x="${size / 2}" y="${i * row + row / 2}" font-size="${row * 0.55}" class="tile-label">${esc(p)}</text>`;
  });
  return s + "</svg>";
}

const KINDS = { tiles, rotation, maze, stack, "cube-net": cubeNet };

/** SVG (or preformatted text) markup for a state: `{text, draw}` as `Trace.stateOf` gives it. */
export function drawState(state, size = 180) {
  if (!state) return `<div class="no-state">(state not recorded)</div>`;
  const kind = state.draw?.kind;
  const k = typeof kind === "string" && Object.hasOwn(KINDS, kind) && VALID[kind](state.draw) ? KINDS[kind] : null;
  if (k) {
    try {
      return k(state.draw, size);
    } catch {
      // A drawing the page cannot read falls back to the text, as a missing one does.
    }
  }
  return `<pre class="state-text">${esc(state.text ?? "(no text)")}</pre>`;
}

export { esc };

// A sliding board's `tiles` drawing after the blank moves `mv` (U, D, L or R), or null.
export function slide(d, mv) {
  if (d?.kind !== "tiles" || !Array.isArray(d.tiles)) return null;
  const at = d.tiles.indexOf(0);
  const r = Math.floor(at / d.cols), c = at % d.cols;
  const to = { U: [r - 1, c], D: [r + 1, c], L: [r, c - 1], R: [r, c + 1] }[mv];
  if (at < 0 || !to || to[0] < 0 || to[0] >= d.rows || to[1] < 0 || to[1] >= d.cols) return null;
  const tiles = d.tiles.slice();
  const j = to[0] * d.cols + to[1];
  [tiles[at], tiles[j]] = [tiles[j], tiles[at]];
  return { ...d, tiles };
}

// Whether the trace's moves are the blank's directions: its first expanded children with boards
// are their parents' boards after `slide`. Asked once a trace.
export function blankMoves(t) {
  if (t.blankMoves !== undefined) return t.blankMoves;
  let checked = 0, ok = true;
  for (let n = 0; n < t.nodes && checked < 8; n++) {
    if (t.nKind[n] === CUT || t.nParent[n] < 0) continue;
    const child = t.stateOf(n)?.draw, parent = t.stateOf(t.nParent[n])?.draw;
    if (child?.kind !== "tiles" || parent?.kind !== "tiles") continue;
    const made = slide(parent, t.event(t.nFirstEv[n]).move);
    ok &&= !!made && made.tiles.join(" ") === child.tiles.join(" ");
    checked++;
  }
  t.blankMoves = ok && checked > 0;
  return t.blankMoves;
}

