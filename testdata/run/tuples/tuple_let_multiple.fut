-- description: several tuple bindings in sequence, each shadowing the previous names.
-- ==
-- input { 1 2 } output { 5 8 }
-- input { 0 0 } output { 0 2 }

def main (x: i32) (y: i32) =
  let (x, y) = (x + y, x * y)     -- 3, 2
  let (x, y) = (x + y, x * y)     -- 5, 6
  let (x, y) = (x, y + 2)         -- 5, 8
  in (x, y)
