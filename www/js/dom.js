// @ts-check
// The page's elements, looked up by the kind the markup (index.html) gives
// them, so the code that uses one knows its type: a select's `value`, an
// input's `checked`. A lookup that finds none of that kind throws, naming
// it: the markup and the code disagree, and nothing else would say where.

/**
 * The element with `id`, an instance of `type` (any HTML element when not given).
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {{ new (): T }} [type]
 * @returns {T}
 */
export function byId(id, type) {
  return kindOf(document.getElementById(id), type, `#${id}`);
}

/**
 * The first element inside `root` that matches `selector`, an instance of `type`.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {ParentNode} root
 * @param {string} selector
 * @param {{ new (): T }} [type]
 * @returns {T}
 */
export function inside(root, selector, type) {
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
 * @template {HTMLElement} T
 * @param {Element | null} found
 * @param {{ new (): T } | undefined} type
 * @param {string} name
 * @returns {T}
 */
function kindOf(found, type, name) {
  if (!(found instanceof (type ?? HTMLElement))) throw new Error(`the page has no ${type?.name ?? "HTML element"} ${name}`);
  // `type` when given, else HTMLElement: T's default.
  return /** @type {T} */ (found);
}
