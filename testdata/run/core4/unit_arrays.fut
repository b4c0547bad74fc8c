-- Arrays of `()` and of empty records keep their shape through the
-- middle end: their length, the sizes they bind, the width of a SOAC
-- over them, and bounds checks when indexed.
-- ==
-- entry: lengths
-- input { 3i64 4i64 } output { 3i64 4i64 12i64 }
-- input { 0i64 5i64 } output { 0i64 5i64 0i64 }

-- ==
-- entry: through_map
-- input { [1, 2, 3] } output { [true, true, true] 3i64 }

-- ==
-- entry: indexed
-- input { 3i64 2i64 } output { 7i32 }
-- input { 3i64 3i64 } error: out of bounds

-- ==
-- entry: zipped
-- input { [5i32, 6i32] } output { [5i32, 6i32] 2i64 }

-- ==
-- entry: literal
-- input { } output { 3i64 2i64 }

-- ==
-- entry: phantom
-- input { [7i32, 8i32, 9i32] } output { [0i32, 1i32, 2i32] }

-- ==
-- entry: nested_tuples
-- input { 2i64 } output { 2i64 2i64 }

-- ==
-- entry: reduced
-- input { 4i64 } output { 4i64 }

type marks [n] = [n]()

def marks n : marks [n] = replicate n ()

def count [n] (_: marks [n]) : i64 = n

entry lengths (n: i64) (m: i64) =
  let grid = replicate n (replicate m {})
  let flat = flatten grid
  in (length grid, if n > 0 then length grid[0] else m, length flat)

entry through_map (xs: []i32) =
  let us = map (\_ -> ()) xs
  in (map (const true) us, count us)

entry indexed (n: i64) (i: i64) : i32 =
  let us = marks n
  let () = us[i]
  in 7

entry zipped [n] (xs: [n]i32) =
  let (a, b) = unzip (zip xs (marks n))
  in (a, count b)

entry literal =
  let a = [(), (), ()]
  let b = [{}, {}]
  in (length a, length b)

def positions [n] (_: marks [n]) : [n]i32 = map i32.i64 (iota n)

entry phantom (xs: []i32) = positions (map (\_ -> ()) xs)

entry nested_tuples (n: i64) =
  let ps = replicate n ((), {})
  let (a, b) = unzip ps
  in (count a, count b)

entry reduced (n: i64) =
  let () = reduce (\() () -> ()) () (marks n)
  in count (scan (\() () -> ()) () (marks n))

-- ==
-- entry: returned
-- input { 2i64 } output { 2i64 }

entry returned (n: i64) =
  let (us, k) = (marks n, n)
  in (count (copy us), k).1
