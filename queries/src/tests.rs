//! Tests of the queries: incrementality through salsa's event log, and
//! snapshots of each query's answer on a small program.

use expect_test::{expect, Expect};
use salsa::plumbing::AsId;

use crate::*;

const PROGRAM: &str = "\
-- | Adds one.
def f (x: i32) = x + 1

def g (y: i32) =
  let z = y * 2
  in z + 1

type t = i32

entry main (xs: []i32) = map g xs
";

fn workspace(text: &str) -> (Workspace, File) {
    workspace_on(RootDatabase::with_event_log(), text)
}

fn workspace_on(db: RootDatabase, text: &str) -> (Workspace, File) {
    let mut ws = Workspace::with_db(db);
    let file = ws.set_text("test.fut", text.to_string());
    (ws, file)
}

/// Runs every per-file query, as the language server does after an edit.
fn run_all(db: &RootDatabase, file: File) {
    let _ = file_diagnostics(db, file);
    let _ = document_symbols(db, file);
}

/// The names of the items whose `query` executed, sorted.
fn executed_for(db: &RootDatabase, file: File, query: &str) -> Vec<String> {
    let executed = db.take_executed();
    let mut names: Vec<String> = items(db, file)
        .into_iter()
        .filter(|item| {
            executed
                .iter()
                .any(|e| e.query == query && e.key == item.as_id())
        })
        .map(|item| item.key(db).name.clone().unwrap_or_default())
        .collect();
    names.sort();
    names
}

#[test]
fn edit_in_one_body_reruns_only_that_item() {
    let (mut ws, file) = workspace(PROGRAM);
    run_all(ws.db(), file);
    let first = ws.db().take_executed();
    assert!(first.iter().filter(|e| e.query == "item_symbols").count() == 4);

    // Grows g's body, which shifts every later declaration.
    ws.set_text("test.fut", PROGRAM.replace("in z + 1", "in z + 1000"));
    run_all(ws.db(), file);
    let executed = ws.db().take_executed();
    let count = |query: &str| executed.iter().filter(|e| e.query == query).count();
    assert_eq!(count("parse"), 1);
    assert_eq!(count("item_tree"), 1);
    assert_eq!(count("item_symbols"), 1, "{executed:#?}");

    ws.set_text("test.fut", PROGRAM.replace("in z + 1", "in z + 7"));
    run_all(ws.db(), file);
    assert_eq!(executed_for(ws.db(), file, "item_symbols"), ["g"]);
}

/// Runs the file's diagnostics (the type checker item by item) and then
/// returns the names of the items the checker ran on.
fn checked_items(ws: &Workspace, file: File) -> Vec<String> {
    let _ = file_diagnostics(ws.db(), file);
    executed_for(ws.db(), file, "item_checked")
}

#[test]
fn edit_in_one_body_rechecks_only_that_item() {
    edit_in_one_body_rechecks_only_that_item_on(RootDatabase::with_event_log());
}

#[test]
fn on_one_thread_an_edit_in_one_body_rechecks_only_that_item() {
    edit_in_one_body_rechecks_only_that_item_on(RootDatabase::with_event_log().sequential());
}

fn edit_in_one_body_rechecks_only_that_item_on(db: RootDatabase) {
    let (mut ws, file) = workspace_on(db, PROGRAM);
    assert_eq!(checked_items(&ws, file), ["", "f", "g", "main", "t"][1..]);
    // The first edit of a declaration lowers its tree's durability, which
    // salsa never backdates across: `g`'s users run once more here.
    ws.set_text("test.fut", PROGRAM.replace("in z + 1", "in z + 10"));
    let _ = checked_items(&ws, file);

    // g's body grows, shifting every later item, but g's type stays.
    ws.set_text("test.fut", PROGRAM.replace("in z + 1", "in z + 1000"));
    assert_eq!(checked_items(&ws, file), ["g"]);

    // A type error inside g is g's alone.
    ws.set_text("test.fut", PROGRAM.replace("in z + 1", "in z + true"));
    assert_eq!(checked_items(&ws, file), ["g"]);
    let messages: Vec<String> = file_diagnostics(ws.db(), file)
        .iter()
        .map(|d| d.message.clone())
        .collect();
    assert_eq!(messages.len(), 1, "{messages:?}");
}

#[test]
fn changing_a_type_rechecks_the_items_after_it() {
    let (mut ws, file) = workspace(PROGRAM);
    let _ = checked_items(&ws, file);
    // g now returns f64: main (which maps g) must be checked again; f,
    // before g, must not.
    ws.set_text(
        "test.fut",
        PROGRAM
            .replace("def g (y: i32) =", "def g (y: i32) : f64 =")
            .replace("in z + 1", "in f64.i32 z"),
    );
    assert_eq!(checked_items(&ws, file), ["g", "main", "t"]);
}

#[test]
fn item_by_item_diagnostics_cite_file_positions() {
    let text =
        "def f (xs: *[]i32) =\n  let ys = xs with [0] = 1\n  in xs[0]\n\ndef g = 1\ndef g = 2\n";
    check_diagnostics(
        text,
        expect![[r#"
            Diagnostic { severity: Error, message: "Using variable \"xs\", but this was consumed at 2:12-14.  (Possibly through aliases.)", range: 53..55, code: Some("use-after-consume"), related: [Related { range: 32..34, message: "\"xs\" consumed here, by an in-place update (\"with\")" }, Related { range: 53..55, message: "\"xs\" used again here" }] }
            Diagnostic { severity: Warning, message: "Defaulting ambiguous type to i32.", range: 64..65, code: Some("ambiguous-type"), related: [] }
            Diagnostic { severity: Warning, message: "Defaulting ambiguous type to i32.", range: 74..75, code: Some("ambiguous-type"), related: [] }
            Diagnostic { severity: Error, message: "Duplicate definition of name g.\nPreviously defined at 5:5.", range: 74..75, code: Some("duplicate-definition"), related: [Related { range: 64..65, message: "\"g\" first defined here" }] }"#]],
    );
}

#[test]
fn shifted_items_keep_absolute_ranges_right() {
    let (mut ws, file) = workspace(PROGRAM);
    run_all(ws.db(), file);
    let text = PROGRAM.replace("x + 1", "x + 12345");
    ws.set_text("test.fut", text.clone());
    let fresh = Workspace::new();
    let fresh_file = File::new(fresh.db(), "fresh.fut".into(), text);
    assert_eq!(
        document_symbols(ws.db(), file),
        document_symbols(fresh.db(), fresh_file)
    );
}

#[test]
fn inserting_a_declaration_keeps_other_items() {
    let (mut ws, file) = workspace(PROGRAM);
    run_all(ws.db(), file);
    ws.db().take_executed();
    let text = PROGRAM.replace("type t", "def h = 3\n\ntype t");
    ws.set_text("test.fut", text);
    run_all(ws.db(), file);
    assert_eq!(executed_for(ws.db(), file, "item_symbols"), ["h"]);
}

#[test]
fn setting_the_same_text_runs_nothing() {
    let (mut ws, file) = workspace(PROGRAM);
    run_all(ws.db(), file);
    ws.db().take_executed();
    ws.set_text("test.fut", PROGRAM.to_string());
    run_all(ws.db(), file);
    assert_eq!(ws.db().take_executed(), Vec::new());
}

#[test]
fn workspace_registry() {
    let mut ws = Workspace::new();
    let a = ws.set_text("a.fut", "def a = 1".into());
    assert_eq!(ws.file("a.fut"), Some(a));
    assert_eq!(ws.set_text("a.fut", "def a = 2".into()), a);
    assert_eq!(a.text(ws.db()), "def a = 2");
    assert_eq!(ws.files().count(), 1);
    assert_eq!(ws.remove("a.fut"), Some(a));
    assert_eq!(ws.file("a.fut"), None);
    assert_eq!(ws.remove("a.fut"), None);
}

fn check_item_tree(text: &str, expect: Expect) {
    let tree = ItemTree::from_root(&runic_syntax::parse(text).syntax());
    let lines: Vec<String> = tree
        .items()
        .iter()
        .map(|item| {
            format!(
                "{:?} {:?} #{} local={} {:?} name={:?}",
                item.key.kind,
                item.key.name,
                item.key.index,
                item.local,
                item.range,
                item.name_range
            )
        })
        .collect();
    expect.assert_eq(&lines.join("\n"));
}

#[test]
fn item_tree_lists_declarations() {
    check_item_tree(
        "def f = 1\nlocal def g x = x\ndef f = 2\nopen M\nimport \"x\"\nmodule type S = {}\nentry e = 0",
        expect![[r#"
            Value Some("f") #0 local=false 0..9 name=Some(4..5)
            Value Some("g") #0 local=true 10..27 name=Some(20..21)
            Value Some("f") #1 local=false 28..37 name=Some(32..33)
            Open None #0 local=false 38..44 name=None
            Import None #0 local=false 45..55 name=None
            ModuleType Some("S") #0 local=false 56..74 name=Some(68..69)
            Entry Some("e") #0 local=false 75..86 name=Some(81..82)"#]],
    );
}

fn check_diagnostics(text: &str, expect: Expect) {
    let (ws, file) = workspace(text);
    let lines: Vec<String> = file_diagnostics(ws.db(), file)
        .iter()
        .map(|d| format!("{d:?}"))
        .collect();
    expect.assert_eq(&lines.join("\n"));
}

#[test]
fn diagnostics_of_syntax_errors_and_duplicates() {
    check_diagnostics(
        "def f x x = x\ndef g = let (a, a) = (1, 2) in a\ndef h = (",
        expect![[r#"
            Diagnostic { severity: Error, message: "Name \"x\" also bound at 1:7.", range: 8..9, code: Some("bound-twice"), related: [Related { range: 6..7, message: "\"x\" first bound here" }] }
            Diagnostic { severity: Warning, message: "Defaulting ambiguous type to i32.", range: 18..19, code: Some("ambiguous-type"), related: [] }
            Diagnostic { severity: Error, message: "Name \"a\" also bound at 2:14.", range: 30..31, code: Some("bound-twice"), related: [Related { range: 27..28, message: "\"a\" first bound here" }] }
            Diagnostic { severity: Error, message: "Unexpected end of file, expected an expression.", range: 56..56, code: Some("syntax-error"), related: [] }"#]],
    );
    check_diagnostics("def ok (x: i32) = x", expect![[""]]);
}

fn check_symbols(text: &str, expect: Expect) {
    let (ws, file) = workspace(text);
    let mut out = String::new();
    for symbol in document_symbols(ws.db(), file) {
        write_symbol(&mut out, symbol, 0);
    }
    expect.assert_eq(&out);
}

fn write_symbol(out: &mut String, symbol: &Symbol, depth: usize) {
    out.push_str(&format!(
        "{}{:?} {} {:?} {:?} {:?}\n",
        "  ".repeat(depth),
        symbol.kind,
        symbol.name,
        symbol.detail,
        symbol.range,
        symbol.name_range
    ));
    for child in &symbol.children {
        write_symbol(out, child, depth + 1);
    }
}

#[test]
fn symbols_nest_module_members() {
    check_symbols(
        "\
module M = {
  type t = i32
  def f (x: i32): i32 = x + 1
  local def c = 2
}
module type S = {
  type t
  val f : i32 -> i32
  module N : { val x : i32 }
}
def (+^) a b = a
entry main (xs: []i32) = xs
",
        expect![[r#"
            Module M None 0..77 7..8
              Type t None 15..27 20..21
              Function f Some("(x: i32): i32") 30..57 34..35
              Value c None 60..75 70..71
            ModuleType S None 78..156 90..91
              Type t None 98..104 103..104
              Function f Some("i32 -> i32") 107..125 111..112
              Module N None 128..154 135..136
                Value x Some("i32") 141..152 145..146
            Function (+^) Some("a b") 157..173 161..165
            Entry main Some("(xs: []i32)") 174..201 180..184
        "#]],
    );
}

fn check_highlights(text: &str, expect: Expect) {
    let (ws, file) = workspace(text);
    let lines: Vec<String> = highlights(ws.db(), file)
        .iter()
        .map(|h| {
            let slice = &text[h.range.start().into()..h.range.end().into()];
            let mut line = format!("{:?} {slice:?}", h.tag);
            if h.declaration {
                line.push_str(" decl");
            }
            if h.documentation {
                line.push_str(" doc");
            }
            line
        })
        .collect();
    expect.assert_eq(&lines.join("\n"));
}

#[test]
fn highlights_classify_tokens() {
    check_highlights(
        "-- | doc\ndef f 'a (x: M.t) = let y = #c 1.5 in \"s\" ++ y\nmodule type S = { type t }",
        expect![[r##"
            Comment "-- | doc" doc
            Keyword "def"
            Function "f" decl
            TypeParameter "a" decl
            Parameter "x" decl
            Module "M"
            Type "t"
            Keyword "let"
            Variable "y" decl
            Constructor "#c"
            Number "1.5"
            Keyword "in"
            String "\"s\""
            Operator "++"
            Variable "y"
            Keyword "module"
            Keyword "type"
            ModuleType "S" decl
            Keyword "type"
            Type "t" decl"##]],
    );
}

fn check_folds(text: &str, expect: Expect) {
    let (ws, file) = workspace(text);
    let lines: Vec<String> = folding_ranges(ws.db(), file)
        .iter()
        .map(|f| {
            let slice = &text[f.range.start().into()..f.range.end().into()];
            format!("{:?} {slice:?}", f.kind)
        })
        .collect();
    expect.assert_eq(&lines.join("\n"));
}

#[test]
fn folds_cover_blocks() {
    check_folds(
        "\
import \"a\"
import \"b\"
-- one
-- two

def f x =
  let y =
    x + 1
  in loop acc = y for i < 3 do
       acc * 2
",
        expect![[r#"
            Imports "import \"a\"\nimport \"b\""
            Comment "-- one\n-- two"
            Region "def f x =\n  let y =\n    x + 1\n  in loop acc = y for i < 3 do\n       acc * 2"
            Region "let y =\n    x + 1"
            Region "loop acc = y for i < 3 do\n       acc * 2""#]],
    );
}

#[test]
fn folds_of_a_long_let_chain_come_from_one_walk() {
    // Each `let` of a nested chain folds from its keyword to the end of
    // its value; finding the ends once per node (not by a walk of the
    // node's tokens) keeps this linear: 4,000 links once took minutes.
    let links = 20_000;
    let mut text = String::from("def f (x: i32) : i32 =\n");
    for i in 0..links {
        text.push_str(&format!("  let x{} = x + {i}\n", i + 1));
    }
    text.push_str("  in x\n");
    let parse = runic_syntax::parse(&text);
    let folds = crate::fold_syntax(&parse.syntax());
    assert_eq!(folds.len(), links + 1);
    let last = folds.last().expect("a fold");
    let at = usize::from(last.range.start());
    assert_eq!(
        &text[at..usize::from(last.range.end())],
        format!("let x{links} = x + {}", links - 1)
    );
}

const RICH: &str = "\
-- | A module.
module M = {
  type t = i32
  def f (x: i32) = x + 1
  local def g 'a [n] (xs: [n]a) = xs
}
module type S = { type t  val f : i32 -> i32 }
entry main (xs: []i32) =
  let y = loop acc = 0 for x in xs do acc + x
  in match y case 0 -> #foo case _ -> #bar
def (+^) a b = a
type sum = #a | #b i32
module F (P: S) = { def z = P.f 1 }
def dup x x = \\(y, y) -> 'é'
";

/// Every query's answer for the file's current text.
fn answers(db: &RootDatabase, file: File) -> String {
    format!(
        "{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        item_tree(db, file),
        file_diagnostics(db, file),
        document_symbols(db, file),
        highlights(db, file),
        folding_ranges(db, file),
    )
}

#[test]
fn incremental_answers_equal_fresh_ones_on_every_prefix() {
    let (mut ws, file) = workspace("");
    let boundaries = RICH.char_indices().map(|(i, _)| i).chain([RICH.len()]);
    for end in boundaries {
        let text = &RICH[..end];
        ws.set_text("test.fut", text.to_string());
        let fresh = Workspace::new();
        let fresh_file = File::new(fresh.db(), "fresh.fut".into(), text.to_string());
        assert_eq!(
            answers(ws.db(), file),
            answers(fresh.db(), fresh_file),
            "prefix of {end} bytes"
        );
    }
}

#[test]
fn incremental_answers_equal_fresh_ones_when_deleting_each_line() {
    let (mut ws, file) = workspace(RICH);
    let lines: Vec<&str> = RICH.split_inclusive('\n').collect();
    for skip in 0..lines.len() {
        let text: String = lines
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != skip)
            .map(|(_, line)| *line)
            .collect();
        ws.set_text("test.fut", text.clone());
        let fresh = Workspace::new();
        let fresh_file = File::new(fresh.db(), "fresh.fut".into(), text);
        assert_eq!(answers(ws.db(), file), answers(fresh.db(), fresh_file));
    }
}

#[test]
fn load_imports_reads_what_is_missing_transitively() {
    let files: std::collections::HashMap<&str, &str> = [
        ("p/lib.fut", "import \"util/more\"\ndef lib (x: i32) = x\n"),
        ("p/util/more.fut", "import \"../lib\"\ndef more = 1i32\n"),
        ("p/open.fut", "import \"lib\"\ndef opened = true\n"),
    ]
    .into_iter()
    .collect();
    let mut ws = Workspace::new();
    let main = ws.set_text(
        "p/main.fut",
        "import \"lib\"\nimport \"open\"\nimport \"gone\"\ndef main = lib 1\n".into(),
    );
    // An open document: held already, so never read, but its imports are followed.
    ws.set_text(
        "p/open.fut",
        "import \"util/more\"\ndef opened = 1\n".into(),
    );
    let mut asked = Vec::new();
    let reached = ws.load_imports("p/main.fut", |path| {
        asked.push(path.to_string());
        files.get(path).map(|text| text.to_string())
    });
    asked.sort();
    assert_eq!(asked, ["p/gone.fut", "p/lib.fut", "p/util/more.fut"]);
    let mut reached = reached;
    reached.sort();
    assert_eq!(reached, ["p/lib.fut", "p/open.fut", "p/util/more.fut"]);
    assert_eq!(
        ws.file("p/open.fut").unwrap().text(ws.db()),
        "import \"util/more\"\ndef opened = 1\n"
    );
    // The missing import is the only problem the checker finds.
    let messages: Vec<String> = file_diagnostics(ws.db(), main)
        .iter()
        .map(|d| d.message.clone())
        .collect();
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(messages[0].contains("gone"), "{messages:?}");
    // Loading again asks only for what is still missing.
    let again = ws.load_imports("p/main.fut", |path| {
        assert_eq!(path, "p/gone.fut");
        None
    });
    assert_eq!(again.len(), 3);
}

#[test]
fn imports_of_finds_imports_among_declarations_and_module_expressions() {
    let text = "\
import \"a\"
module m = import \"b\"
module n = {
  import \"c\"
  open import \"d\"
  def x = 1
}
local open import \"e\"
def f (x: i32) = x
type t = i32
module f2 (p: {val y: i32}) = import \"g\"
module k = f2 (import \"h\")
";
    let tree = runic_syntax::parse(text).syntax();
    assert_eq!(
        imports_of("dir/main.fut", &tree),
        [
            "dir/a.fut",
            "dir/b.fut",
            "dir/c.fut",
            "dir/d.fut",
            "dir/e.fut",
            "dir/g.fut",
            "dir/h.fut"
        ]
    );
}

/// Many items, with errors in bodies of definitions with and without
/// written types, in a module and in a functor body.
fn many_items(count: usize) -> String {
    let mut text = String::new();
    for i in 0..count {
        text.push_str(&match i % 5 {
            0 => format!("def a{i} (x: i32) : i32 = x + {}\n\n", if i % 3 == 0 { "true" } else { "1" }),
            1 => format!("def b{i} (x: i32) = x * a{} 2\n\n", i - 1),
            2 => format!("module m{i} = {{ def f (y: f32) : f32 = y + {} }}\n\n", if i % 4 == 2 { "1i32" } else { "1" }),
            3 => format!("module p{i} (M: {{ val k : i32 }}) = {{ def g (z: i32) : i32 = z + M.k + {} }}\n\n", if i % 2 == 1 { "true" } else { "1" }),
            _ => format!("module q{i} = p{} {{ def k : i32 = {i} }}\ndef c{i} : i32 = q{i}.g (b{} {i})\n\n", i - 1, i - 3),
        });
    }
    text
}

#[test]
fn items_checked_in_parallel_report_what_a_whole_file_check_does() {
    let text = many_items(60);
    let (ws, file) = workspace(&text);
    let by_items: Vec<(TextRange, String)> = file_diagnostics(ws.db(), file)
        .iter()
        .map(|d| (d.range, d.message.clone()))
        .collect();
    let whole: Vec<(TextRange, String)> = check_file(ws.db(), file)
        .diagnostics
        .iter()
        .map(|d| (d.range, d.message.clone()))
        .collect();
    assert!(by_items.len() >= 10, "{by_items:#?}");
    assert_eq!(by_items, whole);
    let (sequential, sequential_file) = workspace_on(RootDatabase::new().sequential(), &text);
    assert_eq!(
        file_diagnostics(sequential.db(), sequential_file),
        file_diagnostics(ws.db(), file)
    );
}

#[test]
fn a_write_during_a_parallel_check_cancels_it() {
    let text = many_items(400);
    let mut ws = Workspace::new();
    let file = ws.set_text("test.fut", text.clone());
    let snapshot = ws.snapshot();
    let (started, wait_started) = std::sync::mpsc::channel();
    let checking = std::thread::spawn(move || {
        let _ = started.send(());
        Cancelled::catch(|| file_diagnostics(&snapshot, file).len())
    });
    wait_started.recv().expect("the checking thread starts");
    // The write waits until the snapshot and the workers' forks are dropped.
    let edited = text.replacen("x + 1", "x + 2", 1);
    ws.set_text("test.fut", edited.clone());
    let outcome = checking.join().expect("no panic but cancellation");
    if let Ok(count) = outcome {
        assert!(count >= 10, "a finished check reports everything");
    }
    // The new revision is checked in full, as a fresh workspace checks it.
    let mut fresh = Workspace::new();
    let fresh_file = fresh.set_text("test.fut", edited);
    assert_eq!(
        file_diagnostics(ws.db(), file),
        file_diagnostics(fresh.db(), fresh_file)
    );
}

/// Definitions whose types need their bodies (`f`'s return size, `g`'s
/// missing return type) enter the chain of states deferred; the items
/// after them that use them get their inferred types all the same.
const DEFERRED: &str = "\
def f (n: i64) : []i64 = iota n

def g (x: i32) = x + 1

def fits : [3]i64 = f 3

def wrong : [4]i64 = f 3

def h (y: i32) : i32 = g y

entry main (xs: []i32) = map h xs
";

fn messages(ws: &Workspace, file: File) -> Vec<(TextRange, String)> {
    file_diagnostics(ws.db(), file)
        .iter()
        .map(|d| (d.range, d.message.clone()))
        .collect()
}

#[test]
fn deferred_definitions_give_their_users_their_inferred_types() {
    let (ws, file) = workspace(DEFERRED);
    let found = messages(&ws, file);
    assert_eq!(found.len(), 1, "{found:#?}");
    let wrong = DEFERRED.find("f 3\n\ndef h").expect("wrong's body");
    assert!(
        found[0].0.start() >= TextSize::from(wrong as u32 - 30),
        "{found:#?}"
    );
    let whole: Vec<(TextRange, String)> = check_file(ws.db(), file)
        .diagnostics
        .iter()
        .map(|d| (d.range, d.message.clone()))
        .collect();
    assert_eq!(found, whole);
    let (sequential, sequential_file) = workspace_on(RootDatabase::new().sequential(), DEFERRED);
    assert_eq!(messages(&sequential, sequential_file), found);
}

#[test]
fn a_deferred_definition_rechecks_its_users_only_when_its_type_changes() {
    let (mut ws, file) = workspace(DEFERRED);
    let _ = checked_items(&ws, file);
    // The first edit of `g` lowers its tree's durability (see above).
    ws.set_text("test.fut", DEFERRED.replace("x + 1", "x + 3"));
    let _ = checked_items(&ws, file);

    // g's body changes, its type does not: only g is checked again.
    ws.set_text("test.fut", DEFERRED.replace("x + 1", "x + 2"));
    assert_eq!(checked_items(&ws, file), ["g"]);

    // g now returns an f32: h, which uses it, is checked again (and is
    // wrong); the other items are not.
    ws.set_text("test.fut", DEFERRED.replace("x + 1", "f32.i32 x"));
    assert_eq!(checked_items(&ws, file), ["g", "h"]);
    let found = messages(&ws, file);
    assert_eq!(found.len(), 2, "{found:#?}");
}

#[test]
fn an_importer_sees_the_inferred_types_of_deferred_definitions() {
    let mut ws = Workspace::new();
    ws.set_text("lib.fut", "def twice (x: i32) = x * 2\n".to_string());
    let main = ws.set_text(
        "main.fut",
        "import \"lib\"\ndef four : i32 = twice 2\ndef bad : bool = twice 2\n".to_string(),
    );
    let found = messages(&ws, main);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].1.contains("i32"), "{found:#?}");
}
