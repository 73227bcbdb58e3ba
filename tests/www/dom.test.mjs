// dom.js's look-ups give an element of the kind asked for, an HTMLElement
// unless told, or say which element the page lacks, where it is looked up.
// Node has no DOM: a few stand-in classes and a document that knows them by
// id take its place.
import assert from "node:assert/strict";
import test from "node:test";

class Element {}
class HTMLElement extends Element {}
class HTMLInputElement extends HTMLElement {}
class HTMLSelectElement extends HTMLElement {}
class SVGSVGElement extends Element {}
Object.assign(globalThis, { HTMLElement });

const input = new HTMLInputElement();
const plain = new HTMLElement();
const svg = new SVGSVGElement();
const byIdOf = { input, plain, svg };
globalThis.document = { getElementById: (id) => byIdOf[id] ?? null };
const root = { querySelector: (selector) => byIdOf[selector.slice(1)] ?? null };

const { byId, inside } = await import("../../www/js/dom.js");

test("an element is found by id or selector, of the kind asked for or any HTML element", () => {
  assert.equal(byId("input", HTMLInputElement), input);
  assert.equal(byId("input"), input);
  assert.equal(byId("plain"), plain);
  assert.equal(byId("svg", SVGSVGElement), svg);
  assert.equal(inside(root, ".input", HTMLInputElement), input);
  assert.equal(inside(root, ".plain"), plain);
});

test("a missing element, or one of another kind, is named", () => {
  assert.throws(() => byId("none"), { message: "the page has no HTMLElement #none" });
  assert.throws(() => byId("plain", HTMLSelectElement), { message: "the page has no HTMLSelectElement #plain" });
  assert.throws(() => byId("svg"), { message: "the page has no HTMLElement #svg" });
  assert.throws(() => byId("input", SVGSVGElement), { message: "the page has no SVGSVGElement #input" });
  assert.throws(() => inside(root, ".none", HTMLInputElement), { message: "the page has no HTMLInputElement .none" });
  assert.throws(() => inside(root, ".svg"), { message: "the page has no HTMLElement .svg" });
});
