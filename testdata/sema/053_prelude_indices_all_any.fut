-- Prelude: indices, all and any.

def argmax (xs: []f32) : i64 =
  let (_, i) = reduce (\(a, i) (b, j) -> if a >= b then (a, i) else (b, j))
                      (-f32.inf, -1) (zip xs (indices xs))
  in i

def sorted (xs: []i32) : bool =
  all (\i -> i == 0 || xs[i - 1] <= xs[i]) (indices xs)

def has_nan (xs: []f64) : bool = any f64.isnan xs
