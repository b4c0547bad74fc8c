-- Signature mismatch: `combine` takes two arguments in the module but one in the signature.
-- ==
-- error: When matching return types

module type monoid = {
  type t
  val ne: t
  val combine: t -> t
}

module add : monoid = {
  type t = i32
  def ne : t = 0
  def combine (a: t) (b: t) : t = a + b
}
