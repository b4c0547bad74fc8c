-- description: loop counters of type i32 and i64 used to index arrays (indices may be any integer type).
-- ==
-- input { [1, 2, 3] } output { 6 6 }
-- input { empty([0]i32) } output { 0 0 }

def main [n] (xs: [n]i32) =
  let a = loop s = 0 for i < i32.i64 n do s + xs[i]
  let b = loop s = 0 for i < n do s + xs[i]
  in (a, b)
