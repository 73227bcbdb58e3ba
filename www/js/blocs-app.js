// The Blocs page: one BlocsGame (wasm) and its settings, drawn by
// blocs-view.js. Against the computer (in its worker) or two players on
// one screen; undo and redo, the move list, hints from the exact solver, a
// share link with the game in the fragment (`#blocs=<transcript>`), and the
// game kept across reloads. Who moves next and how far undo goes are the
// game flow's (flow.js), which reads BlocsGame's snapshots as any game's.
import { moveRows, moveText, playerName, refusalText, splitTranscript, statusText } from "./blocs-model.js";
import { createBlocsView } from "./blocs-view.js";
import { humanToMove, nextAction, stepHistory } from "./flow.js";
import { loadRecord, storeRecord } from "./storage.js";

/** localStorage key of the Blocs game and its settings. */
export const BLOCS_KEY = "mapello.blocs";

/** The fragment key of a shared Blocs game. */
export const LINK_KEY = "blocs";

const DEFAULTS = { moves: "", opponent: "computer", human: "X", level: 3, hints: false, active: false };
// A Blocs game has at most 1039 moves of at most 5 characters, with spaces.
const MAX_TRANSCRIPT = 10_000;

// The schema of the saved record: each field's check and what is said when
// it fails (after "its"). A field missing from an older record takes its default.
function fieldRules(maxLevel) {
  return [
    ["moves", (v) => typeof v === "string" && v.length <= MAX_TRANSCRIPT, "moves are not a transcript"],
    ["opponent", (v) => v === "computer" || v === "human", "opponent is unknown"],
    ["human", (v) => v === "X" || v === "O", "player's seat is neither first nor second"],
    ["level", (v) => Number.isInteger(v) && v >= 1 && v <= maxLevel, `level is not 1 to ${maxLevel}`],
    ["hints", (v) => typeof v === "boolean", "hints setting is neither on nor off"],
    ["active", (v) => typeof v === "boolean", "page setting is neither shown nor hidden"],
  ];
}

/**
 * Reads a saved Blocs record: `{ value }` with every field of DEFAULTS, or
 * `{ error }` saying what is wrong, for storage.js's `loadRecord`. Its moves
 * must replay on `BlocsGame`, the rules' own check.
 */
export function decodeBlocs(text, BlocsGame, maxLevel) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: "it is not valid JSON" };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { error: "its format is unknown" };
  const value = {};
  for (const [key, holds, problem] of fieldRules(maxLevel)) {
    if (!(key in data)) value[key] = DEFAULTS[key];
    else if (holds(data[key])) value[key] = data[key];
    else return { error: `its ${problem}` };
  }
  const problem = movesProblem(BlocsGame, value.moves);
  return problem ? { error: `its moves do not replay: ${problem}` } : { value };
}

// Why `moves` is no Blocs game (null when it is one), in the rules' words.
function movesProblem(BlocsGame, moves) {
  if (moves.length > MAX_TRANSCRIPT) return `they are longer than any game (${MAX_TRANSCRIPT} characters)`;
  try {
    new BlocsGame({ moves }).free();
    return null;
  } catch (err) {
    return err.message;
  }
}

/** The transcript of a `#blocs=…` fragment, or null for any other fragment. */
export function linkedMoves(hash) {
  const params = new URLSearchParams(String(hash).replace(/^#/, ""));
  return params.has(LINK_KEY) ? params.get(LINK_KEY) : null;
}

/**
 * Starts the Blocs page (hidden until `show`): `BlocsGame` is the wasm
 * class and `maxLevel` the computer's strongest level; `notify(text, {
 * key, action })` shows a notice and `clearNotice(key)` takes it away;
 * `dropped(notice, text)` tells the player a stored record was refused and
 * offers its `text` as a download; `unsaved(failed, link)` says whether the
 * last save failed, with `link()` giving a link that holds the game. Returns `{
 * show(moves?), hide(), active }`.
 */
export function startBlocs({ BlocsGame, maxLevel, storage, notify, clearNotice, dropped, unsaved }) {
  const $ = (id) => document.getElementById(id);
  const page = $("blocs-page");
  const stored = loadRecord(storage, BLOCS_KEY, (text) => decodeBlocs(text, BlocsGame, maxLevel), "saved Blocs game");
  if (stored.notice) dropped(stored.notice, stored.text);
  const saved = stored.value ?? { ...DEFAULTS };
  const settings = { ...saved };
  let game = new BlocsGame({ moves: saved.moves });
  let worker = null;
  let asked = 0;
  let thinking = false;

  const view = createBlocsView(page.querySelector(".blocs-board"), playMove);

  function names() {
    if (settings.opponent === "human") return { X: "First player", O: "Second player" };
    const other = settings.human === "X" ? "O" : "X";
    return { [settings.human]: "You", [other]: "The computer" };
  }

  // The settings as the flow model has them: a game against the computer
  // or between two people, never a match.
  function flow() {
    const mode = settings.opponent === "computer" ? "computer" : "hotseat";
    return { settings: { mode, humanColour: settings.human, level: settings.level }, match: null, phase: "play" };
  }

  function save() {
    const ok = storeRecord(storage, BLOCS_KEY, JSON.stringify({ ...settings, moves: game.transcript() }));
    unsaved(!ok, link);
  }

  function link() {
    return `${location.origin}${location.pathname}#${LINK_KEY}=${game.transcript()}`;
  }

  function announce(text) {
    const live = $("announcer");
    live.textContent = "";
    setTimeout(() => (live.textContent = text), 30);
  }

  function render() {
    const snap = game.snapshot();
    const mine = humanToMove(flow(), snap) && !thinking;
    const hints = settings.hints && mine ? game.hints() : [];
    $("blocs-status").textContent = thinking ? `${statusText(snap, names())} The computer is thinking…` : statusText(snap, names());
    view.show(snap, { enabled: mine, hints });
    const line = $("blocs-hints-line");
    line.hidden = !(settings.hints && mine);
    line.textContent = hints.length
      ? `Winning moves: ${hints.join(", ")} (a green dot marks a placement's square or a flip's lower-right disc).`
      : "No winning move here: against perfect play every move loses.";
    const list = $("blocs-moves");
    const rows = moveRows(splitTranscript(game.transcript()));
    list.replaceChildren(
      ...rows.map((r) => {
        const li = document.createElement("li");
        // By seat, not by "You": a game from a shared link was not played here.
        li.textContent = `${playerName(r.side)}: ${r.move}`;
        return li;
      }),
    );
    // The newest move in view, without scrolling the page itself.
    list.scrollTop = list.scrollHeight;
    $("blocs-undo").disabled = !snap.canUndo || thinking;
    $("blocs-redo").disabled = !snap.canRedo || thinking;
    $("blocs-opponent").value = settings.opponent;
    $("blocs-human").value = settings.human;
    $("blocs-level").value = String(settings.level);
    $("blocs-hints").checked = settings.hints;
    for (const label of page.querySelectorAll("[data-blocs-for]")) label.hidden = settings.opponent !== "computer";
    $("variant").value = "blocs";
  }

  function playMove(move) {
    const why = game.refusal(move);
    if (why) {
      $("blocs-refusal").textContent = refusalText(why);
      announce(refusalText(why));
      render();
      return;
    }
    $("blocs-refusal").textContent = "";
    const side = game.snapshot().toMove;
    game.play(move);
    afterMove(move, side);
  }

  function afterMove(move, side) {
    const snap = game.snapshot();
    let news = moveText(move, side, names());
    if (snap.status === "gameOver") news += ` ${statusText(snap, names())}`;
    announce(news);
    save();
    render();
    proceed();
  }

  function proceed() {
    if (page.hidden || nextAction(flow(), game.snapshot(), { paused: false, hints: false }) !== "think") return;
    thinking = true;
    render();
    const id = ++asked;
    worker ??= startWorker();
    worker.postMessage({ id, moves: game.transcript(), level: settings.level });
  }

  function startWorker() {
    const w = new Worker(new URL("./blocs-worker.js", import.meta.url), { type: "module" });
    w.onmessage = ({ data }) => {
      if (data.id !== asked) return;
      thinking = false;
      const snap = game.snapshot();
      if (data.error || !snap.legal.includes(data.move)) {
        notify(`The computer could not move: ${data.error ?? "it answered a move that is not legal here"}.`, { key: "blocs" });
        render();
        return;
      }
      game.play(data.move);
      afterMove(data.move, snap.toMove);
    };
    w.onerror = () => {
      thinking = false;
      worker = null;
      notify("The computer player stopped; play on or try again with New game.", { key: "blocs" });
      render();
    };
    return w;
  }

  // Against the computer, undo and redo go on to a turn of the player's.
  function step(back) {
    asked++;
    thinking = false;
    if (!stepHistory(flow(), game, back ? "undo" : "redo")) return render();
    $("blocs-refusal").textContent = "";
    save();
    render();
    proceed();
  }

  function newGame(moves = "") {
    asked++;
    thinking = false;
    const next = new BlocsGame({ moves });
    game.free();
    game = next;
    $("blocs-refusal").textContent = "";
    save();
    render();
    proceed();
  }

  // Replaces the game by `moves` (checked first); the one in progress is
  // put aside, with a way back to it (its moves and the settings it was
  // played with), and `said` says so.
  function startOver(moves = "", said = "A new game started; the one you were playing was put aside.") {
    const before = { moves: game.transcript(), settings: { ...settings } };
    const moved = before.moves !== "" && before.moves !== moves;
    newGame(moves);
    if (!moved) return;
    notify(said, {
      key: "blocs-replaced",
      action: {
        label: "Back to that game",
        run: () => {
          clearNotice("blocs-replaced");
          Object.assign(settings, before.settings, { active: settings.active });
          newGame(before.moves);
          announce(`Back to your game. ${$("blocs-status").textContent}`);
        },
      },
    });
  }

  // A shared game: it replaces the one here only when its moves replay,
  // and keeps that one a step back; a damaged link leaves the game as it was.
  function openLink(moves) {
    const problem = movesProblem(BlocsGame, moves);
    if (problem) {
      notify(`The shared Blocs game could not be opened: ${problem}. Your game is as you left it.`, { key: "blocs-link" });
      render();
      proceed();
      return;
    }
    clearNotice("blocs-link");
    startOver(moves, "Your previous Blocs game was replaced by the shared one.");
  }

  function changeSetting(name, value) {
    settings[name] = value;
    save();
    render();
    proceed();
  }

  $("blocs-new").addEventListener("click", () => startOver());
  // A refusal stands until the next thing done on the page.
  for (const type of ["pointerdown", "keydown"]) {
    page.addEventListener(type, () => ($("blocs-refusal").textContent = ""), true);
  }
  $("blocs-undo").addEventListener("click", () => step(true));
  $("blocs-redo").addEventListener("click", () => step(false));
  $("blocs-hints").addEventListener("change", (e) => changeSetting("hints", e.target.checked));
  $("blocs-opponent").addEventListener("change", (e) => changeSetting("opponent", e.target.value));
  $("blocs-human").addEventListener("change", (e) => changeSetting("human", e.target.value));
  $("blocs-level").addEventListener("change", (e) => changeSetting("level", Number(e.target.value)));
  // Copies `text`, or shows it to be copied by hand where the clipboard is refused.
  async function copy(text, done) {
    try {
      await navigator.clipboard.writeText(text);
      $("blocs-copied").textContent = done;
    } catch {
      $("blocs-copied").textContent = text;
    }
  }
  $("blocs-copy-link").addEventListener("click", () => copy(link(), "Link copied."));
  $("blocs-copy-moves").addEventListener("click", () => copy(game.transcript(), "Moves copied."));
  // A pasted transcript replaces the game only when it reads and every
  // move is legal; otherwise the game on the board stays as it was.
  $("blocs-load-moves").addEventListener("click", () => {
    const error = $("blocs-paste-error");
    const moves = $("blocs-paste").value.trim();
    if (!moves) {
      error.textContent = "Paste some moves first: the box is empty, so the game is unchanged.";
      return;
    }
    const problem = movesProblem(BlocsGame, moves);
    if (problem) {
      error.textContent = `These moves could not be loaded: ${problem}. The game is unchanged.`;
      return;
    }
    error.textContent = "";
    startOver(moves, "The moves were loaded; the game you were playing was put aside.");
  });
  addEventListener("keydown", (e) => {
    if (page.hidden || !(e.ctrlKey || e.metaKey)) return;
    if (e.key === "z" || e.key === "y") {
      e.preventDefault();
      step(e.key === "z");
    }
  });

  function setActive(on) {
    settings.active = on;
    page.hidden = !on;
    document.querySelector("main.layout").hidden = on;
    // The board's settings (size, mode, map) do not apply to Blocs.
    document.body.classList.toggle("blocs-active", on);
    if (on) {
      $("settings-game").textContent = "Blocs 4×4";
      $("settings-mode").textContent = "";
    }
    save();
  }

  return {
    /** Whether the Blocs page was showing when the page was last used. */
    active: saved.active,
    /** Shows the Blocs page, with the game `moves` (a shared link's) when given. */
    show(moves = null) {
      setActive(true);
      if (moves !== null) openLink(moves);
      else {
        render();
        proceed();
      }
    },
    /** Hides the Blocs page (another game was chosen). */
    hide() {
      asked++;
      thinking = false;
      setActive(false);
    },
  };
}
