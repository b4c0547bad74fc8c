//! Checking item by item (the database's way) must say exactly what
//! checking the whole file at once says: same messages, same places, same
//! related places, for every program of `testdata/` (valid and invalid).

use std::path::{Path, PathBuf};

use runic_queries::{check_file, semantic_diagnostics, Workspace};

fn programs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata");
    let mut found = Vec::new();
    for area in ["syntax", "sema", "errors"] {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(root.join(area))
            .expect("testdata area")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "fut"))
            .collect();
        entries.sort();
        found.extend(entries);
    }
    found
}

/// (start, end, code, message, related) of each diagnostic, sorted.
type Summary = Vec<(u32, u32, String, String, Vec<(u32, u32, String)>)>;

fn item_by_item(ws: &Workspace, path: &str) -> Summary {
    let file = ws.file(path).expect("loaded");
    let mut out: Summary = semantic_diagnostics(ws.db(), file)
        .iter()
        .map(|d| {
            (
                d.range.start().into(),
                d.range.end().into(),
                d.code.unwrap_or_default().to_string(),
                d.message.clone(),
                d.related
                    .iter()
                    .map(|r| {
                        (
                            r.range.start().into(),
                            r.range.end().into(),
                            r.message.clone(),
                        )
                    })
                    .collect(),
            )
        })
        .collect();
    out.sort();
    out
}

fn whole_file(ws: &Workspace, path: &str) -> Summary {
    let file = ws.file(path).expect("loaded");
    let mut out: Summary = check_file(ws.db(), file)
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.range.start().into(),
                d.range.end().into(),
                d.code.to_string(),
                d.message.clone(),
                d.related
                    .iter()
                    .map(|(loc, note)| {
                        (
                            loc.range.start().into(),
                            loc.range.end().into(),
                            note.clone(),
                        )
                    })
                    .collect(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn item_by_item_equals_whole_file_on_all_testdata() {
    let mut differing = Vec::new();
    let programs = programs();
    assert!(programs.len() > 400, "testdata went missing");
    for program in programs {
        let path = program.to_string_lossy().to_string();
        let mut ws = Workspace::new();
        ws.set_text(&path, std::fs::read_to_string(&program).expect("readable"));
        ws.load_imports(&path, |p| std::fs::read_to_string(p).ok());
        let (items, whole) = (item_by_item(&ws, &path), whole_file(&ws, &path));
        if items != whole {
            differing.push(format!("{path}\n  items: {items:?}\n  whole: {whole:?}"));
        }
    }
    assert!(differing.is_empty(), "{}", differing.join("\n"));
}
