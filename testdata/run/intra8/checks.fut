-- description: a failing check at work-group level (an index past a row,
-- read after a reduction of the group) stops the program with the
-- interpreter's message.
-- ==
-- input { [[1i64, 0], [0i64, 1]] } output { [0i64, 0i64] }
-- input { [[1i64, 2], [3i64, 0]] } error: out of bounds

entry main [m][n] (xss: [m][n]i64) : [m]i64 =
  #[flattening(only_intra)]
  map (\xs -> let s = i64.sum xs
              let ys = scan (+) 0 xs
              in ys[s % 4] - s) xss
