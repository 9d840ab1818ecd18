// Writes one self-contained page with a trace inside: the reference for `explore --export`,
// which does the same in Rust. The steps:
//   1. the stylesheet's <link> becomes a <style> holding style.css;
//   2. the import map names every module (each file of js/, and d3-hierarchy) by a data: URL
//      holding its text, base64-encoded, so no file is fetched (a file:// page may not fetch);
//   3. the module script's src becomes an inline `import "explorer/main.js"`;
//   4. the trace goes into the embedded-trace element, every "</" written "<\/" (the same JSON,
//      and the element cannot end early).
//
//   node export.mjs TRACE.jsonl OUT.html
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const assets = join(dirname(fileURLToPath(import.meta.url)), "..");
const [trace, out] = process.argv.slice(2);
if (!trace || !out) {
  console.error("usage: node export.mjs TRACE.jsonl OUT.html");
  process.exit(2);
}
const data = (file) => `data:text/javascript;base64,${readFileSync(join(assets, file)).toString("base64")}`;
const imports = { "d3-hierarchy": data("vendor/d3-hierarchy/d3-hierarchy.mjs") };
for (const f of readdirSync(join(assets, "js"))) if (f.endsWith(".js")) imports[`explorer/${f}`] = data(`js/${f}`);

let html = readFileSync(join(assets, "index.html"), "utf8");
const replace = (pattern, text) => {
  if (!pattern.test(html)) throw new Error(`index.html has no ${pattern}`);
  html = html.replace(pattern, () => text);
};
replace(/<link rel="stylesheet" href="style.css">/, `<style>\n${readFileSync(join(assets, "style.css"), "utf8")}</style>`);
replace(/<script type="importmap">[\s\S]*?<\/script>/, `<script type="importmap">${JSON.stringify({ imports })}</script>`);
replace(/<script type="module" src="js\/main.js"><\/script>/, `<script type="module">import "explorer/main.js";</script>`);
replace(/<script type="application\/jsonl" id="embedded-trace"><\/script>/,
  `<script type="application/jsonl" id="embedded-trace">\n${readFileSync(trace, "utf8").replaceAll("</", "<\\/")}</script>`);
writeFileSync(out, html);
