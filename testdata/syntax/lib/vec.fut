-- A small vector module type and implementation, imported by corpus files.

-- | Vector spaces over f32.
module type vector = {
  type t
  val zero : t
  val +: t -> t -> t
  val scale : f32 -> t -> t
  val dot : t -> t -> f32
}

-- | Two-dimensional vectors.
module vec2 : vector with t = (f32, f32) = {
  type t = (f32, f32)
  def zero : t = (0.0, 0.0)
  def scale (k: f32) (a: t) : t = (k * a.0, k * a.1)
  def dot (a: t) (b: t) : f32 = a.0 * b.0 + a.1 * b.1
  -- Defined last, so the definitions above still see the built-in +.
  def (a: t) + (b: t) : t = (a.0 f32.+ b.0, a.1 f32.+ b.1)
}
