-- description: integer module functions at the extremes: clz/ctz of zero, sgn of the lowest value, mul_hi of negatives.
-- ==
-- input { } output { 64 64 -1 0 -1i64 64i8 }

def main =
  (i64.clz 0, i64.ctz 0, i32.sgn i32.lowest, i32.popc 0, i64.mul_hi (-1) 1, i8.mul_hi (-128) (-128))
