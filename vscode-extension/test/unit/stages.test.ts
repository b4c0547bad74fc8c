// Unit tests of the stage picker: stages from the server's capabilities, the picker's items.
import { test } from "node:test";
import * as assert from "node:assert/strict";
import { announcedStages, editorLanguage, stageItems } from "../../src/stages";

test("stages come from capabilities.experimental.runicStages", () => {
  assert.deepEqual(announcedStages({ experimental: { runicStages: ["syntax"] } }), ["syntax"]);
  assert.deepEqual(
    announcedStages({ experimental: { runicStages: ["syntax", "typed", "newstage"] } }),
    ["syntax", "typed", "newstage"],
  );
});

test("missing or malformed stage lists give no stages", () => {
  assert.deepEqual(announcedStages(undefined), []);
  assert.deepEqual(announcedStages({}), []);
  assert.deepEqual(announcedStages({ experimental: null }), []);
  assert.deepEqual(announcedStages({ experimental: { runicStages: "syntax" } }), []);
  assert.deepEqual(announcedStages({ experimental: { runicStages: ["syntax", 3, "", "syntax"] } }), ["syntax"]);
});

test("the picker lists every stage, unknown ones included, the last used first", () => {
  const items = stageItems(["syntax", "typed", "opencl", "future"], "opencl");
  assert.deepEqual(
    items.map((item) => item.label),
    ["opencl", "syntax", "typed", "future"],
  );
  assert.equal(items[0].picked, true);
  assert.equal(items[0].description, "OpenCL C");
  assert.equal(items[3].description, "a stage of the pipeline");
  assert.deepEqual(stageItems(["syntax"], "gone").map((item) => item.picked), [false]);
});

test("languages of the response map to editor languages", () => {
  assert.equal(editorLanguage("plaintext"), "plaintext");
  assert.equal(editorLanguage(undefined), "plaintext");
  assert.equal(editorLanguage("opencl"), "c");
  assert.equal(editorLanguage("C"), "c");
  assert.equal(editorLanguage("futhark"), "futhark");
  assert.equal(editorLanguage("json"), "json");
});

test("the middle end's stages, as runic announces them, get their own descriptions", () => {
  const stages = announcedStages({ experimental: { runicStages: ["syntax", "soacs", "fused"] } });
  const items = stageItems(stages, "fused");
  assert.deepEqual(
    items.map((item) => [item.label, item.description]),
    [
      ["fused", "after fusion"],
      ["syntax", "the syntax tree"],
      ["soacs", "core IR with SOACs"],
    ],
  );
  assert.equal(items[0].picked, true);
});
