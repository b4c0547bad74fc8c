-- description: records with array-valued fields.
-- ==
-- input { [1.0, 2.0, 3.0] } output { 3i64 6.0 [2.0, 4.0, 6.0] }

type series [n] = {values: [n]f64, total: f64}

def mk [n] (xs: [n]f64) : series [n] = {values = xs, total = reduce (+) 0 xs}

def main (xs: []f64) =
  let s = mk xs
  let s = s with values = map (* 2) s.values
  in (length s.values, s.total, s.values)
