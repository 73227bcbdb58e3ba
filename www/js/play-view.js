// The play page's panels, one view function each, drawn from one view of
// the game (`view`, built by the controller once per change, play-ctrl.js):
// `{ flow, snap, race, humanTurn, paused, passNotice, reviewing, example,
// hintsShown, expert }`, `snap` the game's one snapshot for the change and
// `race` Troll's race (Game.race) or null. Views write the page and read
// nothing else.
import { colourName } from "./announce.js";
import { cardOf, gameNumber, hasComputer, resultLine, sideLabel, sideOfPlayer, SIDES, watched, whoPlays } from "./flow.js";
import { BONUS_POINTS, gameById } from "./games.js";
import { modeSummary } from "./levels.js";
import { leaderText, setupPlayer, signed, standings } from "./match.js";
import { reviewable } from "./review.js";
import { HINTS_HELP, raceOf } from "./troll.js";

const $ = (id) => document.getElementById(id);

// The hints' meaning in points, as the page ships it; Troll has its own.
let pointsHintsHelp = null;

/** Every panel of the play page, from `view`. */
export function showAll(view) {
  showHintsHelp(view);
  showPlayers(view);
  showStatus(view);
  showResult(view);
  showMoves(view);
  showMatch(view);
  showSettings(view);
  showControls(view);
}

function showHintsHelp({ snap, hintsShown }) {
  pointsHintsHelp ??= $("hints-help").textContent;
  $("hints-help").hidden = !hintsShown;
  $("hints-help").textContent = snap.variant === "troll" ? HINTS_HELP : pointsHintsHelp;
}

// One side's race in Troll, where the cards count what each side still
// needs to join its edges instead of a score.
function raceSide(race, colour) {
  return race ? raceOf(colour, race[colour === "X" ? "black" : "white"]) : null;
}

function showPlayers({ flow, snap, race }) {
  for (const [k, colour] of SIDES.entries()) {
    const card = $(`player-${colour}`);
    const { name, detail } = cardOf(flow, colour);
    card.querySelector(".player-name").textContent = name;
    const score = card.querySelector(".player-score");
    const taken = snap.taken[k];
    const bonus = taken ? `${taken} bonus${taken === 1 ? "" : "es"} (+${BONUS_POINTS * taken})` : "";
    const side = raceSide(race, colour);
    score.textContent = side ? side.count : String(snap.score[k]);
    score.setAttribute("aria-label", side ? side.words : `${colourName(colour)}'s score`);
    card.querySelector(".player-bonus").textContent = [detail, side?.detail ?? bonus].filter(Boolean).join(" · ");
    card.classList.toggle("to-move", snap.toMove === colour && flow.phase === "play");
    card.classList.toggle("winner", snap.winner === colour);
  }
}

/** The status line under the board: whose turn, a pass, the result, or free play's steps. */
export function statusLine({ flow, snap, passNotice }) {
  const { match, phase } = flow;
  if (phase === "setup") return `${match.names[setupPlayer(match)]} is setting up the map.`;
  if (phase === "choose") return `${match.names[1 - setupPlayer(match)]} chooses a colour.`;
  if (snap.status === "gameOver") return `Game over. ${resultLine(flow, snap)}`;
  if (snap.status === "mustPass") return `${whoPlays(flow, snap.toMove)} has no legal move and must pass.`;
  const turn = `${whoPlays(flow, snap.toMove)} to move`;
  return passNotice ? `${passNotice} ${turn}.` : `${turn}.`;
}

function showStatus(view) {
  const { flow, snap, passNotice, humanTurn, expert } = view;
  const status = $("status");
  status.textContent = statusLine(view);
  if (flow.phase === "choose") {
    $("choose-text").textContent = `${flow.match.names[1 - setupPlayer(flow.match)]}, which colour do you play on this map?`;
  }
  const choosing = flow.phase === "setup" || flow.phase === "choose";
  $("pass").hidden = choosing || snap.status !== "mustPass" || hasComputer(flow);
  status.classList.toggle("alert", snap.status === "mustPass" || Boolean(passNotice));
  status.dataset.turn = humanTurn ? "human" : "other";
  // Its room is kept for the whole game, so the page does not move as the computer starts and stops.
  $("thinking-progress").hidden = !hasComputer(flow);
  $("move-now").hidden = !expert;
}

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
  let detail = parts.join(" · ");
  if (match) detail += `. ${leaderText(match)}`;
  $("result-detail").textContent = detail;
  $("next-game").textContent = match ? "Next game" : "New game";
}

function moveItem(move, i) {
  const li = document.createElement("li");
  const colour = SIDES[i % 2];
  li.className = `move move-${colour}`;
  // Black's moves carry the move number, as game records print them.
  if (colour === "X") li.dataset.number = `${i / 2 + 1}.`;
  const marker = document.createElement("span");
  marker.className = "move-marker";
  marker.setAttribute("aria-hidden", "true");
  li.append(marker, move);
  li.setAttribute("aria-label", `${i + 1}. ${colourName(colour)} ${move}`);
  return li;
}

function showMoves({ snap }) {
  const list = $("move-list");
  list.replaceChildren(...snap.moves.map(moveItem));
  // Scroll the list, never the page, to the latest move.
  list.scrollTop = list.scrollHeight;
}

function showMatch({ flow }) {
  const { match } = flow;
  const panel = $("match");
  panel.hidden = !match;
  if (!match) return;
  const { wins, draws, diff } = standings(match);
  $("match-title").textContent = `${match.kind === "series" ? "Series" : "Free play"}: game ${gameNumber(flow)}`;
  const rows = match.names.map((name, k) => {
    const tr = document.createElement("tr");
    const colour = sideOfPlayer(flow, k);
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

/** The settings panel: the game chooser, its sizes and the mode's settings. */
export function showSettings({ flow, snap }) {
  const { variant, size } = snap;
  const { settings, match } = flow;
  const chosen = gameById(variant);
  $("variant").value = variant;
  const sizes = $("board-size");
  if (sizes.dataset.game !== variant) {
    sizes.replaceChildren(...chosen.sizes.map((n) => new Option(`${n} x ${n}`, String(n))));
    sizes.dataset.game = variant;
  }
  sizes.value = String(size);
  // Maps, and free play's turns at making them, belong to the games played on maps.
  $("edit-map").hidden = !chosen.maps;
  $("mode").querySelector("option[value=freeplay]").disabled = !chosen.maps;
  showModeSettings(flow);
  $("new-game").textContent = match ? (match.kind === "series" ? "New series" : "New match") : "New game";
  $("settings-game").textContent = `${chosen.name} ${size}×${size}`;
  $("settings-mode").textContent = modeSummary(settings);
}

function showModeSettings(flow) {
  const { settings } = flow;
  $("mode").value = settings.mode;
  $("human-colour").value = settings.humanColour;
  $("opponent").value = settings.opponent;
  $("level").value = String(settings.level);
  $("level-white").value = String(settings.levelWhite);
  $("watch-speed").value = settings.watchSpeed;
  $("level-name").textContent = watched(flow) ? "Black's level" : "Level";
  $("show-legal").checked = settings.showLegal;
  for (const label of $("setup").querySelectorAll("label[data-for]")) {
    const modes = label.dataset.for.split(" ");
    const levelOfSeries = settings.mode === "series" && label.querySelector("#level") && settings.opponent === "human";
    label.hidden = !(modes.includes(settings.mode) && !levelOfSeries);
  }
}

// The buttons under the board and the toggles beside it.
function showControls({ flow, snap, paused, reviewing, example }) {
  $("paste").placeholder = `For example: ${example}`;
  $("undo").disabled = !snap.canUndo || flow.phase !== "play";
  $("redo").disabled = !snap.canRedo || flow.phase !== "play";
  $("pause").hidden = !watched(flow) || snap.status === "gameOver";
  // Nobody at the screen moves in a watched game: legal moves and hints are for players.
  for (const id of ["show-legal", "hints"]) $(id).closest("label").hidden = watched(flow);
  $("pause").textContent = paused ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", String(paused));
  $("choose").hidden = flow.phase !== "choose";
  $("review-game").disabled = snap.moves.length === 0 || flow.phase !== "play";
  $("review-game").hidden = reviewing || !reviewable(snap.variant);
  $("review-result").hidden = !reviewable(snap.variant);
}

/** The computer's panel: what it does (`line`, hidden when empty) and its expected line (`pv`). */
export function showThinking(line, pv) {
  $("thinking").hidden = !line;
  $("thinking-line").textContent = line;
  $("thinking-pv").textContent = pv;
}

/** The line under the status: the computer's search while it thinks. */
export function showProgress(text) {
  $("thinking-progress").textContent = text;
}
