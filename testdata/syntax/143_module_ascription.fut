-- Signature ascription module M : S = { ... } hiding implementation details.

module type stack = {
  type t
  val empty : t
  val push : i32 -> t -> t
  val top : t -> i32
  val size : t -> i64
}

-- | A bounded stack of at most 8 elements; the representation is abstract.
module stack8 : stack = {
  type t = {data: [8]i32, len: i64}
  def empty : t = {data = replicate 8 0, len = 0}
  def push (x: i32) (s: t) : t =
    if s.len >= 8 then s else {data = copy s.data with [s.len] = x, len = s.len + 1}
  def top (s: t) : i32 = if s.len == 0 then 0 else s.data[s.len - 1]
  def size (s: t) : i64 = s.len
}

-- | Ascription can also be applied to a module expression on the right.
module also_stack = stack8 : stack

entry main (xs: []i32) : (i32, i64) =
  let s = loop s = stack8.empty for x in xs do stack8.push x s
  in (stack8.top s, also_stack.size (also_stack.push 1 also_stack.empty))
