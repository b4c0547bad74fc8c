-- description: a closure captures the binding visible where it is defined; later shadowing does not affect it.
-- ==
-- input { 1 } output { 2 101 }
-- input { -1 } output { 0 99 }

def main (y: i32) =
  let x = 1
  let f = \v -> x + v
  let x = 100
  let g = \v -> x + v
  in (f y, g y)
