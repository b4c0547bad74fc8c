//! A stale check is cancelled by the next edit, also in the middle of one
//! declaration's check: a write of a newer text sets salsa's cancellation
//! flag, and the checker polls it (`runic_sema::interrupt`), so the stale
//! check unwinds with `Cancelled` at once instead of finishing the
//! declaration it is in (which, for a large one, the next request would
//! wait for: the write waits until every other handle is dropped).
//!
//! Asserted on what ran, not on time: the declaration whose check was in
//! flight has no result afterwards, so checking the new text runs it again
//! although it did not change.

use std::panic::{self, AssertUnwindSafe};
use std::time::Duration;

use runic_queries::{file_diagnostics, items, Cancelled, RootDatabase, Workspace};
use salsa::plumbing::AsId;

/// A definition whose body is an array literal of `n` unsuffixed integers:
/// slow enough to check that the edit arrives while it is checked.
fn big_array(name: &str, first: u32, n: usize) -> String {
    let elements: Vec<String> = std::iter::once(first.to_string())
        .chain((1..n).map(|i| (i % 100).to_string()))
        .collect();
    format!("def {name} : []i32 = [{}]\n", elements.join(", "))
}

#[test]
fn an_edit_cancels_the_check_in_flight_in_the_middle_of_a_declaration() {
    const N: usize = 20_000;
    let text = format!("{}{}", big_array("a", 1, N), big_array("b", 1, N));
    // `b` changes, `a` does not.
    let edited = format!("{}{}", big_array("a", 1, N), big_array("b", 2, N));
    let mut ws = Workspace::with_db(RootDatabase::with_event_log().sequential());
    let file = ws.set_text("slow.fut", text);
    let a = items(ws.db(), file)[0].as_id();
    ws.db().take_executed();

    let snapshot = ws.snapshot();
    let stale = std::thread::spawn(move || {
        panic::catch_unwind(AssertUnwindSafe(|| file_diagnostics(&snapshot, file).len()))
    });
    // Wait until the stale check is inside `a`'s check.
    loop {
        let executed = ws.db().take_executed();
        if executed
            .iter()
            .any(|e| e.query == "item_checked" && e.key == a)
        {
            break;
        }
        assert!(!stale.is_finished(), "the check ended before the edit");
        std::thread::sleep(Duration::from_millis(1));
    }

    // The write waits for the stale check's handle: it returns once that
    // check has unwound.
    ws.set_text("slow.fut", edited);
    let outcome = stale.join().expect("the stale check's thread");
    match outcome {
        Ok(count) => panic!("the stale check ran to its end ({count} diagnostics)"),
        Err(payload) => assert!(payload.is::<Cancelled>(), "not a cancellation"),
    }

    // `a` did not change; its check starts again only because the stale
    // one was stopped before it had a result.
    ws.db().take_executed();
    assert!(file_diagnostics(ws.db(), file).is_empty());
    let executed = ws.db().take_executed();
    assert!(
        executed
            .iter()
            .any(|e| e.query == "item_checked" && e.key == a),
        "a's check had finished before the edit: {executed:?}"
    );
}
