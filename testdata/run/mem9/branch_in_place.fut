-- Both branches update the same array in place: the branch's result is
-- that array's memory, and the array is built directly in row 1 of the
-- destination; only the doubled row needs memory of its own.
-- ==
-- input { [[[1,1],[1,1]],[[2,2],[2,2]]] [3,4] }
-- output { [[[1,1],[1,1]],[[0,0],[6,8]]] }
-- structure seq-mem { Alloc 1 }

def main [n] (y: *[n][n][n]i32) (a: [n]i32) : *[n][n][n]i32 =
  let z = replicate n (replicate n 0)
  let d = map (* 2) a
  let z2 = if n > 3 then (let z[0] = d in z) else (let z[1] = d in z)
  let y[1] = z2
  in y
