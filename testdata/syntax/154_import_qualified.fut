-- Qualified imports: module M = import "file", accessed as M.name.

module util = import "lib/util"
module V = import "lib/vec"

-- | Names from the imported files are reached through the module names.
entry main (xs: []i32) : (i32, i32) = (util.sum xs, util.square (util.last xs))

entry vectors (x: f32) (y: f32) : f32 =
  let v = V.vec2.scale 2.0 (x, y)
  in V.vec2.dot v (V.vec2.(v + zero))
