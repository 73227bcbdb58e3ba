// Stamps a built site's sw.js with the build's content hash, the files it
// caches with the site and those it caches when fetched, so that every
// deployment that changes any file gets a new cache (see www/sw.js).
// Run by trunk after each build (from .ci/post-build.mjs, on the staging
// directory, once the scripts are minified), or by hand on a built site:
//
//   node .ci/stamp-sw.mjs [dir=$TRUNK_STAGING_DIR]
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";

/** The service worker, which this stamps and the minifier leaves as it is. */
export const WORKER = "sw.js";

/**
 * Files fetched only by the games that need them (the pattern tables, which
 * only Othello and Reversi on 8 x 8 use, and the threaded workers' module,
 * which only the expert levels' shared solves use): the worker caches each
 * the first time it is fetched, never with the site.
 * @param {string} file
 */
export function onDemand(file) {
  return file.startsWith("net/") || file.startsWith("mt/");
}

const digest = (/** @type {import("node:crypto").BinaryLike[]} */ ...parts) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex").slice(0, 16);
};

/** Stamps `dir`/sw.js; resolves to `{ version, files, fetched }`. */
export async function stamp(dir) {
  const all = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((file) => file !== WORKER)
    .sort();
  const parts = [];
  /** @type {Record<string, string>} */
  const fetched = {};
  for (const file of all) {
    const bytes = await readFile(join(dir, file));
    parts.push(`${file}\0`, bytes);
    // A file fetched on demand is cached under its content's hash, so an
    // unchanged one outlives the versions of the site.
    if (onDemand(file)) fetched[file] = digest(bytes);
  }
  const version = digest(...parts);
  const files = all.filter((file) => !onDemand(file));
  const path = join(dir, WORKER);
  const source = await readFile(path, "utf8");
  const stamped = source
    .replace(/^const VERSION = .*;$/m, `const VERSION = ${JSON.stringify(version)};`)
    .replace(/^const FILES = .*;$/m, `const FILES = ${JSON.stringify(files)};`)
    .replace(/^const ON_DEMAND = .*;$/m, `const ON_DEMAND = ${JSON.stringify(fetched)};`);
  if (!stamped.includes(version) || !stamped.includes(JSON.stringify(files)) || !stamped.includes(JSON.stringify(fetched))) {
    throw new Error(`${path} has no VERSION, FILES and ON_DEMAND lines to stamp`);
  }
  await writeFile(path, stamped);
  return { version, files, fetched };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error("usage: node .ci/stamp-sw.mjs DIR (or run as a trunk hook)");
  const { version, files, fetched } = await stamp(dir);
  console.log(`sw.js: version ${version}, ${files.length} files, ${Object.keys(fetched).length} on demand`);
}
