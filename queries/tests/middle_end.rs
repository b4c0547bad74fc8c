//! The middle end is incremental per entry point: after an edit, the
//! per-entry query (`entry_ir`: elaboration, internalisation,
//! simplification, fusion) re-runs only for the entry points that reach the
//! edited function, or that it moved.

use runic_queries::middle::{entry_irs, middle_plan, EntryKey};
use runic_queries::{RootDatabase, Workspace};
use salsa::plumbing::AsId;

const PROGRAM: &str = "\
def scale (k: i32) (xs: []i32) = map (\\x -> x * k) xs

def total (xs: []i32) = reduce (+) 0 (map (+1) xs)

entry doubled (xs: []i32) = scale 2 xs

entry summed (xs: []i32) = total (scale 3 xs)

entry squares (xs: []i32) = map (\\x -> x * x) xs
";

/// Runs the middle end for every entry point, then returns the names of
/// the entry points whose `entry_ir` executed, sorted.
fn compiled(ws: &Workspace) -> Vec<String> {
    let db = ws.db();
    let file = ws.file("test.fut").expect("loaded");
    let irs = entry_irs(db, file).expect("the program compiles");
    for (name, ir) in &irs {
        assert!(ir.fused.is_ok(), "{name}: {:?}", ir.fused);
    }
    let names: Vec<String> = irs.into_iter().map(|(name, _)| name).collect();
    let executed = db.take_executed();
    let mut ran: Vec<String> = names
        .into_iter()
        .filter(|name| {
            let key = EntryKey::new(db, file, name.clone()).as_id();
            executed
                .iter()
                .any(|e| e.query == "entry_ir" && e.key == key)
        })
        .collect();
    ran.sort();
    ran
}

#[test]
fn an_edit_in_one_function_recompiles_only_the_entry_points_reaching_it() {
    let mut ws = Workspace::with_db(RootDatabase::with_event_log());
    ws.set_text("test.fut", PROGRAM.to_string());
    assert_eq!(compiled(&ws), ["doubled", "squares", "summed"]);

    // Nothing changed: nothing re-runs.
    assert!(compiled(&ws).is_empty());

    // Inside `scale`, which two entry points call.
    let edited = PROGRAM.replace("x * k", "x + k");
    ws.set_text("test.fut", edited.clone());
    assert_eq!(compiled(&ws), ["doubled", "summed"]);

    // Inside `total`, which only `summed` reaches.
    let edited = edited.replace("(+1)", "(+2)");
    ws.set_text("test.fut", edited.clone());
    assert_eq!(compiled(&ws), ["summed"]);

    // Inside the entry point `squares` itself.
    let edited = edited.replace("x * x", "x * 7");
    ws.set_text("test.fut", edited.clone());
    assert_eq!(compiled(&ws), ["squares"]);

    // A comment on the last line moves nothing the middle end reads.
    ws.set_text("test.fut", format!("{edited}-- done\n"));
    assert!(compiled(&ws).is_empty());
}

#[test]
fn the_fingerprints_follow_names_positions_and_opens() {
    let program = "\
def unused (x: i32) = x + 1

module m = { def inc (x: i32) = x + 1 }

entry first (xs: []i32) = map (+1) xs

entry second (xs: []i32) = map m.inc xs
";
    let mut ws = Workspace::with_db(RootDatabase::with_event_log());
    ws.set_text("test.fut", program.to_string());
    assert_eq!(compiled(&ws), ["first", "second"]);

    // A function no entry point names: nothing re-runs.
    let edited = program.replace("x + 1\n\nmodule", "x + 2\n\nmodule");
    ws.set_text("test.fut", edited.clone());
    assert!(compiled(&ws).is_empty());

    // Inside a module, reached through its name.
    let edited = edited.replace("inc (x: i32) = x + 1", "inc (x: i32) = x + 3");
    ws.set_text("test.fut", edited.clone());
    assert_eq!(compiled(&ws), ["second"]);

    // A new line above `second` moves it (its locations change), not
    // `first`.
    let edited = edited.replace("\nentry second", "\n\nentry second");
    ws.set_text("test.fut", edited.clone());
    assert_eq!(compiled(&ws), ["second"]);

    // An `open` may bring any name into scope: every entry point re-runs.
    ws.set_text("test.fut", format!("{edited}\nopen m\n"));
    assert_eq!(compiled(&ws), ["first", "second"]);
}

#[test]
fn the_fused_stage_records_what_fusion_did() {
    let mut ws = Workspace::new();
    let file = ws.set_text("test.fut", PROGRAM.to_string());
    let irs = entry_irs(ws.db(), file).expect("the program compiles");
    let (_, summed) = irs.iter().find(|(n, _)| n == "summed").expect("summed");
    let soacs = summed.soacs.as_ref().unwrap();
    let fused = summed.fused.as_ref().unwrap();
    assert!(soacs.matches("screma").count() > fused.matches("screma").count());
    assert!(!summed.chains.is_empty(), "{summed:#?}");
}

#[test]
fn an_entry_point_compiles_after_another_file_was_lowered_on_the_thread() {
    // Found by the fuzz target `lsp` with two open documents: the lowered
    // program cached on the thread was the other file's, and lowering
    // again in a database of its own panicked inside the query.
    let mut ws = Workspace::new();
    ws.set_text("a.fut", "entry f (x: i32) = x + 1\n".to_string());
    ws.set_text("b.fut", "entry g (x: i32) = x * 2\n".to_string());
    let db = ws.db();
    let a = ws.file("a.fut").expect("loaded");
    let b = ws.file("b.fut").expect("loaded");
    assert!(middle_plan(db, a).entries.is_ok());
    assert!(middle_plan(db, b).entries.is_ok());
    let irs = entry_irs(db, a).expect("the program compiles");
    assert_eq!(irs.len(), 1);
    assert!(irs[0].1.fused.is_ok(), "{:?}", irs[0].1.fused);
}
