-- Aliasing through a tuple: consuming the tuple component consumes `xs` too.
-- ==
-- error: Using variable "xs", but this was consumed

def tag (xs: *[]i32) : i32 =
  let pair = (xs, 7i32)
  let (arr, k) = pair
  let arr[0] = k
  in xs[0] + arr[0]
