-- Unknown module type: the functor parameter's signature `ORD` is not in scope.
-- ==
-- error: Unknown module type "ORD"

module type ord = { type t val lte: t -> t -> bool }

module max_of (P: ORD) = {
  def max (a: P.t) (b: P.t) = if P.lte a b then b else a
}
