// @ts-check
// The map editor's state and actions, without the DOM: the MapDraft (wasm)
// being edited with its limits, the history of finished edits, the tool,
// the cursor, the stroke under way, and what the status line and the
// balance say. Legality is MapDraft's call: a refusal is its reason. After
// each change it calls `changed()`; the editor draws one `snapshot()`.
import { MapDraft, randomSeed } from "../mapello.js";
import { catalogue } from "./catalogue.js";
import { createBalanceClient } from "./editor-balance.js";
import { balanceText, cellName, historyOf, readLimit, record, redo, stepCursor, strokePiece, undo } from "./editor-model.js";
import { outerCoords, outerIndex } from "./geometry.js";

/** @typedef {import("../mapello.d.ts").Piece} Piece */
/** @typedef {keyof import("../mapello.d.ts").Counts} Kind */
/** @typedef {import("./editor-model.js").History<Entry>} EditHistory */

/**
 * One step of the edit history: the map and the limits agreed for it.
 * @typedef {{ code: string, limits: import("../mapello.d.ts").Counts }} Entry
 */

/**
 * The balance estimate as the balance client reports it (editor-balance.js).
 * @typedef {{ value?: number, error?: string, pending?: true }} Estimate
 */

/**
 * The editor's state (see `editorState`).
 * @typedef {{
 *   draft: MapDraft,
 *   history: EditHistory,
 *   tool: Piece,
 *   cursor: number,
 *   keyboard: boolean,
 *   hover: number,
 *   stroke: { piece: Piece } | null,
 *   status: { text: string, refused: boolean },
 *   estimate: Estimate,
 *   busy: boolean,
 *   version: number,
 *   changed: () => void,
 *   onChange: (code: string) => void,
 *   balance: ReturnType<typeof createBalanceClient>,
 * }} EditorState
 */

/** @typedef {ReturnType<typeof createEditorController>} EditorController */
/** @typedef {ReturnType<typeof snapshotOf>} EditorSnapshot */

/**
 * The tools, each with the key that picks it.
 * @type {{ piece: Piece, label: string, key: string }[]}
 */
export const TOOLS = [
  { piece: "wall", label: "Wall", key: "w" },
  { piece: "bonus", label: "Bonus", key: "b" },
  { piece: "joker", label: "Joker", key: "j" },
  { piece: "empty", label: "Erase", key: "e" },
];

/**
 * Kinds of piece as `counts()` and `limits()` name them.
 * @type {{ kind: Kind, label: string }[]}
 */
export const KINDS = [
  { kind: "walls", label: "Walls" },
  { kind: "bonuses", label: "Bonuses" },
  { kind: "jokers", label: "Jokers" },
];

/**
 * How the palette names the tool that paints `piece`.
 * @param {Piece} piece
 */
export function toolLabel(piece) {
  // Every piece has its tool.
  return /** @type {(typeof TOOLS)[number]} */ (TOOLS.find((t) => t.piece === piece)).label;
}

/**
 * The game played on maps (Mapello), as the catalogue lists it.
 * @returns {import("../mapello.d.ts").GameFacts}
 */
export function mapGame() {
  // The catalogue always has it: maps are the product's first game.
  return /** @type {import("../mapello.d.ts").GameFacts} */ (catalogue().games.find((g) => g.maps));
}

/**
 * The piece each kind counts.
 * @type {Record<Kind, Piece>}
 */
const PIECES = { walls: "wall", bonuses: "bonus", jokers: "joker" };

/**
 * The most squares of a map of side `size` that may hold `kind`: those
 * where the rules (MapDraft's refusal) let one stand on an empty map.
 * @param {number} size
 * @param {Kind} kind
 */
function room(size, kind) {
  const empty = new MapDraft(size);
  let free = 0;
  for (let y = 0; y < size + 2; y += 1) {
    for (let x = 0; x < size + 2; x += 1) if (empty.refusal(x, y, PIECES[kind]) === undefined) free += 1;
  }
  empty.free();
  return free;
}

// The side of the map a new editor starts with: a Mapello game's.
function startSize() {
  return mapGame().defaultSize;
}

const entryOf = (/** @type {MapDraft} */ draft) => ({ code: draft.code(), limits: draft.limits() });
const sameEntry = (/** @type {Entry} */ a, /** @type {Entry} */ b) => a.code === b.code && KINDS.every(({ kind }) => a.limits[kind] === b.limits[kind]);

/**
 * A controller over the map `initialCode` (a share code; an empty map when
 * missing or damaged). `changed()` hears of every change to draw,
 * `onChange(code)` of every finished edit.
 * @param {{ initialCode?: string, changed: () => void, onChange: (code: string) => void }} options
 */
export function createEditorController({ initialCode, changed, onChange }) {
  const ed = editorState(changed, onChange);
  if (initialCode) {
    try {
      replaceDraft(ed, MapDraft.fromCode(initialCode));
      ed.history = historyOf(entryOf(ed.draft));
    } catch (err) {
      say(ed, `That map could not be opened (${/** @type {Error} */ (err).message}); here is an empty one.`);
    }
  }
  ed.balance.balance(ed.draft.code());
  /**
   * Each action takes the state first.
   * @template {unknown[]} A
   * @template R
   * @param {(ed: EditorState, ...args: A) => R} action
   * @returns {(...args: A) => R}
   */
  const act = (action) => (...args) => action(ed, ...args);
  return {
    /** Everything the editor draws, read once per change. */
    snapshot: () => snapshotOf(ed),
    code: () => ed.draft.code(),
    setTool: act((ed, /** @type {Piece} */ piece) => ((ed.tool = piece), update(ed))),
    /** Shows `index` (-1 for none) as the cell under the pointer. */
    hover: act(hoverAt),
    /** Starts a stroke at cell `index`: it paints the tool, or erases what the tool would paint. */
    startStroke: act(startStroke),
    /** Paints the stroke's piece on every cell of `indices`. */
    continueStroke: act(continueStroke),
    endStroke: act(endStroke),
    /** Takes a key pressed on the board; true when it was the editor's. */
    key: act(boardKey),
    undo: act((ed) => step(ed, undo, "Undone.")),
    redo: act((ed) => step(ed, redo, "Redone.")),
    clear: act((ed) => (ed.draft.clear(), commit(ed, "Cleared."))),
    /** Sets the limit of `kind` to what `text` says, or says why not. */
    setLimit: act(setLimit),
    resize: act((ed, /** @type {number} */ n) => adopt(ed, new MapDraft(n), `An empty ${n} x ${n} map.`)),
    /** Loads the map `code`, keeping the limits where it fits them; `message` says what it is. */
    load: act(loadCode),
    random: act(randomMap),
    balanced: act(balancedMap),
    say: act(tell),
  };
}

/**
 * The editor's state: the draft and its history, the tool, the cursor, the
 * stroke under way, the status line, the balance estimate and whether a
 * balanced map is being looked for. `version` is bumped by every action,
 * not by the pointer's hover or a balance answer: the limit inputs are
 * redrawn only then, never under the player's typing.
 * @param {() => void} changed
 * @param {(code: string) => void} onChange
 * @returns {EditorState}
 */
function editorState(changed, onChange) {
  const draft = new MapDraft(startSize());
  /** @type {EditorState} */
  const ed = {
    draft,
    history: historyOf(entryOf(draft)),
    tool: "wall",
    cursor: outerIndex(draft.size(), 0, 0),
    keyboard: false,
    hover: -1,
    stroke: null,
    status: { text: "", refused: false },
    estimate: { pending: true },
    busy: false,
    version: 0,
    changed,
    onChange,
    // Answers arrive after the state is built.
    balance: createBalanceClient({ onBalance: (estimate) => ((ed.estimate = estimate), changed()) }),
  };
  return ed;
}

/** @param {EditorState} ed */
function snapshotOf(ed) {
  const { draft, history, tool, cursor, keyboard, hover, status, estimate, busy, version } = ed;
  return {
    code: draft.code(),
    size: draft.size(),
    counts: draft.counts(),
    limits: draft.limits(),
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    tool,
    cursor,
    keyboard,
    hover,
    atCursor: pieceAt(ed, cursor),
    status,
    estimate,
    busy,
    version,
  };
}

/** @param {EditorState} ed */
function update(ed) {
  ed.version += 1;
  ed.changed();
}

/**
 * @param {EditorState} ed
 * @param {string} text
 */
function say(ed, text, refused = false) {
  ed.status = { text, refused };
}

/**
 * @param {EditorState} ed
 * @param {number} index
 */
function pieceAt(ed, index) {
  const { row, col } = outerCoords(ed.draft.size(), index);
  return ed.draft.get(col, row);
}

/**
 * Puts `piece` on outer-grid cell `index`; true when the map changed.
 * @param {EditorState} ed
 * @param {number} index
 * @param {Piece} piece
 */
function paint(ed, index, piece) {
  const { row, col } = outerCoords(ed.draft.size(), index);
  if (ed.draft.get(col, row) === piece) return false;
  try {
    ed.draft.set(col, row, piece);
    return true;
  } catch (err) {
    say(ed, `Not allowed: ${/** @type {Error} */ (err).message}.`, true);
    return false;
  }
}

/**
 * Records the map as one step of history, once an edit is complete.
 * @param {EditorState} ed
 * @param {string} [message]
 */
function commit(ed, message) {
  const next = record(ed.history, entryOf(ed.draft), sameEntry);
  if (next !== ed.history) {
    ed.history = next;
    ed.onChange(ed.draft.code());
    ed.balance.balance(ed.draft.code());
  }
  if (message !== undefined) say(ed, message);
  update(ed);
}

/**
 * @param {EditorState} ed
 * @param {MapDraft} next
 */
function replaceDraft(ed, next) {
  const resized = next.size() !== ed.draft.size();
  ed.draft.free();
  ed.draft = next;
  if (resized) ed.cursor = outerIndex(next.size(), 0, 0);
}

/**
 * Adopts a map from elsewhere, keeping the current limits where it fits them.
 * @param {EditorState} ed
 * @param {MapDraft} next
 * @param {string} [message]
 */
function adopt(ed, next, message) {
  const limits = ed.draft.limits();
  const have = next.counts();
  next.setLimits(Math.max(limits.walls, have.walls), Math.max(limits.bonuses, have.bonuses), Math.max(limits.jokers, have.jokers));
  replaceDraft(ed, next);
  commit(ed, message);
}

/**
 * @param {EditorState} ed
 * @param {(history: EditHistory) => EditHistory} move
 * @param {string} message
 */
function step(ed, move, message) {
  const next = move(ed.history);
  if (next === ed.history) return;
  ed.history = next;
  const { code, limits } = next.present;
  const restored = MapDraft.fromCode(code);
  restored.setLimits(limits.walls, limits.bonuses, limits.jokers);
  replaceDraft(ed, restored);
  ed.onChange(ed.draft.code());
  ed.balance.balance(ed.draft.code());
  say(ed, message);
  update(ed);
}

/**
 * @param {EditorState} ed
 * @param {number} index
 */
function hoverAt(ed, index) {
  if (index === ed.hover) return;
  ed.hover = index;
  ed.changed();
}

/**
 * @param {EditorState} ed
 * @param {number} index
 */
function startStroke(ed, index) {
  ed.keyboard = false;
  ed.cursor = index;
  ed.stroke = { piece: strokePiece(ed.tool, pieceAt(ed, index)) };
  say(ed, "");
  paint(ed, index, ed.stroke.piece);
  update(ed);
}

/**
 * @param {EditorState} ed
 * @param {number[]} indices
 */
function continueStroke(ed, indices) {
  const { stroke } = ed;
  if (!stroke || indices.length === 0) return;
  for (const index of indices) paint(ed, index, stroke.piece);
  update(ed);
}

/** @param {EditorState} ed */
function endStroke(ed) {
  if (!ed.stroke) return;
  ed.stroke = null;
  commit(ed);
}

/**
 * @param {EditorState} ed
 * @param {string} key
 */
function boardKey(ed, key) {
  if (key.startsWith("Arrow")) {
    ed.cursor = ed.keyboard ? stepCursor(ed.draft.size(), ed.cursor, key) : ed.cursor;
    ed.keyboard = true;
    update(ed);
    return true;
  }
  if (key === "Enter" || key === " " || key === "Delete" || key === "Backspace") {
    ed.keyboard = true;
    const piece = key === "Delete" || key === "Backspace" ? "empty" : strokePiece(ed.tool, pieceAt(ed, ed.cursor));
    const where = cellName(ed.draft.size(), ed.cursor);
    if (paint(ed, ed.cursor, piece)) commit(ed, piece === "empty" ? `Erased ${where}.` : `${toolLabel(piece)} on ${where}.`);
    else update(ed);
    return true;
  }
  const chosen = TOOLS.find((t) => t.key === key.toLowerCase());
  if (!chosen) return false;
  ed.tool = chosen.piece;
  say(ed, `Painting: ${chosen.label.toLowerCase()}.`);
  update(ed);
  return true;
}

/**
 * @param {EditorState} ed
 * @param {Kind} kind
 * @param {string} text
 */
function setLimit(ed, kind, text) {
  const limits = ed.draft.limits();
  const most = room(ed.draft.size(), kind);
  const read = readLimit(text, most);
  const have = ed.draft.counts()[kind];
  if (read.problem !== undefined) {
    say(ed, `The ${kind} limit ${read.problem}: it must be a whole number from 0 to ${most}, so it stays ${limits[kind]}.`, true);
    return update(ed);
  }
  const wanted = read.value;
  if (wanted < have) {
    say(ed, `The map has ${have} ${kind}: remove some before lowering the limit to ${wanted}.`, true);
    return update(ed);
  }
  limits[kind] = wanted;
  ed.draft.setLimits(limits.walls, limits.bonuses, limits.jokers);
  commit(ed, `At most ${wanted} ${kind}.`);
}

/** @param {EditorState} ed */
function randomMap(ed) {
  const l = ed.draft.limits();
  try {
    adopt(ed, MapDraft.random(ed.draft.size(), l.walls, l.bonuses, l.jokers, randomSeed()), "A random map with as many pieces as the limits allow.");
  } catch (err) {
    say(ed, `No random map: ${/** @type {Error} */ (err).message}.`, true);
    update(ed);
  }
}

/** @param {EditorState} ed */
async function balancedMap(ed) {
  ed.busy = true;
  say(ed, "Looking for a balanced map…");
  update(ed);
  const { code, balance: value, error } = await ed.balance.balancedMap(randomSeed(), { ...ed.draft.limits(), size: ed.draft.size() });
  ed.busy = false;
  let next = null;
  try {
    // Without an error, the answer has passed balanceProblem(): a code and its balance.
    if (!error) next = MapDraft.fromCode(/** @type {string} */ (code));
  } catch (err) {
    say(ed, `No balanced map: the worker's map does not open (${/** @type {Error} */ (err).message}).`, true);
  }
  if (error) say(ed, `No balanced map: ${error}.`, true);
  if (next) adopt(ed, next, `A balanced random map: ${balanceText(/** @type {number} */ (value))}.`);
  else update(ed);
}

/**
 * Loads the map `code`, keeping the limits where it fits them; `message` says what it is.
 * @param {EditorState} ed
 * @param {string} code
 * @param {string} [message]
 */
function loadCode(ed, code, message) {
  adopt(ed, MapDraft.fromCode(code), message);
}

/**
 * Says `text` on the status line (`refused` for a refusal) and draws.
 * @param {EditorState} ed
 * @param {string} text
 * @param {boolean} [refused]
 */
function tell(ed, text, refused) {
  say(ed, text, refused);
  update(ed);
}
