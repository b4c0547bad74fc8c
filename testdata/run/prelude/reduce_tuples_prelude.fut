-- description: reduce with a tuple-valued operator computing min and max at once.
-- ==
-- entry: minmax
-- input { [3, -2, 8, 0] } output { -2 8 }
-- input { empty([0]i32) } output { 2147483647 -2147483648 }

entry minmax (xs: []i32) =
  reduce (\(a, b) (c, d) -> (i32.min a c, i32.max b d))
         (i32.highest, i32.lowest)
         (map (\x -> (x, x)) xs)
