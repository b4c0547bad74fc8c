-- The module's function consumes its argument, which the module type does
-- not allow.
-- ==
-- error: Uniqueness does not match

module type updater = {
  val bump [n] : [n]i32 -> [n]i32
}

module in_place : updater = {
  def bump [n] (xs: *[n]i32) : *[n]i32 = xs with [0] = xs[0] + 1
}
