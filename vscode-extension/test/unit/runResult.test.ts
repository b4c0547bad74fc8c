// Unit tests of reading `runic.run` arguments and answers into output lines and inline text.
import { test } from "node:test";
import * as assert from "node:assert/strict";
import { entryAtOrAbove, formatRun, runArguments } from "../../src/runResult";

test("run arguments are the {uri, entry, dataset} object", () => {
  assert.deepEqual(runArguments([{ uri: "file:///a.fut", entry: "main", dataset: 0 }]), {
    uri: "file:///a.fut",
    entry: "main",
    dataset: 0,
  });
  assert.equal(runArguments([]), undefined);
  assert.equal(runArguments([{ uri: "file:///a.fut" }]), undefined);
  assert.equal(runArguments(["main"]), undefined);
});

test("results and timings are shown, the first timing inline", () => {
  const run = formatRun("main", "#0", { results: ["30i32", "[1, 2]"], timings: { compile: 120, run: 3 } });
  assert.deepEqual(run.lines, ["▶ main (#0)", "30i32", "[1, 2]", "timings: compile: 120 ms, run: 3 ms"]);
  assert.equal(run.summary, "30i32 [1, 2] (compile: 120 ms)");
  assert.equal(run.failed, false);
});

test("an error answer is a failure", () => {
  const run = formatRun("main", undefined, { error: "index out of bounds at a.fut:3:5" });
  assert.equal(run.failed, true);
  assert.equal(run.summary, "error: index out of bounds at a.fut:3:5");
  assert.deepEqual(run.lines, ["▶ main", "error: index out of bounds at a.fut:3:5"]);
});

test("unknown fields are kept, long results shortened inline", () => {
  const long = "[" + Array.from({ length: 100 }, (_, i) => i).join(", ") + "]";
  const run = formatRun("f", null, { result: long, backend: "interp" });
  assert.deepEqual(run.lines, ["▶ f", long, "backend: interp"]);
  assert.equal(run.summary.length, 80);
  assert.ok(run.summary.endsWith("…"));
});

test("answers that are not objects are printed as they are", () => {
  assert.deepEqual(formatRun("f", undefined, "42").lines, ["▶ f", "42"]);
  assert.equal(formatRun("f", undefined, null).summary, "(no answer)");
  assert.equal(formatRun("f", undefined, {}).summary, "(no results)");
});

test("the entry point at or above a line", () => {
  const lines = ["def f x = x", "entry main (xs: []i32) =", "  reduce (+) 0 xs", "", "  entry   second' = 1"];
  assert.equal(entryAtOrAbove(lines, 0), undefined);
  assert.equal(entryAtOrAbove(lines, 1), "main");
  assert.equal(entryAtOrAbove(lines, 3), "main");
  assert.equal(entryAtOrAbove(lines, 4), "second'");
  assert.equal(entryAtOrAbove(lines, 99), "second'");
  assert.equal(entryAtOrAbove(["-- entry main is documented here"], 0), undefined);
});
