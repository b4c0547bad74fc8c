-- description: a function returning a pair of closures sharing a captured value.
-- ==
-- input { 3 10 } output { 13 7 }

def offsetters (k: i32) = (\x -> x + k, \x -> x - k)

def main (k: i32) (x: i32) =
  let (up, down) = offsetters k
  in (up x, down x)
