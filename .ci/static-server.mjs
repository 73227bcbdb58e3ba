// A static file server for the release site, as a plain static host would
// serve it, optionally under a sub-path and gzipped. Used by .ci/serve (gzipped,
// as hosts serve), the e2e tests and tests/bench/first_load.mjs (gzipped).
//
//   node .ci/static-server.mjs [dir=dist] [port=8080] [base=/]
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { createGzip } from "node:zlib";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};
// What a host that can set headers sends to make the site cross-origin
// isolated from its first load (the service worker does it from the second).
const ISOLATION = { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" };
// Already compressed: hosts send these as they are.
const STORED = new Set([".png", ".ico"]);

/**
 * Serves `dir` at `base` (a path starting and ending with "/") on 127.0.0.1,
 * with `gzip` compressing what a browser accepts gzipped and `isolate`
 * sending the headers of cross-origin isolation. Port 0 picks a free port. Resolves to `{ url, close }`, `url` ending in `base`.
 */
export async function serve(dir, { port = 0, base = "/", gzip = false, isolate = false } = {}) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const path = requestPath(req.url);
    // Like static hosts: the site's folder without its slash redirects, so
    // relative URLs resolve inside it.
    if (path !== "/" && `${path}/` === base) {
      res.writeHead(301, { location: base });
      res.end();
      return;
    }
    const file = path === null ? null : await resolveFile(root, base, path);
    if (!file) {
      res.writeHead(404, { "content-type": TYPES[".txt"] });
      res.end("not found\n");
      return;
    }
    const headers = { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-cache", ...(isolate && ISOLATION) };
    const zipped = gzip && !STORED.has(extname(file)) && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    if (zipped) Object.assign(headers, { "content-encoding": "gzip", vary: "accept-encoding" });
    res.writeHead(200, headers);
    const body = createReadStream(file);
    (zipped ? body.pipe(createGzip()) : body).pipe(res);
  });
  await new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", ok);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}${base}`,
    close: () =>
      new Promise((ok) => {
        server.close(ok);
        server.closeAllConnections();
      }),
  };
}

// The decoded path of a request URL, or null when it is malformed.
function requestPath(url) {
  try {
    return decodeURIComponent(new URL(url, "http://host").pathname);
  } catch {
    return null;
  }
}

// The file for a request path, or null when it is outside `base`, outside
// `root` or missing. A directory means its index.html.
async function resolveFile(root, base, path) {
  if (!path.startsWith(base)) return null;
  let file = join(root, path.slice(base.length));
  if (file !== root && !file.startsWith(root + sep)) return null;
  try {
    if ((await stat(file)).isDirectory()) file = join(file, "index.html");
    return (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dir = "dist", port = "8080", base = "/"] = process.argv.slice(2);
  const { url } = await serve(dir, { port: Number(port), base, gzip: true });
  console.log(`Mapello: ${url}  (Ctrl-C to stop)`);
}
