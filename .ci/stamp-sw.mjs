// Stamps a built site's sw.js with the build's content hash and file list, so
// that every deployment that changes any file gets a new cache (see www/sw.js).
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

/** Stamps `dir`/sw.js; resolves to `{ version, files }`. */
export async function stamp(dir) {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((file) => file !== WORKER)
    .sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(join(dir, file)));
  }
  const version = hash.digest("hex").slice(0, 16);
  const path = join(dir, WORKER);
  const source = await readFile(path, "utf8");
  const stamped = source
    .replace(/^const VERSION = .*;$/m, `const VERSION = ${JSON.stringify(version)};`)
    .replace(/^const FILES = .*;$/m, `const FILES = ${JSON.stringify(files)};`);
  if (!stamped.includes(version) || !stamped.includes(JSON.stringify(files))) {
    throw new Error(`${path} has no VERSION and FILES lines to stamp`);
  }
  await writeFile(path, stamped);
  return { version, files };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error("usage: node .ci/stamp-sw.mjs DIR (or run as a trunk hook)");
  const { version, files } = await stamp(dir);
  console.log(`sw.js: version ${version}, ${files.length} files`);
}
