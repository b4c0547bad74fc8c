-- description: using an imported polymorphic sort directly and through a functor, ascending and descending.
-- ==
-- entry: ascending
-- input { [5, 3, 9, 1, 3] } output { [1, 3, 3, 5, 9] }
-- input { empty([0]i32) } output { empty([0]i32) }

-- ==
-- entry: descending
-- input { [0.5, -1.0, 2.0] } output { [2.0, 0.5, -1.0] }

import "lib/sorting"

module desc_f64 = sorter { type t = f64 def lte (a: f64) (b: f64) = a >= b }

entry ascending (xs: []i32) = insertion_sort (<=) xs
entry descending (xs: []f64) = desc_f64.sort xs
