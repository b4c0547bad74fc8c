-- description: integer module operator functions i32.+, i32.quot, i32.rem, i32.//, i32.%% and conversions to_i64/i64.
-- ==
-- entry: ops
-- input { -7 2 } output { -5 -4 1 -3 -1 -7i64 }

entry ops (a: i32) (b: i32) =
  ((i32.+) a b, a i32./ b, (i32.%) a b, (i32.//) a b, (i32.%%) a b, i32.to_i64 a)
