// @ts-check
// The page's elements, looked up by the kind the markup (index.html) gives
// them, so the code that uses one knows its type: a select's `value`, an
// input's `checked`. A look-up that finds none of that kind throws where it
// is made, naming the element: the markup and the code disagree, and
// nothing else would say where.

/**
 * The element with id `id`, which must be a `type` (an HTMLElement unless told).
 * @overload
 * @param {string} id
 * @returns {HTMLElement}
 */
/**
 * @template {Element} T
 * @overload
 * @param {string} id
 * @param {{ new (): T, name: string }} type
 * @returns {T}
 */
/**
 * @param {string} id
 * @param {{ new (): Element, name: string }} [type]
 * @returns {Element}
 */
export function byId(id, type = HTMLElement) {
  return kindOf(document.getElementById(id), type, `#${id}`);
}

/**
 * The first element inside `root` that matches `selector`, which must be a
 * `type` (an HTMLElement unless told).
 * @overload
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {HTMLElement}
 */
/**
 * @template {Element} T
 * @overload
 * @param {ParentNode} root
 * @param {string} selector
 * @param {{ new (): T, name: string }} type
 * @returns {T}
 */
/**
 * @param {ParentNode} root
 * @param {string} selector
 * @param {{ new (): Element, name: string }} [type]
 * @returns {Element}
 */
export function inside(root, selector, type = HTMLElement) {
  return kindOf(root.querySelector(selector), type, selector);
}

/**
 * The elements inside `root` that match `selector`, which names HTML
 * elements only (not the SVG or MathML ones a page may also hold).
 * @param {ParentNode} root
 * @param {string} selector
 */
export function allInside(root, selector) {
  return /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(selector));
}

/**
 * @param {Element | null} found
 * @param {{ new (): Element, name: string }} type
 * @param {string} name
 */
function kindOf(found, type, name) {
  if (!(found instanceof type)) throw new Error(`the page has no ${type.name} ${name}`);
  return found;
}

/**
 * Brings the players' cards and the board into view when the board's top
 * is above the screen: a game put on the board from a control below it
 * (Saved games, on a phone) is seen whole, not from its lower rows.
 */
export function showBoard() {
  if (byId("board").getBoundingClientRect().top < 0) document.querySelector(".players")?.scrollIntoView();
}

/**
 * Says `text` in `note`, a refusal that a phone floats over the top of its
 * section (style.css): where the section's top is scrolled above the
 * screen, the note comes down to the screen's top, so that it is seen.
 * @param {HTMLElement} note
 * @param {string} text
 */
export function sayFloating(note, text) {
  const top = note.parentElement?.getBoundingClientRect().top ?? 0;
  note.style.setProperty("--refusal-top", `${Math.max(0, -top)}px`);
  note.textContent = text;
}

/**
 * Saves `text` as the file `name`: JSON where the name ends in `.json`,
 * plain text otherwise.
 * @param {string} text
 * @param {string} name
 */
export function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: name.endsWith(".json") ? "application/json" : "text/plain" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  // The download has started from the URL by the time a task later.
  setTimeout(() => URL.revokeObjectURL(url));
}

/**
 * A notice's button labelled `label` that saves `text()`, read when it is
 * clicked, as the file `name`.
 * @param {string} label
 * @param {string} name
 * @param {() => string} text
 * @returns {import("./play-ctrl.js").NoticeAction}
 */
export function downloadAction(label, name, text) {
  return { label, run: () => download(text(), name) };
}
