-- Inaccessible size: parameter size refers to a name inside a tuple pattern.
-- ==
-- error: which will not be accessible to the caller

def window (lo: i64, hi: i64) (xs: [hi]f32) : f32 =
  f32.sum xs[lo:]
