// Writes the page's stylesheet (style.css) and entry script (js/main.js)
// into a built index.html, at the end of its head, and removes the two
// files. On a slow link the page's own response is then the first screen's
// script and styles as well: they arrive in the round trip in which the
// requests for what the head links to (the wasm module and its glue, the
// shared chunk) go out and wait, where the link stood idle before (see
// docs/benchmarks.md, "First load on a slow phone"). The links stay first
// in the head, so that the browser sends those requests before it has read
// the inlined text. main.js's relative URLs (its imports and the workers'
// `new URL("./…", import.meta.url)`) are written relative to the page
// instead of js/; no other module imports main.js, so inlining it gives no
// module twice. Run from .ci/post-build.mjs after the minifier, or by hand
// on a built site:
//
//   node .ci/inline.mjs [dir=$TRUNK_STAGING_DIR]
import { access, readFile, rm, writeFile } from "node:fs/promises";
import { join, posix } from "node:path";
import { pathToFileURL } from "node:url";

const STYLE = "style.css";
const ENTRY = "js/main.js";

// The relative URLs of an esbuild bundle: `from"…"` and `import"…"`
// (static imports), `import("…")` (dynamic ones) and `new URL("…",
// import.meta.url)`. Every `import.meta` must be one of the last.
const RELATIVE = /((?:\bfrom|\bimport)\s*\(?\s*|new URL\(\s*)"(\.\.?\/[^"]+)"(\s*,\s*import\.meta\.url\s*\))?/g;

// `source`, a module of js/, with its relative URLs rebased on the page's
// folder; each must name a file of `dir`.
async function rebase(source, dir) {
  const urls = [];
  const out = source.replace(RELATIVE, (all, before, url, meta) => {
    if (before.startsWith("new URL") && !meta) return all;
    const path = posix.normalize(posix.join(posix.dirname(ENTRY), url));
    urls.push(path);
    return `${before}"./${path}"${meta ?? ""}`;
  });
  const metas = out.match(/import\.meta/g)?.length ?? 0;
  const rebased = out.match(/new URL\(\s*"[^"]+"\s*,\s*import\.meta\.url\s*\)/g)?.length ?? 0;
  if (metas !== rebased) throw new Error(`${ENTRY} uses import.meta other than in new URL("./…", import.meta.url)`);
  for (const path of urls) await access(join(dir, path));
  return out;
}

/** Inlines `dir`/style.css and `dir`/js/main.js into `dir`/index.html and removes them. */
export async function inline(dir) {
  const path = join(dir, "index.html");
  const page = await readFile(path, "utf8");
  const link = page.match(new RegExp(`<link rel="stylesheet" href="(?:\\./)?${STYLE}"[^>]*>\\n?`));
  const script = `<script type="module" src="${ENTRY}"></script>`;
  if (!link || !page.includes(script)) throw new Error(`${path} links no ${STYLE} or has no ${script}`);
  const css = await readFile(join(dir, STYLE), "utf8");
  const js = await rebase(await readFile(join(dir, ENTRY), "utf8"), dir);
  if (/<\/(?:style|script)/i.test(css + js)) throw new Error(`${STYLE} or ${ENTRY} would close its element early`);
  const inlined = `<style>${css}</style>\n<script type="module">${js}</script>\n`;
  const rest = page.replace(link[0], "").replace(`${script}\n`, "").replace(script, "");
  if (!rest.includes("</head>")) throw new Error(`${path} has no </head>`);
  await writeFile(path, rest.replace("</head>", `${inlined}</head>`));
  await rm(join(dir, STYLE));
  await rm(join(dir, ENTRY));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error("usage: node .ci/inline.mjs DIR (or run from a trunk hook)");
  await inline(dir);
  console.log(`${STYLE} and ${ENTRY} inlined into index.html`);
}
