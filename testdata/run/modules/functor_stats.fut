-- description: applying an imported functor to two argument modules.
-- ==
-- entry: float_stats
-- input { [1.0, 2.0, 3.0, 6.0] } output { 12.0 3.0 50.0 }

-- ==
-- entry: int_stats
-- input { [1, 2, 3, 6] } output { 12 3 50 }

import "lib/numeric"

module fs = stats f64_number
module is = stats i32_number

entry float_stats (xs: []f64) = (fs.sum xs, fs.mean xs, fs.sum_squares xs)
entry int_stats (xs: []i32) = (is.sum xs, is.mean xs, is.sum_squares xs)
