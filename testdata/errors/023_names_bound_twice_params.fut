-- Name bound twice: both function parameters are called `x`.
-- ==
-- error: Name "x" also bound

def lerp (x: f32) (x: f32) (t: f32) : f32 =
  x + (x - x) * t
