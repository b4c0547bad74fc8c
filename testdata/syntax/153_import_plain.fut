-- Plain 'import' of a sibling file, making its names available unqualified.

import "lib/util"

-- | Uses clamp, square and sum from lib/util.
entry main (xs: []i32) (f: f32) : (i32, f32, i32) =
  (sum (map square xs), clamp 0.0 1.0 f, succ_square 3)

entry last_elem (xs: []f64) : f64 = last xs
