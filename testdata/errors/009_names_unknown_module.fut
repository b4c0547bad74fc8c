-- Unknown module: there is no module `Math`; the real one is `f32`.
-- ==
-- error: Unknown name "Math.sqrt"

def norm (v: [3]f32) : f32 =
  Math.sqrt (v[0]*v[0] + v[1]*v[1] + v[2]*v[2])
