-- description: `open import "..."` inside a module, and `local open` to use names without re-exporting them.
-- ==
-- input { 1.0 2.0 2.0 } output { 3.0 9.0 }

module physics = {
  local open import "lib/vec3"
  def speed (x: f64) (y: f64) (z: f64) = norm (vec x y z)
  def energy (x: f64) (y: f64) (z: f64) = dot (vec x y z) (vec x y z)
}

def main (x: f64) (y: f64) (z: f64) = (physics.speed x y z, physics.energy x y z)
