// @ts-check
// The play page's panels, one view function each, drawn from one view of
// the game (`view`, built by the controller once per change, play-ctrl.js):
// `{ flow, snap, race, humanTurn, paused, passNotice, reviewing, analysing,
// example, hintsShown, expert, resigning, setUp, map, presets, named, shown }`, `snap` the game's one snapshot for the change,
// `race` Troll's race (Game.race) or null and `setUp` whether the game
// started from a set-up position (Game.startCode), `map` its map's share
// code (Game.mapCode) and `presets` the ready-made maps of its size, `named` the names a
// record gives its players; `shown`, while analysis or review has the
// board, the position it shows, which the player cards then count. Views
// write the page and read nothing else.
import { colourName, signed } from "./announce.js";
import { allInside, byId, inside } from "./dom.js";
import { cardOf, controllerOf, gameNumber, hasComputer, otherSide, PASS, pausable, resigner, resultLine, setupNames, sideLabel, sideOfPlayer, SIDES, watched, whoPlays } from "./flow.js";
import { BONUS_POINTS, gameById } from "./games.js";
import { modeSummary } from "./levels.js";
import { leaderText, standings } from "./match.js";
import { reviewable } from "./review.js";
import { HINTS_HELP, raceOf } from "./troll.js";

/** @typedef {import("../mapello.d.ts").Colour} Colour */
/** @typedef {import("../mapello.d.ts").Snapshot} Snapshot */
/** @typedef {import("./flow.js").Flow<import("./storage.js").Settings>} PlayFlow */
/** Troll's race (`Game.race`): what each side still needs; null in the games scored by discs. @typedef {ReturnType<import("../mapello.d.ts").Game["race"]>} Race */

/**
 * The names an imported record gives the sides of the game, and what it
 * says of each side's result at its last move, `end` (archive-store.js).
 * @typedef {{ names: string[], said: string[], end: string }} Named
 */

/**
 * The view of the game every panel is drawn from.
 * @typedef {{
 *   flow: PlayFlow,
 *   snap: Snapshot,
 *   race: Race,
 *   humanTurn: boolean,
 *   paused: boolean,
 *   passNotice: string,
 *   reviewing: boolean,
 *   analysing: boolean,
 *   example: string,
 *   hintsShown: boolean,
 *   expert: boolean,
 *   resigning: Colour | null,
 *   setUp: boolean,
 *   map: string,
 *   presets: import("../mapello.d.ts").Preset[],
 *   shown: { snap: Snapshot, race: Race } | null,
 *   named?: Named,
 * }} View
 */

const $ = byId;

// The hints' meaning in points, as the page ships it; Troll has its own.
let pointsHintsHelp = null;

/**
 * Every panel of the play page, from `view`.
 * @param {View} view
 */
export function showAll(view) {
  showHintsHelp(view);
  showPlayers({ ...view, ...view.shown });
  showStatus(view);
  showResult(view);
  showMoves(view);
  showMatch(view);
  showSettings(view);
  showControls(view);
  showResign(view);
}

// The Resign button, for whoever may resign now, and its question
// (play-ctrl.js, askResign) while `resigning`, the side asked, confirms.
// Beside a review's or the analysis's board it would give up the game
// behind it: it waits for the game's board.
/** @param {View} view */
function showResign({ flow, snap, reviewing, analysing, resigning }) {
  const side = reviewing || analysing ? null : resigner(flow, snap);
  $("resign").hidden = !side;
  const asking = side !== null && side === resigning;
  $("resign-confirm").hidden = !asking;
  $("resign").setAttribute("aria-expanded", String(asking));
}

/** @param {View} view */
function showHintsHelp({ snap, hintsShown }) {
  pointsHintsHelp ??= $("hints-help").textContent;
  $("hints-help").hidden = !hintsShown;
  $("hints-help").textContent = snap.variant === "troll" ? HINTS_HELP : pointsHintsHelp;
}

// One side's race in Troll, where the cards count what each side still
// needs to join its edges instead of a score.
/**
 * @param {NonNullable<Race>} race
 * @param {Colour} colour
 */
function raceSide(race, colour) {
  return raceOf(colour, race[colour === "X" ? "black" : "white"]);
}

/**
 * The player cards, counting the position on the board.
 * @param {Pick<View, "flow" | "snap" | "race" | "named">} view
 */
export function showPlayers({ flow, snap, race, named }) {
  const cards = SIDES.map((colour) => cardOf(flow, colour));
  // Cards with a detail of their own (a level, a series seat) keep room for
  // it to grow by a line (style.css).
  $("player-X").parentElement?.classList.toggle("detailed", cards.some((c) => c.detail));
  for (const [k, colour] of SIDES.entries()) {
    const card = $(`player-${colour}`);
    const { name, detail } = cards[k];
    inside(card, ".player-name").textContent = named?.names[k] ?? name;
    const score = inside(card, ".player-score");
    const taken = snap.taken[k];
    const bonus = taken ? `${taken} bonus${taken === 1 ? "" : "es"} (+${BONUS_POINTS * taken})` : "";
    const side = race && raceSide(race, colour);
    score.replaceChildren(side ? side.count : String(snap.score[k]));
    // The space is the word's own, at its size: a card's name keeps the room.
    if (side?.unit) score.append(Object.assign(document.createElement("span"), { className: "player-unit", textContent: ` ${side.unit}` }));
    score.setAttribute("aria-label", side ? side.words : `${colourName(colour)}'s score`);
    const said = `${snap.moves}` === named?.end && named.said[k];
    inside(card, ".player-bonus").textContent = [detail, side?.caption ?? bonus, said].filter(Boolean).join(" · ");
    card.classList.toggle("to-move", snap.toMove === colour && flow.phase === "play");
    card.classList.toggle("winner", snap.winner === colour);
  }
}

/**
 * The status line under the board: whose turn, a pass, the result, or free play's steps; a pause first.
 * @param {Pick<View, "flow" | "snap" | "passNotice"> & { paused?: boolean }} view
 * @returns {string}
 */
export function statusLine({ flow, snap, passNotice, paused }) {
  const { phase } = flow;
  if (phase === "setup") return `${setupNames(flow).maker} is setting up the map.`;
  if (phase === "choose") return `${setupNames(flow).chooser} chooses a colour.`;
  if (snap.status === "gameOver") return `Game over. ${resultLine(flow, snap)}`;
  if (paused) return `Paused. ${statusLine({ flow, snap, passNotice })}`;
  // A game not over has a side to move.
  const toMove = /** @type {Colour} */ (snap.toMove);
  if (snap.status === "mustPass") return `${whoPlays(flow, toMove)} has no legal move and must pass.`;
  const turn = `${whoPlays(flow, toMove)} to move`;
  if (passNotice) return `${passNotice} ${turn}.`;
  // The computer's reply is said where a phone sees it: its panel is
  // below the board there.
  const mover = otherSide(toMove);
  const replied = snap.lastMove && snap.lastMove !== PASS && controllerOf(flow, mover) === "computer" && controllerOf(flow, toMove) === "human";
  return replied ? `${colourName(mover)} played ${snap.lastMove}. ${turn}.` : `${turn}.`;
}

/** @param {View} view */
function showStatus(view) {
  const { flow, snap, passNotice, humanTurn, expert, analysing } = view;
  const status = $("status");
  status.textContent = statusLine(view);
  if (flow.phase === "choose") {
    $("choose-text").textContent = `${setupNames(flow).chooser}, which colour do you play on this map?`;
  }
  const choosing = flow.phase === "setup" || flow.phase === "choose";
  // A friend playing by link passes at their own screen; the analysis
  // passes from its own list of moves, never in the game behind it.
  $("pass").hidden = choosing || analysing || snap.status !== "mustPass" || hasComputer(flow) || controllerOf(flow, snap.toMove) === "friend";
  status.classList.toggle("alert", snap.status === "mustPass" || Boolean(passNotice));
  status.dataset.turn = humanTurn ? "human" : "other";
  // Its room is kept for the whole game, so the page does not move as the computer starts and stops.
  $("thinking-progress").hidden = !hasComputer(flow);
  $("move-now").hidden = !expert;
}

/** @param {View} view */
function showResult({ flow, snap, race }) {
  const { match, phase } = flow;
  const panel = $("result");
  panel.hidden = snap.status !== "gameOver" || phase === "setup" || phase === "choose";
  if (panel.hidden) return;
  $("result-title").textContent = resultLine(flow, snap);
  const parts = SIDES.map((colour, k) => {
    if (race) return `${sideLabel(flow, colour)}: ${raceSide(race, colour).detail}`;
    const bonus = snap.taken[k] ? ` incl. ${BONUS_POINTS * snap.taken[k]} bonus points` : "";
    return `${sideLabel(flow, colour)}: ${snap.score[k]}${bonus}`;
  });
  // Why the score is more than the discs: the empty squares the rules count (a game given up, Othello's end).
  const notes = [awardedText(snap), match && leaderText(match)].filter(Boolean);
  $("result-detail").textContent = notes.length ? `${parts.join(" · ")}. ${notes.join(" ")}` : parts.join(" · ");
  $("next-game").textContent = match ? "Next game" : "New game";
}

/**
 * The result's note on the empty squares its score counts, if any.
 * @param {import("../mapello.d.ts").Snapshot} snap
 */
function awardedText({ awarded, winner }) {
  if (!awarded) return "";
  const squares = awarded === 1 ? "The empty square" : `The ${awarded} empty squares`;
  if (winner === "draw") return `${squares} ${awarded === 1 ? "is" : "are"} shared.`;
  return `${squares} ${awarded === 1 ? "counts" : "count"} for the winner.`;
}

/**
 * @param {string} move
 * @param {number} i
 * @param {number} number the move's number, as the discs show it: passes have none
 */
function moveItem(move, i, number) {
  const li = document.createElement("li");
  const colour = SIDES[i % 2];
  li.className = `move move-${colour}`;
  // Each disc played carries its number, as Othello records print them.
  if (move !== PASS) li.dataset.number = `${number}.`;
  const marker = document.createElement("span");
  marker.className = "move-marker";
  marker.setAttribute("aria-hidden", "true");
  // A button: it shows the position after the move, to analyse (app.js).
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.ply = String(i + 1);
  button.append(marker, move);
  // Numbered as shown: a pass has no number.
  button.setAttribute("aria-label", `${move === PASS ? "" : `${number}. `}${colourName(colour)} ${move}`);
  li.append(button);
  return li;
}

/** @param {View} view */
function showMoves({ snap, setUp }) {
  // The list's first line says when the game did not start from the usual position.
  $("moves-from").hidden = !setUp;
  const list = $("move-list");
  const focused = list.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement).dataset.ply : undefined;
  let played = 0;
  list.replaceChildren(...snap.moves.map((move, i) => moveItem(move, i, move === PASS ? played : ++played)));
  // Scroll the list, never the page, to the latest move.
  list.scrollTop = list.scrollHeight;
  // The list is drawn afresh: the move that had the focus keeps it.
  if (focused) /** @type {HTMLElement | null} */ (list.querySelector(`[data-ply="${focused}"]`))?.focus();
}

/** @param {View} view */
function showMatch({ flow }) {
  const { match, phase } = flow;
  const panel = $("match");
  panel.hidden = !match;
  if (!match) return;
  const inMatch = { match, phase };
  const { wins, draws, diff } = standings(match);
  $("match-title").textContent = `${match.kind === "series" ? "Series" : "Free play"}: game ${gameNumber(inMatch)}`;
  const rows = match.names.map((name, k) => {
    const tr = document.createElement("tr");
    const colour = sideOfPlayer(inMatch, k);
    for (const text of [`${name} (${colourName(colour).toLowerCase()})`, String(wins[k]), signed(diff[k])]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  });
  $("match-rows").replaceChildren(...rows);
  $("match-leader").textContent = `${leaderText(match)}${draws ? ` Drawn games: ${draws}.` : ""}`;
}

/**
 * The settings panel: the game chooser, its sizes, its maps and the mode's
 * settings, and their summary on a phone, which says a set-up start too.
 * @param {Pick<View, "flow" | "snap" | "setUp" | "map" | "presets">} view
 */
export function showSettings({ flow, snap, setUp, map, presets }) {
  const { variant, size } = snap;
  const { settings, match } = flow;
  // The game on the board is one of the catalogue's.
  const chosen = /** @type {import("./games.js").GameEntry} */ (gameById(variant));
  $("variant", HTMLSelectElement).value = variant;
  const sizes = $("board-size", HTMLSelectElement);
  if (sizes.dataset.game !== variant) {
    sizes.replaceChildren(...chosen.sizes.map((n) => new Option(`${n} x ${n}`, String(n))));
    sizes.dataset.game = variant;
  }
  sizes.value = String(size);
  // Maps, and free play's turns at making them, belong to the games played on maps.
  $("edit-map").hidden = !chosen.maps;
  $("map-label").hidden = !chosen.maps;
  if (chosen.maps) showMaps(flow, presets, map);
  inside($("mode"), "option[value=freeplay]", HTMLOptionElement).disabled = !chosen.maps;
  showModeSettings(flow);
  $("new-game").textContent = match ? (match.kind === "series" ? "New series" : "New match") : "New game";
  $("settings-game").textContent = `${chosen.name} ${size}×${size}`;
  // The mode's line wraps where the game's is cut short: it says the set-up start whole.
  $("settings-mode").textContent = `${modeSummary(settings)}${setUp ? " · set-up start" : ""}`;
}

/**
 * The map chooser of a game played on maps: the ready-made maps of its
 * size (`presets`, their share codes the values), and first the map on
 * the board when it is none of them. Free play's map is made in its
 * turns, not chosen.
 * @param {PlayFlow} flow
 * @param {import("../mapello.d.ts").Preset[]} presets
 * @param {string} map
 */
function showMaps(flow, presets, map) {
  const select = $("map-choice", HTMLSelectElement);
  const options = presets.map((p) => [p.name, p.code]);
  if (!presets.some((p) => p.code === map)) options.unshift(["Custom map", map]);
  const key = options.map(([, code]) => code).join(" ");
  if (select.dataset.options !== key) {
    select.replaceChildren(...options.map(([name, code]) => new Option(name, code)));
    select.dataset.options = key;
  }
  select.value = map;
  select.disabled = flow.phase === "setup" || flow.phase === "choose";
}

/** @param {PlayFlow} flow */
function showModeSettings(flow) {
  const { settings } = flow;
  const select = (/** @type {string} */ id) => $(id, HTMLSelectElement);
  select("mode").value = settings.mode;
  select("human-colour").value = settings.humanColour;
  select("opponent").value = settings.opponent;
  select("level").value = String(settings.level);
  select("level-white").value = String(settings.levelWhite);
  select("watch-speed").value = settings.watchSpeed;
  $("level-name").textContent = watched(flow) ? "Black's level" : "Level";
  $("show-legal", HTMLInputElement).checked = settings.showLegal;
  select("clock").value = settings.clock;
  $("clock-pause", HTMLInputElement).checked = settings.clockPause;
  $("move-numbers", HTMLInputElement).checked = settings.moveNumbers;
  $("show-eval", HTMLInputElement).checked = settings.showEval;
  for (const label of allInside($("setup"), "label[data-for]")) {
    const modes = (label.dataset.for ?? "").split(" ");
    const levelOfSeries = settings.mode === "series" && label.querySelector("#level") && settings.opponent === "human";
    // Pausing the clocks means nothing with no clock.
    const noClock = settings.clock === "none" && label.querySelector("#clock-pause");
    label.hidden = !(modes.includes(settings.mode) && !levelOfSeries && !noClock);
  }
}

// The buttons under the board and the toggles beside it.
/** @param {View} view */
function showControls({ flow, snap, paused, reviewing, analysing, example }) {
  $("paste", HTMLTextAreaElement).placeholder = `For example: ${example}`;
  const away = awayText({ reviewing, analysing });
  $("undo", HTMLButtonElement).disabled = !snap.canUndo || flow.phase !== "play" || Boolean(away);
  // A match's finished game is in its score: why its moves are not taken back.
  $("undo").title = away || (flow.phase === "over" ? "This game counts in the match's score: its moves are not taken back." : "");
  $("redo", HTMLButtonElement).disabled = !snap.canRedo || flow.phase !== "play" || Boolean(away);
  $("redo").title = away;
  // A clock runs only in play: a map being made or chosen has none to stop.
  $("pause").hidden = !pausable(flow) || snap.status === "gameOver" || (!watched(flow) && flow.phase !== "play");
  // Nobody at the screen moves in a watched game: legal moves and hints are for players.
  // Each of the two is inside its label (index.html).
  for (const id of ["show-legal", "hints"]) /** @type {HTMLLabelElement} */ ($(id).closest("label")).hidden = watched(flow);
  // With nobody's computer playing there is no evaluation to show or hide.
  /** @type {HTMLLabelElement} */ ($("show-eval").closest("label")).hidden = !hasComputer(flow);
  $("pause").textContent = paused ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", String(paused));
  $("choose").hidden = flow.phase !== "choose";
  $("review-game", HTMLButtonElement).disabled = snap.moves.length === 0 || (flow.phase !== "play" && flow.phase !== "over");
  $("review-game").hidden = reviewing || !reviewable(snap.variant);
  $("review-result").hidden = !reviewable(snap.variant);
}

/**
 * Why Undo and Redo wait while a review or the analysis has the board
 * (they would change the game behind it, and close it), or "".
 * @param {Pick<View, "reviewing" | "analysing">} view
 */
function awayText({ reviewing, analysing }) {
  if (reviewing) return "The review is open: “Back to the game” first, to take back or replay moves.";
  if (analysing) return "The analysis is open: “Back to game” first, to take back or replay moves.";
  return "";
}

/**
 * The computer's panel: what it does (`line`, hidden when empty) and its expected line (`pv`).
 * @param {string} line
 * @param {string} pv
 */
export function showThinking(line, pv) {
  $("thinking").hidden = !line;
  $("thinking-line").textContent = line;
  $("thinking-pv").textContent = pv;
}

/**
 * The line under the status: the computer's search while it thinks.
 * @param {string} text
 */
export function showProgress(text) {
  $("thinking-progress").textContent = text;
}
