-- 'local open' brings names into scope without re-exporting them.

module math = {
  def sq (x: f64) : f64 = x * x
  def hyp (a: f64) (b: f64) : f64 = f64.sqrt (sq a + sq b)
}

module geometry = {
  -- Names from math are visible here but not exported from geometry.
  local open math
  def distance (x0: f64) (y0: f64) (x1: f64) (y1: f64) : f64 = hyp (x1 - x0) (y1 - y0)
  def norm2 (x: f64) (y: f64) : f64 = sq x + sq y
}

local open math

entry main (x: f64) (y: f64) : (f64, f64, f64) =
  (geometry.distance 0.0 0.0 x y, geometry.norm2 x y, hyp x y)
