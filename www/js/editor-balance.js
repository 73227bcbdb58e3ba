// @ts-check
// The editor's side of balance-worker.js, through the page's worker client
// (worker-client.js): debounced balance estimates (only the latest map's
// answer counts) and balanced random maps. Every request ends in an answer
// or an error: a worker that fails to load, answers what is not a balance,
// or misses the deadline is replaced by a fresh one.
import { createWorkerClient } from "./worker-client.js";

// An estimate takes up to a few seconds and a balanced map a few searches
// more on a desktop; a slow phone several times that, after loading the
// wasm module. Past these the worker counts as hung.
const DEADLINES_MS = { balance: 20_000, balanced: 40_000 };

/** @typedef {keyof typeof DEADLINES_MS} Kind */

/**
 * An answer that balanceProblem() has passed, or why there is none.
 * @typedef {{ value?: number, code?: string, balance?: number, error?: string }} BalanceAnswer
 */

/**
 * Why `answer`, the worker's reply to a request of `type` ("balance" or
 * "balanced"), cannot be used; null when it can.
 * @param {Kind} type
 * @param {import("./worker-client.js").Reply | undefined} answer
 * @returns {string | null}
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
 * @param {{
 *   onBalance: (state: { value?: number, error?: string, pending?: true }) => void,
 *   delay?: number,
 * }} options
 */
export function createBalanceClient({ onBalance, delay = 250 }) {
  // Started at once, so that its wasm module loads while the editor opens;
  // one that fails is replaced on the next request.
  const client = createWorkerClient(new URL("./balance-worker.js", import.meta.url), { name: "the balance worker", eager: true });
  let timer = 0;
  /** @type {string | null} */
  let latest = null;
  let inFlight = false;

  const ask = (/** @type {Kind} */ kind, /** @type {object} */ body) =>
    /** @type {Promise<BalanceAnswer>} */ (
      client
        .request({ kind, ...body }, { deadlineMs: DEADLINES_MS[kind], check: (answer) => balanceProblem(kind, answer) })
        .catch((err) => ({ error: err.message }))
    );

  // One estimate at a time: edits made meanwhile wait and only the last is asked.
  const estimate = async () => {
    if (inFlight || latest === null) return;
    const code = latest;
    latest = null;
    inFlight = true;
    const { value, error } = await ask("balance", { code });
    inFlight = false;
    if (latest === null) onBalance(error ? { error } : { value });
    estimate();
  };

  return {
    /**
     * Asks for the balance of `code` once edits pause.
     * @param {string} code
     */
    balance(code) {
      latest = code;
      onBalance({ pending: true });
      clearTimeout(timer);
      timer = setTimeout(estimate, delay);
    },
    /**
     * Resolves to `{ code, balance }` of a balanced random map, or `{ error }`.
     * @param {import("../mapello.d.ts").Seed} seed
     * @param {Partial<import("../mapello.d.ts").Counts> & { size?: number }} counts
     */
    balancedMap(seed, counts) {
      return ask("balanced", { seed, counts });
    },
  };
}
