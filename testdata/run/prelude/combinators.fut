-- description: flip, curry, uncurry, const and id from the prelude.
-- ==
-- entry: combs
-- input { 10 3 } output { -7 13 30 42 10 }

entry combs (a: i32) (b: i32) =
  ( flip (-) a b
  , curry (\(x, y) -> x + y) a b
  , uncurry (*) (a, b)
  , const 42 a
  , id a )
