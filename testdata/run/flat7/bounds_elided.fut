-- description: indexing with a thread's own index into an array as long
-- as the index space needs no bounds check; an index past it keeps its
-- check (and fails where it should).
-- ==
-- entry: inside
-- structure gpu { SegMap 2 SegMap/Assert 1 }
-- input { [1i32, 2, 3] } output { [3i32, 4, 5] }

entry inside [n] (xs: [n]i32) : [n]i32 =
  tabulate n (\i -> xs[i] + 2)

-- ==
-- entry: shifted
-- input { [1i32, 2, 3] 1i64 } error: out of bounds
-- input { [1i32, 2, 3] 0i64 } output { [2i32, 4, 6] }

entry shifted [n] (xs: [n]i32) (k: i64) : [n]i32 =
  tabulate n (\i -> xs[i + k] * 2)
