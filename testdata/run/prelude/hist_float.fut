-- description: hist with a float operator: per-bin sums of weights.
-- ==
-- entry: weighted
-- input { [0i64, 2i64, 0i64, 1i64] [0.5, 1.5, 0.25, 2.0] } output { [0.75, 2.0, 1.5] }

entry weighted [n] (bins: [n]i64) (ws: [n]f64) = hist (+) 0 3 bins ws
