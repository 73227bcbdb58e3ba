// What the page accepts from its workers: answers are checked before use,
// and every request has a deadline.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Cancelled, answerProblem, createAiClient, deadlineMs } from "../../www/js/ai-client.js";
import { balanceProblem } from "../../www/js/editor-balance.js";
import { createWorkerClient } from "../../www/js/worker-client.js";
import { MAX_LEVEL } from "../../www/js/levels.js";
import { loadWasm } from "./wasm.mjs";

// The rule facts the page reads from the wasm catalogue (catalogue.js).
await loadWasm();

const LEGAL = ["d3", "c4", "f5", "e6"];
const MOVE = { move: "f5", score: 1.5, depth: 4, nodes: 1200, pv: ["f5", "d6"], ms: 12 };

test("a computer move is used only when it is legal and comes with its figures", () => {
  assert.equal(answerProblem("move", MOVE, LEGAL), null);
  const cases = [
    [{ ...MOVE, move: "" }, /no move/],
    [{ ...MOVE, move: undefined }, /no move/],
    [{ ...MOVE, move: 7 }, /no move/],
    [{ ...MOVE, move: "a1" }, /not legal/],
    [{ ...MOVE, move: "pass" }, /not legal/],
    [{ ...MOVE, move: "F5" }, /not legal/],
    [{ ...MOVE, pv: "f5" }, /figures/],
    [{ ...MOVE, depth: NaN }, /figures/],
    [{ ...MOVE, ms: undefined }, /figures/],
  ];
  for (const [answer, problem] of cases) assert.match(answerProblem("move", answer, LEGAL), problem, JSON.stringify(answer));
});

test("hints are used only when every one is a legal move with a value", () => {
  assert.equal(answerProblem("hints", { hints: [] }, LEGAL), null);
  assert.equal(answerProblem("hints", { hints: [{ move: "c4", score: -2 }] }, LEGAL), null);
  for (const hints of [undefined, "c4", [{ move: "a1", score: 0 }], [{ move: "c4", score: "big" }], [null]]) {
    assert.match(answerProblem("hints", { hints }, LEGAL), /hints/, JSON.stringify(hints));
  }
});

test("a stronger level gets a longer deadline, and every deadline ends", () => {
  for (let level = 1; level < MAX_LEVEL; level += 1) assert.ok(deadlineMs(level) < deadlineMs(level + 1));
  assert.ok(deadlineMs(1) >= 10_000, "room to start a worker and its wasm");
  // The strongest level thinks about 3 s here: room for a phone ten times slower.
  assert.ok(deadlineMs(MAX_LEVEL) >= 30_000);
  assert.ok(deadlineMs(MAX_LEVEL) <= 60_000);
});

test("balance answers are used only when they are numbers and maps", () => {
  assert.equal(balanceProblem("balance", { id: 1, value: -0.5 }), null);
  assert.equal(balanceProblem("balanced", { id: 1, code: "18AAAA", balance: 0.25 }), null);
  assert.equal(balanceProblem("balance", { id: 1, error: "no AI" }), "no AI");
  for (const answer of [{}, { value: "1" }, { value: NaN }, { value: null }, null]) {
    assert.match(balanceProblem("balance", answer), /not a number/, JSON.stringify(answer));
  }
  for (const answer of [{}, { code: "18AAAA" }, { code: 5, balance: 0 }, { code: "18AAAA", balance: Infinity }]) {
    assert.match(balanceProblem("balanced", answer), /not a map/, JSON.stringify(answer));
  }
});

test("a review answer is used only when it analyses the move asked for", () => {
  const moves = ["d3", "c3"];
  const review = {
    index: 1,
    mover: "O",
    played: "c3",
    playedValue: -3,
    best: "c5",
    bestValue: 0,
    playedForBlack: 3,
    bestForBlack: 0,
    loss: 3,
    class: "inaccuracy",
    exact: false,
    depth: 6,
  };
  assert.equal(answerProblem("review", { review, ms: 5 }, moves, 1), null);
  assert.match(answerProblem("review", { review, ms: 5 }, moves, 0), /move 1 is unusable: it analyses another move/);
  assert.match(answerProblem("review", { review: { ...review, loss: 2 } }, moves, 1), /loss/);
  assert.match(answerProblem("review", {}, moves, 1), /not an analysis/);
});

// A stand-in for the browser's Worker: it keeps what it was sent and can
// answer as the computer's worker does.
class FakeWorker {
  static made = [];
  constructor() {
    this.sent = [];
    this.terminated = false;
    FakeWorker.made.push(this);
  }
  postMessage(message) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(data) {
    this.onmessage({ data: { id: this.sent.at(-1).id, ...data } });
  }
}

test("A request without its legal moves fails at the call, before any worker starts", () => {
  globalThis.Worker = FakeWorker;
  FakeWorker.made = [];
  const client = createAiClient("ai-worker.js");
  assert.throws(() => client.request("hints", { map: "", variant: "mapello", moves: "" }, 3), TypeError);
  assert.equal(FakeWorker.made.length, 0);
  delete globalThis.Worker;
});

test("Move now answers with the best legal move reported so far and replaces the worker", async () => {
  globalThis.Worker = FakeWorker;
  FakeWorker.made = [];
  const client = createAiClient("ai-worker.js");
  const asked = client.request("move", { map: "", variant: "mapello", moves: "" }, 10, { legal: LEGAL, timed: true });
  const [worker] = FakeWorker.made;
  assert.equal(worker.sent[0].timed, true);
  // Nothing reported yet, then a move that is not legal here: nothing to play.
  assert.equal(client.moveNow(), false);
  worker.answer({ type: "progress", ...MOVE, move: "a1" });
  assert.equal(client.moveNow(), false);
  assert.equal(worker.terminated, false, "the search goes on");
  worker.answer({ type: "progress", ...MOVE, depth: 5 });
  worker.answer({ type: "progress", ...MOVE, move: "h8", depth: 6 });
  assert.equal(client.moveNow(), true);
  const result = await asked;
  assert.equal(result.move, "f5");
  assert.equal(result.depth, 5);
  assert.equal(result.early, true);
  assert.equal(worker.terminated, true);
  // The next request starts a fresh worker.
  const hints = client.request("hints", { map: "", variant: "mapello", moves: "" }, 3, { legal: LEGAL });
  assert.equal(FakeWorker.made.length, 2);
  assert.equal(client.moveNow(), false, "hints have no move to play now");
  client.cancel();
  await assert.rejects(hints, Cancelled);
  delete globalThis.Worker;
});

test("one client for every worker: an unusable answer ends the worker and fails all it was doing", async () => {
  globalThis.Worker = FakeWorker;
  FakeWorker.made = [];
  const client = createWorkerClient("any-worker.js", { name: "the test worker" });
  const check = (answer) => (answer.move === "a1" ? null : "it answered a move that is not legal here");
  const first = client.request({ moves: "" }, { check });
  const second = client.request({ moves: "a1" }, { check });
  const [worker] = FakeWorker.made;
  assert.deepEqual(worker.sent.map((m) => m.id), [1, 2]);
  worker.onmessage({ data: { id: 1, type: "result", move: "a1" } });
  assert.deepEqual(await first, { id: 1, type: "result", move: "a1" });
  worker.onmessage({ data: { id: 2, type: "result", move: "zz" } });
  await assert.rejects(second, /not legal here/);
  assert.equal(worker.terminated, true);
  // A reply the worker could not give fails that request alone.
  const third = client.request({ moves: "" }, { check });
  const fresh = FakeWorker.made[1];
  fresh.onmessage({ data: { id: 3, type: "error", message: "no computer player" } });
  await assert.rejects(third, /no computer player/);
  assert.equal(fresh.terminated, false);
  delete globalThis.Worker;
});

test("forgetting requests keeps the worker, cancelling ends it, and a missed deadline is said", async () => {
  globalThis.Worker = FakeWorker;
  FakeWorker.made = [];
  const client = createWorkerClient("any-worker.js", { name: "the test worker", late: (s) => `silent for ${s} seconds` });
  const forgotten = client.request({ moves: "" });
  client.forget();
  await assert.rejects(forgotten, Cancelled);
  const [worker] = FakeWorker.made;
  assert.equal(worker.terminated, false, "what the worker built is kept");
  worker.onmessage({ data: { id: 1, type: "result", move: "a1" } });
  const late = client.request({ moves: "" }, { deadlineMs: 10 });
  await assert.rejects(late, /silent for 0 seconds/);
  assert.equal(worker.terminated, true);
  const cancelled = client.request({ moves: "" });
  client.cancel();
  await assert.rejects(cancelled, Cancelled);
  delete globalThis.Worker;
});
