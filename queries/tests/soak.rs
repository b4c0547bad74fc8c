//! Resident memory over many edits of a 2,000-line file: random edits in
//! bodies and structural ones (definitions added, removed, their
//! signatures changed), each followed by the file's diagnostics and a
//! hover, as an editor asks. Memory must reach a plateau: salsa's results
//! for declarations that are gone are dropped (their `ItemSource` inputs
//! are emptied, and the workspace re-runs their checks without a tree, so
//! the environments their states held are freed).
//!
//! Ignored by default (minutes in a debug build); run it with
//! `cargo test --release -p runic-queries --test soak -- --ignored --nocapture`
//! (`SOAK_EDITS` sets the number of edits, 10,000 by default). It prints
//! the resident memory every 1,000 edits and asserts that it grew by less
//! than 30 MB after the first 1,000.

use runic_queries::ide::hover;
use runic_queries::{file_diagnostics, TextSize, Workspace};

#[path = "../benches/program/mod.rs"]
mod program;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Resident memory in bytes (Linux; 0 where `/proc` is missing).
fn resident() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

/// A small deterministic generator (xorshift), so runs repeat.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The start of every top-level `def` of `text`.
fn def_starts(text: &str) -> Vec<usize> {
    let mut starts: Vec<usize> = text.match_indices("\ndef ").map(|(i, _)| i + 1).collect();
    if text.starts_with("def ") {
        starts.insert(0, 0);
    }
    starts
}

/// One edit of `text`: which kind is drawn at random.
fn edit(text: &mut String, rng: &mut Rng, added: &mut Vec<String>, next: &mut usize) {
    match rng.below(4) {
        // Inside a body: a literal of some `collatz` loop changes.
        0 => {
            let sites: Vec<usize> = text.match_indices("steps + 1)").map(|(i, _)| i).collect();
            if let Some(&at) = sites.get(rng.below(sites.len().max(1))) {
                text.replace_range(at..at + "steps + 1)".len(), "steps + 1 )");
            } else if let Some(at) = text.find("steps + 1 )") {
                text.replace_range(at..at + "steps + 1 )".len(), "steps + 1)");
            }
        }
        // A new definition before some definition.
        1 => {
            let starts = def_starts(text);
            let at = starts[rng.below(starts.len())];
            let name = format!("extra_{next}");
            *next += 1;
            text.insert_str(at, &format!("def {name} (x: i32) : i32 = x + {next}\n\n"));
            added.push(name);
        }
        // An added definition goes.
        2 if !added.is_empty() => {
            let name = added.swap_remove(rng.below(added.len()));
            let head = format!("def {name} ");
            let start = text.find(&head).expect("an added definition");
            let end = start + text[start..].find("\n\n").expect("its end") + 2;
            text.replace_range(start..end, "");
        }
        // An added definition's signature changes (i32 <-> i64).
        _ if !added.is_empty() => {
            let name = &added[rng.below(added.len())];
            let narrow = format!("def {name} (x: i32) : i32");
            let wide = format!("def {name} (x: i64) : i64");
            if let Some(at) = text.find(&narrow) {
                text.replace_range(at..at + narrow.len(), &wide);
            } else if let Some(at) = text.find(&wide) {
                text.replace_range(at..at + wide.len(), &narrow);
            }
        }
        _ => {}
    }
}

#[test]
#[ignore]
fn memory_stays_flat_over_ten_thousand_edits() {
    let edits: usize = std::env::var("SOAK_EDITS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000);
    let mut text = program::program(2_000);
    let mut ws = Workspace::new();
    let file = ws.set_text("soak.fut", text.clone());
    assert!(file_diagnostics(ws.db(), file).is_empty());
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut added, mut next) = (Vec::new(), 0);
    let mut after_warm_up = 0;
    let mut peak = 0;
    let start = std::time::Instant::now();
    let every = (edits / 10).max(1);
    for i in 1..=edits {
        edit(&mut text, &mut rng, &mut added, &mut next);
        ws.set_text("soak.fut", text.clone());
        let _ = file_diagnostics(ws.db(), file).len();
        let at = text.rfind("let m = mean_").expect("a use") + "let m = ".len() + 2;
        let _ = hover(ws.db(), file, TextSize::new(at as u32));
        if i % every == 0 {
            let now = resident();
            println!(
                "{i} edits: resident {:.1} MB ({} definitions added, {:.0} s)",
                now as f64 / 1e6,
                added.len(),
                start.elapsed().as_secs_f64()
            );
            if i == every {
                after_warm_up = now;
            }
            peak = peak.max(now);
        }
    }
    if edits >= 2_000 {
        let growth = peak.saturating_sub(after_warm_up);
        assert!(
            growth < 30_000_000,
            "resident memory grew by {:.1} MB after the first {every} edits",
            growth as f64 / 1e6
        );
    }
}
