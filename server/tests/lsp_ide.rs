//! Protocol tests of the IDE requests of `runic lsp` (hover, definition,
//! type definition, references, document highlight), data-driven: each
//! fixture holds one or more files (`//- name.fut` headers) and a cursor
//! `$0`; the answer, with URIs shortened to file names and ranges shown as
//! the text they cover, is an expect-test snapshot.

mod lsp_support;

use expect_test::{expect, Expect};
use lsp_support::*;
use serde_json::{json, Value};

const ROOT: &str = "file:///runic-ide-test/";

/// The fixture's files (name, text) and the cursor (file index, offset).
fn parse_fixture(fixture: &str) -> (Vec<(String, String)>, (usize, usize)) {
    let mut files: Vec<(String, String)> = Vec::new();
    let mut cursor = None;
    for line in fixture.trim_start_matches('\n').lines() {
        if let Some(name) = line.strip_prefix("//- ") {
            files.push((name.trim().to_string(), String::new()));
            continue;
        }
        if files.is_empty() {
            files.push(("main.fut".into(), String::new()));
        }
        let index = files.len() - 1;
        let body = &mut files[index].1;
        if let Some(at) = line.find("$0") {
            cursor = Some((index, body.len() + at));
        }
        body.push_str(&line.replace("$0", ""));
        body.push('\n');
    }
    (files, cursor.expect("a $0 marker"))
}

/// Opens the fixture's files (in order: imported files first) and sends
/// `method` at the cursor; the answer, made readable.
fn ask(fixture: &str, method: &str, extra: Value) -> String {
    let (files, _) = parse_fixture(fixture);
    readable(&ask_raw(fixture, method, extra), &files)
}

/// The server's answer to `method` at the fixture's cursor, as sent.
fn ask_raw(fixture: &str, method: &str, extra: Value) -> Value {
    let (files, (at_file, offset)) = parse_fixture(fixture);
    let mut client = LspClient::spawn();
    client.initialize();
    for (name, text) in &files {
        open(&mut client, &format!("{ROOT}{name}"), text);
    }
    let (name, text) = &files[at_file];
    let mut params = json!({
        "textDocument": { "uri": format!("{ROOT}{name}") },
        "position": position(text, offset),
    });
    if let (Some(params), Some(extra)) = (params.as_object_mut(), extra.as_object()) {
        params.extend(extra.clone());
    }
    let answer = client
        .request(method, params)
        .expect("the request succeeds");
    client.shutdown_and_exit();
    answer
}

/// A JSON answer with each `{uri, range}` or `range` shown as `file[text]`.
fn readable(answer: &Value, files: &[(String, String)]) -> String {
    let shown = show(answer, files, None);
    serde_json::to_string_pretty(&shown).expect("JSON")
}

fn show(value: &Value, files: &[(String, String)], uri: Option<&str>) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().map(|v| show(v, files, uri)).collect()),
        Value::Object(map) => {
            let uri = map.get("uri").and_then(Value::as_str).or(uri);
            let mut out = serde_json::Map::new();
            for (key, v) in map {
                let shown = match key.as_str() {
                    "range" => Value::String(range_text(v, files, uri)),
                    "uri" => Value::String(short_uri(v.as_str().unwrap_or_default())),
                    _ => show(v, files, uri),
                };
                out.insert(key.clone(), shown);
            }
            Value::Object(out)
        }
        other => other.clone(),
    }
}

fn short_uri(uri: &str) -> String {
    match uri.strip_prefix(ROOT) {
        Some(name) => name.to_string(),
        None => format!("prelude:{}", uri.rsplit('/').next().unwrap_or(uri)),
    }
}

/// `line:col-line:col [text]` for a range in a fixture file (the text
/// only for fixture files).
fn range_text(range: &Value, files: &[(String, String)], uri: Option<&str>) -> String {
    let at = |p: &Value| {
        (
            p["line"].as_u64().unwrap_or(0),
            p["character"].as_u64().unwrap_or(0),
        )
    };
    let (start, end) = (at(&range["start"]), at(&range["end"]));
    let name = uri.map(short_uri);
    let text = files
        .iter()
        .find(|(n, _)| Some(n) == name.as_ref() || (uri.is_none() && files.len() == 1))
        .map(|(_, text)| {
            let line = text.lines().nth(start.0 as usize).unwrap_or_default();
            let end = if end.0 == start.0 {
                end.1 as usize
            } else {
                line.len()
            };
            line.get(start.1 as usize..end)
                .unwrap_or_default()
                .to_string()
        });
    let mut out = format!("{}:{}-{}:{}", start.0, start.1, end.0, end.1);
    if let Some(text) = text {
        out.push_str(&format!(" [{text}]"));
    }
    out
}

fn check(fixture: &str, method: &str, expect: Expect) {
    expect.assert_eq(&ask(fixture, method, json!({})));
}

#[test]
fn hover_shows_type_with_sizes_and_doc_comment() {
    check(
        r#"
-- | Doubles every element.
def double [n] (xs: [n]i32): [n]i32 = map (*2) xs
def main (ys: []i32) = dou$0ble ys
"#,
        "textDocument/hover",
        expect![[r#"
            {
              "contents": {
                "kind": "markdown",
                "value": "```futhark\nval double [n]: [n]i32 -> [n]i32\n```\n\n---\n\nDoubles every element."
              },
              "range": "2:23-2:29 [double]"
            }"#]],
    );
}

#[test]
fn hover_on_a_prelude_function_shows_its_documentation() {
    check(
        "def f (xs: []f32) = fil$0ter (> 0) xs\n",
        "textDocument/hover",
        expect![[r#"
            {
              "contents": {
                "kind": "markdown",
                "value": "```futhark\nval filter [n] 'a: (a -> bool) -> [n]a -> *[]a\n```\n\n---\n\nThe elements of `as` that satisfy `p`, in their original order.\n\n**Work:** *O(n ✕ W(p))*  **Span:** *O(log(n) ✕ W(p))*"
              },
              "range": "0:20-0:26 [filter]"
            }"#]],
    );
}

#[test]
fn requests_on_a_stale_position_answer_empty() {
    let fixture = "def f = 1$0\n";
    let (files, _) = parse_fixture(fixture);
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, &format!("{ROOT}main.fut"), &files[0].1);
    let methods = [
        "textDocument/hover",
        "textDocument/definition",
        "textDocument/signatureHelp",
        "textDocument/rename",
        "textDocument/references",
        "textDocument/documentHighlight",
        "textDocument/completion",
    ];
    for position in [
        json!({"line": 40, "character": 3}),
        json!({"line": 0, "character": 99}),
    ] {
        for method in methods {
            let mut params = json!({
                "textDocument": { "uri": format!("{ROOT}main.fut") },
                "position": position,
                "newName": "g",
            });
            if method.ends_with("references") {
                params["context"] = json!({ "includeDeclaration": true });
            }
            let answer = client
                .request(method, params)
                .unwrap_or_else(|e| panic!("{method} failed on a stale position: {e}"));
            let empty = answer.is_null() || answer.as_array().is_some_and(Vec::is_empty);
            assert!(empty, "{method} at {position}: {answer}");
        }
    }
    client.shutdown_and_exit();
}

#[test]
fn definition_across_an_import() {
    check(
        r#"
//- lib.fut
-- | A helper.
def helper (x: i32) = x + 1
//- main.fut
import "lib"
def main = help$0er 2
"#,
        "textDocument/definition",
        expect![[r#"
            {
              "range": "1:4-1:10 [helper]",
              "uri": "lib.fut"
            }"#]],
    );
}

#[test]
fn definition_of_a_local_variable() {
    check(
        "def f (x: i32) =\n  let y = x * 2\n  in y$0 + 1\n",
        "textDocument/definition",
        expect![[r#"
            {
              "range": "1:6-1:7 [y]",
              "uri": "main.fut"
            }"#]],
    );
}

#[test]
fn definition_into_the_prelude_is_a_readable_file() {
    let fixture = "def f (xs: []i32) = sc$0an (+) 0 xs\n";
    let raw = ask_raw(fixture, "textDocument/definition", json!({}));
    let uri = raw["uri"].as_str().expect("a location");
    let path = uri.strip_prefix("file://").expect("a file URI");
    let text = std::fs::read_to_string(path).expect("the prelude copy is readable");
    let line = raw["range"]["start"]["line"].as_u64().expect("a line") as usize;
    assert!(text
        .lines()
        .nth(line)
        .is_some_and(|l| l.starts_with("def scan ")));
    assert!(std::fs::metadata(path)
        .expect("metadata")
        .permissions()
        .readonly());
    let answer = readable(&raw, &parse_fixture(fixture).0);
    expect![[r#"
        {
          "range": "102:4-102:8",
          "uri": "prelude:soacs.fut"
        }"#]]
    .assert_eq(&answer);
}

#[test]
fn type_definition_of_a_value() {
    check(
        r#"
module M : { type t val mk : i32 -> t } = { type t = i32 def mk (x: i32) = x }
def v = M.m$0k 1
"#,
        "textDocument/typeDefinition",
        expect![[r#"
            {
              "range": "0:18-0:19 [t]",
              "uri": "main.fut"
            }"#]],
    );
}

#[test]
fn references_across_files_with_and_without_the_declaration() {
    let fixture = r#"
//- lib.fut
def sq$0 (x: i32) = x * x
//- main.fut
import "lib"
def a = sq 2 + sq 3
"#;
    expect![[r#"
        [
          {
            "range": "0:4-0:6 [sq]",
            "uri": "lib.fut"
          },
          {
            "range": "1:8-1:10 [sq]",
            "uri": "main.fut"
          },
          {
            "range": "1:15-1:17 [sq]",
            "uri": "main.fut"
          }
        ]"#]]
    .assert_eq(&ask(
        fixture,
        "textDocument/references",
        json!({ "context": { "includeDeclaration": true } }),
    ));
    expect![[r#"
        [
          {
            "range": "1:8-1:10 [sq]",
            "uri": "main.fut"
          },
          {
            "range": "1:15-1:17 [sq]",
            "uri": "main.fut"
          }
        ]"#]]
    .assert_eq(&ask(
        fixture,
        "textDocument/references",
        json!({ "context": { "includeDeclaration": false } }),
    ));
}

#[test]
fn document_highlight_of_a_local() {
    check(
        "def f (n$0: i64) = iota n |> map (+n)\ndef g (n: i64) = n\n",
        "textDocument/documentHighlight",
        expect![[r#"
            [
              {
                "kind": 1,
                "range": "0:7-0:8 [n]"
              },
              {
                "kind": 1,
                "range": "0:22-0:23 [n]"
              },
              {
                "kind": 1,
                "range": "0:33-0:34 [n]"
              }
            ]"#]],
    );
}

#[test]
fn rename_across_files() {
    let fixture = r#"
//- lib.fut
def sq (x: i32) = x * x
//- main.fut
import "lib"
def a = s$0q 2 + sq 3
"#;
    expect![[r#"
        {
          "changes": {
            "file:///runic-ide-test/lib.fut": [
              {
                "newText": "square",
                "range": "0:4-0:6"
              }
            ],
            "file:///runic-ide-test/main.fut": [
              {
                "newText": "square",
                "range": "1:8-1:10"
              },
              {
                "newText": "square",
                "range": "1:15-1:17"
              }
            ]
          }
        }"#]]
    .assert_eq(&ask(
        fixture,
        "textDocument/rename",
        json!({ "newName": "square" }),
    ));
}

#[test]
fn rename_to_an_invalid_name_is_refused_with_a_message() {
    let (files, (_, offset)) = parse_fixture("def f (x$0: i32) = x\n");
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, &format!("{ROOT}main.fut"), &files[0].1);
    let error = client
        .request(
            "textDocument/rename",
            json!({
                "textDocument": { "uri": format!("{ROOT}main.fut") },
                "position": position(&files[0].1, offset),
                "newName": "if",
            }),
        )
        .expect_err("the rename is refused");
    expect![[r#""\"if\" is not a valid name here: expected an identifier (a letter or `_`, then letters, digits, `_` or `'`; not a keyword).""#]].assert_eq(&error["message"].to_string());
    client.shutdown_and_exit();
}

#[test]
fn workspace_symbols_of_every_open_file() {
    let fixture = r#"
//- lib.fut
def square_root (x: f64) = f64.sqrt x
//- main.fut
module Shapes = { def square (x: f64) = x * x }
def m$0ain = 1
"#;
    let (files, _) = parse_fixture(fixture);
    let mut client = LspClient::spawn();
    client.initialize();
    for (name, text) in &files {
        open(&mut client, &format!("{ROOT}{name}"), text);
    }
    let answer = client
        .request("workspace/symbol", json!({ "query": "squ" }))
        .expect("workspace symbols");
    client.shutdown_and_exit();
    expect![[r#"
        [
          {
            "kind": 12,
            "location": {
              "range": "0:4-0:15 [square_root]",
              "uri": "lib.fut"
            },
            "name": "square_root"
          },
          {
            "containerName": "Shapes",
            "kind": 12,
            "location": {
              "range": "0:22-0:28 [square]",
              "uri": "main.fut"
            },
            "name": "square"
          }
        ]"#]]
    .assert_eq(&readable(&answer, &files));
}

#[test]
fn inlay_hints_with_tooltips() {
    let fixture = "def f (xs: []i32) =\n  let s = reduce (+) 0 xs\n  in map (\\x -> x + s) xs$0\n";
    let (files, _) = parse_fixture(fixture);
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, &format!("{ROOT}main.fut"), &files[0].1);
    let answer = client
        .request(
            "textDocument/inlayHint",
            json!({
                "textDocument": { "uri": format!("{ROOT}main.fut") },
                "range": range(&files[0].1, 0, files[0].1.len()),
            }),
        )
        .expect("inlay hints");
    client.shutdown_and_exit();
    expect![[r#"
        [
          {
            "kind": 1,
            "label": ": *[]i32",
            "position": {
              "character": 17,
              "line": 0
            },
            "tooltip": {
              "kind": "markdown",
              "value": "The inferred result type of `f`:\n```futhark\n*[]i32\n```"
            }
          },
          {
            "kind": 1,
            "label": ": i32",
            "position": {
              "character": 7,
              "line": 1
            },
            "tooltip": {
              "kind": "markdown",
              "value": "The inferred type of `s`:\n```futhark\ns: i32\n```"
            }
          },
          {
            "kind": 1,
            "label": ": i32",
            "position": {
              "character": 12,
              "line": 2
            },
            "tooltip": {
              "kind": "markdown",
              "value": "The inferred type of `x`:\n```futhark\nx: i32\n```"
            }
          }
        ]"#]]
    .assert_eq(&readable(&answer, &files));
}

#[test]
fn completion_of_record_fields_and_snippets() {
    let answer = ask_raw(
        "def f (p: {re: f64, im: f64}) = p.$0\n",
        "textDocument/completion",
        json!({}),
    );
    expect![[r#"
        [
          {
            "detail": "f64",
            "kind": 5,
            "label": "im"
          },
          {
            "detail": "f64",
            "kind": 5,
            "label": "re"
          }
        ]"#]]
    .assert_eq(&serde_json::to_string_pretty(&answer).expect("JSON"));
    let answer = ask_raw("def f = lo$0\n", "textDocument/completion", json!({}));
    let snippet = answer
        .as_array()
        .expect("a list")
        .iter()
        .find(|item| item["label"] == "loop" && item["kind"] == 15)
        .expect("a loop snippet");
    expect![[r#"
        {
          "detail": "a for loop",
          "insertText": "loop ${1:acc} = ${2:init} for ${3:i} < ${4:n} do\n  ${0:acc}",
          "insertTextFormat": 2,
          "kind": 15,
          "label": "loop"
        }"#]]
    .assert_eq(&serde_json::to_string_pretty(snippet).expect("JSON"));
}

#[test]
fn signature_help_marks_the_active_parameter() {
    check(
        "def clamp (lo: i32) (hi: i32) (x: i32) = i32.max lo (i32.min hi x)\ndef g = clamp 0 $0\n",
        "textDocument/signatureHelp",
        expect![[r#"
            {
              "activeParameter": 1,
              "activeSignature": 0,
              "signatures": [
                {
                  "activeParameter": 1,
                  "label": "clamp (lo: i32) (hi: i32) (x: i32) : i32",
                  "parameters": [
                    {
                      "label": [
                        6,
                        15
                      ]
                    },
                    {
                      "label": [
                        16,
                        25
                      ]
                    },
                    {
                      "label": [
                        26,
                        34
                      ]
                    }
                  ]
                }
              ]
            }"#]],
    );
}

/// No signature where no argument can go: on a new line at column 0 under
/// a declaration (where Helix asks after `o`), or past the last parameter.
#[test]
fn signature_help_only_where_an_argument_can_go() {
    for fixture in [
        "def f (x: i32) : i32 = x\ndef main (xs: []i32) = map f xs\n$0\n",
        "def f (b: bool) : i32 = 1\ndef bad : i32 = f true\n$0\n",
        "def f (x: i32) : i32 = x\ndef main (xs: []i32) = map f xs $0\n",
    ] {
        let answer = ask_raw(fixture, "textDocument/signatureHelp", json!({}));
        assert_eq!(answer, Value::Null, "{fixture}");
    }
    // Before a given argument: the parameter that argument fills.
    let answer = ask_raw(
        "def clamp (lo: i32) (hi: i32) (x: i32) = i32.max lo (i32.min hi x)\ndef g = clamp $0 1 2\n",
        "textDocument/signatureHelp",
        json!({}),
    );
    assert_eq!(answer["activeParameter"], json!(0), "{answer}");
}

#[test]
fn semantic_tokens_mark_consumed_variables_and_size_parameters() {
    let text = "def upd [n] (xs: *[n]i32) : *[n]i32 = xs with [0] = i32.i64 n\n";
    let mut client = LspClient::spawn();
    let init = client.initialize();
    let legend = &init["capabilities"]["semanticTokensProvider"]["legend"];
    let modifiers = legend["tokenModifiers"].as_array().expect("modifiers");
    let consumed_bit = 1u64
        << modifiers
            .iter()
            .position(|m| m == "consumed")
            .expect("consumed");
    let types = legend["tokenTypes"].as_array().expect("types");
    let type_parameter = types
        .iter()
        .position(|t| t == "typeParameter")
        .expect("typeParameter");
    open(&mut client, &format!("{ROOT}main.fut"), text);
    let result = client
        .request(
            "textDocument/semanticTokens/full",
            json!({ "textDocument": { "uri": format!("{ROOT}main.fut") } }),
        )
        .expect("semantic tokens");
    client.shutdown_and_exit();
    let data: Vec<u64> = serde_json::from_value(result["data"].clone()).expect("numbers");
    // One line: the deltas of the start columns add up.
    let mut column = 0;
    let tokens: Vec<(u64, u64, u64)> = data
        .chunks(5)
        .map(|t| {
            column += t[1];
            (column, t[3], t[4])
        })
        .collect();
    let xs_use = text.find("xs with").expect("xs") as u64;
    let n_use = text.rfind(" n").expect("n") as u64 + 1;
    let at = |col: u64| {
        tokens
            .iter()
            .find(|t| t.0 == col)
            .copied()
            .expect("a token")
    };
    assert_eq!(at(xs_use).2 & consumed_bit, consumed_bit, "{tokens:?}");
    assert_eq!(at(n_use).1, type_parameter as u64, "{tokens:?}");
    let param = text.find("xs:").expect("param") as u64;
    assert_eq!(at(param).2 & consumed_bit, 0);
}

#[test]
fn code_action_inserts_copy_for_a_use_after_consume() {
    let fixture = "def f (xs: *[]i32) : i32 =\n  let ys = xs with [0] = 1\n  in x$0s[0] + ys[0]\n";
    let (files, (_, offset)) = parse_fixture(fixture);
    let text = &files[0].1;
    let answer = ask_raw(
        fixture,
        "textDocument/codeAction",
        json!({
            "range": range(text, offset, offset),
            "context": { "diagnostics": [] },
        }),
    );
    expect![[r#"
        [
          {
            "edit": {
              "changes": {
                "file:///runic-ide-test/main.fut": [
                  {
                    "newText": "(copy xs)",
                    "range": {
                      "end": {
                        "character": 13,
                        "line": 1
                      },
                      "start": {
                        "character": 11,
                        "line": 1
                      }
                    }
                  }
                ]
              }
            },
            "kind": "quickfix",
            "title": "Insert `copy` where `xs` is consumed"
          }
        ]"#]]
    .assert_eq(&serde_json::to_string_pretty(&answer).expect("JSON"));
}

#[test]
fn the_prelude_copy_opened_in_the_editor_gets_no_diagnostics() {
    let fixture = "def f (xs: []i32) = sc$0an (+) 0 xs\n";
    let raw = ask_raw(fixture, "textDocument/definition", json!({}));
    let uri = raw["uri"].as_str().expect("a location").to_string();
    let path = uri.strip_prefix("file://").expect("a file URI");
    let text = std::fs::read_to_string(path).expect("readable");
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, &uri, &text);
    let published = client.notification("textDocument/publishDiagnostics", |p| p["uri"] == uri);
    assert_eq!(published["diagnostics"], json!([]));
    client.shutdown_and_exit();
}
