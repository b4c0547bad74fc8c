//! Snapshots of the fused IR: every `testdata/ir/NAME.fut` compiles, each
//! entry point to the `fused` stage, and its printed program followed by
//! the fusion decisions must equal `testdata/ir/NAME.ir` (rewritten with
//! `UPDATE_EXPECT=1`). The decisions are what the editor's hovers show.

use std::path::Path;

use runic_core::Stage;

fn snapshot(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("readable");
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let program = runic_eval::run::load_single(&name, &text).expect("a valid program");
    let mut out = String::new();
    for entry in &program.entries {
        let layouts = runic_core::declared_layouts(&program, &entry.name).expect("layouts");
        let compiled = runic_core::compile_entry_to(&program, &entry.name, &layouts, Stage::Fused)
            .expect("compiles to the fused stage");
        out.push_str(&runic_core::print::program(&compiled.program));
        out.push_str("\n-- fusion\n");
        for d in &compiled.fusion.decisions {
            let loc = |l: &Option<runic_core::ir::Loc>| {
                l.as_deref()
                    .map(|l| l.rsplit('/').next().unwrap_or(l).to_string())
                    .unwrap_or_else(|| "?".into())
            };
            let verdict = match &d.verdict {
                runic_core::fuse::Verdict::Fused(rule) => format!("fused ({rule})"),
                runic_core::fuse::Verdict::NotFused(why) => format!("not fused ({why})"),
            };
            out.push_str(&format!(
                "{} with {}: {verdict}\n",
                loc(&d.loc),
                loc(&d.other)
            ));
        }
    }
    out
}

#[test]
fn fused_ir_snapshots() {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(check_all)
        .expect("a thread")
        .join()
        .unwrap_or_else(|p| std::panic::resume_unwind(p));
}

fn check_all() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/ir");
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .expect("testdata/ir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "fut"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no snapshots in testdata/ir");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut stale = Vec::new();
    for f in files {
        let got = snapshot(&f);
        let want_path = f.with_extension("ir");
        let want = std::fs::read_to_string(&want_path).unwrap_or_default();
        if got != want {
            if update {
                std::fs::write(&want_path, &got).expect("writable");
            } else {
                stale.push(format!("{}:\n{got}", want_path.display()));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "fused IR differs (UPDATE_EXPECT=1 to accept):\n{}",
        stale.join("\n")
    );
}
