//! Every entry point of every program of `testdata/run` that compiles to
//! the fused core IR also builds into the memory IR of both pipelines,
//! and the result checks (each array placed, index functions of the right
//! rank, blocks allocated in scope and once): the test fails on the first
//! that does not, naming it.

use std::path::{Path, PathBuf};

fn programs(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("testdata/run")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            programs(&e, out);
        } else if e.extension().is_some_and(|x| x == "fut") {
            out.push(e);
        }
    }
}

#[test]
fn every_run_program_builds_and_checks_in_the_memory_ir() {
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(build_corpus)
        .expect("a thread")
        .join()
        .unwrap_or_else(|p| std::panic::resume_unwind(p));
}

fn build_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/run");
    let mut files = Vec::new();
    programs(&root, &mut files);
    let (mut built, mut failures) = (0, Vec::new());
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable");
        if text.contains("import ") {
            continue;
        }
        let name = file.display().to_string();
        let Ok(program) = runic_eval::run::load_single(&name, &text) else {
            continue;
        };
        for entry in &program.entries {
            let compile = || {
                let layouts = runic_core::declared_layouts(&program, &entry.name).ok()?;
                runic_core::compile_entry_to(
                    &program,
                    &entry.name,
                    &layouts,
                    runic_core::Stage::Fused,
                )
                .ok()
            };
            let (Some(seq), Some(gpu)) = (compile(), compile()) else {
                continue;
            };
            for (what, result) in [
                ("seq", runic_mem::seq(seq.program)),
                ("gpu", runic_mem::gpu(gpu.program)),
            ] {
                match result {
                    Ok(mem) => {
                        built += 1;
                        // The printer and the metrics run on every program.
                        assert!(!runic_mem::print::program(&mem).is_empty());
                        let _ = runic_mem::metrics::program(&mem);
                    }
                    Err(e) => failures.push(format!("{name} `{}` ({what}): {e}", entry.name)),
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(built > 1500, "only {built} memory programs built");
}
