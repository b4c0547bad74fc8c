-- The Mandelbrot set: per pixel, how many iterations of z := z*z + c stay
-- within radius 2 (at most `limit`). Compute-bound: no memory traffic but
-- the result.
-- ==
-- entry: main
-- input { 1i64 1i64 100i32 } output { [[1i32]] }
-- notest input { 4096i64 4096i64 255i32 }
-- entry: point
-- input { 0f32 0f32 100i32 } output { 100i32 }
-- input { 2f32 0f32 100i32 } output { 2i32 }
-- input { 3f32 0f32 100i32 } output { 1i32 }

def escape (limit: i32) (cx: f32) (cy: f32) : i32 =
  let (_, _, i) =
    loop (x, y, i) = (0f32, 0f32, 0i32) while i < limit && x * x + y * y <= 4 do
      (x * x - y * y + cx, 2 * x * y + cy, i + 1)
  in i

entry point (cx: f32) (cy: f32) (limit: i32) : i32 = escape limit cx cy

-- The window [-2, 1] x [-1.5, 1.5], `h` rows of `w` pixels.
entry main (w: i64) (h: i64) (limit: i32) : [h][w]i32 =
  map (\j ->
         map (\i -> escape limit (-2 + 3 * f32.i64 i / f32.i64 w)
                                 (-1.5 + 3 * f32.i64 j / f32.i64 h))
             (iota w))
      (iota h)
