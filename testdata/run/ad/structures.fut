-- description: derivatives through sum types, histograms and scatter.
-- ==
-- entry: sums
-- input { 3.0f64 } output { 6.0f64 }
-- input { -2.0f64 } output { -1.0f64 }

-- ==
-- entry: histogram
-- input { [1.0f64, 2.0f64, 3.0f64] } output { [1.0f64, 10.0f64, 1.0f64] }

-- ==
-- entry: scattered
-- input { [1.0f64, 2.0f64] } output { [4.0f64, 6.0f64] }

type sign = #pos f64 | #neg f64

-- The derivative of the payload: y^2 above 0, -y below.
entry sums (x: f64) =
  let f (y: f64) : sign = if y > 0 then #pos (y * y) else #neg (-y)
  in match jvp f x 1
     case #pos d -> d
     case #neg d -> d

-- Bins 0, 1, 0 with the adjoint (1, 10): each element gets its bin's adjoint.
entry histogram (xs: [3]f64) = vjp (\v -> hist (+) 0 2 [0, 1, 0] v) xs [1, 10]

-- scatter of 2x into positions 1 and 2, then the sum weighted by 1, 2, 3:
-- the adjoint of x0 is 2 * 2 and of x1 is 2 * 3.
entry scattered (xs: [2]f64) =
  vjp (\v -> let a = scatter (replicate 3 0) [1, 2] (map (* 2) v)
             in a[0] + 2 * a[1] + 3 * a[2]) xs 1
