-- description: nested tuples and nested tuple patterns.
-- ==
-- input { 1 2 3 4 } output { 10 2 3 }
-- input { -1 -2 -3 -4 } output { -10 -2 -3 }

def main (a: i32) (b: i32) (c: i32) (d: i32) =
  let ((w, x), (y, z)) = ((a, b), (c, d))
  let nested = ((w, x), y)
  in (w + x + y + z, nested.0.1, nested.1)
