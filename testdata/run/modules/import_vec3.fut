-- description: importing a library file by relative path and using its functions unqualified.
-- ==
-- input { 1.0 0.0 0.0 0.0 1.0 0.0 } output { 0.0 0.0 1.0 0.0 }
-- input { 1.0 2.0 3.0 4.0 5.0 6.0 } output { -3.0 6.0 -3.0 32.0 }

import "lib/vec3"

def main (ax: f64) (ay: f64) (az: f64) (bx: f64) (by: f64) (bz: f64) =
  let a = vec ax ay az
  let b = vec bx by bz
  let c = cross a b
  in (c.x, c.y, c.z, dot a b)
