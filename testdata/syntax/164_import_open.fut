-- 'open import' to re-export an imported file, and import inside a module.

open import "lib/util"

module vecs = {
  -- An import nested inside a module body.
  import "lib/vec"
  def len (x: f32) (y: f32) : f32 = f32.sqrt (vec2.dot (x, y) (x, y))
}

entry main (xs: []i32) (x: f32) (y: f32) : (i32, f32) = (sum xs, vecs.len x y)
