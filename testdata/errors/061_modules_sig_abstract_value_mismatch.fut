-- Signature mismatch: the module's `compare` uses i64 where the signature's `t = i32` is required.
-- ==
-- error: Module type specifies

module type cmp = {
  type t = i32
  val compare: t -> t -> i32
}

module c : cmp = {
  type t = i32
  def compare (a: i64) (b: i64) : i32 = if a < b then -1 else if a > b then 1 else 0
}
