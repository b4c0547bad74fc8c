-- description: swapping tuple components every iteration of a loop.
-- ==
-- input { 3 1 2 } output { 2 1 }
-- input { 4 1 2 } output { 1 2 }

def main (n: i32) (a: i32) (b: i32) =
  loop (x, y) = (a, b) for _i < n do (y, x)
