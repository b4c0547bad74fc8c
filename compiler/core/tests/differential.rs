//! Differential testing: every case of `testdata/run` whose program
//! compiles to the core IR gives the same results (or fails alike) through
//! the core IR's evaluator as through the interpreter. Programs with
//! constructs internalisation lacks are counted, not failed; the count of
//! compared cases must not fall below a floor. The cases in
//! [`KNOWN_DISAGREEMENTS`] are known bugs of the core back end, each with
//! its cause: the test fails when one of them starts agreeing (remove it
//! then) as when any other case disagrees.

use std::path::{Path, PathBuf};

use runic_eval::run::{call_entry, load_single, RunError};
use runic_eval::testspec::{self, Values};
use runic_eval::text::show_value;
use runic_eval::Limits;

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

/// Known disagreements (file under `testdata/run`, line of the case,
/// entry), with why.
const KNOWN_DISAGREEMENTS: &[(&str, usize, &str, &str)] = &[];

#[test]
fn core_agrees_with_the_interpreter_on_the_run_corpus() {
    // Both evaluators recurse on the program's nesting, as the CLI does on
    // a thread with a large stack.
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(compare_corpus)
        .expect("a thread")
        .join()
        .unwrap_or_else(|p| std::panic::resume_unwind(p));
}

fn compare_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/run");
    let mut files = Vec::new();
    programs(&root, &mut files);
    let (mut compared, mut unsupported) = (0, 0);
    let mut disagreements = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable");
        if text.contains("import ") {
            continue;
        }
        let name = file.display().to_string();
        let Ok(program) = load_single(&name, &text) else {
            continue;
        };
        for case in testspec::parse(&text).cases {
            let Values::Inline(input) = &case.input else {
                continue;
            };
            let Ok(args) = runic_eval::binary::read_all(input.as_bytes()) else {
                continue;
            };
            for entry in &case.entries {
                let interp = call_entry(&program, entry, &args, Limits::default());
                let core = runic_core::call_entry(&program, entry, &args);
                let shown = |r: &Result<Vec<runic_eval::Value>, RunError>| match r {
                    Ok(vs) => Ok(vs.iter().map(|v| show_value(v, None)).collect::<Vec<_>>()),
                    Err(_) => Err(()),
                };
                match &core {
                    Err(RunError::BadInput(m))
                        if m.contains("cannot be compiled to the core IR yet") =>
                    {
                        unsupported += 1;
                        continue;
                    }
                    _ => {}
                }
                compared += 1;
                let relative = file.strip_prefix(&root).unwrap_or(&file);
                let known = KNOWN_DISAGREEMENTS.iter().any(|(f, line, e, _)| {
                    relative == Path::new(f) && case.line == *line && entry == e
                });
                if known {
                    if shown(&interp) == shown(&core) {
                        disagreements.push(format!(
                            "{name}:{} entry {entry}: now agrees; remove it from KNOWN_DISAGREEMENTS",
                            case.line
                        ));
                    }
                    continue;
                }
                if shown(&interp) != shown(&core) {
                    disagreements.push(format!(
                        "{name}:{} entry {entry}: interp {:?}, core {:?}",
                        case.line,
                        interp.map(|v| v.len()),
                        core.map(|v| v.len())
                    ));
                }
            }
        }
    }
    eprintln!("{compared} cases compared, {unsupported} unsupported");
    assert!(
        disagreements.is_empty(),
        "{} of {compared} cases disagree:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    assert!(
        compared >= 1300,
        "only {compared} cases compared ({unsupported} unsupported)"
    );
}
