-- Functor parameters with anonymous module types: (P: {type t val x: t}).

-- | The parameter's signature is written inline.
module pairer (P: {type t}) = {
  type pair = (P.t, P.t)
  def dup (x: P.t) : pair = (x, x)
}

module with_default (D: {type t val default: t}) = {
  def or_default (b: bool) (x: D.t) : D.t = if b then x else D.default
}

module int_pairer = pairer { type t = i32 }

module float_default = with_default { type t = f32 def default = -1.0f32 }

entry main (x: i32) (y: f32) (b: bool) : ((i32, i32), f32) =
  (int_pairer.dup x, float_default.or_default b y)
