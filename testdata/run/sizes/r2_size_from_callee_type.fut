-- description: size parameters that no argument value carries are taken from
-- the call's type: one that occurs only in a function parameter's result, and
-- one that occurs only inside a size expression.
-- ==
-- entry: from_function
-- input { 4i64 } output { 4i64 }

def result_len [k] (_mk: i64 -> [k]bool) : i64 = k

entry from_function (m: i64) = result_len (\i -> replicate m (i > 0))

-- ==
-- entry: from_product
-- input { [5, 6, 7, 8, 9, 10] } output { [5, 6] }

def first_row [a] [b] (xs: [a * b]i32) : [b]i32 = take b xs

entry from_product (xs: []i32) =
  let ys = xs :> [3 * 2]i32
  in first_row ys :> [2]i32
