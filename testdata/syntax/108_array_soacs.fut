-- Core array combinators: map, reduce, scan, filter, partition, and friends.

def stats (xs: []f32) : (f32, f32) =
  let n = f32.i64 (length xs)
  let mean = reduce (+) 0.0 xs / n
  let var = reduce (+) 0.0 (map (\x -> (x - mean) ** 2.0) xs) / n
  in (mean, var)

def prefix (xs: []i32) : []i32 = scan (+) 0 xs

def split_sign (xs: []i32) : ([]i32, []i32) = partition (>= 0) xs

-- | Commutative reduction and all/any.
def max_abs (xs: []i32) : i32 = reduce_comm i32.max 0 (map i32.abs xs)

def checks (xs: []i32) : (bool, bool) = (all (> 0) xs, any (== 0) xs)

entry main (xs: []f32) : (f32, f32) = stats xs

entry ints (xs: []i32) : ([]i32, ([]i32, []i32), i32, (bool, bool)) =
  (prefix xs, split_sign xs, max_abs xs, checks xs)

entry tab (n: i64) : [n][n]i64 = tabulate_2d n n (\i j -> i * j)
