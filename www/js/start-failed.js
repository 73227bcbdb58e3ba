// @ts-check
// A start that failed (main.js loads this module only then, or on the
// reload that follows one). A start that threw has left the page half
// wired, so the way back is a reload without what it started from: the
// saved record dropped (or put back as it was before a link replaced it),
// with word of why left in sessionStorage for the reload to say. Each
// reload has less to start from, down to the default game; if even that
// fails, the player gets the error and a reset button.
// It is handed storage.js's functions and the page's storage (durable.js)
// rather than importing them: the first load's scripts are bundled in
// fewer pieces so.

/** @typedef {import("./main.js").StartingPoint} StartingPoint */

/**
 * Says why the last start failed: `text` is what it left under `key` in
 * sessionStorage, taken away once read; `dropped(notice, text)` shows a
 * notice with the record set aside a download away.
 * @param {string} key
 * @param {string} text
 * @param {(notice: string, text: string) => void} dropped
 */
export function reportFailedStart(key, text, dropped) {
  let failed = null;
  try {
    failed = JSON.parse(text);
    sessionStorage.removeItem(key);
  } catch {
    // Nothing readable, or no sessionStorage to take it from: nothing to report.
  }
  if (!failed || typeof failed.message !== "string" || typeof failed.text !== "string") return;
  const what = failed.from === "link" ? "The shared game could not be opened" : "Your saved game could not be restored";
  dropped(`${what} (${failed.message}), so it was set aside and a new game started.`, failed.text);
}

/**
 * The start from `first` threw `message`: reloads without it, or says so
 * with a reset button. `savedText` is the saved record's text as stored
 * (offered for download as it was), `key` where the reload reads why.
 * @param {{
 *   key: string,
 *   notify: import("./play-ctrl.js").Notify,
 *   savedText: string | null,
 *   storage: Pick<typeof import("./storage.js"), "drop" | "encodeSave" | "KEY" | "save">,
 *   local: Storage,
 * }} deps
 * @param {string} message
 * @param {StartingPoint} first
 */
export function startFailed({ key, notify, savedText, storage, local }, message, { start, from, kept }) {
  const { drop, encodeSave, KEY, save } = storage;
  if (from !== "default") {
    if (kept) save(local, kept);
    else drop(local);
    let stored = null;
    try {
      stored = local.getItem(KEY);
      const text = from === "saved" && savedText !== null ? savedText : encodeSave(start);
      sessionStorage.setItem(key, JSON.stringify({ message, text, from }));
    } catch {
      stored = undefined;
    }
    if (stored === (kept ? encodeSave(kept) : null)) {
      location.reload();
      return;
    }
  }
  const reset = {
    label: "Reset saved data",
    run: () => {
      drop(local);
      location.reload();
    },
  };
  notify(`Mapello could not start: ${message}.`, { key: "saved", actions: [reset] });
}
