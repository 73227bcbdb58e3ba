// Minifies a built site in place: its JavaScript and stylesheets (the
// sources keep their comments for readers, players download the code
// alone: a third of the gzipped size), and index.html's comments and
// indentation. sw.js is left as it is, for .ci/stamp-sw.mjs to stamp.
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { WORKER } from "./stamp-sw.mjs";

// esbuild is one of the npm build tools installed with the e2e tests.
const require = createRequire(new URL("../tests/e2e/package.json", import.meta.url));
const { transform } = require("esbuild");

// Names are minified too (2.6 KB of the first load): the page words its
// errors itself, from their messages, and no script reads a function's or
// class's own name (dom.js names the browser's element classes only).
const OPTIONS = {
  ".js": { minify: true, target: "es2022" },
  ".css": { loader: "css", minify: true },
};

// The page without comments or indentation. Only whitespace that starts a
// line goes, and a line break stays in its place, so that text keeps its
// spaces; the page has no <pre>, and its <textarea>s start empty.
function minifyHtml(html) {
  return html.replace(/<!--[\s\S]*?-->/g, "").replace(/\n\s+/g, "\n");
}

// `html` with each `integrity` hash trunk wrote (of the file before it was
// minified) made again from the file in `dir` as it now is: a browser
// refuses a stylesheet whose hash does not match.
async function rehash(html, dir) {
  const tags = /<(?:link|script)\b[^>]*?(?:href|src)="([^"]+)"[^>]*?integrity="(sha\d+)-[^"]*"/g;
  let out = html;
  for (const [tag, url, algorithm] of html.matchAll(tags)) {
    const digest = createHash(algorithm).update(await readFile(join(dir, url))).digest("base64");
    out = out.replace(tag, tag.replace(/integrity="[^"]*"/, `integrity="${algorithm}-${digest}"`));
  }
  return out;
}

/**
 * Minifies every .js and .css file under `dir` but the service worker, and
 * `dir`/index.html; resolves to the number of files minified.
 */
export async function minify(dir) {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name !== WORKER)
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => Object.keys(OPTIONS).some((ext) => path.endsWith(ext)));
  for (const path of files) {
    const source = await readFile(path, "utf8");
    const { code } = await transform(source, OPTIONS[path.slice(path.lastIndexOf("."))]);
    await writeFile(path, code);
  }
  const page = join(dir, "index.html");
  await writeFile(page, await rehash(minifyHtml(await readFile(page, "utf8")), dir));
  return files.length + 1;
}
