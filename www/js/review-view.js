// The review panel: runs a game's review in a worker of its own, a move per
// request (progress shown, Cancel stops it at once, the page stays free),
// and draws review.js's model: the graph of the value for black, the move
// list with the losses marked, each player's summary, and the selected
// position on the board with its best move. The page owns the game; it
// hands the review its record and hears when to save or play on.
import { Cancelled, createAiClient } from "./ai-client.js";
import { colourName } from "./announce.js";
import { squareIndex } from "./geometry.js";
import {
  addItem,
  defaultLevel,
  describe,
  fits,
  graph,
  isChain,
  isComplete,
  lossText,
  nearestPoint,
  nextIndex,
  progress,
  reconcile,
  reviewLevels,
  startReview,
  step,
  summary,
  unitOf,
  valueText,
} from "./review.js";
import { fromGame } from "./state.js";

const SVG = "http://www.w3.org/2000/svg";
const GRAPH_HEIGHT = 140;
// What review level `level` looks at, in words, from the catalogue's
// depths (src/ai/review.rs).
function levelWords(level) {
  const { depth, exact } = reviewLevels().find((l) => l.level === level);
  return `${depth} plies, exact from ${exact} empty squares`;
}

const PLURALS = { inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" };

// What the graph and the values mean, in the unit of the review's game.
const READING = {
  points:
    "The graph is the final margin for black after each move (above the line, black is ahead). A move's value and the points it lost are for the player who made it.",
  chain:
    "The graph is the race for black after each move, in chain steps: the discs white still needs to join its edges less those black needs (above the line, black is ahead; a proven result on the edge). A move's value is for the player who made it: its lead in chain steps, or won or lost where the search proved the result.",
};

/**
 * The reviewer of the page's game. `Game` is the wasm class, `board` the
 * page's board (board.js), `record()` the game as `{ map, variant, moves }`
 * and `names()` its moves with passes. `onOpen()` and `onClose()` say when
 * the board is the review's and when it is the game's again; `onSave()`
 * when the review changed; `onPlayFrom(index, opponent)` plays on from the
 * position before move `index` against "computer" or "friend".
 */
export function createReviewer({ Game, board, record, names, onOpen, onClose, onSave, onPlayFrom }) {
  const $ = (id) => document.getElementById(id);
  const panel = $("review");
  const svg = $("review-graph");
  const ai = createAiClient(new URL("./ai-worker.js", import.meta.url));
  let review = null;
  let selected = null;
  let running = false;
  let problem = "";
  let started = 0;

  $("review-cancel").addEventListener("click", () => cancel());
  $("review-resume").addEventListener("click", () => run());
  $("close-review").addEventListener("click", () => close());
  $("review-play-computer").addEventListener("click", () => playFrom("computer"));
  $("review-play-friend").addEventListener("click", () => playFrom("friend"));
  svg.addEventListener("click", (e) => {
    const box = svg.getBoundingClientRect();
    const index = nearestPoint(graph(review, size()).points, e.clientX - box.left);
    if (index !== null) select(index);
  });
  new ResizeObserver(() => review && drawGraph()).observe(svg);
  // Capturing, so the arrows step through the game even from the board,
  // whose own keys move its cursor while a game is played.
  document.addEventListener(
    "keydown",
    (e) => {
      if (!isOpen() || e.altKey || e.ctrlKey || e.metaKey || e.target.closest?.("input, textarea, select")) return;
      // Left and right only: up and down still scroll the page.
      const delta = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
      if (delta === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      const next = step(review, selected, delta);
      if (next !== null) select(next);
    },
    true,
  );

  function isOpen() {
    return !panel.hidden;
  }

  function size() {
    return { width: svg.clientWidth || 320, height: GRAPH_HEIGHT, pad: 10 };
  }

  /** Takes `stored` (a saved review) as the review, when it is of the game as it stands. */
  function load(stored) {
    if (stored?.items && fits(stored, record())) {
      review = reconcile(stored, names());
      selected = null;
    }
  }

  /**
   * Opens the review of the game as it stands, going on where it stopped;
   * a new one when there is none yet or `level` asks for another level.
   */
  function open(level = review?.level ?? defaultLevel()) {
    const game = record();
    if (!review || !fits(review, game) || review.level !== level) {
      review = startReview(game, names(), level);
      selected = null;
    }
    problem = "";
    panel.hidden = false;
    onOpen();
    if (selected === null && isComplete(review) && review.items.length) selected = worstIndex();
    render();
    if (selected !== null) showPosition();
    if (!isComplete(review)) run();
    $("review-title").focus();
  }

  function close() {
    hide();
    onClose();
  }

  // Stops and folds the review away, leaving the board to the page.
  function hide() {
    cancel();
    panel.hidden = true;
  }

  async function run() {
    if (running || !review || isComplete(review)) return;
    running = true;
    problem = "";
    started = performance.now();
    render();
    const mine = review;
    try {
      for (let index = nextIndex(review); index !== null; index = nextIndex(review)) {
        const answer = await ai.request("review", mine.game, review.level, { legal: mine.names, index });
        if (review.game !== mine.game) return;
        review = addItem(review, answer.review);
        onSave();
        render();
      }
      panel.dataset.ms = String(Math.round(performance.now() - started));
      if (selected === null) select(worstIndex());
    } catch (err) {
      if (!(err instanceof Cancelled)) problem = `The review stopped: ${err.message}.`;
    } finally {
      running = false;
      if (review) render();
    }
  }

  function cancel() {
    if (!running) return;
    ai.cancel();
  }

  // The move that lost the most (the first of equals), to start on.
  function worstIndex() {
    let worst = 0;
    for (const item of review.items) if (item.loss > review.items[worst].loss) worst = item.index;
    return worst;
  }

  function select(index) {
    selected = index;
    render();
    showPosition();
  }

  // The position before the selected move, with the move played and the
  // best move written on their squares (the best in green).
  function showPosition() {
    const item = review.items[selected];
    const moves = review.names.slice(0, selected).join(" ");
    const game = new Game({ variant: review.game.variant, map: review.game.map, moves });
    const snap = game.snapshot();
    game.free();
    const marks = [
      { index: squareIndex(snap.size, item.best), score: item.bestValue, text: valueText(item, "best") },
      { index: squareIndex(snap.size, item.played), score: item.playedValue, text: valueText(item, "played") },
    ].filter((m, k) => m.index >= 0 && (k === 0 || item.played !== item.best));
    board.set({ ...fromGame(snap), showLegal: false, interactive: false, hints: marks });
  }

  function playFrom(opponent) {
    if (selected === null) return;
    const index = selected;
    close();
    onPlayFrom(index, opponent);
  }

  function render() {
    const { done, total } = progress(review);
    $("review-bar").max = total;
    $("review-bar").value = done;
    const finished = done === total;
    $("review-progress").hidden = finished && !problem;
    $("review-count").textContent = running
      ? `Analysing move ${done + 1} of ${total}…`
      : finished
        ? ""
        : `Stopped after ${done} of ${total} moves.`;
    $("review-cancel").hidden = !running;
    $("review-resume").hidden = running || finished;
    $("review-error").textContent = problem;
    $("review-reading").textContent = READING[isChain(review) ? "chain" : "points"];
    $("review-note").textContent = `Level ${review.level}: each move searched ${levelWords(review.level)}.`;
    panel.dataset.state = running ? "running" : finished ? "done" : "stopped";
    drawGraph();
    drawList();
    drawSummary();
    drawSelected();
  }

  function drawGraph() {
    const box = size();
    const g = graph(review, box);
    svg.setAttribute("viewBox", `0 0 ${box.width} ${box.height}`);
    svg.setAttribute("height", String(box.height));
    const parts = [];
    const line = (x1, y1, x2, y2, cls) => {
      const el = document.createElementNS(SVG, "line");
      for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) el.setAttribute(k, String(v));
      el.setAttribute("class", cls);
      return el;
    };
    const text = (x, y, words, anchor) => {
      const el = document.createElementNS(SVG, "text");
      el.setAttribute("x", String(x));
      el.setAttribute("y", String(y));
      el.setAttribute("text-anchor", anchor);
      el.setAttribute("class", "graph-label");
      el.textContent = words;
      return el;
    };
    parts.push(line(0, g.zero, box.width, g.zero, "graph-zero"));
    const edge = isChain(review) ? "ahead" : `+${g.scale}`;
    parts.push(text(4, g.top + 10, `Black ${edge}`, "start"), text(4, g.bottom - 2, `White ${edge}`, "start"));
    if (selected !== null && g.points[selected]) {
      const x = g.points[selected].x;
      parts.push(line(x, g.top, x, g.bottom, "graph-selected"));
    }
    if (g.points.length) {
      const path = document.createElementNS(SVG, "polyline");
      path.setAttribute("points", g.points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "));
      path.setAttribute("class", "graph-line");
      parts.push(path);
    }
    for (const p of g.points) {
      if (!p.cls && p.index !== selected) continue;
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("cx", String(p.x));
      dot.setAttribute("cy", String(p.y));
      dot.setAttribute("r", p.cls === "blunder" ? "5" : "4");
      dot.setAttribute("class", `graph-dot ${p.cls ?? "plain"}${p.index === selected ? " selected" : ""}`);
      dot.dataset.index = String(p.index);
      parts.push(dot);
    }
    svg.replaceChildren(...parts);
    const marked = review.items.filter((r) => r.class).length;
    svg.setAttribute(
      "aria-label",
      `Value for black after each of ${review.items.length} moves; ${marked} move${marked === 1 ? "" : "s"} marked as losing ${unitOf(review)[1]}. The left and right arrow keys step through the game.`,
    );
  }

  function moveButton(item, words) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "review-move-button";
    button.textContent = words;
    button.setAttribute("aria-label", describe(item));
    button.addEventListener("click", () => select(item.index));
    return button;
  }

  function drawList() {
    const rows = review.items.map((item) => {
      const li = document.createElement("li");
      li.className = `review-row move-${item.mover}`;
      if (item.class) li.dataset.class = item.class;
      // The best move only where it was better: an equal one is no advice.
      const better = item.loss > 0 ? ` (${item.best} ${valueText(item, "best")})` : "";
      const words = `${item.index + 1}. ${item.played} ${valueText(item, "played")}${better}${item.class ? ` ${item.class}` : ""}`;
      const button = moveButton(item, words);
      if (item.index === selected) button.setAttribute("aria-current", "true");
      li.append(button);
      return li;
    });
    const list = $("review-list");
    list.replaceChildren(...rows);
    revealInList(list, list.querySelector("[aria-current]"));
  }

  function drawSummary() {
    const s = summary(review);
    const blocks = ["X", "O"].map((colour) => {
      const { worst } = s[colour];
      const div = document.createElement("div");
      div.className = `review-player review-player-${colour}`;
      const head = document.createElement("p");
      head.textContent = `${colourName(colour)}: ${summaryWords(s[colour], unitOf(review))}`;
      div.append(head);
      const list = document.createElement("ul");
      list.className = "review-worst";
      for (const item of worst) {
        const li = document.createElement("li");
        if (item.class) li.dataset.class = item.class;
        const cost = item.playedResult || item.bestResult ? lossText(item) : `−${item.loss}`;
        li.append(moveButton(item, `${item.index + 1}. ${item.played} ${cost}${item.class ? ` ${item.class}` : ""}`));
        list.append(li);
      }
      if (worst.length) div.append(list);
      return div;
    });
    $("review-summary").replaceChildren(...blocks);
  }

  function drawSelected() {
    const item = selected === null ? null : review.items[selected];
    $("review-selected").hidden = !item;
    if (!item) return;
    $("review-move").textContent = describe(item);
    $("review-move").dataset.class = item.class ?? "";
  }

  return {
    load,
    open,
    close,
    /** Folds the review away without a word: the game it was of has changed. */
    hide,
    /** True while the review has the board. */
    isOpen,
    /** The review to save with the game (`shown` while open), or null when there is none for it. */
    current: () => (review && fits(review, record()) ? { ...review, shown: isOpen() } : null),
  };
}

// One player's summary in words: "14 points lost (1 blunder)", "no points
// lost", or in Troll "a proven win thrown away, 3 chain steps lost
// (1 inaccuracy, 1 blunder)": a proven result is no number of steps to add.
function summaryWords({ lost, counts, thrown, walked }, [one, many]) {
  const parts = [];
  if (thrown) parts.push(thrown === 1 ? "a proven win thrown away" : `${thrown} proven wins thrown away`);
  if (walked) parts.push(walked === 1 ? "a proven loss walked into" : `${walked} proven losses walked into`);
  if (lost || !parts.length) parts.push(`${lost || "no"} ${lost === 1 ? one : many} lost`);
  const tally = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${n} ${n === 1 ? name : PLURALS[name]}`)
    .join(", ");
  return `${parts.join(", ")}${tally ? ` (${tally})` : ""}`;
}

// Scrolls the list itself, never the page, to show `item`: the analysis
// redraws the list as it goes, and the page must stay where the player
// keeps it (at the graph's top when the review opens).
function revealInList(list, item) {
  if (!item) return;
  const box = list.getBoundingClientRect();
  const r = item.getBoundingClientRect();
  if (r.top < box.top) list.scrollTop -= box.top - r.top;
  else if (r.bottom > box.bottom) list.scrollTop += r.bottom - box.bottom;
}
