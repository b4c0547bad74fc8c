-- Recursive functions become calls of core functions (others are
-- inlined): scalars, arrays whose size changes per call, and a function
-- argument passed along.

def sum_digits (n: i64) : i64 = if n < 10 then n else n % 10 + sum_digits (n / 10)

def halves (xs: []f32) : []f32 =
  if length xs <= 1 then xs else halves (map2 (+) (take (length xs / 2) xs) (drop (length xs / 2) (take (length xs / 2 * 2) xs)))

def times (k: i32) (f: i32 -> i32) (x: i32) : i32 = if k == 0 then x else times (k - 1) f (f x)

-- ==
-- entry: digits
-- input { 98765i64 } output { 35i64 }
entry digits (n: i64) = sum_digits n

-- ==
-- entry: fold
-- input { [1f32, 2f32, 3f32, 4f32] } output { [10f32] }
entry fold (xs: []f32) = halves xs

-- ==
-- entry: twice
-- input { 5 } output { 40 }
entry twice (x: i32) = times 3 (\y -> y * 2) x
