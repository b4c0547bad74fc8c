// Unit tests of the runic-ir: URI scheme: what a view's URI carries and how it reads back.
import { test } from "node:test";
import * as assert from "node:assert/strict";
import { decodeIrQuery, encodeIrUri, SCHEME, viewIrParams } from "../../src/irUri";

test("a view's URI round-trips its target", () => {
  const target = {
    source: "file:///work/my%20dir/a.fut",
    stage: "syntax",
    position: { line: 4, character: 2 },
  };
  const parts = encodeIrUri(target);
  assert.equal(parts.scheme, SCHEME);
  assert.equal(parts.path, "/a.fut [syntax: line 5]");
  assert.deepEqual(decodeIrQuery(parts.query), target);
});

test("names with odd characters survive", () => {
  const target = { source: "file:///x/b.fut?v=1&w", stage: "opencl", function: "f&g=h" };
  const parts = encodeIrUri(target);
  assert.equal(parts.path, "/b.fut [opencl: f&g=h]");
  assert.deepEqual(decodeIrQuery(parts.query), target);
});

test("a whole-file view says so in its title", () => {
  assert.equal(encodeIrUri({ source: "untitled:Untitled-1", stage: "typed" }).path, "/untitled:Untitled-1 [typed: file]");
});

test("queries that are not views are refused", () => {
  assert.throws(() => decodeIrQuery("stage=syntax"), /not a Runic IR view/);
  assert.throws(() => decodeIrQuery("source=file:///a.fut&stage=syntax&line=x&character=0"), /bad position/);
});

test("the request names the function when there is one, else the position", () => {
  assert.deepEqual(
    viewIrParams({ source: "file:///a.fut", stage: "syntax", function: "main", position: { line: 1, character: 0 } }),
    { textDocument: { uri: "file:///a.fut" }, stage: "syntax", function: "main" },
  );
  assert.deepEqual(viewIrParams({ source: "file:///a.fut", stage: "syntax", position: { line: 1, character: 3 } }), {
    textDocument: { uri: "file:///a.fut" },
    stage: "syntax",
    position: { line: 1, character: 3 },
  });
});
