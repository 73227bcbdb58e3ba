// Moves the how-to-play pages (the help dialog's `<article data-help-page>`
// elements) out of a built index.html into help.html, which js/help.js
// fetches once the board is playable, or when the dialog first opens. They
// are a third of the page and nobody reads them before the first move:
// about 3 KB less, gzipped, before the board can be played (see
// docs/benchmarks.md, "First load on a slow phone"). The source keeps them
// in www/index.html, where they are written. Run from .ci/post-build.mjs
// after the minifier, or by hand on a built site:
//
//   node .ci/split-help.mjs [dir=$TRUNK_STAGING_DIR]
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The file the pages go to, beside index.html; js/help.js names it too. */
export const HELP = "help.html";

/** Moves the help pages of `dir`/index.html into `dir`/help.html; resolves to their count. */
export async function splitHelp(dir) {
  const path = join(dir, "index.html");
  const page = await readFile(path, "utf8");
  const start = page.indexOf('<dialog id="help"');
  const end = page.indexOf("</dialog>", start);
  if (start < 0 || end < 0) throw new Error(`${path} has no help dialog`);
  const dialog = page.slice(start, end);
  const articles = dialog.match(/<article data-help-page="[^"]+"[^>]*>[\s\S]*?<\/article>\n?/g) ?? [];
  if (!articles.length) throw new Error(`${path}: the help dialog has no <article data-help-page>`);
  const rest = articles.reduce((text, article) => text.replace(article, ""), dialog);
  if (rest.includes("<article")) throw new Error(`${path}: an article of the help dialog is not a help page`);
  await writeFile(join(dir, HELP), articles.join(""));
  await writeFile(path, page.slice(0, start) + rest + page.slice(end));
  return articles.length;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error("usage: node .ci/split-help.mjs DIR (or run from a trunk hook)");
  console.log(`${await splitHelp(dir)} help pages moved to ${HELP}`);
}
