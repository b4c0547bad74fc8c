-- Arrays of tuples and tuples of arrays, with projection and zipping.

-- | Sort-free argmin over an array of (value, index) tuples.
def argmin (xs: []f32) : i64 =
  let pairs = zip xs (indices xs)
  let best = reduce (\a b -> if a.0 <= b.0 then a else b) (f32.inf, -1) pairs
  in best.1

-- | A tuple whose components are arrays.
def summary (xs: []i32) : ([]i32, []i32) = (map (* 2) xs, filter (> 0) xs)

-- | Index into an array of tuples then project.
def second_at (ps: [](i32, bool)) (i: i64) : bool = ps[i].1

entry main (xs: []f32) : i64 = argmin xs

entry parts (xs: []i32) : ([]i32, []i32) = summary xs

entry at (xs: []i32) (i: i64) : bool = second_at (map (\x -> (x, x > 0)) xs) i
