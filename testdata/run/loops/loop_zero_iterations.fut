-- description: loops with zero iterations return the initial state unchanged.
-- ==
-- input { [7, 8] } output { [7, 8] 5 }

def main (xs: []i32) =
  let a = loop a = xs for _i < 0 do map (+ 1) a
  let b = loop b = 5 while false do b + 1
  in (a, b)
