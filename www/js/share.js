// Share links: a map and optionally the game so far in the URL fragment,
// `#m=<share code>&g=<transcript>`. The fragment never reaches the server,
// and only its shape is checked here: whether the code is a legal map and
// the moves legal on it is the wasm module's call (`new Game({map, moves})`).

// A share code: a version digit, then URL-safe base64 (FORMATS.md).
const CODE = /^[0-9][A-Za-z0-9_-]+$/;
const MAX_CODE = 64;
// Moves as the transcript writer spells them, a pass as `pa`; readers also
// accept `pass`, `ps` and `--`, so a hand-edited link may hold them too.
const MOVES = /^(?:[a-j](?:10|[1-9])|pass|pa|ps|--)*$/;
// A 10 x 10 game has at most 96 moves plus passes, 3 characters each.
const MAX_MOVES = 400;

/**
 * Reads a URL fragment (`location.hash`, with or without its `#`):
 * `{}` when it holds no share link, `{ map, moves? }` when it does, and
 * `{ error }` with a sentence for the player when it is damaged.
 * Keys other than `m` and `g` are ignored.
 */
export function readFragment(hash) {
  const params = new URLSearchParams(String(hash ?? "").replace(/^#/, ""));
  const map = params.get("m");
  const moves = params.get("g");
  if (map === null && moves === null) return {};
  if (map === null) return { error: "The link holds moves but no map." };
  if (map.length > MAX_CODE || !CODE.test(map)) {
    return { error: "The map code in the link is damaged: it is not a share code." };
  }
  if (moves === null || moves === "") return { map };
  const compact = compactMoves(moves);
  if (compact.length > MAX_MOVES || !MOVES.test(compact)) {
    return { error: "The moves in the link are damaged: they are not a game transcript." };
  }
  return { map, moves: compact };
}

/**
 * `href` with its fragment replaced by a share link to `map` (a share code)
 * and, when given, the game's `moves` (a transcript).
 */
export function linkFor(href, { map, moves } = {}) {
  if (typeof map !== "string" || map.length > MAX_CODE || !CODE.test(map)) {
    throw new Error(`not a share code: ${JSON.stringify(map)}`);
  }
  const url = new URL(href);
  const compact = compactMoves(moves ?? "");
  if (!MOVES.test(compact)) throw new Error(`not a transcript: ${JSON.stringify(moves)}`);
  url.hash = compact ? `m=${map}&g=${compact}` : `m=${map}`;
  return url.href;
}

// Lower case without separators: transcripts read unambiguously without
// them, even on 10 x 10 (no square name starts with a digit).
function compactMoves(moves) {
  return String(moves).toLowerCase().replace(/[\s,]+/g, "");
}

/** Puts `text` on the clipboard; false when the browser refuses. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
