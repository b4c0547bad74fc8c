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
            ambiguous-type@"r": Defaulting ambiguous type to i32.
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
            unused-size@"[n]": Size [n] unused in pattern.
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
            ambiguous-type@"g": Defaulting ambiguous type to i32.
        "#]],
    );
}

#[test]
fn patterns_that_cannot_match() {
    check(
        "type shape = #circle f32 | #rect f32 f32
def area (s: shape) : f32 = match s case #rect w h -> w * h case #circle -> 0
def fst (p: (i32, i32)) = let (a, _, _) = p in a
def g (len: f32) = len
def h [n] (xs: [n]i32) = let (len: f32) = n in len",
        expect![[r##"
            type-mismatch@"#circle": Pattern
              #circle
            cannot match value of type
              #circle f32 | #rect f32 f32

            Cannot unify type with constructor
              #circle
            with type of constructor
              #circle f32
            because they differ in arity.
            Pattern #circle expects 0 constructor arguments, but type provides 1 arguments.
            type-mismatch@"(a, _, _)": Pattern
              (a, _, _)
            cannot match value of type
              (i32, i32)

            Unshared fields: 2.
            type-mismatch@"len: f32": Pattern
              len: f32
            cannot match value of type
              i64
        "##]],
    );
}

#[test]
fn conditions_and_unknown_sizes_in_messages() {
    check(
        "def f (x: i32) = if x then 1 else 2\ndef g (xs: []f32) : f32 = filter (> 0) xs",
        expect![[r#"
            ambiguous-type@"f": Defaulting ambiguous type to i32.
            type-mismatch@"x": Expression must have type bool.
            Actual type: i32
            type-mismatch@"filter (> 0) xs": Function body does not have expected type.
            Expected: f32
            Actual:   [d₂]f32
        "#]],
    );
}

#[test]
fn indices_and_projections_on_the_wrong_types() {
    check(
        "def a (xs: []i32) = xs[true]\ndef b (xs: []i32) = xs[0, 1]\ndef c (x: i32) = x.0\ndef d (x: i32) = x with [0] = 1\ndef e (xs: []f32) = xs[-1.0]",
        expect![[r#"
            type-mismatch@"true": Cannot unify type "bool" with any of i8, i16, i32, i64.
            type-mismatch@"xs[0, 1]": Types
              [d₁]t2
            and
              i32
            do not match.
            type-mismatch@"x.0": Types
              i32
            and
              {0: t2}
            do not match.
            type-mismatch@"x with [0] = 1": Types
              [d₀]t2
            and
              i32
            do not match.
            type-mismatch@"-1.0": Type constrained to one of i8, i16, i32, i64 but also one of f16, f32, f64 due to float literal.
        "#]],
    );
}

#[test]
fn constraint_errors_say_where_and_why() {
    check(
        "def a = iota 3.0\ndef b (xs: []bool) = map (\\x -> -x) xs",
        expect![[r#"
            type-mismatch@"3.0": Cannot apply "iota" to "3.0" (invalid type).
            Expected: i64
            Actual:   f64
            Cannot instantiate "t" with type
              i64
            as "t" must be one of f16, f32, f64
            due to float literal.
            ambiguous-type@"b": Defaulting ambiguous type to i32.
            type-mismatch@"xs": Cannot apply "map" to "xs" (invalid type).
            Expected: [d₁]t4
            Actual:   [d₁]bool
            Cannot instantiate "t" with type
              bool
            as "t" must be one of i8, i16, i32, i64, u8, u16, u32, u64, f16, f32, f64
            due to numeric negation.
        "#]],
    );
}

#[test]
fn literals_out_of_bounds_for_their_inferred_type() {
    check(
        "def a : u8 = 300\ndef b : i8 = -200\ndef c : i8 = -128\ndef d : u8 = 300u8\ndef e (x: i16) = x + 70000",
        expect![[r#"
            literal-out-of-bounds@"300": Literal 300 out of bounds for inferred type u8.
            literal-out-of-bounds@"-200": Literal -200 out of bounds for inferred type i8.
            literal-out-of-bounds@"70000": Literal 70000 out of bounds for inferred type i16.
        "#]],
    );
}

#[test]
fn module_types_and_definitions_that_do_not_match() {
    check(
        "module type S = { type t type u 'a val f : i32 -> i32 }
module A : S = { type^ t = i32 -> i32 type u = i32 def f (x: i32) (y: i32) = x + y }
module B : S with t = i64 = { type t = i32 type u 'a = a def f (x: i32) = x }
module F (P: { val k : i32 }) = { def g = P.k }
def h = F.g
module type T = { val of_array : []i32 -> i32 }
type bad = []i32
type^ ok [n] = [n]i32 -> i32",
        expect![[r#"
            module-error@"{ type^ t = i32 -> i32 type u = i32 def f (x: i32) (y: i32) = x + y }": Module defines
              type u = i32
            but module type requires
              type u 'a
            module-error@"{ type^ t = i32 -> i32 type u = i32 def f (x: i32) (y: i32) = x + y }": Module defines
              type^ t = i32 -> i32
            but module type requires a non-lifted type.
            module-error@"{ type^ t = i32 -> i32 type u = i32 def f (x: i32) (y: i32) = x + y }": Module type specifies
              val f : i32 -> i32
            but module provides
              val f : i32 -> i32 -> i32
            Types
              i32
            and
              i32 -> i32
            do not match.
            When matching return types.
            module-error@"{ type t = i32 type u 'a = a def f (x: i32) = x }": Module defines
              type t = i32
            but module type requires
              type t = i64
            module-error@"F.g": Cannot have parametric module here.
            module-error@"val of_array : []i32 -> i32": All function parameters must have non-anonymous sizes.
            Hint: add size parameters to "of_array".
            type-error@"type bad = []i32": Non-lifted type abbreviations may not use existential sizes in their definition.
            Hint: use 'type~' or add size parameters to "bad".
        "#]],
    );
}

#[test]
fn forbidden_definitions_and_bare_type_constructors() {
    check(
        "def (||) (a: bool) (b: bool) = a\nmodule M = { entry main (x: i32) = x }\ntype m 'a = [2]a\ndef f (x: m) = 0",
        expect![[r#"
            may-not-be-redefined@"def (||) (a: bool) (b: bool) = a": The || operator may not be redefined.
            entry-point@"entry main (x: i32) = x": Entry points may not be declared inside modules.
            ambiguous-type@"f": Defaulting ambiguous type to i32.
            type-error@"m": Type constructor "m 'a" used without any arguments.
        "#]],
    );
}
