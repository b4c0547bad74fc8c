-- description: lengths of strided slices: ceil((j - i) / s) elements.
-- ==
-- input { 10i64 } output { 3i64 3i64 5i64 0i64 }
-- input { 6i64 } output { 2i64 2i64 3i64 0i64 }

def main (n: i64) =
  let xs = iota n
  in (length xs[1:n:3], length xs[0:n:4], length xs[n - 1:0:-2], length xs[5:5])
