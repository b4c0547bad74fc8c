-- description: one k-means step in 1D: assign points to the nearest centre, then recompute centres with reduce_by_index.
-- ==
-- input { [1.0, 2.0, 10.0, 11.0, 12.0] [0.0, 19.0] } output { [0i64, 0i64, 1i64, 1i64, 1i64] [1.5, 11.0] }
-- input { [1.0, 2.0, 10.0, 11.0, 12.0] [0.0, 20.0] } output { [0i64, 0i64, 0i64, 1i64, 1i64] [4.333333333333333, 11.5] }
-- input { [5.0] [0.0, 100.0] } output { [0i64] [5.0, 0.0] }

-- Ties go to the lower-numbered centre (10.0 is equidistant from 0 and 20).
def nearest [k] (cs: [k]f64) (p: f64) : i64 =
  (reduce (\(i, d) (j, e) -> if d < e || (d == e && i < j) then (i, d) else (j, e))
          (-1, f64.inf)
          (map2 (\j c -> (j, f64.abs (p - c))) (iota k) cs)).0

def main [n][k] (ps: [n]f64) (cs: [k]f64) =
  let assign = map (nearest cs) ps
  let sums = reduce_by_index (replicate k 0) (+) 0 assign ps
  let counts = reduce_by_index (replicate k 0) (+) 0 assign (replicate n 1f64)
  in (assign, map2 (\s c -> if c == 0 then 0 else s / c) sums counts)
