-- Signature mismatch: the signature's `box` takes a type parameter, the module's does not.
-- ==
-- error: but module type requires

module type boxing = {
  type box 'a
  val unit: i32
}

module impl : boxing = {
  type box = (i32, i32)
  def unit = 0i32
}
