-- `with` refinement can only refine types; `zero` is a value spec.
-- ==
-- error: "zero" is not an abstract type

module type ring = {
  type t
  val zero: t
}

module type zero_ring = ring with zero = i32
