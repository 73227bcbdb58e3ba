// @ts-check
// Another tab of the page saved its game (the window's `storage` event;
// app.js loads this module when one comes). The same game played on there
// is shown here as it stands there, so this tab never plays on from an old
// position; any other game there is said, with a way to open it here, and
// this tab's own game stays (archive-hooks.js keeps the other tab's game in
// Saved games before this tab saves over it). Whether the other game
// continues this one is the rules' call (Game.lineage).
import { lineageOf } from "./storage.js";

/** @typedef {import("./storage.js").GameRecord} GameRecord */

/**
 * What game `b` is to game `a`: `Game.lineage`'s answer, unrelated when
 * the rules do not open one of them.
 * @param {typeof import("../mapello.d.ts").Game} Game
 * @param {GameRecord} a
 * @param {GameRecord} b
 */
function relationOf(Game, a, b) {
  try {
    return lineageOf(Game, a, b).lineage;
  } catch {
    return /** @type {import("../mapello.d.ts").Lineage} */ ({ relation: "unrelated" });
  }
}

/**
 * Another tab saved `saved` (storage.js's decodeSave of what it wrote
 * under KEY, null when damaged): the controller `ctrl` (play-ctrl.js)
 * shows it when it holds this tab's game played further, or says that the
 * other tab holds another game.
 * @param {import("./play-ctrl.js").PlayCtrl} ctrl
 * @param {import("./storage.js").SavedRecord | null} saved
 */
export function otherTabSaved(ctrl, saved) {
  const mine = ctrl.current();
  if (!saved || saved.phase !== "play" || mine.phase !== "play") return;
  // Two games with ids are the same game only by id, whatever their moves.
  const other = saved.id && mine.id && saved.id !== mine.id;
  const lineage = other ? /** @type {import("../mapello.d.ts").Lineage} */ ({ relation: "unrelated" }) : relationOf(ctrl.Game, mine.game, saved.game);
  const { relation } = lineage;
  const ended = relation === "same" && Boolean(saved.game.forfeit) && !mine.game.forfeit;
  if (relation === "same" && !ended) return;
  if (relation === "ahead" || ended) {
    try {
      ctrl.open(saved);
    } catch {
      // A record the rules refuse is not shown: this tab keeps its own game.
      return;
    }
    ctrl.deps.notify("This game was played on in another tab: here it is as it stands there.", { key: "other-tab", moves: 1 });
    ctrl.announce(`Updated from another tab. ${document.getElementById("status")?.textContent ?? ""}`);
    return;
  }
  let what = "is playing another game";
  if (lineage.relation === "behind") what = `holds this game taken back to move ${lineage.to}`;
  else if (lineage.relation === "forked" && lineage.shared) what = `holds this game with other moves after move ${lineage.shared}`;
  ctrl.deps.notify(`Another tab ${what}. This tab keeps its own game; if it saves over the other tab's, that game is kept in Saved games.`, {
    key: "other-tab",
    action: { label: "Open that game here", run: () => ctrl.restore(saved) },
  });
}
