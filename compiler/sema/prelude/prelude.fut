-- | The prelude: everything that is in scope in every Futhark program
-- without an import.
--
-- Built-in operators (`+`, `==`, `&&`, ...) are not defined here; they are
-- part of the language.  The operations that the prelude is built from are
-- listed in `intrinsics.fut`.

open import "soacs"
open import "array"
open import "math"
open import "functional"
open import "ad"

-- | Convert an `i32` to an `f32`.
def r32 (x: i32): f32 = f32.i32 x

-- | Convert an `f32` to an `i32`, rounding towards zero.
def t32 (x: f32): i32 = i32.f32 x

-- | Convert an `i32` to an `f64`.
def r64 (x: i32): f64 = f64.i32 x

-- | Convert an `f64` to an `i32`, rounding towards zero.
def t64 (x: f64): i32 = i32.f64 x

-- | Boolean negation, as a function: `not x` is `!x`.  Useful as an
-- argument to other functions, as in `map not xs`.
def not (x: bool): bool = !x

-- | The identity function, but the compiler will not look inside it: the
-- result is treated as an unknown value.  Useful to keep the compiler from
-- optimising away a computation, for example in benchmarks.
def opaque 't (x: t): t =
  intrinsics.opaque x

-- | The identity function, but when run by the interpreter the value is
-- also printed, together with its position in the program.  Compiled code
-- ignores it.
def trace 't (x: t): t =
  intrinsics.trace x

-- | The identity function, but when run by the interpreter it stops here,
-- like at a breakpoint, so the local variables can be inspected.  Compiled
-- code ignores it.
def break 't (x: t): t =
  intrinsics.break x
