-- description: loop interchange with a parameter starting from a value
-- the map does not vary (replicated), one from a row of the input, the
-- loop index and a value computed before the loop used in the body, and
-- only some of the loop's results returned.
-- ==
-- structure gpu { /Loop 1 If 0 }
-- input { [[1i32, 2], [3, 4], [5, 6]] 3i32 }
-- output { [[10i32, 11], [24i32, 25], [38i32, 39]] }

entry main [n] [m] (xss: [n][m]i32) (k: i32) : [n][m]i32 =
  #[flattening(only_inner)]
  map (\xs ->
         let base = xs[0] * 2
         let (acc, _) =
           loop (acc, count) = (xs, 0i32) for i < 3 do
             (map (\x -> x + base + i32.i64 i) acc, count + k)
         in acc)
      xss
