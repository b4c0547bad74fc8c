-- Tuple patterns in let bindings, including nested tuples.

def divmod (a: i32) (b: i32) : (i32, i32) = (a / b, a % b)

def minmax (xs: []i32) : (i32, i32) =
  reduce (\(lo1, hi1) (lo2, hi2) -> (i32.min lo1 lo2, i32.max hi1 hi2))
         (i32.highest, i32.lowest)
         (map (\x -> (x, x)) xs)

entry main (a: i32) (b: i32) (xs: []i32) : i32 =
  let (q, r) = divmod a b
  let (lo, hi) = minmax xs
  let ((x, y), z) = ((q, r), lo + hi)
  in x + y + z

-- | Unzipping into a tuple of arrays.
entry split_pairs (ps: [](i32, f32)) : ([]i32, []f32) =
  let (is, fs) = unzip ps
  in (map (+ 1) is, map (* 2.0) fs)
