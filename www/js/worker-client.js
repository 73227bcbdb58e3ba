// @ts-check
// The page's one way of asking a worker (the computer player, the map
// balance, Blocs's computer player): each request is tagged with an id,
// may have a deadline, may hear progress on the way, and its answer is
// checked before use. A worker replies `{ id, type: "progress", ... }` on
// the way, `{ id, type: "error", message }` when it could not do what was
// asked, and otherwise its result. A worker that dies, sends what the page
// cannot read, answers what cannot be used or misses a deadline is not
// trusted again: it is ended, everything it was doing fails, and the next
// request starts a fresh one. The game itself lives on the page, so
// nothing is lost.

/**
 * A worker's message: what it sends is read, never trusted, so every field
 * but the id is unknown until checked.
 * @typedef {{ id: number, type?: unknown, [field: string]: unknown }} Reply
 */

/**
 * How a request is answered (see `request`).
 * @typedef {{
 *   deadlineMs?: number | null,
 *   check?: (answer: Reply) => string | null,
 *   onProgress?: (report: Reply) => void,
 *   early?: (report: Reply) => boolean,
 * }} RequestOptions
 */

/**
 * @typedef {{
 *   check: (answer: Reply) => string | null,
 *   onProgress?: (report: Reply) => void,
 *   early?: (report: Reply) => boolean,
 *   resolve: (answer: Reply) => void,
 *   reject: (error: Error) => void,
 *   timer: ReturnType<typeof setTimeout> | 0,
 *   latest: Reply | null,
 * }} Pending
 */

/** Raised for a request cancelled by `cancel()` or `forget()`: not an error to show. */
export class Cancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "Cancelled";
  }
}

/**
 * A client for module workers started from `url`. `name` names the worker
 * in what is said when it fails ("the computer player"), `late(seconds)`
 * when it misses a deadline; `eager` starts a worker at once, so that its
 * wasm module loads before the first request.
 * @param {string | URL} url
 * @param {{ name: string, late?: (seconds: number) => string, eager?: boolean }} options
 */
export function createWorkerClient(url, { name, late = (s) => `no answer within ${s} seconds`, eager = false }) {
  /** @type {Worker | null} */
  let worker = null;
  let nextId = 1;
  /** @type {Map<number, Pending>} */
  const pending = new Map();

  // Takes request `id`, one in hand, out of the pending ones and stops its deadline.
  const settle = (/** @type {number} */ id) => {
    const request = /** @type {Pending} */ (pending.get(id));
    pending.delete(id);
    clearTimeout(request.timer);
    return request;
  };
  // Ends the worker and fails all it was doing; the next request starts another.
  const stop = (/** @type {Error} */ error) => {
    worker?.terminate();
    worker = null;
    for (const id of [...pending.keys()]) settle(id).reject(error);
  };
  const hear = (/** @type {Reply | undefined} */ data) => {
    const request = data && pending.get(data.id);
    if (!data || !request) return;
    if (data.type === "progress") {
      request.onProgress?.(data);
      if (request.early?.(data)) request.latest = data;
      return;
    }
    if (data.type === "error") {
      settle(data.id).reject(new Error(typeof data.message === "string" ? data.message : `${name} failed`));
      return;
    }
    const problem = request.check(data);
    if (problem) stop(new Error(problem));
    else settle(data.id).resolve(data);
  };
  const spawn = () => {
    const w = new Worker(url, { type: "module" });
    const die = (/** @type {string} */ message) => {
      if (worker === w) stop(new Error(message));
      else w.terminate();
    };
    w.onmessage = ({ data }) => worker === w && hear(data);
    w.onerror = (e) => {
      e.preventDefault();
      die(`${name} failed to run (${e.message || "the worker did not start"})`);
    };
    w.onmessageerror = () => die(`${name} sent a message the page could not read`);
    return w;
  };
  if (eager) worker = spawn();

  return {
    /**
     * Posts `message` with a fresh id. Resolves to the worker's result once
     * `check(result)` finds no problem in it; rejects when the worker
     * fails, answers what cannot be used, or misses `deadlineMs` (none when
     * null). `onProgress` hears each progress report; a report that
     * `early(report)` accepts can stand as the answer (`finishEarly`).
     * @param {object} message
     * @param {RequestOptions} [options]
     * @returns {Promise<Reply>}
     */
    request(message, { deadlineMs = null, check = () => null, onProgress, early } = {}) {
      worker ??= spawn();
      const id = nextId++;
      const done = new Promise((resolve, reject) => {
        const timer =
          deadlineMs === null ? 0 : setTimeout(() => stop(new Error(late(Math.round(deadlineMs / 1000)))), deadlineMs);
        pending.set(id, { check, onProgress, early, resolve, reject, timer, latest: null });
      });
      worker.postMessage({ ...message, id });
      return done;
    },
    /**
     * Answers the first request with a progress report standing as its
     * answer with that report, marked `early`, and ends the worker
     * (anything else in hand is cancelled). False, and nothing stops, when
     * there is no such request.
     */
    finishEarly() {
      const entry = [...pending].find(([, r]) => r.latest);
      if (!entry) return false;
      const { resolve, latest } = settle(entry[0]);
      stop(new Cancelled());
      // The request was found by its report, so `latest` is there.
      resolve({ .../** @type {Reply} */ (latest), type: "result", early: true });
      return true;
    },
    /** Ends the worker and every request now; they reject with `Cancelled`. */
    cancel() {
      if (pending.size) stop(new Cancelled());
    },
    /** Drops every request (they reject with `Cancelled`) but keeps the worker and what it has built. */
    forget() {
      for (const id of [...pending.keys()]) settle(id).reject(new Cancelled());
    },
  };
}
