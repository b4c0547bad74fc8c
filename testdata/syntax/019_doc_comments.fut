-- Multi-line documentation comments before value and type declarations.

-- | A two-dimensional point.
--
-- The fields are single-precision floats.
type point = {x: f32, y: f32}

-- | The origin of the coordinate system.
def origin : point = {x = 0.0, y = 0.0}

-- | Squared Euclidean distance between two points.
--
-- This avoids the square root, which makes it cheaper
-- when only comparisons are needed.
def dist2 (a: point) (b: point) : f32 =
  let dx = a.x - b.x
  let dy = a.y - b.y
  in dx * dx + dy * dy

-- | Index of the point closest to the origin.
--
-- Returns -1 for an empty array.
entry closest (xs: []f32) (ys: []f32) : i64 =
  let ds = map2 (\x y -> dist2 origin {x, y}) xs ys
  let (_, i) = reduce (\(d1, i1) (d2, i2) -> if d1 <= d2 then (d1, i1) else (d2, i2))
                      (f32.inf, -1) (zip ds (indices ds))
  in i
