// @ts-check
// The page's elements by id, of the kind the markup (index.html) gives
// them: a missing or different element stops loudly where it is looked up,
// not at some later use of a null.

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
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`the page has no ${type.name} with id '${id}'`);
  return element;
}

/**
 * The first element in `root` that matches `selector`, which must be a `type`.
 * @template {Element} T
 * @param {ParentNode} root
 * @param {string} selector
 * @param {{ new (): T, name: string }} type
 * @returns {T}
 */
export function query(root, selector, type) {
  const element = root.querySelector(selector);
  if (!(element instanceof type)) throw new Error(`no ${type.name} matches '${selector}'`);
  return element;
}
