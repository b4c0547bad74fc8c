//! Protocol tests of `runic lsp`: a real server process, spoken to over stdio.
//!
//! The session test walks a client's life: initialize, open a broken file,
//! see its error, fix it with an incremental change, see the error go, ask for
//! symbols, semantic tokens, folds and the syntax view, then shut down and
//! check the exit code. Other tests check that a panicking request only fails
//! itself, and that bad input (unknown documents, stages, positions) gets an
//! answer rather than a crash.

mod lsp_support;

use lsp_support::*;
use serde_json::{json, Value};

const URI: &str = "file:///work/session.fut";

/// Non-ASCII before the error, so UTF-16 columns differ from byte columns.
const BROKEN: &str = "\
-- | λ: adds one (café ☕)
def inc (x: i32) = x +

def twice (xs: []i32) =
  let ys = map inc xs
  in map inc ys

module M = {
  type t = i32
}
";

fn diagnostics_for(client: &mut LspClient, version: i64) -> Value {
    client.notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == URI && p["version"] == version
    })
}

#[test]
fn session_from_broken_file_to_exit() {
    let mut client = LspClient::spawn();
    let init = client.initialize();
    check_capabilities(&init["capabilities"]);

    open(&mut client, URI, BROKEN);
    let first = diagnostics_for(&mut client, 1);
    assert!(!first["diagnostics"].as_array().unwrap().is_empty());
    assert_eq!(published_summary(&first), expected_diagnostics(BROKEN));

    let fixed = fix(&mut client);
    let second = diagnostics_for(&mut client, 2);
    assert_eq!(second["diagnostics"], json!([]));

    check_symbols(&mut client);
    check_semantic_tokens(&mut client, &fixed);
    check_folds(&mut client);
    check_view_ir(&mut client, &fixed);

    let status = client.shutdown_and_exit();
    assert_eq!(status.code(), Some(0));
}

fn check_capabilities(capabilities: &Value) {
    assert_eq!(
        capabilities["experimental"]["runicStages"],
        json!(["syntax", "soacs", "fused", "kernels", "mem", "opencl"])
    );
    assert_eq!(
        capabilities["experimental"]["runicDevice"],
        json!("interpreter")
    );
    assert_eq!(capabilities["textDocumentSync"]["change"], json!(2));
    assert_eq!(capabilities["documentSymbolProvider"], json!(true));
    assert_eq!(capabilities["foldingRangeProvider"], json!(true));
    let legend = &capabilities["semanticTokensProvider"]["legend"];
    assert!(legend["tokenTypes"]
        .as_array()
        .unwrap()
        .contains(&json!("keyword")));
    assert_eq!(capabilities["semanticTokensProvider"]["full"], json!(true));
}

/// Inserts ` 1` after the dangling `+` with an incremental change.
fn fix(client: &mut LspClient) -> String {
    let at = BROKEN.find("x +").unwrap() + "x +".len();
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": URI, "version": 2 },
            "contentChanges": [{ "range": range(BROKEN, at, at), "text": " 1" }],
        }),
    );
    let mut fixed = BROKEN.to_string();
    fixed.insert_str(at, " 1");
    fixed
}

fn check_symbols(client: &mut LspClient) {
    let symbols = client
        .request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": URI } }),
        )
        .unwrap();
    let summary: Vec<Value> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| json!([s["name"], s["kind"], s["selectionRange"]["start"]["line"]]))
        .collect();
    assert_eq!(
        summary,
        [
            json!(["inc", 12, 1]),
            json!(["twice", 12, 3]),
            json!(["M", 2, 7])
        ]
    );
    let module = &symbols[2];
    assert_eq!(module["children"][0]["name"], json!("t"));
}

fn check_semantic_tokens(client: &mut LspClient, text: &str) {
    let result = client
        .request(
            "textDocument/semanticTokens/full",
            json!({ "textDocument": { "uri": URI } }),
        )
        .unwrap();
    let data: Vec<u64> = serde_json::from_value(result["data"].clone()).unwrap();
    assert_eq!(data.len() % 5, 0);
    let tokens = absolute_tokens(&data);
    // The doc comment: line 0, from column 0, as long as the line in UTF-16 units.
    let first_line = text.lines().next().unwrap();
    let units = first_line.chars().map(char::len_utf16).sum::<usize>() as u64;
    assert_eq!(tokens[0], [0, 0, units, 3, 2]);
    // `def` (keyword) and `inc` (function, declaration) on line 1.
    assert!(tokens.contains(&[1, 0, 3, 0, 0]));
    assert!(tokens.contains(&[1, 4, 3, 5, 1]));
}

/// Decodes relative tokens into [line, start, length, type, modifiers].
fn absolute_tokens(data: &[u64]) -> Vec<[u64; 5]> {
    let (mut line, mut start) = (0, 0);
    data.chunks(5)
        .map(|t| {
            if t[0] > 0 {
                start = 0;
            }
            line += t[0];
            start += t[1];
            [line, start, t[2], t[3], t[4]]
        })
        .collect()
}

fn check_folds(client: &mut LspClient) {
    let folds = client
        .request(
            "textDocument/foldingRange",
            json!({ "textDocument": { "uri": URI } }),
        )
        .unwrap();
    let lines: Vec<Value> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| json!([f["startLine"], f["endLine"]]))
        .collect();
    assert!(lines.contains(&json!([3, 5])), "{lines:?}");
    assert!(lines.contains(&json!([7, 9])), "{lines:?}");
}

fn check_view_ir(client: &mut LspClient, text: &str) {
    let whole = client
        .request(
            "runic/viewIr",
            json!({ "textDocument": { "uri": URI }, "stage": "syntax" }),
        )
        .unwrap();
    assert_eq!(whole["text"], json!(runic_syntax::parse(text).debug_dump()));
    let one = client
        .request(
            "runic/viewIr",
            json!({ "textDocument": { "uri": URI }, "stage": "syntax", "function": "twice" }),
        )
        .unwrap();
    let dump = one["text"].as_str().unwrap();
    assert!(dump.starts_with("VALUE_DECL@"), "{dump}");
    assert!(dump.contains("\"twice\""), "{dump}");
    let at = client
        .request(
            "runic/viewIr",
            json!({ "textDocument": { "uri": URI }, "stage": "syntax",
                    "position": { "line": 8, "character": 3 } }),
        )
        .unwrap();
    assert!(at["text"].as_str().unwrap().starts_with("MODULE_DECL@"));
}

#[test]
fn a_panicking_request_fails_alone() {
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, URI, BROKEN);
    let error = client
        .request(
            "runic/debugPanic",
            json!({ "textDocument": { "uri": URI } }),
        )
        .unwrap_err();
    assert_eq!(error["code"], json!(-32603));
    assert!(error["message"].as_str().unwrap().contains("debugPanic"));
    // The server still answers, twice over.
    for _ in 0..2 {
        let symbols = client
            .request(
                "textDocument/documentSymbol",
                json!({ "textDocument": { "uri": URI } }),
            )
            .unwrap();
        assert_eq!(symbols.as_array().unwrap().len(), 3);
    }
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

#[test]
fn bad_input_gets_answers() {
    let mut client = LspClient::spawn();
    client.initialize();
    let unknown = json!({ "textDocument": { "uri": "file:///nowhere.fut" } });
    assert_eq!(
        client.request("textDocument/documentSymbol", unknown.clone()),
        Ok(Value::Null)
    );
    let view = json!({ "textDocument": { "uri": "file:///nowhere.fut" }, "stage": "syntax" });
    assert_eq!(
        client.request("runic/viewIr", view).unwrap_err()["code"],
        json!(-32602)
    );

    open(&mut client, URI, "def f = 1\n");
    let stage = json!({ "textDocument": { "uri": URI }, "stage": "typed" });
    assert_eq!(
        client.request("runic/viewIr", stage).unwrap_err()["code"],
        json!(-32602)
    );
    let far = json!({ "textDocument": { "uri": URI }, "stage": "syntax",
                      "position": { "line": 999, "character": 999 } });
    assert!(client.request("runic/viewIr", far).is_ok());
    // A change far outside the text is clamped, not a crash.
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": URI, "version": 2 },
            "contentChanges": [{ "range": { "start": { "line": 50, "character": 0 },
                                            "end": { "line": 60, "character": 9 } },
                                 "text": "def g = 2\n" }],
        }),
    );
    let text = client.request("runic/debugText", json!({ "textDocument": { "uri": URI } }));
    assert_eq!(text.unwrap()["text"], json!("def f = 1\ndef g = 2\n"));
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": URI } }),
    );
    let cleared = client.notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == URI && p["version"].is_null()
    });
    assert_eq!(cleared["diagnostics"], json!([]));
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

#[test]
fn exit_without_shutdown_is_an_error() {
    let mut client = LspClient::spawn();
    client.initialize();
    client.notify("exit", Value::Null);
    assert_eq!(client.wait_exit().code(), Some(1));
}

#[test]
fn view_ir_shows_the_core_ir_before_and_after_fusion() {
    let mut client = LspClient::spawn();
    client.initialize();
    let text = "def unused = 1\nentry main (xs: []i32) : i32 = i32.sum (map (+1) xs)\n";
    open(&mut client, URI, text);
    let view = |client: &mut LspClient, stage: &str, at: Option<Value>| {
        let mut params = json!({ "textDocument": { "uri": URI }, "stage": stage });
        if let Some(at) = at {
            params["position"] = at;
        }
        let result = client.request("runic/viewIr", params).unwrap();
        result["text"].as_str().unwrap().to_string()
    };
    let soacs = view(&mut client, "soacs", None);
    assert_eq!(soacs.matches("screma(").count(), 2, "{soacs}");
    let fused = view(
        &mut client,
        "fused",
        Some(json!({ "line": 1, "character": 3 })),
    );
    assert_eq!(fused.matches("screma(").count(), 1, "{fused}");
    assert!(fused.contains("entry main"), "{fused}");
    assert!(
        fused.contains("-- ") && fused.contains("fused into") && fused.contains("2:"),
        "{fused}"
    );
    let unknown = json!({ "textDocument": { "uri": URI }, "stage": "fused", "function": "nope" });
    assert_eq!(
        client.request("runic/viewIr", unknown).unwrap_err()["code"],
        json!(-32602)
    );
}

#[test]
fn view_ir_shows_the_kernels_and_the_generated_opencl() {
    let mut client = LspClient::spawn();
    client.initialize();
    let text = "entry twice (xs: []f32) : []f32 = map (*2) xs\nentry total (xs: []i32) : i32 = i32.sum xs\n";
    open(&mut client, URI, text);
    let view = |client: &mut LspClient, stage: &str, line: u32| {
        let params = json!({ "textDocument": { "uri": URI }, "stage": stage,
                             "position": { "line": line, "character": 8 } });
        client.request("runic/viewIr", params).unwrap()
    };
    // The kernel IR of the entry point at the cursor, and of it alone.
    let kernels = view(&mut client, "kernels", 1);
    let kernels = kernels["text"].as_str().unwrap();
    assert!(kernels.contains("segred"), "{kernels}");
    assert!(kernels.contains("host total"), "{kernels}");
    assert!(!kernels.contains("twice"), "{kernels}");
    // The memory IR: every array in a block at an index function.
    let mem = view(&mut client, "mem", 0);
    let mem = mem["text"].as_str().unwrap();
    assert!(mem.contains("alloc("), "{mem}");
    assert!(mem.contains("@ mem_xs"), "{mem}");
    assert!(!mem.contains("total"), "{mem}");
    // "Show generated kernel": OpenCL C, announced as such, then the host code.
    let opencl = view(&mut client, "opencl", 0);
    assert_eq!(opencl["language"], json!("opencl"));
    let source = opencl["text"].as_str().unwrap();
    assert!(source.contains("__kernel void segmap"), "{source}");
    assert!(source.contains("host twice"), "{source}");
    // A program with an error says so instead of compiling.
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 2 },
                "contentChanges": [{ "text": "entry bad (x: i32) : i32 = x + true\n" }] }),
    );
    let broken = view(&mut client, "opencl", 0);
    assert!(
        broken["text"]
            .as_str()
            .unwrap()
            .starts_with("-- the program has 1 error"),
        "{broken}"
    );
}

#[test]
fn the_announced_device_follows_the_backend_setting() {
    // No setting: the Run lens uses the interpreter.
    let mut client = LspClient::spawn();
    let init = client.initialize();
    assert_eq!(
        init["capabilities"]["experimental"]["runicDevice"],
        json!("interpreter")
    );
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
    // `auto`: the OpenCL device that `runic run --backend auto` names, if any.
    let expected = auto_device().unwrap_or_else(|| "interpreter".to_string());
    let mut client = LspClient::spawn();
    let init = client
        .request(
            "initialize",
            json!({ "processId": null, "rootUri": null, "capabilities": {},
                    "initializationOptions": { "backend": "auto" } }),
        )
        .expect("initialize succeeds");
    assert_eq!(
        init["capabilities"]["experimental"]["runicDevice"],
        json!(expected)
    );
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

/// The device `runic run --backend auto --verbose` says it runs on.
fn auto_device() -> Option<String> {
    let dir = std::env::temp_dir().join(format!("runic-auto-device-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let program = dir.join("one.fut");
    std::fs::write(&program, "entry main (x: i32) : i32 = x + 1\n").unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(["run", "--backend", "auto", "--verbose"])
        .arg(&program)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run the runic binary");
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"1\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "2i32");
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .find_map(|l| l.strip_prefix("runic: running on "))
        .map(str::to_string)
}

#[test]
fn hovering_a_soac_call_says_what_fusion_did() {
    let mut client = LspClient::spawn();
    client.initialize();
    let text = "entry main (xs: []i32) : i32 =\n  let ys = map (+1) xs\n  let k = ys[0]\n  in i32.sum (map (*k) ys)\n";
    open(&mut client, URI, text);
    let hover = |client: &mut LspClient, line: u32, character: u32| {
        let result = client
            .request(
                "textDocument/hover",
                json!({ "textDocument": { "uri": URI },
                        "position": { "line": line, "character": character } }),
            )
            .unwrap();
        result["contents"]["value"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    // `map (+1) xs` is read by `ys[0]` before its consumer.
    let first = hover(&mut client, 1, 11);
    assert!(first.contains("**fusion**: not fused"), "{first}");
    assert!(first.contains("several consumers"), "{first}");
    // `map (*k) ys` went into the reduction of `i32.sum`.
    let second = hover(&mut client, 3, 14);
    assert!(second.contains("**fusion**: fused into"), "{second}");
}

/// The fusion inlay hints of the first lines of `text`.
fn fusion_hints(text: &str) -> Vec<Value> {
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, URI, text);
    let hints = client
        .request(
            "textDocument/inlayHint",
            json!({ "textDocument": { "uri": URI },
                    "range": { "start": { "line": 0, "character": 0 },
                               "end": { "line": 2, "character": 0 } } }),
        )
        .unwrap();
    hints
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["label"].as_str().is_some_and(|l| l.starts_with("fused:")))
        .cloned()
        .collect()
}

#[test]
fn an_inlay_hint_follows_a_fused_chain() {
    let text = "entry main (xs: []i32) : i32 =\n  i32.sum (map (*2) (map (+1) xs))\n";
    let fused = fusion_hints(text);
    assert_eq!(fused.len(), 1, "{fused:?}");
    assert_eq!(fused[0]["label"], json!("fused: 3 SOACs → 1"));
    assert_eq!(fused[0]["position"], json!({ "line": 1, "character": 34 }));
}

#[test]
fn large_documents_get_fusion_hints_too() {
    let mut text =
        "entry main (xs: []i32) : i32 =\n  i32.sum (map (*2) (map (+1) xs))\n".to_string();
    for k in 0..600 {
        text.push_str(&format!("def helper_{k} (x: i32) : i32 = x * {k} + 1\n"));
    }
    assert!(text.len() > 20_000);
    let fused = fusion_hints(&text);
    assert_eq!(fused.len(), 1, "{fused:?}");
    assert_eq!(fused[0]["label"], json!("fused: 3 SOACs → 1"));
}
