// Tests of the TextMate grammar (syntaxes/futhark.tmLanguage.json) with the tokenizer VS Code
// uses (vscode-textmate on the Oniguruma regex engine): each construct of the language gets the
// scope a theme colours it by, and look-alikes (`index`, `define`) do not.
import { test, before } from "node:test";
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as oniguruma from "vscode-oniguruma";
import * as textmate from "vscode-textmate";

const root = path.resolve(__dirname, "../..");
let grammar: textmate.IGrammar;

before(async () => {
  const wasm = fs.readFileSync(path.join(root, "node_modules/vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources: string[]) => new oniguruma.OnigScanner(sources),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scope) => {
      if (scope !== "source.futhark") return null;
      const file = path.join(root, "syntaxes/futhark.tmLanguage.json");
      return textmate.parseRawGrammar(fs.readFileSync(file, "utf8"), file);
    },
  });
  const loaded = await registry.loadGrammar("source.futhark");
  assert.ok(loaded, "the grammar loads");
  grammar = loaded;
});

/** The tokens of `source`, line by line, as [text, innermost-to-outermost scopes]. */
function tokenize(source: string): { text: string; scopes: string[] }[][] {
  let state = textmate.INITIAL;
  return source.split("\n").map((line) => {
    const result = grammar.tokenizeLine(line, state);
    state = result.ruleStack;
    return result.tokens.map((token) => ({
      text: line.slice(token.startIndex, token.endIndex),
      scopes: token.scopes.slice().reverse(),
    }));
  });
}

/** The scopes of the token whose text is `text` on line `line` (0-based) of `source`. */
function scopesOf(source: string, text: string, line = 0): string {
  const token = tokenize(source)[line].find((t) => t.text === text);
  assert.ok(token, `no token ${JSON.stringify(text)} in ${JSON.stringify(source.split("\n")[line])}: ${JSON.stringify(tokenize(source)[line].map((t) => t.text))}`);
  return token.scopes.join(" ");
}

function expectScope(source: string, text: string, scope: string, line = 0): void {
  const scopes = scopesOf(source, text, line);
  assert.ok(scopes.includes(scope), `${JSON.stringify(text)} in ${JSON.stringify(source)}: ${scopes} lacks ${scope}`);
}

test("declarations: keyword and name", () => {
  expectScope("def square (x: i32) : i32 = x * x", "def", "keyword.other.declaration");
  expectScope("def square (x: i32) : i32 = x * x", "square", "entity.name.function");
  expectScope("entry main (xs: []f32) = xs", "main", "entity.name.function");
  expectScope("let (+++) a b = a + b", "+++", "entity.name.function.operator");
  expectScope("type^ state = i32 -> i32", "state", "entity.name.type");
  expectScope("type~ arr = []i32", "~", "keyword.operator.liftedness");
  expectScope("module type mt = { val x: i32 }", "mt", "entity.name.type.module");
  expectScope("module m = { def x = 1 }", "m", "entity.name.namespace");
  expectScope("val size: i64", "size", "entity.name.function");
});

test("keywords", () => {
  const line = "if c then loop acc = 0 for i < n do acc else match x case _ -> 0";
  for (const keyword of ["if", "then", "loop", "for", "do", "else", "match", "case"]) {
    expectScope(line, keyword, "keyword.control");
  }
  expectScope("loop x while x < 10 do x + 1", "while", "keyword.control");
  expectScope("let ys = xs with [0] = 1 in ys", "with", "keyword.control");
  expectScope("let ys = xs with [0] = 1 in ys", "in", "keyword.control");
  expectScope('import "lib/github.com/x/y"', "import", "keyword.other");
  expectScope("open i32", "open", "keyword.other");
  expectScope("local def hidden = 1", "local", "keyword.other");
  expectScope("include mt", "include", "keyword.other");
});

test("names that start like keywords are names", () => {
  expectScope("index + define", "index", "variable.other");
  expectScope("index + define", "define", "variable.other");
  expectScope("f iffy", "iffy", "variable.other");
});

test("integer literals with every base and suffix", () => {
  for (const [literal, scope] of [
    ["42", "constant.numeric.integer.decimal"],
    ["1_000_000", "constant.numeric.integer.decimal"],
    ["0xFF", "constant.numeric.integer.hexadecimal"],
    ["0b1010_1010", "constant.numeric.integer.binary"],
  ]) {
    expectScope(`x + ${literal}`, literal, scope);
  }
  for (const suffix of ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"]) {
    const tokens = tokenize(`7${suffix} + 0x1f${suffix} + 0b1${suffix}`)[0];
    const suffixes = tokens.filter((t) => t.text === suffix);
    assert.equal(suffixes.length, 3, `${suffix}: ${JSON.stringify(tokens.map((t) => t.text))}`);
    for (const t of suffixes) assert.ok(t.scopes.join(" ").includes("storage.type.numeric"), t.scopes.join(" "));
  }
});

test("float literals: decimal, exponent, hexadecimal, suffixes, inf and nan", () => {
  for (const literal of ["3.14", "1e10", "2.5e-3", "1_0.5_0"]) {
    expectScope(`x + ${literal}`, literal, "constant.numeric.float.decimal");
  }
  const tokens = tokenize("1.5f16 + 2e3f32 + 0.5f64 + 3f32")[0];
  for (const suffix of ["f16", "f32", "f64"]) {
    const t = tokens.find((token) => token.text === suffix);
    assert.ok(t && t.scopes.join(" ").includes("storage.type.numeric"), suffix);
  }
  expectScope("0x1.8p3", "0x1.8p3", "constant.numeric.float.hexadecimal");
  expectScope("f32.inf", "inf", "constant.numeric.float.special");
  expectScope("f64.nan", "nan", "constant.numeric.float.special");
});

test("booleans, characters and strings with escapes", () => {
  expectScope("true && false", "true", "constant.language.boolean");
  expectScope("true && false", "false", "constant.language.boolean");
  expectScope("'a'", "'a'", "string.quoted.single.char");
  expectScope("'\\n'", "'\\n'", "string.quoted.single.char");
  expectScope('"a\\"b\\x41"', '\\"', "constant.character.escape");
  expectScope('"a\\"b\\x41"', "\\x41", "constant.character.escape");
  expectScope('"a\\"b"', "a", "string.quoted.double");
});

test("comments, doc comments and test blocks", () => {
  expectScope("-- plain", " plain", "comment.line.double-dash");
  expectScope("x -- after code", " after code", "comment.line.double-dash");
  expectScope("-- | The docs of `f`.", "|", "comment.line.documentation");
  expectScope("-- | The docs of `f`.", "`f`", "markup.inline.raw");
  const block = "-- ==\n-- entry: main\n-- input { [1, 2] 3i64 }\n-- output { 6 }\n-- error: bounds\ndef x = 1";
  expectScope(block, "==", "keyword.other.test-block", 0);
  expectScope(block, "entry:", "keyword.other.test-block", 1);
  expectScope(block, "input", "keyword.other.test-block", 2);
  expectScope(block, "3", "constant.numeric.integer.decimal", 2);
  expectScope(block, "output", "keyword.other.test-block", 3);
  expectScope(block, "error:", "keyword.other.test-block", 4);
  expectScope(block, "def", "keyword.other.declaration", 5);
  const random = "-- ==\n-- random input { [100]i32 }\n";
  expectScope(random, "random input", "keyword.other.test-block", 1);
});

test("attributes, constructors, types and modules", () => {
  expectScope("#[inline] def f x = x", "inline", "entity.other.attribute-name");
  expectScope("#[inline] def f x = x", "#[", "punctuation.definition.attribute");
  expectScope("#[unroll] loop x = 0 for i < 4 do x", "unroll", "entity.other.attribute-name");
  expectScope("#[trace(a)] x", "a", "entity.other.attribute-name");
  expectScope("#some 3", "#some", "entity.name.tag.constructor");
  expectScope("(x: bool) (y: u8)", "bool", "support.type.primitive");
  expectScope("'a 'b", "'a", "variable.other.type-parameter");
  expectScope("'^f", "'^f", "variable.other.type-parameter");
  expectScope("'~t", "'~t", "variable.other.type-parameter");
  expectScope("i32.sum xs", "i32", "entity.name.namespace");
  expectScope("M.x", "M", "entity.name.namespace");
});

test("operators", () => {
  for (const op of ["|>", "<|"]) expectScope(`xs ${op} f`, op, "keyword.operator.pipe");
  for (const op of ["->", ":>", "..<", "..>", "...", "=="]) expectScope(`a ${op} b`, op, "keyword.operator");
  expectScope("\\x -> x", "\\", "keyword.operator.lambda");
  expectScope("a `max` b", "`max`", "keyword.operator");
  expectScope("?[n].[n]i32", "?", "keyword.operator.existential");
});
