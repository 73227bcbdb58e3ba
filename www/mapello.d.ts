// The wasm API as the page calls it: the module trunk writes next to
// index.html (mapello.js, from src/wasm/), typed by hand.
//
// Why by hand: the API takes `JsValue` arguments on purpose (each is checked
// and a bad one is refused with a sentence, tests/www/api-fuzz.test.mjs), and
// returns plain objects through serde, so wasm-bindgen's own declarations
// say `any` almost everywhere. tsify or typescript_custom_section would type
// the returns only through derives on the core's structs and a wasm build
// before every check; these declarations need no build, and
// tests/www/declarations.test.mjs holds their names to the built module's.
// The shapes are those the doc comments of src/wasm/ give.

/** A side by its diagram letter: `X` moves first (black), `O` second (white). */
export type Colour = "X" | "O";

/** A game of the Reversi family, as `Game` plays it. */
export type Variant = "mapello" | "othello" | "reversi" | "troll";

/** A whole number below 2^53, or a BigInt below 2^64. */
export type Seed = number | bigint;

/** Where a game stands. */
export type Status = "toMove" | "mustPass" | "gameOver";

/** Everything the board of a `Game` shows (src/game.rs, `Snapshot`). */
export interface Snapshot {
  variant: Variant;
  /** Inner side: 6, 8 or 10. */
  size: number;
  /** Whether the ring around the board is part of the game (Mapello). */
  ring: boolean;
  /** `(size + 2)^2` diagram characters over the outer grid, row by row. */
  cells: string;
  /** The side to move; `undefined` once the game is over. */
  toMove?: Colour;
  status: Status;
  /** The legal moves of the side to move, row by row. */
  legal: string[];
  /** `[black, white]`: discs plus bonus points. */
  score: [number, number];
  /** `[black, white]`: bonuses taken. */
  taken: [number, number];
  moves: string[];
  lastMove?: string;
  /** The discs the last move flipped. */
  flipped: string[];
  canUndo: boolean;
  canRedo: boolean;
  /** How the game ended, once it is over. */
  winner?: Colour | "draw";
  /** Troll: the discs of the winning chain. */
  chain: string[];
  /** Who gave the game up, and why, when a side resigned or lost on time. */
  forfeit?: Forfeit;
  /** Empty squares the final score counts for the winner (a draw shares them): Othello's rule at the end, or a game given up; 0 otherwise. */
  awarded: number;
}

/** A game given up (`Game.forfeit`): the side that resigned or ran out of time. */
export interface Forfeit {
  cause: "resigned" | "time";
  loser: Colour;
}

/** Options of a new `Game`. */
export interface GameOptions {
  variant?: Variant;
  size?: 6 | 8 | 10;
  /** A share code. */
  map?: string;
  /** A set-up start on the map (`startCode`), refused with the rules' sentence when it cannot be played. */
  start?: string;
  /** A transcript to replay from the start. */
  moves?: string;
}

/** What `PositionDraft.snapshot` returns: the draft as the board draws it. */
export interface DraftSnapshot {
  variant: Variant;
  size: number;
  ring: boolean;
  cells: string;
  toMove: Colour;
  /** Black's discs and white's. */
  discs: [number, number];
  /** Why the position cannot be played, in the rules' words. */
  problem?: string;
}

/** A position being set up (the workers' module only). */
export class PositionDraft {
  constructor(options?: GameOptions);
  free(): void;
  /** Puts `"X"`, `"O"` or `"."` (none) on a square; throws the rules' sentence for a wall or a bonus. */
  put(square: string, what: string): void;
  setSide(side: Colour): void;
  clear(): void;
  /** Replaces the draft by a diagram or an OBF string; throws where it is damaged. */
  read(text: string): void;
  snapshot(): DraftSnapshot;
  mapCode(): string;
  startCode(): string;
  diagram(): string;
  obf(): string | undefined;
}

/** A game in progress, with its history. */
export class Game {
  constructor(options?: GameOptions);
  free(): void;
  snapshot(): Snapshot;
  /** Plays a move in notation (`f5`, or `pass` when a pass is forced). */
  play(move: string): void;
  undo(): boolean;
  redo(): boolean;
  transcript(): string;
  /** The squares played, passes left out (as Othello programs print a game); `loadMoves` reads it back whole. */
  transcriptWithoutPasses(): string;
  loadMoves(text: string): void;
  perft(depth: number): number;
  mapCode(): string;
  /** The set-up start's code (`GameOptions.start`), or `""` for the game's usual start. */
  startCode(): string;
  /** Troll: the discs each side still needs to join its edges; `null` in the games scored by discs. */
  race(): { black: number | null; white: number | null } | null;
  /** Why a move on `square` may not be played now; `undefined` when it is legal. */
  refusal(square: string): { reason: RefusalReason; message: string } | undefined;
  /** Why outer cell (x, y) of the board drawn with its ring plays nothing, when it is a ring cell; `undefined` for a square. */
  ringRefusal(x: number, y: number): { reason: "ring"; message: string } | undefined;
  /** What `linked` is to this game: the same, ahead of it (it continues it), behind it, forked from it, or another game, map or start. */
  lineage(linked: Game): Lineage;
  /** Ends the game under way: `loser` resigned or ran out of time; the snapshot then scores it. */
  forfeit(cause: Forfeit["cause"], loser: Colour): void;
}

/** How a game relates to another of the same start (`Game.lineage`), with its counts of moves. */
export type Lineage =
  | { relation: "same"; moves: number }
  | { relation: "ahead"; from: number; to: number }
  | { relation: "behind"; to: number; from: number }
  | { relation: "forked"; shared: number }
  | { relation: "unrelated" };

/** Why the rules refuse a square (`Game.refusal`). */
export type RefusalReason = "gameOver" | "mustPass" | "taken" | "wall" | "notCentre" | "opponentEdge" | "noFlip";

/** Numbers of pieces: placed, or the limits in force. */
export interface Counts {
  walls: number;
  bonuses: number;
  jokers: number;
}

/** A piece of a map; `empty` (or `erase`) takes one away. */
export type Piece = "wall" | "bonus" | "joker" | "empty";

/** A map being edited, with the limits agreed for it. */
export class MapDraft {
  constructor(size: number);
  free(): void;
  static fromCode(code: string): MapDraft;
  static random(size: number, walls: number, bonuses: number, jokers: number, seed: Seed): MapDraft;
  code(): string;
  size(): number;
  /** `(size + 2)^2` characters over the outer grid: `.`, `#`, `+`, `*`. */
  cells(): string;
  get(x: number, y: number): Piece;
  set(x: number, y: number, piece: Piece | "erase"): void;
  /** Why `piece` may not go at `(x, y)`, or `undefined` when it may. */
  refusal(x: number, y: number, piece: Piece | "erase"): string | undefined;
  clear(): void;
  counts(): Counts;
  limits(): Counts;
  setLimits(walls: number, bonuses: number, jokers: number): void;
}

/** Everything the board of a `BlocsGame` shows. */
export interface BlocsSnapshot {
  /** 16 characters in reading order from a1: `.`, `X`, `O`. */
  cells: string;
  status: "toMove" | "gameOver";
  toMove: Colour;
  phase: "placement" | "flipping";
  winner?: Colour;
  /** `[X, O]`: 1 for the winner once the game is over, else 0. */
  score: [number, number];
  legal: string[];
  lastMove?: string;
  ply: number;
  canUndo: boolean;
  canRedo: boolean;
}

/** A game of Blocs. */
export class BlocsGame {
  constructor(options?: { position?: string; moves?: string });
  free(): void;
  snapshot(): BlocsSnapshot;
  play(move: string): void;
  refusal(move: string): string | undefined;
  undo(): boolean;
  redo(): boolean;
  transcript(): string;
  startDiagram(): string;
  diagram(): string;
  loadMoves(text: string): void;
  wins(): boolean;
  hints(): string[];
  aiMove(level: number, seed: Seed): string | undefined;
  perft(depth: number): number;
  /** What `linked` is to this game: the rule of `Game.lineage`, for Blocs's moves. */
  lineage(linked: BlocsGame): Lineage;
}

/** A game the product offers (src/games.rs), as the catalogue lists it. */
export interface GameFacts {
  id: string;
  name: string;
  /** The board sides it is played on. */
  sizes: number[];
  defaultSize: number;
  /** Whether it is played on a map of walls, bonuses and jokers. */
  maps: boolean;
  /** `board` for the Reversi family's `Game`, `blocs` for `BlocsGame`. */
  engine: "board" | "blocs";
  /** What its review counts; absent for a game the review does not cover. */
  reviewUnit?: "points" | "chain";
}

/** The rule facts the page words and checks but does not decide (src/wasm/catalogue.rs). */
export interface Catalogue {
  games: GameFacts[];
  bonusPoints: number;
  levels: { max: number; timed: { level: number; timeMs: number }[] };
  blocsLevels: { max: number };
  review: {
    defaultLevel: number;
    levels: { level: number; depth: number; exact: number }[];
    classes: string[];
  };
  trollChainCap: number;
  /** The squares of Troll's board each side must join, by name. */
  trollEdges: { black: string[]; white: string[] };
  /** More moves than any game has, passes included: a link keeps no more. */
  maxMoves: number;
  /** The most points a side can score, and so the widest margin. */
  maxPoints: number;
  /** The longest move `Game.play` reads. */
  maxMoveChars: number;
  maxTextChars: number;
  maxCodeChars: number;
}

/** The catalogue of rule facts, one call. */
export function catalogue(): Catalogue;

/**
 * The moves of a share link's `g=` part, lower case as the link spells
 * them, up to the first thing that is not a move and at most
 * `Catalogue.maxMoves`; `problem` says in a sentence what was left out.
 */
export function linkMoves(text: string): { moves: string[]; problem?: string };

/** A ready-made map (src/presets.rs). */
export interface Preset {
  id: string;
  name: string;
  description: string;
  size: number;
  code: string;
}

/** The ready-made maps, each size's default first. */
export function presets(): Preset[];

/** A fresh random seed from the platform's generator. */
export function randomSeed(): bigint;

/** Search options; a time or node budget takes the level's place. */
export interface SearchOptions {
  level?: number;
  timed?: boolean;
  timeMs?: number;
  nodes?: number;
  /** This move's share of a game clock, in ms: caps the time of whatever budget is chosen. */
  clockMs?: number;
  seed?: Seed;
  /** This search's share of the root moves when `searchParts` splits a move between workers. */
  part?: { index: number; count: number };
  /** Workers its solves share (`solveThreads`), in the threaded module; 1 to 8. */
  threads?: number;
}

/** A game of a GGF record (`ggfRead`): what `Game` takes to replay it, with what the record says. */
export interface GgfGame {
  /** Its record's number in the text, from 1. */
  record: number;
  variant: Variant;
  map: string;
  start?: string;
  moves: string;
  black?: string;
  white?: string;
  /** ISO 8601, UTC, or the day alone (`2003-12-15`) when the record gives no time. */
  date?: string;
  forfeit?: Forfeit;
  /** What else the record says, as given. */
  details?: GgfDetails;
  /** The record's result when its moves leave the game unfinished and it is no forfeit the rules play. */
  said?: GgfSaid;
}

/** What a GGF record says besides its game and players, each value as given (at most 80 characters). */
export interface GgfDetails {
  /** Where it was played (`PC`). */
  place?: string;
  /** The time control (`TI`), `15:00//02:00`. */
  time?: string;
  blackRating?: string;
  whiteRating?: string;
  /** The game type (`TY`) when it says more than the board's side (`8r`). */
  type?: string;
  /** The result (`RE`) as given, when the moves do not end the game. */
  result?: string;
}

/** A result a GGF record gives: the winner (none for a draw) and the margin as given (`12`, `0.5`). */
export interface GgfSaid {
  winner?: Colour;
  margin: string;
}

/** What `ggfRead` returns: the games read, and each record refused with why. */
export interface GgfRecords {
  games: GgfGame[];
  refused: { record: number; message: string }[];
}

/** The GGF record of an Othello game (the workers' module only); `undefined` for a game GGF cannot say. */
export function ggfWrite(game: GameOptions, record?: { black?: string; white?: string; date?: string; forfeit?: Forfeit; details?: GgfDetails }): string | undefined;

/** The games of a GGF text, each replayed by the rules (the workers' module only); throws when the text holds no record or is too long. */
export function ggfRead(text: string): GgfRecords;

/** What `bestMove` returns and its progress callback receives. */
export interface Analysis {
  move: string;
  /** The expected final margin for the side to move, in points. */
  score: number;
  depth: number;
  nodes: number;
  /** The line the search expects. */
  pv: string[];
  exact: boolean;
  /** The move is the opening book's: no search was made (depth and nodes 0). */
  book: boolean;
  /** The search's time budget, if it has one. */
  timeMs?: number;
}

export function bestMove(
  game: Game,
  options?: SearchOptions,
  onProgress?: (progress: Analysis) => void,
): Analysis;

/** Into how many searches (each in a worker, with `part`) a move with these options splits when `cores` can search at once; 1: it does not. */
export function searchParts(game: Game, options: SearchOptions | undefined, cores: number): number;

/** How many workers sharing one memory a move's solves should have when `cores` can search at once; 1: it does not solve, or is not an expert move. */
export function solveThreads(game: Game, options: SearchOptions | undefined, cores: number): number;

/** Whether this module shares a solve between workers on one memory (its threaded build does). */
export function solveShares(): boolean;

/** One answer from the reports of a split move's parts (each part's `bestMove` reports, in order); `undefined` while a part has none. */
export function combineMoves(game: Game, parts: Analysis[][]): Analysis | undefined;

/** Makes an opening book file's bytes the levels' Othello book; its positions. */
export function installBook(bytes: Uint8Array): number;

/** Makes a pattern tables file's bytes (net/o8.bin) the open 8 x 8 board's tables; the weights they set. */
export function installPatterns(bytes: Uint8Array): number;

/** Whether the game's strongest play would add pattern tables the module does not have yet. */
export function wantsPatterns(game: Game): boolean;

/** The value of every legal move, best first. */
export function hints(game: Game, options?: SearchOptions): { move: string; score: number }[];

/** The expected final margin for black at the start of a share code's map. */
export function mapBalance(code: string): number;

/** As `mapBalance`, from a game's current position. */
export function gameBalance(game: Game): number;

/** A random map whose balance is within 2 points (or the most even tried). */
export function balancedRandomMap(
  seed: Seed,
  counts?: Partial<Counts> & { size?: 6 | 8 | 10 },
): { code: string; balance: number };

/** One move of a game against the best move of its position (src/ai/review.rs). */
export interface MoveReview {
  index: number;
  /** `points`, or `chain` steps in Troll. */
  unit: "points" | "chain";
  mover: Colour;
  played: string;
  playedValue: number;
  best: string;
  bestValue: number;
  playedForBlack: number;
  bestForBlack: number;
  playedResult: "won" | "lost" | null;
  bestResult: "won" | "lost" | null;
  loss: number;
  class: "inaccuracy" | "mistake" | "blunder" | null;
  exact: boolean;
  depth: number;
}

export function reviewMove(game: Game, index: number, options?: { level?: number }): MoveReview;

/** Solves an OBF position exactly; with `part`, that share of its moves only (the parts' best score is the position's). */
export function solve(
  position: string,
  options?: { maxEmpties?: number; part?: { index: number; count: number }; threads?: number },
): { best: string; score: number; nodes: number };

/**
 * Starts the module; trunk's page calls it once before anything else. The
 * threaded workers' module (mt/mapello_ai.js) takes the `memory` of the
 * instance whose helper this one is.
 */
export default function init(
  moduleOrPath?: { module_or_path?: RequestInfo | URL | Response | BufferSource | WebAssembly.Module; memory?: WebAssembly.Memory },
): Promise<unknown>;
