-- Qualified names from the prelude modules: f32.sqrt, i64.max, etc.

-- | Euclidean length of a 2D vector.
def norm (x: f32) (y: f32) : f32 = f32.sqrt (x * x + y * y)

def clamp (lo: i64) (hi: i64) (x: i64) : i64 = i64.max lo (i64.min hi x)

def circle_area (r: f64) : f64 = f64.pi * r * r

entry stats (xs: []f32) : (f32, f32, f32) =
  ( f32.maximum xs
  , f32.minimum xs
  , f32.sum xs / f32.i64 (length xs)
  )

entry clamp_all (xs: []i64) : []i64 = map (clamp 0 100) xs

entry misc (x: f32) : (f32, i32, f64, i32) =
  (norm x 4.0, i32.abs (-7), circle_area 2.0, u32.popc 0xFFu32)
