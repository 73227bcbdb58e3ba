// The page's second copy of what it stores (durable.js): every write is
// numbered and copied, and a start puts back the writes localStorage lost
// when the browser died, and nothing else.
import assert from "node:assert/strict";
import { test } from "node:test";
import { durable, recover, SEQ_KEY } from "../../www/js/durable.js";
import { memory } from "./fixtures.mjs";

/** Copies held in memory, the latest of each key, as IndexedDB keeps them. */
function copies(initial = []) {
  const kept = new Map(initial.map((c) => [c.key, c]));
  return {
    put: (copy) => kept.set(copy.key, copy),
    all: async () => [...kept.values()],
    kept,
  };
}

test("each write goes to the storage, numbered, and to the copies", () => {
  const storage = memory();
  const copied = copies();
  const page = durable(storage, copied);
  page.setItem("mapello.play", "a");
  page.setItem("mapello.archive", "b");
  page.removeItem("mapello.play");
  assert.equal(page.getItem("mapello.archive"), "b");
  assert.equal(storage.getItem("mapello.play"), null);
  assert.equal(storage.getItem(SEQ_KEY), "3");
  assert.deepEqual(
    [...copied.kept.values()],
    [
      { key: "mapello.play", value: null, seq: 3 },
      { key: "mapello.archive", value: "b", seq: 2 },
    ],
  );
});

test("a write of what is there already is neither counted nor copied", () => {
  const storage = memory({ "mapello.play": "a" });
  const copied = copies();
  const page = durable(storage, copied);
  page.setItem("mapello.play", "a");
  page.removeItem("mapello.blocs");
  assert.equal(storage.getItem(SEQ_KEY), null);
  assert.equal(copied.kept.size, 0);
  page.setItem("mapello.play", "b");
  assert.equal(storage.getItem(SEQ_KEY), "1");
  assert.equal(copied.kept.size, 1);
});

test("a start puts back the writes the storage lost, then has nothing more to do", async () => {
  // The browser died after writes 1 and 2 reached the disk, before 3 and 4.
  const storage = memory({ [SEQ_KEY]: "2", "mapello.play": "old game", "mapello.blocs": "blocs" });
  const copied = copies([
    { key: "mapello.play", value: "new game", seq: 4 },
    { key: "mapello.blocs", value: null, seq: 3 },
    { key: "mapello.archive", value: "archive", seq: 2 },
  ]);
  assert.equal(await recover(storage, copied), true);
  assert.equal(storage.getItem("mapello.play"), "new game");
  assert.equal(storage.getItem("mapello.blocs"), null);
  // Write 2 was on disk already (and may have been changed since, by a
  // write that was not copied): left as it is.
  assert.equal(storage.getItem("mapello.archive"), null);
  assert.equal(storage.getItem(SEQ_KEY), "4");
  assert.equal(await recover(storage, copied), false);
  // The next write counts on from there.
  durable(storage, copied).setItem("mapello.play", "next");
  assert.deepEqual(copied.kept.get("mapello.play"), { key: "mapello.play", value: "next", seq: 5 });
});

test("storage as new as its copies, or newer, is left as it is", async () => {
  const storage = memory({ [SEQ_KEY]: "7", "mapello.play": "played on" });
  assert.equal(await recover(storage, copies([{ key: "mapello.play", value: "older", seq: 7 }])), false);
  assert.equal(await recover(storage, copies([{ key: "mapello.play", value: "older", seq: 5 }])), false);
  assert.equal(await recover(storage, copies()), false);
  assert.equal(storage.getItem("mapello.play"), "played on");
  // A storage without a count (a page from before the copies) is count 0.
  const unnumbered = memory({ "mapello.play": "kept" });
  assert.equal(await recover(unnumbered, copies()), false);
  assert.equal(unnumbered.getItem("mapello.play"), "kept");
});

test("a write the storage refuses throws as before and is not copied", () => {
  const storage = memory();
  const setItem = storage.setItem;
  storage.setItem = (k, v) => {
    if (k === "mapello.play") throw new DOMException("full", "QuotaExceededError");
    setItem(k, v);
  };
  const copied = copies();
  const page = durable(storage, copied);
  assert.throws(() => page.setItem("mapello.play", "game"), /full/);
  assert.equal(copied.kept.size, 0);
  // Too full even to count: a removal is made all the same.
  storage.items.set("mapello.archive", "x");
  storage.setItem = () => {
    throw new DOMException("full", "QuotaExceededError");
  };
  page.removeItem("mapello.archive");
  assert.equal(storage.getItem("mapello.archive"), null);
});

test("slow, failing or damaged copies never hold the start up or spoil the storage", async () => {
  const storage = memory({ [SEQ_KEY]: "1", "mapello.play": "game" });
  const never = { put: () => {}, all: () => new Promise(() => {}) };
  const started = Date.now();
  assert.equal(await recover(storage, never, 20), false);
  assert.ok(Date.now() - started < 1000);
  const failing = { put: () => {}, all: () => Promise.reject(new Error("no IndexedDB")) };
  assert.equal(await recover(storage, failing), false);
  // What IndexedDB hands back is not taken on trust.
  const damaged = {
    put: () => {},
    all: async () => [{ key: "mapello.play", value: 42, seq: 9 }, { key: "mapello.blocs", value: "x", seq: "9" }, { key: 7, value: "x", seq: 9 }, null],
  };
  assert.equal(await recover(storage, damaged), false);
  assert.equal(storage.getItem("mapello.play"), "game");
  assert.equal(storage.getItem("mapello.blocs"), null);
});
