// Talks to the computer player in its worker (ai-worker.js). A search can
// be cancelled at once: the worker is terminated and a fresh one started on
// the next request. A worker that dies rejects what it was doing; the game
// itself lives on the page, so nothing is lost.

/** Raised for a request cancelled by `cancel()`: not an error to show. */
export class Cancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "Cancelled";
  }
}

/** A client for workers started from `url` (a module worker). */
export function createAiClient(url) {
  let worker = null;
  let nextId = 1;
  const pending = new Map();

  const failAll = (error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const spawn = () => {
    const w = new Worker(url, { type: "module" });
    w.onmessage = ({ data }) => {
      const request = pending.get(data.id);
      if (!request) return;
      if (data.type === "progress") {
        request.onProgress?.(data);
        return;
      }
      pending.delete(data.id);
      if (data.type === "result") request.resolve(data);
      else request.reject(new Error(data.message));
    };
    const die = (message) => {
      if (worker === w) worker = null;
      w.terminate();
      failAll(new Error(message));
    };
    w.onerror = (e) => {
      e.preventDefault();
      die(`the computer player failed to run (${e.message || "the worker did not start"})`);
    };
    w.onmessageerror = () => die("the computer player sent a message the page could not read");
    return w;
  };

  return {
    /**
     * Asks for `kind` ("move" or "hints") on `game` ({ map, variant, moves })
     * at `level`; `onProgress` hears each search iteration. Resolves to the
     * worker's result.
     */
    request(kind, game, level, onProgress) {
      worker ??= spawn();
      const id = nextId++;
      const done = new Promise((resolve, reject) => pending.set(id, { resolve, reject, onProgress }));
      worker.postMessage({ id, kind, game, level });
      return done;
    },
    /** Stops every request now; they reject with `Cancelled`. */
    cancel() {
      if (pending.size === 0) return;
      worker?.terminate();
      worker = null;
      failAll(new Cancelled());
    },
  };
}
