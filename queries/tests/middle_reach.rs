//! The middle end of an entry point elaborates only the declarations it
//! may reach, with the types of their own checks: after an edit inside a
//! function that some entry points reach, only that function is analysed
//! again and only those entry points are compiled again, and what each
//! gives is what elaborating the whole file gives.

use runic_queries::middle::{entry_irs, lower, EntryKey};
use runic_queries::{items, RootDatabase, Workspace};
use salsa::plumbing::AsId;

#[path = "../benches/program/mod.rs"]
#[allow(dead_code)]
mod program;

const PROGRAM: &str = "\
-- | Scales every element.
def scale (k: i32) (xs: []i32) = map (\\x -> x * k) xs

type pair = (i32, f32)

module type monoid = { type t val op : t -> t -> t val ne : t }

module add_i32 : monoid with t = i32 = { type t = i32 def op = (+) def ne = 0i32 }

module fold (M: monoid) = { def all (xs: []M.t) : M.t = reduce M.op M.ne xs }

module sum = fold add_i32

local def bump (p: pair) : pair = (p.0 + 1, p.1 * 2)

def unused (x: i64) = x * 2

entry doubled (xs: []i32) = scale 2 xs

entry total (xs: []i32) : i32 = sum.all (scale 3 xs)

entry bumped (xs: []i32) (ys: []f32) = unzip (map bump (zip xs ys))

entry shape (n: i64) : [n]i64 = map (\\i -> i * 2) (iota n)
";

/// Each entry point's two stages through `entry_irs`.
fn by_queries(ws: &Workspace, path: &str) -> Vec<(String, String, String)> {
    let file = ws.file(path).expect("loaded");
    let irs = entry_irs(ws.db(), file).expect("the program compiles");
    irs.into_iter()
        .map(|(name, ir)| {
            let soacs = ir.soacs.clone().unwrap_or_else(|e| panic!("{name}: {e}"));
            let fused = ir.fused.clone().unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, soacs, fused)
        })
        .collect()
}

/// The same from the whole file, elaborated with the whole-file check.
fn by_whole_file(ws: &Workspace, path: &str) -> Vec<(String, String, String)> {
    let file = ws.file(path).expect("loaded");
    let program = lower(ws.db(), file).expect("elaborates");
    program
        .entries
        .iter()
        .map(|e| {
            let (soacs, fused) = runic_core::declared_layouts(&program, &e.name)
                .and_then(|l| runic_core::compile_entry_stages(&program, &e.name, &l))
                .unwrap_or_else(|err| panic!("{}: {err}", e.name));
            (
                e.name.clone(),
                soacs,
                runic_core::print::program(&fused.program),
            )
        })
        .collect()
}

#[test]
fn each_entry_point_compiles_as_from_the_whole_file() {
    let mut ws = Workspace::new();
    ws.set_text("test.fut", PROGRAM.to_string());
    assert_eq!(by_queries(&ws, "test.fut"), by_whole_file(&ws, "test.fut"));

    let text = program::program(400);
    ws.set_text("bench.fut", text);
    let irs = by_queries(&ws, "bench.fut");
    assert!(irs.len() >= 3, "{}", irs.len());
    assert_eq!(irs, by_whole_file(&ws, "bench.fut"));
}

#[test]
fn an_imported_file_is_elaborated_whole() {
    let mut ws = Workspace::new();
    ws.set_text(
        "lib.fut",
        "def twice (x: i32) = x * 2\ndef other (x: i32) = x - 1\n".to_string(),
    );
    ws.set_text(
        "main.fut",
        "import \"lib\"\n\nentry f (xs: []i32) = map twice xs\n".to_string(),
    );
    assert_eq!(by_queries(&ws, "main.fut"), by_whole_file(&ws, "main.fut"));
}

/// Runs the middle end, then gives the names of the declarations whose
/// `item_analysis` (its memo, `item_analysis_query`) executed and of the entry points whose `entry_ir` did.
fn reran(ws: &Workspace) -> (Vec<String>, Vec<String>) {
    let db = ws.db();
    let file = ws.file("test.fut").expect("loaded");
    let names: Vec<String> = entry_irs(db, file)
        .expect("the program compiles")
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    let executed = db.take_executed();
    let ran = |query: &str, id: salsa::Id| executed.iter().any(|e| e.query == query && e.key == id);
    let analysed = items(db, file)
        .into_iter()
        .filter(|item| ran("item_analysis_query", item.as_id()))
        .map(|item| item.key(db).name.clone().unwrap_or_default())
        .collect();
    let compiled = names
        .into_iter()
        .filter(|name| ran("entry_ir", EntryKey::new(db, file, name.clone()).as_id()))
        .collect();
    (analysed, compiled)
}

#[test]
fn an_edit_in_a_reached_function_rechecks_it_and_recompiles_its_callers() {
    let mut ws = Workspace::with_db(RootDatabase::with_event_log());
    ws.set_text("test.fut", PROGRAM.to_string());
    let (analysed, compiled) = reran(&ws);
    assert!(!analysed.contains(&"unused".to_string()), "{analysed:?}");
    assert_eq!(compiled, ["doubled", "total", "bumped", "shape"]);

    // The first edit of a declaration lowers its tree's durability, which
    // salsa never backdates across: what uses `scale` runs once more here.
    ws.set_text("test.fut", PROGRAM.replace("x * k", "x * (k)"));
    let _ = reran(&ws);

    // Inside `scale`, which `doubled` and `total` reach.
    let edited = PROGRAM.replace("x * k", "x + k");
    ws.set_text("test.fut", edited.clone());
    assert_eq!(
        reran(&ws),
        (vec!["scale".into()], vec!["doubled".into(), "total".into()])
    );

    // Inside the functor's body, which `total` reaches through `sum`: the
    // checker's state after `fold` holds its body, so what follows is
    // analysed again, but only `total` compiles again.
    let edited = edited.replace("reduce M.op", "reduce (M.op)");
    ws.set_text("test.fut", edited.clone());
    let (analysed, compiled) = reran(&ws);
    assert_eq!(analysed.first().map(String::as_str), Some("fold"));
    assert_eq!(compiled, ["total"]);

    // Inside a local function, which only `bumped` reaches.
    let edited = edited.replace("p.1 * 2", "p.1 * 3");
    ws.set_text("test.fut", edited.clone());
    assert_eq!(reran(&ws), (vec!["bump".into()], vec!["bumped".into()]));

    // Inside a function no entry point reaches: nothing is elaborated,
    // and its analysis is not asked for.
    let edited = edited.replace("x * 2\n", "x * 3\n");
    ws.set_text("test.fut", edited.clone());
    assert_eq!(reran(&ws), (vec![], vec![]));

    // A line added above `shape` moves it alone.
    let edited = edited.replace("\nentry shape", "\n\nentry shape");
    ws.set_text("test.fut", edited.clone());
    assert_eq!(reran(&ws), (vec![], vec!["shape".into()]));
}
