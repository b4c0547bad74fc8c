-- description: local function definitions with `let f x = ...` inside a function body.
-- ==
-- input { [1, 2, 3] 2 } output { [3, 6, 11] }
-- input { [-1, 0] -1 } output { [0, -1] }

def main (xs: []i32) (c: i32) =
  let poly x = x * x + c
  in map poly xs
