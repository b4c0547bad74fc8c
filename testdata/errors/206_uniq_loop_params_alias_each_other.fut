-- Loop: two consuming loop parameters receive the same array in the next iteration.
-- ==
-- error: aliases other consumed loop parameter

def pingpong (n: i64) =
  loop (cur: *[]f32, next: *[]f32) = (replicate n 0, replicate n 0) for _i < 10 do
    (cur, cur)
