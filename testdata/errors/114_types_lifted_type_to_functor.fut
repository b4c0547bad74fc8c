-- Lifted vs unlifted: a functor parameter's `type t` cannot be a function type.
-- ==
-- error: requires a non-lifted type

module type endo = {
  type t
  val step: t -> t
}

module repeat (E: endo) = {
  def twice (x: E.t) = E.step (E.step x)
}

module bad = repeat {
  type^ t = f32 -> f32
  def step (f: t) : t = \x -> f (f x)
}
