-- A realistic program: rendering the Mandelbrot set to packed RGB pixels.

-- | Minimal complex-number arithmetic.
module complex = {
  type t = (f32, f32)

  def mk (re: f32) (im: f32) : t = (re, im)
  def re (z: t) : f32 = z.0
  def im (z: t) : f32 = z.1
  def add (a: t) (b: t) : t = (a.0 + b.0, a.1 + b.1)
  def mul (a: t) (b: t) : t = (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
  def mag2 (z: t) : f32 = z.0 * z.0 + z.1 * z.1
}

-- | The region of the complex plane being rendered.
type view = {x0: f32, y0: f32, x1: f32, y1: f32}

-- | Escape-time iteration count for one point, capped at `limit`.
def divergence (limit: i32) (c: complex.t) : i32 =
  let (_, i) =
    loop (z, i) = (c, 0) while i < limit && complex.mag2 z < 4.0 do
      (complex.add c (complex.mul z z), i + 1)
  in i

-- | Smooth the iteration count into [0, 1].
def smooth (limit: i32) (i: i32) : f32 =
  if i >= limit then 1.0 else f32.i32 i / f32.i32 limit

-- | Map a normalised value to one of a few palette entries.
def palette (t: f32) : (u8, u8, u8) =
  let band = i32.f32 (t * 5.0)
  in match band
     case 0 -> (0, 7, 100)
     case 1 -> (32, 107, 203)
     case 2 -> (237, 255, 255)
     case 3 -> (255, 170, 0)
     case 4 -> (100, 50, 0)
     case _ -> (0, 0, 0)

-- | Pack a colour into a 32-bit integer 0x00RRGGBB.
def pack ((r, g, b): (u8, u8, u8)) : u32 =
  (u32.u8 r << 16) | (u32.u8 g << 8) | u32.u8 b

-- | The complex coordinate of pixel (row, col).
def pixel_coord (h: i64) (w: i64) (v: view) (row: i64) (col: i64) : complex.t =
  let fx = f32.i64 col / f32.i64 w
  let fy = f32.i64 row / f32.i64 h
  in complex.mk (v.x0 + fx * (v.x1 - v.x0)) (v.y0 + fy * (v.y1 - v.y0))

-- | Iteration counts for the whole image.
def mandelbrot (h: i64) (w: i64) (limit: i32) (v: view) : [h][w]i32 =
  tabulate_2d h w (\row col -> divergence limit (pixel_coord h w v row col))

-- | Render packed pixels for a view.
entry render (h: i64) (w: i64) (limit: i32) (x0: f32) (y0: f32) (x1: f32) (y1: f32) : [h][w]u32 =
  let v = {x0, y0, x1, y1}
  in mandelbrot h w limit v
     |> map (map (\i -> pack (palette (smooth limit i))))

-- | Fraction of pixels inside the set, for a quick numeric check.
entry inside_fraction (h: i64) (w: i64) (limit: i32) : f32 =
  let counts = mandelbrot h w limit {x0 = -2.0, y0 = -1.5, x1 = 1.0, y1 = 1.5}
  let inside = flatten counts |> map (\i -> if i >= limit then 1 else 0) |> i32.sum
  in f32.i32 inside / f32.i64 (h * w)

-- | Escape counts along the real axis.
entry real_axis (n: i64) (limit: i32) : [n]i32 =
  map (\i -> divergence limit (complex.mk (-2.0 + 3.0 * f32.i64 i / f32.i64 n) 0.0)) (iota n)
