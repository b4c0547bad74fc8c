-- Module types that require submodules: module N: S2 inside a spec.

module type point = { type t val origin : t val dist : t -> t -> f32 }

-- | A space must provide a point submodule.
module type space = {
  module P: point
  val dimension : i32
  val centre : P.t
}

module plane : space = {
  module P = {
    type t = (f32, f32)
    def origin : t = (0.0, 0.0)
    def dist (a: t) (b: t) : f32 = f32.sqrt ((a.0 - b.0) ** 2.0 + (a.1 - b.1) ** 2.0)
  }
  def dimension = 2i32
  def centre = P.origin
}

-- | A functor using the nested submodule.
module measure (S: space) = {
  def from_centre (p: S.P.t) : f32 = S.P.dist S.centre p
}

module m = measure plane

entry main : (i32, f32) = (plane.dimension, plane.P.dist plane.centre plane.P.origin)
