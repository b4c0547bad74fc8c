-- `open` of a parametric module, which must be applied first.
-- ==
-- error: Cannot have parametric module here

module ops (P: { val k: i32 }) = {
  def addk (x: i32) = x + P.k
}

open ops

def f (x: i32) = addk x
