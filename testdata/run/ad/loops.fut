-- description: derivatives through every loop form and in-place updates.
-- ==
-- entry: power
-- input { 2.0f64 } output { 80.0f64 80.0f64 }

-- ==
-- entry: squaring
-- input { 3.0f64 } output { 6561.0f64 17496.0f64 }

-- ==
-- entry: weighted
-- input { 4.0f64 } output { 6.0f64 }

-- ==
-- entry: doubling
-- input { [1.0f64, 2.0f64] } output { [8.0f64, 8.0f64] }

-- ==
-- entry: update
-- input { 3.0f64 } output { 6.0f64 }

-- x^5 by a for loop: 5x^4.
entry power (x: f64) =
  let f (y: f64) = loop acc = 1 for _i < 5 do acc * y
  in (jvp f x 1, vjp f x 1)

-- Squaring until 100 is passed: from 3 that is 3^8, whose derivative is 8 * 3^7.
entry squaring (x: f64) =
  jvp2 (\y -> loop z = y while z < 100 do z * z) x 1

-- sum of c * x over c in [1, 2, 3]: the derivative is 6.
entry weighted (x: f64) = jvp (\y -> loop acc = 0 for c in [1, 2, 3] do acc + c * y) x 1

-- Three doublings: every element's adjoint is 8.
entry doubling (xs: []f64) =
  vjp (\ys -> f64.sum (loop zs = copy ys for _i < 3 do map (* 2) zs)) xs 1

-- A value written in place into an array, then summed: d (x^2) = 2x.
entry update (x: f64) =
  vjp (\y -> let a = replicate 3 0f64
             let a[1] = y * y
             in f64.sum a) x 1
