// A first visit on a slow phone: how long until the board can be played,
// and how many bytes crossed the network by then. It serves dist/ (or
// $MAPELLO_DIST) gzipped, as hosts serve it, opens the page cold (a fresh
// profile: no HTTP cache, no service worker) in headless Chromium with the
// CPU slowed down and the link throttled through the DevTools protocol, and
// times the page from navigation start until its status first reads
// "You (black) to move". It prints each run, the median, and the files the
// page had received by then with their size on the wire (gzipped).
//   node tests/bench/first_load.mjs [--runs 5] [--cpu 4] [--kbps 400] [--rtt 400]
// after `trunk build --release`. The defaults are the issue's slow phone:
// 4x CPU slowdown, 400 kbps down and up, 400 ms round trip ("slow 3G");
// `--cpu 1 --kbps 0 --rtt 0` measures without any throttling. Other work
// on the machine slows the CPU further: compare figures taken on a quiet one.
import { parseArgs } from "node:util";
import { dist, launch } from "../e2e/browser.mjs";
import { serve } from "../../.ci/static-server.mjs";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    cpu: { type: "string", default: "4" },
    kbps: { type: "string", default: "400" },
    rtt: { type: "string", default: "400" },
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

// One cold visit: `{ ms, files }`, files being `[url, bytes]` received
// before the board was playable.
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
  const finished = [];
  let start = null;
  cdp.on("Network.requestWillBeSent", ({ requestId, request, timestamp, type }) => {
    urls.set(requestId, request.url);
    if (type === "Document" && start === null) start = timestamp;
  });
  cdp.on("Network.loadingFinished", ({ requestId, timestamp, encodedDataLength }) => {
    finished.push({ requestId, timestamp, bytes: encodedDataLength });
  });
  await page.goto(url);
  await page.waitForFunction(() => window.playableMs, null, { timeout: 120_000, polling: 100 });
  const ms = await page.evaluate(() => window.playableMs);
  const files = finished
    .filter((f) => f.timestamp <= start + ms / 1000)
    .map((f) => [urls.get(f.requestId).slice(url.length), f.bytes]);
  await context.close();
  return { ms, files };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
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
    console.log(`  run ${k + 1}: playable after ${(result.ms / 1000).toFixed(2)} s, ${kb(bytes)} received`);
  }
  const last = results.at(-1);
  console.log("received before the board was playable (last run):");
  for (const [file, bytes] of [...last.files].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${kb(bytes).padStart(9)}  ${file || "(the page)"}`);
  }
  const total = median(results.map((r) => r.files.reduce((sum, [, n]) => sum + n, 0)));
  console.log(`playable after ${(median(results.map((r) => r.ms)) / 1000).toFixed(2)} s (median of ${runs}), ${kb(total)} received`);
} finally {
  await browser.close();
  await site.close();
}
