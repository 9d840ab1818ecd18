// Building the page's elements from values without writing markup: a value from a trace (a name,
// a move, a reason) becomes a text node, never parsed as HTML, whatever characters it holds.

/**
 * A new element `tag` with `props` (`class`, `title`, `data-*` and other attributes; `text` for
 * its text) and `children` (elements, or strings and numbers made text nodes; null skipped).
 */
export function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") e.textContent = String(v);
    else e.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/** Puts a muted note (text only) in `box` in place of what it held. */
export function note(box, text, cls = "muted") {
  box.replaceChildren(el("p", { class: cls, text }));
}
