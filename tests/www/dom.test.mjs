// dom.js's look-ups: an element of the kind asked is found; a missing one,
// or one of another kind, stops where it is looked up, naming it. Node has
// no DOM: a few classes and a document stand in for the page.
import assert from "node:assert/strict";
import test from "node:test";
import { byId, query } from "../../www/js/dom.js";

class Element {}
class HTMLElement extends Element {}
class HTMLSelectElement extends HTMLElement {}
class SVGSVGElement extends Element {}
globalThis.HTMLElement = HTMLElement;

const select = new HTMLSelectElement();
const svg = new SVGSVGElement();
const page = new Map([
  ["level", select],
  ["graph", svg],
]);
globalThis.document = { getElementById: (id) => page.get(id) ?? null };
const root = { querySelector: (selector) => (selector === ".level" ? select : null) };

test("an element by id is found as the kind asked, an HTMLElement unless told", () => {
  assert.equal(byId("level", HTMLSelectElement), select);
  assert.equal(byId("level"), select);
  assert.equal(byId("graph", SVGSVGElement), svg);
});

test("a missing element, or one of another kind, is named where it is looked up", () => {
  assert.throws(() => byId("moves"), /the page has no HTMLElement with id 'moves'/);
  assert.throws(() => byId("graph"), /the page has no HTMLElement with id 'graph'/);
  assert.throws(() => byId("level", SVGSVGElement), /the page has no SVGSVGElement with id 'level'/);
});

test("an element by selector is found in its root as the kind asked, or named", () => {
  assert.equal(query(root, ".level", HTMLSelectElement), select);
  assert.throws(() => query(root, ".level", SVGSVGElement), /no SVGSVGElement matches '.level'/);
  assert.throws(() => query(root, ".size", HTMLSelectElement), /no HTMLSelectElement matches '.size'/);
});
