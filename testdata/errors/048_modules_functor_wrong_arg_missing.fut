-- Functor applied to wrong module: the argument lacks the abstract type `key`.
-- ==
-- error: Module does not define a type named key

module type ordered = {
  type key
  val lt: key -> key -> bool
}

module sorter (O: ordered) = {
  def min2 (a: O.key) (b: O.key) = if O.lt a b then a else b
}

module ints = { def lt (a: i32) (b: i32) = a < b }
module s = sorter ints
