-- Functor applied to wrong module: `apply` has the wrong result type for the parameter signature.
-- ==
-- error: Types[[:space:]]+f32[[:space:]]+and[[:space:]]+bool[[:space:]]+do not match

module type fn = {
  val apply: f32 -> f32
}

module mapper (F: fn) = {
  def run (xs: []f32) = map F.apply xs
}

module half = { def apply (x: f32) : bool = x > 0.5 }
module m = mapper half
