//! Data-driven tests of the IDE layer: fixtures with a cursor marker
//! `$0` (and `//- name.fut` headers for several files), answers checked
//! against expect-test snapshots.

use expect_test::{expect, Expect};
use salsa::plumbing::AsId;

use super::*;
use crate::HighlightTag;
use crate::{RootDatabase, Workspace};

/// A workspace of the fixture's files; the file and offset of `$0`.
fn fixture(text: &str) -> (Workspace, File, TextSize) {
    let mut ws = Workspace::with_db(RootDatabase::with_event_log());
    let mut cursor = None;
    let mut files: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("//- ") {
            files.push((name.trim().to_string(), String::new()));
            continue;
        }
        if files.is_empty() {
            files.push(("main.fut".into(), String::new()));
        }
        let (name, body) = files.last_mut().expect("a file");
        if let Some(at) = line.find("$0") {
            cursor = Some((name.clone(), body.len() + at));
        }
        body.push_str(&line.replace("$0", ""));
        body.push('\n');
    }
    for (name, body) in &files {
        ws.set_text(name, body.clone());
    }
    let (name, offset) = cursor.expect("a $0 marker");
    let file = ws.file(&name).expect("the cursor's file");
    (ws, file, TextSize::from(offset as u32))
}

fn check_hover(text: &str, expect: Expect) {
    let (ws, file, offset) = fixture(text);
    let actual = hover(ws.db(), file, offset).map_or("no hover".into(), |h| {
        let shown = &file.text(ws.db())[std::ops::Range::<usize>::from(h.range)];
        format!("[{shown}]\n{}", h.markdown)
    });
    expect.assert_eq(&actual);
}

/// A place as `file:line:col: the line`, the target underlined by `^`.
fn show_place(ws: &Workspace, place: &Place) -> String {
    let (name, text, range) = match place {
        Place::File { path, range } => {
            let file = ws.file(path).expect("a workspace file");
            (path.clone(), file.text(ws.db()).clone(), *range)
        }
        Place::Prelude { file, range } => (
            format!("prelude/{file}.fut"),
            prelude_source(file).expect("a prelude file").to_string(),
            *range,
        ),
    };
    let start = usize::from(range.start());
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let line_no = text[..start].matches('\n').count() + 1;
    format!(
        "{name}:{line_no}: {}\n{}{}",
        &text[line_start..line_end],
        " ".repeat(start - line_start + name.len() + line_no.to_string().len() + 3),
        "^".repeat(usize::from(range.len()).max(1))
    )
}

fn check_definition(text: &str, expect: Expect) {
    let (ws, file, offset) = fixture(text);
    let actual =
        definition(ws.db(), file, offset).map_or("no definition".into(), |p| show_place(&ws, &p));
    expect.assert_eq(&actual);
}

fn check_type_definition(text: &str, expect: Expect) {
    let (ws, file, offset) = fixture(text);
    let actual = type_definition(ws.db(), file, offset)
        .map_or("no type definition".into(), |p| show_place(&ws, &p));
    expect.assert_eq(&actual);
}

fn check_references(text: &str, expect: Expect) {
    let (ws, file, offset) = fixture(text);
    let places = references(ws.db(), file, offset);
    let shown: Vec<String> = places.iter().map(|p| show_place(&ws, p)).collect();
    expect.assert_eq(&shown.join("\n"));
}

#[test]
fn hover_on_a_use_of_a_top_level_function_shows_its_type_and_doc() {
    check_hover(
        r#"
-- | Adds one to every element.
def inc [n] (xs: [n]i32): [n]i32 = map (+1) xs
def main (ys: []i32) = in$0c ys
"#,
        expect![[r#"
            [inc]
            ```futhark
            val inc [n]: [n]i32 -> [n]i32
            ```

            ---

            Adds one to every element."#]],
    );
}

#[test]
fn hover_on_a_definition_name() {
    check_hover(
        "def tw$0ice (x: i64) = x * 2\n",
        expect![[r#"
            [twice]
            ```futhark
            val twice: i64 -> i64
            ```"#]],
    );
}

#[test]
fn hover_on_a_local_shows_its_inferred_type_with_sizes() {
    check_hover(
        "def f [n] (xs: [n]f32) =\n  let ys$0 = map (*2) xs\n  in ys\n",
        expect![[r#"
            [ys]
            ```futhark
            ys: *[n]f32
            ```"#]],
    );
}

#[test]
fn hover_on_a_parameter_use() {
    check_hover(
        "def f (x: i32) (y: bool) = if y then x$0 else 0\n",
        expect![[r#"
            [x]
            ```futhark
            x: i32
            ```"#]],
    );
}

#[test]
fn hover_on_a_prelude_function_shows_the_prelude_doc() {
    check_hover(
        "def f (xs: []i32) = red$0uce (+) 0 xs\n",
        expect![[r#"
            [reduce]
            ```futhark
            val reduce [n] 'a: (a -> a -> a) -> a -> [n]a -> a
            ```

            ---

            Combine all elements of `as` with the associative operator `op`, whose
            neutral element is `ne`.  The result is `ne` for an empty array.

            **Work:** *O(n ✕ W(op))*  **Span:** *O(log(n) ✕ W(op))*"#]],
    );
}

#[test]
fn hover_on_a_module_name_shows_its_module_type() {
    check_hover(
        r#"
-- | Points.
module Pt = {
  type t = (f32, f32)
  def origin : t = (0, 0)
}
def o = P$0t.origin
"#,
        expect![[r#"
            [Pt]
            ```futhark
            module Pt: {
              type t = (f32, f32)
              val origin: (f32, f32)
            }
            ```

            ---

            Points."#]],
    );
}

#[test]
fn hover_on_a_module_member() {
    check_hover(
        "module M = { def k : i32 = 3 }\ndef o = M.k$0\n",
        expect![[r#"
            [k]
            ```futhark
            val k: i32
            ```"#]],
    );
}

#[test]
fn hover_on_a_type_name() {
    check_hover(
        "type vec [n] = [n]f64\ndef f [n] (v: ve$0c [n]) = v\n",
        expect![[r#"
            [vec]
            ```futhark
            type vec [n] = [n]f64
            ```"#]],
    );
}

#[test]
fn no_hover_on_keywords_or_past_the_end() {
    check_hover("de$0f f = 1\n", expect!["no hover"]);
    let (ws, file, _) = fixture("def f = 1$0\n");
    assert_eq!(hover(ws.db(), file, TextSize::from(1000)), None);
}

#[test]
fn definition_of_a_local() {
    check_definition(
        "def f (x: i32) =\n  let y = x + 1\n  in y$0 * 2\n",
        expect![[r#"
            main.fut:2:   let y = x + 1
                              ^"#]],
    );
}

#[test]
fn definition_of_a_shadowed_local_is_the_nearest_binding() {
    check_definition(
        "def f (x: i32) =\n  let x = x + 1\n  in x$0\n",
        expect![[r#"
            main.fut:2:   let x = x + 1
                              ^"#]],
    );
}

#[test]
fn definition_across_an_import() {
    check_definition(
        r#"
//- lib.fut
def helper (x: i32) = x + 1
//- main.fut
import "lib"
def main = help$0er 2
"#,
        expect![[r#"
            lib.fut:1: def helper (x: i32) = x + 1
                           ^^^^^^"#]],
    );
}

#[test]
fn definition_in_the_prelude() {
    check_definition(
        "def f (xs: []i32) = sca$0n (+) 0 xs\n",
        expect![[r#"
            prelude/soacs.fut:103: def scan [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a): *[n]a =
                                       ^^^^"#]],
    );
}

#[test]
fn definition_of_a_module_and_a_type() {
    check_definition(
        "module M = { def k : i32 = 3 }\ndef o = M$0.k\n",
        expect![[r#"
            main.fut:1: module M = { def k : i32 = 3 }
                               ^"#]],
    );
    check_definition(
        "type t = i32\ndef f (x: t$0) = x\n",
        expect![[r#"
            main.fut:1: type t = i32
                             ^"#]],
    );
}

#[test]
fn type_definition_of_a_variable() {
    check_type_definition(
        "type point = {x: f32, y: f32}\ndef f (p: point) = p$0\n",
        expect![[r#"
            main.fut:1: type point = {x: f32, y: f32}
                             ^^^^^"#]],
    );
    check_type_definition(
        "module M : { type t val mk : i32 -> t } = { type t = i32 def mk (x: i32) = x }\ndef v = M.mk$0 1\n",
        expect![[r#"
            main.fut:1: module M : { type t val mk : i32 -> t } = { type t = i32 def mk (x: i32) = x }
                                          ^"#]],
    );
}

#[test]
fn type_definition_through_a_return_type_annotation() {
    check_type_definition(
        "type pt = (f32, f32)\ndef origin : pt = (0, 0)\ndef o = orig$0in\n",
        expect![[r#"
            main.fut:1: type pt = (f32, f32)
                             ^^"#]],
    );
}

#[test]
fn references_of_a_global_across_files() {
    check_references(
        r#"
//- lib.fut
def sq$0 (x: i32) = x * x
//- main.fut
import "lib"
def a = sq 2 + sq 3
"#,
        expect![[r#"
            lib.fut:1: def sq (x: i32) = x * x
                           ^^
            main.fut:2: def a = sq 2 + sq 3
                                ^^
            main.fut:2: def a = sq 2 + sq 3
                                       ^^"#]],
    );
}

#[test]
fn references_of_a_local_stay_in_its_binding() {
    check_references(
        "def f (x$0: i32) = x + x\ndef g (x: i32) = x\n",
        expect![[r#"
            main.fut:1: def f (x: i32) = x + x
                               ^
            main.fut:1: def f (x: i32) = x + x
                                         ^
            main.fut:1: def f (x: i32) = x + x
                                             ^"#]],
    );
}

#[test]
fn hover_after_an_edit_elsewhere_rechecks_only_the_hovered_item() {
    let text = "def a (x: i32) = x + 1\ndef b (y: i32) = y * 2\ndef c (z: i32) = z - 3\n";
    let (mut ws, file, _) = fixture(&format!("{text}$0"));
    let offset = TextSize::from(text.find("y * 2").expect("y") as u32);
    assert!(hover(ws.db(), file, offset).is_some());
    ws.db().take_executed();
    let edited = text.replace("x + 1", "x + 100");
    ws.set_text("main.fut", edited.clone());
    let offset = TextSize::from(edited.find("y * 2").expect("y") as u32);
    assert!(hover(ws.db(), file, offset).is_some());
    let executed = ws.db().take_executed();
    let names: Vec<String> = items(ws.db(), file)
        .into_iter()
        .filter(|item| {
            executed.iter().any(|e| {
                matches!(
                    e.query.as_str(),
                    "item_analysis_query" | "item_checked" | "item_state"
                ) && e.key == item.as_id()
            })
        })
        .map(|item| item.key(ws.db()).name.clone().unwrap_or_default())
        .collect();
    assert_eq!(names, vec!["a".to_string()], "{executed:?}");
}

fn check_rename(text: &str, new_name: &str, expect: Expect) {
    let (ws, file, offset) = fixture(text);
    let actual = match rename(ws.db(), file, offset, new_name) {
        Ok(places) => places
            .iter()
            .map(|p| show_place(&ws, p))
            .collect::<Vec<_>>()
            .join("\n"),
        Err(message) => format!("refused: {message}"),
    };
    expect.assert_eq(&actual);
}

#[test]
fn rename_a_local() {
    check_rename(
        "def f (x$0: i32) = x + 1\n",
        "count",
        expect![[r#"
            main.fut:1: def f (x: i32) = x + 1
                               ^
            main.fut:1: def f (x: i32) = x + 1
                                         ^"#]],
    );
}

#[test]
fn rename_refuses_bad_names_clashes_and_the_prelude() {
    let text = "def f (x$0: i32) =\n  let y = 2\n  in x + y\n";
    check_rename(
        text,
        "2x",
        expect![[
            r#"refused: "2x" is not a valid name here: expected an identifier (a letter or `_`, then letters, digits, `_` or `'`; not a keyword)."#
        ]],
    );
    check_rename(
        text,
        "let",
        expect![[
            r#"refused: "let" is not a valid name here: expected an identifier (a letter or `_`, then letters, digits, `_` or `'`; not a keyword)."#
        ]],
    );
    check_rename(
        text,
        "y",
        expect![[
            r#"refused: Cannot rename to "y": that name is already used in this declaration."#
        ]],
    );
    check_rename(
        "def g (xs: []i32) = ma$0p (+1) xs\n",
        "mapp",
        expect![[r#"refused: "map" is defined in the prelude, which cannot be renamed."#]],
    );
    check_rename(
        "//- lib.fut\ndef one = 1\ndef two = 2\n//- main.fut\nimport \"lib\"\ndef three = on$0e + two\n",
        "two",
        expect![[r#"refused: Cannot rename to "two": that name is already used in lib.fut."#]],
    );
}

#[test]
fn workspace_symbols_match_fuzzily_across_files() {
    let (ws, _, _) = fixture(
        "//- a.fut\ndef compute_sum = 1\nmodule Geo = { def area = 2 }\n//- b.fut\ndef summary$0 = 3\n",
    );
    let found: Vec<String> = workspace_symbols(ws.db(), "sum")
        .into_iter()
        .map(|s| format!("{} in {} ({:?})", s.name, s.path, s.container))
        .collect();
    expect![[r#"
        compute_sum in a.fut (None)
        summary in b.fut (None)"#]]
    .assert_eq(&found.join("\n"));
    let nested: Vec<String> = workspace_symbols(ws.db(), "ARa")
        .into_iter()
        .map(|s| format!("{} ({:?})", s.name, s.container))
        .collect();
    expect![[r#"area (Some("Geo"))"#]].assert_eq(&nested.join("\n"));
}

fn check_inlay(text: &str, expect: Expect) {
    let (ws, file, _) = fixture(text);
    let source = file.text(ws.db()).clone();
    let whole = TextRange::up_to(TextSize::of(source.as_str()));
    let mut shown = source.clone();
    for hint in inlay_hints(ws.db(), file, whole).iter().rev() {
        shown.insert_str(usize::from(hint.offset), &format!("⟨{}⟩", hint.label));
    }
    expect.assert_eq(&shown);
}

#[test]
fn inlay_hints_for_bindings_lambdas_results_and_sizes() {
    check_inlay(
        r#"
def f (xs: []i32) =
  let (a, b) = (1, 2f32)
  let g = \x y -> x + y + a
  in map (\(z: i32) -> g z z) xs
def h [n] (ys: [n]i64) (zs: []i64): i64 = ys[0] + zs[0]
def k x = x + 1i8
def s xs = map (+1i32) xs
def w [k] (ys: [k]f32) = map2 (+) ys (reverse ys)$0
"#,
        expect![[r#"

            def f (xs: []i32)⟨: *[]i32⟩ =
              let (a⟨: i32⟩, b⟨: f32⟩) = (1, 2f32)
              let g⟨: i32 -> i32 -> i32⟩ = \x⟨: i32⟩ y⟨: i32⟩ -> x + y + a
              in map (\(z: i32) -> g z z) xs
            def h [n] (ys: [n]i64) (zs: []i64): i64 = ys[0] + zs[0]
            def k x⟨: i8⟩⟨: i8⟩ = x + 1i8
            def s xs⟨: []i32⟩⟨: *[]i32⟩ = map (+1i32) xs
            def w [k] (ys: [k]f32)⟨: *[k]f32⟩ = map2⟨[n=k]⟩ (+) ys (reverse⟨[n=k]⟩ ys)
        "#]],
    );
}

#[test]
fn inlay_hints_have_tooltips_and_stay_in_the_range() {
    let (ws, file, _) = fixture("def a = 1\ndef b = let x = 2 in x$0\n");
    let text = file.text(ws.db());
    let second = TextRange::new(
        TextSize::from(text.find("def b").expect("b") as u32),
        TextSize::of(text.as_str()),
    );
    let hints = inlay_hints(ws.db(), file, second);
    let shown: Vec<String> = hints
        .iter()
        .map(|h| format!("{} | {}", h.label, h.tooltip))
        .collect();
    expect![[r#"
        : i32 | The inferred result type of `b`:
        ```futhark
        i32
        ```
        : i32 | The inferred type of `x`:
        ```futhark
        x: i32
        ```"#]]
    .assert_eq(&shown.join("\n"));
}

/// The completions at the cursor whose label starts with `prefix` (the
/// prelude offers hundreds), one a line.
fn check_completions(text: &str, prefix: &str, expect: Expect) {
    let (ws, file, offset) = fixture(text);
    let shown: Vec<String> = completions(ws.db(), file, offset)
        .into_iter()
        .filter(|c| c.label.starts_with(prefix))
        .map(|c| {
            format!(
                "{:?} {} | {}",
                c.kind,
                c.label,
                c.detail.unwrap_or_default()
            )
        })
        .collect();
    expect.assert_eq(&shown.join("\n"));
}

#[test]
fn completion_offers_locals_in_scope_with_types_and_globals() {
    check_completions(
        r#"
def total_sum (xs: []i32) = reduce (+) 0 xs
def f (total: i32) =
  let tally = total * 2
  let inner = \(tick: i32) -> tick + 1
  in t$0
def later = 1
"#,
        "t",
        expect![[r#"
            Variable tally | i32
            Variable total | i32
            Function total_sum | val total_sum: []i32 -> i32
            Function t32 | val t32: f32 -> i32
            Function t64 | val t64: f64 -> i32
            Function tabulate | val tabulate 'a: (n: i64) -> (i64 -> a) -> *[n]a
            Function tabulate_2d | val tabulate_2d 'a: (n: i64) -> (m: i64) -> (i64 -> i64 -> a) -> *[n][m]a
            Function tabulate_3d | val tabulate_3d 'a: (n: i64) -> (m: i64) -> (o: i64) -> (i64 -> i64 -> i64 -> a) -> *[n][m][o]a
            Function tail | val tail [n] 't: [n]t -> [n - 1]t
            Function take | val take [n] 't: (i: i64) -> [n]t -> [i]t
            Function trace | val trace 't: t -> t
            Function transpose | val transpose [n] [m] 't: [n][m]t -> [m][n]t
            Keyword then | 
            Keyword type | 
            Keyword true | "#]],
    );
}

#[test]
fn completion_after_a_module_name_offers_its_members() {
    check_completions(
        "module Geo = { type pt = (f32, f32)\n def area (w: f32) (h: f32) = w * h }\ndef f = Geo.$0\n",
        "",
        expect![[r#"
            Function area | val area: f32 -> f32 -> f32
            Type pt | type pt = (f32, f32)"#]],
    );
    check_completions(
        "def f (x: f32) = f32.sq$0\n",
        "sq",
        expect!["Function sqrt | val sqrt: f32 -> f32"],
    );
}

#[test]
fn completion_after_a_record_offers_its_fields() {
    check_completions(
        "def f (p: {x: f32, y: i64}) = p.$0\n",
        "",
        expect![[r#"
            Field x | f32
            Field y | i64"#]],
    );
}

#[test]
fn completion_offers_keywords_and_snippets() {
    let (ws, file, offset) = fixture("def f (n: i64) = $0\n");
    let all = completions(ws.db(), file, offset);
    let shown: Vec<String> = all
        .iter()
        .filter(|c| c.label == "loop" || c.label == "match")
        .map(|c| format!("{:?} {} {:?}", c.kind, c.label, c.snippet))
        .collect();
    expect![[r#"
        Keyword loop None
        Keyword match None
        Snippet loop Some("loop ${1:acc} = ${2:init} for ${3:i} < ${4:n} do\n  ${0:acc}")
        Snippet match Some("match ${1:value}\ncase ${2:pattern} -> ${0:result}")"#]]
    .assert_eq(&shown.join("\n"));
}

#[test]
fn completion_at_the_end_of_a_long_let_chain_offers_every_link() {
    // One walk of the declaration finds the bindings in scope (a search
    // from the root per binding was quadratic in the chain).
    let links = 5_000;
    let mut text = String::from("def f (x: i32) : i32 =\n  let x0 = x\n");
    for i in 1..=links {
        text.push_str(&format!("  let x{i} = x{} + 1\n", i - 1));
    }
    text.push_str("  in $0\n");
    let (ws, file, offset) = fixture(&text);
    let found = completions(ws.db(), file, offset);
    let locals: Vec<&str> = found
        .iter()
        .filter(|c| c.kind == CompletionKind::Variable && c.label.starts_with('x'))
        .map(|c| c.label.as_str())
        .collect();
    assert_eq!(locals.len(), links + 2, "x0 to x{links} and the parameter");
    assert_eq!(
        &locals[..2],
        [format!("x{links}"), format!("x{}", links - 1)]
    );
    assert_eq!(locals.last(), Some(&"x"));
}

#[test]
fn completion_keeps_the_labels_that_hold_the_typed_letters_in_order() {
    let labels = |text: &str| -> Vec<String> {
        let (ws, file, offset) = fixture(text);
        completions(ws.db(), file, offset)
            .into_iter()
            .map(|c| format!("{:?} {}", c.kind, c.label))
            .filter(|shown| !shown.contains(" f32") && !shown.contains(" f64"))
            .collect()
    };
    // Letters in order, any case, not only at the start: `mtc` keeps
    // `match` and `my_total_count`, not `count`.
    let shown = labels("def my_total_count = 1\ndef count = 2\ndef f (MaTch_x: i32) = mtc$0\n");
    assert!(
        shown.contains(&"Variable my_total_count".to_string()),
        "{shown:?}"
    );
    assert!(shown.contains(&"Variable MaTch_x".to_string()), "{shown:?}");
    assert!(shown.contains(&"Keyword match".to_string()), "{shown:?}");
    assert!(!shown.iter().any(|s| s.ends_with(" count")), "{shown:?}");
    // After a module name, its members likewise.
    let (ws, file, offset) = fixture("def f (x: f32) = f32.sqr$0\n");
    let members: Vec<String> = completions(ws.db(), file, offset)
        .into_iter()
        .map(|c| c.label)
        .collect();
    assert_eq!(members, ["rsqrt", "sqrt"]);
}

fn check_signature(text: &str, expect: Expect) {
    let (ws, file, offset) = fixture(text);
    let actual = signature_help(ws.db(), file, offset).map_or("no signature".into(), |s| {
        let (from, to) = s.parameters[s.active];
        format!(
            "{}\nactive: #{} {}\ndoc: {}",
            s.label,
            s.active,
            &s.label[from..to],
            s.documentation.unwrap_or_default()
        )
    });
    expect.assert_eq(&actual);
}

#[test]
fn signature_help_shows_the_parameter_being_filled() {
    let program = "-- | Scales and shifts.\ndef affine (a: f32) (b: f32) (x: f32) = a * x + b\n";
    check_signature(
        &format!("{program}def g = affine 2 $0\n"),
        expect![[r#"
            affine (a: f32) (b: f32) (x: f32) : f32
            active: #1 (b: f32)
            doc: Scales and shifts."#]],
    );
    check_signature(
        &format!("{program}def g = affine $0\n"),
        expect![[r#"
            affine (a: f32) (b: f32) (x: f32) : f32
            active: #0 (a: f32)
            doc: Scales and shifts."#]],
    );
    check_signature(
        "def g (xs: []i32) = map (\\x -> x + 1) $0\n",
        expect![[r#"
            map (f: a -> x) (as: [n]a) : *[n]x
            active: #1 (as: [n]a)
            doc: Apply `f` to every element of `as`.

            **Work:** *O(n ✕ W(f))*  **Span:** *O(S(f))*"#]],
    );
    check_signature("def g = 1 + $0\n", expect!["no signature"]);
}

#[test]
fn signature_help_only_where_an_argument_can_go() {
    // A new line under a declaration, at its indentation: a new declaration begins.
    check_signature(
        "def main (xs: []i32) = map (\\x -> x + 1) xs\n$0\n",
        expect!["no signature"],
    );
    check_signature(
        "def f (b: bool) : i32 = 1\ndef bad : i32 = f true\n$0",
        expect!["no signature"],
    );
    check_signature(
        "module m = {\n  def g (xs: []i32) = map (\\x -> x) xs\n  $0\n}\n",
        expect!["no signature"],
    );
    // Past the last parameter.
    check_signature(
        "def g (xs: []i32) = map (\\x -> x) xs $0\n",
        expect!["no signature"],
    );
    // Where an argument goes: the parameter it fills (a continuation line
    // indented further than the declaration; before a given argument; on
    // the last argument, touching it).
    let clamp = "def clamp (lo: i32) (hi: i32) (x: i32) = i32.max lo (i32.min hi x)\n";
    let active = |program: &str| {
        let (ws, file, offset) = fixture(&format!("{clamp}{program}"));
        signature_help(ws.db(), file, offset).map(|s| s.active)
    };
    assert_eq!(active("def g =\n  clamp 0\n    $0\n"), Some(1));
    assert_eq!(active("def g = clamp 0 $0 9\n"), Some(1));
    assert_eq!(active("def g = clamp 0 1 2$0\n"), Some(2));
}

#[test]
fn semantic_highlights_use_the_checked_program() {
    let (ws, file, _) = fixture(
        r#"
def apply (f: i32 -> i32) (x: i32) = f x
def twice = \(y: i32) -> y * 2
def len [n] (xs: [n]i32) : i64 = n
def upd (xs: *[]i32) : *[]i32 =
  let ys = xs with [0] = 1
  in ys$0
def main = apply twice 3
"#,
    );
    let text = file.text(ws.db());
    let shown: Vec<String> = semantic_highlights(ws.db(), file)
        .iter()
        .filter(|h| {
            matches!(
                h.tag,
                HighlightTag::Function
                    | HighlightTag::Variable
                    | HighlightTag::Parameter
                    | HighlightTag::TypeParameter
            )
        })
        .map(|h| {
            let consumed = if h.consumed { " consumed" } else { "" };
            format!(
                "{} {:?}{consumed}",
                &text[std::ops::Range::<usize>::from(h.range)],
                h.tag
            )
        })
        .collect();
    expect![[r#"
        apply Function
        f Function
        x Parameter
        f Function
        x Parameter
        twice Function
        y Parameter
        y Parameter
        len Function
        n TypeParameter
        xs Parameter
        n TypeParameter
        n TypeParameter
        upd Function
        xs Parameter
        ys Variable
        xs Parameter consumed
        ys Variable
        main Variable
        apply Function
        twice Function"#]]
    .assert_eq(&shown.join("\n"));
}

/// The actions at the cursor, each with its edits applied to show them.
fn check_actions(text: &str, expect: Expect) {
    let (ws, file, offset) = fixture(text);
    let shown: Vec<String> = code_actions(ws.db(), file, TextRange::empty(offset))
        .into_iter()
        .map(|action| {
            let mut edits = action.edits.clone();
            edits.sort_by_key(|e| std::cmp::Reverse(e.range.start()));
            let mut after = ws.file(&edits[0].path).expect("file").text(ws.db()).clone();
            for e in &edits {
                after.replace_range(std::ops::Range::<usize>::from(e.range), &e.text);
            }
            format!("{:?}: {}\n{after}", action.kind, action.title)
        })
        .collect();
    expect.assert_eq(&shown.join("---\n"));
}

#[test]
fn action_insert_copy_at_the_consumption() {
    check_actions(
        "def f (xs: *[]i32) : i32 =\n  let ys = xs with [0] = 1\n  in x$0s[0] + ys[0]\n",
        expect![[r#"
            QuickFix: Insert `copy` where `xs` is consumed
            def f (xs: *[]i32) : i32 =
              let ys = (copy xs) with [0] = 1
              in xs[0] + ys[0]
        "#]],
    );
}

#[test]
fn action_add_type_annotation() {
    check_actions(
        "def f (a: i32) =\n  let b$0 = a * 2\n  in b\n",
        expect![[r#"
        Rewrite: Add type annotation `b: i32`
        def f (a: i32) =
          let b: i32 = a * 2
          in b
    "#]],
    );
    check_actions(
        "def g = map (\\x$0 -> x + 1i16) [1, 2]\n",
        expect![[r#"
        Rewrite: Add type annotation `x: i16`
        def g = map (\(x: i16) -> x + 1i16) [1, 2]
    "#]],
    );
}

#[test]
fn action_import_a_file_that_defines_the_name() {
    check_actions(
        "//- lib/util.fut\ndef clamp01 (x: f32) = f32.max 0 (f32.min 1 x)\n//- main.fut\ndef g = cla$0mp01 2\n",
        expect![[r#"
            QuickFix: Import "lib/util" (defines `clamp01`)
            import "lib/util"
            def g = clamp01 2
        "#]],
    );
}

#[test]
fn hover_on_the_names_of_type_and_module_declarations() {
    check_hover(
        "-- | A pair of floats.\ntype po$0int = (f32, f32)\n",
        expect![[r#"
            [point]
            ```futhark
            type point = (f32, f32)
            ```

            ---

            A pair of floats."#]],
    );
    check_hover(
        "module Ge$0o = { def one = 1i32 }\n",
        expect![[r#"
        [Geo]
        ```futhark
        module Geo: {
          val one: i32
        }
        ```"#]],
    );
}

#[test]
fn hover_on_a_field_or_a_literal_shows_the_expression_type() {
    check_hover(
        "def f (p: {pos: [3]f64, id: i32}) = p.po$0s\n",
        expect![[r#"
            [p.pos]
            ```futhark
            [3]f64
            ```"#]],
    );
    check_hover(
        "def g = 2$0.5f32 * 2\n",
        expect![[r#"
        [2.5f32]
        ```futhark
        f32
        ```"#]],
    );
}
