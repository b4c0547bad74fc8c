-- description: a reduction inside a map is one segmented reduction on the
-- GPU: short rows a thread each, long rows a work-group each; operators
-- that do not commute keep the order within each row.
-- ==
-- entry: row_sums
-- input { [[1i32, 2, 3], [4, 5, 6]] } output { [6i32, 15] }
-- input { empty([3][0]i32) } output { [0i32, 0, 0] }
-- input { empty([0][4]i32) } output { empty([0]i32) }

entry row_sums (xss: [][]i32) : []i32 = map (\xs -> reduce (+) 0 xs) xss

-- ==
-- entry: shifted_sums
-- input { [[1i64, 2, 3], [10, 20, 30]] } output { [9i64, 90] }
-- input { [[1i64], [2], [3]] } output { [2i64, 4, 6] }

entry shifted_sums (xss: [][]i64) : []i64 =
  map (\xs -> let a = xs[0] in reduce (+) 0 (map (+ a) xs)) xss

-- ==
-- entry: long_rows
-- input { 3i64 1000i64 } output { [499500i64, 1499500, 2499500] }
-- input { 2i64 65i64 } output { [2080i64, 6305] }
-- input { 4i64 0i64 } output { [0i64, 0, 0, 0] }

entry long_rows (n: i64) (m: i64) : []i64 =
  let xss = unflatten (iota (n * m) :> [n * m]i64)
  in map (\xs -> reduce (+) 0 xs) xss

-- Composing affine maps `x -> a * x + b` in order: associative, not
-- commutative.
def compose (a1: i64, b1: i64) (a2: i64, b2: i64) = (a1 * a2, b1 * a2 + b2)

-- ==
-- entry: affine
-- input { [[2i64, 3], [1, 5]] [[1i64, 1], [0, 2]] } output { [6i64, 5] [4i64, 2] }

entry affine (ass: [][]i64) (bss: [][]i64) : ([]i64, []i64) =
  unzip (map2 (\as bs -> reduce compose (1, 0) (zip as bs)) ass bss)

-- ==
-- entry: affine_long
-- input { 3i64 200i64 } output { [1i64, 1, 1] [100i64, 100, 100] }
-- input { 2i64 5i64 } output { [-1i64, -1] [2i64, 7] }

entry affine_long (n: i64) (m: i64) : ([]i64, []i64) =
  let bss = unflatten (iota (n * m) :> [n * m]i64)
  in unzip (map (\bs -> reduce compose (1, 0) (map (\b -> (-1, b)) bs)) bss)

def last (a: i64) (b: i64) = if b != 0 then b else a

def last_odd [n] [m] (xss: [n][m]i64) : [n]i64 =
  map (\xs -> reduce last 0 (map (\x -> if x % 2 == 1 then x else 0) xs)) xss

-- ==
-- entry: last_nonzero
-- input { [[0i64, 7, 0], [0, 0, 0], [3, 5, 9]] } output { [7i64, 0, 9] }

entry last_nonzero (xss: [][]i64) : []i64 = last_odd xss

-- ==
-- entry: last_nonzero_long
-- input { 2i64 300i64 } output { [299i64, 599] }

entry last_nonzero_long (n: i64) (m: i64) : []i64 =
  last_odd (unflatten (iota (n * m) :> [n * m]i64))

-- ==
-- entry: two_reductions
-- input { [[1f32, 2, 3], [4, 5, 6]] 10f32 } output { [16f32, 25] [3f32, 6] }

entry two_reductions (xss: [][]f32) (c: f32) : ([]f32, []f32) =
  unzip (map (\xs -> (reduce (+) c xs, reduce f32.max (-f32.inf) xs)) xss)
