-- description: solving a small linear system by Gaussian elimination with partial pivoting, in loops with in-place row updates.
-- ==
-- input { [[2.0, 1.0, -1.0], [-3.0, -1.0, 2.0], [-2.0, 1.0, 2.0]] [8.0, -11.0, -3.0] } output { [2.0, 3.0, -1.0] }
-- input { [[0.0, 1.0], [1.0, 0.0]] [5.0, 7.0] } output { [7.0, 5.0] }

def main [n] (a0: [n][n]f64) (b0: [n]f64) : [n]f64 =
  let (a, b) =
    loop (a, b) = (copy a0, copy b0) for k < n do
      -- Pick the pivot row with the largest magnitude in column k.
      let p = (reduce (\(i, x) (j, y) -> if x >= y then (i, x) else (j, y)) (k, -1)
                      (map (\i -> (i, if i < k then -1 else f64.abs a[i, k])) (iota n))).0
      let rk = copy a[k]
      let rp = copy a[p]
      let a[k] = rp
      let a[p] = rk
      let bk = b[k]
      let b[k] = b[p]
      let b[p] = bk
      let piv = copy a[k]
      let bpiv = b[k]
      let factors = map (\i -> if i > k then a[i, k] / piv[k] else 0) (iota n)
      let a = map2 (\row f -> map2 (\x y -> x - f * y) row piv) a factors
      let b = map2 (\x f -> x - f * bpiv) b factors
      in (a, b)
  let x = replicate n 0f64
  in loop x for j < n do
       let i = n - 1 - j
       let s = reduce (+) 0 (map2 (*) a[i] x)
       in x with [i] = (b[i] - s) / a[i, i]
