-- Signature mismatch: `scale` is specified on f32 but defined on f64.
-- ==
-- error: Module type specifies[[:space:]]+val scale

module type scaler = {
  val scale: f32 -> f32
}

module double : scaler = {
  def scale (x: f64) : f64 = x * 2
}
