// Trunk's post-build hook (Trunk.toml), on the staging directory: builds the
// workers' wasm modules (the computer player, without and with threads,
// .ci/build-ai.mjs), bundles the
// page's modules (.ci/bundle.mjs), minifies the scripts, stylesheets and
// index.html (.ci/minify.mjs), moves the how-to-play pages out of index.html
// (.ci/split-help.mjs), writes the stylesheet and main.js into index.html
// (.ci/inline.mjs), then stamps sw.js with the result's hash and file list.
// One hook, so the six run in this order. By hand on a built site:
//
//   node .ci/post-build.mjs [dir=$TRUNK_STAGING_DIR]
import { buildAi, buildAiThreads, NAME } from "./build-ai.mjs";
import { bundle } from "./bundle.mjs";
import { inline } from "./inline.mjs";
import { minify } from "./minify.mjs";
import { HELP, splitHelp } from "./split-help.mjs";
import { stamp } from "./stamp-sw.mjs";

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error("usage: node .ci/post-build.mjs DIR (or run as a trunk hook)");
await buildAi(dir);
await buildAiThreads(dir);
const chunks = await bundle(dir);
const minified = await minify(dir);
const pages = await splitHelp(dir);
await inline(dir);
const { version, files } = await stamp(dir);
console.log(`${NAME} built; js/main.js bundled with ${chunks.length} chunks; ${minified} files minified; ${pages} help pages in ${HELP}; style.css and js/main.js in index.html; sw.js: version ${version}, ${files.length} files`);
