// A view of the page saved for slides: the tree or the state space as a standalone SVG (each
// element's computed style written into it, so it looks the same outside the page) or as a PNG
// drawn from that SVG at twice its size.

const SVG = "http://www.w3.org/2000/svg";
const PROPS = ["fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-linecap", "opacity", "font-size",
  "font-weight", "font-family", "text-anchor", "dominant-baseline", "display"];

/** The SVG element `svg` as a standalone document's text, styles inlined, on the page's paper. */
export function svgText(svg) {
  const copy = svg.cloneNode(true);
  const from = [svg, ...svg.querySelectorAll("*")];
  const to = [copy, ...copy.querySelectorAll("*")];
  from.forEach((e, i) => {
    const cs = getComputedStyle(e);
    const style = PROPS.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(";");
    to[i].setAttribute("style", style);
    to[i].removeAttribute("class");
    to[i].removeAttribute("tabindex");
  });
  const view = svg.viewBox.baseVal;
  const w = Number(svg.getAttribute("width")) || view.width, h = Number(svg.getAttribute("height")) || view.height;
  copy.setAttribute("xmlns", SVG);
  copy.setAttribute("width", w);
  copy.setAttribute("height", h);
  copy.removeAttribute("id");
  const paper = document.createElementNS(SVG, "rect");
  paper.setAttribute("width", "100%");
  paper.setAttribute("height", "100%");
  paper.setAttribute("x", String(view.x));
  paper.setAttribute("y", String(view.y));
  paper.setAttribute("fill", getComputedStyle(document.body).backgroundColor);
  copy.insertBefore(paper, copy.firstChild);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

/** The SVG text drawn into a PNG at `scale` times its size: resolves to a Blob. */
export async function pngOf(text, scale = 2) {
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    await new Promise((resolve, reject) => {
      img.onload = resolve;
      img.onerror = () => reject(new Error("the view could not be drawn as an image"));
      img.src = url;
    });
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(img.width * scale);
    canvas.height = Math.ceil(img.height * scale);
    canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Offers `blob` to the user as a download named `name`. */
export function download(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
