// Tests of the extension's static parts: every file package.json points at exists and parses,
// the language configuration's regular expressions compile, the snippets the issue asks for
// (def, entry, loop, match, the `-- ==` test block) are there with a final tab stop.
import { test } from "node:test";
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.resolve(__dirname, "../..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), "utf8"));

test("the contributed files exist and parse", () => {
  const files = [
    ...manifest.contributes.languages.map((l: { configuration: string }) => l.configuration),
    ...manifest.contributes.grammars.map((g: { path: string }) => g.path),
    ...manifest.contributes.snippets.map((s: { path: string }) => s.path),
  ];
  assert.equal(files.length, 3);
  for (const file of files) assert.doesNotThrow(() => read(file), file);
  assert.deepEqual(manifest.contributes.languages[0].extensions, [".fut"]);
});

test("the commands of the issue are contributed", () => {
  const commands = manifest.contributes.commands.map((c: { command: string }) => c.command);
  assert.ok(commands.includes("runic.showIr"));
  assert.ok(commands.includes("runic.restartServer"));
  const settings = Object.keys(manifest.contributes.configuration.properties);
  for (const key of ["runic.server.path", "runic.backend", "runic.device", "runic.trace.server"]) {
    assert.ok(settings.includes(key), key);
  }
});

test("the language configuration's patterns compile and indent after `=`", () => {
  const config = read("language-configuration.json");
  assert.deepEqual(config.comments, { lineComment: "--" });
  const increase = new RegExp(config.indentationRules.increaseIndentPattern);
  const decrease = new RegExp(config.indentationRules.decreaseIndentPattern);
  assert.ok(increase.test("def f (x: i32) ="));
  assert.ok(increase.test("  loop acc = 0 for i < n do"));
  assert.ok(!increase.test("def x = 1"));
  assert.ok(decrease.test("  in x"));
  assert.ok(decrease.test("  else y"));
  new RegExp(config.wordPattern);
  for (const rule of config.onEnterRules) new RegExp(rule.beforeText);
});

test("the snippets cover def, entry, loop, match and test blocks", () => {
  const snippets = read("snippets/futhark.json") as Record<string, { prefix: string; body: string[] }>;
  const prefixes = Object.values(snippets).map((s) => s.prefix);
  for (const prefix of ["def", "entry", "loop", "match", "-- =="]) {
    assert.ok(prefixes.includes(prefix), prefix);
  }
  for (const [name, snippet] of Object.entries(snippets)) {
    assert.ok(snippet.body.join("\n").includes("$0") || snippet.body.join("\n").includes("${0"), `${name} has a final tab stop`);
  }
});
