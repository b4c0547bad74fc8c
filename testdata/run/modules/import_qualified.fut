-- description: importing a file as a module with `module V = import "..."` and qualified access.
-- ==
-- input { 3.0 4.0 } output { 5.0 10.0 }

module V = import "lib/vec3"

def main (x: f64) (y: f64) =
  let v = V.vec x y 0
  in (V.norm v, V.norm (V.scale 2 v))
