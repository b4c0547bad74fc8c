-- description: functional record update `r with f = v`, leaving the original intact.
-- ==
-- input { 1 2 } output { 1 2 10 2 }

def main (a: i32) (b: i32) =
  let r = {x = a, y = b}
  let s = r with x = 10
  in (r.x, r.y, s.x, s.y)
