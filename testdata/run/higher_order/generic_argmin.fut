-- description: a generic argmin parameterised by a key function.
-- ==
-- input { [3.0, -1.0, 2.0, -4.0] } output { 3i64 1i64 }
-- input { [2.0, 2.0] } output { 0i64 0i64 }

def argmin_by 'a [n] (key: a -> f64) (xs: [n]a) : i64 =
  let (i, _) = reduce (\(i, a) (j, b) -> if a < b || (a == b && i < j) then (i, a) else (j, b))
                      (-1, f64.inf) (zip (iota n) (map key xs))
  in i

def main (xs: []f64) = (argmin_by id xs, argmin_by f64.abs xs)
