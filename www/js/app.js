// The play page's controller: one game (the wasm Game is the only record of
// it), the flow (flow.js: the mode and settings, the match of a series or
// free play, and who moves next, decided there) and the computer player in
// its worker. Every change goes through `refresh()`, which redraws the
// board and panels from that state and saves it.
import { Cancelled, createAiClient } from "./ai-client.js";
import { flipDuration } from "./anim.js";
import { colourName, lineText, moveText } from "./announce.js";
import { createBoard } from "./board.js";
import {
  afterMove,
  cardOf,
  changesGame,
  controllerOf,
  controllers,
  gameNumber,
  hasComputer,
  humanToMove,
  levelOf,
  mapEdited,
  mapMade,
  nameOf,
  newGame as newFlow,
  nextAction,
  nextGame as nextFlow,
  PASS,
  passNoticeAfter,
  resultLine,
  sideChosen,
  sideLabel,
  sideOfPlayer,
  SIDES,
  stepHistory,
  watched,
  whoPlays,
} from "./flow.js";
import { BONUS_POINTS, DEFAULT_SIZE, GAMES, gameById, settingsForGame } from "./games.js";
import { squareIndex } from "./geometry.js";
import { setupHelp } from "./help.js";
import { leaderText, setupPlayer, signed, standings } from "./match.js";
import { defaultMap } from "./presets.js";
import { reviewable } from "./review.js";
import { createReviewer } from "./review-view.js";
import { copyText, linkFor, playersOf } from "./share.js";
import { fromGame } from "./state.js";
import { HINTS_HELP, marksHelp, raceOf, trollOutlook } from "./troll.js";
import { MAX_LEVEL, formatNodes, isExpert, levelLabel, modeSummary, movesAhead, progressLine, timeLeft } from "./levels.js";
import { save } from "./storage.js";

// In computer-vs-computer games, moves come at most this often, to be
// watched; "fast" does not wait at all.
const WATCH_PACE_MS = { slow: 1500, normal: 600, fast: 0 };
// Against a person, the computer's move waits until the person's own move
// has finished turning its discs, then this long more, so both are seen.
const REPLY_PAUSE_MS = 350;
// What undo and redo say before the status line.
const STEP_SAID = { undo: "Move taken back.", redo: "Move replayed." };
// How long a refused click's explanation and the legal moves stay shown.
const REFUSAL_MS = 2500;
// Hints search at this level at most, so they come quickly.
const HINT_LEVEL = 6;


/**
 * Starts the page on `start`: `{ settings, game: { map, variant, moves },
 * match, phase }`, already checked. `Game` is the wasm class; `notify(text,
 * options)` shows a notice; `openEditor(options)` shows the map editor;
 * `showView(view)` shows the page of a game that has its own (games.js
 * `view`), or with null the board again, and says whether such a page was
 * showing; `unsaved(failed, link)` hears after each save whether it failed,
 * with `link()` giving a link that holds the game.
 */
export function startApp({ Game, start, storage, notify, clearNotice, openEditor, closeEditor, showView, unsaved }) {
  const $ = (id) => document.getElementById(id);
  // The hints' meaning in points, as the page ships it; Troll has its own.
  const pointsHintsHelp = $("hints-help").textContent;
  const ai = createAiClient(new URL("./ai-worker.js", import.meta.url));
  const help = setupHelp(storage);

  // Who plays, the match and the phase (flow.js).
  let flow = { settings: { ...start.settings }, match: start.match, phase: start.phase };
  let game = new Game({ variant: start.game.variant, map: start.game.map, moves: start.game.moves });
  // The map being set up in free play, before its game starts.
  let draftMap = start.game.map;
  let paused = false;
  let passNotice = "";
  let hints = [];
  // Bumped whenever a computer answer in flight stops being wanted.
  let token = 0;
  let paceTimer = 0;
  // The computer's search has reported (its worker is loaded and running).
  let searching = false;
  // The level changed before that: the answer is dropped and it thinks again.
  let rethink = false;
  // The timer of a timed search's countdown ("Move now" and its bar), or 0.
  let countdown = 0;
  let lastMoveAt = 0;

  // Until when the legal moves are shown after a refused click, whatever the setting.
  let showLegalUntil = 0;
  let refusalTimer = 0;

  const board = createBoard($("board"), fromGame(game.snapshot()), {
    onPlay: (square) => humanMove(square),
    onRefuse: (square) => refuseMove(square),
  });
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => board.redraw());

  // The game's review (review-view.js): while it is open it has the board,
  // and the game waits.
  const reviewer = createReviewer({
    Game,
    board,
    record,
    names: () => game.snapshot().moves,
    onOpen: () => {
      stopComputer();
      refresh();
    },
    onClose: () => {
      refresh();
      proceed();
    },
    onSave: () => persist(),
    onPlayFrom: playFrom,
  });
  reviewer.load(start.review);

  // A transcript that loads on the game's map: its first legal moves, so
  // the transcript box shows a form that works here.
  let example = { key: "", moves: "" };
  function exampleMoves() {
    const { map, variant } = record();
    const key = `${variant} ${map}`;
    if (example.key !== key) {
      const probe = new Game({ variant, map });
      const moves = [];
      for (let k = 0; k < 3 && probe.snapshot().status === "toMove"; k += 1) {
        const [first] = probe.snapshot().legal;
        probe.play(first);
        moves.push(first);
      }
      // Written as "Copy moves" writes them: spaced only on 10 x 10.
      const spaced = probe.snapshot().size >= 10;
      probe.free();
      example = { key, moves: moves.join(spaced ? " " : "") };
    }
    return example.moves;
  }

  // The page owns its one wasm Game: the one replaced is freed at once,
  // or its memory would stay taken until the page closes.
  function replaceGame(next) {
    const old = game;
    game = next;
    old.free();
  }

  function record() {
    return { map: game.mapCode(), variant: game.snapshot().variant, moves: game.transcript() };
  }

  // --- drawing the page from the state

  function refresh(move = null) {
    const snap = game.snapshot();
    if (reviewer.isOpen() && !reviewer.current()) reviewer.hide();
    const humanTurn = humanToMove(flow, snap) && !reviewer.isOpen();
    if (!reviewer.isOpen()) {
      board.set(
        {
          ...fromGame(snap),
          showLegal: flow.settings.showLegal || performance.now() < showLegalUntil,
          interactive: humanTurn,
          hints: humanTurn ? hints : [],
        },
        move,
      );
    }
    help.showGame(snap.variant, snap.cells);
    $("hints-help").hidden = !$("hints").checked;
    $("hints-help").textContent = snap.variant === "troll" ? HINTS_HELP : pointsHintsHelp;
    showPlayers(snap);
    showStatus(snap, humanTurn);
    showMoves(snap);
    showMatch();
    showSettings();
    $("paste").placeholder = `For example: ${exampleMoves()}`;
    $("undo").disabled = !snap.canUndo || flow.phase !== "play";
    $("redo").disabled = !snap.canRedo || flow.phase !== "play";
    $("pause").hidden = !watched(flow) || snap.status === "gameOver";
    // Nobody at the screen moves in a watched game: legal moves and hints are for players.
    for (const id of ["show-legal", "hints"]) $(id).closest("label").hidden = watched(flow);
    $("pause").textContent = paused ? "Resume" : "Pause";
    $("pause").setAttribute("aria-pressed", String(paused));
    $("choose").hidden = flow.phase !== "choose";
    $("review-game").disabled = snap.moves.length === 0 || flow.phase !== "play";
    $("review-game").hidden = reviewer.isOpen() || !reviewable(snap.variant);
    $("review-result").hidden = !reviewable(snap.variant);
    persist();
  }

  // Saves the page's state; a failed save is said at once (main.js), and
  // the next change tries again.
  function persist() {
    unsaved(!save(storage, current()), () => gameLink());
  }

  // Everything a reload needs, as saved.
  function current() {
    const { settings, match, phase } = flow;
    const review = phase === "setup" ? null : reviewer.current();
    return { settings, game: phase === "setup" ? { ...record(), map: draftMap, moves: "" } : record(), match, phase, review };
  }

  // Troll is a race between edges, not a count of discs: its cards show
  // the discs each side still needs (Game.race), the others the score.
  function showPlayers(snap) {
    const race = snap.variant === "troll" ? game.race() : null;
    for (const [k, colour] of SIDES.entries()) {
      const card = $(`player-${colour}`);
      const { name, detail } = cardOf(flow, colour);
      card.querySelector(".player-name").textContent = name;
      const score = card.querySelector(".player-score");
      const taken = snap.taken[k];
      const bonus = taken ? `${taken} bonus${taken === 1 ? "" : "es"} (+${BONUS_POINTS * taken})` : "";
      const side = race ? raceOf(colour, race[colour === "X" ? "black" : "white"]) : null;
      score.textContent = side ? side.count : String(snap.score[k]);
      score.setAttribute("aria-label", side ? side.words : `${colourName(colour)}'s score`);
      card.querySelector(".player-bonus").textContent = [detail, side?.detail ?? bonus].filter(Boolean).join(" · ");
      card.classList.toggle("to-move", snap.toMove === colour && flow.phase === "play");
      card.classList.toggle("winner", snap.winner === colour);
    }
  }

  function showStatus(snap, humanTurn) {
    const status = $("status");
    const pass = $("pass");
    pass.hidden = true;
    const { match, phase } = flow;
    if (phase === "setup") {
      status.textContent = `${match.names[setupPlayer(match)]} is setting up the map.`;
    } else if (phase === "choose") {
      const chooser = match.names[1 - setupPlayer(match)];
      status.textContent = `${chooser} chooses a colour.`;
      $("choose-text").textContent = `${chooser}, which colour do you play on this map?`;
    } else if (snap.status === "gameOver") {
      status.textContent = `Game over. ${resultLine(flow, snap)}`;
    } else if (snap.status === "mustPass") {
      status.textContent = `${whoPlays(flow, snap.toMove)} has no legal move and must pass.`;
      pass.hidden = hasComputer(flow);
    } else {
      const turn = `${whoPlays(flow, snap.toMove)} to move`;
      status.textContent = passNotice ? `${passNotice} ${turn}.` : `${turn}.`;
    }
    status.classList.toggle("alert", snap.status === "mustPass" || Boolean(passNotice));
    showResult(snap);
    status.dataset.turn = humanTurn ? "human" : "other";
    // Its room is kept for the whole game, so the page does not move as the computer starts and stops.
    $("thinking-progress").hidden = !hasComputer(flow);
    $("move-now").hidden = !expertPlays();
  }

  function showResult(snap) {
    const { match, phase } = flow;
    const panel = $("result");
    panel.hidden = snap.status !== "gameOver" || phase === "setup" || phase === "choose";
    if (panel.hidden) return;
    $("result-title").textContent = resultLine(flow, snap);
    const race = snap.variant === "troll" ? game.race() : null;
    const parts = SIDES.map((colour, k) => {
      if (race) return `${sideLabel(flow, colour)}: ${raceOf(colour, race[colour === "X" ? "black" : "white"]).detail}`;
      const bonus = snap.taken[k] ? ` incl. ${BONUS_POINTS * snap.taken[k]} bonus points` : "";
      return `${sideLabel(flow, colour)}: ${snap.score[k]}${bonus}`;
    });
    let detail = parts.join(" · ");
    if (match) detail += `. ${leaderText(match)}`;
    $("result-detail").textContent = detail;
    $("next-game").textContent = match ? "Next game" : "New game";
  }

  function showMoves(snap) {
    const list = $("move-list");
    const items = snap.moves.map((mv, i) => {
      const li = document.createElement("li");
      const colour = SIDES[i % 2];
      li.className = `move move-${colour}`;
      // Black's moves carry the move number, as game records print them.
      if (colour === "X") li.dataset.number = `${i / 2 + 1}.`;
      const marker = document.createElement("span");
      marker.className = "move-marker";
      marker.setAttribute("aria-hidden", "true");
      li.append(marker, mv);
      li.setAttribute("aria-label", `${i + 1}. ${colourName(colour)} ${mv}`);
      return li;
    });
    list.replaceChildren(...items);
    // Scroll the list, never the page, to the latest move.
    list.scrollTop = list.scrollHeight;
  }

  function showMatch() {
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

  function showSettings() {
    const { variant, size } = game.snapshot();
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
      const shown = modes.includes(settings.mode) && !(settings.mode === "series" && label.querySelector("#level") && settings.opponent === "human");
      label.hidden = !shown;
    }
    $("new-game").textContent = match ? (match.kind === "series" ? "New series" : "New match") : "New game";
    $("settings-game").textContent = `${chosen.name} ${size}×${size}`;
    $("settings-mode").textContent = modeSummary(settings);
  }

  function announce(text) {
    const live = $("announcer");
    live.textContent = "";
    requestAnimationFrame(() => {
      live.textContent = text;
    });
  }

  // --- playing

  function play(move) {
    $("refusal").textContent = "";
    showLegalUntil = 0;
    const before = game.snapshot();
    game.play(move);
    lastMoveAt = performance.now();
    hints = [];
    const after = game.snapshot();
    const colour = before.toMove;
    const k = SIDES.indexOf(colour);
    passNotice = passNoticeAfter(flow, passNotice, colour, move);
    let news = move === PASS ? passNotice : moveText(colour, move, after.flipped.length, after.taken[k] > before.taken[k]);
    if (after.status === "gameOver") news += ` Game over. ${resultLine(flow, after)}`;
    flow = afterMove(flow, after);
    refresh(move === PASS ? null : move);
    announce(news);
    proceed();
  }

  // A click where no move can be made: say why (the rules' own words), and
  // show where moves can go.
  function refuseMove(square) {
    const { message } = game.refusal(square);
    const where = game.snapshot().variant === "troll" ? marksHelp(game.snapshot().toMove) : "The dots show where you can play.";
    const text = `${message} ${where}`;
    $("refusal").textContent = text;
    announce(text);
    showLegalUntil = performance.now() + REFUSAL_MS;
    clearTimeout(refusalTimer);
    refusalTimer = setTimeout(() => {
      $("refusal").textContent = "";
      refresh();
    }, REFUSAL_MS);
    refresh();
  }

  function humanMove(square) {
    if (humanToMove(flow, game.snapshot())) play(square);
  }

  // What happens next without the user: a pass forced on a side when a
  // computer plays, the computer's move, or hints for the human.
  function proceed() {
    if (reviewer.isOpen()) return;
    const action = nextAction(flow, game.snapshot(), { paused, hints: $("hints").checked });
    if (action === "pass") play(PASS);
    else if (action === "think") think();
    else if (action === "hints") requestHints();
  }

  function think() {
    // Hints still searching would hold up the computer's move behind them.
    ai.cancel();
    const mine = ++token;
    const { toMove, legal, variant } = game.snapshot();
    const foresee = variant === "troll" ? trollOutlook : outlook;
    const level = levelOf(flow, toMove);
    const who = nameOf(flow, toMove);
    showThinking(`${who} is thinking…`, "");
    showProgress("Thinking…");
    const panel = $("thinking");
    // When the search ran, in the page's clock: the long-task test reads it.
    panel.dataset.started = String(performance.now());
    delete panel.dataset.finished;
    searching = false;
    rethink = false;
    stopCountdown();
    const onProgress = (p) => {
      if (mine !== token) return;
      searching = true;
      showThinking(`${who} is thinking…`, p.pv.length ? `Expected line so far: ${lineText(p.pv, toMove)}.` : "");
      showProgress(progressLine(p, variant === "troll"));
      if (Number.isFinite(p.timeMs) && !countdown) startCountdown(p);
    };
    ai.request("move", record(), level, { legal, onProgress, timed: true }).then(
      (result) => {
        if (mine !== token) return;
        stopCountdown();
        if (rethink) {
          rethink = false;
          proceed();
          return;
        }
        panel.dataset.finished = String(performance.now());
        panel.dataset.ms = String(Math.round(result.ms));
        const wait = Math.max(0, lastMoveAt + replyDelay() - performance.now());
        const details = searchDetails(result, toMove, variant === "troll");
        // A move held back for the pace is not on the board yet.
        showThinking(`${who} ${wait > 0 ? "chose" : "played"} ${result.move}. ${foresee(result)}`, details);
        const go = () => {
          if (mine !== token) return;
          showThinking(`${who} played ${result.move}. ${foresee(result)}`, details);
          showProgress("");
          play(result.move);
        };
        if (wait > 0) paceTimer = setTimeout(go, wait);
        else go();
      },
      (err) => {
        if (err instanceof Cancelled || mine !== token) return;
        computerFailed(err);
      },
    );
  }

  // How long after the last move the computer's reply may come: watched
  // games keep a pace; a person's move first finishes turning its discs.
  function replyDelay() {
    if (watched(flow)) return WATCH_PACE_MS[flow.settings.watchSpeed];
    return flipDuration(matchMedia("(prefers-reduced-motion: reduce)").matches) + REPLY_PAUSE_MS;
  }

  function requestHints() {
    const mine = ++token;
    ai.cancel();
    ai.request("hints", record(), Math.min(flow.settings.level, HINT_LEVEL), { legal: game.snapshot().legal }).then(
      (result) => {
        if (mine !== token) return;
        const size = game.snapshot().size;
        hints = result.hints.map((h) => ({ index: squareIndex(size, h.move), score: h.score }));
        refresh();
      },
      (err) => {
        if (err instanceof Cancelled || mine !== token) return;
        computerFailed(err);
      },
    );
  }

  function computerFailed(err) {
    stopCountdown();
    showThinking("", "");
    showProgress("");
    notify(`The computer player stopped: ${err.message}. Your game is kept as it is.`, {
      key: "computer",
      action: {
        label: "Try again",
        run: () => {
          clearNotice("computer");
          proceed();
        },
      },
    });
  }

  // Stops the computer (and hints) and forgets any answer on its way.
  function stopComputer() {
    token += 1;
    clearTimeout(paceTimer);
    ai.cancel();
    stopCountdown();
    showThinking("", "");
    showProgress("");
    hints = [];
  }

  // "Move now" keeps its room while an expert level plays, so the page
  // does not move as it comes and goes with each of the computer's moves.
  function expertPlays() {
    return SIDES.some((side) => controllerOf(flow, side) === "computer" && isExpert(levelOf(flow, side)));
  }

  // Counts down a timed search's `timeMs` on "Move now"'s bar, from the
  // time the worker says it has spent (`ms`), so a slow start is not lost.
  function startCountdown({ ms, timeMs }) {
    const button = $("move-now");
    const bar = button.querySelector(".move-now-bar");
    const start = performance.now() - ms;
    const tick = () => {
      const elapsed = performance.now() - start;
      bar.style.transform = `scaleX(${Math.min(1, elapsed / timeMs).toFixed(3)})`;
      button.title = `Play the best move found so far (${timeLeft(elapsed, timeMs)})`;
    };
    tick();
    button.disabled = false;
    countdown = setInterval(tick, 100);
  }

  function stopCountdown() {
    clearInterval(countdown);
    countdown = 0;
    const button = $("move-now");
    button.disabled = true;
    button.querySelector(".move-now-bar").style.transform = "scaleX(0)";
  }

  function showThinking(line, pv) {
    $("thinking").hidden = !line;
    $("thinking-line").textContent = line;
    $("thinking-pv").textContent = pv;
  }

  // The line under the status: the computer's search while it thinks.
  function showProgress(text) {
    $("thinking-progress").textContent = text;
  }

  // --- controls

  // Undo or redo (`step`); a watched game pauses there, to be looked at.
  function stepGame(step) {
    stopComputer();
    passNotice = "";
    if (watched(flow)) paused = true;
    if (!stepHistory(flow, game, step)) return refresh();
    refresh();
    announce(`${STEP_SAID[step]} ${$("status").textContent}`);
    proceed();
  }

  // What was said of the game before (a paste refused, moves copied) is
  // not said of a new one.
  function clearWords() {
    $("paste-error").textContent = "";
    $("copied").textContent = "";
  }

  function startGame(map = game.mapCode()) {
    stopComputer();
    passNotice = "";
    replaceGame(new Game({ variant: game.snapshot().variant, map }));
    draftMap = map;
    clearNotice("computer");
    clearWords();
    refresh();
    announce(`New game. ${$("status").textContent}`);
    proceed();
  }

  // A new game in the current mode; a new match for series and free play.
  function newGame() {
    stopComputer();
    closeEditor();
    paused = false;
    flow = newFlow(flow.settings);
    startPhase();
  }

  // The next game of the match, or a new game.
  function nextGame() {
    if (!flow.match) return newGame();
    flow = nextFlow(flow);
    startPhase();
  }

  // Starts what the flow's new phase asks for: a map to make, or a game.
  function startPhase() {
    if (flow.phase === "setup") beginSetup();
    else startGame();
  }

  function beginSetup() {
    stopComputer();
    draftMap = game.mapCode();
    refresh();
    const { match } = flow;
    showEditor(`${match.names[setupPlayer(match)]}: set up the map, then press “Play this map”.`, (code) => {
      draftMap = code;
      flow = mapMade(flow);
      // The board shows the map being chosen on.
      replaceGame(new Game({ variant: game.snapshot().variant, map: code }));
      closeEditor();
      refresh();
      announce($("choose-text").textContent);
      $("choose").querySelector("button").focus();
    });
  }

  function choose(colour) {
    const chosen = sideChosen(flow, colour);
    if (chosen === flow) return;
    flow = chosen;
    startGame(draftMap);
  }

  // On a phone the settings fold away (wider screens always show them),
  // so what starts next is at the top of the screen.
  function foldSettings() {
    $("setup").classList.add("collapsed");
    $("settings-toggle").setAttribute("aria-expanded", "false");
  }

  function showEditor(title, onPlay) {
    foldSettings();
    openEditor({
      title,
      initialCode: flow.phase === "setup" ? draftMap : game.mapCode(),
      onChange: (code) => {
        if (flow.phase === "setup") {
          draftMap = code;
          refresh();
        }
      },
      onPlay,
      onClose: flow.phase === "setup" ? null : () => closeEditor(),
    });
  }

  function editMap() {
    if (flow.phase === "setup") return beginSetup();
    showEditor("Edit the map, then press “Play this map” to start a game on it.", (code) =>
      replacing(() => {
        closeEditor();
        flow = mapEdited(flow);
        startGame(code);
      }),
    );
  }

  function loadMoves() {
    const text = $("paste").value.trim();
    const error = $("paste-error");
    if (!text) {
      error.textContent = "Paste some moves first: the box is empty, so the game is unchanged.";
      return;
    }
    stopComputer();
    const before = snapshot();
    try {
      if (flow.phase !== "play") throw new Error("finish setting up the game first");
      game.loadMoves(text);
      error.textContent = "";
      passNotice = "";
      refresh();
      announce(`Moves loaded. ${$("status").textContent}`);
      const loaded = afterMove(flow, game.snapshot());
      if (loaded !== flow) {
        flow = loaded;
        refresh();
      }
      offerReturn(before, "The moves were loaded; the game you were playing was put aside.");
    } catch (err) {
      error.textContent = `Those moves could not be loaded: ${err.message}. The game is unchanged.`;
      refresh();
    }
    proceed();
  }

  async function copy(text, what, out = $("copied")) {
    const done = await copyText(text);
    out.textContent = done ? `${what} copied: ${text}` : `Copy this ${what.toLowerCase()}: ${text}`;
    out.dataset.value = text;
  }

  function changeSetting(name, value) {
    const before = snapshot();
    flow = { ...flow, settings: { ...flow.settings, [name]: value } };
    if (!changesGame(name)) {
      refresh();
      // A computer already thinking starts again at the level now shown:
      // at once when its search is running, or when it answers if its
      // worker is still loading (stopping that would only load it again).
      const panel = $("thinking");
      if (name.startsWith("level") && panel.dataset.started && !panel.dataset.finished) {
        if (searching) {
          ai.cancel();
          clearTimeout(paceTimer);
          ++token;
          proceed();
        } else rethink = true;
      }
      return;
    }
    newGame();
    offerReturn(before);
  }

  // Another game, or the same on another board size: a new game (a new
  // match in a series) on the game's starting map for that size.
  function changeGame(variant, wanted) {
    const chosen = gameById(variant);
    // A game with a page of its own takes over; back from it, the game
    // left on the board is still there.
    if (chosen.view) return showView(chosen.view);
    if (showView(null) && variant === game.snapshot().variant) return showSettings();
    const before = snapshot();
    // A game played on fewer sizes (Troll: 8 x 8 alone) starts on its own.
    const size = chosen.sizes.includes(wanted) ? wanted : DEFAULT_SIZE;
    const old = game.snapshot();
    const playable = settingsForGame(flow.settings, variant);
    const leftFreePlay = playable !== flow.settings;
    flow = { ...flow, settings: playable };
    let map;
    if (chosen.maps && old.variant === variant && old.size === size) map = game.mapCode();
    else if (chosen.maps) map = defaultMap(size);
    else map = emptyMap(size);
    replaceGame(new Game({ variant, map }));
    newGame();
    offerReturn(before);
    if (leftFreePlay) {
      notify(`Free play takes turns at making maps, which ${chosen.name} has none of: this is a series between two players instead.`, {
        key: "freeplay",
      });
    }
  }

  function emptyMap(size) {
    const blank = new Game({ variant: "mapello", size });
    const code = blank.mapCode();
    blank.free();
    return code;
  }

  // A new game from the position before move `index` of this one, the
  // side to move played by the person at the screen against the computer,
  // or by two people; the game it came from can be brought back.
  function playFrom(index, opponent) {
    const before = snapshot();
    const moves = game.snapshot().moves.slice(0, index).join(" ");
    stopComputer();
    game.loadMoves(moves);
    const side = game.snapshot().toMove ?? SIDES[0];
    const mode = opponent === "computer" ? "computer" : "hotseat";
    flow = newFlow({ ...flow.settings, mode, humanColour: side });
    passNotice = "";
    refresh();
    announce(`Playing on from move ${index + 1}. ${$("status").textContent}`);
    offerReturn(before);
    proceed();
  }

  // A share link to the game, opening in review mode at `review` (a review level) when given.
  function gameLink(review) {
    const players = playersOf(controllers(flow));
    const { variant } = game.snapshot();
    return linkFor(location.href, { map: game.mapCode(), variant, moves: game.transcript(), players, review });
  }

  // --- going back to what a change replaced

  // Everything a new game replaces, to bring back.
  function snapshot() {
    const { moves, status } = game.snapshot();
    return { ...current(), settings: { ...flow.settings }, names: moves, over: status === "gameOver" };
  }

  // Whether the game and match now on the page still hold all that
  // `before` held: the same game and map, played on from where it was.
  function continues(before) {
    const now = game.snapshot();
    const sameGame = before.game.variant === now.variant && before.game.map === game.mapCode();
    const sameMatch = (before.match?.games.length ?? 0) === 0 || before.match === flow.match;
    return sameGame && sameMatch && before.names.every((move, i) => now.moves[i] === move);
  }

  // After a change replaced a game in progress (or a match under way), a
  // notice offers to bring it back; nothing is lost by a stray click.
  function offerReturn(before, said = null) {
    const played = before.names.length > 0 || (before.match?.games.length ?? 0) > 0;
    if (!played || continues(before)) return;
    const aside = before.over ? "the finished one was put aside" : "the one you were playing was put aside";
    notify(said ?? `A new game started; ${aside}.`, {
      key: "replaced",
      action: {
        label: "Back to that game",
        run: () => {
          clearNotice("replaced");
          restore(before);
        },
      },
    });
  }

  // Runs `change`, which replaces the game, keeping a way back to it.
  function replacing(change) {
    const before = snapshot();
    change();
    offerReturn(before);
  }

  // Brings back a game put aside; the one it replaces is put aside in its
  // turn, so going back never loses the other game.
  function restore(saved) {
    const replaced = snapshot();
    open(saved);
    offerReturn(replaced, "Your game is back; the one it replaced was put aside.");
    announce(`Back to your game. ${$("status").textContent}`);
  }

  // --- wiring

  $("settings-toggle").addEventListener("click", () => {
    const open = $("setup").classList.toggle("collapsed") === false;
    $("settings-toggle").setAttribute("aria-expanded", String(open));
  });
  $("variant").append(...GAMES.map((g) => new Option(g.name, g.id)));
  $("variant").addEventListener("change", (e) => changeGame(e.target.value, game.snapshot().size));
  $("board-size").addEventListener("change", (e) => changeGame(game.snapshot().variant, Number(e.target.value)));
  for (const levels of [$("level"), $("level-white")]) {
    for (let level = 1; level <= MAX_LEVEL; level += 1) {
      levels.append(new Option(levelLabel(level), String(level)));
    }
  }
  $("mode").addEventListener("change", (e) => changeSetting("mode", e.target.value));
  $("human-colour").addEventListener("change", (e) => changeSetting("humanColour", e.target.value));
  $("opponent").addEventListener("change", (e) => changeSetting("opponent", e.target.value));
  $("level").addEventListener("change", (e) => changeSetting("level", Number(e.target.value)));
  $("level-white").addEventListener("change", (e) => changeSetting("levelWhite", Number(e.target.value)));
  $("watch-speed").addEventListener("change", (e) => changeSetting("watchSpeed", e.target.value));
  $("show-legal").addEventListener("change", (e) => changeSetting("showLegal", e.target.checked));
  $("hints").addEventListener("change", (e) => {
    if (e.target.checked) {
      refresh();
      proceed();
    } else {
      stopComputer();
      refresh();
      proceed();
    }
  });
  $("new-game").addEventListener("click", () => {
    foldSettings();
    replacing(newGame);
  });
  $("next-game").addEventListener("click", () => replacing(nextGame));
  $("edit-map").addEventListener("click", editMap);
  $("undo").addEventListener("click", () => stepGame("undo"));
  $("redo").addEventListener("click", () => stepGame("redo"));
  $("pass").addEventListener("click", () => {
    if (flow.phase === "play" && game.snapshot().status === "mustPass") play(PASS);
  });
  // The client answers with a move only when the search has reported a
  // legal one; the reply then goes the usual way.
  $("move-now").addEventListener("click", () => ai.moveNow());
  $("pause").addEventListener("click", () => {
    paused = !paused;
    if (paused) stopComputer();
    refresh();
    announce(paused ? "Paused." : "Resumed.");
    proceed();
  });
  for (const button of $("choose").querySelectorAll("button[data-colour]")) {
    button.addEventListener("click", () => choose(button.dataset.colour));
  }
  $("copy-moves").addEventListener("click", () => copy(game.transcript(), "Moves"));
  $("copy-link").addEventListener("click", () => copy(gameLink(), "Link"));
  $("review-link").addEventListener("click", () => copy(gameLink(reviewer.current()?.level), "Link", $("review-copied")));
  $("load-moves").addEventListener("click", loadMoves);
  for (const id of ["review-game", "review-result"]) $(id).addEventListener("click", () => reviewer.open());
  // Ctrl+Z and Ctrl+Y (Cmd on a Mac; Shift+Ctrl+Z too) undo and redo in the
  // game, but not while typing, and not in the map editor, which has its own.
  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || document.querySelector("main.layout").hidden) return;
    if (e.target.closest?.("textarea, input, select, #editor")) return;
    const key = e.key.toLowerCase();
    const action = key === "y" || (key === "z" && e.shiftKey) ? "redo" : key === "z" ? "undo" : null;
    if (!action || $(action).disabled) return;
    e.preventDefault();
    stepGame(action);
  });

  // Replaces the whole state by `next`, checked as `start` is: a link
  // opened in this tab, or a game put back.
  function open(next) {
    const opened = new Game({ variant: next.game.variant, map: next.game.map, moves: next.game.moves });
    // A game of the board comes back to the board, from Blocs's page too.
    showView(null);
    reviewer.hide();
    stopComputer();
    closeEditor();
    clearNotice("computer");
    clearWords();
    paused = false;
    passNotice = "";
    flow = { settings: { ...next.settings }, match: next.match, phase: next.phase };
    replaceGame(opened);
    draftMap = next.game.map;
    reviewer.load(next.review);
    begin(next.review);
  }

  // Starts on the state; `review` is the one saved or linked with it, open
  // again when it was being looked at.
  function begin(review = null) {
    refresh();
    if (flow.phase === "setup") beginSetup();
    else if (review?.shown && reviewable(game.snapshot().variant)) reviewer.open(review.level);
    else proceed();
  }

  begin(start.review);
  for (const part of document.querySelectorAll("[inert]")) part.inert = false;
  document.body.dataset.ready = "true";
  return { open, current, restore };
}

// What the computer expects of the game after its move, in words: its score
// is the final margin it foresees for itself.
function outlook({ score, exact }) {
  const points = Math.round(Math.abs(score));
  const margin = `${points} point${points === 1 ? "" : "s"}`;
  if (exact) {
    if (points === 0) return "It has worked out the rest of the game: a draw with best play.";
    return `It has worked out the rest of the game: it ${score > 0 ? "wins" : "loses"} by ${margin} with best play.`;
  }
  if (points <= 1) return "It expects a close game.";
  return `It expects to ${score > 0 ? "win" : "lose"} by about ${margin}.`;
}

// The search's numbers, for those who want them.
// The line starts with a move of `colour`.
function searchDetails(result, colour, troll) {
  const line = result.pv?.length ? ` Expected line: ${lineText(result.pv, colour)}.` : "";
  const seconds = (result.ms / 1000).toFixed(2);
  // A move played by "Move now" comes from the last search reported.
  const stopped = result.early ? ", then was asked to move" : "";
  // Troll's value is the search's own count of chain steps, which the outlook words.
  const value = troll ? "" : `; value ${signed(Math.round(result.score))}`;
  return `Looked ${movesAhead(result.depth)} at ${formatNodes(result.nodes)} positions in ${seconds} s${stopped}${value}.${line}`;
}
