// Unit tests of the IR view provider against the stubbed `vscode` module: the request it sends,
// the language it sets from the answer, what it shows on failure, and the debounced refresh.
import { test, beforeEach } from "node:test";
import * as assert from "node:assert/strict";
import { stub, Uri } from "./vscode-stub";
import * as vscode from "vscode";
import { IrViewProvider } from "../../src/irView";
import { encodeIrUri } from "../../src/irUri";

const token = { isCancellationRequested: false } as vscode.CancellationToken;
const source = "file:///w/a.fut";

function viewUri(stage: string, extra: object = {}): vscode.Uri {
  return Uri.from(encodeIrUri({ source, stage, ...extra })) as unknown as vscode.Uri;
}

beforeEach(() => stub.reset());

test("the provider asks runic/viewIr for the view's target and shows the text", async () => {
  const sent: { method: string; params: unknown }[] = [];
  const provider = new IrViewProvider(
    (method, params) => {
      sent.push({ method, params });
      return Promise.resolve({ text: "SOURCE_FILE@0..10\n", language: "plaintext" });
    },
    () => 0,
  );
  const text = await provider.provideTextDocumentContent(viewUri("syntax", { function: "main" }), token);
  assert.equal(text, "SOURCE_FILE@0..10\n");
  assert.deepEqual(sent, [
    { method: "runic/viewIr", params: { textDocument: { uri: source }, stage: "syntax", function: "main" } },
  ]);
  provider.dispose();
});

test("the fused stage asks for the entry point at the cursor and shows the core IR", async () => {
  const sent: unknown[] = [];
  const fused = "entry main (n_0: i64) (xs_1: [n_0]i32): {i32} = {\n  let {red_2: i32} = screma(n_0, {xs_1}, ...)\n  in {red_2}\n}\n-- a.fut:2:3-20: fused into a.fut:2:10-30 (map into reduce)\n";
  const provider = new IrViewProvider(
    (_method, params) => {
      sent.push(params);
      return Promise.resolve({ text: fused, language: "plaintext" });
    },
    () => 0,
  );
  const position = { line: 1, character: 4 };
  const text = await provider.provideTextDocumentContent(viewUri("fused", { position }), token);
  assert.equal(text, fused);
  assert.deepEqual(sent, [{ textDocument: { uri: source }, stage: "fused", position }]);
  provider.dispose();
});

test("an OpenCL answer turns the open view into C", async () => {
  const uri = viewUri("opencl");
  stub.documents.push({ uri: uri as never, languageId: "plaintext" });
  const provider = new IrViewProvider(() => Promise.resolve({ text: "__kernel void k() {}", language: "c" }), () => 0);
  await provider.provideTextDocumentContent(uri, token);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(stub.languageChanges, [{ uri: uri.toString(), language: "c" }]);
  provider.dispose();
});

test("a view opened after the answer gets its language when it opens", async () => {
  const uri = viewUri("opencl");
  const provider = new IrViewProvider(() => Promise.resolve({ text: "x", language: "opencl" }), () => 0);
  await provider.provideTextDocumentContent(uri, token);
  assert.deepEqual(stub.languageChanges, []);
  stub.fireOpen({ uri: uri as never, languageId: "plaintext" });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(stub.languageChanges, [{ uri: uri.toString(), language: "c" }]);
  provider.dispose();
});

test("failures become the view's text instead of an exception", async () => {
  const failing = new IrViewProvider(() => Promise.reject(new Error("unknown stage `mem`")), () => 0);
  assert.match(await failing.provideTextDocumentContent(viewUri("mem"), token), /could not show stage mem: unknown stage `mem`/);
  const stopped = new IrViewProvider(() => undefined, () => 0);
  assert.match(await stopped.provideTextDocumentContent(viewUri("syntax"), token), /not running/);
  const foreign = Uri.parse("runic-ir:/x?stage=syntax") as unknown as vscode.Uri;
  assert.match(await stopped.provideTextDocumentContent(foreign, token), /not a Runic IR view/);
  failing.dispose();
  stopped.dispose();
});

test("edits to a source refresh its open views once, after the debounce delay", async () => {
  const mine = viewUri("syntax");
  const mineToo = viewUri("syntax", { function: "f" });
  const other = Uri.from(encodeIrUri({ source: "file:///w/b.fut", stage: "syntax" }));
  stub.documents.push(
    { uri: mine as never, languageId: "plaintext" },
    { uri: mineToo as never, languageId: "plaintext" },
    { uri: other, languageId: "plaintext" },
  );
  const provider = new IrViewProvider(() => Promise.resolve({ text: "", language: "plaintext" }), () => 40);
  const refreshed: string[] = [];
  provider.onDidChange((uri) => refreshed.push(uri.toString()));
  const edited = { uri: Uri.parse(source), languageId: "futhark" };
  stub.fireChange(edited);
  stub.fireChange(edited);
  stub.fireChange(edited);
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(refreshed, [], "refreshed before the delay");
  await new Promise((resolve) => setTimeout(resolve, 80));
  assert.deepEqual(refreshed.sort(), [mine.toString(), mineToo.toString()].sort());
  provider.dispose();
});

test("edits to a view itself, or to other languages, refresh nothing", async () => {
  const mine = viewUri("syntax");
  stub.documents.push({ uri: mine as never, languageId: "plaintext" });
  const provider = new IrViewProvider(() => Promise.resolve({ text: "", language: "plaintext" }), () => 0);
  const refreshed: string[] = [];
  provider.onDidChange((uri) => refreshed.push(uri.toString()));
  // A view shown as Futhark (a stage whose language is futhark) is still not a source.
  stub.fireChange({ uri: mine as never, languageId: "futhark" });
  // Nor is any other document, such as an output channel.
  stub.fireChange({ uri: Uri.parse(source), languageId: "Log" });
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(refreshed, []);
  provider.dispose();
});
