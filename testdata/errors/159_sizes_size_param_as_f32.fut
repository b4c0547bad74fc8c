-- `[n]` used as a value of the wrong type: binding the size as an f32.
-- ==
-- error: Pattern[[:space:]]+len: f32[[:space:]]+cannot match value of type[[:space:]]+i64

def mean [n] (xs: [n]f32) : f32 =
  let len: f32 = n
  in f32.sum xs / len
