-- Signature mismatch: the signature fixes `t = i64`, the module defines `t = i32`.
-- ==
-- error: but module type requires

module type indexed = {
  type t = i64
  val first: t
}

module small : indexed = {
  type t = i32
  def first : t = 0
}
