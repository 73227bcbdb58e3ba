// @ts-check
// A second copy of what the page stores, for a browser that dies outright.
// Chromium writes localStorage to disk seconds after the page does (later
// still after many writes), so a crash, or a phone reclaiming a backgrounded
// browser's memory, loses the moves of those seconds, or of a whole game.
// IndexedDB has a write on disk when the write completes. So every write
// of the page's storage goes to localStorage, which the page reads at once
// and which stays the one the page reads, and then to an IndexedDB copy,
// each numbered: localStorage counts them too (SEQ_KEY), and at start a
// copy numbered past localStorage's count is a write localStorage lost,
// put back before the page reads anything.

/** The localStorage key counting the writes made through `durable`. */
export const SEQ_KEY = "mapello.seq";
/** The IndexedDB database and object store of the copies. */
const DB = "mapello";
const STORE = "items";
/** How long a start waits for the copies before going on without them. */
const RECOVER_WAIT_MS = 2000;

/**
 * One write as copied: the key, the value (null: removed) and its number.
 * @typedef {{ key: string, value: string | null, seq: number }} Copy
 */

/**
 * Where the copies are kept: `put` keeps the latest copy of each key
 * (in the order of the calls), `all` reads them (empty when there are none
 * or they cannot be read).
 * @typedef {{ put: (copy: Copy) => void, all: () => Promise<Copy[]> }} Copies
 */

/**
 * The count of writes `storage` has (0 when it has none or cannot say).
 * @param {Pick<Storage, "getItem">} storage
 */
function counted(storage) {
  try {
    const n = Number(storage.getItem(SEQ_KEY));
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

/**
 * `storage` with each write copied to `copies`. A write that localStorage
 * refuses (a full storage) throws as before, and is not copied.
 * @param {Storage} storage
 * @param {Copies} copies
 * @returns {Storage}
 */
export function durable(storage, copies) {
  /** @param {string} key @param {string | null} value */
  const write = (key, value) => {
    // Writing what is there already changes nothing, and is not counted.
    if (storage.getItem(key) === value) return;
    const seq = counted(storage) + 1;
    storage.setItem(SEQ_KEY, String(seq));
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    copies.put({ key, value, seq });
  };
  return {
    get length() {
      return storage.length;
    },
    key: (i) => storage.key(i),
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => write(key, String(value)),
    removeItem: (key) => {
      try {
        write(key, null);
      } catch {
        // Too full to count the removal: it is made all the same (the
        // copy, if it is newer, makes it again at the next start).
        storage.removeItem(key);
      }
    },
    clear: () => {
      for (let i = storage.length - 1; i >= 0; i -= 1) {
        const key = storage.key(i);
        if (key !== null && key !== SEQ_KEY) write(key, null);
      }
    },
  };
}

/**
 * Puts back into `storage` every write of `copies` that it lost (numbered
 * past its count); true when there was one. It waits at most `wait` ms for
 * the copies and never throws: the page starts from localStorage as it
 * is when the copies are slow, missing or damaged.
 * @param {Storage} storage
 * @param {Copies} copies
 * @param {number} [wait]
 */
export async function recover(storage, copies, wait = RECOVER_WAIT_MS) {
  /** @type {Copy[] | null} */
  const all = await Promise.race([copies.all().catch(() => null), new Promise((done) => setTimeout(() => done(null), wait))]);
  const since = counted(storage);
  const lost = (all ?? []).filter((c) => c && typeof c.key === "string" && Number.isSafeInteger(c.seq) && c.seq > since && (c.value === null || typeof c.value === "string"));
  if (!lost.length) return false;
  lost.sort((a, b) => a.seq - b.seq);
  try {
    for (const { key, value } of lost) {
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, value);
    }
    storage.setItem(SEQ_KEY, String(lost[lost.length - 1].seq));
  } catch {
    return false;
  }
  return true;
}

/**
 * The copies in this browser's IndexedDB (none where it has none or
 * refuses it: the page then works as it did without them).
 * @returns {Copies}
 */
export function indexedCopies() {
  /** @type {Promise<IDBDatabase | null> | null} */
  let opened = null;
  const database = () =>
    (opened ??= new Promise((resolve) => {
      try {
        const open = indexedDB.open(DB, 1);
        open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: "key" });
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => resolve(null);
        open.onblocked = () => resolve(null);
      } catch {
        resolve(null);
      }
    }));
  return {
    put(copy) {
      database().then((db) => {
        try {
          db?.transaction(STORE, "readwrite").objectStore(STORE).put(copy);
        } catch {
          // A copy that cannot be written leaves localStorage's write alone.
        }
      });
    },
    all: () =>
      database().then(
        (db) =>
          new Promise((resolve) => {
            if (!db) return resolve([]);
            try {
              const get = db.transaction(STORE).objectStore(STORE).getAll();
              get.onsuccess = () => resolve(get.result);
              get.onerror = () => resolve([]);
            } catch {
              resolve([]);
            }
          }),
      ),
  };
}

/** @type {Copies | null} */
let pageCopies = null;
/** @type {{ base: Storage, storage: Storage } | null} localStorage, and the page's storage over it. */
let shared = null;

/** The page's storage: localStorage with each write copied to IndexedDB. */
export function pageStorage() {
  pageCopies ??= indexedCopies();
  if (shared?.base !== localStorage) shared = { base: localStorage, storage: durable(localStorage, pageCopies) };
  return shared.storage;
}

/** Puts back what the page's storage lost (see recover), before the page reads it. */
export function recoverPageStorage() {
  try {
    pageCopies ??= indexedCopies();
    return recover(localStorage, pageCopies);
  } catch {
    return Promise.resolve(false);
  }
}
