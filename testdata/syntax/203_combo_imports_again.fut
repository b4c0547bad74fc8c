-- More imports: local open import, qualified import modules and re-export through a module.

local open import "lib/vec"

module Util = import "lib/util"

-- | A module that re-exports the utility file under a new name.
module tools = {
  open import "lib/util"
  def sum_squares (xs: []i32) : i32 = sum (map square xs)
}

entry main (xs: []i32) (x: f32) : (i32, i32, f32) =
  (tools.sum_squares xs, Util.last xs, vec2.dot (x, x) (vec2.scale 2.0 (x, 1.0)))
