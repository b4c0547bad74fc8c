//! Checks that word errors as Futhark does, one kind per test.

use expect_test::expect;

use super::check;

#[test]
fn duplicate_definitions_fields_and_constructors() {
    check(
        "type t = i32\ntype t = i64\nmodule type S = { val x : i32 val x : i32 }\ndef r = {a = 1, a = 2}\ntype s = #a | #b | #a",
        expect![[r##"
            duplicate-definition@"type t = i64": Duplicate definition of type t.
            Previously defined at 1:1.
              related "type t = i32": "t" first defined here
            duplicate-definition@"val x : i32": Duplicate definition of name x.
            Previously defined at 3:19.
              related "val x : i32": "x" first defined here
            duplicate-field@"a = 2": Field "a" previously defined at 4:10.
            duplicate-constructor@"#a": Duplicate constructors in #a | #b | #a
        "##]],
    );
}

#[test]
fn size_parameters_share_the_parameters_namespace() {
    check(
        "def f [n] (n: i64) : i64 = n\ndef g [k] [k] (xs: [k]i32) = xs",
        expect![[r#"
            bound-twice@"n": Name "n" also bound at 1:7.
              related "[n]": "n" first bound here
            bound-twice@"[k]": Name "k" also bound at 2:7.
              related "[k]": "k" first bound here
        "#]],
    );
}

#[test]
fn underscore_names_may_not_be_used() {
    check(
        "def f (_x: i32) = _x\ndef g (_y: i32) = 0",
        expect![[r#"
            underscore-use@"_x": Use of "_x": variables prefixed with underscore may not be accessed.
        "#]],
    );
}
