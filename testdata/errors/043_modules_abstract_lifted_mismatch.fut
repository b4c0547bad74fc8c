-- Signature mismatch: a lifted (function) type cannot implement a non-lifted abstract type.
-- ==
-- error: requires a non-lifted type

module type action = {
  type t
  val run: t -> i32 -> i32
}

module inc : action = {
  type^ t = i32 -> i32
  def run (f: t) (x: i32) = f x
}
