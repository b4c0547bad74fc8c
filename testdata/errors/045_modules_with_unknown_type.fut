-- `with` refinement of a type name that the signature does not declare.
-- ==
-- error: "elem" is not an abstract type

module type vector = {
  type t
  val len: t -> i64
}

module type ivector = vector with elem = i32
