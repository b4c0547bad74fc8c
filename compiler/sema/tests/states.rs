//! The invariant that lets the query layer check declarations in
//! parallel: the state [`state_after_decl`] finds after a declaration (its
//! bodies mostly skipped) equals the one the full [`check_decl`] leaves, for
//! every top-level declaration of every program under `testdata/`, those
//! with errors included; and that the diagnostics-only check
//! ([`check_decl_diagnostics`], which skips what only the state needs)
//! reports what the full one does. And the same of the chain the query
//! layer walks when items are checked in parallel, where definitions whose
//! types need their bodies are entered deferred
//! ([`deferred_state_after_decl`]) and resolved through
//! [`Imports::deferred_value`] when a later declaration uses them.

use std::path::{Path, PathBuf};

use std::cell::RefCell;
use std::collections::HashMap;

use runic_sema::env::{ModEnv, Value};
use runic_sema::{
    check_decl, check_decl_diagnostics, deferred_state_after_decl, state_after_decl, DeclState,
    Imports, Loc, NoImports, Prelude,
};
use runic_syntax::SyntaxNode;

fn fut_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            fut_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "fut") {
            out.push(path);
        }
    }
}

/// Every program under `testdata/`, in order.
fn testdata_programs() -> Vec<PathBuf> {
    let mut files = Vec::new();
    fut_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata"),
        &mut files,
    );
    files.sort();
    files
}

/// The declarations of `file` whose two states differ (by index), checking
/// each after the full check's state of the ones before.
fn differing_states(text: &str, prelude: &Prelude) -> Vec<usize> {
    let root = runic_syntax::parse(text).syntax();
    let mut before = DeclState::default();
    let mut differing = Vec::new();
    for (index, decl) in root.children().enumerate() {
        let decl = SyntaxNode::new_root(decl.green().into_owned());
        let origin = index as u64 + 1;
        let quick = state_after_decl(&before, &decl, origin, prelude, &NoImports);
        let checked = check_decl(&before, &decl, origin, prelude, &NoImports);
        let diagnostics = check_decl_diagnostics(&before, &decl, origin, prelude, &NoImports);
        if quick != checked.state || diagnostics != checked.diagnostics {
            differing.push(index);
        }
        before = checked.state;
    }
    differing
}

/// Resolves deferred values from the full check of their declaration, as
/// the query layer's `item_checked` gives them.
#[derive(Default)]
struct Deferred {
    checked: RefCell<HashMap<u64, DeclState>>,
}

impl Imports for Deferred {
    fn import(&self, _path: &str) -> Option<std::sync::Arc<ModEnv>> {
        None
    }

    fn deferred_value(&self, at: Loc, name: &str) -> Option<Value> {
        let checked = self.checked.borrow();
        let value = checked.get(&at.origin)?.visible().values.get(name)?;
        (!value.deferred).then(|| value.clone())
    }
}

/// The declarations of `file` whose diagnostics differ (by index) between
/// the chain of full checks and the chain of deferred and quick states.
fn differing_with_deferral(text: &str, prelude: &Prelude) -> Vec<usize> {
    let root = runic_syntax::parse(text).syntax();
    let mut full = DeclState::default();
    let mut chain = DeclState::default();
    let resolver = Deferred::default();
    let mut differing = Vec::new();
    for (index, decl) in root.children().enumerate() {
        let decl = SyntaxNode::new_root(decl.green().into_owned());
        let origin = index as u64 + 1;
        let expected = check_decl(&full, &decl, origin, prelude, &NoImports);
        let found = check_decl(&chain, &decl, origin, prelude, &resolver);
        if found.diagnostics != expected.diagnostics {
            differing.push(index);
        }
        chain = match deferred_state_after_decl(&chain, &decl, origin) {
            Some(deferred) => deferred,
            None => state_after_decl(&chain, &decl, origin, prelude, &resolver),
        };
        resolver.checked.borrow_mut().insert(origin, found.state);
        full = expected.state;
    }
    differing
}

#[test]
fn deferred_definitions_leave_every_diagnostic_as_it_was() {
    let files = testdata_programs();
    let prelude = Prelude::builtin();
    let mut failures = Vec::new();
    let mut deferred = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable program");
        deferred += runic_syntax::parse(&text)
            .syntax()
            .children()
            .filter(runic_sema::state_needs_body)
            .count();
        let differing = differing_with_deferral(&text, &prelude);
        if !differing.is_empty() {
            failures.push(format!("{}: declarations {differing:?}", file.display()));
        }
    }
    assert!(deferred > 500, "only {deferred} deferred definitions");
    assert!(
        failures.is_empty(),
        "{} programs where deferral changes diagnostics:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn quick_states_and_diagnostics_only_checks_equal_full_ones() {
    let files = testdata_programs();
    assert!(files.len() > 1000, "only {} programs found", files.len());
    let prelude = Prelude::builtin();
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable program");
        let differing = differing_states(&text, &prelude);
        if !differing.is_empty() {
            failures.push(format!("{}: declarations {differing:?}", file.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} programs where the states or diagnostics differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
