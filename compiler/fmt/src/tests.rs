//! Snapshots of formatted output, one test per construct family. Each
//! `check` also asserts that formatting the output again changes nothing.

use expect_test::{expect, Expect};

use crate::{format, format_range, range, FormatError};

fn check(input: &str, expect: Expect) {
    let once = format(input).unwrap_or_else(|e| panic!("{e}"));
    expect.assert_eq(&once);
    let twice = format(&once).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(twice, once, "formatting is not idempotent");
}

#[test]
fn declarations() {
    check(
        "def   f(x:i32)(y :i32):i32=x+y\nentry main [n] (xs:[n]i32) = map (f 1) xs\n\n\n\n#[inline] def g 'a (x: a) = x\ntype t [n] 'a = ([n]a,{x:f32})\ntype~ s = #a i32 | #b\ntype shape = #circle f32 | #rectangle f32 f32 | #triangle f32 f32 f32 | #polygon ([]f32) | #point\ntype pt = {\n x: f32, y: f32}\nmodule type T = { val a_long_function_name : i32 -> []f32 -> (i32, f32) -> [10]u8 -> bool -> bool }\n",
        expect![[r#"
            def f (x: i32) (y: i32) : i32 = x + y
            entry main [n] (xs: [n]i32) = map (f 1) xs

            #[inline]
            def g 'a (x: a) = x
            type t [n] 'a = ([n]a, {x: f32})
            type~ s = #a i32 | #b
            type shape =
              #circle f32
              | #rectangle f32 f32
              | #triangle f32 f32 f32
              | #polygon ([]f32)
              | #point
            type pt =
              { x: f32
              , y: f32
              }
            module type T = {
              val a_long_function_name : i32
                -> []f32
                -> (i32, f32)
                -> [10]u8
                -> bool
                -> bool
            }
        "#]],
    );
}

#[test]
fn long_heads_and_bodies_wrap() {
    check(
        "def a_rather_long_function_name (first_argument: i32) (second_argument: i32) (third: f32) : i32 = first_argument + second_argument\n",
        expect![[r#"
            def a_rather_long_function_name (first_argument: i32) (second_argument: i32)
                (third: f32) : i32 = first_argument + second_argument
        "#]],
    );
}

#[test]
fn let_chains() {
    check(
        "def f x =\n  let y = x + 1\n      let z = y * 2 in z\ndef g x = let y = x in y\ndef h x = let a[0] = 1\n    let k q = q + x in k a\ndef i x =\n  let y = x + 1 in\n  let z = y * y in\n  z - x\ndef j x = let y = x in let z = y in z\n",
        expect![[r#"
            def f x =
              let y = x + 1
              let z = y * 2
              in z
            def g x = let y = x in y
            def h x =
              let a[0] = 1
              let k q = q + x
              in k a
            def i x =
              let y = x + 1 in
              let z = y * y in
              z - x
            def j x = let y = x in let z = y in z
        "#]],
    );
}

#[test]
fn conditionals() {
    check(
        "def f x = if x then 1 else 2\ndef g x =\n  if x < 0 then -1\n  else if x == 0 then 0 else 1\n",
        expect![[r#"
            def f x = if x then 1 else 2
            def g x =
              if x < 0
              then -1
              else if x == 0
              then 0
              else 1
        "#]],
    );
}

#[test]
fn loops_and_lambdas() {
    check(
        "def f n = loop acc = 0 for i < n do acc + i\ndef g xs = loop (a,b) = (0,1) while a < 10 do\n   (b, a+b)\ndef h = map (\\x -> x + 1)\ndef k = map (\\(x: i32) : i32 ->\n   x * 2)\n",
        expect![[r#"
            def f n = loop acc = 0 for i < n do acc + i
            def g xs =
              loop (a, b) = (0, 1) while a < 10 do
                (b, a + b)
            def h = map (\x -> x + 1)
            def k =
              map (\(x: i32) : i32 ->
                    x * 2)
        "#]],
    );
}

#[test]
fn matches() {
    check(
        "def f x = match x\n case #some y -> y\n case #none -> 0\ndef g x = match x case 1 -> true case _ -> false\n",
        expect![[r#"
            def f x =
              match x
              case #some y -> y
              case #none -> 0
            def g x = match x case 1 -> true case _ -> false
        "#]],
    );
}

#[test]
fn collections() {
    check(
        "def t = ( 1,2 , 3 )\ndef r = {x=1,y=2}\ndef r2 = {\n  x = 1, y = 2 }\ndef a = [1,2,3]\ndef e = ([], {}, ())\ndef trailing = (1, 2,)\ndef long = [100000000, 200000000, 300000000, 400000000, 500000000, 600000000, 700000000]\n",
        expect![[r#"
            def t = (1, 2, 3)
            def r = {x = 1, y = 2}
            def r2 =
              { x = 1
              , y = 2
              }
            def a = [1, 2, 3]
            def e = ([], {}, ())
            def trailing = (1, 2,)
            def long =
              [100000000, 200000000, 300000000, 400000000, 500000000, 600000000, 700000000]
        "#]],
    );
}

#[test]
fn applications_and_pipelines() {
    check(
        "def f xs = xs |> map (+1) |> reduce (+) 0\ndef g xs =\n  xs\n  |> map (+1)\ndef h = some_function_with_a_long_name first_argument second_argument third_argument fourth\ndef k a = a[1] + f a [2] + a.x + t.0\n",
        expect![[r#"
            def f xs = xs |> map (+1) |> reduce (+) 0
            def g xs =
              xs
              |> map (+1)
            def h =
              some_function_with_a_long_name
                first_argument
                second_argument
                third_argument
                fourth
            def k a = a[1] + f a [2] + a.x + t.0
        "#]],
    );
}

#[test]
fn operators_and_sections() {
    check(
        "def f a b = a+b*c-(-d)\ndef g = (+1)\ndef h = (1+)\ndef i = (.a)\ndef j a b = a `max` b\ndef k xs = xs[1:]++xs[:2]\ndef l r = r with x = 1\n  with y = 2\ndef m xs = xs with [0] = 1 with [1] = 2\ndef n xs = #[unsafe] xs[0]\ndef o xs =\n  #[sequential]\n  map (+1) xs\n",
        expect![[r#"
            def f a b = a + b * c - (-d)
            def g = (+1)
            def h = (1+)
            def i = (.a)
            def j a b = a `max` b
            def k xs = xs[1:] ++ xs[:2]
            def l r =
              r with x = 1
                with y = 2
            def m xs = xs with [0] = 1 with [1] = 2
            def n xs = #[unsafe] xs[0]
            def o xs =
              #[sequential]
              map (+1) xs
        "#]],
    );
}

#[test]
fn modules_and_signatures() {
    check(
        "module type S = { type t val f: t -> t\n\n\n include T }\nmodule M : S = { type t = i32 def f x = x + 1 }\nmodule N = {\n type t = i32 def f x = x + 1 }\nmodule E = {}\nmodule F (P: S) = { open P local def x = 1 }\nmodule G = F M\nimport \"lib\"\n",
        expect![[r#"
            module type S = {
              type t
              val f : t -> t

              include T
            }
            module M : S = { type t = i32 def f x = x + 1 }
            module N = {
              type t = i32
              def f x = x + 1
            }
            module E = {}
            module F (P: S) = { open P local def x = 1 }
            module G = F M
            import "lib"
        "#]],
    );
}

#[test]
fn comments_stay() {
    check(
        "-- A header.\n\n-- Its second paragraph.\n\n-- | A doc comment.\n-- More.\ndef f x = -- trailing\n  -- leading\n  x + 1 -- end\n\n\n-- A section.\n\n-- ==\n-- input { 1 }\n-- output { 2 }\ndef g = ( 1 -- one\n , 2 )\nmodule M = {\n  def x = 1 -- one\n  def y = 2\n  -- at the end\n}\ndef z = 3 -- three\ndef -- an odd place\n  h = 1\n-- the last\n",
        expect![[r#"
            -- A header.

            -- Its second paragraph.

            -- | A doc comment.
            -- More.
            def f x = -- trailing
              -- leading
              x + 1 -- end

            -- A section.

            -- ==
            -- input { 1 }
            -- output { 2 }
            def g =
              ( 1 -- one
              , 2
              )
            module M = {
              def x = 1 -- one
              def y = 2
              -- at the end
            }
            def z = 3 -- three
            def -- an odd place
                h = 1
            -- the last
        "#]],
    );
}

#[test]
fn syntax_errors_are_refused() {
    let error = format("def f = (1,").unwrap_err();
    assert!(matches!(error, FormatError::Syntax(errors) if !errors.is_empty()));
}

#[test]
fn range_formatting_touches_only_the_declarations_in_range() {
    let text = "def  a=1\ndef  b=2\n\ndef  c=3\n";
    let edit = format_range(text, range(10, 12)).unwrap().unwrap();
    assert_eq!(
        (edit.range, edit.text.as_str()),
        (range(9, 17), "def b = 2")
    );
    let edit = format_range(text, range(0, 12)).unwrap().unwrap();
    assert_eq!(
        (edit.range, edit.text.as_str()),
        (range(0, 17), "def a = 1\ndef b = 2")
    );
    assert_eq!(format_range("", range(0, 0)).unwrap(), None);
    // A comment after code belongs to that line, not to the next declaration.
    let text = "def a = 1 -- one\ndef  b=2\n";
    let edit = format_range(text, range(20, 21)).unwrap().unwrap();
    assert_eq!(
        (edit.range, edit.text.as_str()),
        (range(17, 25), "def b = 2")
    );
}

#[test]
fn deep_nesting_and_long_pipelines_format_on_a_small_stack() {
    let deep = format!("def f x = {}x{}\n", "(".repeat(60), " + 1)".repeat(60));
    let stages: Vec<String> = (0..100).map(|i| format!("map (+{i})")).collect();
    let long = format!("def g xs = xs |> {}\n", stages.join(" |> "));
    for text in [deep, long] {
        let once = format(&text).unwrap_or_else(|e| panic!("{e}"));
        assert!(once.lines().count() > 50, "{once}");
        assert_eq!(format(&once).unwrap(), once);
    }
}

/// Chains 3,000 long (`let`s, `else if`s, operands, pipeline stages)
/// format on a test thread's stack: fitting a group looks only as far as
/// the line's width, and the deep tree is freed on a stack of its own.
#[test]
fn long_chains_format() {
    const N: usize = 3_000;
    let lets: String = (0..N).map(|i| format!("  let x{i} = x + {i}\n")).collect();
    let lets = format!("def f (x: i32) : i32 =\n{lets}  in x\n");
    let arms: String = (0..N)
        .map(|i| format!("if x == {i} then {i} else "))
        .collect();
    let ifs = format!("def g (x: i32) : i32 = {arms}0\n");
    let sum = format!("def h (x: i32) : i32 = {}\n", vec!["x"; N].join(" + "));
    let pipe = format!("def k (x: i32) : i32 = x{}\n", " |> (+1)".repeat(N));
    for text in [lets, ifs, sum, pipe] {
        let once = format(&text).unwrap_or_else(|e| panic!("{e}"));
        assert!(once.lines().count() >= N / 20, "{}", &once[..200]);
    }
}

#[test]
fn a_long_trailing_comment_does_not_break_the_code_before_it() {
    check(
        "def value = first_of 4 [1, 2, 3] -- a comment long enough to run well past the eightieth column\ndef other = [10, 20, 30] con -- [0, 1, 0, 1, 0, 1] another long trailing comment\n",
        expect![[r#"
            def value = first_of 4 [1, 2, 3] -- a comment long enough to run well past the eightieth column
            def other = [10, 20, 30] con -- [0, 1, 0, 1, 0, 1] another long trailing comment
        "#]],
    );
}

/// Found by the fuzz target `format`: the layout of an application chose
/// between "arguments aligned after the head" and "arguments indented
/// below it" by the head's source text, so a line break inside the head
/// that formatting removes gave another layout on the next pass.
#[test]
fn a_head_broken_in_the_source_lays_out_as_its_formatted_text_does() {
    for input in [
        "def f xs =\n  g[\n0] h 1 2 (\\a ->\n  let y = a\n  in y + xs[0])\n",
        "def f p e =\n  let a =\n    p\n      + (p\n  << e) somethingwithaverylongnamethatdoesnotfitonthelinewiththerest\n  in a\n",
    ] {
        let once = crate::format(input).expect("formats");
        let twice = crate::format(&once).expect("formats again");
        assert_eq!(twice, once, "formatting is not idempotent:\n{once}");
    }
}
