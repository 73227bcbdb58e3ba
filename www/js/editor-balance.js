// The editor's side of balance-worker.js: debounced balance estimates (only
// the latest map's answer counts) and balanced random maps. Every request
// ends in an answer or an error: a worker that fails to load, answers what
// is not a balance, or misses the deadline is replaced by a fresh one.

// An estimate takes up to a few seconds and a balanced map a few searches
// more on a desktop; a slow phone several times that, after loading the
// wasm module. Past these the worker counts as hung.
const DEADLINES_MS = { balance: 20_000, balanced: 40_000 };

/**
 * Why `answer`, the worker's reply to a request of `type` ("balance" or
 * "balanced"), cannot be used; null when it can.
 */
export function balanceProblem(type, answer) {
  if (typeof answer?.error === "string") return answer.error;
  if (type === "balance") return Number.isFinite(answer?.value) ? null : "the estimate is not a number";
  if (typeof answer?.code !== "string" || !Number.isFinite(answer.balance)) return "the answer is not a map with its balance";
  return null;
}

/**
 * `onBalance({ value } | { error } | { pending: true })` hears about the
 * balance of the map last passed to `balance(code)`, `delay` ms after the
 * edits stop.
 */
export function createBalanceClient({ onBalance, delay = 250 }) {
  const waiting = new Map();
  let nextId = 1;
  let timer = 0;
  let latest = null;
  let inFlight = false;

  // Ends every request with `error` and drops the worker; the next request starts another.
  const fail = (error) => {
    worker?.terminate();
    worker = null;
    for (const reply of waiting.values()) reply({ error });
    waiting.clear();
  };
  const spawn = () => {
    const w = new Worker(new URL("./balance-worker.js", import.meta.url), { type: "module" });
    w.addEventListener("message", ({ data }) => {
      const reply = waiting.get(data?.id);
      waiting.delete(data?.id);
      reply?.(data);
    });
    w.addEventListener("error", (e) => {
      e.preventDefault();
      if (worker === w) fail(e.message || "the balance worker failed to run");
    });
    w.addEventListener("messageerror", () => {
      if (worker === w) fail("the balance worker sent a message the page could not read");
    });
    return w;
  };

  // Started at once, so that its wasm module loads while the editor opens;
  // one that fails is replaced on the next request.
  let worker = spawn();

  const ask = (request) =>
    new Promise((resolve) => {
      worker ??= spawn();
      const id = nextId++;
      const seconds = DEADLINES_MS[request.type] / 1000;
      const deadline = setTimeout(() => fail(`no answer within ${seconds} seconds`), DEADLINES_MS[request.type]);
      waiting.set(id, (answer) => {
        clearTimeout(deadline);
        const problem = balanceProblem(request.type, answer);
        resolve(problem ? { error: problem } : answer);
      });
      worker.postMessage({ ...request, id });
    });

  // One estimate at a time: edits made meanwhile wait and only the last is asked.
  const estimate = async () => {
    if (inFlight || latest === null) return;
    const code = latest;
    latest = null;
    inFlight = true;
    const { value, error } = await ask({ type: "balance", code });
    inFlight = false;
    if (latest === null) onBalance(error ? { error } : { value });
    estimate();
  };

  return {
    /** Asks for the balance of `code` once edits pause. */
    balance(code) {
      latest = code;
      onBalance({ pending: true });
      clearTimeout(timer);
      timer = setTimeout(estimate, delay);
    },
    /** Resolves to `{ code, balance }` of a balanced random map, or `{ error }`. */
    balancedMap(seed, counts) {
      return ask({ type: "balanced", seed, counts });
    },
  };
}
