-- Aliasing through a slice: `tail_` aliases `xs`, which is consumed before `tail_` is used.
-- ==
-- error: Using variable "xs", but this was consumed

def peel (xs: *[]i32) : i32 =
  let tail_ = xs[1:]
  let xs[0] = 0
  in tail_[0]
