-- description: map2, map3, map4 and map5.
-- ==
-- entry: maps
-- input { [1, 2] [10, 20] [100, 200] [1000, 2000] [10000, 20000] }
-- output { [11, 22] [111, 222] [1111, 2222] [11111, 22222] }

entry maps [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) (d: [n]i32) (e: [n]i32) =
  ( map2 (+) a b
  , map3 (\x y z -> x + y + z) a b c
  , map4 (\x y z w -> x + y + z + w) a b c d
  , map5 (\x y z w v -> x + y + z + w + v) a b c d e )
