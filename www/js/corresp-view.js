// @ts-check
// A game by link's panel (the mode "corresp"): which colour this browser
// plays, whose turn it is, and the link to send the friend after each move,
// shared where the browser can share (navigator.share), else copied, and
// shown for copying by hand. Whether a link opened later continues the game
// is main.js's (`gameByLink`), on the rules' word. Loaded by play-ctrl.js
// when a game by link is first shown: the first screen has no use for it.
import { colourName } from "./announce.js";
import { byId } from "./dom.js";
import { otherSide } from "./flow.js";
import { copyText, linkFor } from "./share.js";

/** @typedef {import("./play-ctrl.js").PlayCtrl} PlayCtrl */
/** @typedef {import("../mapello.d.ts").Colour} Colour */
/** @typedef {import("../mapello.d.ts").Snapshot} Snapshot */

const $ = byId;
/** @type {PlayCtrl | null} */
let wired = null;

/**
 * The link the friend opens: the game so far, the friend playing `friend`.
 * @param {import("./storage.js").GameRecord} record
 * @param {Colour} friend
 */
export function friendLink(record, friend) {
  return linkFor(location.href, { ...record, players: friend === "X" ? "corresp-black" : "corresp-white" });
}

/**
 * What the panel says of the turn, and whose it is ("mine", "friend",
 * "over"): `you` is the colour played here, `hotseat` whether the friend's
 * moves may be played here too.
 * @param {Pick<Snapshot, "status" | "toMove">} snap
 * @param {Colour} you
 * @param {boolean} hotseat
 * @returns {{ turn: "mine" | "friend" | "over", text: string }}
 */
export function turnText({ status, toMove }, you, hotseat) {
  if (status === "gameOver") return { turn: "over", text: "The game is over: send the link so your friend sees the end." };
  if (toMove === you) {
    const what = status === "mustPass" ? "you have no move, so press Pass" : "play your move";
    return { turn: "mine", text: `Your turn: ${what}, then send the link to your friend.` };
  }
  const here = hotseat ? " (or play their move here)" : "";
  return {
    turn: "friend",
    text: `Your friend's turn: send them this link${here}. Open the link they send back in this browser and the game goes on here.`,
  };
}

// The panel, made when first shown, above the review's place beside the board.
const PANEL = `<h2 id="corresp-title">Game by link</h2>
<p id="corresp-seat"></p>
<p id="corresp-turn" class="corresp-turn"></p>
<div class="corresp-send">
<button type="button" id="corresp-send">Send this link</button>
<input id="corresp-link" type="url" readonly aria-label="The link to this game">
</div>
<output id="corresp-sent" class="copied"></output>
<label class="toggle"><input type="checkbox" id="corresp-hotseat"> Let me play my friend's moves here too</label>`;

function panelElement() {
  const known = document.getElementById("corresp");
  if (known) return known;
  const panel = Object.assign(document.createElement("section"), { id: "corresp", className: "panel corresp", innerHTML: PANEL });
  panel.setAttribute("aria-labelledby", "corresp-title");
  $("review").before(panel);
  return panel;
}

/**
 * Shows or hides the panel for the game of `ctrl`, as it is now.
 * @param {PlayCtrl} ctrl
 */
export function showCorresp(ctrl) {
  const panel = panelElement();
  const { settings, phase } = ctrl.flow;
  panel.hidden = settings.mode !== "corresp" || phase !== "play" || ctrl.reviewer.isOpen();
  if (panel.hidden) return;
  if (wired !== ctrl) wire(ctrl);
  const snap = ctrl.game.snapshot();
  const you = settings.humanColour;
  const hotseat = settings.opponent === "human";
  $("corresp-seat").textContent = `You play ${colourName(you)}; your friend plays ${colourName(otherSide(you))}.`;
  const { turn, text } = turnText(snap, you, hotseat);
  $("corresp-turn").textContent = text;
  panel.dataset.turn = turn;
  showLink(ctrl, snap);
  $("corresp-hotseat", HTMLInputElement).checked = hotseat;
}

// Puts the link to the game as `snap` has it in its field, with the number
// of moves it carries, and gives that number; what was said of sending an
// older link goes. The panel is drawn a moment after the board
// (play-ctrl.js imports this module), so sending calls this first: a click
// in that moment sends the game as it is, not as the field last showed it.
/**
 * @param {PlayCtrl} ctrl
 * @param {Snapshot} snap
 */
function showLink(ctrl, snap) {
  const link = friendLink(ctrl.record(snap), otherSide(ctrl.flow.settings.humanColour));
  const field = $("corresp-link", HTMLInputElement);
  if (field.value !== link) $("corresp-sent").textContent = "";
  field.value = link;
  field.dataset.moves = String(snap.moves.length);
  return snap.moves.length;
}

/** @param {PlayCtrl} ctrl */
function wire(ctrl) {
  wired = ctrl;
  const field = $("corresp-link", HTMLInputElement);
  $("corresp-send").addEventListener("click", async () => {
    const moves = showLink(ctrl, ctrl.game.snapshot());
    if (await send(field)) sent(ctrl, moves);
  });
  field.addEventListener("focus", () => field.select());
  // Copied by hand from its field, the link is as good as sent.
  field.addEventListener("copy", () => sent(ctrl, Number(field.dataset.moves)));
  $("corresp-hotseat").addEventListener("change", (e) => {
    const on = /** @type {HTMLInputElement} */ (e.target).checked;
    // Who moves for the friend changes; the game stays as it is.
    ctrl.flow = { ...ctrl.flow, settings: { ...ctrl.flow.settings, opponent: on ? "human" : "computer" } };
    ctrl.refresh();
    ctrl.announce(on ? "You may play your friend's moves here too." : "Only your own moves are played here now.");
  });
}

// The friend has been sent the game's first `moves` moves: they are theirs
// too, not to be taken back here.
/**
 * @param {PlayCtrl} ctrl
 * @param {number} moves
 */
function sent(ctrl, moves) {
  ctrl.shared = moves;
  ctrl.refresh();
}

// Hands the link to the browser's share sheet where it has one; otherwise,
// or when sharing fails, copies it; and when copying is refused too, selects
// it in its field for the player to copy. True when the link went out:
// from then on, its moves are the friend's too, not to be taken back.
/** @param {HTMLInputElement} field */
async function send(field) {
  const out = $("corresp-sent");
  const url = field.value;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: "Mapello: your move", url });
      out.textContent = "Link shared.";
      return true;
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") return false;
    }
  }
  if (await copyText(url)) {
    out.textContent = "Link copied: paste it to your friend in a mail or a chat.";
    return true;
  }
  field.focus();
  field.select();
  out.textContent = "This browser refused to copy: the link is selected above, copy it by hand.";
  return false;
}
