-- Entry points with sizes, tuples and records in their types.

entry dot [n] (xs: [n]f32) (ys: [n]f32) : f32 = f32.sum (map2 (*) xs ys)

entry stats (xs: []f64) : (f64, f64) = (f64.minimum xs, f64.maximum xs)

entry fill (n: i64) (x: i32) : [n]i32 = replicate n x

entry positives (xs: []i32) : []i32 = filter (> 0) xs
