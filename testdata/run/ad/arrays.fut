-- description: jvp and vjp of functions over arrays, through map, reduce, scan, indexing and reshaping.
-- ==
-- entry: sum_squares
-- input { [1.0f64, 2.0f64, 3.0f64] } output { [2.0f64, 4.0f64, 6.0f64] }
-- input { empty([0]f64) } output { empty([0]f64) }

-- ==
-- entry: product
-- input { [2.0f64, 3.0f64, 4.0f64] } output { [12.0f64, 8.0f64, 6.0f64] }

-- ==
-- entry: cubes
-- input { [1.0f64, 2.0f64] [1.0f64, 1.0f64] } output { [3.0f64, 12.0f64] }
-- input { [1.0f64, 2.0f64] [0.0f64, 2.0f64] } output { [0.0f64, 24.0f64] }

-- ==
-- entry: prefix_sums
-- input { [1.0f64, 2.0f64, 3.0f64] [1.0f64, 0.0f64, 1.0f64] } output { [1.0f64, 1.0f64, 2.0f64] }

-- ==
-- entry: matvec
-- input { [5.0f64, 6.0f64] [1.0f64, 1.0f64] } output { [4.0f64, 6.0f64] }
-- input { [5.0f64, 6.0f64] [1.0f64, 0.0f64] } output { [1.0f64, 2.0f64] }

-- ==
-- entry: maximum
-- input { [1.0f64, 5.0f64, 3.0f64] } output { [0.0f64, 1.0f64, 0.0f64] }

-- ==
-- entry: indexed
-- input { [1.0f64, 2.0f64, 3.0f64] } output { [0.0f64, 3.0f64, 2.0f64] }

-- ==
-- entry: matrix
-- input { [[1.0f64, 2.0f64], [3.0f64, 4.0f64]] } output { [[2.0f64, 4.0f64], [6.0f64, 8.0f64]] }

-- The gradient of sum (x^2) is 2x.
entry sum_squares (xs: []f64) = vjp (\ys -> f64.sum (map (\y -> y * y) ys)) xs 1

-- The gradient of a product is, for each x, the product of the others.
entry product (xs: []f64) = vjp f64.product xs 1

-- map (x^3) has the diagonal Jacobian 3x^2.
entry cubes [n] (xs: [n]f64) (dxs: [n]f64) = jvp (map (\x -> x * x * x)) xs dxs

-- A prefix sum is linear: its derivative is the prefix sum of the tangent.
entry prefix_sums [n] (xs: [n]f64) (dxs: [n]f64) = jvp (scan (+) 0) xs dxs

-- For A x with A = [[1, 2], [3, 4]], vjp gives A^T y'.
entry matvec [n] (x: [n]f64) (ybar: [n]f64) =
  let a = [[1, 2], [3, 4]] :> [n][n]f64
  in vjp (\v -> map (\row -> f64.sum (map2 (*) row v)) a) x ybar

-- The maximum depends only on the largest element.
entry maximum (xs: []f64) = vjp (\ys -> reduce f64.max f64.lowest ys) xs 1

-- d (x1 * x2) = (0, x2, x1).
entry indexed (xs: []f64) = vjp (\ys -> ys[1] * ys[2]) xs 1

-- The gradient of the sum of squares of a matrix is 2m.
entry matrix (m: [][]f64) = vjp (\a -> f64.sum (map (\x -> x * x) (flatten a))) m 1
