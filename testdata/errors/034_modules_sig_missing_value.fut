-- Signature mismatch: the module does not define `pop`, which the signature requires.
-- ==
-- error: Module does not define a value named pop

module type stack = {
  type t
  val empty: t
  val push: i32 -> t -> t
  val pop: t -> t
}

module small_stack : stack = {
  type t = (i64, [8]i32)
  def empty : t = (0, replicate 8 0)
  def push (x: i32) ((n, xs): t) : t = (n + 1, copy xs with [n] = x)
}
