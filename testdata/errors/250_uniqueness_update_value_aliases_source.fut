-- The value written into row 1 of `m` is row 0 of `m` itself, which aliases the array being updated.
-- ==
-- error: Source array for in-place update.*might alias update value

def dup_row [n] (m: *[][n]f32) : [][n]f32 =
  m with [1] = m[0]
