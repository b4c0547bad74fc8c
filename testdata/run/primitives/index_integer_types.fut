-- description: arrays can be indexed with any signed integer type (i8, i16, i32, i64); slice bounds must be i64.
-- ==
-- input { [10, 20, 30, 40] 1i32 2i8 3i16 } output { 20 30 40 [20, 30] }

def main (xs: []i32) (a: i32) (b: i8) (c: i16) = (xs[a], xs[b], xs[c], xs[i64.i32 a:i64.i32 a + 2])
