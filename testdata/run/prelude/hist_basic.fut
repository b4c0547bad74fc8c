-- description: hist counts values into bins and ignores out-of-range bins.
-- ==
-- entry: histogram
-- input { 4i64 [0i64, 1i64, 1i64, 3i64, 7i64, -1i64] } output { [1, 2, 0, 1] }
-- input { 2i64 empty([0]i64) } output { [0, 0] }

-- ==
-- entry: max_per_bin
-- input { [0i64, 1i64, 0i64] [5, -3, 9] } output { [9, -3, -2147483648] }

entry histogram [n] (bins: i64) (is: [n]i64) = hist (+) 0 bins is (replicate n 1i32)

entry max_per_bin [n] (is: [n]i64) (vs: [n]i32) = hist i32.max i32.lowest 3 is vs
