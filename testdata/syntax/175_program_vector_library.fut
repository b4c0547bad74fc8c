-- A realistic program: a vector library built from module types and functors.

-- | Scalar fields supporting the usual arithmetic.
module type field = {
  type t
  val zero : t
  val one : t
  val +: t -> t -> t
  val -: t -> t -> t
  val *: t -> t -> t
  val /: t -> t -> t
  val sqrt : t -> t
  val from_i64 : i64 -> t
}

-- | Operations on fixed-size vectors.
module type vector = {
  -- | The scalar type.
  type scalar
  -- | Vectors of length n.
  type vec [n]
  val zeros : (n: i64) -> vec [n]
  val add [n] : vec [n] -> vec [n] -> vec [n]
  val scale [n] : scalar -> vec [n] -> vec [n]
  val dot [n] : vec [n] -> vec [n] -> scalar
  val norm [n] : vec [n] -> scalar
  val normalise [n] : vec [n] -> vec [n]
}

-- | Build a vector module from any field.
module mk_vector (F: field) : vector with scalar = F.t with vec [n] = [n]F.t = {
  type scalar = F.t
  type vec [n] = [n]F.t

  def zeros (n: i64) : [n]F.t = replicate n F.zero
  def add [n] (a: [n]F.t) (b: [n]F.t) : [n]F.t = map2 (F.+) a b
  def scale [n] (k: F.t) (a: [n]F.t) : [n]F.t = map (k F.*) a
  def dot [n] (a: [n]F.t) (b: [n]F.t) : F.t = reduce (F.+) F.zero (map2 (F.*) a b)
  def norm [n] (a: [n]F.t) : F.t = F.sqrt (dot a a)
  def normalise [n] (a: [n]F.t) : [n]F.t =
    let l = norm a
    in map (\x -> x F./ l) a
}

-- | Field instances for the two float types.
module f32_field : field with t = f32 = {
  type t = f32
  def zero = 0.0f32
  def one = 1.0f32
  def (+) = (f32.+)
  def (-) = (f32.-)
  def (*) = (f32.*)
  def (/) = (f32./)
  def sqrt = f32.sqrt
  def from_i64 = f32.i64
}

module f64_field : field with t = f64 = {
  type t = f64
  def zero = 0.0f64
  def one = 1.0f64
  def (+) (a: f64) (b: f64) = a f64.+ b
  def (-) (a: f64) (b: f64) = a f64.- b
  def (*) (a: f64) (b: f64) = a f64.* b
  def (/) (a: f64) (b: f64) = a f64./ b
  def sqrt = f64.sqrt
  def from_i64 = f64.i64
}

module v32 = mk_vector f32_field
module v64 = mk_vector (f64_field)

-- | Gram-Schmidt style projection of b onto the orthogonal complement of a.
module geometry (V: vector) (F: field with t = V.scalar) = {
  def reject [n] (a: V.vec [n]) (b: V.vec [n]) : V.vec [n] =
    let k = (V.dot a b) F./ (V.dot a a)
    in V.add b (V.scale (F.zero F.- k) a)
}

module geo32 = geometry v32 f32_field

entry norms [n] (xs: [n]f32) (ys: [n]f64) : (f32, f64) = (v32.norm xs, v64.norm ys)

entry unit [n] (xs: [n]f32) : [n]f32 = v32.normalise xs

entry reject [n] (a: [n]f32) (b: [n]f32) : ([n]f32, f32) =
  let r = geo32.reject a b
  in (r, v32.dot a r)

entry combine [n] (a: [n]f64) (b: [n]f64) : [n]f64 = v64.add (v64.scale 2.0 a) (v64.add b (v64.zeros n))
