-- An abstract type with a size parameter must use that size as an array
-- size in its definition; here it only appears inside a size expression.
-- ==
-- error: not used constructively

module grid : {
  type cells [w] [h]
  val blank : (w: i64) -> (h: i64) -> cells [w] [h]
} = {
  type cells [w] [h] = [w * h]u8
  def blank (w: i64) (h: i64) : cells [w] [h] = replicate (w * h) 0u8
}
