//! Protocol tests of `textDocument/formatting` and
//! `textDocument/rangeFormatting` over stdio: the capabilities, the edits
//! applied to the document giving the formatter's output, range formatting
//! leaving declarations outside the range alone, and no edits (not an
//! error) for a document with syntax errors.

mod lsp_support;

use lsp_support::*;
use serde_json::{json, Value};

const MESSY: &str = "def  inc(x:i32)=x+1\n\n\n\ndef  dec(x:i32)=x-1\n";
const URI: &str = "file:///work/messy.fut";

/// `text` with LSP `edits` applied (ranges in the original text).
fn apply(text: &str, edits: &Value) -> String {
    let mut edits: Vec<(usize, usize, String)> = edits
        .as_array()
        .expect("an array of edits")
        .iter()
        .map(|e| {
            let offset = |p: &Value| offset(text, p["line"].as_u64(), p["character"].as_u64());
            let range = &e["range"];
            let text = e["newText"].as_str().expect("newText").to_string();
            (offset(&range["start"]), offset(&range["end"]), text)
        })
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (start, end, new) in edits {
        out.replace_range(start..end, &new);
    }
    out
}

/// The byte offset of an ASCII text's (line, character).
fn offset(text: &str, line: Option<u64>, character: Option<u64>) -> usize {
    let (line, character) = (line.unwrap() as usize, character.unwrap() as usize);
    let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
    start + character
}

fn format_request(client: &mut LspClient) -> Value {
    client
        .request(
            "textDocument/formatting",
            json!({
                "textDocument": { "uri": URI },
                "options": { "tabSize": 2, "insertSpaces": true },
            }),
        )
        .expect("formatting answers")
}

#[test]
fn formatting_and_range_formatting() {
    let mut client = LspClient::spawn();
    let init = client.initialize();
    let capabilities = &init["capabilities"];
    assert_eq!(capabilities["documentFormattingProvider"], json!(true));
    assert_eq!(capabilities["documentRangeFormattingProvider"], json!(true));
    open(&mut client, URI, MESSY);

    let edits = format_request(&mut client);
    assert_eq!(
        apply(MESSY, &edits),
        "def inc (x: i32) = x + 1\n\ndef dec (x: i32) = x - 1\n"
    );

    let (start, end) = (MESSY.find("dec").unwrap(), MESSY.len() - 1);
    let edits = client
        .request(
            "textDocument/rangeFormatting",
            json!({
                "textDocument": { "uri": URI },
                "range": range(MESSY, start, end),
                "options": { "tabSize": 2, "insertSpaces": true },
            }),
        )
        .expect("range formatting answers");
    assert_eq!(
        apply(MESSY, &edits),
        "def  inc(x:i32)=x+1\n\n\n\ndef dec (x: i32) = x - 1\n"
    );
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn a_document_with_syntax_errors_gets_no_edits() {
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, URI, "def  f = (1,\n");
    assert_eq!(format_request(&mut client), json!([]));
    assert!(client.shutdown_and_exit().success());
}
