// The editor's side of balance-worker.js: debounced balance estimates (only
// the latest map's answer counts) and balanced random maps.

/**
 * `onBalance({ value } | { error } | { pending: true })` hears about the
 * balance of the map last passed to `balance(code)`, `delay` ms after the
 * edits stop.
 */
export function createBalanceClient({ onBalance, delay = 250 }) {
  const worker = new Worker(new URL("./balance-worker.js", import.meta.url), { type: "module" });
  const waiting = new Map();
  let nextId = 1;
  let timer = 0;
  let latest = null;
  let inFlight = false;

  worker.addEventListener("message", ({ data }) => {
    waiting.get(data.id)?.(data);
    waiting.delete(data.id);
  });
  worker.addEventListener("error", (e) => {
    for (const reply of waiting.values()) reply({ error: e.message || "the balance worker failed" });
    waiting.clear();
  });

  const ask = (request) =>
    new Promise((reply) => {
      const id = nextId++;
      waiting.set(id, reply);
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
