//! 1,000 small incremental edits sent in one burst, without waiting: the
//! server must apply them in order and end with exactly the client's text, its
//! syntax tree, and the diagnostics of that final text.

mod lsp_support;

use std::time::Duration;

use lsp_support::*;
use serde_json::{json, Value};

const URI: &str = "file:///work/burst.fut";

const START: &str = "\
-- | Sums.
def sum (xs: []i32) = reduce (+) 0 xs

entry main (n: i64) =
  let xs = iota n
  in sum (map i32.i64 xs)
";

/// Snippets the edits insert: non-ASCII, surrogate pairs, newlines, code.
const SNIPPETS: &[&str] = &[
    "x",
    "é",
    "𝔸",
    "\n",
    " ",
    "def h = 1\n",
    "(",
    ")",
    " + ",
    "λ",
    "--",
];

/// A deterministic pseudo-random sequence (a 64-bit LCG).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// A random edit of `text`: the byte range it replaces and the new text.
fn random_edit(rng: &mut Rng, text: &str) -> (usize, usize, &'static str) {
    let boundaries: Vec<usize> = text
        .char_indices()
        .map(|(i, _)| i)
        .chain([text.len()])
        .collect();
    let at = rng.below(boundaries.len());
    if rng.below(3) == 0 && at + 1 < boundaries.len() {
        let end = (at + 1 + rng.below(3)).min(boundaries.len() - 1);
        (boundaries[at], boundaries[end], "")
    } else {
        (
            boundaries[at],
            boundaries[at],
            SNIPPETS[rng.below(SNIPPETS.len())],
        )
    }
}

fn change(version: i64, text: &str, start: usize, end: usize, new: &str) -> Value {
    json!({
        "jsonrpc": "2.0",
        "method": "textDocument/didChange",
        "params": {
            "textDocument": { "uri": URI, "version": version },
            "contentChanges": [{ "range": range(text, start, end), "text": new }],
        },
    })
}

#[test]
fn a_thousand_edits_in_a_burst() {
    let mut client = LspClient::spawn();
    client.initialize_showing_related();
    open(&mut client, URI, START);

    let mut rng = Rng(0x5eed);
    let mut text = START.to_string();
    let mut version = 1;
    for _ in 0..1000 {
        let (start, end, new) = random_edit(&mut rng, &text);
        version += 1;
        client.send(&change(version, &text, start, end, new));
        text.replace_range(start..end, new);
    }
    version += 1;
    text = send_multi_change(&mut client, version, text);

    let doc = json!({ "textDocument": { "uri": URI } });
    let seen = client.request("runic/debugText", doc.clone()).unwrap();
    assert_eq!(seen, json!({ "text": text, "version": version }));
    let view = client
        .request(
            "runic/viewIr",
            json!({ "textDocument": { "uri": URI }, "stage": "syntax" }),
        )
        .unwrap();
    assert_eq!(view["text"], json!(runic_syntax::parse(&text).debug_dump()));

    let last = client.notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == URI && p["version"] == version
    });
    assert_eq!(published_summary(&last), expected_diagnostics(&text));
    // Nothing older may arrive after the final diagnostics (those read while
    // waiting for them arrived before them).
    client.clear_stash();
    let later = client.collect_for(Duration::from_millis(300), |m| {
        m["method"] == "textDocument/publishDiagnostics"
    });
    let versions: Vec<&Value> = later.iter().map(|m| &m["params"]["version"]).collect();
    assert!(versions.iter().all(|v| **v == version), "{versions:?}");

    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}

/// One notification with several changes, each relative to the text left by
/// the previous one.
fn send_multi_change(client: &mut LspClient, version: i64, mut text: String) -> String {
    let mut changes = Vec::new();
    for new in ["A", "é", "\n\n"] {
        let at = text.len() / 2;
        let at = (0..=at)
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(0);
        changes.push(json!({ "range": range(&text, at, at), "text": new }));
        text.insert_str(at, new);
    }
    let first = text.chars().next().map_or(0, char::len_utf8);
    changes.push(json!({ "range": range(&text, 0, first), "text": "" }));
    text.replace_range(0..first, "");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": version }, "contentChanges": changes }),
    );
    text
}
