// A first visit on a slow phone: how long until the board can be played,
// and how many bytes crossed the network by then. It serves dist/ (or
// $MAPELLO_DIST) gzipped, as hosts serve it, opens the page cold (a fresh
// profile: no HTTP cache, no service worker) in headless Chromium with the
// CPU slowed down and the link throttled through the DevTools protocol, and
// times the page from navigation start until its status first reads
// "You (black) to move". It prints each run, the median, and the files the
// page had received by then with their size on the wire (gzipped), and
// when the last of them arrived (what follows is the page's own work); with
// --trace, the last run's requests in the order sent, each with when it was
// sent, when its first byte and its last arrived: on a 400 ms link each
// request that waits for another before it is sent costs a round trip.
//   node tests/bench/first_load.mjs [--runs 5] [--cpu 4] [--kbps 400] [--rtt 400] [--trace]
// after `trunk build --release`. The defaults are the issue's slow phone:
// 4x CPU slowdown, 400 kbps down and up, 400 ms round trip ("slow 3G");
// `--cpu 1 --kbps 0 --rtt 0` measures without any throttling. Other work
// on the machine slows the CPU further: compare figures taken on a quiet one.
import { parseArgs } from "node:util";
import { dist, launch } from "../e2e/browser.mjs";
import { serve } from "../../.ci/static-server.mjs";
import { median } from "./positions.mjs";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    cpu: { type: "string", default: "4" },
    kbps: { type: "string", default: "400" },
    rtt: { type: "string", default: "400" },
    trace: { type: "boolean", default: false },
  },
});
const runs = Number(args.runs);
const cpu = Number(args.cpu);
const kbps = Number(args.kbps);
const rtt = Number(args.rtt);
const PLAYABLE = "You (black) to move";

// Records in the page when its status first reads PLAYABLE, in ms from
// navigation start.
function watchPlayable(text) {
  new MutationObserver((_, observer) => {
    if (!document.querySelector("#status")?.textContent.startsWith(text)) return;
    window.playableMs = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

// One cold visit: `{ ms, lastByte, files, trace }`, files being `[url,
// bytes]` received before the board was playable, the last of them by
// `lastByte` (seconds from navigation start), trace every request as `{ file,
// sent, first, last, bytes }` (seconds from navigation start; `first` and
// `last` undefined while it was still under way at the end).
async function visit(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(watchPlayable, PLAYABLE);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (kbps > 0 || rtt > 0) {
    const bytesPerSecond = kbps > 0 ? (kbps * 1000) / 8 : -1;
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: rtt,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
  }
  if (cpu > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  const urls = new Map();
  const sent = new Map();
  const responded = new Map();
  const finished = [];
  let start = null;
  cdp.on("Network.requestWillBeSent", ({ requestId, request, timestamp, type }) => {
    urls.set(requestId, request.url);
    if (!sent.has(requestId)) sent.set(requestId, timestamp);
    if (type === "Document" && start === null) start = timestamp;
  });
  cdp.on("Network.responseReceived", ({ requestId, response }) => {
    if (response.timing) responded.set(requestId, response.timing.requestTime + response.timing.receiveHeadersEnd / 1000);
  });
  cdp.on("Network.loadingFinished", ({ requestId, timestamp, encodedDataLength }) => {
    finished.push({ requestId, timestamp, bytes: encodedDataLength });
  });
  await page.goto(url);
  await page.waitForFunction(() => window.playableMs, null, { timeout: 120_000, polling: 100 });
  const ms = await page.evaluate(() => window.playableMs);
  const before = finished.filter((f) => f.timestamp <= start + ms / 1000);
  const files = before.map((f) => [urls.get(f.requestId).slice(url.length), f.bytes]);
  const lastByte = Math.max(...before.map((f) => f.timestamp)) - start;
  const since = (t) => (t === undefined ? undefined : t - start);
  const trace = [...sent].map(([id, t]) => {
    const done = finished.find((f) => f.requestId === id);
    return { file: urls.get(id).slice(url.length), sent: since(t), first: since(responded.get(id)), last: since(done?.timestamp), bytes: done?.bytes };
  });
  await context.close();
  return { ms, lastByte, files, trace };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

const site = await serve(dist, { gzip: true });
const browser = await launch();
try {
  const throttle = `CPU ${cpu}x, ${kbps > 0 ? `${kbps} kbps` : "unlimited"}, ${rtt} ms round trip`;
  console.log(`first load of ${dist}, cold, ${throttle}`);
  const results = [];
  for (let k = 0; k < runs; k += 1) {
    const result = await visit(browser, site.url);
    results.push(result);
    const bytes = result.files.reduce((sum, [, n]) => sum + n, 0);
    const last = `the last byte at ${result.lastByte.toFixed(2)} s`;
    console.log(`  run ${k + 1}: playable after ${(result.ms / 1000).toFixed(2)} s, ${kb(bytes)} received, ${last}`);
  }
  const last = results.at(-1);
  console.log("received before the board was playable (last run):");
  for (const [file, bytes] of [...last.files].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${kb(bytes).padStart(9)}  ${file || "(the page)"}`);
  }
  if (args.trace) {
    console.log("requests (last run), in seconds from navigation start: sent, first byte, last byte");
    const at = (t) => (t === undefined ? "     -" : t.toFixed(2).padStart(6));
    for (const { file, sent, first, last: end, bytes } of last.trace) {
      const size = bytes === undefined ? "" : kb(bytes);
      console.log(`  ${at(sent)} ${at(first)} ${at(end)}  ${size.padStart(9)}  ${file || "(the page)"}`);
    }
    console.log(`  playable at ${(last.ms / 1000).toFixed(2)}`);
  }
  const total = median(results.map((r) => r.files.reduce((sum, [, n]) => sum + n, 0)));
  const lastByte = median(results.map((r) => r.lastByte)).toFixed(2);
  console.log(`playable after ${(median(results.map((r) => r.ms)) / 1000).toFixed(2)} s (median of ${runs}), ${kb(total)} received, the last byte at ${lastByte} s`);
} finally {
  await browser.close();
  await site.close();
}
