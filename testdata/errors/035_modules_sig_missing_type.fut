-- Signature mismatch: the signature requires an abstract type `elem` the module lacks.
-- ==
-- error: Module does not define a type named elem

module type container = {
  type elem
  val size: i64
}

module bytes : container = {
  type el = u8
  def size = 16i64
}
