import assert from "node:assert/strict";
import { test } from "node:test";
import { linkFor, readFragment } from "../../www/js/share.js";

const CODE = "18AQAAAAAAAAAAAAAAAQAAAAA";

test("a fragment without a share link reads as nothing", () => {
  for (const hash of ["", "#", undefined, "#editor", "#x=1"]) assert.deepEqual(readFragment(hash), {});
});

test("a map, and a map with moves, read back", () => {
  assert.deepEqual(readFragment(`#m=${CODE}`), { map: CODE });
  assert.deepEqual(readFragment(`m=${CODE}&g=f5d6c3`), { map: CODE, moves: "f5d6c3" });
  assert.deepEqual(readFragment(`#m=${CODE}&g=`), { map: CODE });
});

test("moves are read as any transcript reader would, then compacted", () => {
  assert.deepEqual(readFragment(`#m=${CODE}&g=F5%20D6,c3pa`), { map: CODE, moves: "f5d6c3pa" });
  assert.deepEqual(readFragment(`#m=110AAA&g=a10+j10+pass`), { map: "110AAA", moves: "a10j10pass" });
});

test("damaged fragments give a sentence, never a throw", () => {
  const cases = [
    ["#m=", /map code/],
    ["#m=<img src=x onerror=alert(1)>", /map code/],
    ["#m=18AQ%3Cb%3E", /map code/],
    [`#m=1${"A".repeat(80)}`, /map code/],
    ["#m=%E0%A4%A", /map code/],
    [`#m=${CODE}&g=<script>`, /moves/],
    [`#m=${CODE}&g=f5z9`, /moves/],
    [`#m=${CODE}&g=f5f0`, /moves/],
    [`#m=${CODE}&g=${"f5".repeat(300)}`, /moves/],
    ["#g=f5", /no map/],
  ];
  for (const [hash, message] of cases) {
    const read = readFragment(hash);
    assert.deepEqual(Object.keys(read), ["error"], hash);
    assert.match(read.error, message, hash);
    assert.ok(!read.error.includes("<"), "the error never echoes the fragment");
  }
});

test("a link replaces the fragment and keeps the page's address", () => {
  assert.equal(linkFor("https://example.org/games/mapello/#old", { map: CODE }), `https://example.org/games/mapello/#m=${CODE}`);
  assert.equal(
    linkFor("http://127.0.0.1:8080/?x=1", { map: CODE, moves: "f5 d6 C3" }),
    `http://127.0.0.1:8080/?x=1#m=${CODE}&g=f5d6c3`,
  );
  assert.equal(linkFor("http://h/", { map: CODE, moves: "" }), `http://h/#m=${CODE}`);
});

test("a link reads back as what it was made from", () => {
  for (const value of [{ map: CODE }, { map: CODE, moves: "f5d6c3d3c4pa" }, { map: "110AAAA", moves: "a10b2" }]) {
    const href = linkFor("http://h/p/", value);
    assert.deepEqual(readFragment(new URL(href).hash), value);
  }
});

test("a link refuses what is not a share code or a transcript", () => {
  assert.throws(() => linkFor("http://h/", {}), /share code/);
  assert.throws(() => linkFor("http://h/", { map: "<b>" }), /share code/);
  assert.throws(() => linkFor("http://h/", { map: CODE, moves: "f5<b>" }), /transcript/);
});
