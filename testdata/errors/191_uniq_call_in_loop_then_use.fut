-- Consumption through a `*` function call in a loop initialiser, then using the argument.
-- ==
-- error: Using variable "xs", but this was consumed

def inc (xs: *[]i32) (i: i64) : *[]i32 =
  xs with [i] = xs[i] + 1

def run (xs: *[]i32) : (i32, []i32) =
  let ys = loop acc = inc xs 0 for i < 3 do inc acc i
  in (xs[0], ys)
