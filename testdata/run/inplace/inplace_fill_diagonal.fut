-- description: writing the diagonal of a fresh matrix with a loop of 2D updates.
-- ==
-- input { 3i64 7 } output { [[7, 0, 0], [0, 7, 0], [0, 0, 7]] }
-- input { 1i64 -1 } output { [[-1]] }

def main (n: i64) (v: i32) =
  loop m = replicate n (replicate n 0) for i < n do m with [i, i] = v
