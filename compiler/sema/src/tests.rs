//! Checker tests: each program is checked against a tiny inline prelude and
//! the rendered diagnostics (or the types of its definitions) are compared
//! with a snapshot.

use expect_test::{expect, Expect};

use crate::{check_program, resolve_import, Prelude};

const MINI_INTRINSICS: &str = "
val map 'a [n] 'x: (a -> x) -> [n]a -> *[n]x
val reduce [n] 'a: (a -> a -> a) -> a -> [n]a -> a
val iota: (n: i64) -> *[n]i64
val replicate 't: (n: i64) -> t -> *[n]t
val zip [n] 'a 'b: [n]a -> [n]b -> [n](a, b)
val filter [n] 'a: (a -> bool) -> [n]a -> *[]a
val length [n] 't: [n]t -> i64
val sqrt_f32: f32 -> f32
";

const MINI_PRELUDE: &str = "
def map = intrinsics.map
def reduce = intrinsics.reduce
def iota = intrinsics.iota
def replicate = intrinsics.replicate
def zip = intrinsics.zip
def filter = intrinsics.filter
def length = intrinsics.length
module f32 = { def sqrt (x: f32) : f32 = intrinsics.sqrt_f32 x }
";

fn prelude() -> Prelude {
    let prelude = Prelude::from_sources(
        &[("intrinsics", MINI_INTRINSICS), ("prelude", MINI_PRELUDE)],
        "prelude",
    );
    assert!(
        prelude.diagnostics.is_empty(),
        "prelude problems: {:?}",
        prelude.diagnostics
    );
    prelude
}

/// Checks `text` and renders each diagnostic as `code@start..end: message`
/// (plus related notes), or the exported value types if there are none.
fn render(text: &str) -> String {
    let parse = runic_syntax::parse(text);
    assert!(
        parse.errors().is_empty(),
        "syntax errors: {:?}",
        parse.errors()
    );
    let checked = check_program(&parse.syntax(), &prelude(), &crate::NoImports);
    let mut out = String::new();
    for d in &checked.diagnostics {
        let (s, e) = (
            u32::from(d.range.start()) as usize,
            u32::from(d.range.end()) as usize,
        );
        out.push_str(&format!("{}@{:?}: {}\n", d.code, &text[s..e], d.message));
        for (loc, note) in &d.related {
            let range = loc.range;
            let (s, e) = (
                u32::from(range.start()) as usize,
                u32::from(range.end()) as usize,
            );
            out.push_str(&format!("  related {:?}: {note}\n", &text[s..e]));
        }
    }
    // With warnings only, the definitions' types still show.
    if !checked
        .diagnostics
        .iter()
        .any(|d| d.severity == crate::Severity::Error)
    {
        let mut names: Vec<_> = checked.exports.values.iter().collect();
        names.sort_by_key(|(name, v)| (v.range.map(|l| l.range.start()), name.to_string()));
        for (name, value) in names {
            out.push_str(&format!("{name} : {}\n", value.scheme.ty));
        }
    }
    out
}

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&render(text));
}

#[test]
fn infers_simple_definitions() {
    check(
        "def inc (x: i32) = x + 1\ndef twice f x = f (f x)\ndef main = twice inc 3",
        expect![[r#"
            inc : i32 -> i32
            twice : ('a -> 'a) -> 'a -> 'a
            main : i32
        "#]],
    );
}

#[test]
fn overloaded_literals_default_and_follow_context() {
    check(
        "def a = 1\ndef b = 2.5\ndef c : f32 = 1 + 2\ndef d (x: u8) = x * 3\ndef e = 1u16 + 2",
        expect![[r#"
            ambiguous-type@"a": Defaulting ambiguous type to i32.
            ambiguous-type@"b": Defaulting ambiguous type to f64.
            a : i32
            b : f64
            c : f32
            d : u8 -> u8
            e : u16
        "#]],
    );
}

#[test]
fn hex_literals_keep_their_suffix() {
    check(
        "def quarter = 0x1.0p-2f32\ndef half = 0x1p-1\ndef digits = 0x1f32\ndef wide = 0x10i64",
        expect![[r#"
            ambiguous-type@"half": Defaulting ambiguous type to f64.
            ambiguous-type@"digits": Defaulting ambiguous type to i32.
            quarter : f32
            half : f64
            digits : i32
            wide : i64
        "#]],
    );
}

#[test]
fn reports_unknown_names_and_types() {
    check(
        "def f (x: i32) = x + y\ndef g (x: vec) = x\ndef h = M.x",
        expect![[r#"
            unknown-name@"y": Unknown name "y".
            unknown-name@"vec": Unknown type "vec".
            unknown-name@"M.x": Unknown name "M.x".
        "#]],
    );
}

#[test]
fn reports_type_mismatches() {
    check(
        "def f (x: i32) : bool = x\ndef g = if true then 1 else false\ndef h (x: f32) = x + 1i32\ndef k = [1, true]",
        expect![[r#"
            type-mismatch@"x": Function body does not have expected type.
            Expected: bool
            Actual:   i32
            ambiguous-type@"g": Defaulting ambiguous type to i32.
            type-mismatch@"false": Branches differ in type.
            Former: i32
            Latter: bool
            type-mismatch@"1i32": Cannot apply "+" to "1i32" (invalid type).
            Expected: f32
            Actual:   i32
            ambiguous-type@"k": Defaulting ambiguous type to i32.
            type-mismatch@"true": Cannot instantiate "t" with type
              bool
            as "t" must be one of i8, i16, i32, i64, u8, u16, u32, u64, f16, f32, f64
            due to type of first array element.
        "#]],
    );
}

#[test]
fn reports_bad_applications() {
    check(
        "def f (x: i32) = x\ndef a = f true\ndef b = f 1 2\ndef c = 3 4",
        expect![[r#"
            type-mismatch@"true": Cannot apply "f" to "true" (invalid type).
            Expected: i32
            Actual:   bool
            type-mismatch@"2": Cannot apply "f" to argument #2 "2",
            as "f" only takes 1 argument.
            type-mismatch@"4": Cannot apply expression as function: "3" has type i32.
        "#]],
    );
}

#[test]
fn arrays_sizes_and_size_parameters() {
    check(
        "def dot [n] (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0 (map (\\(x, y) -> x * y) (zip xs ys))\n\
         def bad [n][m] (xs: [n]i32) (ys: [m]i32) = zip xs ys\n\
         def ok = iota 5 : [5]i64\n\
         def twenty = replicate 20 true",
        expect![[r#"
            size-mismatch@"ys": Cannot apply "zip" to "ys" (invalid type).
            Expected: [n]t4
            Actual:   [m]i32
            Sizes "n" and "m" do not match.
        "#]],
    );
}

#[test]
fn records_tuples_and_projections() {
    check(
        "def p = (1, 2.0, true)\ndef q = p.1\ndef r = {x = 1i32, y = 2i32}\ndef s = r.x + r.y\ndef t = r with x = 5\ndef u (v: {a: i32}) = v.b",
        expect![[r#"
            ambiguous-type@"p": Defaulting ambiguous type to f64.
            ambiguous-type@"p": Defaulting ambiguous type to i32.
            unknown-field@"v.b": Attempt to access field "b"  of value of type {a: i32}.
        "#]],
    );
}

#[test]
fn sums_and_match_exhaustiveness() {
    check(
        "type shape = #circle f32 | #rect f32 f32\n\
         def area (s: shape) = match s case #circle r -> r * r case #rect w h -> w * h\n\
         def partial (s: shape) = match s case #circle r -> r\n\
         def bools (b: bool) (c: bool) = match (b, c) case (true, _) -> 1 case (false, true) -> 2",
        expect![[r#"
            non-exhaustive@"match s case #circle r -> r": Unmatched cases in match expression:
              (#rect _ _)
            ambiguous-type@"bools": Defaulting ambiguous type to i32.
            non-exhaustive@"match (b, c) case (true, _) -> 1 case (false, true) -> 2": Unmatched cases in match expression:
              (false, false)
        "#]],
    );
}

#[test]
fn loops_and_in_place_updates() {
    check(
        "def sum (n: i64) = loop acc = 0 for i < n do acc + i\n\
         def fill (n: i64) = loop xs = replicate n 0i32 for i < n do xs with [i] = i32.i64 i\n\
         def bad = loop x = 0i32 while x do x",
        expect![[r#"
            unknown-name@"i32.i64": Unknown name "i32.i64".
            type-mismatch@"x": Types
              bool
            and
              i32
            do not match.
        "#]],
    );
}

#[test]
fn name_bound_twice_in_a_pattern() {
    check(
        "def f (x: i32) (x: i32) = x\ndef g = let (a, a) = (1, 2) in a",
        expect![[r#"
            bound-twice@"x": Name "x" also bound at 1:8.
              related "x": "x" first bound here
            ambiguous-type@"g": Defaulting ambiguous type to i32.
            bound-twice@"a": Name "a" also bound at 2:14.
              related "a": "a" first bound here
        "#]],
    );
}

#[test]
fn modules_signatures_and_functors() {
    check(
        "module type num = { type t val zero: t val add: t -> t -> t }\n\
         module i = { type t = i32 def zero = 0i32 def add (x: i32) (y: i32) = x + y }\n\
         module sealed : num = i\n\
         module Sum (N: num) = { def sum [n] (xs: [n]N.t) = reduce N.add N.zero xs }\n\
         module S = Sum i\n\
         def total = S.sum [1, 2, 3]\n\
         module bad : num = { type t = i32 def zero = 0i32 }\n\
         def leak : i32 = sealed.zero",
        expect![[r#"
            module-error@"{ type t = i32 def zero = 0i32 }": Module does not define a value named add.
            type-mismatch@"sealed.zero": Function body does not have expected type.
            Expected: i32
            Actual:   sealed.t
        "#]],
    );
}

#[test]
fn uniqueness_errors_tell_the_whole_story() {
    check(
        "def update (xs: *[]i32) (i: i64) : *[]i32 = xs with [i] = 0\n\
         def f (xs: *[]i32) : i32 =\n  let ys = xs\n  let zs = update ys 0\n  in xs[0] + zs[0]\n\
         def g (xs: []i32) : []i32 = xs with [0] = 1\n\
         def h (xs: []i32) : *[]i32 = xs\n\
         def k (xs: *[]i32) = map (\\i -> (xs with [i] = 0)[0]) (iota 3)",
        expect![[r#"
            use-after-consume@"xs": Using variable "xs", but this was consumed at 4:19-21.  (Possibly through aliases.)
              related "ys": "ys" consumed here, by argument #1 of "update", a unique parameter
              related "ys": "ys" aliases "xs" through this binding
              related "xs": "xs" used again here
            not-consumable@"xs": Consuming variable "xs", which is not consumable.
              related "xs": "xs" is not consumable: it is a parameter without a unique type ("*")
            unique-result-aliases-parameter@"xs": Unique-typed return value is aliased to "xs", which is not consumable.
              related "xs": "xs" is not consumable: it is a parameter without a unique type ("*")
            not-consumable@"xs": Consuming variable "xs", which is not consumable.
              related "xs": "xs" is not consumable: it is bound outside this function or loop body
        "#]],
    );
}

#[test]
fn the_shipped_prelude_checks_cleanly() {
    let prelude = Prelude::builtin();
    let shown: Vec<String> = prelude
        .diagnostics
        .iter()
        .take(40)
        .map(|(file, d)| {
            format!(
                "{file}@{:?} {}: {}",
                d.range,
                d.code,
                d.message.replace('\n', " / ")
            )
        })
        .collect();
    assert!(
        prelude.diagnostics.is_empty(),
        "{} problems:\n{}",
        prelude.diagnostics.len(),
        shown.join("\n")
    );
    for name in [
        "map",
        "reduce",
        "scan",
        "filter",
        "iota",
        "replicate",
        "zip",
        "length",
        "i32",
        "f32",
    ] {
        let env = prelude.env();
        assert!(
            env.values.contains_key(name) || env.modules.contains_key(name),
            "the prelude does not provide {name}"
        );
    }
}

/// Futhark's errors beyond the basic type errors (names, modules, sizes).
mod errors;
mod sizes;

#[test]
fn refutable_lets_and_unused_sizes() {
    check(
        "type opt = #some i32 | #none\n\
         def unwrap (o: opt) : i32 = let #some x = o in x\n\
         def scaled [n] (k: f32) : f32 = k\n\
         def total (xs: []i32) = let [m] (t: i32) = reduce (+) 0 xs in t\n\
         def flag (xs: []i32) : ?[k].bool = length xs > 0\n\
         def ok [n] (x: f32) : [n]f32 = replicate n x",
        expect![[r##"
            refutable-pattern@"#some x": Refutable pattern not allowed here.
            unused-size@"[n]": Size [n] unused in pattern.
            unused-size@"[m]": Size [m] unused in pattern.
            unused-size@"?[k].bool": Existential size "k" not used as array size.
        "##]],
    );
}

#[test]
fn ambiguous_types_ask_for_annotations() {
    check(
        "def area r = r.w * r.h\n\
         def digit (c: u8) = if c >= 48 then #digit else #other\n\
         def reset r : {count: i32} = r with count = 0",
        expect![[r#"
            ambiguous-type@"area": Defaulting ambiguous type to i32.
            ambiguous-type@"area": Type is ambiguous.  Must be record with fields:
              {h: i32, w: i32}
            Add a type annotation to disambiguate the type.
            ambiguous-type@"digit": Type is ambiguous (must be a sum type with constructors: #digit | #other).
            Add a type annotation to disambiguate the type.
        "#]],
    );
}

/// Renders the solved type of every literal of `text`, in source order.
fn literal_types(text: &str) -> String {
    let parse = runic_syntax::parse(text);
    let checked = check_program(&parse.syntax(), &prelude(), &crate::NoImports);
    let mut literals: Vec<_> = parse
        .syntax()
        .descendants()
        .filter(|n| n.kind() == runic_syntax::SyntaxKind::LITERAL)
        .map(|n| {
            let ty = checked.types.get(&n.text_range()).map(|t| t.to_string());
            format!("{} : {}", n.text(), ty.unwrap_or_else(|| "?".into()))
        })
        .collect();
    literals.dedup();
    literals.join("\n")
}

#[test]
fn literal_types_are_solved_with_defaults() {
    expect![[r#"
        1 : i32
        2 : u8
        3 : u8
        1.5 : f64
        2 : f32
        7 : i64"#]]
    .assert_eq(&literal_types(
        "def a = 1
         def b : u8 = 2 + 3
         def c = 1.5
         def d (x: f32) = x * 2
         def e = iota 7",
    ));
}

#[test]
fn prelude_files_carry_their_trees_and_types() {
    let prelude = Prelude::builtin();
    let file = prelude
        .file("array")
        .expect("array.fut is part of the prelude");
    assert!(file.parse.errors().is_empty());
    let literal = file
        .parse
        .syntax()
        .descendants()
        .find(|n| n.kind() == runic_syntax::SyntaxKind::LITERAL)
        .expect("array.fut has a literal");
    assert!(file.types.contains_key(&literal.text_range()));
}

#[test]
fn imports_resolve_relative_to_the_importer() {
    assert_eq!(
        resolve_import("src/main.fut", "lib/util"),
        "src/lib/util.fut"
    );
    assert_eq!(resolve_import("src/main.fut", "../shared"), "shared.fut");
    assert_eq!(resolve_import("main.fut", "./x.fut"), "x.fut");
    assert_eq!(
        resolve_import("file:///home/u/p/a.fut", "b"),
        "file:///home/u/p/b.fut"
    );
    assert_eq!(
        resolve_import("file:///home/u/p/a.fut", "../q/c"),
        "file:///home/u/q/c.fut"
    );
}
