//! Protocol tests of the type checker's diagnostics in `runic lsp`: severity,
//! code, source and related information as the client receives them, every
//! diagnostic of a file published, fixes clearing them, and `import`s of
//! files that exist only on disk.

mod lsp_support;

use lsp_support::*;
use serde_json::{json, Value};

/// The diagnostics published for `uri` at `version`.
fn diagnostics_at(client: &mut LspClient, uri: &str, version: i64) -> Vec<Value> {
    let params = client.notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == uri && p["version"] == version
    });
    params["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

fn change(client: &mut LspClient, uri: &str, version: i64, range: Value, text: &str) {
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": version },
            "contentChanges": [{ "range": range, "text": text }],
        }),
    );
}

/// The byte range of the `n`th (from 0) occurrence of `needle` in `text`.
fn nth(text: &str, needle: &str, n: usize) -> (usize, usize) {
    let start = text
        .match_indices(needle)
        .nth(n)
        .unwrap_or_else(|| panic!("{needle:?} #{n} in {text:?}"))
        .0;
    (start, start + needle.len())
}

const CONSUMED: &str = "\
def f (xs: *[]i32) : i32 =
  let ys = xs with [0] = 1
  in xs[0] + ys[0]
";

#[test]
fn use_after_consume_with_related_locations_then_fixed() {
    const URI: &str = "file:///work/consume.fut";
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, URI, CONSUMED);

    let diagnostics = diagnostics_at(&mut client, URI, 1);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    let d = &diagnostics[0];
    let message = d["message"].as_str().unwrap();
    assert!(
        message.starts_with("Using variable \"xs\", but this was consumed at"),
        "{message}"
    );
    assert_eq!(d["code"], json!("use-after-consume"));
    assert_eq!(d["source"], json!("runic"));
    assert_eq!(d["severity"], json!(1));

    // Primary range: the use of `xs` on the last line.
    let (use_start, use_end) = nth(CONSUMED, "xs", 2);
    assert_eq!(d["range"], range(CONSUMED, use_start, use_end));
    assert_eq!(
        d["range"],
        json!({ "start": { "line": 2, "character": 5 }, "end": { "line": 2, "character": 7 } })
    );

    let related = d["relatedInformation"]
        .as_array()
        .expect("relatedInformation");
    for r in related {
        assert_eq!(r["location"]["uri"], json!(URI));
    }
    // The consumption: `xs` in `xs with [0] = 1`.
    let (consumed_start, consumed_end) = nth(CONSUMED, "xs", 1);
    let consumed = related
        .iter()
        .find(|r| r["message"].as_str().unwrap().contains("consumed here"))
        .unwrap_or_else(|| panic!("no consumption location in {related:#?}"));
    assert_eq!(
        consumed["location"]["range"],
        range(CONSUMED, consumed_start, consumed_end)
    );
    assert_eq!(
        consumed["location"]["range"],
        json!({ "start": { "line": 1, "character": 11 }, "end": { "line": 1, "character": 13 } })
    );
    // The use again.
    let used = related
        .iter()
        .find(|r| r["location"]["range"] == d["range"])
        .unwrap_or_else(|| panic!("no use location in {related:#?}"));
    assert!(
        used["message"].as_str().unwrap().contains("used"),
        "{used:#?}"
    );

    // Fix it incrementally: `copy xs with [0] = 1` consumes a copy.
    change(
        &mut client,
        URI,
        2,
        range(CONSUMED, consumed_start, consumed_start),
        "copy ",
    );
    assert_eq!(diagnostics_at(&mut client, URI, 2), Vec::<Value>::new());
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

#[test]
fn type_error_is_an_error_and_a_hole_a_warning() {
    const URI: &str = "file:///work/hole.fut";
    const TEXT: &str = "\
def f (x: i32) : i32 = x + true

def g (n: i64) : []i32 = ???
";
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, URI, TEXT);
    let diagnostics = diagnostics_at(&mut client, URI, 1);
    let summary: Vec<Value> = diagnostics
        .iter()
        .map(|d| json!([d["severity"], d["code"], d["source"], d["range"]]))
        .collect();
    let (bad_start, bad_end) = nth(TEXT, "true", 0);
    let (hole_start, hole_end) = nth(TEXT, "???", 0);
    assert_eq!(
        summary,
        [
            json!([1, "type-mismatch", "runic", range(TEXT, bad_start, bad_end)]),
            json!([2, "hole", "runic", range(TEXT, hole_start, hole_end)]),
        ],
        "{diagnostics:#?}"
    );
    assert_eq!(
        published_summary(&json!({ "diagnostics": diagnostics })),
        expected_diagnostics(TEXT)
    );
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

#[test]
fn every_diagnostic_of_a_file_is_published() {
    const URI: &str = "file:///work/two.fut";
    const TEXT: &str = "\
def f (x: i32) : i32 = x + true

def g (y: i32) : bool = y
";
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, URI, TEXT);
    let diagnostics = diagnostics_at(&mut client, URI, 1);
    let lines: Vec<Value> = diagnostics
        .iter()
        .map(|d| json!([d["range"]["start"]["line"], d["code"], d["severity"]]))
        .collect();
    assert_eq!(
        lines,
        [
            json!([0, "type-mismatch", 1]),
            json!([2, "type-mismatch", 1])
        ],
        "{diagnostics:#?}"
    );
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}
