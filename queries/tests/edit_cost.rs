//! What an edit costs the database in a file of many declarations: which
//! queries re-run and how many memos salsa verifies. An edit inside the
//! body of one definition must cost in proportion to the edit (its
//! declaration and its chunk), not to the file: the per-declaration
//! inputs and their durabilities (`sources.rs`) and the chunks of
//! diagnostics (`chunks.rs`) are what this holds to; so is the walk of
//! the states before a request a chunk at a time.

use runic_queries::ide::{completions, hover};
use runic_queries::{file_diagnostics, items, File, RootDatabase, TextSize, Workspace};
use salsa::plumbing::AsId;

const DEFINITIONS: usize = 1_000;

/// A file importing another, then many fully annotated definitions, each
/// using the import and the one before.
fn program(edited_body: &str, edited_signature: &str) -> String {
    let mut text = String::from("import \"lib\"\n\n");
    for i in 0..DEFINITIONS {
        let (signature, body) = match i {
            500 => (edited_signature, edited_body.to_string()),
            0 => ("(x: i32) : i32", "x + one".to_string()),
            _ => ("(x: i32) : i32", format!("f{} x + {i}", i - 1)),
        };
        text.push_str(&format!("def f{i} {signature} =\n  {body}\n\n"));
    }
    text
}

fn workspace(text: &str) -> (Workspace, File) {
    let mut ws = Workspace::with_db(RootDatabase::with_event_log().sequential());
    ws.set_text("dir/lib.fut", "def one : i32 = 1\n".to_string());
    let file = ws.set_text("dir/main.fut", text.to_string());
    assert!(file_diagnostics(ws.db(), file).is_empty());
    ws.db().take_executed();
    (ws, file)
}

/// The queries that ran since the last call, as `query(item)` for those
/// keyed on an item of `file`, else `query`; sorted.
fn executed(ws: &Workspace, file: File) -> Vec<String> {
    let db = ws.db();
    let names: Vec<(salsa::Id, String)> = items(db, file)
        .into_iter()
        .map(|item| (item.as_id(), item.key(db).name.clone().unwrap_or_default()))
        .collect();
    let mut out: Vec<String> = db
        .take_executed()
        .into_iter()
        .map(|e| match names.iter().find(|(id, _)| *id == e.key) {
            Some((_, name)) if e.query != "file_diagnostics" => format!("{}({name})", e.query),
            _ => e.query,
        })
        .collect();
    out.sort();
    out
}

#[test]
fn an_edit_inside_one_body_verifies_a_few_memos() {
    let signature = "(x: i32) : i32";
    let (mut ws, file) = workspace(&program("f499 x + 500", signature));
    // The first edit of a definition lowers the durability of its tree,
    // which has salsa walk the checks of the file once.
    ws.set_text("dir/main.fut", program("f499 x + 5000", signature));
    assert!(file_diagnostics(ws.db(), file).is_empty());
    let _ = executed(&ws, file);
    ws.db().take_verified();

    // The next edits of its body re-run its own check and its chunk, and
    // verify a few memos per chunk, not per declaration.
    ws.set_text("dir/main.fut", program("f499 x + 50", signature));
    assert!(file_diagnostics(ws.db(), file).is_empty());
    assert_eq!(
        executed(&ws, file),
        [
            "chunk_diagnostics",
            "file_diagnostics",
            "item_checked(f500)",
            "item_syntax(f500)",
            "item_tree",
            "parse",
        ]
    );
    let verified = ws.db().take_verified();
    assert!(
        verified < 100,
        "{verified} memos verified for {DEFINITIONS} definitions"
    );

    // A hover further down walks the states above it, each valid by
    // its durability.
    let text = program("f499 x + 51", signature);
    ws.set_text("dir/main.fut", text.clone());
    let at = text.rfind("f998 x").expect("a use");
    let shown = hover(ws.db(), file, TextSize::new(at as u32)).expect("a hover");
    assert!(shown.markdown.contains("i32"), "{}", shown.markdown);
    let ran = executed(&ws, file);
    assert!(
        !ran.iter().any(|q| q.starts_with("item_state")),
        "no state re-ran: {ran:?}"
    );

    // A type error in the body is reported, by the edited chunk alone.
    ws.set_text("dir/main.fut", program("f499 x + true", signature));
    let messages: Vec<String> = file_diagnostics(ws.db(), file)
        .iter()
        .map(|d| d.message.clone())
        .collect();
    assert_eq!(messages.len(), 1, "{messages:?}");
    let ran = executed(&ws, file);
    assert!(ran.contains(&"item_checked(f500)".to_string()), "{ran:?}");
    assert_eq!(
        ran.iter().filter(|q| q.starts_with("item_checked")).count(),
        1
    );
}

#[test]
fn a_signature_change_rechecks_what_depends_on_it() {
    let body = "f499 x + 500";
    let (mut ws, file) = workspace(&program(body, "(x: i32) : i32"));
    // f500 now returns i64: f501, which adds it to an i32, is wrong.
    ws.set_text(
        "dir/main.fut",
        program("i64.i32 (f499 x)", "(x: i32) : i64"),
    );
    let diagnostics = file_diagnostics(ws.db(), file);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let ran = executed(&ws, file);
    assert!(ran.contains(&"item_state(f500)".to_string()), "{ran:?}");
    assert!(ran.contains(&"item_checked(f501)".to_string()), "{ran:?}");
    assert!(!ran.contains(&"item_checked(f499)".to_string()), "{ran:?}");

    // Back to i32, then a body edit: the answers are a fresh check's.
    ws.set_text("dir/main.fut", program(body, "(x: i32) : i32"));
    assert!(file_diagnostics(ws.db(), file).is_empty());
    ws.set_text("dir/main.fut", program("f499 x * 2", "(x: i32) : i32"));
    assert!(file_diagnostics(ws.db(), file).is_empty());
    let (fresh, fresh_file) = workspace(&program("f499 x * 2", "(x: i32) : i32"));
    assert_eq!(
        file_diagnostics(ws.db(), file),
        file_diagnostics(fresh.db(), fresh_file)
    );
}

#[test]
fn a_request_far_down_verifies_a_memo_per_chunk_above_it() {
    let signature = "(x: i32) : i32";
    let (mut ws, file) = workspace(&program("f499 x + 500", signature));
    let completion_at = |text: &str| {
        let at = text.rfind("f998 x").expect("a use");
        TextSize::new(at as u32)
    };
    // The first edit lowers the tree's durability (see the first test).
    let text = program("f499 x + 5000", signature);
    ws.set_text("dir/main.fut", text.clone());
    assert!(!completions(ws.db(), file, completion_at(&text)).is_empty());
    let _ = executed(&ws, file);
    ws.db().take_verified();

    // After an edit inside one body, a completion below it walks the
    // states above it a chunk at a time: each chunk's walk is valid by
    // its durability, nothing on the chain re-runs.
    let text = program("f499 x + 50", signature);
    ws.set_text("dir/main.fut", text.clone());
    let found = completions(ws.db(), file, completion_at(&text));
    assert!(found.iter().any(|c| c.label == "f997"), "{found:?}");
    let ran = executed(&ws, file);
    assert!(
        !ran.iter()
            .any(|q| q.starts_with("item_state") || q.starts_with("states_walked")),
        "{ran:?}"
    );
    let verified = ws.db().take_verified();
    assert!(
        verified < 150,
        "{verified} memos verified for {DEFINITIONS} definitions"
    );

    // A signature change above re-walks the chunks from its own on, and
    // the answer sees the new type.
    let text = program("i64.i32 (f499 x)", "(x: i32) : i64");
    ws.set_text("dir/main.fut", text.clone());
    let found = completions(ws.db(), file, completion_at(&text));
    let f500 = found.iter().find(|c| c.label == "f500").expect("f500");
    assert_eq!(f500.detail.as_deref(), Some("val f500: i32 -> i64"));
    let ran = executed(&ws, file);
    let walked = ran
        .iter()
        .filter(|q| q.starts_with("states_walked"))
        .count();
    // The import is declaration 0: f500 is in chunk 501 / 64, the
    // completion's f998 in chunk 999 / 64, after the chunks walked.
    assert_eq!(walked, 999 / 64 - 501 / 64, "{ran:?}");
}
