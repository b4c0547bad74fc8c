-- error: unknown size returned by "filter"
-- A filter's result has a size only it knows.
def positives (xs: []f64) : [3]f64 = filter (> 0) xs
