-- A module type whose value has a size-lifted abstract type: a module that
-- defines the type as an array of unknown size leaves the value's size
-- nowhere to come from.
-- ==
-- error: Type substitution in "origin" results in a top-level size

module type path = {
  type~ points
  val origin : points
  val extend : points -> f32 -> points
}

module flat_path : path = {
  type~ points = []f32
  def origin : points = [0f32]
  def extend (ps: points) (x: f32) : points = ps ++ [x]
}
