-- Parametric modules (functors): module F (P: S) = { ... }.

module type field = {
  type t
  val zero : t
  val +: t -> t -> t
  val *: t -> t -> t
}

-- | Linear algebra over any field.
module linalg (F: field) = {
  type t = F.t
  def dot [n] (xs: [n]t) (ys: [n]t) : t = reduce (F.+) F.zero (map2 (F.*) xs ys)
  def matvec [n][m] (a: [n][m]t) (v: [m]t) : [n]t = map (\row -> dot row v) a
}

module f64_field = {
  type t = f64
  def zero = 0.0f64
  def (+) (a: f64) (b: f64) = a f64.+ b
  def (*) (a: f64) (b: f64) = a f64.* b
}

module la = linalg f64_field

entry main [n][m] (a: [n][m]f64) (v: [m]f64) : [n]f64 = la.matvec a v

entry dot [n] (xs: [n]f64) (ys: [n]f64) : f64 = la.dot xs ys
