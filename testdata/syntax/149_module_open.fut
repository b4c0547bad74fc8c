-- Opening modules with 'open' at top level and inside modules.

module shapes = {
  def square (x: f32) : f32 = x * x
  def cube (x: f32) : f32 = x * x * x
  def pi_val : f32 = 3.14159
}

-- | Top-level open makes all names of shapes available unqualified.
open shapes

def sphere_volume (r: f32) : f32 = 4.0 / 3.0 * pi_val * cube r

module area = {
  open shapes
  def circle (r: f32) : f32 = pi_val * square r
}

entry main (r: f32) : (f32, f32, f32) = (square r, sphere_volume r, area.circle r)
