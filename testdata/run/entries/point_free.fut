-- description: entry points defined without parameters take the parameters of their body's function type (point-free style), as in Futhark.
-- ==
-- entry: halves
-- input { [2.0f64, 5.0f64] } output { [1.0f64, 2.5f64] }
-- input { empty([0]f64) } output { empty([0]f64) }

-- ==
-- entry: pairwise_max
-- input { [1, 7, 3] [4, 2, 9] } output { [4, 7, 9] }

-- ==
-- entry: scaled_sum
-- input { 3i64 [1i64, 2i64, 3i64] } output { 18i64 }

-- ==
-- entry: curried
-- input { 10 [1, 2] } output { [11, 12] }

def halve (x: f64) = x / 2

entry halves = map halve

entry pairwise_max = map2 i32.max

def scale (k: i64) (xs: []i64) = i64.sum (map (* k) xs)

entry scaled_sum = scale

-- A declared parameter followed by the parameters of the body's type.
entry curried (k: i32) = map (+ k)
