-- Derivatives through loops, branches, in-place updates and nesting.

-- x^n by a loop: n x^(n-1).
-- ==
-- entry: power
-- input { 2.0 5i32 } output { 80.0 80.0 }
entry power (x: f64) (n: i32) =
  let f y = loop acc = 1 for _i < n do acc * y
  in (jvp f x 1, vjp f x 1)

-- A while loop whose state gains a tangent in its body.
-- ==
-- entry: halving
-- input { 10.0 } output { 0.00000625 }
entry halving (x: f64) =
  jvp (\y -> (loop (v, k) = (1.0, 0) while k < 4 do (v * y / 20, k + 1)).0 / y ** 3) x 1

-- A branch on the point's value.
-- ==
-- entry: relu
-- input { 2.0 } output { 1.0 }
-- input { -2.0 } output { 0.0 }
entry relu (x: f64) = vjp (\y -> if y > 0 then y else 0) x 1

-- In-place updates in a loop.
-- ==
-- entry: update
-- input { [1.0, 2.0, 3.0] } output { [3.0, 3.0, 3.0] }
entry update [n] (xs: [n]f64) =
  let f (ys: [n]f64) =
    let acc = replicate n 0
    let acc = loop acc for i < n do acc with [i] = ys[i] * 3
    in f64.sum acc
  in vjp f xs 1

-- A derivative of a derivative, by nesting both modes.
-- ==
-- entry: nested
-- input { 0.5 } output { -0.479425538604203 -0.479425538604203 }
entry nested (x: f64) =
  let d y = jvp f64.sin y 1
  in (jvp d x 1, vjp d x 1)

-- A function of a record; integers carry tangents too.
-- ==
-- entry: record
-- input { 3.0 4i32 } output { 4.0 3.0 8i32 }
entry record (a: f64) (k: i32) =
  let f (r: {a: f64, k: i32}) = (r.a * 4, r.k * r.k)
  let (da, _) = jvp f {a, k = 0} {a = 1, k = 0}
  let (_, dk) = jvp f {a = 0, k} {a = 0, k = 1}
  in (da, a, dk)
