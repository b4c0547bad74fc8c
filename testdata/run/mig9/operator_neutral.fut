-- A device value an operator's neutral element uses is read back (the
-- neutral element is an input of the launch), and still reaches the
-- operator's body right.
-- ==
-- entry: neutral
-- input { [4i32, 1i32, 2i32] } output { 4i32 }

entry neutral [n] (xs: [n]i32) : i32 =
  let m = xs[1]
  in reduce (\a b -> if a < b then b else a + m - m) m xs
