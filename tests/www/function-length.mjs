// Measures the functions of a JavaScript module: every function body (a
// declaration, a method, a function expression or an arrow function with
// a block) and its length in lines, from the line of its opening brace to
// that of its closing one. A scanner, not a parser: it knows strings,
// template literals, comments and regular expression literals well enough
// to find the braces of the page's own modules.

const CONTROL = new Set(["if", "for", "while", "switch", "catch", "with"]);
// After one of these (or at the start) a slash opens a regular expression.
const BEFORE_REGEX = new Set([..."(,=:[!&|?{};+-*%<>~^"]);

/** `[{ name, line, lines }]`: each function of `source`, `line` where its body opens. */
export function functionLengths(source) {
  const found = [];
  const braces = []; // { at, line, fn, name } or "template" for `${`
  const parens = [];
  const openOf = new Map(); // index of ")" -> index of its "("
  let line = 1;
  let last = ""; // the last significant character
  let i = 0;
  const skipTo = (end) => {
    for (; i < source.length && !end(); i += 1) if (source[i] === "\n") line += 1;
  };
  const template = () => {
    // From just after a backtick or a closing `}` of `${`, to the end of the literal or the next `${`.
    for (; i < source.length; i += 1) {
      const c = source[i];
      if (c === "\n") line += 1;
      else if (c === "\\") i += 1;
      else if (c === "`") return;
      else if (c === "$" && source[i + 1] === "{") {
        braces.push("template");
        i += 1;
        return;
      }
    }
  };
  for (; i < source.length; i += 1) {
    const c = source[i];
    if (c === "\n") {
      line += 1;
      continue;
    }
    if (/\s/.test(c)) continue;
    if (c === "/" && source[i + 1] === "/") {
      skipTo(() => source[i] === "\n");
      i -= 1;
      continue;
    }
    if (c === "/" && source[i + 1] === "*") {
      i += 2;
      skipTo(() => source[i] === "*" && source[i + 1] === "/");
      i += 1;
      continue;
    }
    if (c === '"' || c === "'") {
      for (i += 1; i < source.length && source[i] !== c; i += 1) if (source[i] === "\\") i += 1;
      last = c;
      continue;
    }
    if (c === "`") {
      i += 1;
      template();
      last = "`";
      continue;
    }
    if (c === "/" && (last === "" || BEFORE_REGEX.has(last) || /\b(return|typeof)$/.test(source.slice(0, i).trimEnd()))) {
      let inClass = false;
      for (i += 1; i < source.length; i += 1) {
        const r = source[i];
        if (r === "\\") i += 1;
        else if (r === "[") inClass = true;
        else if (r === "]") inClass = false;
        else if (r === "/" && !inClass) break;
      }
      last = "/";
      continue;
    }
    if (c === "(") parens.push(i);
    else if (c === ")") openOf.set(i, parens.pop());
    else if (c === "{") braces.push({ line, ...bodyOf(source, i, openOf) });
    else if (c === "}") {
      const open = braces.pop();
      if (open === "template") {
        i += 1;
        template();
        last = "`";
        continue;
      }
      if (open?.fn) found.push({ name: open.name, line: open.line, lines: line - open.line + 1 });
    }
    last = c;
  }
  return found;
}

// Whether the brace at `at` opens a function body, and the function's name.
function bodyOf(source, at, openOf) {
  const before = source.slice(0, at).trimEnd();
  if (before.endsWith("=>")) return { fn: true, name: nameBefore(source, before.length - 2, openOf) };
  if (!before.endsWith(")")) return { fn: false };
  const open = openOf.get(before.length - 1);
  const head = source.slice(0, open).trimEnd();
  const word = /([A-Za-z_$][\w$]*)$/.exec(head)?.[1] ?? "";
  if (CONTROL.has(word)) return { fn: false };
  return { fn: true, name: word === "function" ? nameBefore(source, open, openOf) : word };
}

// The name an anonymous function takes from `name = ` or `name: ` before it.
function nameBefore(source, end, openOf) {
  let start = end;
  const text = source.slice(0, start).trimEnd();
  if (text.endsWith(")")) start = openOf.get(text.length - 1) ?? start;
  const head = source.slice(0, start).replace(/\b(async|function)\s*$/, "").trimEnd();
  return /([A-Za-z_$][\w$]*)\s*[:=]$/.exec(head)?.[1] ?? "(anonymous)";
}
