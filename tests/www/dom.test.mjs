// dom.js's lookups give an element of the kind asked for, or say which
// element the page lacks. Node has no DOM: a few stand-in classes and a
// document that knows them by id take its place.
import assert from "node:assert/strict";
import test from "node:test";

class Element {}
class HTMLElement extends Element {}
class HTMLInputElement extends HTMLElement {}
class HTMLSelectElement extends HTMLElement {}
Object.assign(globalThis, { HTMLElement, HTMLInputElement, HTMLSelectElement });

const input = new HTMLInputElement();
const plain = new HTMLElement();
// An element of no HTML kind (an SVG one, say).
const foreign = new Element();
const byIdOf = { input, plain, foreign };
globalThis.document = { getElementById: (id) => byIdOf[id] ?? null };
const root = { querySelector: (selector) => byIdOf[selector.slice(1)] ?? null };

const { byId, inside } = await import("../../www/js/dom.js");

test("an element is found by id, of the kind asked for or any HTML element", () => {
  assert.equal(byId("input", HTMLInputElement), input);
  assert.equal(byId("input"), input);
  assert.equal(byId("plain"), plain);
  assert.equal(inside(root, ".input", HTMLInputElement), input);
});

test("a missing element, or one of another kind, is named", () => {
  assert.throws(() => byId("none"), { message: "the page has no HTML element #none" });
  assert.throws(() => byId("plain", HTMLSelectElement), { message: "the page has no HTMLSelectElement #plain" });
  assert.throws(() => byId("foreign"), { message: "the page has no HTML element #foreign" });
  assert.throws(() => inside(root, ".none", HTMLInputElement), { message: "the page has no HTMLInputElement .none" });
});
