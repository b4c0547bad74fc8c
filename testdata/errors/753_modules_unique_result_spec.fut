-- The module type promises a fresh (unique) array, but the module returns
-- its argument, which is shared.
-- ==
-- error: Uniqueness does not match

module type copier = {
  val dup [n] : [n]f32 -> *[n]f32
}

module lazy_copier : copier = {
  def dup [n] (xs: [n]f32) : [n]f32 = xs
}
