//! Protocol tests of the type checker's diagnostics in `runic lsp`: severity,
//! code, source and related information as the client receives them (in
//! `relatedInformation` for a client that declares it renders that, as hint
//! diagnostics for one that does not), every diagnostic of a file published,
//! fixes clearing them, and `import`s of files that exist only on disk.

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
    client.initialize_showing_related();
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

/// A client that does not declare `relatedInformation` (Helix) gets each
/// note as a hint at the note's own place, naming the error it explains;
/// the note at the error's own place is left out.
#[test]
fn a_client_without_related_information_gets_the_notes_as_hints() {
    const URI: &str = "file:///work/consume.fut";
    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, URI, CONSUMED);
    let shown: Vec<String> = diagnostics_at(&mut client, URI, 1)
        .iter()
        .map(|d| {
            let start = &d["range"]["start"];
            format!(
                "{}:{} severity {} related {} {}",
                start["line"],
                start["character"],
                d["severity"],
                d["relatedInformation"],
                d["message"]
            )
        })
        .collect();
    expect_test::expect![[r#"
        2:5 severity 1 related null "Using variable \"xs\", but this was consumed at 2:12-14.  (Possibly through aliases.)"
        1:11 severity 4 related null "\"xs\" consumed here, by an in-place update (\"with\") (explains the error at 3:6)""#]]
    .assert_eq(&shown.join("\n"));
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

/// A fresh directory under the system's temporary folder.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("runic-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a temporary directory");
    dir
}

fn file_uri(path: &std::path::Path) -> String {
    format!("file://{}", path.display())
}

const LIB: &str = "\
import \"util/twice\"

def scale (k: i32) (xs: []i32) : []i32 = map (\\x -> twice (k * x)) xs
";

const TWICE: &str = "def twice (x: i32) : i32 = x + x\n";

#[test]
fn imports_resolve_from_disk() {
    let dir = temp_dir("imports");
    std::fs::create_dir_all(dir.join("util")).unwrap();
    std::fs::write(dir.join("lib.fut"), LIB).unwrap();
    std::fs::write(dir.join("util/twice.fut"), TWICE).unwrap();
    let main = dir.join("main.fut");
    let uri = file_uri(&main);
    // Wrong: `scale` wants an i32 first.
    let wrong = "import \"lib\"\n\nentry main (xs: []i32) = scale true xs\n";
    std::fs::write(&main, wrong).unwrap();

    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, &uri, wrong);
    let diagnostics = diagnostics_at(&mut client, &uri, 1);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    let (start, end) = nth(wrong, "true", 0);
    assert_eq!(diagnostics[0]["range"], range(wrong, start, end));
    assert_eq!(diagnostics[0]["severity"], json!(1));
    assert_eq!(diagnostics[0]["code"], json!("type-mismatch"));

    // Right: the import resolves and the program checks.
    change(&mut client, &uri, 2, range(wrong, start, end), "2");
    assert_eq!(diagnostics_at(&mut client, &uri, 2), Vec::<Value>::new());

    // lib.fut changes on disk and the client reports it: `scale` now wants
    // a bool, and main.fut's diagnostics follow.
    std::fs::write(dir.join("lib.fut"), LIB.replace("(k: i32)", "(k: bool)")).unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": file_uri(&dir.join("lib.fut")), "type": 2 }] }),
    );
    let changed = client.notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == uri && p["version"] == 2 && !p["diagnostics"].as_array().unwrap().is_empty()
    });
    let fixed = wrong.replace("true", "2");
    let (two, _) = nth(&fixed, "2 xs", 0);
    assert_eq!(
        changed["diagnostics"][0]["range"],
        range(&fixed, two, two + 1)
    );

    // An import of a file that does not exist is still an error.
    let missing = "import \"nowhere\"\n";
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 3 },
            "contentChanges": [{ "text": missing }],
        }),
    );
    let diagnostics = diagnostics_at(&mut client, &uri, 3);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap()
            .contains("nowhere"),
        "{diagnostics:#?}"
    );
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The client's text of an open file wins over the disk's, for the files
/// importing it too, and when it closes the disk's text comes back.
#[test]
fn open_imported_files_use_the_editor_text() {
    let dir = temp_dir("open-imports");
    std::fs::create_dir_all(dir.join("util")).unwrap();
    std::fs::write(dir.join("lib.fut"), LIB).unwrap();
    std::fs::write(dir.join("util/twice.fut"), TWICE).unwrap();
    let main_uri = file_uri(&dir.join("main.fut"));
    let lib_uri = file_uri(&dir.join("lib.fut"));
    let main = "import \"lib\"\n\nentry main (xs: []i32) = scale 2 xs\n";

    let mut client = LspClient::spawn();
    client.initialize();
    open(&mut client, &main_uri, main);
    assert_eq!(
        diagnostics_at(&mut client, &main_uri, 1),
        Vec::<Value>::new()
    );

    // The editor opens lib.fut and makes `scale` take a bool: main.fut's
    // call is now wrong, although the file on disk did not change.
    open(&mut client, &lib_uri, LIB);
    let (start, end) = nth(LIB, "(k: i32)", 0);
    change(
        &mut client,
        &lib_uri,
        2,
        range(LIB, start, end),
        "(k: bool)",
    );
    let main_diagnostics = client.notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == main_uri && !p["diagnostics"].as_array().unwrap().is_empty()
    });
    assert_eq!(main_diagnostics["version"], json!(1));
    let (two, _) = nth(main, "2 xs", 0);
    assert_eq!(
        main_diagnostics["diagnostics"][0]["range"],
        range(main, two, two + 1)
    );

    // Closing lib.fut without saving: main.fut sees the disk's text again.
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": lib_uri } }),
    );
    let cleared = client.notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == main_uri && p["diagnostics"].as_array().unwrap().is_empty()
    });
    assert_eq!(cleared["version"], json!(1));
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A client that can watch files is asked to watch `.fut` files.
#[test]
fn asks_the_client_to_watch_fut_files() {
    let mut client = LspClient::spawn();
    let capabilities = json!({
        "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } }
    });
    client
        .request(
            "initialize",
            json!({ "processId": null, "rootUri": null, "capabilities": capabilities }),
        )
        .expect("initialize succeeds");
    client.notify("initialized", json!({}));
    let request = client.wait_for(|m| m["method"] == "client/registerCapability");
    let registration = &request["params"]["registrations"][0];
    assert_eq!(
        registration["method"],
        json!("workspace/didChangeWatchedFiles")
    );
    assert_eq!(
        registration["registerOptions"]["watchers"][0]["globPattern"],
        json!("**/*.fut")
    );
    client.send(&json!({ "jsonrpc": "2.0", "id": request["id"], "result": null }));
    // The server goes on serving.
    const URI: &str = "file:///work/watch.fut";
    open(&mut client, URI, "def f : i32 = true\n");
    assert_eq!(diagnostics_at(&mut client, URI, 1).len(), 1);
    assert_eq!(client.shutdown_and_exit().code(), Some(0));
}
