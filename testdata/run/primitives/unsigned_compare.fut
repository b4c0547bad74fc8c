-- description: unsigned comparison differs from signed comparison of the same bits.
-- ==
-- entry: compare
-- input { -1 1 } output { true false }
-- input { 3 4 } output { true true }

entry compare (a: i32) (b: i32) =
  (a < b, u32.i32 a < u32.i32 b)
