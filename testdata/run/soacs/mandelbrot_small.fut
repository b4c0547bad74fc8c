-- description: escape-time iteration counts for a tiny Mandelbrot grid (map over points, while loop per point).
-- ==
-- input { 3i64 4i64 20 } output { [[1, 2, 3, 2], [20, 20, 20, 7], [1, 2, 3, 2]] }

def escape (limit: i32) (cr: f64) (ci: f64) =
  let (_, _, i) =
    loop (zr, zi, i) = (0f64, 0f64, 0) while i < limit && zr * zr + zi * zi <= 4 do
      (zr * zr - zi * zi + cr, 2 * zr * zi + ci, i + 1)
  in i

def main (rows: i64) (cols: i64) (limit: i32) =
  map (\r -> map (\c ->
         let cr = -2 + 3 * f64.i64 c / f64.i64 (cols - 1) * 0.8
         let ci = -1.2 + 2.4 * f64.i64 r / f64.i64 (rows - 1)
         in escape limit cr ci) (iota cols)) (iota rows)
