//! The size rules that need a whole definition's solved types: entry
//! points, ambiguous sizes, loop results; and consumption in let-bound
//! functions.

use expect_test::expect;

use super::check;

#[test]
fn entry_points_take_every_size_from_their_arguments() {
    check(
        "entry empty : [0][]f32 = []
entry tail [n] (xs: [n + 1]f32) : f32 = xs[0]
entry choose [n] : [0][n]i32 = []
entry fine [n] (xs: [n]f32) : [n]f32 = xs
entry sliced (xs: []i32) : []i32 = xs[1:]
entry known : []i64 = iota 3",
        expect![[r#"
            size-polymorphic-entry@": [0][]f32": Entry point functions must not be size-polymorphic in their return type.
            nonconstructive-entry@"[n]": Entry point size parameter [n] only used non-constructively.
            size-polymorphic-entry@": [0][n]i32": Entry point functions must not be size-polymorphic in their return type.
        "#]],
    );
}

#[test]
fn point_free_entry_points_take_their_body_type_parameters() {
    check(
        "def g [n] (x: i32) : [n]i32 = replicate n x
entry doubled = map (\\(x: i32) -> x * 2)
entry partial (k: i32) = map (+ k)
entry chooses = g",
        expect![[r#"
            size-polymorphic-entry@"chooses": Entry point functions must not be size-polymorphic in their return type.
        "#]],
    );
}

#[test]
fn sizes_nothing_determines_are_ambiguous() {
    check(
        "def hole_length : i64 = length ???
def probe [n] (g: [n]f32 -> f32) : i64 = n
def unknown_arg = probe (\\xs -> xs[0])
def known_arg = probe (\\(xs: [2]f32) -> xs[0])
def slice_length (xs: []i32) = length xs[1:]
def generic = length",
        expect![[r#"
            ambiguous-size@"length": Ambiguous size "d₀" arising from instantiated size parameter of "length".
            hole@"???": Hole of type: [d₀]t0
            ambiguous-size@"probe": Ambiguous size "d₁" arising from instantiated size parameter of "probe".
        "#]],
    );
}

#[test]
fn loop_results_have_new_sizes_when_the_body_changes_them() {
    check(
        "def halve [n] (xs: [n]f32) : [n]f32 = loop acc = xs for _i < 2 do acc[0:1]
def same [n] (xs: [n]f32) : [n]f32 = loop acc = xs for _i < 2 do map (\\x -> x + 1) acc
def grow (xs: []f32) : []f32 = loop acc = xs for _i < 2 do acc[1:]",
        expect![[r#"
            size-mismatch@"loop acc = xs for _i < 2 do acc[0:1]": Function body does not have expected type.
            Expected: [n]f32
            Actual:   [d₁]f32
            Sizes "n" and "d₁" do not match.
        "#]],
    );
}

#[test]
fn let_bound_functions_may_not_consume() {
    check(
        "def write (xs: *[]i32) (i: i64) (v: i32) : *[]i32 = xs with [i] = v
def twice (xs: *[]i32) = let w = write xs in (w 0 1, w 1 2)
def fine (xs: *[]i32) = let w = write in w xs 0 1",
        expect![[r#"
            contains-consumption@"write xs": Let-bound expression of higher-order type
              i64 -> i32 -> *[d₁]i32
            contains consumption, which is not allowed.
              related "xs": consumed here by argument #1 of "write", a unique parameter
        "#]],
    );
}

#[test]
fn parameter_sizes_must_be_accessible_to_the_caller() {
    check(
        "def window (lo: i64, hi: i64) (xs: [hi]f32) : f32 = xs[lo]
def inferred (x: i64, _y: i64) (ys: []i64) = zip ys (iota x)
def whole (n: i64) (xs: [n]f32) : f32 = xs[0]",
        expect![[r#"
            inaccessible-size@"(xs: [hi]f32)": Parameter "xs" refers to size "hi" which will not be accessible to the caller, possibly because it is nested in a tuple or record. Consider ascribing an explicit type that does not reference "hi".
              related "hi": "hi" is bound here, inside a pattern
            inaccessible-size@"(ys: []i64)": Parameter "ys" refers to size "x" which will not be accessible to the caller, possibly because it is nested in a tuple or record. Consider ascribing an explicit type that does not reference "x".
              related "x": "x" is bound here, inside a pattern
        "#]],
    );
}

#[test]
fn abbreviations_use_anonymous_sizes_constructively() {
    check(
        "type^ reducer = []f32 -> f32
type^ carried = ([]f32, f32 -> f32)
type^ named [n] = [n]f32 -> f32",
        expect![[r#"
            anonymous-nonconstructive@"[]": Type abbreviation contains an anonymous size not used constructively as an array size.
        "#]],
    );
}

#[test]
fn local_type_parameters_stay_local() {
    check(
        "def outer x =
  let inner 'b (y: b) = if true then y else x
  in inner
def fine (x: i32) =
  let id 'b (y: b) = y
  in id x",
        expect![[r#"
            scope-violation@"inner": Type parameter "b" of "inner" would escape its scope (scope violation): a type inferred for something bound outside "inner" refers to it.
            See the error index entry "scope-violation".
              related "'b": "b" is bound here
        "#]],
    );
}

#[test]
fn composed_functions_with_existential_results() {
    check(
        "def (>->) 'a 'b 'c (f: a -> b) (g: b -> c) (x: a) : c = g (f x)
def count (xs: []i32) : i64 = (filter (> 0) >-> length) xs
def piped (xs: []i32) : i64 = xs |> filter (> 0) |> length",
        expect![[r#"
            existential-param@"filter (> 0)": Cannot apply ">->" to "filter (> 0)".
            Existential size would appear in function parameter of return type:
              ([d₂]i32 -> t3) -> [d₀]i32 -> t3
            The argument returns an array whose size is known only once it is applied, or names a size with a parameter of its own, and that size would be needed before it exists; apply the argument first (e.g. with "|>") instead of passing it on.
        "#]],
    );
}

#[test]
fn array_elements_agree_with_the_first() {
    check(
        "def grid = [[1, 2], [[5], [6]]]",
        expect![[r#"
            ambiguous-type@"grid": Defaulting ambiguous type to i32.
            type-mismatch@"[[5], [6]]": Cannot instantiate "t" with type
              [1]i32
            as "t" must be one of i8, i16, i32, i64, u8, u16, u32, u64, f16, f32, f64
            due to type of first array element.
        "#]],
    );
}

#[test]
fn sizes_may_not_leave_their_scope() {
    check(
        "def restrict (k: i64) =
  let [m] (evens: [m]i64) = filter (\\x -> x % 2 == 0) (iota k)
  in \\(ws: [m]f32) -> map (\\w -> w) ws
def pick [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 = ys
def combine (xs: []i32) = pick xs (filter (\\x -> x > 0) xs)
def named (xss: [][]f32) : i64 = let [r][c] (m: [r][c]f32) = xss in r * c
def rows (xss: [][]u8) = map (\\(row: []u8) : i64 -> length row) xss",
        expect![[r#"
            size-out-of-scope@"\\(ws: [m]f32) -> map (\\w -> w) ws": Unknown size "m" in parameter of the function this expression returns:
              [m]f32 -> *[m]f32
            Size "m" is going out of scope: no argument could have the size "m" outside the "let" that binds it.
              related "m": "m" is bound here
            unknown-param-size@"combine": Unknown size "d₂" in parameter of "combine".
            The anonymous size "d₁" of a parameter is inferred to be a size that only the body computes, which no caller can supply.
              related "filter": "d₂" is computed here
        "#]],
    );
}

#[test]
fn sizes_are_computed_before_values_need_them() {
    check(
        "def too_early (xs: []i32) =
  let none = [] : [][]i32
  let rows = [filter (\\x -> x > 0) xs]
  in none[0] == rows[0]
def in_order (xs: []i32) =
  let rows = [filter (\\x -> x > 0) xs]
  let none = [] : [][]i32
  in none[0] == rows[0]",
        expect![[r#"
            causality@"none": Causality check: size "d₄" needed for the type of "none", but it is computed only later.
            Hint: bind the expression producing "d₄" with "let" beforehand.
              related "filter": "d₄" is computed here, after "none" is bound
            deprecated@"==": Comparing arrays with "==" or "!=" is deprecated and will be removed in a future release.
            Compare the elements instead (for example with "map2" and "and").
            deprecated@"==": Comparing arrays with "==" or "!=" is deprecated and will be removed in a future release.
            Compare the elements instead (for example with "map2" and "and").
        "#]],
    );
}

#[test]
fn parameter_sizes_cannot_be_linked_to_later_expressions() {
    check(
        "def counts (bins: []i64) = zip bins (replicate (length bins) 1)
def lengths (k: i64) (bins: []i64) = zip bins (replicate (k) 1)",
        expect![[r#"
            ambiguous-type@"counts": Defaulting ambiguous type to i32.
            scope-violation@"(bins: []i64)": Cannot link size "d₁" to "length bins" (scope violation).
            The size of parameter "(bins: []i64)" is bound before what "length bins" refers to.
              related "(length bins)": the size "length bins" is computed here
            ambiguous-type@"lengths": Defaulting ambiguous type to i32.
        "#]],
    );
}

#[test]
fn let_size_parameters_take_the_value_sizes() {
    check(
        "def total =
  let [n][m] (table: [n][m]i64) = []
  in n + m
def known (xss: [][]f32) : i64 =
  let [r][c] (m: [r][c]f32) = xss
  in r * c
def constant : i64 =
  let [n] (xs: [n]i32) = [1, 2, 3]
  in n + length xs",
        expect![[r#"
            ambiguous-size@"[m]": Ambiguous size "m".
            Nothing in the bound value determines it; add a type annotation to the value.
        "#]],
    );
}

#[test]
fn sizes_determined_by_later_arguments_or_loops_are_not_ambiguous() {
    check(
        "def apply [n] (f: [n]i32 -> i32) (xs: [n]i32) : i32 = f xs
def first = apply (\\ys -> ys[0]) [1, 2]
def count (xs: []i32) : i64 = length (filter (\\x -> x > 0) xs)
def steps (xs: []i32) = loop (i, acc) = (0, xs) while i < 3 do (i + 1, map (\\x -> x + 1) acc)
def grown (xs: []i32) : []i32 = loop acc = xs for _i < 2 do filter (\\x -> x > 0) acc",
        expect![[r#"
            ambiguous-type@"steps": Defaulting ambiguous type to i32.
            apply : ([n]i32 -> i32) -> [n]i32 -> i32
            first : i32
            count : []i32 -> i64
            steps : []i32 -> (i32, []i32)
            grown : []i32 -> []i32
        "#]],
    );
}
