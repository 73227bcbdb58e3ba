// @ts-check
// The play page's game flow: who controls each side in each mode, what
// comes after a move (the computer's turn, a forced pass, the end of a game
// and its place in a match), undo and redo, and the steps between games
// (new game, next game, free play's map making and colour choice).
// Plain data and pure functions: app.js draws the page and makes the calls
// to the wasm game, and hands in what it read from them.
//
// A flow is `{ settings, match, phase }`, as saved (storage.js): `settings`
// the mode and levels, `match` the series or free play (match.js) or null,
// `phase` "play" (a game under way), "over" (a match's game just
// recorded), "setup" (free play: a player makes the map) or "choose" (free
// play: the other player picks a colour).
//
// The game is known only by what its snapshot says (a "turn"): `status`
// ("toMove", "mustPass" or "gameOver"), `toMove` (one of SIDES), `score`
// (one number per side) and `winner`. A game with other rules plugs in by
// giving the same answers.
import { colourName, forfeitText, passText, resultForPlayer, resultText } from "./announce.js";
import { levelLabel } from "./levels.js";
import { colourOfFirst, matchFor, newMatch, recordGame, setupPlayer, withChoice } from "./match.js";
import { connectionPoints, connectionText } from "./troll.js";

/** @typedef {import("../mapello.d.ts").Colour} Colour */
/** @typedef {import("./match.js").Match} Match */
/** @typedef {"play" | "over" | "setup" | "choose"} Phase */
/** @typedef {"human" | "computer" | "friend"} Controller */

/**
 * The settings a flow reads (storage.js keeps the page's others beside them).
 * @typedef {{ mode: string, level: number, humanColour?: Colour, opponent?: "computer" | "human", levelWhite?: number, clock?: string }} FlowSettings
 */

/**
 * A flow whose settings are an `S` (the play page's hold all its settings: storage.js).
 * @template {FlowSettings} [S=FlowSettings]
 * @typedef {{ settings: S, match: Match | null, phase: Phase }} Flow
 */
/** @typedef {{ match: Match, phase: Phase }} MatchFlow A flow in a match. */

/**
 * What the flow reads of a game's snapshot (the wasm `Snapshot` or `BlocsSnapshot`).
 * `forfeit` says who gave the game up, and why, when one side resigned or lost on time.
 * `moves` are the moves played so far, passes included.
 * @typedef {{ variant?: string, status: string, toMove?: Colour, score: [number, number], winner?: Colour | "draw", forfeit?: import("../mapello.d.ts").Forfeit, moves?: string[] }} Turn
 */

/**
 * The sides of a game, the one who moves first first, as snapshots name them in `toMove`.
 * @type {[Colour, Colour]}
 */
export const SIDES = ["X", "O"];

/** The move that passes a turn. */
export const PASS = "pass";

// Settings that change how the game is shown or played on, not which game
// is played: changing them starts no new game.
const KEEPS_GAME = new Set(["level", "levelWhite", "watchSpeed", "showLegal", "moveNumbers", "showEval", "clockPause"]);

/**
 * The side playing against `side`.
 * @param {Colour} side
 * @returns {Colour}
 */
export function otherSide(side) {
  return side === SIDES[0] ? SIDES[1] : SIDES[0];
}

/**
 * The side of the match's first player in the game on the board: once a
 * game is recorded the match looks ahead to the next one, so the game just
 * over asks the record.
 * @param {MatchFlow} flow
 */
export function firstSide({ match, phase }) {
  // A recorded game is the match's last.
  return phase === "over" ? /** @type {import("./match.js").MatchGame} */ (match.games.at(-1)).first : colourOfFirst(match);
}

/**
 * Index in the match of the player playing `side` in the game on the board.
 * @param {MatchFlow} flow
 * @param {Colour | undefined} side
 */
export function playerOf(flow, side) {
  return side === firstSide(flow) ? 0 : 1;
}

/**
 * The side match player `player` (0 or 1) plays in the game on the board.
 * @param {MatchFlow} flow
 * @param {number} player
 */
export function sideOfPlayer(flow, player) {
  const first = firstSide(flow);
  return player === 0 ? first : otherSide(first);
}

/**
 * "human", "computer" or "friend" (a person elsewhere, whose moves come by
 * link): who moves for `side` in the flow's mode. A game by link lets the
 * person at the screen move for the friend too when its opponent is "human".
 * @param {Flow} flow
 * @param {Colour | undefined} side
 * @returns {Controller}
 */
export function controllerOf(flow, side) {
  const { settings } = flow;
  switch (settings.mode) {
    case "computer":
      return side === settings.humanColour ? "human" : "computer";
    case "watch":
      return "computer";
    case "corresp":
      return side === settings.humanColour || settings.opponent === "human" ? "human" : "friend";
    case "series":
      // A series is always a match.
      return settings.opponent === "human" || playerOf(/** @type {MatchFlow} */ (flow), side) === 0 ? "human" : "computer";
    default:
      return "human";
  }
}

/**
 * Each side's controller, keyed by side: `{ X: "human", O: "computer" }`.
 * @param {Flow} flow
 */
export function controllers(flow) {
  // An entry for each side.
  return /** @type {Record<Colour, Controller>} */ (Object.fromEntries(SIDES.map((side) => [side, controllerOf(flow, side)])));
}

/**
 * Whether the computer plays either side.
 * @param {Flow} flow
 */
export function hasComputer(flow) {
  return SIDES.some((side) => controllerOf(flow, side) === "computer");
}

/**
 * Whether a person plays either side.
 * @param {Flow} flow
 */
export function hasHuman(flow) {
  return SIDES.some((side) => controllerOf(flow, side) === "human");
}

/**
 * The side of the one person playing the computer, or null when both sides are people or both computers.
 * @param {Flow} flow
 */
export function soleHuman(flow) {
  const people = SIDES.filter((side) => controllerOf(flow, side) === "human");
  return people.length === 1 ? people[0] : null;
}

/**
 * Whether the computer plays itself while the person at the screen watches.
 * @param {Flow} flow
 */
export function watched(flow) {
  return flow.settings.mode === "watch";
}

/**
 * Whether the game has a Pause button: a watched one, whose computer then
 * waits, or one between people at this screen on a clock, whose clocks
 * then stop (a game by link has no clock, and the computer's clock never
 * stops).
 * @param {Flow} flow
 */
export function pausable(flow) {
  const { mode, clock } = flow.settings;
  return watched(flow) || ((clock ?? "none") !== "none" && mode !== "corresp" && !hasComputer(flow));
}

/**
 * The level of the computer playing `side`: in a watched game each side has
 * its own, the first side's being the usual level setting.
 * @param {Flow} flow
 * @param {Colour} side
 */
export function levelOf(flow, side) {
  // A watched game's settings have both levels.
  return watched(flow) && side === SIDES[1] ? /** @type {number} */ (flow.settings.levelWhite) : flow.settings.level;
}

/**
 * The name the page gives the player of `side`.
 * @param {Flow} flow
 * @param {Colour} side
 */
export function nameOf(flow, side) {
  if (flow.match) return flow.match.names[playerOf(/** @type {MatchFlow} */ (flow), side)];
  if (watched(flow)) return `${colourName(side)} computer (level ${levelLabel(levelOf(flow, side))})`;
  if (controllerOf(flow, side) === "computer") return `Computer (level ${levelLabel(levelOf(flow, side))})`;
  if (flow.settings.mode === "computer") return "You";
  if (flow.settings.mode === "corresp") return side === flow.settings.humanColour ? "You" : "Your friend";
  return colourName(side);
}

/**
 * What the player card of `side` says: `{ name, detail }`, the detail a
 * computer's level as the level menu words it ("level 10 · Master"). While
 * free play's map is made and its colour chosen, nobody has a side yet.
 * @param {Flow} flow
 * @param {Colour} side
 * @returns {{ name: string, detail: string }}
 */
export function cardOf(flow, side) {
  if (flow.match && (flow.phase === "setup" || flow.phase === "choose")) return { name: colourName(side), detail: "not chosen yet" };
  if (flow.match) {
    const computer = controllerOf(flow, side) === "computer";
    return { name: flow.match.names[playerOf(/** @type {MatchFlow} */ (flow), side)], detail: computer ? `level ${levelLabel(levelOf(flow, side))}` : "" };
  }
  if (controllerOf(flow, side) === "computer") return { name: "Computer", detail: `level ${levelLabel(levelOf(flow, side))}` };
  return { name: nameOf(flow, side), detail: "" };
}

/**
 * The side as a result names it, colour first: "Black", "White (you)",
 * "Black (computer, level 10 · Master)", "White (Player 2)".
 * @param {Flow} flow
 * @param {Colour} side
 */
export function sideLabel(flow, side) {
  const { name, detail } = cardOf(flow, side);
  const plain = colourName(side);
  if (name === plain) return plain;
  const who = ["You", "Computer", "Your friend"].includes(name) ? name.toLowerCase() : name;
  return `${plain} (${[who, detail].filter(Boolean).join(", ")})`;
}

/**
 * "White", or "Player 2 (white)" where the side has a name of its own.
 * @param {Flow} flow
 * @param {Colour} side
 */
export function whoPlays(flow, side) {
  const name = nameOf(flow, side);
  const plain = colourName(side);
  if (name === plain) return plain;
  if (!flow.match && controllerOf(flow, side) === "computer") return `${plain} (computer, level ${levelLabel(levelOf(flow, side))})`;
  return `${name} (${plain.toLowerCase()})`;
}

/**
 * The result of the finished `turn`, as the person at the screen reads it when they played alone.
 * @param {Flow} flow
 * @param {Turn} turn
 */
export function resultLine(flow, turn) {
  const you = soleHuman(flow);
  const { forfeit, winner, score } = turn;
  // Troll is won by a connection, not by discs; given up, by the other side.
  const troll = turn.variant === "troll";
  if (!forfeit) return troll ? connectionText(winner, you) : you ? resultForPlayer(score, you) : resultText(score, winner);
  // Given up, in one sentence: who gave it up, and the points the rules
  // scored (a forfeit is never a draw).
  const given = forfeitText(forfeit, you, flow.settings.mode === "corresp" ? "Your friend" : undefined).slice(0, -1);
  if (you && forfeit.loser === you) {
    const [mine, theirs] = you === "X" ? score : [score[1], score[0]];
    const points = troll ? "" : ` ${mine} to ${theirs}`;
    return forfeit.cause === "time" ? `${given}${points && `,${points}`}.` : `${given} and lost${points}.`;
  }
  if (you) return `${given}: you won${troll ? "" : ` ${Math.max(...score)} to ${Math.min(...score)}`}.`;
  return `${given}: ${troll ? `${colourName(otherSide(forfeit.loser))} wins.` : resultText(score, winner)}`;
}

/**
 * The side that resigns now from the Resign button, or null when nobody
 * may: the one person playing the computer, else the side to move; only
 * once the game is under way (a move or a pass played), not in a watched
 * game, nor once the game is over.
 * @param {Flow} flow
 * @param {Turn} turn
 * @returns {Colour | null}
 */
export function resigner(flow, turn) {
  if (flow.phase !== "play" || turn.status === "gameOver" || !turn.moves?.length || !hasHuman(flow)) return null;
  return soleHuman(flow) ?? turn.toMove ?? null;
}

/**
 * Whether a person is to move by a click on the board.
 * @param {Flow} flow
 * @param {Turn} turn
 */
export function humanToMove(flow, turn) {
  return flow.phase === "play" && turn.status === "toMove" && controllerOf(flow, turn.toMove) === "human";
}

/**
 * What the page does next without the user, given `turn`: "pass" (forced on
 * a side when a computer plays; between people the pass button says it),
 * "think" (the computer's move, unless `paused`), "hints" (for the person
 * to move, when asked for), or null to wait.
 * @param {Flow} flow
 * @param {Turn} turn
 * @param {{ paused: boolean, hints: boolean }} options
 */
export function nextAction(flow, turn, { paused, hints }) {
  if (flow.phase !== "play" || turn.status === "gameOver") return null;
  if (turn.status === "mustPass") return hasComputer(flow) ? "pass" : null;
  const controller = controllerOf(flow, turn.toMove);
  if (controller === "computer") return paused ? null : "think";
  return hints && controller === "human" ? "hints" : null;
}

/**
 * The pass notice after `side` played `move`, `notice` being the one shown
 * before: a pass stays said until a person next moves, so a pass forced on
 * the person while the computer replied is still seen, with the computer's
 * second move in a row said too (else "Black … passed. You (black) to
 * move." reads as a contradiction), in as few words (a phone's status has
 * two lines).
 * @param {Flow} flow
 * @param {string} notice
 * @param {Colour} side
 * @param {string} move
 */
export function passNoticeAfter(flow, notice, side, move) {
  // The one person playing the computer is "you", as the status calls them.
  const you = soleHuman(flow);
  const passed = (/** @type {Colour} */ s) => (s === you ? "You had no legal move, so you passed." : passText(s));
  if (move === PASS) return passed(side);
  if (controllerOf(flow, side) === "human" || !hasHuman(flow)) return "";
  const other = otherSide(side);
  if (notice !== passed(other)) return notice;
  return `${other === you ? "You had no move" : `${colourName(other)} passed`}, so ${colourName(side)} moved again.`;
}

/**
 * The flow once the game has reached `turn`: a match's finished game is recorded.
 * @template {FlowSettings} S
 * @param {Flow<S>} flow
 * @param {Turn} turn
 * @returns {Flow<S>}
 */
export function afterMove(flow, turn) {
  if (turn.status !== "gameOver" || !flow.match || flow.phase !== "play") return flow;
  const points = turn.variant === "troll" ? connectionPoints(turn.winner) : turn.score;
  return { ...flow, match: recordGame(flow.match, points), phase: "over" };
}

/**
 * Undo or redo (`step`) on `game`, which has `undo()`, `redo()` (each false
 * when there is no move to step over) and `snapshot()`: one move, and
 * against the computer on to a person's turn. False when no move was there.
 * @param {Flow} flow
 * @param {{ undo(): boolean, redo(): boolean, snapshot(): Turn }} game
 * @param {"undo" | "redo"} step
 */
export function stepHistory(flow, game, step) {
  if (!game[step]()) return false;
  if (hasComputer(flow) && !watched(flow)) {
    while (!personsTurn(flow, game.snapshot()) && game[step]());
  }
  return true;
}

/**
 * @param {Flow} flow
 * @param {Turn} turn
 */
function personsTurn(flow, turn) {
  return turn.status !== "gameOver" && controllerOf(flow, turn.toMove) === "human";
}

/**
 * A new game in the settings' mode: a new match for series and free play, whose first map is made first.
 * @template {FlowSettings & { opponent: "computer" | "human" }} S
 * @param {S} settings
 * @returns {Flow<S>}
 */
export function newGame(settings) {
  const match = matchFor(settings);
  return { settings, match, phase: match?.kind === "freeplay" ? "setup" : "play" };
}

/**
 * The next game of the match (in free play its map is made first), or a new game.
 * @template {FlowSettings & { opponent: "computer" | "human" }} S
 * @param {Flow<S>} flow
 * @returns {Flow<S>}
 */
export function nextGame(flow) {
  if (!flow.match) return newGame(flow.settings);
  return { ...flow, phase: flow.match.kind === "freeplay" ? "setup" : "play" };
}

/**
 * Whether changing setting `name` starts a new game.
 * @param {string} name
 */
export function changesGame(name) {
  return !KEEPS_GAME.has(name);
}

/**
 * Free play: the map is made; the other player picks a colour on it.
 * @template {FlowSettings} S
 * @param {Flow<S>} flow
 * @returns {Flow<S>}
 */
export function mapMade(flow) {
  return { ...flow, phase: "choose" };
}

/**
 * Free play: the chooser takes `side`, and the game starts; the same flow when no choice is asked.
 * @template {FlowSettings} S
 * @param {Flow<S>} flow
 * @param {Colour} side
 * @returns {Flow<S>}
 */
export function sideChosen(flow, side) {
  if (flow.phase !== "choose") return flow;
  // Only free play, a match, asks for a colour.
  return { ...flow, match: withChoice(/** @type {Match} */ (flow.match), side), phase: "play" };
}

/**
 * A game starts on a map edited outside free play's turns: a series starts
 * over (its games were on another map); free play goes on with this game.
 * @template {FlowSettings} S
 * @param {Flow<S>} flow
 * @returns {Flow<S>}
 */
export function mapEdited(flow) {
  const match = flow.match?.kind === "series" ? newMatch("series", flow.match.names) : flow.match;
  return { ...flow, match, phase: "play" };
}

/**
 * Free play's players while a map is set up and a colour chosen on it (the
 * "setup" and "choose" phases, which only a match has): who makes the map
 * and who then chooses a colour.
 * @param {Flow} flow
 */
export function setupNames(flow) {
  const match = /** @type {Match} */ (flow.match);
  const maker = setupPlayer(match);
  return { maker: match.names[maker], chooser: match.names[1 - maker] };
}

/**
 * The number of the match's game on the board, counting from 1.
 * @param {MatchFlow} flow
 */
export function gameNumber({ match, phase }) {
  return match.games.length + (phase === "over" ? 0 : 1);
}
