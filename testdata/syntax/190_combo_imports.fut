-- Mixing plain imports, qualified imports and opened modules from sibling files.

import "lib/util"

module U = import "lib/util"
module V = import "lib/vec"

open V

-- | Unqualified names come from the plain import; qualified ones from U.
def norm_sq (xs: []i32) : i32 = sum (map square xs) + U.square 0

-- | vec2 is reachable unqualified because V is opened.
def length2 (x: f32) (y: f32) : f32 = vec2.dot (x, y) (x, y)

entry main (xs: []i32) (x: f32) (y: f32) : (i32, f32, f32) =
  (norm_sq xs, length2 x y, clamp 0.0 1.0 (U.clamp (-1.0) 2.0 x))
