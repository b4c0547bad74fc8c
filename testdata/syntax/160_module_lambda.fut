-- Anonymous parametric modules written as module lambdas: \(P: S) -> M.

module type scalar = { type t val two : t val *: t -> t -> t }

-- | A functor bound with an explicit module lambda.
module doubler = \(S: scalar) -> {
  def double (x: S.t) : S.t = S.two S.* x
}

-- | A module lambda with a result signature.
module tripler = \(S: scalar) : ({ val triple : S.t -> S.t }) -> {
  def triple (x: S.t) : S.t = (S.two S.* x) S.* x
}

module f32_scalar = { type t = f32 def two = 2.0f32 def (*) (a: f32) (b: f32) = a f32.* b }

module d = doubler f32_scalar
module t = tripler f32_scalar

entry main (x: f32) : (f32, f32) = (d.double x, t.triple x)
