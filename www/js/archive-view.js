// @ts-check
// The dialog of saved games (archive.js's archive), loaded on first use: a
// list, newest first, of each game's date, game and size, a thumbnail of
// its board, its players (with their ratings), where and at what time
// control an imported game was played, its result and state, with Open,
// Export and Delete; Export all and Import for the whole archive. The list
// keeps the order of the dates the games were played, as an Othello
// site's list of games does, so an old game imported goes far down:
// after an import the games it added are marked and the first is
// scrolled into view. What each game is (its
// size, position, state and result) is read from the wasm Game replaying
// it, never worked out here; GGF records are written and read by the
// rules too, in the workers' wasm module (dialog.js's aiWasm).
import { ARCHIVE_LIMIT, exportText, fromGgf, isGgf, movesOf, parseExport, readArchive, removeEntry, withBoard } from "./archive.js";
import { tabName } from "./archive-hooks.js";
import { archive, datedByPlay, entryOf } from "./archive-store.js";
import { aiWasm, createDialog } from "./dialog.js";
import { download, showBoard } from "./dom.js";
import { resultLine } from "./flow.js";
import { gameById } from "./games.js";
import { render } from "./render.js";
import { settingsFor } from "./share.js";
import { fromGame } from "./state.js";
import { decodeSave, DEFAULT_SETTINGS, gameOf, KEY } from "./storage.js";

/** @typedef {import("./archive.js").Entry & { onBoard?: boolean }} Entry */
/** @typedef {import("./archive-hooks.js").ArchiveDeps & { session: Storage, openEntry: (entry: Entry) => void }} ViewDeps */
/** @typedef {import("../mapello.d.ts").Snapshot} Snapshot */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
let wired = false;

// The dialog and its styles, added to the page on first use: the first
// screen, which has a budget, has no use for them.
const MARKUP = `<div class="help-head"><h2 id="archive-title">Saved games</h2>
<button type="button" id="close-archive" class="dismiss" aria-label="Close">×</button></div>
<p id="archive-about" class="archive-about"></p>
<div class="archive-tools"><button type="button" id="archive-export-all">Export all</button>
<button type="button" id="archive-import">Import…</button>
<input type="file" id="archive-file" accept=".txt,.ggf,text/plain" hidden /></div>
<div class="archive-status"><p id="archive-said" role="status"></p><button type="button" id="archive-action" hidden></button></div>
<p id="archive-empty" class="archive-empty" hidden>No saved games yet: a game goes here when it ends, or when a new game puts it aside.</p>
<ol id="archive-list" class="archive-list" aria-labelledby="archive-title"></ol>`;
const STYLES = `.archive-about,
.archive-empty {
  margin: 0.4rem 0;
  color: var(--muted);
  font-size: 0.9rem;
}

.archive-tools,
.archive-status,
.archive-actions {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem;
}

.archive-status p {
  margin: 0.3rem 0;
}

/* What was just done (an export, a deletion) stays in sight at the top
   while the list is scrolled down to the game it was done to: at the
   dialog's edge, over its padding (.help's), where no game shows past it. */
.archive-status:has(#archive-said:not(:empty)) {
  position: sticky;
  top: -0.9rem;
  z-index: 1;
  background: var(--panel);
  border-bottom: 1px solid var(--panel-edge);
}

.archive-list {
  display: grid;
  gap: 0.5rem;
  margin: 0.5rem 0 0;
  padding: 0;
  list-style: none;
}

.archive-item {
  display: grid;
  grid-template-columns: 4.5rem 1fr auto;
  align-items: center;
  gap: 0.4rem 0.75rem;
  padding: 0.5rem;
  border: 1px solid var(--panel-edge);
  border-radius: 0.5rem;
}

.archive-thumb {
  width: 4.5rem;
  height: 4.5rem;
  color: var(--board-label);
}

.archive-text p {
  margin: 0.1rem 0;
  overflow-wrap: anywhere;
}

.archive-title {
  font-weight: 600;
}

.archive-date,
.archive-players,
.archive-branch,
.archive-details,
.archive-moves {
  color: var(--muted);
  font-size: 0.85rem;
}

.archive-item.archive-imported {
  border-color: var(--accent);
  box-shadow: inset 0.25rem 0 0 var(--accent);
}

.archive-mark {
  margin-left: 0.4rem;
  padding: 0 0.35rem;
  border-radius: 0.3rem;
  background: var(--accent);
  color: var(--accent-text);
  font-size: 0.75rem;
  font-weight: 600;
}

.archive-abandoned {
  font-style: italic;
}

@media (max-width: 760px) {
  .archive-item {
    grid-template-columns: 4rem 1fr;
  }

  .archive-thumb {
    width: 4rem;
    height: 4rem;
  }

  .archive-actions {
    grid-column: 1 / -1;
  }

  .archive-actions button,
  .archive-tools button,
  .archive-status button {
    min-height: 2.75rem;
  }
}
`;

/**
 * Shows the dialog over the page, its list read afresh from storage.
 * @param {ViewDeps} deps
 */
export function showArchive(deps) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("archive") ?? createDialog("archive", MARKUP, STYLES));
  if (!wired) {
    wired = true;
    wire(deps, dialog);
  }
  say("");
  if (!dialog.open) dialog.showModal();
  fill(deps);
}

/**
 * @param {ViewDeps} deps
 * @param {HTMLDialogElement} dialog
 */
function wire(deps, dialog) {
  $("archive-about").textContent = `Every finished game, and every game put aside unfinished, newest first. The newest ${ARCHIVE_LIMIT} are kept. Import reads an export of this page, or the GGF records of Othello games (.ggf).`;
  $("close-archive").addEventListener("click", () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener("click", (e) => {
    if (e.target === dialog) dialog.close();
  });
  $("archive-export-all").addEventListener("click", async () => {
    const { entries } = readArchive(deps.storage);
    download(exportText(entries, await ggfWriter()), "mapello-saved-games.txt");
    say(`${count(entries.length)} exported.`);
  });
  const file = /** @type {HTMLInputElement} */ ($("archive-file"));
  $("archive-import").addEventListener("click", () => file.click());
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    file.value = "";
    if (!chosen) return;
    const { text, ids } = await importText(deps, await chosen.text());
    say(text);
    fill(deps, ids);
  });
}

/**
 * "1 game", "3 games".
 * @param {number} n
 */
const count = (n) => `${n} ${n === 1 ? "game" : "games"}`;

/**
 * Says `text` in the dialog's status line, with a button doing `action` when given.
 * @param {string} text
 * @param {{ label: string, run: () => void } | null} [action]
 */
function say(text, action = null) {
  $("archive-said").textContent = text;
  const button = $("archive-action");
  button.hidden = !action;
  button.textContent = action?.label ?? "";
  button.onclick = action ? action.run : null;
}

/**
 * The snapshot of an entry's game, replayed by the rules, and of its
 * start; null when it no longer opens, `error` saying why.
 * @param {ViewDeps} deps
 * @param {Entry} entry
 * @param {{ error?: string }} [why]
 * @returns {{ snap: Snapshot, start: Snapshot } | null}
 */
function replay({ Game }, { game }, why = {}) {
  try {
    const played = gameOf(Game, game);
    const first = gameOf(Game, { ...game, moves: "" }, { forfeit: false });
    const shots = { snap: played.snapshot(), start: first.snapshot() };
    played.free();
    first.free();
    return shots;
  } catch (err) {
    why.error = err instanceof Error ? err.message : String(err);
    return null;
  }
}

/**
 * What gives an entry's GGF record (the rules' `ggfWrite`): null for a
 * game GGF cannot say, or one that no longer opens, and for every game
 * when the workers' module cannot load (the export then goes without).
 */
async function ggfWriter() {
  const wasm = await aiWasm().catch(() => null);
  return (/** @type {Entry} */ { game, players, date, details }) => {
    if (!wasm || game.variant !== "othello") return null;
    const { forfeit, ...options } = game;
    try {
      return wasm.ggfWrite(/** @type {import("../mapello.d.ts").GameOptions} */ (options), { black: players[0], white: players[1], date, forfeit, details }) ?? null;
    } catch {
      return null;
    }
  };
}

/**
 * The date as the reader's locale writes it: a day alone (an imported
 * record's without a time) as that day, wherever the reader is.
 * @param {string} iso
 */
const when = (iso) =>
  iso.length === 10 ? new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium", timeZone: "UTC" }) : new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * What an entry's date is, said before it when the entry knows.
 * @type {Record<string, string>}
 */
const DATED = { move: "Last move ", start: "Started " };

/**
 * Fills the list from storage, the entries `marked` (just imported) marked
 * and the first of them scrolled into view.
 * @param {ViewDeps} deps
 * @param {string[]} [marked]
 */
function fill(deps, marked = []) {
  const read = readArchive(deps.storage);
  if (read.notice) say(read.notice);
  const board = boardEntry(deps);
  const entries = withBoard(read.entries, board);
  const list = $("archive-list");
  const keys = entries.map(looks);
  const alike = (/** @type {number} */ i) => keys.indexOf(keys[i]) !== keys.lastIndexOf(keys[i]);
  const what = (/** @type {Entry} */ entry) => (entry.branch ? branchLine(entry.branch, entries, board?.id) : "");
  list.replaceChildren(...entries.map((entry, i) => item(deps, entry, { imported: marked.includes(entry.id), alike: alike(i), branch: what(entry) })));
  $("archive-empty").hidden = entries.length > 0;
  for (const canvas of list.querySelectorAll("canvas")) /** @type {any} */ (canvas).draw?.();
  list.querySelector(".archive-imported")?.scrollIntoView({ block: "nearest" });
}

/**
 * The entry of the game on this tab's board as it stands (saved on each
 * move under storage.js's KEY), or null: none when another tab saved last.
 * @param {ViewDeps} deps
 */
function boardEntry(deps) {
  try {
    const text = deps.storage.getItem(KEY);
    const { saved } = decodeSave(text);
    const tab = JSON.parse(text ?? "{}").tab;
    const made = saved && (tab === undefined || tab === tabName(deps.session)) ? entryOf(deps.Game, saved) : null;
    return saved && made && datedByPlay(deps.storage, saved, made);
  } catch {
    return null;
  }
}

/**
 * What a game a link kept beside another is to it, in a line: "Earlier
 * position of the game on the board, at move 12", "Branch of the game of
 * 26 Nov 2026, 10:00 after move 8", "Played on after another game ended".
 * @param {import("./archive.js").Branch} branch
 * @param {Entry[]} entries
 * @param {string | undefined} boardId
 */
function branchLine({ kind, at, of }, entries, boardId) {
  const kin = entries.find((e) => e.id === of);
  const game = of && of === boardId ? "the game on the board" : kin ? `the game of ${when(kin.date)}` : "another game";
  if (kind === "earlier") return `Earlier position of ${game}, at move ${at}`;
  if (kind === "played on") return `Played on after ${game} ended`;
  return at ? `Branch of ${game} after move ${at}` : `Branch of ${game} from its first move`;
}

/**
 * What an entry's item reads as but for its thumbnail: its game, date,
 * players, state and result, and how many moves it has.
 * @param {Entry} entry
 */
const looks = ({ game, date, players, state, result, onBoard }) => [game.variant, when(date), ...players, state, result, onBoard, movesOf(game.moves).length].join("\n");

/**
 * What tells apart two games whose items read alike: their opening and
 * last move, and the score: "Moves f5 d6 c3 … e3; 8 to 6".
 * @param {Snapshot} snap
 */
function movesLine({ moves, score }) {
  const shown = moves.length > 4 ? `${moves.slice(0, 3).join(" ")} … ${moves.at(-1)}` : moves.join(" ");
  // The score is kept on one line.
  return `Moves ${shown}; ${score[0]}\u00a0to\u00a0${score[1]}`;
}

/**
 * A player's name with the rating their record gives: "Ann (2197.72)".
 * @param {string} name
 * @param {string | undefined} rating
 */
const rated = (name, rating) => (rating ? `${name} (${rating})` : name);

/**
 * What an imported record says of where and how the game was played:
 * "GGS/os, time 15:00//02:00, type 8r", or "" when it says nothing.
 * @param {Entry} entry
 */
function detailsLine({ details }) {
  if (!details) return "";
  const { place, time, type } = details;
  return [place, time && `time ${time}`, type && `type ${type}`].filter(Boolean).join(", ");
}

/**
 * A button whose name ends with what it acts on, hidden but read aloud.
 * @param {string} label
 * @param {string} about
 * @param {() => void} run
 */
function button(label, about, run) {
  const b = document.createElement("button");
  b.type = "button";
  const hidden = Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: ` ${about}` });
  b.append(label, hidden);
  b.addEventListener("click", run);
  return b;
}

/**
 * The list item of `entry`, `imported` marked as just imported, its moves
 * said when it reads `alike` another, and what it is to another game when
 * a link kept it beside that one (`branch`).
 * @param {ViewDeps} deps
 * @param {Entry} entry
 * @param {{ imported: boolean, alike: boolean, branch: string }} about
 */
function item(deps, entry, { imported, alike, branch }) {
  const li = document.createElement("li");
  li.className = imported ? "archive-item archive-imported" : "archive-item";
  const shots = replay(deps, entry);
  const name = gameById(entry.game.variant)?.name ?? entry.game.variant;
  const size = shots ? ` ${shots.snap.size} x ${shots.snap.size}` : "";
  const canvas = document.createElement("canvas");
  canvas.className = "archive-thumb";
  canvas.setAttribute("aria-hidden", "true");
  if (shots) {
    const board = { ...fromGame(shots.snap), showLegal: false, interactive: false, lastMove: -1, flipped: [] };
    /** @type {any} */ (canvas).draw = () => render(canvas, board);
  }
  const text = document.createElement("div");
  text.className = "archive-text";
  const moves = shots?.snap.moves.length ?? 0;
  const played = `${moves} ${moves === 1 ? "move" : "moves"}`;
  // An unfinished game of a match opens in it (archive-store.js openEntry).
  const match = entry.state === "abandoned" ? entry.inMatch?.match : undefined;
  const of = match ? `, in game ${match.games.length + 1} of a ${match.kind === "series" ? "series" : "free-play match"}` : "";
  const state = entry.state === "finished" ? entry.result : entry.onBoard ? `Being played: ${played} so far${of}.` : `Put aside after ${played}${of}.`;
  const lines = [
    [`${name}${size}`, "archive-title"],
    [`${DATED[entry.dated ?? ""] ?? ""}${when(entry.date)}`, "archive-date"],
    [`${rated(entry.players[0], entry.details?.blackRating)} vs ${rated(entry.players[1], entry.details?.whiteRating)}`, "archive-players"],
    [branch, "archive-branch"],
    [detailsLine(entry), "archive-details"],
    [alike && shots ? movesLine(shots.snap) : "", "archive-moves"],
    [shots ? state : "This game no longer opens with these rules.", `archive-state archive-${entry.state}`],
  ].filter(([line, className]) => line || !["archive-branch", "archive-details", "archive-moves"].includes(className));
  for (const [line, className] of lines) text.append(Object.assign(document.createElement("p"), { textContent: line, className }));
  for (const [mark, shown] of [["Imported", imported], ["On the board", entry.onBoard]]) {
    if (shown) text.children[1].append(Object.assign(document.createElement("span"), { className: "archive-mark", textContent: mark }));
  }
  const about = `the ${name} game of ${when(entry.date)}`;
  const actions = document.createElement("div");
  actions.className = "archive-actions";
  const open = button("Open", about, () => {
    /** @type {HTMLDialogElement} */ ($("archive")).close();
    // The board's own game is open already.
    if (!entry.onBoard) deps.openEntry(entry);
    showBoard();
  });
  open.disabled = !shots;
  const exported = button("Export", about, async () => {
    download(exportText([entry], await ggfWriter()), `mapello-game-${entry.date.slice(0, 10)}.txt`);
    say(`Exported ${about}.`);
  });
  actions.append(open, exported, button("Delete", about, () => remove(deps, entry, about)));
  li.append(canvas, text, actions);
  return li;
}

/**
 * Deletes `entry`, with a way to take it back.
 * @param {ViewDeps} deps
 * @param {Entry} entry
 * @param {string} about
 */
function remove(deps, entry, about) {
  removeEntry(deps.storage, entry.id);
  fill(deps);
  const undo = () => {
    const { onBoard, ...kept } = entry;
    archive(deps, kept);
    fill(deps);
    say(`Brought back ${about}.`);
  };
  const stays = entry.onBoard ? " It stays on the board, and comes back here when it ends or is put aside." : "";
  say(`Deleted ${about}.${stays}`, { label: "Undo", run: undo });
  $("archive-action").focus();
}

/**
 * The games of an imported text: GGF records as the rules read them, or
 * the blocks of this page's export (see `isGgf`).
 * @param {string} text
 * @returns {Promise<{ games: Entry[], numbers: number[], problems: string[] }>}
 */
async function gamesOf(text) {
  if (!isGgf(text)) return parseExport(text);
  try {
    return fromGgf((await aiWasm()).ggfRead(text));
  } catch (err) {
    return { games: [], numbers: [], problems: [`The file could not be read: ${err instanceof Error ? err.message : err}.`] };
  }
}

/**
 * Reads an export text or GGF records into the archive, each game checked
 * by the rules: what it did, in a sentence or more (`text`), and the ids
 * of the games it added. A game the rules finish has their result; one
 * they leave unfinished keeps the result its record gives, if any, and is
 * abandoned otherwise.
 * @param {ViewDeps} deps
 * @param {string} text
 */
export async function importText(deps, text) {
  const { games, numbers, problems } = await gamesOf(text);
  let known = 0;
  /** @type {string[]} */
  const ids = [];
  for (const [i, entry] of games.entries()) {
    const why = { error: `it is not a game of the board: ${entry.game.variant}` };
    const shots = replay(deps, entry, why);
    if (!shots || shots.snap.variant !== entry.game.variant) {
      problems.push(`Game ${numbers[i]} of the file was skipped: ${why.error}.`);
      continue;
    }
    const over = shots.snap.status === "gameOver";
    /** @type {import("./flow.js").Flow} */
    const flow = { settings: /** @type {any} */ (settingsFor(entry.seat, { ...DEFAULT_SETTINGS })), match: null, phase: "play" };
    const said = !over && entry.details?.result ? entry.result : "";
    const checked = { ...entry, state: over || said ? "finished" : "abandoned", result: over ? resultLine(flow, shots.snap) : said };
    if (archive(deps, /** @type {Entry} */ (checked)).added) ids.push(entry.id);
    else known += 1;
  }
  const parts = [`${count(ids.length)} imported${ids.length ? ", marked in the list" : ""}.`];
  if (known) parts.push(`${count(known)} ${known === 1 ? "was" : "were"} saved already.`);
  return { text: [...parts, ...problems].join(" "), ids };
}
