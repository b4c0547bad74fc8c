-- description: a polymorphic swap on pairs and its use on different element types.
-- ==
-- input { 1 true } output { true 1 2.5 -3i64 }

def swap 'a 'b ((x, y): (a, b)) : (b, a) = (y, x)

def main (a: i32) (b: bool) =
  let (p, q) = swap (a, b)
  let (r, s) = swap (-3i64, 2.5f64)
  in (p, q, r, s)
