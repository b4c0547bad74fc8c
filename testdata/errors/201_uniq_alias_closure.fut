-- Aliasing through a closure: `get` captures `xs`, which is consumed before `get` is called.
-- ==
-- error: Using variable "xs", but this was consumed

def lookup_after (xs: *[]i32) : i32 =
  let get (i: i64) = xs[i]
  let xs[0] = 5
  in get 0
