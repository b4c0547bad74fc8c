-- `for` loop index takes the bound's type (i32), so it cannot be multiplied by an i64.
-- ==
-- error: Cannot apply "\*" to "w"

def weighted (n: i32) (w: i64) : i64 =
  loop acc = 0i64 for i < n do acc + i * w
