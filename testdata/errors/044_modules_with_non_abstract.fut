-- `with` refinement of a type that is already concrete in the signature.
-- ==
-- error: is not an abstract type in the module type

module type numeric = {
  type t = f32
  val zero: t
}

module type numeric64 = numeric with t = f64
