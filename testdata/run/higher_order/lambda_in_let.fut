-- description: lambdas bound with let, shadowing and used several times.
-- ==
-- input { 4 } output { 16 64 }
-- input { -3 } output { 9 -27 }

def main (x: i32) =
  let sq = \y -> y * y
  let a = sq x
  let sq = \y -> y * y * y
  in (a, sq x)
