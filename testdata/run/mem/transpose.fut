-- description: a transpose changes only the index function; an entry point
-- returns row-major arrays, so the transposed result is copied once.
-- ==
-- structure seq-mem { Alloc 2 }
-- input { [[1i32, 2, 3], [4, 5, 6]] }
-- output { [[2i32, 3, 4], [5, 6, 7]] [[2i32, 5], [3, 6], [4, 7]] }

entry main (m: [][]i32) : ([][]i32, [][]i32) =
  let t = map (map (+ 1)) m
  in (t, transpose t)
