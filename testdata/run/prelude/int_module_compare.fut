-- description: comparison functions of integer modules, used as first-class values.
-- ==
-- entry: sorted
-- input { [1, 2, 2, 5] } output { true false }
-- input { [3, 1] } output { false false }
-- input { empty([0]i32) } output { true true }

entry sorted [n] (xs: [n]i32) =
  let pairs = map (\i -> (xs[i], xs[i + 1])) (iota (i64.max 0 (n - 1)))
  in (all (uncurry (i32.<=)) pairs, all (uncurry (i32.<)) pairs)
