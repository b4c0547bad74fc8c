-- description: large i64 values and products that do not fit in 32 bits.
-- ==
-- entry: factorial
-- input { 20i64 } output { 2432902008176640000i64 }
-- input { 21i64 } output { -4249290049419214848i64 }
-- input { 0i64 } output { 1i64 }

entry factorial (n: i64) : i64 =
  loop acc = 1 for i < n do acc * (i + 1)
